# The Great Galumphus's text and sound on the device: the lines each phase shows
# (made once per view, never per click), the key labels and hints (made once at
# import), and each design's tune, worked out from its number.

from parlour_rules.cards import GAL_CODES, GAL_NAMES

from ...ui.caches import Numbered
from ...ui.frame import GREEN, RED, WHITE, YELLOW
from ...ui.lines import clip

try:
    from typing import Any, Dict, List, Tuple
except ImportError:
    pass

K_PASS = 8          # PASS (and END when a quiet pass of the pack offers it)
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_SHORT = const(5)           # a name as it shows beside a card or a claim
SEAT_KEYS = 8       # keys 0..7 are the seats (G-4: one seat key per player)

# A pentatonic scale (C D E G A): a design's tune is four notes of it, picked and
# moved up an octave by the bits of a number stepped from the design's own, so the
# fifteen tunes differ (tests/device/test_screens_galumphus.py checks they all do).
_SCALE = (262, 294, 330, 392, 440)


def tune(card: int) -> "Tuple[Tuple[int, int], ...]":
    notes = []
    x = card * 7 + 3
    for i in range(4):
        x = (x * 5 + 1) % 32
        hertz = _SCALE[x % 5] << ((x >> 3) & 1)
        notes.append((hertz, 90 if i < 3 else 180))
    if card >= 11:     # a Star: a rest and its first note again, held
        notes.append((0, 60))
        notes.append((notes[0][0] * 2, 240))
    return tuple(notes)


def shorts(names: "List[str]") -> "List[str]":
    return [clip(name, _SHORT) for name in names]


def _labels(players: int, seat_label: str, pass_label: str, ok: str) -> "Tuple[str, ...]":
    out = []
    for key in range(SEAT_KEYS):
        out.append(seat_label if key < players else "")
    out.append(pass_label)
    out.append("Undo")
    out.append("Menu")
    out.append(ok)
    return tuple(out)


def chromes(players: int) -> "Dict[str, Tuple[str, Tuple[str, ...]]]":
    # (hint, key labels) by what the keys do now: made once per match.
    last = players - 1
    seats = "0-%d" % last
    return {
        "show": ("11:hide turn:page", _labels(players, "", "", "Hide")),
        "ready": ("11:call next card", _labels(players, "", "", "Call")),
        "end": ("11:call 8:END", _labels(players, "", "End", "Call")),
        "call": (seats + " claim 11:close", _labels(players, "Claim", "", "Close")),
        "lock": (seats + " whose 8:cancel", _labels(players, "Card", "Cancel", "")),
        "seat": (seats + ":whose card 8:pass", _labels(players, "Seat", "Pass", "")),
        "name": ("turn:design press:OK", _labels(players, "Seat", "Pass", "Name")),
        "anim": ("", _labels(players, "", "", "")),
    }


SECONDS = Numbered("%ds", 64)
PACK = Numbered("pack %d", 64)
_TUNES: "Dict[int, Tuple[Tuple[int, int], ...]]" = {}


def tune_of(card: int) -> "Tuple[Tuple[int, int], ...]":
    # Each design's tune worked out once a match, at its first call.
    found = _TUNES.get(card)
    if found is None:
        found = _TUNES[card] = tune(card)
    return found
CALLS = Numbered("Galumphus call %d", 64)


def result_line(v: "Dict[str, Any]", short: "List[str]", claim: "Dict[str, Any]"
                ) -> "Tuple[str, int]":
    # One claim of the last call as settled (G-5): right and wrong cards are shown
    # to all by the rules; a wrong privilege naming shows no card (G-7). One
    # format makes one string (each + would make another).
    result = claim["result"]
    card = claim["card"]
    by = short[claim["by"]]
    seat = short[claim["seat"]]
    if result == "void":
        return "%s>%s void" % (by, seat), YELLOW
    if card is None:
        return "%s>%s wrong" % (by, seat), RED
    return "%s>%s %s %s" % (by, seat, card, result), GREEN if result == "right" else RED


def seat_cards(short: "List[str]", pairs: "List[List[Any]]"
               ) -> "List[str]":
    # Shown cards as "Ann PUS  Ben CLI", two seats to a line.
    out = []
    for i in range(0, len(pairs), 2):
        first = pairs[i]
        if i + 1 < len(pairs):
            second = pairs[i + 1]
            out.append("%s %s  %s %s" % (short[first[0]], first[1], short[second[0]],
                                         second[1]))
        else:
            out.append("%s %s" % (short[first[0]], first[1]))
    return out


def row_text(v: "Dict[str, Any]", short: "List[str]", seat: int, cols: int) -> "List[str]":
    # One row face up (G-9): its designs of the target, then every card in the
    # order won, wrapped at a code's edge.
    head = "%s %d/%d:" % (short[seat], v["designs"][seat], v["target"])
    row = v["rows"][seat]
    if not row:
        return [head]
    out = []
    first = max(0, (cols - len(head)) // 4)      # codes beside the head
    out.append(head + " " + " ".join(row[:first]) if first else head)
    per = (cols - 1) // 4
    for i in range(first, len(row), per):
        out.append("  " + " ".join(row[i:i + per]))
    return out


class RowLines:
    # Every row's lines, each seat's made again only when its row changed (a
    # string made costs more on the board than anything else a redraw does).
    def __init__(self, cols: int) -> None:
        self.cols = cols
        self.kept: "Dict[int, Tuple[int, List[str]]]" = {}

    def lines(self, v: "Dict[str, Any]", short: "List[str]") -> "List[Tuple[str, int]]":
        out = []
        kept = self.kept
        for seat in range(v["players"]):
            size = len(v["rows"][seat])
            found = kept.get(seat)
            if found is None or found[0] != size:
                found = kept[seat] = (size, row_text(v, short, seat, self.cols))
            colour = YELLOW if seat == v["dealer"] else WHITE
            for text in found[1]:
                out.append((text, colour))
        return out


def name_of(code: str) -> str:
    return GAL_NAMES[GAL_CODES.index(code)]

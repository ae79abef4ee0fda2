# A Dumbo hand entered as cards (D-14), for a table that wants the device to find
# the welds: the declarer's 8 cards, then the opponent's, card by card (the number
# with the encoder, the suit on keys 0-3, the Joker on key 4). With 16 cards the
# Welds screen shows what the rules core's solver makes of them (the declarer's
# best welds, the opponent's welds and lay-offs, both counts, the outcome) before
# OK sends the hand. This module and the solver are loaded as the entry opens and
# only while it is open: leaving it takes them out of memory again (forget_solver).

import sys

from parlour_rules.cards import DUMBO, JOKER, JOKER_COUNT, format_card
from parlour_rules.dumbo import check
from parlour_rules.dumbo.state import settings
from parlour_rules.errors import RulesError

from ...ui.frame import CYAN, GREEN, K_OK, K_UNDO, RED, WHITE, YELLOW
from ...ui.lines import Lines, clip
from ...ui.screen import Screen
from .texts import outcome_row

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

HAND = 8               # D-14
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_PER_ROW = const(4)            # cards of at most 4 characters (JK for the Joker), 4 to a row
K_JOKER = 4
_KEYS = ("Sq", "Ci", "Di", "St", "Joker", "", "", "", "", "Back", "Menu", "Welds")
_CHROME = ("turn no. 0-3 suit", _KEYS)
_NUMBERS = tuple(["no. %d" % n for n in range(1, 12)])
# The modules that leave memory with the entry: these three, each by its package
# and its name there, and the solver's own (parlour_rules.melds.*) by the prefix.
# No name is split or joined (every new string costs on the board): forgetting
# once cost ~4,000,000 fuel that way.
_OWN = (("parlour_rules.dumbo.cards", "parlour_rules.dumbo", "cards"),
        ("parlour_rules.melds", "parlour_rules", "melds"),
        ("parlour_device.games.dumbo.card_entry", "parlour_device.games.dumbo", "card_entry"))
_MELDS = "parlour_rules.melds."


def load_solver() -> None:
    # The solver's code loaded as the entry opens (a load, like a game's start), so
    # the Welds key pays for solving alone. melds.show lays out the answer.
    import parlour_rules.dumbo.cards  # noqa: F401
    import parlour_rules.melds.show  # noqa: F401


def forget_solver() -> None:
    # The solver and this entry leave sys.modules (and their packages' attributes);
    # a later card hand, or a fold of one after an undo, imports them again. The
    # solver's submodules go with their package (nothing else holds them).
    modules = sys.modules
    for name in list(modules):
        if name.startswith(_MELDS):
            del modules[name]
    for name, parent, child in _OWN:
        if name in modules:
            del modules[name]
        holder = modules.get(parent)
        if holder is not None:
            try:
                delattr(holder, child)      # the package's own reference
            except AttributeError:
                pass


class CardEntry(Screen):
    def __init__(self, app: "Host", play: Screen, declarer: int, opponent: int) -> None:
        super().__init__(app)
        self.play = play
        self.seats = (declarer, opponent)
        self.hands: "Tuple[List[int], List[int]]" = ([], [])
        self.number = 7            # the number under the encoder, 1..11
        names = app.view()["names"]
        self.names = (clip(names[declarer], 7), clip(names[opponent], 7))
        self._titles = ("Cards: " + self.names[0], "Cards: " + self.names[1])
        self.title = self._titles[0]
        self.texts: "Tuple[List[str], List[str]]" = ([], [])   # the cards' texts
        self._head: "List[Any]" = [None, None]     # parts of the frame (Frame.keep)
        self._rows: "List[Any]" = [None, None]
        load_solver()

    def which(self) -> int:
        return 0 if len(self.hands[0]) < HAND else 1

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _CHROME

    def hint(self) -> str:
        return _CHROME[0]

    def keys(self) -> "Tuple[str, ...]":
        return _KEYS

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.number = (self.number - 1 + delta) % 11 + 1
        return None

    def _add(self, card: int) -> None:
        if len(self.hands[1]) >= HAND:
            self.app.show("16 in; 11 shows welds")
            return
        if card in self.hands[0] or card in self.hands[1]:
            self.app.show(format_card(card, DUMBO) + " twice")   # one pack a table (D-14)
            return
        which = self.which()
        self.hands[which].append(card)
        # the Joker as JK (Card notation's short form): every card fits 4 columns
        self.texts[which].append("JK" if card == JOKER else format_card(card, DUMBO))
        self.title = self._titles[self.which()]

    def on_key(self, key: int) -> "Optional[Screen]":
        if key < 4:
            self._add(key * 11 + self.number - 1)
            return None
        if key == K_JOKER:
            self._add(JOKER)
            return None
        if key == K_UNDO:
            which = 1 if self.hands[1] else 0
            if not self.hands[which]:
                forget_solver()
                return self.play
            self.hands[which].pop()
            self.texts[which].pop()
            self.title = self._titles[self.which()]
            return None
        if key == K_OK:
            if len(self.hands[1]) < HAND:
                self.app.show("8 cards each first")
                return None
            return Welds(self.app, self)
        if key == 10:
            forget_solver()
            return super().on_key(key)
        return None

    def event(self) -> "Dict[str, Any]":
        return {"t": "hand", "declarer": self.seats[0],
                "declarer_cards": " ".join([format_card(c, DUMBO) for c in self.hands[0]]),
                "opponent_cards": " ".join([format_card(c, DUMBO) for c in self.hands[1]])}

    def draw(self, frame: "Any") -> None:
        # the cards' rows are made once per card added or taken back; a click of the
        # encoder changes the head line alone
        which = self.which()
        hand = self.hands[which]
        frame.keep(self._head, (which, len(hand), self.number), self._draw_head, which)
        frame.keep(self._rows, (which, len(hand)), self._draw_rows, which)

    def _draw_head(self, frame: "Any", which: int) -> None:
        head = "%s %d/8  %s" % (self.names[which], len(self.hands[which]),
                                _NUMBERS[self.number - 1])
        frame.row(0, clip(head, frame.layout.cols), WHITE, True)

    def _draw_rows(self, frame: "Any", which: int) -> None:
        # each card its own text item, from the text made when it was added
        self._draw_cards(frame, self.texts[which], 1, WHITE)
        if frame.layout.colour and which == 1:
            # the colour board has room for the declarer's hand too
            frame.row(3, self.names[0], CYAN)
            self._draw_cards(frame, self.texts[0], 4, CYAN)

    def _draw_cards(self, frame: "Any", texts: "List[str]", row: int, colour: int) -> None:
        lay = frame.layout
        w = lay.char_w
        for i in range(len(texts)):
            y = lay.row_y(row + i // _PER_ROW)
            x = (i % _PER_ROW) * 5 * w
            frame.text(x, y, texts[i], colour, lay.scale)


def weld_lines(got: "Dict[str, Any]", names: "Tuple[str, str]",
               cols: int) -> "List[Tuple[str, int]]":
    # The solver's answer (parlour_rules.dumbo.cards.arrange) as short lines: the
    # declarer's welds numbered w1.., his loose cards and count; the opponent's welds,
    # what he adds to each of the declarer's welds, his dead cards and count.
    out: "List[Tuple[str, int]]" = []

    def cards(head: str, group: "List[int]", colour: int) -> None:
        # wrapped at the row's width: a long run takes two rows, the second indented
        line = head
        for c in group:
            text = format_card(c, DUMBO)
            if len(line) + 1 + len(text) > cols:
                out.append((line, colour))
                line = "  " + text
            else:
                line = line + " " + text if line else text
        out.append((line, colour))

    if got["wrong"]:
        out.append(("%s %d: wrong" % (names[0], got["d"]), RED))
    else:
        out.append(("%s count %d%s" % (names[0], got["d"], " Octad" if got["octad"] else ""),
                    YELLOW))
    welds = got["welds"]
    for i in range(len(welds)):
        cards("w%d" % (i + 1), welds[i], WHITE)
    if got["loose"]:
        cards("loose", got["loose"], WHITE)
    result = got["opponent"]
    if result is None:
        return out
    out.append(("%s count %d%s" % (names[1], got["o"], "(Jk)" if got["joker"] else ""), YELLOW))
    for meld in result.melds:
        cards("weld", meld, WHITE)
    layoffs = result.layoffs
    for i in range(len(layoffs)):
        if layoffs[i]:
            cards("on w%d" % (i + 1), layoffs[i], CYAN)
    if result.dead:
        cards("dead", result.dead, WHITE)
    return out


class Welds(Lines):
    # The solver's arrangement of the 16 cards, before the hand is sent (D-14).
    title = "Dumbo: welds"

    def __init__(self, app: "Host", entry: CardEntry) -> None:
        super().__init__(app)
        self.entry = entry
        # the hand as sent, made once: the solver's answer is kept for this very text,
        # so the match engine does not solve the 16 cards again on OK
        self.sent = entry.event()
        self._made: "Optional[List[Tuple[str, int]]]" = None

    def lines(self) -> "List[Tuple[str, int]]":
        made = self._made
        if made is None:
            made = self._made = self._solve()
        return made

    def _solve(self) -> "List[Tuple[str, int]]":
        from parlour_rules.dumbo.cards import arrange

        if self.app.match is None:
            return [("no match", RED)]
        cfg = self.app.read(settings)
        event = self.sent
        try:
            got = arrange(event["declarer_cards"], event["opponent_cards"],
                          (cfg["octad_bonus"], cfg["undercut_bonus"]))
        except RulesError as e:
            return [(e.message, RED)]
        out = weld_lines(got, self.entry.names, self.app.layout.cols)
        # the outcome as the rules core scores the counts found, nothing entered
        seat = self.entry.seats[0]
        if got["wrong"]:
            counts: "Dict[str, Any]" = {"t": "wrong", "declarer": seat, "d": got["d"]}
        else:
            o = got["o"] - JOKER_COUNT if got["joker"] else got["o"]   # D-14: o without the Joker
            counts = {"t": "hand", "declarer": seat, "d": got["d"], "o": o,
                      "joker": got["joker"]}
        try:
            h = self.app.read(check, counts)
        except RulesError as e:
            out.append((e.message, RED))
        else:
            if h is not None:
                out.append((outcome_row(self.app.view()["names"], h), GREEN))
        return out

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return ("turn scroll 11 send", ("", "", "", "", "", "", "", "", "", "Back", "Menu",
                                        "Send"))

    def hint(self) -> str:
        return self.chrome()[0]

    def keys(self) -> "Tuple[str, ...]":
        return self.chrome()[1]

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            play = self.entry.play
            if self.app.submit(self.sent) is not None:
                return None
            forget_solver()
            from .results import HandOver
            return HandOver(self.app, play)
        if key == K_UNDO:
            return self.entry
        if key == 10:
            forget_solver()
            return super().on_key(key)
        return None

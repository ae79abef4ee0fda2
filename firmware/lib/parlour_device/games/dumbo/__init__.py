# Dumbo on the device (D-1..D-15): the options and seating before a match; the
# counts entry is play.py, the card entry card_entry.py (loaded only while open),
# the hand's and the game's results results.py.

from ...ui.frame import K_OK, K_UNDO
from ...ui.lines import clip, draw_options
from ...ui.screen import Screen
from .play import DumboPlay
from .results import HandOver

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

_RESULTS = ("hand", "wrong", "void")     # the entries a hand's result follows
TARGETS = (25, 50, 75, 100, 150, 200, 250)      # D-10: 50 by default, any 1..999
_KEYS = ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")
# one (hint, labels) for good: the app redraws the key labels only when it changes
_CHROME = ("1/7 row turn 11 start", _KEYS)


def start(app: "Host", players: "List[str]") -> Screen:
    return DumboOptions(app, list(players))


def resume(app: "Host") -> Screen:
    again = seat_again(app)
    if again is not None:
        return again
    # Back on the screen the last entry showed: a hand's result (its Next enters
    # nothing, so it shows again until the next hand is entered) or the game's end.
    play = DumboPlay(app, seat_again)
    v = app.view()
    if v["over"] or v["deal"] is not None or app.match.events[-1].get("t") in _RESULTS:
        return HandOver(app, play)
    return play


def seat_again(app: "Host") -> "Optional[Screen]":
    # A match with no seating yet (its cut undone, or cut off by a power cut before
    # it was made) is seated again from its options screen, the rest of it fixed.
    if app.match is None or app.match.events:
        return None
    return DumboOptions(app, app.view()["names"], True)


def seatings(n: int, tables: int) -> "List[Optional[Dict[str, Any]]]":
    # The seat events the options offer after the cut (None): two players, each
    # dealer; three, each dealer with each man out (D-11); four, North the first
    # name and each partner for him (D-12, D-13), North (and South) dealing.
    out: "List[Optional[Dict[str, Any]]]" = [None]
    if n == 2:
        for dealer in range(2):
            out.append({"t": "seat", "dealer": dealer})
    elif n == 3:
        for dealer in range(3):
            for out_seat in range(3):
                if out_seat != dealer:
                    out.append({"t": "seat", "dealer": dealer, "sits_out": out_seat})
    else:
        for partner in (2, 1, 3):
            east, west = [s for s in (1, 2, 3) if s != partner]
            event: "Dict[str, Any]" = {"t": "seat", "north": 0, "east": east,
                                       "south": partner, "west": west}
            if tables == 1:
                event["dealer"] = 0
            out.append(event)
    return out


def seating_row(names: "List[str]", event: "Optional[Dict[str, Any]]") -> str:
    if event is None:
        return "Seats: cut"
    if "north" in event:
        return "NS %s+%s EW %s+%s" % (clip(names[0], 3), clip(names[event["south"]], 3),
                                      clip(names[event["east"]], 3),
                                      clip(names[event["west"]], 3))
    if "sits_out" in event:
        return "%s deals, %s out" % (clip(names[event["dealer"]], 5),
                                     clip(names[event["sits_out"]], 4))
    return "Dealer: " + clip(names[event["dealer"]], 12)


class DumboOptions(Screen):
    # Before the match: four players, two tables or one partnership table (D-12,
    # D-13); the target (D-10); the seating: by the cut (C-3) or chosen here.
    title = "Dumbo: options"

    def __init__(self, app: "Host", names: "List[str]", live: bool = False) -> None:
        super().__init__(app)
        self.names = names
        # live: the match is begun and only its seating is still to come (seat_again)
        self.live = live
        self.tables = 2 if len(names) == 4 else 1
        target = app.option_default("dumbo", "target", 50)
        self.target = target if target in TARGETS else 50
        if live:
            v = app.view()
            self.tables = 1 if v["mode"] == "pairs" else self.tables
            self.target = v["target"]
        self.seat = 0             # index into seatings(): 0 is the cut
        self.row = len(self.kinds()) - 1 if live else 0
        self._key: "Any" = None
        self._rows: "List[str]" = []
        self._seats: "Optional[List[Optional[Dict[str, Any]]]]" = None
        self._seats_for = 0
        self._players = "players: " + " ".join(names)    # the colour board's last line

    def kinds(self) -> "Tuple[str, ...]":
        if len(self.names) == 4:
            return ("tables", "target", "seats")
        return ("target", "seats")

    def rows(self) -> "List[str]":
        # made again only when a value changes (not on every frame)
        key = (self.tables, self.target, self.seat)
        if key != self._key:
            self._key = key
            self._rows = self._make_rows()
        return self._rows

    def _seatings(self) -> "List[Optional[Dict[str, Any]]]":
        if self._seats is None or self._seats_for != self.tables:
            self._seats_for = self.tables
            self._seats = seatings(len(self.names), self.tables)
        return self._seats

    def _make_rows(self) -> "List[str]":
        out = []
        for kind in self.kinds():
            if kind == "tables":
                out.append("Tables: two" if self.tables == 2 else "Tables: one, partners")
            elif kind == "target":
                out.append("Target: %d" % self.target)
            else:
                out.append(seating_row(self.names, self._seatings()[self.seat]))
        return out

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _CHROME

    def hint(self) -> str:
        return _CHROME[0]

    def keys(self) -> "Tuple[str, ...]":
        return _KEYS

    def on_turn(self, delta: int) -> "Optional[Screen]":
        kind = self.kinds()[self.row]
        if self.live and kind != "seats":
            self.app.show("set: match begun")
        elif kind == "tables":
            self.tables = 3 - self.tables
        elif kind == "target":
            i = TARGETS.index(self.target) if self.target in TARGETS else 1
            self.target = TARGETS[(i + delta) % len(TARGETS)]
        else:
            self.seat = (self.seat + delta) % len(self._seatings())
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        count = len(self.kinds())
        if key == 1 or key == 7:
            self.row = (self.row + (1 if key == 7 else -1)) % count
            return None
        if key == K_OK:
            return self._begin()
        if key == K_UNDO:
            return self.app.menu()
        return super().on_key(key)

    def _begin(self) -> "Optional[Screen]":
        n = len(self.names)
        config: "Dict[str, Any]" = {"players": n, "names": self.names, "target": self.target,
                                    "octad_bonus": self.app.option_default("dumbo",
                                                                           "octad_bonus", 20)}
        if n == 4:
            config["tables"] = self.tables
        if not self.live and self.app.new_match("dumbo", config) is not None:
            return None
        event = self._seatings()[self.seat]
        if event is None:
            event = {"t": "cut", "seed": self.app.seed()}
        if self.app.submit(event) is not None:
            return None
        return DumboPlay(self.app, seat_again)

    def draw(self, frame: "Any") -> None:
        draw_options(frame, self.rows(), self.row, self.names, self._players)

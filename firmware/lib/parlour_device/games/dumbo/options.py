# Dumbo's options before a match (D-10..D-13, C-3): with four players, two tables
# or one partnership table; the target; the seating, by the cut or chosen here.
# Loaded only while the options show.

from ...ui.lines import clip
from ...ui.options import Options, pick
from ...ui.screen import Screen
from .. import forget
from .play import DumboPlay

try:
    from typing import Any, Dict, List, Optional, Sequence
except ImportError:
    pass

TARGETS = (25, 50, 75, 100, 150, 200, 250)      # D-10: 50 by default


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


class DumboOptions(Options):
    title = "Dumbo: options"
    game = "dumbo"
    settings = ("tables", "target", "seats")
    _chrome = ("1/7 row turn 11 start", Options._chrome[1])

    def __init__(self, app: Any, names: "List[str]", live: Any = None,
                 cut_again: Any = None) -> None:
        self._seats: "Optional[List[Optional[Dict[str, Any]]]]" = None
        self._seats_for = 0
        super().__init__(app, names, live, cut_again)

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "tables":
            return (2, 1) if len(self.names) == 4 else ()
        if kind == "target":
            return TARGETS
        tables = self.value("tables") if len(self.names) == 4 else 1
        if self._seats is None or self._seats_for != tables:
            self._seats_for = tables
            self._seats = seatings(len(self.names), tables)
        return self._seats

    def default(self, kind: str) -> Any:
        if kind == "target":
            return pick(TARGETS, self.app.option_default("dumbo", "target", 50), 50)
        return self.values(kind)[0]

    def label(self, kind: str, value: Any) -> str:
        if kind == "tables":
            return "Tables: two" if value == 2 else "Tables: one, partners"
        if kind == "target":
            return "Target: %d" % value
        return seating_row(self.names, value)

    def config(self) -> "Dict[str, Any]":
        out = super().config()
        out["octad_bonus"] = self.app.option_default("dumbo", "octad_bonus", 20)
        return out

    def entry(self) -> "Optional[Dict[str, Any]]":
        return self.value("seats") or {"t": "cut", "seed": self.app.seed()}

    def play(self) -> Screen:
        forget(__name__, "parlour_device.ui.options")    # loaded again if needed
        return DumboPlay(self.app, self.cut_again)

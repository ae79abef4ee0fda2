# Poker's options before a match (R-1, R-8, C-3): Rum or Gin, the target, who
# deals, with the players below in seat order (their keys). Loaded only while the
# options show.

from ...ui.frame import GREY, K_DOWN, K_UP, WHITE, YELLOW
from ...ui.options import Options, pick
from ...ui.screen import Screen
from .. import forget
from .play import PokerPlay
from .rows import draw_rows, keep_in_sight

try:
    from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

VARIANTS = ("rum", "gin")
TARGETS = (0, 50, 100, 150, 200, 300, 500, 1000)     # 0: no target


class PokerOptions(Options):
    title = "Poker: options"
    game = "poker"
    settings = ("variant", "target", "dealer")
    _chrome = ("1/7 row turn 11:start", Options._chrome[1])

    def __init__(self, app: "Host", names: "List[str]", live: "Any" = None,
                 cut_again: "Any" = None) -> None:
        super().__init__(app, names, live, cut_again)
        self.top = 0
        self._part: "List[Any]" = [None, None]
        self._seats = ["Key %d: %s" % (seat, names[seat]) for seat in range(len(names))]

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "variant":
            return VARIANTS
        if kind == "target":
            return TARGETS
        return super().values(kind)

    def default(self, kind: str) -> Any:
        if kind == "target":
            return pick(TARGETS, self.app.option_default("poker", "target", 0), 0)
        return super().default(kind)

    def label(self, kind: str, value: Any) -> str:
        if kind == "variant":
            return "Game: Poker " + ("Rum" if value == "rum" else "Gin")
        if kind == "target":
            return "Target: %d" % value if value else "Target: none"
        return super().label(kind, value)

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_UP or key == K_DOWN:
            # the options, then the players to read: a heading and one row a seat
            count = len(self.settings) + 1 + len(self.names)
            self.row = (self.row + (1 if key == K_DOWN else -1)) % count
            self.top = keep_in_sight(self.top, self.row, self.app.layout.rows)
            return None
        return super().on_key(key)

    def begin(self) -> "Optional[Screen]":
        play = super().begin()
        if play is not None and self.value("dealer") < 0:
            dealer = self.names[self.app.view()["dealer"]]
            self.app.show(("Cut: %s deals" % dealer)[:self.app.layout.cols])
        return play

    def play(self) -> Screen:
        forget(__name__, "parlour_device.ui.options")    # loaded again if needed
        return PokerPlay(self.app, self.cut_again)

    def draw(self, frame: "Any") -> None:
        # the rows made again only when an option or the marked row changed
        frame.keep(self._part, (tuple(self.at), self.row, self.top), self._draw)

    def _draw(self, frame: "Any") -> None:
        lines: "List[Tuple[Any, ...]]" = [(text, WHITE) for text in self.rows()]
        lines.append(("%d players:" % len(self.names), YELLOW))
        for text in self._seats:
            lines.append((text, GREY))
        draw_rows(frame, lines, self.top, self.row)

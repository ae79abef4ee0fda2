# A read-only page of lines that the encoder scrolls: the results and scores pages
# of every game screen.

from parlour_rules.errors import cut

from .frame import WHITE
from .screen import Screen

try:
    from typing import TYPE_CHECKING, Any, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .host import Host

clip = cut      # the screens' name for the one text cutter (a "~" where it cuts)


def draw_lines(frame: "Any", lines: "List[Tuple[str, int]]", top: int) -> None:
    # Body lines from line `top` on (the encoder scrolls): on colour the first one
    # large; on mono the first line inverse and a mark when more lines follow.
    lay = frame.layout
    if lay.colour:
        y = lay.body_top + 4
        frame.text(4, y, clip(lines[0][0], lay.cols), lines[0][1], 2)
        y += lay.line_h + 8
        for text, colour in lines[1 + top:]:
            if y + 12 > lay.body_top + lay.body_height:
                break
            frame.text(4, y, clip(text, lay.width // 6 - 1), colour, 1)
            y += 14
        return
    for i in range(lay.rows):
        j = top + i
        if j < len(lines):
            frame.row(i, clip(lines[j][0], lay.cols), WHITE, j == 0)
    if top + lay.rows < len(lines):
        frame.rect(lay.width - 2, lay.body_top + lay.body_height - 3, 2, 2, WHITE)


class Lines(Screen):
    # The lines are made once per view (formatting text is what costs most on the board).
    def __init__(self, app: "Host") -> None:
        super().__init__(app)
        self.top = 0
        self._for: "Any" = None
        self._lines: "List[Tuple[str, int]]" = []

    def lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        if v is not self._for:
            self._for = v
            self._lines = self.make_lines()
        return self._lines

    def make_lines(self) -> "List[Tuple[str, int]]":
        return []

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.top = max(0, min(self.top + delta, len(self.lines()) - 1))
        return None

    def draw(self, frame: "Any") -> None:
        draw_lines(frame, self.lines(), self.top)

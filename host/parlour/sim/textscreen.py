"""The screen as text: the frame's text items laid on a character grid, for a
terminal too small for the pixels.

Each text item keeps its place: its column is its x in the font's character width
(6 pixels at scale 1), and every distinct height at which text starts is one row,
so the MacroPad's 128 x 64 screen reads as its own 5 lines of up to 21 characters
and the colour board's as 14 lines. A filled rectangle behind text (a highlighted
row, the title bar, a key label's box) becomes the background of the cells it
covers. Drawings (the Stump ring, its slides) have no text and are left out: every
screen says in words what they show.
"""

from __future__ import annotations

from parlour_device.ui.frame import BLACK, GROUP, RECT, TEXT

WHITE_RGB = (255, 255, 255)
BLACK_RGB = (0, 0, 0)
# Two rows of text starting closer than this are one row (a label set beside a line).
MERGE_PX = 6


def _rgb(colour: int) -> tuple[int, int, int]:
    return (colour >> 16) & 255, (colour >> 8) & 255, colour & 255


class TextScreen:
    """The frame `items` of a display `width` x `height` as rows of cells."""

    def __init__(self, items, width: int, height: int, colour: bool, char_w: int = 6,
                 rows_at=()):
        # rows_at: heights that are rows even when this frame has no text there
        # (the layout's rows, the rows earlier frames had), so the box keeps its
        # size when a list scrolls past its end or a screen has fewer lines.
        self.colour = colour
        self.char_w = char_w
        self.width = -(-width // char_w)
        items = list(_flat(items or ()))
        texts = [item for item in items if item[0] == TEXT and item[3]]
        starts: list[int] = []
        for y in sorted({item[2] for item in texts} | set(rows_at)):
            if not starts or y - starts[-1] >= MERGE_PX:
                starts.append(y)
        self.starts = starts
        self.cells: list[list[list]] = [[[" ", None, None] for _ in range(self.width)]
                                        for _ in starts]
        for item in items:
            if item[0] == RECT:
                self._rect(item)
            elif item[0] == TEXT and item[3]:
                self._text(item)

    def _row(self, y: int) -> int:
        row = 0
        for i, start in enumerate(self.starts):
            if start <= y:
                row = i
        return row

    def _fg(self, colour: int):
        if self.colour:
            return _rgb(colour)
        return WHITE_RGB if colour != BLACK else BLACK_RGB

    def _rect(self, item) -> None:
        _, x, y, w, h, colour, filled = item
        # Only a box a character wide and a line high is a background; dots and
        # ticks belong to drawings.
        if not filled or colour == BLACK or w < self.char_w or h < 8:
            return
        first, last = x // self.char_w, min(self.width, -(-(x + w) // self.char_w))
        for row, start in enumerate(self.starts):
            if y <= start < y + h:
                for col in range(first, last):
                    self.cells[row][col][2] = self._fg(colour)

    def _text(self, item) -> None:
        _, x, y, text, colour, _scale, background = item
        row = self.cells[self._row(y)]
        col = x // self.char_w
        for char in text:
            if 0 <= col < self.width:
                cell = row[col]
                cell[0], cell[1] = char, self._fg(colour)
                if background >= 0 and background != BLACK:
                    cell[2] = self._fg(background)
            col += 1

    def plain(self) -> list[str]:
        """The rows without colour (what a test or a log reads)."""
        return ["".join(cell[0] for cell in row).rstrip() for row in self.cells]

    def lines(self, box: bool = True) -> list[str]:
        """The rows with terminal colours, in a frame the size of the screen."""
        out = []
        for row in self.cells:
            parts, pen = [], None
            for char, fg, bg in row:
                if self.colour:
                    want = (fg or WHITE_RGB, bg)
                    code = "\x1b[0;38;2;%d;%d;%dm" % want[0]
                    if bg:
                        code += "\x1b[48;2;%d;%d;%dm" % bg
                else:
                    # On the mono OLED a lit box behind dark text is a highlighted row.
                    want = (bool(bg),)
                    code = "\x1b[0;7m" if bg else "\x1b[0m"
                if want != pen:
                    parts.append(code)
                    pen = want
                parts.append(char)
            line = "".join(parts) + "\x1b[0m"
            out.append("\u2502" + line + "\u2502" if box else line)
        if box:
            edge = "\u2500" * self.width
            out = ["\u250c" + edge + "\u2510", *out, "\u2514" + edge + "\u2518"]
        return out

    def height(self, box: bool = True) -> int:
        return len(self.starts) + (2 if box else 0)


def _flat(items):
    for item in items:
        if item[0] == GROUP:
            yield from _flat(item[1])
        else:
            yield item


def text_screen(device, rows_at=()) -> TextScreen:
    layout = device.app.layout
    grid = [0] + [layout.row_y(row) for row in range(layout.rows)]
    return TextScreen(device.app.shown, device.display.width, device.display.height,
                      device.display.colour, layout.char_w // layout.scale,
                      [*grid, *rows_at])

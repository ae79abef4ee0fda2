# Body rows that scroll: up to 8 players and a hand's payments on the MacroPad's
# three rows. The last column marks rows out of sight (^ above, v below), as the
# app's lists do, so nothing is cut off unmarked.

from ...ui.frame import BLACK, WHITE, YELLOW, fit

try:
    from typing import Any, List, Tuple
except ImportError:
    pass


def keep_in_sight(top: int, row: int, shown: int) -> int:
    # The first row to show so that `row` is on screen.
    if row < top:
        return row
    if row >= top + shown:
        return row - shown + 1
    return top


def clamp_top(top: int, count: int, shown: int) -> int:
    most = count - shown
    if top > most:
        top = most
    return top if top > 0 else 0


def draw_rows(frame: "Any", lines: "List[Tuple[str, int]]", top: int, focus: int) -> None:
    # Lines (text, colour) from `top`, the line `focus` highlighted (-1: none).
    lay = frame.layout
    count = len(lines)
    shown = lay.rows
    scrolls = count > shown
    cols = lay.cols - 1 if scrolls else lay.cols
    last = top + shown - 1
    for i in range(top, top + shown):
        if i >= count:
            break
        text, colour = lines[i]
        y = lay.row_y(i - top)
        selected = i == focus
        if selected:
            frame.rect(0, y, lay.width, lay.line_h, YELLOW if lay.colour else WHITE)
            frame.text(0, y, fit(text, cols), BLACK, lay.scale)
        else:
            frame.text(0, y, fit(text, cols), colour, lay.scale)
        if scrolls and ((i == top and i > 0) or (i == last and i < count - 1)):
            frame.text(lay.width - lay.char_w, y, "^" if i == top else "v",
                       BLACK if selected else WHITE, lay.scale)

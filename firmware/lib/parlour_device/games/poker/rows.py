# Body rows that scroll: up to 8 players and a hand's payments on the MacroPad's
# three rows. The last column marks rows out of sight (^ above, v below), as the
# app's lists do; a row too long for the screen ends in ~: nothing is cut unmarked. A row is (text, colour) or
# (text, colour, tail): the tail (a count, a balance) is its own text, right-aligned,
# so a row whose number changes needs no new string for the rest.

from ...ui.frame import BLACK, RECT, TEXT, WHITE, YELLOW, Layout
from ...ui.lines import clip

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


def room(lay: "Layout", count: int) -> int:
    # The columns a row may use: one less when the rows scroll (the marks' column).
    cols: int = lay.cols
    return cols - 1 if count > lay.rows else cols


def tail_item(lay: "Layout", count: int, row: int, tail: str, colour: int) -> "Tuple[Any, ...]":
    cols = room(lay, count)
    return (TEXT, (cols - len(tail)) * lay.char_w, lay.row_y(row), tail, colour, lay.scale, -1)


def draw_rows(frame: "Any", lines: "List[Tuple[Any, ...]]", top: int, focus: int) -> None:
    # Lines from `top`, the line `focus` highlighted (-1: none).
    lay = frame.layout
    items = frame.items
    count = len(lines)
    shown = lay.rows
    scrolls = count > shown
    cols = room(lay, count)
    last = top + shown - 1
    for i in range(top, top + shown):
        if i >= count:
            break
        line = lines[i]
        text = line[0]
        y = lay.row_y(i - top)
        selected = i == focus
        if selected:
            items.append((RECT, 0, y, lay.width, lay.line_h,
                          YELLOW if lay.colour else WHITE, True))
        if len(line) > 2:
            text = clip(text, cols - len(line[2]) - 1)
            items.append((TEXT, 0, y, text, BLACK if selected else line[1], lay.scale, -1))
            items.append(tail_item(lay, count, i - top, line[2],
                                   BLACK if selected else line[1]))
        else:
            items.append((TEXT, 0, y, clip(text, cols), BLACK if selected else line[1],
                          lay.scale, -1))
        if scrolls and ((i == top and i > 0) or (i == last and i < count - 1)):
            items.append((TEXT, lay.width - lay.char_w, y, "^" if i == top else "v",
                          BLACK if selected else WHITE, lay.scale, -1))

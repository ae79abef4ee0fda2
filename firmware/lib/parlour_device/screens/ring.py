# Stump's number ring as a picture (S-1, S-2), drawn into a screen Frame: the 40
# numbers as dots on a circle (40 at the top, running clockwise like the tray), the
# gap as a filled wedge, both slides as arrows pointing in at their numbers, and a
# cursor on the number being picked. Integer geometry from a sine table, so the
# picture is the same on every board and interpreter.

from .base import Frame
from .sized import emptied, room_for

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

BLACK = 0x000000
RING = 40
# 1024 * sin(4.5 deg * k), k = 0..20: one entry per half of a number's step (9 deg).
_SIN = (0, 80, 160, 239, 316, 392, 465, 535, 602, 665, 724, 779, 828, 873, 912, 946,
        974, 996, 1011, 1021, 1024)


def _scale(r: int, s: int) -> int:
    # r * s / 1024 rounded half away from zero (keeps the picture symmetric)
    if s < 0:
        return -((r * -s + 512) >> 10)
    return (r * s + 512) >> 10


def half_point(h: int, r: int) -> "Tuple[int, int]":
    # Offset (dx, dy) from the centre of half-step h (number n is at h = 2n) at radius r.
    h %= 2 * RING
    q = h // 20
    k = h - 20 * q
    if q == 0:
        s, c = _SIN[k], _SIN[20 - k]
    elif q == 1:
        s, c = _SIN[20 - k], -_SIN[k]
    elif q == 2:
        s, c = -_SIN[k], -_SIN[20 - k]
    else:
        s, c = -_SIN[20 - k], _SIN[k]
    return _scale(r, s), -_scale(r, c)


def ring_step(n: int, d: int) -> int:
    # The number d steps clockwise from n (d may be negative); 40 is followed by 1.
    return (n - 1 + d) % RING + 1


class RingStyle:
    # Sizes of one ring drawing, in pixels (the wedge is filled by lines from the
    # centre, one per pixel of its rim). `labels`: the screen prints the slide numbers
    # beside their arrows. Colours are 0xRRGGBB.
    def __init__(self, tag: int, r: int, dot: int, wedge_in: int, slide_len: int,
                 slide_w: int, cursor: int, labels: bool,
                 colours: "Tuple[int, int, int, int, int, int]") -> None:
        self.tag = tag          # a small number naming the style in memo keys
        self.r = r
        self.dot = dot
        self.wedge_in = wedge_in
        self.slide_len = slide_len
        self.slide_w = slide_w
        self.cursor = cursor
        self.labels = labels
        # ring dots, tens marks, gap, slides, cursor, preview (a slide about to move)
        self.c_dot, self.c_mark, self.c_gap, self.c_slide, self.c_cursor, self.c_ghost = (
            colours)

    def extent(self) -> int:
        # distance from the centre to the farthest pixel drawn (labels excepted)
        return self.r + self.dot + 1 + self.slide_len


def label_point(cx: int, cy: int, st: RingStyle, n: int, w: int, h: int,
                out: int = 0) -> "Tuple[int, int]":
    # Top-left corner for a w x h label just outside number n's slide arrow (and
    # `out` pixels further out).
    dx, dy = half_point(2 * n, st.extent() + 2 + out + (w if w > h else h) // 2)
    return cx + dx - w // 2, cy + dy - h // 2


def draw_dots(frame: "Any", cx: int, cy: int, st: RingStyle) -> None:
    # The ring itself: one dot per number, the tens marked. Always the same items,
    # so a screen draws it first and the renderer never rebuilds it.
    for n in range(1, RING + 1):
        dx, dy = half_point(2 * n, st.r)
        c = st.c_mark if n % 10 == 0 else st.c_dot
        if st.dot <= 0:
            if n % 10 == 0:
                ox, oy = half_point(2 * n, st.r + 2)
                frame.line(cx + dx, cy + dy, cx + ox, cy + oy, c)
            else:
                frame.rect(cx + dx, cy + dy, 1, 1, c)
        else:
            frame.circle(cx + dx, cy + dy, st.dot + 1 if n % 10 == 0 else st.dot, c)


def _nothing(frame: "Any", cx: int, cy: int) -> None:
    # An invisible stand-in (a black pixel at the centre, under the wedge), so that a
    # screen's frame keeps the same number of items whatever the ring shows and the
    # layers after the ring are not rebuilt when, say, the cursor goes away.
    frame.rect(cx, cy, 1, 1, BLACK)


# What one ring drawing (style and centre) needs, worked out once each: the wedge's
# rim (every half step); each number's cursor, slide arrow and preview arrow as
# frame items, made as they are first needed; the last few gap wedges; and the last
# slides-and-gap part drawn (they change once or twice a turn, the cursor on every
# click). Turning the encoder then only looks them up.
RIM = 0
CURSORS = 1
SLIDES = 2
GHOSTS = 3
WEDGES = 4
LAST_KEY = 5
LAST_ITEMS = 6
WEDGES_KEPT = 8
_TABLES: "dict[Any, Any]" = {}


def _table(cx: int, cy: int, st: RingStyle) -> "Any":
    key = (st.tag, cx, cy)
    table = _TABLES.get(key)
    if table is not None:
        return table
    rw = st.r - st.wedge_in
    rim = []
    for h in range(2 * RING):
        dx, dy = half_point(h, rw)
        rim.append((cx + dx, cy + dy))
    none = [None] * (RING + 1)
    table = _TABLES[key] = [tuple(rim), none, none[:], none[:], room_for(WEDGES_KEPT), None,
                            ()]
    return table


def _arrow(frame: "Any", cx: int, cy: int, st: RingStyle, n: int, colour: int) -> "Any":
    # A slide: an arrow outside the ring, its point at number n (one polygon item).
    tip_r = st.r + st.dot + 1
    base_r = tip_r + st.slide_len
    tx, ty = half_point(2 * n, tip_r)
    p = half_point(2 * n - st.slide_w, base_r)
    q = half_point(2 * n + st.slide_w, base_r)
    frame.polygon(((cx + tx, cy + ty), (cx + p[0], cy + p[1]), (cx + q[0], cy + q[1])),
                  colour)
    return frame.items.pop()


def _item(frame: "Any", cx: int, cy: int, st: RingStyle, table: "Any", kind: int,
          n: int) -> "Any":
    # Number n's cursor, slide arrow or preview arrow, made once.
    item = table[kind][n]
    if item is None:
        if kind == CURSORS:
            dx, dy = half_point(2 * n, st.r)
            frame.circle(cx + dx, cy + dy, st.cursor, st.c_cursor, True)
            item = frame.items.pop()
        else:
            item = _arrow(frame, cx, cy, st, n, st.c_ghost if kind == GHOSTS else st.c_slide)
        table[kind][n] = item
    return item


def draw_marks(frame: "Any", cx: int, cy: int, st: RingStyle, slides: "Optional[List[int]]",
               gap: "Optional[List[int]]", cursor: int = 0, ghost: int = 0) -> None:
    # What changes on the ring. slides: [a, b] or [a] or None (not placed yet); gap:
    # its numbers in ring order; cursor: the number being picked (0: none); ghost: a
    # slide's old place, drawn while a move is previewed. Always 5 items, the cursor
    # first, so turning the encoder changes one.
    table = _table(cx, cy, st)
    items = frame.items
    if cursor:
        items.append(_item(frame, cx, cy, st, table, CURSORS, cursor))
    else:
        _nothing(frame, cx, cy)
    a = b = 0
    if slides:
        a = slides[0]
        if len(slides) > 1:
            b = slides[1]
    key = (a, b, gap[0] if gap else 0, len(gap) if gap else 0, ghost)
    if table[LAST_KEY] == key:
        items.extend(table[LAST_ITEMS])
        return
    start = len(items)
    _slides_and_gap(frame, cx, cy, st, table, key)
    table[LAST_KEY] = key
    table[LAST_ITEMS] = tuple(items[start:])


def _slides_and_gap(frame: "Any", cx: int, cy: int, st: RingStyle, table: "Any",
                    key: "Tuple[int, int, int, int, int]") -> None:
    a, b, first, count, ghost = key
    items = frame.items
    for kind, n in ((SLIDES, a), (SLIDES, b), (GHOSTS, ghost)):
        if n:
            items.append(_item(frame, cx, cy, st, table, kind, n))
        else:
            _nothing(frame, cx, cy)
    if not count:
        _nothing(frame, cx, cy)
        return
    # the gap: a wedge from the centre spanning its numbers (convex: < 20 numbers)
    wedges = table[WEDGES]
    wedge = wedges.get(first * RING + count)
    if wedge is None:
        rim = table[RIM]
        lo = (2 * first - 1) % (2 * RING)
        hi = lo + 2 * count + 1
        pts = [(cx, cy)]
        pts.extend(rim[lo:hi])
        if hi > 2 * RING:
            pts.extend(rim[:hi - 2 * RING])
        frame.polygon(pts, st.c_gap)
        wedge = items.pop()
        if len(wedges) >= WEDGES_KEPT:
            emptied(wedges)
        wedges[first * RING + count] = wedge
    items.append(wedge)


# The dots of each (style, centre) drawn so far, as one group item: they never
# change, so they are kept for good here rather than in the frame memo.
_DOTS: "dict[Any, Tuple[Any, ...]]" = {}


def dots(frame: "Any", cx: int, cy: int, st: RingStyle) -> None:
    # The dots, drawn once per style and place, then reused as the same item.
    key = (st.tag, cx, cy)
    item = _DOTS.get(key)
    if item is None:
        part = Frame(frame.layout)
        draw_dots(part, cx, cy, st)
        part.group(tuple(part.items))
        item = _DOTS[key] = part.items[-1]
    frame.items.append(item)

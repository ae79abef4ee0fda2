# Stump's number ring as a picture (S-1, S-2), drawn into a screen Frame: the 40
# numbers as dots on a circle (40 at the top, running clockwise like the tray), the
# gap as a filled wedge, both slides as arrows pointing in at their numbers, and a
# cursor on the number being picked. Integer geometry from a sine table, so the
# picture is the same on every board and interpreter.

from .base import Frame

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

_POLY = hasattr(Frame, "polygon")   # a filled polygon item (else rows of rectangles)

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


def gap_run(gap: "Optional[List[int]]") -> "Tuple[int, int]":
    # (first number clockwise, count) of a gap given as ring numbers in ring order.
    if not gap:
        return 0, 0
    return gap[0], len(gap)


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


def fill_convex(frame: "Any", pts: "List[Tuple[int, int]]", colour: int) -> None:
    # Fill a convex polygon: one polygon item where the frame has them, else one
    # 1-pixel-high rectangle per row (no holes, as few items as it is tall).
    if _POLY:
        frame.polygon(pts, colour)
        return
    top = pts[0][1]
    bottom = top
    for p in pts:
        if p[1] < top:
            top = p[1]
        if p[1] > bottom:
            bottom = p[1]
    n = len(pts)
    for y in range(top, bottom + 1):
        lo = 1 << 20
        hi = -lo
        for i in range(n):
            x0, y0 = pts[i]
            x1, y1 = pts[(i + 1) % n]
            if y0 == y1:
                if y == y0:
                    lo = min(lo, x0, x1)
                    hi = max(hi, x0, x1)
                continue
            if (y < y0 and y < y1) or (y > y0 and y > y1):
                continue
            num = (y - y0) * (x1 - x0)
            den = y1 - y0
            if den < 0:
                num = -num
                den = -den
            x = x0 + (2 * num + den) // (2 * den)
            if x < lo:
                lo = x
            if x > hi:
                hi = x
        if lo <= hi:
            frame.rect(lo, y, hi - lo + 1, 1, colour)


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


# Points of one ring drawing (style and centre), worked out once each: the wedge's
# rim (every half step), and each number's slide arrow and cursor place as they are
# first needed. Turning the encoder or moving a slide then only looks them up.
_POINTS: "dict[Any, Any]" = {}


def _points(cx: int, cy: int, st: RingStyle) -> "Any":
    key = (st.tag, cx, cy)
    table = _POINTS.get(key)
    if table is not None:
        return table
    rw = st.r - st.wedge_in
    rim = []
    for h in range(2 * RING):
        dx, dy = half_point(h, rw)
        rim.append((cx + dx, cy + dy))
    table = _POINTS[key] = (tuple(rim), [None] * (RING + 1), [None] * (RING + 1))
    return table


def _arrow_points(cx: int, cy: int, st: RingStyle, table: "Any", n: int) -> "Any":
    # A slide: an arrow outside the ring, its point at number n.
    pts = table[1][n]
    if pts is None:
        tip_r = st.r + st.dot + 1
        base_r = tip_r + st.slide_len
        tx, ty = half_point(2 * n, tip_r)
        p = half_point(2 * n - st.slide_w, base_r)
        q = half_point(2 * n + st.slide_w, base_r)
        pts = table[1][n] = [(cx + tx, cy + ty), (cx + p[0], cy + p[1]),
                             (cx + q[0], cy + q[1])]
    return pts


def _cursor_point(cx: int, cy: int, st: RingStyle, table: "Any", n: int) -> "Any":
    point = table[2][n]
    if point is None:
        dx, dy = half_point(2 * n, st.r)
        point = table[2][n] = (cx + dx, cy + dy)
    return point


# The last arrows-and-wedge part drawn for each ring (key, items): they change once
# or twice a turn, the cursor on every click.
_LAST: "dict[Any, Any]" = {}


def draw_marks(frame: "Any", cx: int, cy: int, st: RingStyle, slides: "Optional[List[int]]",
               gap: "Optional[List[int]]", cursor: int = 0, ghost: int = 0) -> None:
    # What changes on the ring. slides: [a, b] or [a] or None (not placed yet); gap:
    # its numbers in ring order; cursor: the number being picked (0: none); ghost: a
    # slide's old place, drawn while a move is previewed. Always 5 items with a
    # polygon-drawing frame; the cursor first, so turning the encoder changes one.
    table = _points(cx, cy, st)
    if cursor:
        x, y = _cursor_point(cx, cy, st, table, cursor)
        frame.circle(x, y, st.cursor, st.c_cursor, True)
    else:
        _nothing(frame, cx, cy)
    a = slides[0] if slides else 0
    b = slides[1] if slides is not None and len(slides) > 1 else 0
    first, count = gap_run(gap)
    key = (a, b, first, count, ghost)
    tag = (st.tag, cx, cy)
    last = _LAST.get(tag)
    if last is not None and last[0] == key:
        frame.items.extend(last[1])
        return
    items = frame.items
    start = len(items)
    _slides_and_gap(frame, cx, cy, st, a, b, first, count, ghost)
    _LAST[tag] = (key, tuple(items[start:]))


def _slides_and_gap(frame: "Any", cx: int, cy: int, st: RingStyle, a: int, b: int,
                    first: int, count: int, ghost: int) -> None:
    table = _points(cx, cy, st)
    marks = (a, b, ghost)
    for i in range(3):
        n = marks[i]
        if n:
            fill_convex(frame, _arrow_points(cx, cy, st, table, n),
                        st.c_ghost if i == 2 else st.c_slide)
        else:
            _nothing(frame, cx, cy)
    if count:
        # the gap: a wedge from the centre spanning its numbers (convex: < 20 numbers)
        rim = table[0]
        lo = (2 * first - 1) % (2 * RING)
        hi = lo + 2 * count + 1
        pts = [(cx, cy)]
        pts.extend(rim[lo:hi])
        if hi > 2 * RING:
            pts.extend(rim[:hi - 2 * RING])
        fill_convex(frame, pts, st.c_gap)
    else:
        _nothing(frame, cx, cy)


# The dots of each (style, centre) drawn so far: they never change, so they are kept
# for good here rather than in the frame memo, which starts over when it is full.
_DOTS: "dict[Any, Tuple[Any, ...]]" = {}


def dots(frame: "Any", cx: int, cy: int, st: RingStyle) -> None:
    # The dots, drawn once per style and place, then reused as the same items.
    key = (st.tag, cx, cy)
    part = _DOTS.get(key)
    items = frame.items
    if part is None:
        start = len(items)
        draw_dots(frame, cx, cy, st)
        part = _DOTS[key] = tuple(items[start:])
        return
    items.extend(part)

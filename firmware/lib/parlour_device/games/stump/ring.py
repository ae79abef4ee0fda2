# Stump's number ring as a picture (S-1, S-2), drawn into a screen Frame: the 40
# numbers as dots on a circle (40 at the top, running clockwise like the tray), the
# gap as a filled wedge, both slides as arrows pointing in at their numbers, and a
# cursor on the number being picked. Integer geometry from a sine table, so the
# picture is the same on every board and interpreter.

from ...ui.caches import remember, room_for
from ...ui.frame import CIRCLE, POLY, RECT, Frame

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
    at = offsets(st.r)
    items = frame.items
    for n in range(1, RING + 1):
        dx, dy = at[2 * n % (2 * RING)]
        tens = n % 10 == 0
        c = st.c_mark if tens else st.c_dot
        if st.dot > 0:
            items.append((CIRCLE, cx + dx, cy + dy, st.dot + 1 if tens else st.dot, c, True))
        elif tens:
            ox, oy = half_point(2 * n, st.r + 2)     # four ticks: no table for them
            frame.line(cx + dx, cy + dy, cx + ox, cy + oy, c)
        else:
            items.append((RECT, cx + dx, cy + dy, 1, 1, c, True))


_OFFSETS: "dict[int, Tuple[Tuple[int, int], ...]]" = {}


def offsets(r: int) -> "Tuple[Tuple[int, int], ...]":
    # half_point(h, r) for every half step h = 0..79, made once per radius.
    table = _OFFSETS.get(r)
    if table is None:
        table = _OFFSETS[r] = _offsets(r)
    return table


def _offsets(r: int) -> "Tuple[Tuple[int, int], ...]":
    # From the 21 scaled sines: a quarter of the ring gives the rest by symmetry
    # (_scale is odd in s), put together by slices and one zip rather than a
    # statement per point.
    s = [(r * x + 512) >> 10 for x in _SIN]     # _scale(r, x): every sine is >= 0
    up = s[:20]
    down = [s[20 - k] for k in range(20)]       # (CircuitPython slices no steps)
    n_up = [-x for x in up]
    n_down = [-x for x in down]
    # (MicroPython's zip takes no strict=; both lists hold 80)
    return tuple(zip(up + down + n_up + n_down, n_down + up + down + n_up))  # noqa: B905


try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_WEDGES_KEPT = const(2)     # the gap as it is, and as it was before a move


class RingTable:
    # What one ring drawing (style and centre) needs, worked out once each: the
    # wedge's rim (every half step); each number's cursor, slide arrow and preview
    # arrow as frame items, made as they are first needed; the last few gap wedges;
    # an invisible stand-in item; and the last slides-and-gap part drawn (it changes
    # once or twice a turn, the cursor on every click). Turning the encoder then only
    # looks them up.
    def __init__(self, cx: int, cy: int, st: RingStyle) -> None:
        self.cx = cx
        self.cy = cy
        self.st = st
        self.rim = tuple([(cx + dx, cy + dy) for dx, dy in offsets(st.r - st.wedge_in)])
        self.wedges: "dict[int, Any]" = room_for(_WEDGES_KEPT)
        # A black pixel at the centre, under the wedge: it stands in for a mark that is
        # not there, so a screen's frame keeps the same number of items whatever the
        # ring shows and the layers after the ring are not rebuilt when, say, the
        # cursor goes away.
        self.nothing = (RECT, cx, cy, 1, 1, BLACK, True)
        self.last_key: "Any" = None
        self.last_items: "Tuple[Any, ...]" = ()

    # The cursor and the arrows are made as they are drawn, not kept per number:
    # kept, they held ~12 KB of the board's heap to save a few lookups a click.
    def cursor(self, n: int) -> "Any":
        st = self.st
        dx, dy = offsets(st.r)[2 * n % (2 * RING)]
        return (CIRCLE, self.cx + dx, self.cy + dy, st.cursor, st.c_cursor, True)

    def slide(self, n: int) -> "Any":
        return self._arrow(n, self.st.c_slide)

    def ghost(self, n: int) -> "Any":
        return self._arrow(n, self.st.c_ghost)

    def _arrow(self, n: int, colour: int) -> "Any":
        # A slide: an arrow outside the ring, its point at number n (one polygon item).
        st = self.st
        cx = self.cx
        cy = self.cy
        tip_r = st.r + st.dot + 1
        tx, ty = half_point(2 * n, tip_r)       # (no table for these radii: 3 points)
        p = half_point(2 * n - st.slide_w, tip_r + st.slide_len)
        q = half_point(2 * n + st.slide_w, tip_r + st.slide_len)
        return (POLY, ((cx + tx, cy + ty), (cx + p[0], cy + p[1]), (cx + q[0], cy + q[1])),
                colour)

    def wedge(self, first: int, count: int) -> "Any":
        # The gap: a wedge from the centre spanning its numbers (convex: < 20 numbers).
        wedges = self.wedges
        item = wedges.get(first * RING + count)
        if item is None:
            rim = self.rim
            lo = (2 * first - 1) % (2 * RING)
            hi = lo + 2 * count + 1
            pts = [(self.cx, self.cy)]
            pts.extend(rim[lo:hi])
            if hi > 2 * RING:
                pts.extend(rim[:hi - 2 * RING])
            item = remember(wedges, _WEDGES_KEPT, first * RING + count,
                            (POLY, tuple(pts), self.st.c_gap))
        return item


_TABLES: "dict[Any, RingTable]" = {}


def table(cx: int, cy: int, st: RingStyle) -> RingTable:
    # The ring drawing's table for this style and centre, made the first time.
    key = (st.tag, cx, cy)
    found = _TABLES.get(key)
    if found is None:
        found = _TABLES[key] = RingTable(cx, cy, st)
    return found


def draw_marks(frame: "Any", t: RingTable, slides: "Optional[List[int]]",
               gap: "Optional[List[int]]", cursor: int = 0, ghost: int = 0) -> None:
    # What changes on the ring. slides: [a, b] or [a] or None (not placed yet); gap:
    # its numbers in ring order; cursor: the number being picked (0: none); ghost: a
    # slide's old place, drawn while a move is previewed. Always 5 items, the cursor
    # first, so turning the encoder changes one.
    items = frame.items
    if cursor:
        items.append(t.cursor(cursor))
    else:
        items.append(t.nothing)
    a = b = 0
    if slides:
        a = slides[0]
        if len(slides) > 1:
            b = slides[1]
    first = count = 0
    if gap:
        first = gap[0]
        count = len(gap)
    key = (a, b, first, count, ghost)
    if t.last_key == key:
        items.extend(t.last_items)
        return
    nothing = t.nothing
    part = (t.slide(a) if a else nothing, t.slide(b) if b else nothing,
            t.ghost(ghost) if ghost else nothing, t.wedge(first, count) if count else nothing)
    t.last_key = key
    t.last_items = part
    items.extend(part)


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

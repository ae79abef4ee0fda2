# What a screen draws into and what it may know of the display: the Layout, the
# Frame (a plain list of shapes and text), the colours, the item kinds and the
# key numbers every screen shares.

try:
    from typing import TYPE_CHECKING, Any, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

from parlour_rules.errors import cut

from .caches import remember, room_for

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

K_UP = const(1)
K_DOWN = const(7)
K_UNDO = const(9)
K_MENU = const(10)
K_OK = const(11)
KEYS = const(12)

# Colours are 0xRRGGBB. A mono board shows anything but BLACK as lit.
BLACK = const(0x000000)
WHITE = const(0xFFFFFF)
GREY = const(0x808080)
RED = const(0xFF3030)
GREEN = const(0x30D050)
BLUE = const(0x3070FF)
YELLOW = const(0xFFD000)
ORANGE = const(0xFF8000)
CYAN = const(0x30D0D0)
MAGENTA = const(0xE040E0)

# Frame item kinds (first element of each item tuple).
TEXT = const(0)
RECT = const(1)
CIRCLE = const(2)
LINE = const(3)
POLY = const(4)
GROUP = const(5)
# The colour board's key labels: three columns a third of its width apart, rows a
# small line apart, each box a pixel short of its neighbours.
_KEY_PITCH_X = const(107)
_KEY_PITCH_Y = const(12)
_KEY_BOX_W = const(105)
_KEY_BOX_H = const(11)
MEMO_SIZE = const(12)      # parts a Frame remembers (Frame.memo) before starting over


def fit(text: str, room: int) -> str:
    # A title or hint cut to `room` characters, with no mark (errors.cut).
    return cut(text, room, "")


class Layout:
    # What a screen may know about the display: its size, whether it has colour,
    # the character cell (terminalio's 6x12 font times `scale`) and the body area
    # between the app's title/message line and its hint line / key labels.
    def __init__(self, width: int, height: int, colour: bool, scale: int, body_top: int,
                 body_height: int) -> None:
        self.width = width
        self.height = height
        self.colour = colour
        self.scale = scale
        self.char_w = 6 * scale
        self.line_h = 12 * scale
        self.body_top = body_top
        self.body_height = body_height
        self.cols = width // self.char_w
        self.rows = body_height // self.line_h

    def row_y(self, row: int) -> int:
        return self.body_top + row * self.line_h

    def key_box(self, key: int) -> "Tuple[int, int, int, int]":
        # The colour board's label box for pad key `key` (0..11): the pad's 3x4
        # grid under the hint line, in small text. -> (x, y, width, height)
        return ((key % 3) * _KEY_PITCH_X,
                self.body_top + self.body_height + _KEY_PITCH_Y + (key // 3) * _KEY_PITCH_Y,
                _KEY_BOX_W, _KEY_BOX_H)


class Frame:
    # A render description: a list of tuples, compared whole to decide a redraw.
    #   (TEXT, x, y, text, colour, scale, background or -1)
    #   (RECT, x, y, w, h, colour, filled)
    #   (CIRCLE, x, y, r, colour, filled)
    #   (LINE, x0, y0, x1, y1, colour)
    #   (POLY, ((x, y), (x, y), ...), colour)   a filled polygon
    #   (GROUP, (item, item, ...))               items drawn as one layer
    # Coordinates are pixels from the display's top-left; text is placed by its
    # top-left corner. Items are drawn in order (later ones on top).
    def __init__(self, layout: Layout, memo: "Optional[dict[Any, Any]]" = None) -> None:
        self.layout = layout
        self.items: list[Tuple[Any, ...]] = []
        self._memo = memo

    def memo(self, key: Any, build: Any) -> None:
        # Add the items build(frame) draws, remembered under `key` (a tuple of
        # everything they depend on): a part that has not changed since an earlier
        # frame costs one lookup instead of its drawing. Keys must be hashable.
        memo = self._memo
        if memo is None:
            build(self)
            return
        part = memo.get(key)
        if part is None:
            start = len(self.items)
            build(self)
            remember(memo, MEMO_SIZE, key, tuple(self.items[start:]))
            return
        self.items.extend(part)

    def keep(self, slot: "list[Any]", key: Any, build: Any, *args: Any) -> None:
        # Like memo(), with one remembered part in the caller's `slot` ([key, items]):
        # for a part that changes on every click (the entry), where a dict entry per
        # click would only fill the memo; comparing the keys is all a repeat costs.
        # build(frame, *args) draws the part.
        if slot[0] == key and slot[1] is not None:
            self.items.extend(slot[1])
            return
        items = self.items
        start = len(items)
        build(self, *args)
        slot[0] = key
        slot[1] = tuple(items[start:])

    def text(self, x: int, y: int, text: str, colour: int = WHITE, scale: int = 1,
             background: int = -1) -> None:
        self.items.append((TEXT, x, y, text, colour, scale, background))

    def rect(self, x: int, y: int, w: int, h: int, colour: int = WHITE,
             filled: bool = True) -> None:
        self.items.append((RECT, x, y, w, h, colour, filled))

    def circle(self, x: int, y: int, r: int, colour: int = WHITE, filled: bool = True) -> None:
        self.items.append((CIRCLE, x, y, r, colour, filled))

    def line(self, x0: int, y0: int, x1: int, y1: int, colour: int = WHITE) -> None:
        self.items.append((LINE, x0, y0, x1, y1, colour))

    def group(self, items: "Tuple[Any, ...]") -> None:
        # A part that never changes (a ring's dots, say) as one item: one layer for
        # the renderer, one comparison per frame.
        self.items.append((GROUP, items))

    def polygon(self, points: Any, colour: int = WHITE) -> None:
        # A filled polygon through `points` (a tuple of (x, y) tuples, >= 3).
        self.items.append((POLY, tuple(points), colour))

    def row(self, row: int, text: str, colour: int = WHITE, inverse: bool = False) -> None:
        # One line of body text at the layout's scale; inverse = a highlighted row.
        lay = self.layout
        y = lay.row_y(row)
        if inverse:
            self.rect(0, y, lay.width, lay.line_h, colour)
            self.text(0, y, text, BLACK, lay.scale, -1)
        else:
            self.text(0, y, text, colour, lay.scale)


# -- the key lights' policy: which colour each of the twelve keys shows (a key that
# does something lit by its role; a game's seat keys by whose turn it is and who
# deals) and how bright. Screens choose, the board only sets the LEDs.
LED_OK = 0x002008
LED_UNDO = 0x200800
_LED_KEY = const(0x080818)
# The seat keys 0..3 on a game's screen: the player to play, and the dealer.
LED_TURN = 0x202000
LED_DEALER = 0x140020
# Brightness levels: a key light's colour is scaled by LEVELS[level] / 4.
LEVELS = (1, 2, 4)


def led_colours(labels: Optional[Tuple[str, ...]]) -> list[int]:
    # The default lights: a key that does something is lit by its role.
    out: list[int] = []
    for key in range(12):
        label = labels[key] if labels is not None else ""
        if not label:
            out.append(0)
        elif key == 9:
            out.append(LED_UNDO)
        elif key == 11:
            out.append(LED_OK)
        else:
            out.append(_LED_KEY)
    return out


# The role colours of the last few key labels (a game's steps come back with the same
# few): a step's lights then cost a copy, not a pass over the twelve keys.
_ROLES_KEPT = const(6)
_BY_ROLE: "dict[Any, list[int]]" = room_for(_ROLES_KEPT)


def seat_lights(old: Any, labels: Tuple[str, ...], turn: Any, dealer: Any) -> Tuple[int, ...]:
    # The keys lit by their role, with seat keys 0..3 showing who deals and whose
    # turn it is (the turn's colour wins on the dealer's own turn); `old` itself
    # when nothing differs, so the app sees the same tuple.
    base = _BY_ROLE.get(labels)
    if base is None:
        base = remember(_BY_ROLE, _ROLES_KEPT, labels, led_colours(labels))
    out = list(base)
    if type(dealer) is int and 0 <= dealer < 4:
        out[dealer] = LED_DEALER
    if type(turn) is int and 0 <= turn < 4:
        out[turn] = LED_TURN
    lit = tuple(out)
    return old if old == lit else lit


def dimmed(colours: Any, level: int) -> list[int]:
    # Each channel scaled by the brightness level (0 low, 1 middle, 2 full).
    factor = LEVELS[level] if 0 <= level < len(LEVELS) else LEVELS[-1]
    if factor == 4:             # full brightness, the default
        return list(colours)
    out: list[int] = []
    for colour in colours:
        if factor == 4 or not colour:
            out.append(colour)
            continue
        r = ((colour >> 16) & 0xFF) * factor // 4
        g = ((colour >> 8) & 0xFF) * factor // 4
        b = (colour & 0xFF) * factor // 4
        out.append((r << 16) | (g << 8) | b)
    return out

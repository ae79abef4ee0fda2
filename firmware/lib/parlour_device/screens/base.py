# The screen contract. A screen decides what to show and what the keys mean; it
# never touches displayio, pins, files or the serial link. It draws into a Frame
# (a plain list of shapes and text, see below), which the app hands to the
# board's renderer only when it differs from the last one. So a screen and a
# whole match run on MicroPython with no display at all (the bench measures them).
#
# Keys are numbered 0..11, three columns by four rows, as on the MacroPad:
#     0  1  2
#     3  4  5
#     6  7  8
#     9 10 11
# Key 9 is Undo and key 10 is Menu on every screen (the base class handles them
# when a screen passes them up with super().on_key(key)); key 11 is the usual OK.
# The encoder turns (on_turn) and its switch presses (on_press).

try:
    from typing import TYPE_CHECKING, Any, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ..app import App

from .sized import remember

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

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
MEMO_SIZE = const(48)      # parts a Frame remembers (Frame.memo) before starting over


def fit(text: str, room: int) -> str:
    # The text cut to `room` characters; the same string when it fits (slicing
    # makes a new string, and a new string costs more than anything else here).
    return text if len(text) <= room else text[:room]


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


class Screen:
    # Subclasses set `title`, implement draw(frame) and hint(), and handle input.
    # on_key / on_turn / on_press return the next Screen, or None to stay.
    # A game event goes through self.app.submit(event): None when it was accepted
    # (journalled, then applied), else the RulesError; its message is already on
    # the message line, so a screen usually just keeps its entry as it was.
    title = ""

    def __init__(self, app: "App") -> None:
        self.app = app

    def hint(self) -> str:
        # One line (at most layout.cols characters) saying what the keys do.
        return "9:Undo 10:Menu"

    def keys(self) -> Tuple[str, ...]:
        # Labels for keys 0..11 (short, <= 5 chars; "" = unused), shown beside the
        # keys on boards with room and used to light the key LEDs.
        return ("", "", "", "", "", "", "", "", "", "Undo", "Menu", "")

    def draw(self, frame: Frame) -> None:
        # Put the body into `frame` (the app draws title, message and hint).
        pass

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        # (hint, key labels): what the app draws under the body, asked once a frame.
        return self.hint(), self.keys()

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_UNDO:
            self.app.undo()
            return None
        if key == K_MENU:
            return self.app.menu()
        return None

    def on_turn(self, delta: int) -> "Optional[Screen]":
        return None

    def on_press(self) -> "Optional[Screen]":
        return self.on_key(K_OK)

    def on_show(self) -> None:
        # Called each time the screen becomes current (after a push or a back).
        pass


class ListScreen(Screen):
    # A scrolling list picked with the encoder (or keys 1/7 = up/down) and OK.
    # Subclasses provide entries() -> list of str, and choose(index) -> Screen/None.
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.index = 0
        self.top = 0
        self._rows: "Optional[list[str]]" = None
        self._stamp = 0
        self._part: "list[Any]" = [None, None]     # the rows drawn (Frame.keep)

    def entries(self) -> list[str]:
        return []

    def rows(self) -> list[str]:
        # entries(), worked out again only after a key (turning just moves).
        if self._rows is None:
            self._rows = self.entries()
            self._stamp += 1
        return self._rows

    def on_show(self) -> None:
        self._rows = None

    def choose(self, index: int) -> "Optional[Screen]":
        return None

    def hint(self) -> str:
        return "turn/1/7 pick 11:OK"

    def keys(self) -> Tuple[str, ...]:
        return ("", "Up", "", "", "", "", "", "Down", "", "Undo", "Menu", "OK")

    def move(self, delta: int) -> None:
        count = len(self.rows())
        if count:
            self.index = (self.index + delta) % count

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.move(delta)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        self._rows = None
        if key == 1:
            self.move(-1)
            return None
        if key == 7:
            self.move(1)
            return None
        if key == K_OK:
            return self.choose(self.index)
        return super().on_key(key)

    def draw(self, frame: Frame) -> None:
        self.rows()
        rows = frame.layout.rows
        if self.index < self.top:
            self.top = self.index
        if self.index >= self.top + rows:
            self.top = self.index - rows + 1
        frame.keep(self._part, (self._stamp, self.top, self.index), self._draw_rows)

    def _draw_rows(self, frame: Frame) -> None:
        # Each row's items appended straight to the frame (Frame.row's items, with
        # no call per row: a call costs about as much as the tuple it makes).
        lay = frame.layout
        rows = self.rows()
        items = frame.items
        count = len(rows)
        cols = lay.cols
        scale = lay.scale
        line_h = lay.line_h
        y = lay.body_top
        for i in range(self.top, self.top + lay.rows):
            if i >= count:
                break
            text = fit(rows[i], cols)
            if i == self.index:
                items.append((RECT, 0, y, lay.width, line_h, YELLOW if lay.colour else WHITE,
                              True))
                items.append((TEXT, 0, y, text, BLACK, scale, -1))
            else:
                items.append((TEXT, 0, y, text, GREY if text.endswith("soon") else WHITE,
                              scale, -1))
            y += line_h

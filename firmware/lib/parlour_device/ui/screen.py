# The screen contract. A screen decides what to show and what the keys mean; it
# never touches displayio, pins, files or the serial link. It draws into a Frame
# (ui/frame.py), which the app hands to the board's renderer only when it differs
# from the last one. So a screen and a whole match run on MicroPython with no
# display at all (the bench measures them).
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
    from .host import Host

from .frame import BLACK, K_DOWN, K_MENU, K_OK, K_UNDO, K_UP, RECT, TEXT, WHITE, YELLOW, Frame, fit


class Screen:
    # Subclasses set `title`, implement draw(frame) and hint(), and handle input.
    # on_key / on_turn / on_press return the next Screen, or None to stay.
    # A game event goes through self.app.submit(event): None when it was accepted
    # (journalled, then applied), else the RulesError; its message is already on
    # the message line, so a screen usually just keeps its entry as it was.
    title = ""
    # When on_due() is to be called, in the app's ticks (wrapping at 2**29); -1 none.
    # Set it with self.due = self.app.after(ms).
    due = -1

    def __init__(self, app: "Host") -> None:
        self.app = app

    def on_due(self) -> "Optional[Screen]":
        # The time set in `due` has come (a card shown long enough, a claim lock run
        # out, a countdown's next second): the app clears `due` first.
        return None

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

    def lights(self) -> "Optional[Tuple[int, ...]]":
        # The key lights as 12 colours (0xRRGGBB, 0 dark) where the screen has its
        # own (whose turn, who deals, a claim's result); None lights the keys that
        # do something by their role. Return the same tuple while nothing changes.
        return None

    def describe(self, event: "dict[str, Any]") -> str:
        # The event named for the message line, read against the match as it is now
        # (before the event: the app asks after an undo, a screen before it submits):
        # "Undone: " and this fit the MacroPad's 21 columns, so at most 13 characters.
        return str(event.get("t"))

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


class ViewScreen(Screen):
    # A play screen that follows its match: each new view (an event, an undo, a
    # resume after a power cut) reaches on_view(v, old) once, before anything on the
    # screen reads it; the rest of the time view() is one lookup.
    sv: "Any" = None

    def view(self) -> "dict[str, Any]":
        v: "dict[str, Any]" = self.app.view()
        old = self.sv
        if v is not old:
            self.sv = v
            self.on_view(v, old)
        return v

    def on_show(self) -> None:
        self.view()

    def on_view(self, v: "dict[str, Any]", old: "Any") -> None:
        pass


class ListScreen(Screen):
    # A scrolling list picked with the encoder (or keys 1/7 = up/down) and OK.
    # Subclasses provide entries() -> list of str, and choose(index) -> Screen/None.
    def __init__(self, app: "Host") -> None:
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
        if key == K_UP:
            self.move(-1)
            return None
        if key == K_DOWN:
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
        last = self.top + lay.rows - 1
        scrolls = count > lay.rows
        if scrolls:
            cols -= 1           # the last column marks the rows out of sight
        for i in range(self.top, self.top + lay.rows):
            if i >= count:
                break
            text = fit(rows[i], cols)
            selected = i == self.index
            if selected:
                items.append((RECT, 0, y, lay.width, line_h, YELLOW if lay.colour else WHITE,
                              True))
                items.append((TEXT, 0, y, text, BLACK, scale, -1))
            else:
                items.append((TEXT, 0, y, text, WHITE, scale, -1))
            if scrolls and ((i == self.top and i > 0) or (i == last and i < count - 1)):
                items.append((TEXT, lay.width - lay.char_w, y, "^" if i == self.top else "v",
                              BLACK if selected else WHITE, scale, -1))
            y += line_h

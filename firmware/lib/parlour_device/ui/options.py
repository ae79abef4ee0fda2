# A game's options before its match, as rows of data. Each row is a setting named
# as the match's config names it, with its values; keys 1/7 mark a row, the encoder
# turns its value, and 11 begins the match (Host.new_match) and makes its first
# entry: the cut, the seating or the deal, whose row is always the last.
# A begun match whose first entry was undone (or cut off by a power cut) comes back
# here with the settings it began with, fixed: only the last row still turns.
#
# A game's options screen says only what is its own: its settings, their values
# and defaults, a row's text, and the first entry. This module is loaded only while
# an options screen shows (games/<game>/options.py imports it). Its names are few
# and mostly ones the device already has: each new name stays interned for good.

from .frame import GREY, K_DOWN, K_OK, K_UNDO, K_UP, WHITE
from .lines import clip
from .screen import Screen

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Sequence, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .host import Host

KEYS = ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")


def pick(values: "Sequence[Any]", value: Any, fallback: Any) -> Any:
    # A default the laptop pushed, if it is one of the row's values.
    return value if value in values else fallback


class Options(Screen):
    game = ""
    # The game's settings in row order. A setting with no values for this table
    # (a four-player row at a smaller one) is not shown.
    settings: "Tuple[str, ...]" = ("dealer",)
    # one (hint, labels) for good: the app draws the key labels again only when
    # the tuple changes
    _chrome = ("turn:change 11:start", KEYS)

    def __init__(self, app: "Host", names: "List[str]",
                 live: "Optional[Dict[str, Any]]" = None, cut_again: "Any" = None) -> None:
        super().__init__(app)
        self.names = names
        # live: the begun match's config; only its first entry is still to come
        self.live = live
        # the game's way back here from play, when the first entry is undone
        self.cut_again = cut_again
        every = self.settings
        self.settings = tuple([kind for kind in every[:-1] if self.values(kind)] + [every[-1]])
        self.at = [0] * len(self.settings)      # each row's value, as an index
        for i in range(len(self.settings)):
            kind = self.settings[i]
            start = self.default(kind)
            if live is not None and kind in live:
                start = live[kind]
            self.at[i] = self.index(kind, start)
        self.row = len(self.settings) - 1 if live is not None else 0
        self._rows = [""] * len(self.settings)
        self._made = [-1] * len(self.settings)  # the value each row's text shows
        # on colour, the players under the rows: made once, not on every frame
        lay = app.layout
        self._players = clip("players: " + " ".join(names), 2 * lay.cols) if lay.colour else ""

    # -- what a game says (the dealer's row, C-3, is here: three games have it) --

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "dealer":
            return range(-1, len(self.names))      # -1: the cut
        return ()

    def default(self, kind: str) -> Any:
        if kind == "dealer":
            return -1
        return self.values(kind)[0]

    def label(self, kind: str, value: Any) -> str:
        if kind == "dealer":
            return "Dealer: " + ("cut" if value < 0 else self.names[value])
        return str(value)

    def changed(self, kind: str) -> None:
        # After a row's value turned: a row whose value follows it is set here.
        pass

    def entry(self) -> "Optional[Dict[str, Any]]":
        # The entry that opens play once the match has begun (None when the config
        # says it all): the cut for the deal, or the seat chosen.
        dealer = self.value("dealer")
        if dealer < 0:
            return {"t": "cut", "seed": self.app.seed()}
        if self.live is not None:
            return {"t": "cut", "dealer": dealer}
        return None

    def play(self) -> Screen:
        return self

    # -- the same for every game ----------------------------------------------

    def index(self, kind: str, value: Any) -> int:
        values = self.values(kind)
        for i in range(len(values)):
            if values[i] == value:
                return i
        return 0

    def value(self, kind: str) -> Any:
        # A row's value; a begun match's settings as the match has them.
        if self.live is not None and kind in self.live:
            return self.live[kind]
        return self.values(kind)[self.at[self.settings.index(kind)]]

    def set(self, kind: str, value: Any) -> None:
        self.at[self.settings.index(kind)] = self.index(kind, value)

    def config(self) -> "Dict[str, Any]":
        # The match's config: the players and every row but the last (the first
        # entry's), and the dealer when a seat was chosen.
        out: "Dict[str, Any]" = {"players": len(self.names), "names": self.names}
        for kind in self.settings[:-1]:
            out[kind] = self.value(kind)
        if "dealer" in self.settings and self.value("dealer") >= 0:
            out["dealer"] = self.value("dealer")
        return out

    def rows(self) -> "List[str]":
        # A row's text is made again only when its value or a row's above it changed
        # (a row's values may follow the rows above: Dumbo's seatings, its tables),
        # not on every frame; held by this screen alone.
        at = self.at
        made = self._made
        first = 0
        while first < len(at) and made[first] == at[first]:
            first += 1
        for i in range(first, len(at)):
            made[i] = at[i]
            kind = self.settings[i]
            self._rows[i] = self.label(kind, self.value(kind))
        return self._rows

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return self._chrome

    def hint(self) -> str:
        return self._chrome[0]

    def keys(self) -> "Tuple[str, ...]":
        return self._chrome[1]

    def on_turn(self, delta: int) -> "Optional[Screen]":
        last = len(self.settings) - 1
        if self.row > last:
            return None
        if self.live is not None and self.row < last:
            self.app.show("set: match begun")
            return None
        kind = self.settings[self.row]
        self.at[self.row] = (self.at[self.row] + delta) % len(self.values(kind))
        self.changed(kind)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_UP or key == K_DOWN:
            self.row = (self.row + (1 if key == K_DOWN else -1)) % len(self.settings)
            return None
        if key == K_OK:
            return self.begin()
        if key == K_UNDO:          # Back: nothing is begun to undo
            return self.app.menu()
        return super().on_key(key)

    def begin(self) -> "Optional[Screen]":
        if self.live is None and self.app.new_match(self.game, self.config()) is not None:
            return None
        entry = self.entry()
        if entry is not None and self.app.submit(entry) is not None:
            return None
        return self.play()

    def draw(self, frame: "Any") -> None:
        # the rows, the one being changed marked, and on colour the players under them
        lay = frame.layout
        rows = self.rows()
        for i in range(len(rows)):
            frame.row(i, clip(rows[i], lay.cols), WHITE, i == self.row)
        if lay.colour and lay.rows > len(rows) + 1:
            frame.text(0, lay.row_y(len(rows)) + 8, self._players, GREY)

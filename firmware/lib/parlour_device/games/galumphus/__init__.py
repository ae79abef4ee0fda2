# The Great Galumphus on the device (G-1..G-10): the device is the pack, the
# caller and the umpire. The options before a match are here; the play screen is
# play.py (drawn by draw.py, its text in texts.py), the end and the game's menu
# over.py.

from ...ui.frame import K_OK, K_UNDO
from ...ui.lines import draw_options
from ...ui.screen import Screen
from .over import GameOver
from .play import GalumphusPlay

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

TARGETS = (5, 7, 11)
TARGET_ROWS = ("Target: 5 designs", "Target: 7 designs", "Target: 11 designs")
SHOW_MAX = 5             # seconds a seat's card shows, at most
MAX_DEAL = 9999
# The same labels and hint on every row: on the colour board a change of either
# draws all twelve labels again. Keys 3/5 step the deal's number by ten.
KEYS = ("", "Up", "", "-10", "", "+10", "", "Down", "", "Back", "Menu", "Start")


def start(app: "Host", players: "List[str]") -> Screen:
    return GalumphusOptions(app, list(players))


def resume(app: "Host") -> Screen:
    v = app.view()
    if v["phase"] == "seed":
        # cut off by a power cut before its deal: dealt from its options screen
        return GalumphusOptions(app, v["names"], app.match.config)
    if v["phase"] == "over":
        return GameOver(app)
    return GalumphusPlay(app)


class GalumphusOptions(Screen):
    # Before the match: N designs to win (G-9), how long each seat's card shows
    # (G-3), and the deal: a fresh shuffle, or a numbered one (its seed, C-5) that
    # deals the same cards at every table that picks the same number.
    title = "Galumphus: options"

    def __init__(self, app: "Host", names: "List[str]",
                 live: "Optional[Dict[str, Any]]" = None) -> None:
        super().__init__(app)
        self.names = names
        default = 7 if len(names) <= 6 else 5
        target = app.option_default("galumphus", "target", default)
        self.target = TARGETS.index(target) if target in TARGETS else TARGETS.index(default)
        self.show_s = 2
        self.deal = 0          # 0: shuffled now; else the numbered deal
        self.row = 0
        self._key: "Any" = None
        self._rows: "List[str]" = []
        # live: the begun match's config; only its deal is still to come
        self.live = live
        if live is not None:
            self.target = TARGETS.index(live.get("target", TARGETS[self.target]))
            self.show_s = live.get("show_ms", 2000) // 1000
            self.row = 2

    def rows(self) -> "List[str]":
        # made again only when a value changes, and held by this screen alone: no
        # table of rows stays for the whole match
        key = (self.target, self.show_s, self.deal)
        if key != self._key:
            self._key = key
            deal = "Deal: no. %d" % self.deal if self.deal else "Deal: shuffled"
            self._rows = [TARGET_ROWS[self.target], "Show: %d s a seat" % self.show_s, deal]
        return self._rows

    def hint(self) -> str:
        return "turn:change 11:start"

    def keys(self) -> "Tuple[str, ...]":
        return KEYS

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.live is not None and self.row < 2:
            self.app.show("set: match begun")
        elif self.row == 0:
            self.target = (self.target + delta) % len(TARGETS)
        elif self.row == 1:
            self.show_s = (self.show_s - 1 + delta) % SHOW_MAX + 1
        else:
            self.deal = (self.deal + delta) % (MAX_DEAL + 1)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == 3 or key == 5:
            # tens on the deal's number: the encoder alone steps one at a time
            self.row = 2
            self.deal = (self.deal + (10 if key == 5 else -10)) % (MAX_DEAL + 1)
            return None
        if key == 1 or key == 7:
            self.row = (self.row + (1 if key == 7 else -1)) % 3
            return None
        if key == K_OK:
            config: "Dict[str, Any]" = {"players": len(self.names), "names": self.names,
                                        "target": TARGETS[self.target],
                                        "show_ms": self.show_s * 1000}
            if self.live is None and self.app.new_match("galumphus", config) is not None:
                return None
            seed = self.deal if self.deal else self.app.seed()
            if self.app.submit({"t": "seed", "seed": seed}) is not None:
                return None
            return GalumphusPlay(self.app)
        if key == K_UNDO:
            return self.app.menu()
        return super().on_key(key)

    def draw(self, frame: "Any") -> None:
        draw_options(frame, self.rows(), self.row, self.names)

# The Great Galumphus's options before a match (G-3, G-9, C-5): designs to win,
# how long each seat's card shows, and the deal: a fresh shuffle, or a numbered one
# (its seed) that deals the same cards at every table that picks the same number.
# Loaded only while the options show.

from ...ui.options import Options, pick
from ...ui.screen import Screen
from .. import forget
from .play import GalumphusPlay

try:
    from typing import Any, Dict, Optional, Sequence
except ImportError:
    pass

TARGETS = (5, 7, 11)
SHOWS = (1000, 2000, 3000, 4000, 5000)      # ms a seat's card shows
DEALS = range(10000)                        # 0: shuffled now; else the deal's number
# The same labels and hint on every row: on the colour board a change of either
# draws all twelve labels again. Keys 3/5 step the deal's number by ten.
KEYS = ("", "Up", "", "-10", "", "+10", "", "Down", "", "Back", "Menu", "Start")


class GalumphusOptions(Options):
    title = "Galumphus: options"
    game = "galumphus"
    settings = ("target", "show_ms", "deal")
    _chrome = ("turn:change 11:start", KEYS)

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "target":
            return TARGETS
        if kind == "show_ms":
            return SHOWS
        return DEALS

    def default(self, kind: str) -> Any:
        if kind == "target":
            default = 7 if len(self.names) <= 6 else 5
            return pick(TARGETS, self.app.option_default("galumphus", "target", default),
                        default)
        if kind == "show_ms":
            return 2000
        return 0

    def label(self, kind: str, value: Any) -> str:
        if kind == "target":
            return "Target: %d designs" % value
        if kind == "show_ms":
            return "Show: %d s a seat" % (value // 1000)
        return "Deal: no. %d" % value if value else "Deal: shuffled"

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == 3 or key == 5:
            # tens on the deal's number: the encoder alone steps one at a time
            self.row = 2
            self.at[2] = (self.at[2] + (10 if key == 5 else -10)) % len(DEALS)
            return None
        return super().on_key(key)

    def entry(self) -> "Optional[Dict[str, Any]]":
        return {"t": "seed", "seed": self.value("deal") or self.app.seed()}

    def play(self) -> Screen:
        forget(__name__, "parlour_device.ui.options")    # loaded again if needed
        return GalumphusPlay(self.app)

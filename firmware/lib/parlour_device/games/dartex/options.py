# Dartex's options before a match (X-8, C-3): the target and who deals. Loaded
# only while the options show.

from ...ui.options import Options, pick
from ...ui.screen import Screen
from .. import forget
from .play import DartexPlay

try:
    from typing import Any, Sequence
except ImportError:
    pass

TARGETS = (100, 200, 250, 300, 400, 500, 750, 1000)


class DartexOptions(Options):
    title = "Dartex: options"
    game = "dartex"
    settings = ("target", "dealer")

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "target":
            return TARGETS
        return super().values(kind)

    def default(self, kind: str) -> Any:
        if kind == "target":
            return pick(TARGETS, self.app.option_default("dartex", "target", 500), 500)
        return super().default(kind)

    def label(self, kind: str, value: Any) -> str:
        if kind == "target":
            return "Target: %d" % value
        return super().label(kind, value)

    def play(self) -> Screen:
        forget(__name__, "parlour_device.ui.options")    # loaded again if needed
        return DartexPlay(self.app, self.cut_again)

# Stump's options before a match (S-7, S-8, C-3): singles or partnership (four
# players), the target, who deals. Loaded only while the options show.

from ...ui.options import Options, pick
from ...ui.screen import Screen
from .. import forget
from .play import StumpPlay

try:
    from typing import Any, Dict, Sequence
except ImportError:
    pass

TARGETS = (10, 15, 20, 25, 30, 40, 50, 75, 100)


class StumpOptions(Options):
    title = "Stump: options"
    game = "stump"
    settings = ("partnership", "target", "dealer")

    def values(self, kind: str) -> "Sequence[Any]":
        if kind == "partnership":
            return (False, True) if len(self.names) == 4 else ()
        if kind == "target":
            return TARGETS
        return super().values(kind)

    def default(self, kind: str) -> Any:
        if kind == "target":
            return pick(TARGETS, self.app.option_default("stump", "target", 25), 25)
        return super().default(kind)

    def label(self, kind: str, value: Any) -> str:
        if kind == "partnership":
            return "Play: " + ("partners" if value else "singles")
        if kind == "target":
            return "Target: %d" % value
        return super().label(kind, value)

    def changed(self, kind: str) -> None:
        if kind == "partnership":          # S-8: 50 for partners, 25 for singles
            self.set("target", 50 if self.value("partnership") else 25)

    def config(self) -> "Dict[str, Any]":
        out = super().config()
        out["partnership"] = len(self.names) == 4 and self.value("partnership")
        return out

    def play(self) -> Screen:
        forget(__name__, "parlour_device.ui.options")    # loaded again if needed
        return StumpPlay(self.app, self.cut_again)

# The Great Galumphus on the device (G-1..G-10): the device is the pack, the
# caller and the umpire. The options before a match are options.py (loaded only
# while they show); the play screen is play.py (drawn by draw.py, its text in
# texts.py), the end and the game's menu results.py, loaded when one first shows
# (both come once a game or rarely: the key that starts the game is 46 ms quicker).

from ...ui.screen import Screen
from .play import GalumphusPlay

try:
    from typing import TYPE_CHECKING, List
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host


def start(app: "Host", players: "List[str]") -> Screen:
    from .options import GalumphusOptions
    return GalumphusOptions(app, list(players))


def resume(app: "Host") -> Screen:
    v = app.view()
    if v["phase"] == "seed":
        # cut off by a power cut before its deal: dealt from its options screen
        from .options import GalumphusOptions
        return GalumphusOptions(app, v["names"], app.match.config)
    if v["phase"] == "over":
        from .results import GameOver
        return GameOver(app)
    return GalumphusPlay(app)

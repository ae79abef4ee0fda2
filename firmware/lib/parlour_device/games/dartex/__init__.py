# Dartex on the device (X-1..X-8): the options before a match are options.py
# (loaded only while they show), the play screen play.py (drawn by draw.py); the
# table and the hand's end are results.py.

from ...ui.screen import Screen
from .play import DartexPlay
from .results import HandOver

try:
    from typing import TYPE_CHECKING, List, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host


def start(app: "Host", players: "List[str]") -> Screen:
    from .options import DartexOptions
    return DartexOptions(app, list(players), None, cut_again)


def resume(app: "Host") -> Screen:
    again = cut_again(app)
    if again is not None:
        return again
    play = DartexPlay(app, cut_again)
    if app.view()["hand_over"]:
        return HandOver(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the target fixed.
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    from .options import DartexOptions
    return DartexOptions(app, app.view()["names"], match.config, cut_again)

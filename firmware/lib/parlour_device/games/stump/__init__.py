# Stump on the device (S-1..S-8): the options before a match are options.py
# (loaded only while they show), the play screen play.py (drawn by draw.py on the
# ring of ring.py), the results results.py.

from parlour_rules.stump.views import over

from ...ui.screen import Screen
from .play import StumpPlay
from .results import RoundOver

try:
    from typing import TYPE_CHECKING, List, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host


def start(app: "Host", players: "List[str]") -> Screen:
    from .options import StumpOptions
    return StumpOptions(app, list(players), None, cut_again)


def resume(app: "Host") -> Screen:
    # Back on the screen the last entry showed: the results when it ended the game
    # or a round (the state's last line says so until the next entry; its
    # Next enters nothing, so it is shown again until the new round's first entry).
    again = cut_again(app)
    if again is not None:
        return again
    play = StumpPlay(app, cut_again)
    if app.read(over):
        return RoundOver(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the rest of it fixed.
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    from .options import StumpOptions
    return StumpOptions(app, app.view()["names"], match.config, cut_again)

# Dumbo on the device (D-1..D-15): the options and seating before a match are
# options.py (loaded only while they show); the counts entry is play.py, the card
# entry card_entry.py (loaded only while open), the hand's and the game's results
# results.py.

from ...ui.screen import Screen
from .play import DumboPlay
from .results import HandOver

try:
    from typing import TYPE_CHECKING, List, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

_RESULTS = ("hand", "wrong", "void")     # the entries a hand's result follows


def start(app: "Host", players: "List[str]") -> Screen:
    from .options import DumboOptions
    return DumboOptions(app, list(players), None, seat_again)


def resume(app: "Host") -> Screen:
    again = seat_again(app)
    if again is not None:
        return again
    # Back on the screen the last entry showed: a hand's result (its Next enters
    # nothing, so it shows again until the next hand is entered) or the game's end.
    play = DumboPlay(app, seat_again)
    v = app.view()
    if v["over"] or v["deal"] is not None or app.match.events[-1].get("t") in _RESULTS:
        return HandOver(app, play)
    return play


def seat_again(app: "Host") -> "Optional[Screen]":
    # A match with no seating yet (its cut undone, or cut off by a power cut before
    # it was made) is seated again from its options screen, the rest of it fixed.
    if app.match is None or app.match.events:
        return None
    from .options import DumboOptions
    return DumboOptions(app, app.view()["names"], app.match.config, seat_again)

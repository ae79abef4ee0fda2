# Poker Rum and Poker Gin on the device (R-1..R-11): the options before a match
# (options.py, loaded only while they show), the show-down entry (play.py), the
# pages of a hand's outcome, the ledger and settle-up (results.py), and key 8's
# false call, void hand and session end (more.py). Seats 0..7 are keys 0..7.

from ...ui.screen import Screen
from .play import PokerPlay
from .results import HandDone, Settle

try:
    from typing import TYPE_CHECKING, List, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

_RESULTS = ("hand", "false_call", "void")     # the entries a hand's result follows


def start(app: "Host", players: "List[str]") -> Screen:
    from .options import PokerOptions
    return PokerOptions(app, list(players), None, cut_again)


def resume(app: "Host") -> Screen:
    again = cut_again(app)
    if again is not None:
        return again
    play = PokerPlay(app, cut_again)
    v = app.view()
    if v["over"]:
        return Settle(app, play)
    # Back on a hand's result when it was showing (its OK enters nothing, so it
    # shows again until the next hand is entered).
    last = v["last"]
    if last is not None and last["t"] in _RESULTS:
        return HandDone(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the rest of it fixed (R-5's first deal: the cut).
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    from .options import PokerOptions
    return PokerOptions(app, app.view()["players"], match.config, cut_again)

"""A match can always go on: random key sequences, undo among them most
often, with power cuts between, on every game's screens never leave a match that
no key moves on.

"Moves on" is concrete: from the screen as it is, some sequence of at most DEPTH
inputs (the twelve keys but Menu, one click of the encoder either way, its press,
two seconds with no input) either has the match's log accept a new entry beyond
the ones it holds, or ends the match (filed). The search is breadth first over
copies of the whole app (flash and journal in memory, see doubles/), each screen
seen once. A key that raises (on the board: "Error: ..." and the menu) fails too.
"""

import copy
import os
import sys
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import parlour_device.games as device_games
import parlour_rules.log as rules_log
from doubles.scripted_board import KEY, PRESS, TURN, WAIT
from parlour_device.app import App
from screens_support import Pad

DEPTH = 5            # inputs: enough for any game's shortest entry from any screen
SEARCH_LIMIT = 4000  # copies tried before the search gives up (the test then fails)
UNDO = (KEY, 9)
INPUTS = ([(KEY, key) for key in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11)]
          + [(TURN, 1), (TURN, -1), (PRESS, 0), (WAIT, 2000)])
MENU_INDEX = {"dumbo": 0, "poker": 1, "stump": 2, "dartex": 3, "galumphus": 4}
PLAYERS = {"dumbo": (2, 3, 4), "poker": (2, 3, 5), "stump": (2, 3, 4), "dartex": (2, 3, 4),
           "galumphus": (4, 5)}
REBOOT = ("reboot", 0)


def started(game, players):
    """A match begun from the menu with the options as they come (the cut)."""
    index = MENU_INDEX[game]
    pad = Pad()
    pad.do("k11 " + ("t%d " % index if index else "") + "k11 "
           + " ".join(["k11"] + ["t1 k11"] * (players - 1)) + " k8 k11")
    assert pad.app.match is not None and pad.events()
    return pad


def feed(pad, step):
    kind, value = step
    if kind == "reboot":
        pad.app = App(pad.board)
    else:
        pad.board.feed(kind, value)
    pad.app.step()


def copied(pad):
    # modules (a game's rules, its screens' classes) are shared, not copied
    return copy.deepcopy(pad, {id(m): m for m in list(sys.modules.values())})


def seen_as(pad):
    app = pad.app
    match = app.match
    return (type(app.screen).__name__, repr(app.compose().items), app.message,
            len(match.events) if match is not None else -1, repr(app.screen.lights()))


def way_on(pad, limit=SEARCH_LIMIT):
    """The inputs that move the match on from here, or None: see the module's text.
    A search that tries `limit` copies and finds none counts as no way on."""
    # A copy that ends its match unloads the game's modules (games.close_game): put
    # them back for the rest of the search and for the original.
    saved = dict(sys.modules), list(device_games._open), dict(rules_log._LOADED)
    try:
        held = len(pad.app.match.events)
        seen = {seen_as(pad)}
        frontier = deque([(pad, ())])
        tried = 0
        while frontier:
            node, path = frontier.popleft()
            for step in INPUTS:
                tried += 1
                if tried > limit:
                    return None
                probe = copied(node)
                try:
                    feed(probe, step)
                except Exception as e:      # on the board: an error and the menu
                    raise AssertionError("%r after %r" % (e, path + (step,))) from e
                match = probe.app.match
                if match is None or len(match.events) > held:
                    return path + (step,)
                if len(path) + 1 == DEPTH:
                    continue
                mark = seen_as(probe)
                if mark not in seen:
                    seen.add(mark)
                    frontier.append((probe, path + (step,)))
        return None
    finally:
        sys.modules.clear()
        sys.modules.update(saved[0])
        device_games._open[:] = saved[1]
        rules_log._LOADED.clear()
        rules_log._LOADED.update(saved[2])


def test_the_search_finds_the_stuck_match_it_is_for():
    # A match with no way on is found as one: the log refuses everything, as the
    # Dumbo match after its cut was undone once did.
    pad = started("dumbo", 2)
    assert way_on(pad, 300) is not None
    pad.app.match.game = _Refusing(pad.app.match.game)
    assert way_on(pad, 300) is None


class _Refusing:
    # A game whose every further event is refused (the rules' own RulesError).
    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        return getattr(self._game, name)

    def apply(self, state, event):
        from parlour_rules.errors import RulesError
        raise RulesError("stuck", "refused")

    def __deepcopy__(self, memo):
        return self


steps = st.lists(st.one_of(st.just(UNDO), st.just(UNDO), st.sampled_from(INPUTS),
                           st.just(REBOOT)), min_size=1, max_size=25)


@pytest.mark.parametrize("game", sorted(MENU_INDEX))
@settings(max_examples=12, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(0, 2), keys=steps)
def test_no_keys_with_undo_leave_a_match_that_cannot_go_on(game, players, keys):
    # the cuts and shuffles repeatable, as the simulator's scripts have them
    before = os.environ.get("PARLOUR_SEED")
    os.environ["PARLOUR_SEED"] = "21"
    try:
        counts = PLAYERS[game]
        pad = started(game, counts[players % len(counts)])
        for step in keys:
            feed(pad, step)
            if pad.app.match is None:        # filed: nothing left to go on
                return
            if step == UNDO or step == REBOOT:
                assert way_on(pad) is not None, (type(pad.app.screen).__name__, pad.events())
        assert way_on(pad) is not None, (type(pad.app.screen).__name__, pad.events())
    finally:
        if before is None:
            os.environ.pop("PARLOUR_SEED", None)
        else:
            os.environ["PARLOUR_SEED"] = before

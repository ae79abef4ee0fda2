"""Random Dumbo playouts on CPython: thousands of random legal hands per table size
against the reference model in tests/support/portable/cases_dumbo_play.py (the same code
runs smaller playouts on MicroPython). Invariants after every event: totals equal
the sum of hand scores plus the itemised bonuses (D-7, D-10), the reference's
totals, pairings and dealers (D-9, D-11, D-12, D-13) agree, the dealer is a
seated player, a refused event changes nothing and apply() never touches its
input; every 25 events, undo then redo gives the same state (C-4)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))

import cases_dumbo_play  # noqa: E402

TABLES = [("two", 2, 1), ("three", 3, 1), ("four", 4, 2), ("pairs", 4, 1)]


@pytest.mark.parametrize("name, players, tables", TABLES)
def test_d7_d15_random_playouts_keep_every_invariant(name, players, tables):
    hands = games = vertex = 0
    for seed in (11, 12, 13):
        h, g, v, _, errors = cases_dumbo_play.playout(players, tables, seed, 1000)
        assert errors == []
        hands += h
        games += g
        vertex += v
    assert hands >= 2000  # thousands of random legal hands per table size
    assert games >= 50 and vertex >= 5  # the playouts reach game ends and Vertex


def test_the_checks_catch_a_view_that_disagrees():
    # The harness is only as good as its checks: a view one point off is caught.
    from parlour_rules.log import MatchLog

    ref = cases_dumbo_play.Ref(2, 1, dict(cases_dumbo_play.VALUES_DEFAULT))
    m = MatchLog("dumbo", {"players": 2})
    event = {"t": "seat", "dealer": 0}
    m.append(event)
    cases_dumbo_play._follow(ref, event, m.state)
    event = {"t": "hand", "declarer": 1, "d": 6, "o": 2}
    m.append(event)
    cases_dumbo_play._follow(ref, event, m.state)
    view = m.view()
    errors = []
    cases_dumbo_play._check(view, ref, [0, 0], errors, 0)
    assert errors == []
    view["totals"] = [15, 0]
    cases_dumbo_play._check(view, ref, [0, 0], errors, 1)
    assert len(errors) == 2  # the reference's totals and the sum of the scores
    view = m.view()
    view["tables"][0]["seats"] = [1, 0]
    cases_dumbo_play._check(view, ref, [0, 0], errors, 2)
    assert len(errors) == 3

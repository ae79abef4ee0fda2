"""Random Dartex playouts on CPython: thousands of hands per table size, every event
checked against the reference model of tests/support/portable/cases_dartex_play.py (hand
sizes = dealt - thrown + picked up (X-6), pack never negative, totals = the sum of
the unfouled throws (X-4, X-5), hand and game ends (X-7, X-8)), refused events
change nothing, undo then redo gives the same state. The same module runs a few
matches on MicroPython through tests/rules/test_portable.py."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))

import cases_dartex_play as play  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_x6_x7_x8_thousands_of_hands_keep_the_invariants(players):
    hands = events = refused = passed_out = games = 0
    for seed in range(1, 400):
        result, log = play.play(players, seed, target=500, probe=3, undo_every=29)
        hands += result["hands"]
        events += result["events"]
        refused += result["refused"]
        passed_out += result["passed_out"]
        games += log.view()["game_over"]
    assert hands >= 1000 and games == 399
    assert refused > 5000
    assert passed_out > 0  # some hands ended by everyone passing


def test_x8_playouts_at_a_low_target_reach_ties_and_play_on():
    # Target 100: hands often end past the target, sometimes tied for highest (another
    # hand is played); every game ends with one player strictly highest.
    tied = 0
    for players in (2, 3, 4):
        for seed in range(1, 400):
            result, log = play.play(players, seed, target=100, check_every=1)
            tied += result["tied"]
            totals = log.view()["totals"]
            assert totals.count(max(totals)) == 1 and max(totals) >= 100
            assert log.view()["winner"] == totals.index(max(totals))
    assert tied > 0


def test_reference_values_agree_with_the_worked_examples():
    assert play.ref_value(["DOUBLE", "4", "5"]) == 13
    assert play.ref_value(["TREBLE", "DOUBLE", "10"]) == 60
    assert play.ref_value(["TREBLE", "TREBLE", "BULL"]) == 450
    assert play.ref_value(["4", "4", "9"], first=True) == 18
    assert play.ref_value(["18", "19", "CHAMP=20"]) == 57

"""Random Galumphus matches (4-8 players, N = 5, 7, 11): after every event the
48 cards are conserved and no Star is held (G-1, G-6); refused events change
nothing; claim undo then redo gives the same state (C-4); every match ends in a
win (G-9) or a stalemate (G-10). The checks live in the portable playout
(tests/support/portable/cases_galumphus.py), which MicroPython runs too."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))
from cases_galumphus import FEATURES, playout  # noqa: E402

MATCHES = 400
REASONS = {"row", "reach", "stars", "pass", "agreed"}


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_g1_g6_g9_g10_c4_random_playouts(players):
    seen = 0
    reasons = set()
    for i in range(MATCHES):
        target = (5, 7, 11)[i % 3]
        skill = (40, 70, 95)[i % 3 if players % 2 else (i + 1) % 3]
        result = playout(players * 100_000 + i, players, target, skill=skill)
        assert result[:2] == [players, target]
        assert result[2] in REASONS
        winners = result[3]
        assert winners and all(0 <= w < players for w in winners)
        if result[2] == "row":
            assert len(winners) == 1
        reasons.add(result[2])
        seen |= result[8]
    assert {"row", "pass"} <= reasons
    missing = [FEATURES[b] for b in range(len(FEATURES)) if not seen & (1 << b)]
    assert missing == []


def test_g10_every_kind_of_end_turns_up_across_table_sizes():
    reasons = set()
    for i in range(600):
        players = 4 + i % 5
        reasons.add(playout(9_000 + i, players, 11, skill=80, probes=0, undos=0)[2])
    assert {"row", "reach", "stars", "pass"} <= reasons


def test_portable_playout_cases_pass_their_own_checks():
    # test_portable compares MicroPython with CPython; here CPython itself must
    # finish every such case with no invariant broken.
    import cases_galumphus as cases

    for index in range(10):
        result = getattr(cases, "case_playouts_%02d" % index)()
        assert result[2] in REASONS and result[6] > 0
    checked = cases.case_undo_redo_claims()
    assert len(checked) >= 3 and all(same and redo for _, same, redo in checked)

"""`parlour score rum|gin|dumbo`: the meld solver from the laptop (R-3, R-6, D-2..D-6)."""

from __future__ import annotations

import json

import pytest

from parlour.cli import main

GIN_OTHER = "7D 8D 9D 6S 7S 8S 4C 4D 10C 10H".split()


def run(capsys, *argv):
    status = main(["score", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_rum_sheet_example_reads_melds_and_deadwood(capsys):
    status, out, _ = run(capsys, "rum", "6H", "7H", "8H", "9H", "JC", "QC", "KC", "2S", "2D", "5C")
    assert status == 0
    assert out.splitlines() == [
        "Poker Rum, one pack: deadwood 9",
        "melds     (6H 7H 8H 9H) (JC QC KC)",
        "deadwood  2S 2D 5C = 2 + 2 + 5 = 9",
        "may call  yes: a show-down needs 15 or less (R-4)",
    ]


def test_rum_takes_one_quoted_argument_too(capsys):
    status, out, _ = run(capsys, "rum", "6H 7H 8H 9H JC QC KC 2S 2D 5C", "--json")
    assert status == 0
    assert json.loads(out) == {"deadwood": 9, "melds": [["6H", "7H", "8H", "9H"],
                                                        ["JC", "QC", "KC"]],
                               "layoffs": [], "dead": ["2S", "2D", "5C"]}


def test_r6_gin_sheet_example_28_then_8(capsys):
    status, out, _ = run(capsys, "gin", *GIN_OTHER, "--caller", "6H 7H 8H 9H | JC QC KC")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Poker Gin, against the caller's (6H 7H 8H 9H) (JC QC KC): deadwood 8"
    assert "lay-offs  10H on (6H 7H 8H 9H); 10C on (JC QC KC)" in lines
    assert "deadwood  4D 4C = 4 + 4 = 8" in lines
    assert lines[-1] == "why       28 with his own melds alone; the lay-offs save 20 (R-6)"


def test_r6_gin_json_keys(capsys):
    status, out, _ = run(capsys, "gin", *GIN_OTHER, "--caller", "(6H 7H 8H 9H) (JC QC KC)",
                         "--json")
    assert status == 0
    assert json.loads(out) == {"deadwood": 8, "melds": [["6S", "7S", "8S"], ["7D", "8D", "9D"]],
                               "layoffs": [["10H"], ["10C"]], "dead": ["4D", "4C"]}


def test_r3_double_pack_identical_cards(capsys):
    status, out, _ = run(capsys, "rum", "7H", "7H", "7S", "7S", "7D", "7D", "7C", "8C", "9C",
                         "KD", "--double-pack", "--json")
    assert status == 0
    answer = json.loads(out)
    assert answer["melds"] == [["7S", "7S", "7H", "7H", "7D", "7D"], ["7C", "8C", "9C"]]
    assert answer["dead"] == ["KD"]


def test_d3_dumbo_joker_and_declare(capsys):
    status, out, _ = run(capsys, "dumbo", "4SQ", "5SQ", "6SQ", "JOKER", "2CI", "7DI", "7ST", "7CI")
    assert status == 0
    assert out.splitlines() == [
        "Dumbo: count 2",
        "welds     (7CI 7DI 7ST JOKER) (4SQ 5SQ 6SQ)",
        "count     2CI = 2",
        "Joker     added to (7CI 7DI 7ST JOKER) (D-3)",
        "declare   yes: a declaration needs a count of 7 or less (D-4)",
    ]


def test_d5_dumbo_octad(capsys):
    status, out, _ = run(capsys, "dumbo", "1SQ 2SQ 3SQ 9CI 9DI 9ST 9SQ JOKER", "--json")
    assert status == 0 and json.loads(out)["count"] == 0
    status, out, _ = run(capsys, "dumbo", "1SQ 2SQ 3SQ 9CI 9DI 9ST 9SQ JOKER")
    assert "declare   yes: an Octad, all 8 cards welded (D-5)" in out.splitlines()


def test_d6_dumbo_additions_and_the_unwelded_joker(capsys):
    # No weld of his own, so the Joker finds no home: 2 + 10 + 1 + 5 + 8 + 10
    status, out, _ = run(capsys, "dumbo", "2CI", "JOKER", "7SQ", "3SQ", "1DI", "5CI", "8ST",
                         "10DI", "--declarer", "4SQ 5SQ 6SQ")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Dumbo, against the declarer's (4SQ 5SQ 6SQ): count 36"
    assert "additions 3SQ 7SQ on (4SQ 5SQ 6SQ)" in lines
    assert "Joker     no weld of 3 to add it to: it counts 10 (D-3)" in lines
    status, out, _ = run(capsys, "dumbo", "2CI", "7SQ", "9CI", "9DI", "9ST", "1DI", "2DI", "3DI",
                         "--declarer", "4SQ 5SQ 6SQ", "--octad", "--json")
    assert json.loads(out) == {"count": 9, "melds": [["9CI", "9DI", "9ST"], ["1DI", "2DI", "3DI"]],
                               "layoffs": [[]], "dead": ["7SQ", "2CI"]}


GIN_HAND = ["gin", *GIN_OTHER[:9], "2S"]


@pytest.mark.parametrize("argv, message", [
    (["rum", "6H", "ZZ"], "parlour: bad card: ZZ"),
    (["rum", "6H", "6H", "7H"], "parlour: card twice: 6H"),
    (["rum", "6H", "6H", "6H", "--double-pack"], "parlour: too many: 6H"),
    ([*GIN_HAND, "--caller", "6H 7H 9H"], "parlour: not a meld: 6H 7H 9H"),
    ([*GIN_HAND, "--caller", "6H 7H"], "parlour: too short: 6H 7H"),
    ([*GIN_HAND, "--caller", "8D 9D 10D"], "parlour: card twice: 8D"),
    (["dumbo", "2CI", "JOKER", "--declarer", "4SQ 5SQ 6SQ JOKER"], "parlour: card twice: JOKER"),
    # the laptop names the whole token; only the device clips to its 20 characters
    (["dumbo", "10SQ", "--declarer", "11SQ 1SQ 2SQ"], "parlour: no weld: 11SQ 1SQ 2SQ"),
    (["rum", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS"],
     "parlour: a Poker Rum hand is 10 cards (11 after the draw): 12 given"),
])
def test_bad_input_exits_2_with_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.strip().splitlines()[-1] == message
    assert len(err.strip().splitlines()) == 1

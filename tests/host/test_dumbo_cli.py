"""`parlour score dumbo-hand`: one Dumbo hand from counts or cards (D-7, D-14)."""

import json

from parlour.cli import main


def run(capsys, *argv):
    status = main(["score", "dumbo-hand", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_counts_simple_declaration(capsys):
    status, out, _ = run(capsys, "--declarer-count", "3", "--opponent-count", "25",
                         "--names", "Ann,Bob")
    assert status == 0 and out == "Ann declares 3, Bob 25: Ann +22\n"


def test_counts_worked_example_d7_undercut_json(capsys):
    status, out, _ = run(capsys, "--declarer-count", "6", "--opponent-count", "2", "--json")
    answer = json.loads(out)
    assert status == 0
    assert answer["scores"] == {"declarer": 0, "opponent": 14}
    assert answer["winner"] == "opponent" and not answer["octad"] and not answer["wrong"]


def test_counts_worked_example_d3_joker(capsys):
    status, out, _ = run(capsys, "--declarer-count", "5", "--opponent-count", "2", "--joker",
                         "--json")
    answer = json.loads(out)
    assert answer["scores"] == {"declarer": 7, "opponent": 0}
    assert answer["opponent"] == {"count": 12, "joker": True}


def test_d5_octad_with_a_preset_bonus(capsys):
    status, out, _ = run(capsys, "--declarer-count", "0", "--opponent-count", "4",
                         "--octad-bonus", "25")
    assert out == "Declarer Octad, Opponent 4: Declarer +29 (Octad 25)\n"


def test_d7_tie_goes_to_the_opponent(capsys):
    _, out, _ = run(capsys, "--declarer-count", "4", "--opponent-count", "4", "--json")
    answer = json.loads(out)
    assert answer["scores"] == {"declarer": 0, "opponent": 0} and answer["winner"] == "opponent"


def test_cards_are_solved_and_shown(capsys):
    status, out, _ = run(capsys, "--declarer", "5CI 6CI 7CI 5SQ 6SQ 7SQ 3ST 2DI",
                         "--opponent", "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ", "--names", "Ann,Bob")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Ann: (5SQ 6SQ 7SQ) (5CI 6CI 7CI) 3ST 2DI  count 5"
    assert lines[1] == "Bob: 4SQ 3SQ 8SQ 9SQ on (5SQ 6SQ 7SQ); 4CI 8CI on (5CI 6CI 7CI); 2CI JOKER  count 12"
    assert lines[2] == "Ann declares 5, Bob 12 (Joker): Ann +7"


def test_cards_json_has_the_arrangement(capsys):
    _, out, _ = run(capsys, "--declarer", "1SQ 2SQ 3SQ 4SQ 9CI 9DI 9ST 2CI",
                    "--opponent", "5SQ 7CI 1DI 2ST 3ST 11ST 10ST 10CI", "--json")
    answer = json.loads(out)
    assert answer["declarer"] == {"count": 6, "welds": [["1SQ", "2SQ", "3SQ"], ["9CI", "9DI", "9ST"]],
                                  "loose": ["4SQ", "2CI"]}
    assert answer["opponent"]["count"] == 49 and answer["opponent"]["additions"] == [[], []]
    assert answer["scores"] == {"declarer": 43, "opponent": 0}


def test_d8_cards_over_7_are_a_wrong_declaration(capsys):
    status, out, _ = run(capsys, "--declarer", "(5CI 6CI 7CI) 5SQ 6SQ 7SQ 3ST 2DI",
                         "--opponent", "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ", "--json")
    answer = json.loads(out)
    assert status == 0 and answer["wrong"]
    assert answer["scores"] == {"declarer": 0, "opponent": 10}
    assert answer["declarer"]["count"] == 23 and answer["declarer"]["welds"] == [["5CI", "6CI", "7CI"]]


def test_refusals_exit_2_with_one_line(capsys):
    status, out, err = run(capsys, "--declarer-count", "8", "--opponent-count", "2")
    assert status == 2 and out == "" and err == "parlour: count over 7: 8\n"
    status, _, err = run(capsys, "--declarer-count", "3", "--opponent-count", "-1")
    assert status == 2 and err == "parlour: bad count: -1\n"
    status, _, err = run(capsys, "--declarer", "1SQ", "--opponent", "2SQ 3SQ")
    assert status == 2 and err == "parlour: --declarer: a Dumbo hand is 8 cards (D-14): 1 given\n"
    status, _, err = run(capsys, "--declarer", "1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 8SQ",
                         "--opponent", "8SQ 9SQ 10SQ 11SQ 1CI 2CI 3CI 4CI")
    assert status == 2 and err == "parlour: card twice: 8SQ\n"
    status, _, err = run(capsys, "--declarer-count", "3")
    assert status == 2 and "both" in err
    status, _, err = run(capsys, "--declarer-count", "3", "--opponent-count", "9",
                         "--declarer", "1SQ")
    assert status == 2 and "or both hands" in err

"""`parlour score rum-hand` / `gin-hand`: one show-down from deadwood or cards."""

import json

from parlour.cli import main

CALLER = "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C"
OTHER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"


def run(capsys, command, *argv):
    status = main(["score", command, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_r5_worked_example_by_deadwood_prints_who_pays_whom(capsys):
    status, out, _ = run(capsys, "rum-hand", "--caller", "0", "--deadwood", "9", "5", "5", "20",
                         "--names", "Cal,Ann,Bea,Dan")
    assert status == 0
    assert out == (
        "Poker Rum, 4 players: Cal calls with 9\n"
        "  Cal  deadwood   9     -8  caller\n"
        "  Ann  deadwood   5    +12  low\n"
        "  Bea  deadwood   5    +11  low\n"
        "  Dan  deadwood  20    -15\n"
        "Cal calls 9, Ann+Bea 5 win: Cal -8, Ann +12, Bea +11\n"
        "Payments:\n"
        "  Dan pays Ann 12\n"
        "  Dan pays Bea 3\n"
        "  Cal pays Bea 8\n")


def test_r6_worked_example_gin_by_cards_json(capsys):
    status, out, _ = run(capsys, "gin-hand", "--caller", "0", "--hands", f"{CALLER}; {OTHER}",
                         "--json")
    answer = json.loads(out)
    assert status == 0
    assert answer["deadwood"] == [9, 8] and answer["scores"] == [-11, 11]
    assert answer["payments"] == [{"from": "P1", "to": "P2", "amount": 11}]
    assert answer["hands"][1]["layoffs"] == [["10H"], ["10C"]]
    assert answer["hands"][1]["dead"] == ["4H", "4C"]
    assert answer["hands"][0]["melds"] == [["6H", "7H", "8H", "9H"], ["JC", "QC", "KC"]]


def test_r6_gin_text_shows_layoffs(capsys):
    status, out, _ = run(capsys, "gin-hand", "--caller", "0", "--hands", f"{CALLER}; {OTHER}",
                         "--names", "Ted,Viv")
    assert status == 0
    assert "       (6S 7S 8S)  (7D 8D 9D)  lays off 10H 10C  dead 4H 4C\n" in out
    assert out.endswith("Ted calls 9, Viv 8 wins: Ted -11, Viv +11\nPayments:\n"
                        "  Ted pays Viv 11\n")


def test_r5_rum_by_cards_other_pays_19(capsys):
    status, out, _ = run(capsys, "rum-hand", "--caller", "0", "--hands", f"{CALLER};{OTHER}",
                         "--json")
    answer = json.loads(out)
    assert answer["deadwood"] == [9, 28] and answer["scores"] == [19, -19]
    assert "layoffs" not in answer["hands"][1]


def test_r6_gin_forfeit_option(capsys):
    status, out, _ = run(capsys, "gin-hand", "--caller", "0", "--deadwood", "9", "8",
                         "--forfeit", "25", "--json")
    assert json.loads(out)["scores"] == [-26, 26]


def test_r7_caller_over_the_threshold_is_a_false_call(capsys):
    status, out, _ = run(capsys, "gin-hand", "--caller", "1", "--deadwood", "9", "12", "30")
    assert status == 0
    assert out == ("Poker Gin, 3 players: P2 calls with 12\n"
                   "P2 shows 12: a false call (R-7)\n"
                   "P2 false call 12: P2 -10\n"
                   "Payments:\n"
                   "  P2 pays P3 5\n"
                   "  P2 pays P1 5\n")


def test_r4_threshold_option_makes_it_a_call(capsys):
    status, out, _ = run(capsys, "gin-hand", "--caller", "1", "--deadwood", "20", "12",
                         "--threshold", "12", "--json")
    answer = json.loads(out)
    assert not answer["false_call"] and answer["scores"] == [-8, 8]


def test_equal_deadwood_pays_nothing(capsys):
    status, out, _ = run(capsys, "rum-hand", "--caller", "0", "--deadwood", "7", "7")
    assert status == 0 and out.endswith("P1 calls 7, low: P1 0\nNo payments.\n")


def test_bad_input_exits_2_with_one_line(capsys):
    cases = [
        ("rum-hand", "--caller", "3", "--deadwood", "1", "2"),
        ("rum-hand", "--caller", "0"),
        ("rum-hand", "--caller", "0", "--deadwood", "1", "2", "--hands", f"{CALLER};{OTHER}"),
        ("gin-hand", "--caller", "0", "--hands", f"{CALLER};7D 8D"),
        ("gin-hand", "--caller", "0", "--hands", f"{CALLER};{OTHER};"),
        ("gin-hand", "--caller", "0", "--deadwood", "1", "-4"),
        ("gin-hand", "--caller", "0", "--deadwood", "1", "4", "--names", "Ann"),
        ("rum-hand", "--caller", "0", "--hands", f"(QH KH AH) 2S; {OTHER}"),
    ]
    for argv in cases:
        status, out, err = run(capsys, *argv)
        assert status == 2, argv
        assert out == "" and err.startswith("parlour: ") and err.count("\n") == 1, (argv, err)

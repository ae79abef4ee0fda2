"""`parlour score stump-gap A B`: the gap between two slides (S-2), through parlour.cli.main."""

import json

import pytest

from parlour.cli import main


def run(capsys, *argv):
    status = main(["score", "stump-gap", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_s2_sheet_example_37_and_4(capsys):
    status, out, err = run(capsys, "37", "4")
    assert status == 0 and err == ""
    assert out == "38 39 40 1 2 3  (6 numbers)\n"


def test_s2_json_is_exactly_the_gap(capsys):
    status, out, _ = run(capsys, "37", "4", "--json")
    assert status == 0 and json.loads(out) == {"gap": [38, 39, 40, 1, 2, 3]}
    assert out == '{"gap": [38, 39, 40, 1, 2, 3]}\n'


def test_s2_order_of_the_slides_does_not_matter(capsys):
    assert run(capsys, "4", "37", "--json")[1] == '{"gap": [38, 39, 40, 1, 2, 3]}\n'


def test_s2_closed_gap(capsys):
    assert run(capsys, "40", "1")[1] == "closed (no number showing)\n"
    assert json.loads(run(capsys, "9", "9", "--json")[1]) == {"gap": []}


def test_s2_one_number_showing(capsys):
    assert run(capsys, "3", "1")[1] == "2  (1 number)\n"


def test_s2_slides_20_apart_show_both_sides(capsys):
    status, out, _ = run(capsys, "10", "30")
    assert status == 0
    assert out.splitlines() == [
        "slides 20 apart: the mover picks the side",
        "from 10: 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29  (19 numbers)",
        "from 30: 31 32 33 34 35 36 37 38 39 40 1 2 3 4 5 6 7 8 9  (19 numbers)",
    ]
    data = json.loads(run(capsys, "30", "10", "--json")[1])
    assert data["tie"] is True
    assert [c["side"] for c in data["choices"]] == [10, 30]
    assert data["choices"][1]["gap"][:3] == [31, 32, 33]


def test_s2_side_picks_one_of_the_two(capsys):
    status, out, _ = run(capsys, "10", "30", "--side", "30", "--json")
    assert status == 0 and json.loads(out)["gap"] == [31, 32, 33, 34, 35, 36, 37, 38, 39, 40,
                                                       1, 2, 3, 4, 5, 6, 7, 8, 9]


@pytest.mark.parametrize("argv, message", [
    (["0", "4"], "not 1..40: 0"),
    (["37", "41"], "not 1..40: 41"),
    (["W", "4"], "not 1..40: W"),
    (["x7", "4"], "not 1..40: x7"),
    (["10", "30", "--side", "11"], "side not a slide: 11"),
    (["37", "4", "--side", "37"], "no side to pick"),
])
def test_bad_numbers_exit_2_with_one_line(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err == f"parlour: {message}\n"


def test_missing_number_is_a_usage_error(capsys):
    status, _, err = run(capsys, "37")
    assert status == 2 and err.strip().splitlines()[-1].startswith("parlour: ")

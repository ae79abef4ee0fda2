"""One Dartex throw on its own: shapes (X-2), the first throw (X-3), values (X-4),
every Dartex row of docs/rules.md's worked examples, and `parlour score dartex`."""

import json

import pytest

from parlour.cli import main
from parlour_rules.dartex.throw import cards_in_front, parse_throw, score_throw
from parlour_rules.errors import LINE, RulesError


def score(text, first=False):
    return score_throw(parse_throw(text)[0], first)


def refusal(text, first=False):
    with pytest.raises(RulesError) as caught:
        score(text, first)
    assert len(caught.value.message) <= LINE
    return caught.value.message


# -- docs/rules.md worked examples, Dartex rows -------------------------------------------
@pytest.mark.parametrize("text, first, value", [
    ("4 4 9", True, 18),
    ("7 7 19", True, 38),
    ("DOUBLE 3 4", True, 10),
    ("DOUBLE 11 12", True, 34),
    ("DOUBLE 4 5", False, 13),
    ("TREBLE DOUBLE 10", False, 60),
    ("TREBLE TREBLE BULL", False, 450),
    ("4 CHAMP=5 6", False, 15),
    ("18 19 CHAMP=20", False, 57),
    ("OFF 5 6", False, 11),
    ("FOUL 10 11", False, 21),
    ("WIRE 19 20", False, 39),
])
def test_worked_examples(text, first, value):
    assert score(text, first) == value


def test_hot_path_constants_are_the_token_codes():
    from parlour_rules import dartex, tokens
    from parlour_rules.dartex import throw as dartex_throw
    from parlour_rules.dartex import views as dartex_view

    assert (dartex_throw._BULL, dartex_throw._CHAMP, dartex_throw._DOUBLE, dartex_throw._TREBLE,
            dartex_throw._FOUL, dartex_throw._WIRE) == (
        tokens.BULL, tokens.CHAMP, tokens.DOUBLE, tokens.TREBLE, tokens.FOUL, tokens.WIRE)
    assert (dartex._FOUL, dartex._WIRE) == (tokens.FOUL, tokens.WIRE)
    assert (dartex_view._FOUL, dartex_view._WIRE) == (tokens.FOUL, tokens.WIRE)
    layout = ("CARDS", "TARGETS", "VALUE", "STATUS", "FOULED", "PICKED_UP")
    assert [getattr(dartex, n) for n in layout] == [getattr(dartex_view, "_" + n) for n in layout]
    for word, card in dartex_throw.PLAIN.items():
        assert tokens.parse_dartex(word) == (card, None)


# -- X-1 card kinds ----------------------------------------------------------------------
def test_x1_champion_stands_for_numbers_only():
    assert score("CHAMP=25 OFF 20") == 45
    for bad in ("CHAMP=50", "CHAMP=21", "CHAMP=0", "22", "0"):
        with pytest.raises(RulesError) as caught:
            parse_throw([bad, "4", "5"])
        assert caught.value.code == "bad_card"


# -- X-2 shapes --------------------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("9 8 7", 24),               # any laid order
    ("5 DOUBLE 4", 13),          # the double takes the next number after it: 4
    ("19 20 25", 64),            # 25 follows 20
    ("BULL 5 6", 61),
    ("DOUBLE OFF 10", 20),
    ("BULL BULL 7", 107),
    ("OFF FOUL BULL", 50),
    ("WIRE WIRE 3", 3),
])
def test_x2_legal_shapes(text, value):
    assert score(text) == value


@pytest.mark.parametrize("text, message", [
    ("7 9 10", "no sequence: 7 9 10"),
    ("OFF 4 6", "no sequence: 4 6"),
    ("20 25 1", "no sequence: 20 25 1"),   # nothing follows 25: no wrap
    ("18 19 25", "no seq: 18 19 25"),      # 20 is missing; the short form fits a line
    ("5 5 6", "pair: 1st throw only"),
    ("DOUBLE OFF FOUL", "no number or Bull"),
    ("BULL BULL DOUBLE", "two Bulls: no number"),
    ("BULL BULL BULL", "two Bulls: no number"),
])
def test_x2_refused_shapes(text, message):
    assert refusal(text) == message


def test_x2_a_throw_is_three_cards():
    with pytest.raises(RulesError) as caught:
        parse_throw(["4", "5"])
    assert caught.value.message == "a throw is 3 cards"


# -- X-3 the first throw ------------------------------------------------------------------
def test_x3_first_throw_needs_a_double():
    assert refusal("7 8 9", first=True) == "first needs a double"
    assert refusal("TREBLE 8 9", first=True) == "first needs a double"


def test_x3_double_3_9_is_refused():
    assert refusal("DOUBLE 3 9", first=True) == "no sequence: 3 9"


@pytest.mark.parametrize("text, value", [
    ("4 4 BULL", 100), ("4 4 4", 8), ("9 4 4", 18), ("CHAMP=7 19 7", 38),
    ("DOUBLE OFF 10", 20), ("TREBLE DOUBLE 10", 60), ("DOUBLE DOUBLE BULL", 200),
])
def test_x3_first_throw_forms(text, value):
    assert score(text, first=True) == value


def test_x3_two_champions_may_make_the_pair():
    # docs/rules.md: "a Champion may be one of them"; a reading: a Champion is the number
    # it stands for everywhere, so two declared alike pair as well.
    assert score("CHAMP=7 CHAMP=7 9", first=True) == 18
    assert score("CHAMP=25 25 BULL", first=True) == 100


def test_x3_pair_only_on_the_first_throw():
    assert refusal("4 4 9") == "pair: 1st throw only"
    assert refusal("4 BULL 4") == "pair: 1st throw only"


# -- X-4 values ---------------------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("4 5 DOUBLE", 14),          # none after: the last one before (5)
    ("DOUBLE 4 TREBLE", 24),     # double on 4 (next after it), treble on 4 (last before)
    ("TREBLE BULL DOUBLE", 300), # both on the Bull: compounding
    ("OFF DOUBLE 7", 14),
])
def test_x4_multipliers(text, value):
    assert score(text) == value


def test_x5_cards_left_in_front():
    assert cards_in_front(parse_throw("FOUL WIRE 20")[0]) == 1
    assert cards_in_front(parse_throw("WIRE 19 20")[0]) == 2
    assert cards_in_front(parse_throw("DOUBLE OFF 10")[0]) == 3


# -- the laptop command ----------------------------------------------------------------
def run(argv, capsys):
    status = main(["score", "dartex"] + argv)
    out = capsys.readouterr()
    return status, out.out.strip(), out.err.strip()


def test_cli_prints_the_value(capsys):
    assert run(["DOUBLE", "4", "5"], capsys) == (0, "13", "")
    assert run(["4", "4", "9", "--first"], capsys) == (0, "18", "")


def test_cli_json(capsys):
    status, out, _ = run(["double", "4", "5", "--json"], capsys)
    assert status == 0 and json.loads(out) == {"score": 13}


def test_cli_illegal_throw_exits_1_with_the_reason(capsys):
    assert run(["7", "9", "10"], capsys) == (1, "no sequence: 7 9 10", "")
    assert run(["7", "8", "9", "--first"], capsys) == (1, "first needs a double", "")
    status, out, err = run(["DOUBLE", "4"], capsys)
    assert (status, out) == (2, "") and err.startswith("parlour: a throw is 3 cards, not 2")
    status, out, _ = run(["4", "4", "9", "--json"], capsys)
    assert status == 1
    assert json.loads(out) == {"error": "pair_not_first", "reason": "pair: 1st throw only"}


def test_cli_unknown_card_exits_2(capsys):
    status, out, err = run(["21", "4", "5"], capsys)
    assert status == 2 and out == "" and err == "parlour: bad card: 21"

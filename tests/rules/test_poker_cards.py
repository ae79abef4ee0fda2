"""Poker Rum and Poker Gin show-downs entered as cards: R-1..R-3, R-6, R-7, R-9, R-10."""

import pytest

from parlour_rules import poker
from parlour_rules.errors import LINE, RulesError
from parlour_rules.poker.cards import caller_deadwood, solve_hands

# The sheet: the caller drew 7H, laid 6-7-8-9 H and J-Q-K C, discarded KS, kept 2 2 5.
CALLER = "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C"
# The Gin example's other player: 7-8-9 D, 6-7-8 S, two fours, 10 C and 10 H.
OTHER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"


def cards_hand(caller, *hands):
    return {"t": "hand", "caller": caller, "cards": list(hands)}


def play(config, *events):
    state = poker.new_match(config)
    for event in events:
        state = poker.apply(state, event)
    return poker.view(state)


def refused(config, event):
    state = poker.new_match(config)
    before = repr(state)
    with pytest.raises(RulesError) as e:
        poker.apply(state, event)
    assert repr(state) == before
    assert 0 < len(e.value.message) <= LINE
    return e.value


def test_r10_worked_example_caller_deadwood_is_nine_discard_excluded():
    cfg = poker.new_match({"variant": "rum", "players": 2})["cfg"]
    assert caller_deadwood(cfg, CALLER) == 9
    # with the KS he discarded still in hand it would be 11 cards: refused
    with pytest.raises(RulesError) as e:
        caller_deadwood(cfg, CALLER + " KS")
    assert e.value.code == "hand_size"


def test_r5_worked_example_rum_by_cards_other_pays_19():
    view = play({"variant": "rum", "players": 2}, cards_hand(0, CALLER, OTHER))
    assert view["last"]["deadwood"] == [9, 28]
    assert view["totals"] == [19, -19]


def test_r6_worked_example_gin_by_cards_28_becomes_8_caller_pays_11():
    config = {"variant": "gin", "players": 2}
    view = play(config, cards_hand(0, CALLER, OTHER))
    assert view["last"]["deadwood"] == [9, 8]
    assert view["last"]["winners"] == [1]
    assert view["totals"] == [-11, 11]
    hands = solve_hands(poker.new_match(config)["cfg"], 0, [CALLER, OTHER])
    deadwood, melds, layoffs, dead = hands[1]
    assert deadwood == 8
    assert layoffs == [[22], [48]]  # 10H onto 6-9 H, 10C onto J-K C, as laid
    assert sorted(dead) == [16, 42]  # the two fours


def test_r6_layoffs_are_judged_separately_for_each_player():
    # Four players, double pack: both others hold 10H and 10C and both lay them off.
    hands = [CALLER, OTHER, OTHER, "AS 2S 3S 4S 5S AC 2C 3C 6C 9C"]
    view = play({"variant": "gin", "players": 4}, cards_hand(0, *hands))
    assert view["last"]["deadwood"] == [9, 8, 8, 15]
    # pool (9 - 8) + 10 + (15 - 8) = 18, shared 9 and 9
    assert view["totals"] == [-11, 9, 9, -7]


def test_r6_one_players_layoff_does_not_open_the_way_for_another():
    # Seat 1 could lay 10H on 6-9 H and then JH; seat 2 holds only JH: it cannot
    # use seat 1's 10H, so JH stays dead for him.
    caller = "(6H 7H 8H 9H) (AS 2S 3S 4S 5S) 7C"
    one = "10H JH 2D 3D 4D 9C 9D 9S KD QS"
    two = "JH 5D 6D 7D KC KS KH 2C 3C 4C"
    cfg = poker.new_match({"variant": "gin", "players": 4})["cfg"]
    hands = solve_hands(cfg, 0, [caller, one, two, "AD AH AC 8C 8D 8S 10C 10D 10S QC"])
    assert hands[1][0] == 20  # KD QS dead; 10H JH laid off
    assert hands[2][0] == 10  # JH dead
    assert hands[1][2][0] == [22, 23]


def test_r9_callers_melds_are_taken_as_laid():
    # He could have melded 2-3-4 S but laid them loose: they count.
    cfg = poker.new_match({"variant": "rum", "players": 2})["cfg"]
    assert caller_deadwood(cfg, "(6H 7H 8H 9H) (JC QC KC) 2S 3S 4S") == 9
    assert caller_deadwood(cfg, "(6H 7H 8H 9H) (JC QC KC) (2S 3S 4S)") == 0


def test_r9_ungrouped_caller_is_laid_out_at_his_least_deadwood():
    cfg = poker.new_match({"variant": "rum", "players": 2})["cfg"]
    assert caller_deadwood(cfg, "6H 7H 8H 9H JC QC KC 2S 2D 5C") == 9


def test_r9_others_are_solved_whatever_they_write():
    # Seat 1 writes a poor grouping; the solver finds 7-8-9 D and 6-7-8 S anyway.
    view = play({"variant": "rum", "players": 2},
                cards_hand(0, CALLER, "(7D 8D) 9D 6S (7S 8S 4H) 4C 10C 10H"))
    assert view["last"]["deadwood"] == [9, 28]


def test_r3_caller_group_must_be_a_meld():
    error = refused({"variant": "rum", "players": 2},
                    cards_hand(0, "(6H 7H 9H 8C) (JC QC KC) 2S 2D 5C", OTHER))
    assert error.code == "bad_meld"


def test_r3_ace_is_low_only():
    cfg = poker.new_match({"variant": "rum", "players": 2})["cfg"]
    assert caller_deadwood(cfg, "(AH 2H 3H) (JC QC KC) 2S 2D 5C 4D") == 13
    with pytest.raises(RulesError):
        caller_deadwood(cfg, "(QH KH AH) (JC QC KC) 2S 2D 5C 4D")


def test_r3_double_pack_sets_up_to_six_identical_cards_allowed():
    cfg = poker.new_match({"variant": "rum", "players": 4})["cfg"]
    assert caller_deadwood(cfg, "(5H 5H 5S 5S 5D 5C) AS 2D 3C 4H") == 10
    with pytest.raises(RulesError):
        caller_deadwood(cfg, "(5H 5H 5S 5S 5D 5C 5C) AS 2D 3C")


def test_r3_no_two_identical_cards_in_one_sequence():
    cfg = poker.new_match({"variant": "rum", "players": 4})["cfg"]
    with pytest.raises(RulesError):
        caller_deadwood(cfg, "(5H 6H 6H 7H) AS 2D 3C 4H 9S 9D")


def test_r1_single_pack_up_to_three_players_double_above():
    hands3 = [CALLER, OTHER, "7D AS 2S 3S 4S 5S AC 2C 3C 4C"]  # 7D twice: one pack
    assert refused({"variant": "rum", "players": 3}, cards_hand(0, *hands3)).code == "dup_card"
    hands4 = hands3 + ["AD 2D 3D 4D 5D 6D KD QD JD 10D"]
    view = play({"variant": "rum", "players": 4}, cards_hand(0, *hands4))
    assert len(view["last"]["deadwood"]) == 4
    # a third copy is refused even with two packs
    hands4[3] = "7D AD 2D 3D 4D 5D 6D KD QD JD"
    assert refused({"variant": "rum", "players": 4}, cards_hand(0, *hands4)).code == "dup_card"


def test_r2_pip_values_face_cards_ten_ace_one():
    cfg = poker.new_match({"variant": "rum", "players": 2})["cfg"]
    assert caller_deadwood(cfg, "(2H 3H 4H) (5S 6S 7S) (8D 9D 10D) AC") == 1
    assert caller_deadwood(cfg, "(2H 3H 4H) (5S 6S 7S) (8D 9D 10D) KC") == 10
    assert caller_deadwood(cfg, "(2H 3H 4H) (5S 6S 7S) (8D 9D 10D) JC") == 10


def test_r10_ten_cards_per_player():
    error = refused({"variant": "rum", "players": 2},
                    cards_hand(0, CALLER, "7D 8D 9D 6S 7S 8S 4H 4C 10C"))
    assert error.code == "hand_size"
    assert error.message == "P2: cards 9"


def test_r4_caller_over_the_threshold_by_cards_is_no_show_down():
    config = {"variant": "gin", "players": 2}
    error = refused(config, cards_hand(0, "(6H 7H 8H 9H) (JC QC KC) 2S 4D 5C", OTHER))
    assert error.code == "over_threshold" and error.message == "call over 10: 11"
    view = play(config, cards_hand(0, "(6H 7H 8H 9H) (JC QC KC) 2S 3D 5C", OTHER))
    assert view["last"]["deadwood"] == [10, 8]


def test_r7_false_call_by_cards_is_judged_on_what_he_shows():
    config = {"variant": "gin", "players": 3}
    view = play(config, {"t": "false_call", "caller": 1, "cards": "(6H 7H 8H) 9C 2S 2D 5C KS QD 3H"})
    assert view["last"]["shown"] == 41
    assert view["totals"] == [5, -10, 5]
    error = refused(config, {"t": "false_call", "caller": 1, "cards": CALLER})
    assert error.code == "not_false"


@pytest.mark.parametrize("event, code", [
    ({"t": "hand", "caller": 0, "cards": CALLER}, "bad_cards"),
    ({"t": "hand", "caller": 0, "cards": [CALLER]}, "bad_cards"),
    ({"t": "hand", "caller": 0, "cards": [CALLER, 7]}, "bad_cards"),
    ({"t": "hand", "caller": 0, "cards": [CALLER, "7D 8D 9D 6S 7S 8S 4H 4C 10C 1H"]}, "bad_card"),
    ({"t": "hand", "caller": 2, "cards": [CALLER, OTHER]}, "bad_seat"),
    ({"t": "hand", "caller": 0, "cards": [CALLER, "(" + OTHER]}, "bad_group"),
])
def test_bad_card_entries_are_refused(event, code):
    assert refused({"variant": "gin", "players": 2}, event).code == code

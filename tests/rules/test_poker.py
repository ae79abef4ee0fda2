"""Poker Rum and Poker Gin, hands entered as deadwood: R-4..R-8, R-11 and the ledger."""

import pytest

from parlour_rules import poker
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog


def play(config, *events):
    state = poker.new_match(config)
    for event in events:
        state = poker.apply(state, event)
    return poker.view(state)


def hand(caller, *deadwood):
    return {"t": "hand", "caller": caller, "deadwood": list(deadwood)}


def refused(config, events, event):
    state = poker.new_match(config)
    for e in events:
        state = poker.apply(state, e)
    before = repr(state)
    with pytest.raises(RulesError) as e:
        poker.apply(state, event)
    assert repr(state) == before, "a refused event changed the state"
    assert 0 < len(e.value.message) <= LINE
    return e.value


RUM2 = {"variant": "rum", "players": 2}
GIN2 = {"variant": "gin", "players": 2}
RUM4 = {"variant": "rum", "players": 4, "names": ["Cal", "Ann", "Bea", "Dan"]}


# -- the sheet's worked examples --------------------------------------------------

def test_r5_worked_example_rum_two_hands_other_pays_19():
    view = play(RUM2, hand(0, 9, 28))
    assert view["totals"] == [19, -19]
    assert view["last"]["payments"] == [[1, 0, 19]]
    assert view["last"]["line"] == "P1 calls 9, low: P1 +19"


def test_r6_worked_example_gin_beaten_by_one_caller_pays_11():
    view = play(GIN2, hand(0, 9, 8))
    assert view["totals"] == [-11, 11]
    assert view["last"]["payments"] == [[0, 1, 11]]
    assert view["last"]["winners"] == [1]


def test_r5_worked_example_tied_winners_share_with_odd_point():
    view = play(RUM4, hand(0, 9, 5, 5, 20))
    assert view["totals"] == [-8, 12, 11, -15]
    assert view["last"]["winners"] == [1, 2]
    assert view["last"]["line"] == "Cal calls 9, Ann+Bea 5 win: Cal -8, Ann +12, Bea +11"


# -- R-4 thresholds -------------------------------------------------------------

def test_r4_rum_calls_with_fifteen_or_less():
    assert play(RUM2, hand(1, 30, 15))["totals"] == [-15, 15]
    error = refused(RUM2, [], hand(1, 30, 16))
    assert error.code == "over_threshold"


def test_r4_gin_calls_with_ten_or_less_a_twelve_is_refused_as_a_call():
    assert play(GIN2, hand(0, 10, 20))["totals"] == [10, -10]
    error = refused(GIN2, [], hand(0, 12, 20))
    assert error.code == "over_threshold"
    assert error.message == "call over 10: 12"


def test_r4_thresholds_are_configurable():
    config = dict(GIN2, threshold=12)
    assert play(config, hand(0, 12, 20))["totals"] == [8, -8]
    assert refused(dict(RUM2, threshold=5), [], hand(0, 6, 9)).code == "over_threshold"


# -- R-5 Poker Rum ----------------------------------------------------------------

def test_r5_nobody_below_caller_each_pays_difference_equal_pays_nothing():
    config = {"variant": "rum", "players": 4}
    view = play(config, hand(2, 12, 7, 7, 30))
    assert view["totals"] == [-5, 0, 28, -23]
    assert view["last"]["payments"] == [[3, 2, 23], [0, 2, 5]]
    assert view["last"]["winners"] == [2]


def test_r5_beaten_rum_caller_pays_double_others_pay_the_winner():
    config = {"variant": "rum", "players": 3}
    view = play(config, hand(0, 9, 4, 14))
    # caller 2 x (9 - 4) = 10, the third player 14 - 4 = 10.
    assert view["totals"] == [-10, 20, -10]


def test_r5_odd_points_go_from_the_callers_left():
    # Caller at seat 2; winners seats 0 and 3 tied on 2; pool 2x(5-2) + (9-2) = 13:
    # 6 each, the odd point to seat 3 (first from the caller's left).
    config = {"variant": "rum", "players": 4}
    view = play(config, hand(2, 2, 9, 5, 2))
    assert view["totals"] == [6, -7, -6, 7]


def test_r5_three_way_tie_splits_remainder_in_seat_order_from_callers_left():
    config = {"variant": "rum", "players": 5}
    # caller seat 3 on 10; seats 4, 0, 1 tie on 3; seat 2 on 4. Pool 14 + 1 = 15: 5 each.
    assert play(config, hand(3, 3, 3, 4, 10, 3))["totals"] == [5, 5, -1, -14, 5]
    # pool 14 + 2 = 16 -> 5 each and one over, to seat 4 (left of the caller).
    assert play(config, hand(3, 3, 3, 5, 10, 3))["totals"] == [5, 5, -2, -14, 6]


def test_r5_rum_has_no_forfeit():
    config = {"variant": "rum", "players": 2, "forfeit": 25}
    assert play(config, hand(0, 9, 8))["totals"] == [-2, 2]


# -- R-6 Poker Gin ----------------------------------------------------------------

def test_r6_gin_forfeit_goes_into_the_shared_pool():
    config = {"variant": "gin", "players": 3}
    # caller 9, two tied on 8: pool (9 - 8) + 10 = 11: 6 to seat 1 (left), 5 to seat 2.
    assert play(config, hand(0, 9, 8, 8))["totals"] == [-11, 6, 5]


def test_r6_only_the_lowest_is_the_winner():
    config = {"variant": "gin", "players": 3}
    # seat 1 on 7 is below the caller but above w = 3: he pays 4 and gets no forfeit.
    assert play(config, hand(0, 9, 7, 3))["totals"] == [-16, -4, 20]


def test_r6_forfeit_is_configurable():
    config = {"variant": "gin", "players": 2, "forfeit": 25}
    assert play(config, hand(0, 9, 8))["totals"] == [-26, 26]


def test_r6_gin_caller_not_beaten_collects_differences():
    config = {"variant": "gin", "players": 3}
    assert play(config, hand(1, 20, 4, 4))["totals"] == [-16, 16, 0]


# -- R-7 false calls --------------------------------------------------------------

def test_r7_false_call_loses_five_to_every_other_player_and_the_hand_goes_on():
    config = {"variant": "gin", "players": 4}
    state = poker.new_match(config)
    state = poker.apply(state, {"t": "false_call", "caller": 2, "deadwood": 14})
    view = poker.view(state)
    assert view["totals"] == [5, 5, -15, 5]
    assert view["dealer"] == 0 and view["hands"] == 0
    assert view["last"]["line"] == "P3 false call 14: P3 -15"
    state = poker.apply(state, hand(0, 3, 9, 20, 9))
    view = poker.view(state)
    assert view["totals"] == [5 + 29, 5 - 6, -15 - 17, 5 - 6]
    assert view["dealer"] == 1 and view["hands"] == 1


def test_r7_false_call_is_judged_on_the_deadwood_shown():
    error = refused(GIN2, [], {"t": "false_call", "caller": 0, "deadwood": 10})
    assert error.code == "not_false"
    assert play(GIN2, {"t": "false_call", "caller": 0, "deadwood": 11})["totals"] == [-5, 5]
    # without a figure, the table's word stands
    assert play(RUM2, {"t": "false_call", "caller": 1})["totals"] == [5, -5]


def test_r7_rum_false_call_value_is_configurable():
    config = {"variant": "rum", "players": 3, "false_call": 3}
    assert play(config, {"t": "false_call", "caller": 0, "deadwood": 40})["totals"] == [-6, 3, 3]


# -- R-8 the ledger and the optional target --------------------------------------

def test_r8_every_hand_sums_to_zero_and_totals_add_up():
    events = [hand(0, 9, 5, 5, 20), hand(1, 30, 2, 4, 8), {"t": "false_call", "caller": 3},
              hand(3, 11, 12, 13, 0)]
    state = poker.new_match(RUM4)
    running = [0] * 4
    for event in events:
        state = poker.apply(state, event)
        view = poker.view(state)
        assert sum(view["last"]["deltas"]) == 0
        for payer, payee, amount in view["last"]["payments"]:
            running[payer] -= amount
            running[payee] += amount
        assert view["totals"] == running
    assert sum(view["totals"]) == 0


def test_r8_target_ends_the_session_after_the_hand():
    config = dict(RUM2, target=20)
    state = poker.new_match(config)
    state = poker.apply(state, hand(0, 9, 28))
    assert not poker.view(state)["over"]
    state = poker.apply(state, hand(0, 0, 1))
    view = poker.view(state)
    assert view["over"] and view["totals"] == [20, -20] and view["leaders"] == [0]
    error = refused(config, [hand(0, 9, 28), hand(0, 0, 1)], hand(0, 1, 1))
    assert error.code == "match_over"


def test_r8_target_reached_by_a_false_call_ends_the_session_when_the_hand_ends():
    config = dict(RUM2, target=5)
    state = poker.apply(poker.new_match(config), {"t": "false_call", "caller": 0})
    assert not poker.view(state)["over"]
    # the next show-down brings the balance back under the target, but it was reached
    state = poker.apply(state, hand(0, 1, 4))
    assert poker.view(state)["over"] and poker.view(state)["totals"] == [-2, 2]


def test_r8_view_settles_up_with_the_fewest_transfers():
    view = play(RUM4, hand(0, 9, 5, 5, 20))
    assert view["settle"] == [[0, 2, 8], [3, 1, 12], [3, 2, 3]]
    view = play(RUM4, hand(0, 9, 5, 5, 20), hand(1, 5, 9, 5, 20))
    assert sum(view["totals"]) == 0
    assert len(view["settle"]) <= 3


# -- R-11 void hands and the deal passing left ------------------------------------

def test_r11_void_hand_no_payments_deal_passes_left():
    view = play(dict(RUM4, dealer=3), {"t": "void"})
    assert view["totals"] == [0, 0, 0, 0]
    assert view["dealer"] == 0 and view["hands"] == 1
    assert view["last"]["line"] == "Hand 1 void: no score"
    assert view["last"]["payments"] == []


def test_r11_deal_passes_left_after_every_hand():
    view = play(RUM4, hand(0, 9, 5, 5, 20))
    assert view["dealer"] == 1
    view = play(dict(RUM4, dealer=3), hand(0, 9, 5, 5, 20), hand(1, 1, 1, 1, 1))
    assert view["dealer"] == 1


def test_c3_cut_picks_the_first_dealer_before_play_only():
    view = play(RUM4, {"t": "cut", "seed": 7})
    assert view["last"]["t"] == "cut"
    assert view["last"]["line"] == "Cut: %s deals" % RUM4["names"][view["dealer"]]
    error = refused(RUM4, [hand(0, 9, 5, 5, 20)], {"t": "cut", "seed": 7})
    assert error.code == "late_cut"
    assert refused(RUM4, [], {"t": "cut", "seed": 0}).code == "bad_seed"


def test_c3_the_first_dealer_may_be_the_seat_the_table_agreed_on():
    # The device's options offer a seat as well as the cut: a begun match whose cut
    # was undone takes the seat as its cut, as Stump and Dartex do.
    view = play(RUM4, {"t": "cut", "dealer": 2})
    assert view["dealer"] == 2 and view["last"]["draws"] == []
    assert view["last"]["line"] == "Cut: %s deals" % RUM4["names"][2]
    assert refused(RUM4, [], {"t": "cut", "dealer": 4}).code == "bad_seat"
    assert refused(RUM4, [], {"t": "cut", "dealer": "1"}).code == "bad_seat"
    assert refused(RUM4, [hand(0, 9, 5, 5, 20)], {"t": "cut", "dealer": 1}).code == "late_cut"


# -- refusals ------------------------------------------------------------------------

@pytest.mark.parametrize("event, code", [
    (hand(4, 1, 2, 3, 4), "bad_seat"),
    ({"t": "hand", "caller": "0", "deadwood": [1, 2, 3, 4]}, "bad_seat"),
    (hand(0, 1, 2, 3), "bad_deadwood"),
    (hand(0, 1, 2, 3, 4, 5), "bad_deadwood"),
    (hand(0), "bad_deadwood"),
    (hand(0, 1, 2, 3, "4"), "bad_deadwood"),
    (hand(0, 1, -2, 3, 4), "bad_deadwood"),
    (hand(0, 1, 101, 3, 4), "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [1, 2, 3, True]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, 20, False, 4]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, 20, 2.5, 4]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, 20, 30, 101]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, 20, "3", 4]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, None, 3, 4]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": [9, [1], 3, 4]}, "bad_deadwood"),
    ({"t": "hand", "caller": 0, "deadwood": (9, 1, 3, 4)}, "bad_deadwood"),
    ({"t": "hand", "caller": 3, "deadwood": [9, 1, 3, 16]}, "over_threshold"),
    ({"t": "hand", "caller": 0, "deadwood": [1, 2, 3, 4], "cards": []}, "bad_hand"),
    ({"t": "false_call", "caller": 9}, "bad_seat"),
    ({"t": "false_call", "caller": 0, "deadwood": -1}, "bad_deadwood"),
    ({"t": "deal"}, "bad_event"),
])
def test_illegal_events_are_refused_and_change_nothing(event, code):
    assert refused(RUM4, [hand(0, 9, 5, 5, 20)], event).code == code


@pytest.mark.parametrize("config, code", [
    ({"variant": "rum", "players": 1}, "bad_players"),
    ({"variant": "gin", "players": 9}, "bad_players"),
    ({"variant": "canasta", "players": 2}, "bad_variant"),
    ({"variant": "rum", "players": 2, "names": ["A"]}, "bad_names"),
    ({"variant": "rum", "players": 2, "names": ["A", ""]}, "bad_names"),
    ({"variant": "rum", "players": 2, "dealer": 2}, "bad_config"),
    ({"variant": "rum", "players": 2, "threshold": -1}, "bad_config"),
    ({"variant": "gin", "players": 2, "forfeit": "10"}, "bad_config"),
    ({"variant": "gin", "players": 2, "target": -5}, "bad_config"),
])
def test_r1_bad_configs_are_refused(config, code):
    with pytest.raises(RulesError) as e:
        poker.new_match(config)
    assert e.value.code == code and len(e.value.message) <= LINE


@pytest.mark.parametrize("players", range(2, 9))
def test_r1_two_to_eight_players_double_pack_above_three(players):
    state = poker.new_match({"variant": "gin", "players": players})
    assert state["cfg"]["double"] == (players > 3)
    assert poker.view(state)["players"] == ["P%d" % (s + 1) for s in range(players)]


def test_c4_undo_through_the_match_log():
    match = MatchLog("poker", RUM4, [hand(0, 9, 5, 5, 20), {"t": "void"}])
    assert match.view()["dealer"] == 2
    match.undo()
    assert match.view()["dealer"] == 1 and match.view()["totals"] == [-8, 12, 11, -15]
    match.undo()
    assert match.view()["totals"] == [0, 0, 0, 0] and match.view()["last"] is None

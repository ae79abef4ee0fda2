"""Stump rules (docs/rules.md S-1..S-8): the ring, the gap, setup, turns, scoring, the game."""

import pytest

from parlour_rules import stump
from parlour_rules.cut import cut_seat
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog
from parlour_rules.prng import Xorshift32
from parlour_rules.stump.ring import after, gap, in_gap, shorter, tie_choices, width

TABLE = ["Ted", "Helen", "Debbie", "Ralph"]


def new(players=4, dealer=3, slides=(1, 20), side=None, **config):
    config.update({"players": players, "dealer": dealer})
    match = MatchLog("stump", config)
    if slides is not None:
        setup = {"t": "setup", "slides": list(slides)}
        if side is not None:
            setup["side"] = side
        match.append(setup)
    return match


def turn(match, gapper, discard, slide=0, side=None):
    if gapper is not None:
        match.append({"t": "gapper", "card": gapper})
    match.append({"t": "discard", "card": discard})
    move = {"t": "move", "slide": slide}
    if side is not None:
        move["side"] = side
    return match.append(move)


def shuttle(match, count, gappers):
    # `count` turns that keep 10 in the gap: slide 0 goes 1 -> 2 -> 1 -> 2 ...
    # gappers[i]: play a gapper (10) on turn i.
    for i in range(count):
        slide0 = match.view()["ring"]["slides"][0]
        turn(match, 10 if gappers[i] else None, 2 if slide0 == 1 else 1)


def refused(match, event, code, message=None):
    before = match.view()
    with pytest.raises(RulesError) as e:
        match.append(event)
    assert e.value.code == code
    if message is not None:
        assert e.value.message == message
    assert len(e.value.message) <= LINE
    assert match.view() == before
    return e.value


# -- S-1, S-2: the ring and the gap ------------------------------------------------------

def test_s1_ring_runs_1_to_40_and_40_is_followed_by_1():
    assert after(40) == 1 and after(1) == 2
    assert gap(39, 2) == [40, 1]
    assert in_gap(40, 39, 2) and in_gap(1, 39, 2) and not in_gap(39, 39, 2)


def test_s2_sheet_example_slides_37_and_4_gap_38_to_3():
    assert gap(37, 4) == [38, 39, 40, 1, 2, 3]
    assert gap(4, 37) == [38, 39, 40, 1, 2, 3]
    ring = new(slides=(37, 4)).view()["ring"]
    assert ring["gap"] == [38, 39, 40, 1, 2, 3]
    assert ring["span"] == [38, 3] and ring["width"] == 6 and not ring["closed"]


def test_s2_gap_is_the_shorter_way_round():
    assert gap(5, 30) == list(range(31, 41)) + [1, 2, 3, 4]
    assert gap(5, 24) == list(range(6, 24))
    assert width(5, 24) == 18


@pytest.mark.parametrize("a, b", [(5, 6), (6, 5), (40, 1), (1, 40), (9, 9)])
def test_s2_adjacent_slides_or_one_number_close_the_gap(a, b):
    assert gap(a, b) == []
    ring = new(slides=(a, b)).view()["ring"]
    assert ring["closed"] and ring["gap"] == [] and ring["span"] is None


def test_s2_slides_20_apart_the_dealer_picks_the_side_at_setup():
    match = new(slides=None)
    refused(match, {"t": "setup", "slides": [10, 30]}, "pick_side", "pick the gap's side")
    refused(match, {"t": "setup", "slides": [10, 30], "side": 11}, "bad_side")
    match.append({"t": "setup", "slides": [10, 30], "side": 30})
    ring = match.view()["ring"]
    assert ring["gap"] == [31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert ring["tie"] and ring["side"] == 30
    assert tie_choices(30, 10)[0] == [10, list(range(11, 30))]


def test_s2_a_side_is_only_picked_on_a_tie():
    match = new(slides=None)
    refused(match, {"t": "setup", "slides": [37, 4], "side": 37}, "no_side", "no side to pick")
    assert shorter(37, 4) == 0 and shorter(4, 37) == 1   # the gap runs up from 37


def test_s2_tie_side_stays_until_the_next_slide_move_and_the_mover_picks_again():
    match = new(slides=(10, 30), side=30, players=2, dealer=1)
    match.append({"t": "stuck", "card": 10})        # seat 0 moves no slide: the side stays
    ring = match.view()["ring"]
    assert ring["tie"] and ring["side"] == 30 and ring["span"] == [31, 9]
    turn(match, 35, 20, slide=0)                    # seat 1: slides 20 and 30
    assert match.view()["ring"]["gap"] == list(range(21, 30))
    match.append({"t": "discard", "card": 10})      # seat 0: back to 10 and 30
    refused(match, {"t": "move", "slide": 0}, "pick_side")
    match.append({"t": "move", "slide": 0, "side": 10})
    ring = match.view()["ring"]
    assert ring["gap"] == list(range(11, 30)) and ring["side"] == 10


def test_s2_move_to_20_apart_needs_the_movers_side():
    match = new(slides=(10, 29), players=2, dealer=1)
    match.append({"t": "discard", "card": 30})
    options = match.view()["options"]
    assert options[1]["tie"] and options[1]["gap"] is None and options[1]["width"] == 19
    assert [s for s, _ in options[1]["sides"]] == [10, 30]
    refused(match, {"t": "move", "slide": 1}, "pick_side", "pick the gap's side")
    refused(match, {"t": "move", "slide": 1, "side": 29}, "bad_side")
    refused(match, {"t": "move", "slide": 0, "side": 30}, "no_side")
    match.append({"t": "move", "slide": 1, "side": 10})
    assert match.view()["ring"]["gap"] == list(range(11, 30))
    match.append({"t": "discard", "card": 31})
    match.append({"t": "move", "slide": 0})   # 31 and 30: closed
    assert match.view()["ring"]["closed"]


# -- S-3 and C-3: the deal and the setup ------------------------------------------------

def test_c3_cut_from_a_logged_seed_draws_the_dealer_seat():
    for seed in (1, 7, 99, 4000):
        match = MatchLog("stump", {"players": 3})
        assert match.view()["step"] == "cut"
        match.append({"t": "cut", "seed": seed})
        assert match.view()["dealer"] == cut_seat(3, Xorshift32(seed))["dealer"]
        assert match.view()["step"] == "setup"
    match = MatchLog("stump", {"players": 3})
    refused(match, {"t": "cut", "seed": 0}, "bad_seed")
    refused(match, {"t": "cut", "dealer": 3}, "bad_seat")
    refused(match, {"t": "cut"}, "bad_event")
    match.append({"t": "cut", "dealer": 2})
    assert match.view()["dealer"] == 2 and match.view()["last"] == "P3 deals"


def test_s3_setup_places_the_slides_on_the_two_turned_numbers():
    match = new(slides=None, names=TABLE)
    assert match.view()["prompt"] == "Ralph sets slides"
    refused(match, {"t": "gapper", "card": 5}, "wrong_step", "set the slides")
    match.append({"t": "setup", "slides": ["37", "4"]})    # tokens or ints
    view = match.view()
    assert view["ring"]["slides"] == [37, 4]
    assert view["round"] == 1 and view["turn"] == 0 and view["step"] == "gapper"
    assert view["last"] == "slides 37 and 4"


def test_s3_a_turned_wild_goes_back():
    match = new(slides=None)
    refused(match, {"t": "setup", "slides": ["W", 4]}, "wild_setup", "a wild goes back")
    refused(match, {"t": "setup", "slides": [37, "W=9"]}, "wild_setup")
    refused(match, {"t": "setup", "slides": [37]}, "bad_event")
    refused(match, {"t": "setup", "slides": [37, 41]}, "bad_card")


def test_s3_both_turned_numbers_alike_close_the_gap():
    match = new(slides=(12, 12))
    assert match.view()["ring"]["closed"]
    refused(match, {"t": "gapper", "card": "W"}, "gap_closed", "the gap is closed")


# -- S-4: a turn ---------------------------------------------------------------------------

def test_s4_turn_steps_in_the_sheets_order():
    match = new(slides=(37, 4), names=TABLE)
    refused(match, {"t": "move", "slide": 0}, "wrong_step", "gapper or discard")
    match.append({"t": "gapper", "card": 39})
    assert match.view()["step"] == "discard" and match.view()["gapper"] == "39"
    refused(match, {"t": "gapper", "card": 40}, "one_gapper", "one gapper a turn")
    refused(match, {"t": "move", "slide": 0}, "wrong_step", "discard a card")
    match.append({"t": "discard", "card": 20})
    assert match.view()["step"] == "move" and match.view()["discard"] == 20
    refused(match, {"t": "discard", "card": 21}, "wrong_step", "move a slide")
    refused(match, {"t": "move", "slide": 2}, "bad_slide", "slide is 0 or 1")
    match.append({"t": "move", "slide": 1})
    view = match.view()
    assert view["ring"]["slides"] == [37, 20] and view["turn"] == 1
    assert view["last"] == "Ted moves 4 to 20"
    assert view["gapper"] is None and view["discard"] is None


def test_s4_the_gapper_is_optional():
    match = new(slides=(37, 4))
    turn(match, None, 20, slide=1)
    assert match.view()["hands"] == [5, 5, 5, 5]


def test_s4_a_gapper_must_lie_in_the_gap():
    match = new(slides=(37, 4))
    refused(match, {"t": "gapper", "card": 9}, "not_in_gap", "9 not in the gap")
    refused(match, {"t": "gapper", "card": 37}, "not_in_gap", "37 not in the gap")
    refused(match, {"t": "gapper", "card": "41"}, "bad_card")
    match.append({"t": "gapper", "card": "40"})
    assert match.view()["gapper"] == "40"


def test_s4_a_wild_gapper_is_any_number_in_the_gap_its_number_ignored():
    for token in ("W", "w", "W=9", "W=38"):
        match = new(slides=(37, 4))
        match.append({"t": "gapper", "card": token})
        assert match.view()["gapper"] == "W" and match.view()["last"] == "P1 gapper W"


def test_s4_no_wild_gapper_when_the_gap_is_closed():
    match = new(slides=(4, 5))
    refused(match, {"t": "gapper", "card": "W"}, "gap_closed", "the gap is closed")
    refused(match, {"t": "gapper", "card": 4}, "not_in_gap")


def test_s4_never_discard_a_number_under_a_slide():
    match = new(slides=(3, 10))
    refused(match, {"t": "discard", "card": 3}, "under_slide", "3 is under a slide")
    refused(match, {"t": "discard", "card": "10"}, "under_slide", "10 is under a slide")
    refused(match, {"t": "discard", "card": "W=3"}, "under_slide", "3 is under a slide")
    match.append({"t": "gapper", "card": 5})
    refused(match, {"t": "discard", "card": 3}, "under_slide")


def test_s4_a_wild_discard_is_announced_as_a_number():
    match = new(slides=(3, 10), names=TABLE)
    refused(match, {"t": "discard", "card": "W"}, "wild_number", "wild needs W=n")
    match.append({"t": "discard", "card": "w=25"})
    view = match.view()
    assert view["discard"] == 25 and view["discard_wild"] and view["last"] == "Ted discards W=25"
    match.append({"t": "move", "slide": 0})
    assert match.view()["ring"]["slides"] == [25, 10]


def test_s4_either_slide_moves_onto_the_discard():
    for slide, slides in ((0, [20, 4]), (1, [37, 20])):
        match = new(slides=(37, 4))
        turn(match, None, 20, slide=slide)
        assert match.view()["ring"]["slides"] == slides


def test_s4_the_view_offers_the_slide_that_gives_the_narrower_gap():
    match = new(slides=(37, 4))
    match.append({"t": "discard", "card": 2})
    view = match.view()
    first, second = view["options"]
    assert first == {"slide": 0, "leaves": 37, "slides": [2, 4], "tie": False,
                     "gap": [3], "width": 1, "sides": None}
    assert second["slides"] == [37, 2] and second["gap"] == [38, 39, 40, 1] and second["width"] == 4
    assert view["best"] == [0]
    match = new(slides=(10, 20))
    match.append({"t": "discard", "card": 15})   # 15..20 or 10..15: both leave 4
    assert match.view()["best"] == [0, 1]


def test_s4_all_cards_under_slides_discard_one_and_move_no_slide():
    match = new(slides=(37, 4), names=TABLE)
    match.append({"t": "stuck", "card": 37})
    view = match.view()
    assert view["ring"]["slides"] == [37, 4] and view["turn"] == 1
    assert view["hands"] == [5, 5, 5, 5] and view["last"] == "Ted stuck on 37"
    refused(match, {"t": "stuck", "card": 20}, "not_stuck", "20 not under a slide")
    refused(match, {"t": "stuck", "card": "W=4"}, "wild_stuck", "wild is never stuck")


def test_s4_no_gapper_if_every_card_left_would_be_under_a_slide():
    # The device knows no cards: a player who finds himself stuck after a gapper is
    # refused, and takes the gapper back with Undo.
    match = new(slides=(37, 4))
    match.append({"t": "gapper", "card": 1})
    refused(match, {"t": "stuck", "card": 4}, "gapper_stuck", "no gapper if stuck")
    match.undo()
    match.append({"t": "stuck", "card": 4})
    assert match.view()["hands"] == [5, 5, 5, 5]


# -- S-5, S-6: hands and the round ------------------------------------------------------------

def test_s5_a_player_holds_5_minus_gappers_played():
    match = new(players=2, dealer=1)
    shuttle(match, 6, [1, 1, 1, 0, 1, 1])
    view = match.view()
    assert view["gappers"] == [3, 2] and view["hands"] == [2, 3]


def test_s6_sheet_example_ted_out_scores_11():
    match = new(names=TABLE)
    # Ted T, Helen H, Debbie D, Ralph R in turn; Ted plays his fifth gapper on his 5th turn.
    plan = [1, 1, 1, 0,  1, 1, 1, 1,  1, 0, 1, 0,  1, 1, 1, 1,  1]
    shuttle(match, 16, plan)
    assert match.view()["hands"] == [1, 2, 1, 3]
    slide0 = match.view()["ring"]["slides"][0]
    turn(match, 10, 2 if slide0 == 1 else 1)
    view = match.view()
    assert view["last_round"] == {"round": 1, "winner": 0, "points": 11,
                                  "hands": [0, 2, 1, 3], "dealer": 3}
    assert view["totals"] == [11, 0, 0, 0] and view["rounds"] == [[0, 11]]
    assert view["last"] == "Ted +11, round over"


def test_s6_the_round_ends_only_when_the_fifth_gappers_turn_is_done():
    match = new(players=2, dealer=1)
    shuttle(match, 8, [1, 0] * 4)
    match.append({"t": "gapper", "card": 10})     # seat 0's fifth
    assert match.view()["round"] == 1 and match.view()["hands"] == [0, 5]
    match.append({"t": "discard", "card": 2})
    assert match.view()["round"] == 1 and match.view()["step"] == "move"
    match.append({"t": "move", "slide": 1})       # the gap for the next round: 1 and 2
    view = match.view()
    assert view["round"] == 2 and view["totals"] == [10, 0]


def test_s6_next_round_keeps_the_gap_deal_passes_left():
    match = new(players=3, dealer=2, names=["A", "B", "C"])
    shuttle(match, 12, [1, 0, 0] * 4)
    turn(match, 10, 19, slide=0)                  # A's fifth; the last discard is 19
    view = match.view()
    assert view["round"] == 2 and view["dealer"] == 0 and view["turn"] == 1
    assert view["ring"]["slides"] == [19, 20] and view["ring"]["closed"]
    assert view["hands"] == [5, 5, 5] and view["gappers"] == [0, 0, 0]
    assert view["last_round"]["points"] == 5 + 5 + 5 and view["totals"] == [15, 0, 0]
    assert view["prompt"] == "B gapper/discard"


# -- S-7: partnership -----------------------------------------------------------------------

def team_turn(match, seat, gapper):
    if match.view()["step"] == "member":
        match.append({"t": "member", "seat": seat})
    assert match.view()["turn"] == seat
    slide0 = match.view()["ring"]["slides"][0]
    turn(match, 10 if gapper else None, 2 if slide0 == 1 else 1)


def test_s7_teams_alternate_and_the_team_names_who_plays():
    match = new(partnership=True, dealer=3, names=TABLE)
    view = match.view()
    assert view["mode"] == "partnership" and view["teams"] == [[0, 2], [1, 3]]
    assert view["step"] == "member" and view["team"] == 0 and view["members"] == [0, 2]
    assert view["turn"] is None and view["prompt"] == "Ted+Debb~ who plays?"
    refused(match, {"t": "member", "seat": 1}, "not_on_turn", "Helen not on turn")
    refused(match, {"t": "member", "seat": 4}, "bad_seat")
    refused(match, {"t": "discard", "card": 5}, "wrong_step", "name who plays")
    match.append({"t": "member", "seat": 2})
    assert match.view()["turn"] == 2 and match.view()["last"] == "Debbie plays"
    turn(match, None, 2)
    assert match.view()["team"] == 1 and match.view()["members"] == [1, 3]


def test_s7_first_turn_goes_to_the_team_left_of_the_dealer():
    assert new(partnership=True, dealer=0).view()["team"] == 1
    assert new(partnership=True, dealer=1).view()["team"] == 0


def test_s7_a_member_who_is_out_stays_out_and_both_out_ends_the_round():
    match = new(partnership=True, dealer=3, names=TABLE)
    team1 = [(1, True), (3, False), (1, True), (3, True), (1, False),
             (3, False), (1, False), (3, False), (1, False)]
    for i in range(5):
        team_turn(match, 0, True)
        if i < 4:
            team_turn(match, *team1[i])
    assert match.view()["last"] == "Ted is out" and match.view()["out"] == [True, False, False, False]
    team_turn(match, *team1[4])
    view = match.view()
    assert view["team"] == 0 and view["step"] == "gapper" and view["turn"] == 2
    refused(match, {"t": "member", "seat": 0}, "wrong_step")
    for i in range(5):
        team_turn(match, 2, True)
        if i < 4:
            team_turn(match, *team1[5 + i])
    view = match.view()
    # Helen played 2 gappers (3 cards left), Ralph 1 (4 left): 10 + 7.
    assert view["last_round"]["hands"] == [0, 3, 0, 4]
    assert view["last_round"]["winner"] == 0 and view["last_round"]["points"] == 17
    assert view["totals"] == [17, 0] and view["sides"] == ["Ted+Debbie", "Helen+Ralph"]
    assert view["round"] == 2 and view["dealer"] == 0 and view["team"] == 1


# -- S-8: the game --------------------------------------------------------------------------

def test_s8_targets_singles_25_partnership_50_both_configurable():
    assert new(players=3, dealer=0).view()["target"] == 25
    assert new(partnership=True).view()["target"] == 50
    assert new(players=2, dealer=1, target=12).view()["target"] == 12
    assert new(partnership=True, target=30).view()["target"] == 30


def test_s8_first_to_the_target_wins_and_the_game_is_over():
    match = new(players=2, dealer=1, target=10, names=["Ann", "Bob"])
    shuttle(match, 9, [1, 0] * 5)
    view = match.view()
    assert view["over"] and view["winner"] == 0 and view["step"] == "over"
    assert view["totals"] == [10, 0] and view["last"] == "Ann +10, game!"
    assert view["prompt"] == "Ann won" and view["turn"] is None
    refused(match, {"t": "discard", "card": 30}, "game_over", "the game is over")
    match.undo()
    assert not match.view()["over"] and match.view()["step"] == "move"


def test_s8_below_the_target_the_match_goes_on():
    match = new(players=2, dealer=1, target=11)
    shuttle(match, 9, [1, 0] * 5)
    view = match.view()
    assert not view["over"] and view["totals"] == [10, 0] and view["round"] == 2


# -- config, undo, refusals -----------------------------------------------------------------

@pytest.mark.parametrize("config, code", [
    ({}, "bad_players"),
    ({"players": 5}, "bad_players"),
    ({"players": 1}, "bad_players"),
    ({"players": 3, "partnership": True}, "bad_players"),
    ({"players": 2, "partnership": "yes"}, "bad_config"),
    ({"players": 2, "target": 0}, "bad_target"),
    ({"players": 2, "target": 1000}, "bad_target"),
    ({"players": 2, "dealer": 2}, "bad_dealer"),
    ({"players": 2, "names": ["A"]}, "bad_names"),
    ({"players": 2, "names": ["A", 7]}, "bad_names"),
    ("players 2", "bad_config"),
])
def test_bad_configs_are_refused(config, code):
    with pytest.raises(RulesError) as e:
        stump.new_match(config)
    assert e.value.code == code and len(e.value.message) <= LINE


def test_unnamed_seats_show_p1_and_long_names_are_clipped():
    match = new(players=2, dealer=1, names=["Bartholomew Fortescue", None])
    assert match.view()["names"] == ["Bartholomew Fortescue", "P2"]
    match.append({"t": "discard", "card": 30})
    assert match.view()["last"] == "Barthol~ discards 30"


def test_unknown_events_are_refused():
    match = new()
    refused(match, {"t": "draw"}, "bad_event", "no event draw")
    refused(match, {"t": "gapper"}, "bad_card")


def test_undo_then_redo_gives_the_same_view():
    match = new(players=3, dealer=0)
    events = [{"t": "gapper", "card": 5}, {"t": "discard", "card": 30}, {"t": "move", "slide": 1}]
    for event in events:
        match.append(event)
    after = match.view()
    assert match.undo(3) == events
    assert match.view()["step"] == "gapper" and match.view()["hands"] == [5, 5, 5]
    for event in events:
        match.append(event)
    assert match.view() == after


def test_apply_never_changes_the_state_it_is_given():
    state = stump.new_match({"players": 2, "dealer": 0})
    state = stump.apply(state, {"t": "setup", "slides": [37, 4]})
    before = stump.view(state)
    stump.apply(state, {"t": "gapper", "card": 40})
    stump.apply(state, {"t": "discard", "card": 9})
    assert stump.view(state) == before

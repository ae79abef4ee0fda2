"""Dumbo match engine: every decision D-1..D-15 of docs/rules.md (and C-3 for the cut),
the sheet's worked examples, refusals and undo. Hands entered as cards are in
test_dumbo_cards.py; random playouts in test_dumbo_play.py."""

import json

import pytest

from parlour_rules import cut, dumbo
from parlour_rules.dumbo import state as dumbo_state
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog, from_record
from parlour_rules.prng import Xorshift32

NAMES = {2: ["Ann", "Bob"], 3: ["Ann", "Bob", "Cat"], 4: ["Nan", "Eve", "Sam", "Wes"]}
NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3


def match(players=2, seat=None, **config):
    config.setdefault("names", NAMES[players])
    m = MatchLog("dumbo", dict(config, players=players))
    if seat is None:
        if players == 2:
            seat = {"dealer": 0}
        elif players == 3:
            seat = {"dealer": 0, "sits_out": 2}
        else:
            seat = {"north": NORTH, "east": EAST, "south": SOUTH, "west": WEST}
    m.append(dict(seat, t="seat"))
    return m


def hand(m, declarer, d, o, joker=False):
    event = {"t": "hand", "declarer": declarer, "d": d, "o": o}
    if joker:
        event["joker"] = True
    m.append(event)
    return m.view()


def refused(m, event):
    before = json.dumps(m.state)
    with pytest.raises(RulesError) as e:
        m.append(event)
    assert json.dumps(m.state) == before
    assert 0 < len(e.value.message) <= LINE
    return e.value.code


def pairing(view):
    return [t["seats"] for t in view["tables"]]


# -- worked examples (docs/rules.md, must reproduce exactly) -------------------------------------

def test_worked_example_north_south_plus_12():
    # D-12: North wins 20 from East, South loses 8 to West -> North-South 12.
    m = match(4)
    hand(m, NORTH, 3, 23)  # North +20
    v = hand(m, WEST, 2, 10)  # West +8 from South
    assert v["totals"] == [12, 0]
    assert v["deal"] == {"no": 1, "ns": 20, "ew": 8}
    assert v["last"][-1] == "Deal 1: N-S 20, E-W 8: North-South +12"


def test_worked_example_east_west_plus_21():
    m = match(4)
    hand(m, EAST, 1, 8)  # East +7
    v = hand(m, WEST, 2, 16)  # West +14
    assert v["totals"] == [0, 21]
    assert v["last"][-1] == "Deal 1: N-S 0, E-W 21: East-West +21"


def test_worked_example_d7_undercut_d6_o2_opponent_scores_14():
    v = hand(match(), 0, 6, 2)
    assert v["totals"] == [0, 14]
    assert v["last"] == ["Ann declares 6, Bob 2: Bob +14 (undercut 10)"]


def test_worked_example_d3_joker_stuck_d5_2ci_declarer_scores_7():
    v = hand(match(), 0, 5, 2, joker=True)
    assert v["totals"] == [7, 0]
    assert v["last"] == ["Ann declares 5, Bob 12 (Joker): Ann +7"]


# -- D-1 .. D-4 -------------------------------------------------------------------------

def test_d1_pack_has_45_cards_and_the_cut_never_draws_the_joker():
    from parlour_rules.cards import DUMBO, JOKER, new_pack

    assert len(new_pack(DUMBO)) == 45 and new_pack(DUMBO)[-1] == JOKER
    m = MatchLog("dumbo", {"players": 4})
    m.append({"t": "cut", "seed": 77})
    assert "JOKER" not in m.view()["last"][0]


def test_d3_opponent_stuck_with_joker_raises_o_by_10_and_caps_o():
    v = hand(match(), 0, 4, 0, joker=True)
    assert v["totals"] == [6, 0]  # o = 10
    m = match()
    assert refused(m, {"t": "hand", "declarer": 0, "d": 4, "o": 75, "joker": True}) == "bad_count"
    hand(m, 0, 4, 74, joker=True)
    assert m.view()["totals"] == [80 + 50 + 100, 0]


def test_d4_declare_with_7_or_less_count_8_refused_as_a_declaration():
    m = match(target=500)
    assert hand(m, 0, 7, 9)["totals"] == [2, 0]
    assert refused(m, {"t": "hand", "declarer": 0, "d": 8, "o": 9}) == "count_over_7"


# -- D-5 Octad ---------------------------------------------------------------------------

def test_d5_octad_scores_o_plus_20_also_when_o_is_0():
    m = match(target=500)
    v = hand(m, 0, 0, 12)
    assert v["totals"] == [32, 0]
    assert v["last"] == ["Ann Octad, Bob 12: Ann +32 (Octad 20)"]
    v = hand(m, 0, 0, 0)
    assert v["totals"] == [52, 0]
    assert v["tables"][0]["dealer"] == "Ann"  # the Octad declarer won the hand


@pytest.mark.parametrize("bonus", dumbo_state.OCTAD_PRESETS)
def test_d5_octad_bonus_presets_10_20_25(bonus):
    assert hand(match(octad_bonus=bonus, target=500), 1, 0, 5)["totals"] == [0, 5 + bonus]


def test_d5_octad_with_zero_bonus_and_zero_count_still_wins_the_hand():
    m = match(octad_bonus=0, seat={"dealer": 1})
    v = hand(m, 0, 0, 0)
    assert v["totals"] == [0, 0] and v["tables"][0]["dealer"] == "Ann"


# -- D-6 / D-7 hand scores -------------------------------------------------------------------

def test_d6_d7_simple_declaration_scores_the_difference():
    v = hand(match(), 0, 3, 25)
    assert v["totals"] == [22, 0] and v["scored"] == [22, 0]
    assert v["last"] == ["Ann declares 3, Bob 25: Ann +22"]


def test_d7_undercut_bonus_is_configurable():
    assert hand(match(undercut_bonus=25), 0, 6, 2)["totals"] == [0, 29]


def test_d7_tie_nobody_scores_and_the_opponent_wins_the_hand():
    m = match()  # Ann deals
    v = hand(m, 0, 5, 5)
    assert v["totals"] == [0, 0] and v["scored"] == [0, 0]
    assert v["last"] == ["Ann declares 5, Bob 5: tie, Bob wins"]
    assert v["tables"][0]["dealer"] == "Bob"  # D-9: the winner deals


# -- D-8 wrong declaration ---------------------------------------------------------------

def test_d8_wrong_declaration_gives_the_opponent_10_and_the_hand_goes_on():
    m = match()
    m.append({"t": "wrong", "declarer": 0, "d": 12})
    v = m.view()
    assert v["totals"] == [0, 10]
    assert v["last"] == ["Ann declares 12: wrong, Bob +10"]
    assert v["tables"][0]["dealer"] == "Ann" and v["hands"] == 0  # same dealer, same hand
    assert hand(m, 0, 2, 9)["totals"] == [7, 10]


def test_d8_penalty_configurable_and_count_optional():
    m = match(penalty=15)
    m.append({"t": "wrong", "declarer": 1})
    assert m.view()["totals"] == [15, 0]
    assert m.view()["last"] == ["Bob declares wrongly: Ann +15"]


def test_d8_wrong_with_a_count_that_may_declare_is_refused():
    assert refused(match(), {"t": "wrong", "declarer": 0, "d": 7}) == "not_wrong"


# -- D-9 dealer ---------------------------------------------------------------------------

def test_d9_winner_of_a_hand_deals_the_next():
    m = match()
    assert hand(m, 1, 3, 10)["tables"][0]["dealer"] == "Bob"
    assert hand(m, 1, 6, 1)["tables"][0]["dealer"] == "Ann"  # undercut: Ann won


def test_d9_four_two_tables_dealer_is_the_player_who_won_his_last_hand():
    m = match(4)
    hand(m, NORTH, 3, 10)  # North beats East
    v = hand(m, WEST, 3, 10)  # West beats South
    # Next: North v West (both won: NS scored 7 - 7 = 0 -> North-South deals),
    # South v East (neither won: net 0 -> the North-South player deals).
    assert pairing(v) == [[NORTH, WEST], [SOUTH, EAST]]
    m2 = match(4)
    hand(m2, NORTH, 3, 10)  # North +7
    v = hand(m2, WEST, 1, 20)  # West +19: East-West scored the deal
    assert v["totals"] == [0, 12]
    assert pairing(v) == [[WEST, NORTH], [EAST, SOUTH]]
    m3 = match(4)
    hand(m3, EAST, 3, 10)  # East beats North
    v = hand(m3, SOUTH, 3, 10)  # South beats West
    # North v West: neither won, net 0 -> North; South v East: both won -> South.
    assert pairing(v) == [[NORTH, WEST], [SOUTH, EAST]]
    m4 = match(4)
    hand(m4, NORTH, 3, 4)  # North +1
    v = hand(m4, SOUTH, 3, 30)  # South +27: North-South scored 28
    # North (won) v West (lost): North; South (won) v East (lost): South.
    assert pairing(v) == [[NORTH, WEST], [SOUTH, EAST]]


def test_d9_four_two_tables_a_player_who_won_beats_the_side_rule():
    m = match(4)
    hand(m, EAST, 1, 30)  # East +29 from North
    v = hand(m, SOUTH, 2, 4)  # South +2 from West; East-West scored the deal
    # North lost, West lost -> neither: East-West scored -> West deals.
    # South won, East won -> both: East deals.
    assert v["totals"] == [0, 27]
    assert pairing(v) == [[WEST, NORTH], [EAST, SOUTH]]


# -- D-10 game, game bonus, Vertex --------------------------------------------------------

def test_d10_game_at_50_adds_the_game_bonus():
    m = match()
    hand(m, 0, 2, 30)
    v = hand(m, 1, 1, 20)
    assert v["totals"] == [28, 19]
    v = hand(m, 0, 1, 23)
    assert v["over"] and v["winner"] == "Ann"
    assert v["totals"] == [50 + 50, 19]
    assert v["bonuses"] == [{"name": "game", "points": 50}]
    assert v["last"] == ["Ann declares 1, Bob 23: Ann +22", "Ann wins: 50 +50 game = 100"]
    assert v["prompt"] == "new game"


def test_d10_vertex_when_the_opponent_has_not_scored():
    v = hand(match(), 0, 0, 40)
    assert v["totals"] == [60 + 50 + 100, 0]
    assert v["bonuses"] == [{"name": "game", "points": 50}, {"name": "Vertex", "points": 100}]
    assert v["last"][-1] == "Ann wins: 60 +50 game +100 Vertex = 210"


def test_d10_a_penalty_counts_as_having_scored_so_no_vertex():
    m = match()
    m.append({"t": "wrong", "declarer": 0})
    v = hand(m, 0, 1, 60)
    assert v["winner"] == "Ann" and v["bonuses"] == [{"name": "game", "points": 50}]


def test_d10_target_and_bonuses_configurable():
    v = hand(match(target=20, game_bonus=30, vertex_bonus=0), 1, 2, 22)
    assert v["totals"] == [0, 50] and v["bonuses"] == [{"name": "game", "points": 30}]


def test_d10_a_penalty_reaching_the_target_ends_the_game_mid_hand():
    m = match(target=10)
    m.append({"t": "wrong", "declarer": 0})
    v = m.view()
    assert v["over"] and v["winner"] == "Bob" and v["totals"] == [0, 10 + 50 + 100]
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2, "o": 9}) == "game_over"


def test_d10_two_tables_the_game_ends_only_when_the_net_is_applied():
    m = match(4, target=20)
    hand(m, NORTH, 1, 40)  # North +39, but the deal is not done
    assert not m.view()["over"]
    v = hand(m, WEST, 1, 30)  # West +29 -> NS net 10: below the target
    assert not v["over"] and v["totals"] == [10, 0]
    hand(m, NORTH, 1, 30)
    v = hand(m, SOUTH, 1, 2)
    assert v["over"] and v["winner"] == "North-South"
    assert v["totals"] == [10 + 30 + 50 + 100, 0]  # East-West never scored: Vertex


def test_d10_two_tables_vertex_is_on_the_side_totals():
    # East-West won penalties at their tables but never a positive net: total 0.
    m = match(4, target=30)
    m.append({"t": "wrong", "declarer": NORTH})  # East +10 at table 0
    hand(m, NORTH, 1, 41)  # North +40
    v = hand(m, SOUTH, 1, 2)  # South +1
    assert v["totals"] == [31 + 50 + 100, 0]


def test_d10_each_game_starts_from_0_and_keeps_the_seating():
    m = match()
    hand(m, 1, 0, 40)
    assert refused(m, {"t": "void"}) == "game_over"
    m.append({"t": "new_game"})
    v = m.view()
    assert v["totals"] == [0, 0] and v["game_no"] == 2 and not v["over"]
    assert v["games"] == [{"winner": "Bob", "totals": [0, 210]}]
    assert v["tables"][0]["dealer"] == "Bob"  # the last hand's winner deals
    assert refused(m, {"t": "new_game"}) == "not_over"


def test_d10_a_new_cut_after_a_game_starts_the_next_one_seated_afresh():
    m = MatchLog("dumbo", {"players": 3})
    m.append({"t": "cut", "seed": 5})
    assert refused(m, {"t": "cut", "seed": 6}) == "seated"
    first = m.view()["tables"][0]["seats"][0]
    m.append({"t": "hand", "declarer": first, "d": 0, "o": 50})
    m.append({"t": "cut", "seed": 6})
    assert m.view()["game_no"] == 2 and m.view()["totals"] == [0, 0, 0]


# -- D-11 three players ---------------------------------------------------------------------

def test_d11_three_players_winner_plays_the_odd_man_loser_sits_out():
    m = match(3)  # Ann deals to Bob, Cat sits out
    v = m.view()
    assert pairing(v) == [[0, 1]] and v["sits_out"] == "Cat"
    v = hand(m, 1, 2, 9)  # Bob wins
    assert pairing(v) == [[1, 2]] and v["sits_out"] == "Ann"
    v = hand(m, 1, 6, 3)  # Bob undercut by Cat: Cat wins
    assert pairing(v) == [[2, 0]] and v["sits_out"] == "Bob"
    assert v["totals"] == [0, 7, 13]
    assert refused(m, {"t": "hand", "declarer": 1, "d": 2, "o": 9}) == "not_at_table"


def test_d11_cut_lowest_sits_out_first_highest_deals():
    got = cut.cut_dumbo(3, Xorshift32(12))
    m = MatchLog("dumbo", {"players": 3, "names": NAMES[3]})
    m.append({"t": "cut", "seed": 12})
    v = m.view()
    assert v["sits_out"] == NAMES[3][got["order"][2]]
    assert v["tables"][0]["seats"][0] == got["order"][0]


def test_d11_three_players_vertex_needs_both_others_at_0():
    m = match(3)
    hand(m, 0, 2, 5)  # Ann +3
    v = hand(m, 2, 0, 40)  # Cat plays Ann; Bob has 0, Ann 3: no Vertex
    assert v["winner"] == "Cat" and v["bonuses"] == [{"name": "game", "points": 50}]


# -- D-12 four players, two tables ------------------------------------------------------------

def test_d12_partners_change_opponents_every_deal():
    m = match(4)
    assert pairing(m.view()) == [[NORTH, EAST], [SOUTH, WEST]]
    hand(m, NORTH, 2, 9)
    assert pairing(m.view()) == [[NORTH, EAST], [SOUTH, WEST]]  # deal not done
    v = hand(m, SOUTH, 2, 9)
    assert sorted(map(sorted, pairing(v))) == [[NORTH, WEST], [EAST, SOUTH]]
    hand(m, NORTH, 2, 9)
    v = hand(m, SOUTH, 2, 9)
    assert sorted(map(sorted, pairing(v))) == [[NORTH, EAST], [SOUTH, WEST]]


def test_d12_a_finished_table_waits_for_the_other():
    m = match(4)
    hand(m, NORTH, 2, 9)
    v = m.view()
    assert v["tables"][0]["done"] and v["tables"][0]["points"] == [7, 0]
    assert refused(m, {"t": "hand", "declarer": EAST, "d": 2, "o": 9}) == "table_done"
    assert refused(m, {"t": "wrong", "declarer": EAST}) == "table_done"
    assert refused(m, {"t": "void", "table": 0}) == "table_done"


def test_d12_penalties_at_a_table_count_in_the_deal():
    m = match(4)
    m.append({"t": "wrong", "declarer": SOUTH})  # West +10 at table 1
    hand(m, NORTH, 2, 20)  # North +18
    v = hand(m, SOUTH, 2, 5)  # South +3
    assert v["deal"] == {"no": 1, "ns": 21, "ew": 10} and v["totals"] == [11, 0]


def test_d12_first_dealers_are_the_higher_cuts_north_and_south():
    m = MatchLog("dumbo", {"players": 4, "names": NAMES[4]})
    m.append({"t": "cut", "seed": 13})
    got = cut.cut_dumbo(4, Xorshift32(13))
    v = m.view()
    assert v["compass"] == [NAMES[4][got[k]] for k in ("north", "east", "south", "west")]
    assert [t["seats"] for t in v["tables"]] == [[got["north"], got["east"]],
                                                 [got["south"], got["west"]]]


def test_d12_explicit_dealers_one_per_table():
    m = match(4, seat={"north": 0, "east": 1, "south": 2, "west": 3, "dealers": [1, 2]})
    assert pairing(m.view()) == [[1, 0], [2, 3]]
    m2 = MatchLog("dumbo", {"players": 4})
    assert refused(m2, {"t": "seat", "north": 0, "east": 1, "south": 2, "west": 3,
                        "dealers": [2, 1]}) == "bad_dealer"
    assert refused(m2, {"t": "seat", "north": 0, "east": 1, "south": 1, "west": 3}) == "bad_seat"


# -- D-13 four players, one table -------------------------------------------------------------

def test_d13_one_table_pairs_alternate_and_the_winners_partner_deals():
    m = match(4, tables=1)
    assert pairing(m.view()) == [[NORTH, EAST]]
    v = hand(m, NORTH, 2, 12)  # North wins: South deals S v W
    assert pairing(v) == [[SOUTH, WEST]] and v["totals"] == [10, 0]
    v = hand(m, SOUTH, 5, 1)  # West undercuts: East deals N v E
    assert pairing(v) == [[EAST, NORTH]] and v["totals"] == [10, 14]
    assert refused(m, {"t": "hand", "declarer": WEST, "d": 2, "o": 9}) == "not_at_table"


def test_d13_one_table_game_ends_mid_hand_on_a_penalty():
    m = match(4, tables=1, target=10)
    m.append({"t": "wrong", "declarer": EAST})
    v = m.view()
    assert v["over"] and v["winner"] == "North-South" and v["totals"] == [160, 0]


# -- D-14 entry --------------------------------------------------------------------------------

def test_d14_counts_entry_checks_every_number():
    m = match()
    assert refused(m, {"t": "hand", "declarer": 0, "d": -1, "o": 3}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2, "o": -3}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2, "o": 85}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": True, "o": 3}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2.0, "o": 3}) == "bad_count"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 2, "o": 3, "joker": 1}) == "bad_joker"
    assert refused(m, {"t": "hand", "declarer": 2, "d": 2, "o": 3}) == "bad_seat"
    assert refused(m, {"t": "hand", "declarer": True, "d": 2, "o": 3}) == "bad_seat"
    assert refused(m, {"t": "hand", "d": 2, "o": 3}) == "bad_seat"


# -- D-15 void hand -----------------------------------------------------------------------------

def test_d15_void_hand_no_score_same_dealer():
    m = match(seat={"dealer": 1})
    m.append({"t": "void"})
    v = m.view()
    assert v["totals"] == [0, 0] and v["tables"][0]["dealer"] == "Bob"
    assert v["last"] == ["Hand void: Bob deals again"]


def test_d15_two_tables_void_table_replays_within_the_deal_penalties_count():
    m = match(4)
    hand(m, NORTH, 2, 9)  # table 0 done: North +7
    m.append({"t": "wrong", "declarer": WEST})  # South +10 at table 1
    m.append({"t": "void", "table": 1})
    v = m.view()
    assert v["tables"][1]["points"] == [10, 0] and not v["tables"][1]["done"]
    assert v["totals"] == [0, 0]
    v = hand(m, WEST, 3, 5)  # the replayed hand: West +2
    assert v["deal"] == {"no": 1, "ns": 17, "ew": 2} and v["totals"] == [15, 0]
    assert refused(match(4), {"t": "void"}) == "bad_table"


# -- C-3 the cut, refusals, undo ----------------------------------------------------------------

def test_c3_two_players_highest_cut_deals_and_the_seed_replays():
    got = cut.cut_dumbo(2, Xorshift32(7))
    m = MatchLog("dumbo", {"players": 2, "names": NAMES[2]})
    m.append({"t": "cut", "seed": 7})
    v = m.view()
    assert v["tables"][0]["seats"][0] == got["dealer"]
    assert v["last"][0].startswith("Cut: Ann ") and v["phase"] == "play"
    assert MatchLog("dumbo", m.config, m.events).view() == v


def test_nothing_is_played_before_the_cut():
    m = MatchLog("dumbo", {"players": 2})
    assert m.view()["phase"] == "cut" and m.view()["prompt"] == "cut"
    assert refused(m, {"t": "hand", "declarer": 0, "d": 1, "o": 2}) == "no_seats"
    assert refused(m, {"t": "cut", "seed": 0}) == "bad_seed"
    assert refused(m, {"t": "seat", "dealer": 2}) == "bad_seat"
    assert refused(m, {"t": "deal"}) == "bad_event"


@pytest.mark.parametrize("config, code", [
    ({"players": 5}, "bad_players"),
    ({"players": 2, "tables": 2}, "bad_tables"),
    ({"players": 4, "tables": 3}, "bad_tables"),
    ({"players": 2, "names": ["Ann"]}, "bad_names"),
    ({"players": 2, "names": ["Ann", " "]}, "bad_names"),
    ({"players": 2, "octad_bonus": -5}, "bad_value"),
    ({"players": 2, "target": 0}, "bad_value"),
    ("dumbo", "bad_config"),
])
def test_bad_configs_are_refused(config, code):
    with pytest.raises(RulesError) as e:
        dumbo.new_match(config)
    assert e.value.code == code and len(e.value.message) <= LINE


def test_unnamed_seats_show_p1_p2_c2():
    assert dumbo.view(dumbo.new_match({"players": 3}))["names"] == ["P1", "P2", "P3"]


def test_undo_then_redo_gives_the_same_state_and_view():
    m = match(3)
    events = [{"t": "hand", "declarer": 0, "d": 2, "o": 9},
              {"t": "wrong", "declarer": 2},
              {"t": "hand", "declarer": 2, "d": 6, "o": 2}]
    for e in events:
        m.append(e)
    state, view = m.state, m.view()
    dropped = m.undo(3)
    assert dropped == events and m.view()["totals"] == [0, 0, 0]
    for e in dropped:
        m.append(e)
    assert m.state == state and m.view() == view
    assert from_record(json.loads(json.dumps(m.record()))).view() == view


def test_the_engines_folded_constants_are_the_state_layouts():
    # dumbo/__init__ repeats the state's index names as const() for MicroPython's
    # compiler to fold; they must be the very values the seating and the view use.
    import re
    from pathlib import Path

    engine = Path(dumbo.__file__).read_text()
    names = re.findall(r"^([A-Z][A-Z0-9_]*) = const\(", engine, flags=re.M)
    assert len(names) > 30
    assert {n: getattr(dumbo, n) for n in names} == {n: getattr(dumbo_state, n) for n in names}

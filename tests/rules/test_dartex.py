"""The Dartex match engine: docs/rules.md X-1..X-8 on the table, refusals, undo, the view."""

import pytest

from parlour_rules import dartex
from parlour_rules.cut import cut_seat
from parlour_rules.dartex.throw import parse_card, read_throw
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog, fold
from parlour_rules.prng import Xorshift32
from parlour_rules.tokens import parse_dartex


def throw(*cards):
    return {"t": "throw", "cards": list(cards)}


EXCHANGE = {"t": "exchange"}
PASS = {"t": "pass"}
DEAL = {"t": "deal"}


def match(players=2, events=(), **config):
    # Dealer seat 1 unless given: seat 0 throws first with two players.
    config = {"players": players, "dealer": config.pop("dealer", players - 1), **config}
    return MatchLog("dartex", config, list(events))


def refused(log, event):
    # The event is refused with a one-line reason and nothing changes.
    before = log.view()
    state = repr(log.state)
    with pytest.raises(RulesError) as caught:
        log.append(event)
    assert 0 < len(caught.value.message) <= LINE
    assert repr(log.state) == state and log.view() == before
    return caught.value.message


def seat_view(log, seat):
    return log.view()["seats"][seat]


def throws(log, seat):
    return [(t["id"], t["value"], t["fouled"]) for t in seat_view(log, seat)["throws"]]


# -- X-1 the deal ---------------------------------------------------------------------
@pytest.mark.parametrize("players, size, pack", [(2, 12, 28), (3, 9, 25), (4, 9, 16)])
def test_x1_hand_sizes_and_pack(players, size, pack):
    view = match(players).view()
    assert [s["hand_size"] for s in view["seats"]] == [size] * players
    assert view["pack"] == pack


def test_x1_champion_is_a_number_never_bull():
    assert parse_card("CHAMP=25") == (125, None)
    for bad in ("CHAMP=50", "CHAMP=21", "CHAMP=BULL", "CHAMP=0", "CHAMP=05"):
        with pytest.raises(RulesError):
            parse_card(bad)


# -- X-2 shapes on the table ----------------------------------------------------------------
def test_x2_refused_throw_says_why_and_changes_nothing():
    log = match(2, [throw("DOUBLE", "3", "4"), throw("DOUBLE", "11", "12")])
    assert refused(log, throw("7", "9", "10")) == "no sequence: 7 9 10"
    assert refused(log, throw("DOUBLE", "OFF", "FOUL")) == "no number or Bull"
    assert refused(log, throw("7", "8")) == "a throw is 3 cards"
    assert refused(log, throw("7", "8", "21")) == "bad card: 21"
    assert refused(log, {"t": "throw", "cards": "7 8 9"}) == "a throw is 3 cards"
    assert refused(log, {"t": "throw", "cards": [7, 8, 9]}) == "bad card: 7"
    assert refused(log, {"t": "throw", "cards": [["7"], "8", "9"]}) == "bad card in throw"
    log.append(throw("9", "8", "7"))
    assert throws(log, 0) == [("0.1", 10, False), ("0.2", 24, False)]


# -- X-3 the first throw --------------------------------------------------------------------
def test_x3_first_throws_of_the_worked_examples():
    log = match(2, [throw("4", "4", "9"), throw("7", "7", "19")])
    assert throws(log, 0) == [("0.1", 18, False)]
    assert throws(log, 1) == [("1.1", 38, False)]
    log = match(2, [throw("DOUBLE", "3", "4"), throw("DOUBLE", "11", "12")])
    assert [seat_view(log, s)["hand_score"] for s in (0, 1)] == [10, 34]


def test_x3_first_throw_needs_a_double_or_a_pair():
    log = match(2)
    assert log.view()["first"] is True
    assert refused(log, throw("7", "8", "9")) == "first needs a double"
    assert refused(log, throw("DOUBLE", "3", "9")) == "no sequence: 3 9"
    log.append(throw("4", "4", "BULL"))
    assert throws(log, 0) == [("0.1", 100, False)]
    assert log.view()["first"] is True  # seat 1 has not thrown yet
    log.append(throw("DOUBLE", "4", "5"))
    assert log.view()["first"] is False
    assert refused(log, throw("5", "5", "6")) == "pair: 1st throw only"


def test_x3_first_throw_counts_even_when_picked_up():
    # Seat 1 wires seat 0's first throw back; seat 0's next throw is not a first throw.
    log = match(2, [throw("4", "4", "9"), throw("DOUBLE", "WIRE@0.1", "7")])
    assert seat_view(log, 0)["hand_size"] == 12
    assert seat_view(log, 0)["first_done"] is True
    assert refused(log, throw("4", "4", "9")) == "pair: 1st throw only"
    log.append(throw("7", "8", "9"))
    assert throws(log, 0) == [("0.2", 24, False)]


# -- X-4 values -------------------------------------------------------------------------------
def test_x4_worked_example_values_on_the_table():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"),
                    throw("TREBLE", "DOUBLE", "10"), throw("TREBLE", "TREBLE", "BULL"),
                    throw("4", "CHAMP=5", "6"), throw("18", "19", "CHAMP=20"),
                    throw("OFF", "5", "6")])
    assert [t[1] for t in throws(log, 0)] == [13, 60, 15, 11]
    assert [t[1] for t in throws(log, 1)] == [10, 450, 57]
    assert log.view()["totals"] == [99, 517]
    assert seat_view(log, 1)["throws"][2]["cards"] == ["18", "19", "CHAMP=20"]


# -- X-5 Foul and Wire ---------------------------------------------------------------------
def test_x5_foul_voids_the_target_worked_example():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"),
                    throw("FOUL@1.1", "10", "11")])
    assert throws(log, 0) == [("0.1", 13, False), ("0.2", 21, False)]
    assert throws(log, 1) == [("1.1", 10, True)]
    assert seat_view(log, 1)["hand_score"] == 0
    assert log.view()["totals"] == [34, 0]
    assert log.view()["last"] == "P1 21 foul 1.1"
    assert seat_view(log, 0)["throws"][1]["cards"] == ["FOUL@1.1", "10", "11"]


def test_x5_wire_returns_the_target_to_its_owner_worked_example():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"),
                    throw("WIRE@1.1", "19", "20")])
    assert throws(log, 0) == [("0.1", 13, False), ("0.2", 39, False)]
    assert throws(log, 1) == []  # picked up: no longer on the table
    assert seat_view(log, 1)["hand_size"] == 12  # 12 - 3 + 3
    assert seat_view(log, 0)["hand_size"] == 6
    assert log.view()["last"] == "P1 39 wire 1.1 +3 back"
    assert log.view()["targets"] == ["0.1", "0.2"]


def test_x5_wire_takes_back_only_cards_still_in_front():
    # FOUL WIRE 20 leaves one card in front of its owner: a Wire on it returns one.
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"),
                    throw("FOUL@1.1", "WIRE@0.1", "20")])
    assert seat_view(log, 0)["hand_size"] == 12 - 6 + 3
    log.append(throw("WIRE@0.2", "8", "9"))
    assert seat_view(log, 0)["hand_size"] == 9 + 1
    assert throws(log, 0) == []


def test_x5_foul_on_a_fouled_throw_has_no_further_effect():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "FOUL@0.1", "3"),
                    throw("FOUL@0.1", "10", "11")])
    assert throws(log, 0) == [("0.1", 13, True), ("0.2", 21, False)]
    assert log.view()["totals"] == [21, 6]


def test_x5_without_a_throw_on_the_table_foul_has_no_effect():
    log = match(2)
    assert refused(log, throw("DOUBLE", "FOUL@1.1", "5")) == "1.1 not on table"
    log.append(throw("DOUBLE", "FOUL", "5"))
    assert throws(log, 0) == [("0.1", 10, False)]
    assert log.view()["last"] == "P1 10 foul none"
    assert seat_view(log, 0)["hand_size"] == 9


def test_x5_with_throws_on_the_table_foul_and_wire_need_a_target():
    log = match(2, [throw("DOUBLE", "4", "5")])
    assert refused(log, throw("DOUBLE", "FOUL", "5")) == "FOUL needs a target"
    assert refused(log, throw("DOUBLE", "WIRE", "5")) == "WIRE needs a target"
    assert refused(log, throw("DOUBLE", "FOUL@1.1", "5")) == "1.1 not on table"  # being made
    assert refused(log, throw("DOUBLE", "FOUL@0.2", "5")) == "0.2 not on table"
    assert refused(log, throw("DOUBLE", "FOUL@7.1", "5")) == "7.1 not on table"


def test_x5_the_throwers_own_throw_may_be_the_target():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"),
                    throw("WIRE@0.1", "7", "8")])
    assert seat_view(log, 0)["hand_size"] == 12 - 6 + 3
    assert throws(log, 0) == [("0.2", 15, False)]


def test_x5_foul_and_wire_in_one_throw_act_in_the_order_laid():
    base = [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4")]
    log = match(2, base + [throw("FOUL@1.1", "WIRE@1.1", "20")])
    assert throws(log, 1) == [] and seat_view(log, 1)["hand_size"] == 12
    log = match(2, base)
    assert refused(log, throw("WIRE@1.1", "FOUL@1.1", "20")) == "1.1 not on table"
    # after the Wire clears the only throw left, the Foul has nothing to hit
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "WIRE@0.1", "4")])
    log.append(throw("WIRE@1.1", "FOUL", "20"))
    assert log.view()["targets"] == ["0.2"]


def test_x5_a_picked_up_throw_cannot_be_aimed_at():
    log = match(2, [throw("DOUBLE", "4", "5"), throw("DOUBLE", "WIRE@0.1", "4")])
    assert refused(log, throw("FOUL@0.1", "10", "11")) == "0.1 not on table"


# -- X-6 exchanges and passes ----------------------------------------------------------------
def test_x6_exchange_keeps_the_hand_and_takes_from_the_pack():
    log = match(2, [EXCHANGE])
    view = log.view()
    assert view["pack"] == 27 and view["discards"] == 1
    assert seat_view(log, 0)["hand_size"] == 12 and view["turn"] == 1
    assert view["last"] == "P1 exchanges"


def test_x6_exchange_refused_on_an_empty_pack_and_pass_on_a_full_one():
    log = match(4)
    assert refused(log, PASS) == "pack not empty"
    for _ in range(16):
        log.append(EXCHANGE)
    assert log.view()["pack"] == 0 and log.view()["actions"] == ["throw", "pass"]
    assert refused(log, EXCHANGE) == "pack empty: pass"
    log.append(PASS)
    assert log.view()["passes"] == 1


def test_x6_a_hand_of_one_or_two_cards_cannot_throw():
    log = match(2, [
        throw("DOUBLE", "4", "5"),               # 0.1: seat 0 has 9
        throw("DOUBLE", "3", "4"),               # 1.1: seat 1 has 9
        throw("FOUL@1.1", "WIRE@1.1", "20"),     # 0.2, one card in front; seat 1 back to 12
        throw("WIRE@0.2", "7", "8"),             # seat 0 takes back the 20: 6 + 1
        throw("7", "8", "9"), EXCHANGE,          # seat 0: 4
        throw("10", "11", "12"), EXCHANGE,       # seat 0: 1
    ])
    assert [seat_view(log, s)["hand_size"] for s in (0, 1)] == [1, 9]
    assert log.view()["actions"] == ["exchange"]
    assert refused(log, throw("13", "14", "15")) == "only 1 card in hand"
    log.append(EXCHANGE)
    assert seat_view(log, 0)["hand_size"] == 1 and log.view()["pack"] == 25


# -- X-7 end of the hand ------------------------------------------------------------------------
def test_x7_hand_ends_when_a_player_is_out():
    events = [throw("DOUBLE", "4", "5")]
    for cards in (("7", "8", "9"), ("10", "11", "12"), ("13", "14", "15")):
        events += [EXCHANGE, throw(*cards)]
    log = match(2, events)
    view = log.view()
    assert view["hand_over"] and not view["game_over"]
    assert view["ended"] == "out" and view["out"] == 0 and view["turn"] is None
    assert view["hands"] == [[13 + 24 + 33 + 42, 0]]
    assert view["totals"] == [112, 0]
    assert view["last"] == "P1 42 out"
    assert refused(log, throw("1", "2", "3")) == "hand over: deal"
    assert view["actions"] == ["deal"]


def test_x7_wire_on_own_throw_keeps_the_thrower_in():
    events = [throw("DOUBLE", "4", "5")]
    for cards in (("7", "8", "9"), ("10", "11", "12")):
        events += [EXCHANGE, throw(*cards)]
    events += [EXCHANGE, throw("WIRE@0.3", "14", "15")]
    log = match(2, events)
    assert not log.view()["hand_over"]
    assert seat_view(log, 0)["hand_size"] == 3


def test_x7_hand_ends_when_everyone_passes_in_succession():
    log = match(3, [EXCHANGE] * 25 + [throw("DOUBLE", "4", "5"), PASS, PASS, throw(
        "DOUBLE", "7", "8"), PASS, PASS])
    assert not log.view()["hand_over"]  # the throw broke the run of passes
    log.append(PASS)
    view = log.view()
    assert view["hand_over"] and view["ended"] == "passes" and view["out"] is None
    assert view["hands"] == [[0, 35, 0]] and view["totals"] == [0, 35, 0]
    assert view["last"] == "all passed: hand over"


# -- X-8 the game ----------------------------------------------------------------------------------
def out_hand():
    # Seat 0 (two players, seat 0 first) throws Double Double Bull, then three Treble
    # Treble Bulls, and is out.
    events = [throw("DOUBLE", "DOUBLE", "BULL")]
    for _ in range(3):
        events += [EXCHANGE, throw("TREBLE", "TREBLE", "BULL")]
    return events


def test_x8_first_past_the_target_wins():
    log = match(2, out_hand(), target=500)
    view = log.view()
    assert view["game_over"] and view["winner"] == 0
    assert view["totals"] == [200 + 3 * 450, 0]
    assert view["actions"] == []
    assert refused(log, DEAL) == "the game is over"


def test_x8_target_is_configurable_and_the_deal_passes_left():
    log = match(3, dealer=2, target=100000)
    assert log.view()["turn"] == 0
    for _ in range(25):
        log.append(EXCHANGE)
    for _ in range(3):
        log.append(PASS)
    assert log.view()["hand_over"] and not log.view()["game_over"]
    log.append(DEAL)
    view = log.view()
    assert view["hand"] == 2 and view["dealer"] == 0 and view["turn"] == 1
    assert view["pack"] == 25 and view["first"] is True
    assert [s["hand_size"] for s in view["seats"]] == [9, 9, 9]
    assert view["last"] == "hand 2: P1 deals"


def test_x8_highest_total_wins_when_several_pass_the_target():
    # Both pass 100 in the hand; the higher total wins.
    log = match(2, [throw("DOUBLE", "DOUBLE", "BULL"), throw("DOUBLE", "BULL", "7")] +
                [EXCHANGE] * 28 + [PASS, PASS], target=100)
    view = log.view()
    assert view["totals"] == [200, 107]
    assert view["game_over"] and view["winner"] == 0


def test_x8_tied_for_highest_plays_another_hand():
    log = match(2, [throw("DOUBLE", "DOUBLE", "BULL"), throw("DOUBLE", "DOUBLE", "BULL")] +
                [EXCHANGE] * 28 + [PASS, PASS], target=100)
    view = log.view()
    assert view["totals"] == [200, 200]
    assert view["hand_over"] and not view["game_over"] and view["winner"] is None
    log.append(DEAL)
    assert log.view()["dealer"] == 0 and log.view()["turn"] == 1


# -- the cut, config and events ---------------------------------------------------------------------
def test_cut_by_seed_draws_a_random_seat():
    log = MatchLog("dartex", {"players": 4})
    view = log.view()
    assert view["phase"] == "cut" and view["actions"] == ["cut"] and view["turn"] is None
    assert refused(log, throw("DOUBLE", "4", "5")) == "cut for the deal"
    log.append({"t": "cut", "seed": 1234})
    dealer = cut_seat(4, Xorshift32(1234))["dealer"]
    assert log.view()["dealer"] == dealer and log.view()["turn"] == (dealer + 1) % 4
    assert refused(log, {"t": "cut", "seed": 5}) == "dealer already cut"


def test_cut_as_agreed_and_bad_cuts():
    log = MatchLog("dartex", {"players": 3})
    assert refused(log, {"t": "cut", "dealer": 3}) == "dealer: no such seat"
    assert refused(log, {"t": "cut", "seed": 0}) == "seed not 1..2^32-1"
    log.append({"t": "cut", "dealer": 2})
    assert log.view()["dealer"] == 2 and log.view()["last"] == "P3 deals"


@pytest.mark.parametrize("config, message", [
    ({"players": 5}, "players: 2 to 4"),
    ({"players": 2, "target": 0}, "target must be > 0"),
    ({"players": 2, "dealer": 2}, "dealer: no such seat"),
    ({"players": 2, "names": ["Ann"]}, "names: one a seat"),
    ([], "config not an object"),
])
def test_bad_config_is_refused(config, message):
    with pytest.raises(RulesError) as caught:
        dartex.new_match(config)
    assert caught.value.message == message


def test_unknown_events_and_events_out_of_turn_are_refused():
    log = match(2)
    assert refused(log, {"t": "bounce"}) == "no event bounce"
    assert refused(log, DEAL) == "hand not over"


def test_names_from_the_roster():
    log = match(2, [throw("DOUBLE", "4", "5")], names=["Ann", "Bob"])
    assert log.view()["names"] == ["Ann", "Bob"]
    assert log.view()["last"] == "Ann 13"


# -- undo, check, view ---------------------------------------------------------------------------------
def test_undo_then_redo_gives_the_same_state():
    events = [throw("DOUBLE", "4", "5"), throw("DOUBLE", "3", "4"), throw("WIRE@1.1", "19", "20"),
              EXCHANGE, throw("FOUL@0.2", "7", "8")]
    log = match(2, events)
    state = repr(log.state)
    for steps in (1, 2, 5):
        dropped = log.undo(steps)
        for event in dropped:
            log.append(event)
        assert repr(log.state) == state


def test_check_previews_without_changing_anything():
    log = match(2, [throw("DOUBLE", "4", "5")])
    state = repr(log.state)
    assert dartex.check(log.state, throw("DOUBLE", "11", "12")) == {
        "t": "throw", "value": 34, "first": True}
    assert dartex.check(log.state, EXCHANGE) == {"t": "exchange"}
    with pytest.raises(RulesError):
        dartex.check(log.state, throw("7", "8", "9"))
    assert repr(log.state) == state


def test_view_is_rich_and_json_ready():
    import json

    log = match(3, [throw("DOUBLE", "4", "5"), throw("7", "7", "BULL")], names=["A", "B", "C"])
    view = log.view()
    assert json.loads(json.dumps(view)) == view
    assert view["game"] == "dartex" and view["players"] == 3 and view["target"] == 500
    assert view["phase"] == "play" and view["hand"] == 1 and view["dealer"] == 2
    assert view["turn"] == 2 and view["first"] is True
    assert view["seats"][1] == {
        "seat": 1, "name": "B", "hand_size": 6, "first_done": True, "hand_score": 100,
        "total": 100, "throws": [{"id": "1.1", "cards": ["7", "7", "BULL"], "value": 100,
                                  "fouled": False, "score": 100}]}
    assert view["targets"] == ["0.1", "1.1"]
    assert view["actions"] == ["throw", "exchange"]
    assert view["totals"] == [13, 100, 0] and view["hands"] == []
    assert view["winner"] is None and view["ended"] is None


def test_screen_view_is_the_views_fields_without_text():
    from parlour_rules.dartex.views import aims, table_throw, table_throws, throw_of

    log = match(3, [throw("DOUBLE", "4", "5"), throw("7", "7", "BULL")], names=["A", "B", "C"])
    view = log.view()
    lean = dartex.screen_view(log.state)
    assert "targets" not in lean and "seats" not in lean
    for key in sorted(lean):
        if key not in ("sizes", "scores"):
            assert lean[key] == view[key], key
    assert lean["sizes"] == [6, 6, 9] and lean["scores"] == [13, 100, 0]
    assert lean["totals"] == [13, 100, 0] and lean["sizes"] is log.state["sizes"]
    assert aims(log.state) == [(0, 1), (1, 1)]
    assert table_throws(log.state, 1) == [(1, [7, 7, 50], None, 100, False)]
    assert table_throw(log.state, 1, 1) == (1, [7, 7, 50], None, 100, False)
    assert throw_of(log.state, 1, 1) == view["seats"][1]["throws"][0]
    assert throw_of(log.state, 1, 2) is None and throw_of(log.state, 5, 1) is None


def test_fold_matches_the_log():
    events = [throw("DOUBLE", "4", "5"), EXCHANGE, throw("FOUL@0.1", "10", "11")]
    state = fold(dartex, {"players": 2, "dealer": 1}, events)
    assert dartex.view(state) == match(2, events).view()


# -- fast token reading agrees with tokens.parse_dartex ---------------------------------------------
def test_parse_card_reads_exactly_as_parse_dartex():
    words = ["1", "20", "25", "BULL", "DOUBLE", "treble", "Off", "wire", "foul"]
    words += ["CHAMP=%d" % n for n in (1, 9, 10, 19, 20, 25)]
    words += ["FOUL@%d.%d" % (s, t) for s in (0, 3, 9, 10) for t in (1, 9, 10, 12)]
    words += ["WIRE@2.3", "wire@2.3", " FOUL@1.1", "FOUL@00.1", "FOUL@1.01"]
    bad = ["CHAMP=21", "CHAMP=0", "CHAMP=05", "CHAMP=", "CHAMP=2a", "FOUL@1.0", "FOUL@a.1",
           "FOUL@1", "DOUBLE@1.1", "OFF@1.1", "21", "0", "", "BULLS", "CHAMP=250", "FOUL@1.x"]
    for word in words:
        assert parse_card(word) == parse_dartex(word), word
    for word in bad:
        with pytest.raises(RulesError) as a:
            parse_card(word)
        with pytest.raises(RulesError) as b:
            parse_dartex(word)
        assert a.value.message == b.value.message


def test_read_throw_keeps_targets_by_position():
    cards, targets, value = read_throw(["10", "FOUL@2.3", "11"])
    assert cards == [10, -4, 11] and targets == [None, (2, 3), None] and value == 21


def test_throw_value_is_checks_value_and_refuses_alike():
    log = match(2)
    event = throw("DOUBLE", "4", "5")
    assert dartex.throw_value(log.state, event) == dartex.check(log.state, event)["value"] == 13
    for bad in (throw("7", "8", "9"), EXCHANGE):
        with pytest.raises(RulesError) as found:
            dartex.throw_value(log.state, bad)
        if bad is not EXCHANGE:
            with pytest.raises(RulesError) as again:
                dartex.check(log.state, bad)
            assert found.value.message == again.value.message == "first needs a double"
    assert log.events == []

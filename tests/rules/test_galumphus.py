"""The Great Galumphus engine on hand-built tables (docs/rules.md G-1..G-10, C-4, C-5).

Most scenarios start from the `pack` test option: the pack as it lies after
G-2's second shuffle (top first), the rest of it in unshuffled order."""

import sys
from pathlib import Path

import pytest

from parlour_rules import galumphus as g
from parlour_rules.cards import GAL_CODES, GALUMPHUS, new_pack
from parlour_rules.cut import cut_galumphus
from parlour_rules.errors import RulesError
from parlour_rules.galumphus import views as galumphus_views
from parlour_rules.log import MatchLog, from_record
from parlour_rules.prng import Xorshift32

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))
from cases_galumphus import check_cards, parse_script  # noqa: E402

CODE = {code: kind for kind, code in enumerate(GAL_CODES)}


def full_pack(top):
    rest = new_pack(GALUMPHUS)
    for code in top:
        rest.remove(CODE[code])
    return list(top) + [GAL_CODES[c] for c in rest]


def table(top, players=4, dealer=0, **options):
    config = {"players": players, "dealer": dealer, "pack": full_pack(top), **options}
    return g.new_match(config)


def play(state, script):
    for event in parse_script(script):
        state = g.apply(state, event)
        check_cards(state)
    return state


def refused(state, script):
    events = parse_script(script)
    for event in events[:-1]:
        state = g.apply(state, event)
    before = galumphus_views.umpire_view(state)
    with pytest.raises(RulesError) as caught:
        g.apply(state, events[-1])
    assert galumphus_views.umpire_view(state) == before
    assert 0 < len(caught.value.message) <= 20
    return caught.value


def seats(state):
    return galumphus_views.umpire_view(state)["seats"]


def pack(state):
    return galumphus_views.umpire_view(state)["pack_order"]


# Seats 1, 2, 3 and the dealer (0) get PUS, CLI, PAI, CIS; then the calls follow.
DEAL = ["PUS", "CLI", "PAI", "CIS"]


# -- G-1 the pack and the table ------------------------------------------------

def test_g1_pack_of_48_with_four_stars_and_4_to_8_players():
    state = table(DEAL)
    view = galumphus_views.umpire_view(state)
    cards = view["pack_order"] + [c for c in view["seats"] if c] + sum(view["rows"], [])
    assert len(cards) == 48
    assert sorted(cards) == sorted(GAL_CODES[k] for k in new_pack(GALUMPHUS))
    for players in (3, 9, "5"):
        with pytest.raises(RulesError) as caught:
            g.new_match({"players": players})
        assert caught.value.message == "players: 4 to 8"


def test_g1_config_refusals():
    for config, message in (
        ({"players": 5, "target": 6}, "target: 5, 7 or 11"),
        ({"players": 4, "names": ["a"]}, "one name a seat"),
        ({"players": 4, "pack": ["PUS"] * 48}, "pack: not the pack"),
        ({"players": 4, "pack": full_pack([]), "dealer": 4}, "dealer: a seat"),
        ({"players": 4, "lock_ms": 0}, "lock_ms: 500..60000"),
        ({"players": 4, "show_ms": -1}, "show_ms: 0..60000"),
        ({"players": 4, "close_ms": 10 ** 6}, "close_ms: 0..600000"),
        ([4], "config not an object"),
    ):
        with pytest.raises(RulesError) as caught:
            g.new_match(config)
        assert caught.value.message == message and len(message) <= 20


# -- G-2 the first dealer and C-5 the seed ---------------------------------------

def test_g2_first_dealer_is_the_seat_the_first_star_falls_to_then_reshuffle():
    seed = 20261129
    state = g.apply(g.new_match({"players": 5}), {"t": "seed", "seed": seed})
    rng = Xorshift32(seed)
    cut = cut_galumphus(5, rng)
    assert state["dealer"] == cut["dealer"] == (len(cut["dealt"]) - 1) % 5
    assert GAL_CODES[cut["dealt"][-1]] in ("CRO", "GAL", "TAS", "BUB")
    # The cut's cards go back, the same generator shuffles the pack again.
    again = Xorshift32(seed).shuffle(new_pack(GALUMPHUS))
    rng.shuffle(again)
    expected = list(again)
    dealt = []
    for _ in range(5):
        card = expected.pop(0)
        while card >= 11:
            expected.append(card)
            card = expected.pop(0)
        dealt.append(GAL_CODES[card])
    view = galumphus_views.umpire_view(state)
    assert view["cut"] == [GAL_CODES[c] for c in cut["dealt"]]
    assert [view["seats"][(cut["dealer"] + 1 + i) % 5] for i in range(5)] == dealt
    assert view["pack_order"] == [GAL_CODES[c] for c in expected]


def test_g2_c5_the_seed_is_an_event_and_replays():
    config = {"players": 6}
    one = g.apply(g.new_match(config), {"t": "seed", "seed": 77})
    two = g.apply(g.new_match(config), {"t": "seed", "seed": 77})
    other = g.apply(g.new_match(config), {"t": "seed", "seed": 78})
    assert galumphus_views.umpire_view(one) == galumphus_views.umpire_view(two)
    assert galumphus_views.umpire_view(one)["pack_order"] != galumphus_views.umpire_view(other)["pack_order"]
    fresh = g.new_match(config)
    assert refused(fresh, "N").message == "shuffle first"
    assert refused(one, "S5").message == "already shuffled"
    assert refused(fresh, "S0").code == "bad_seed"


# -- G-3 the deal shown, then hidden -------------------------------------------

def test_g3_deal_from_dealers_left_dealer_last_all_shown_2s_a_seat():
    state = table(DEAL, dealer=2)
    view = g.view(state)
    # Dealer 2: seats 3, 0, 1, then 2 himself.
    assert view["show"] == [[3, "PUS"], [0, "CLI"], [1, "PAI"], [2, "CIS"]]
    assert view["show_ms"] == 8000
    assert view["phase"] == "show"
    for hide in ("N", "T"):
        hidden = g.view(play(state, hide))
        assert hidden["show"] == [] and hidden["show_ms"] == 0
        assert hidden["phase"] == "ready"
        assert hidden["held"] == [True] * 4
        assert "seats" not in hidden and "pack_order" not in hidden
    assert g.view(table(DEAL, show_ms=1500))["show_ms"] == 6000


def test_g3_g6_star_met_while_dealing_goes_to_the_bottom():
    state = table(["PUS", "TAS", "CLI", "PAI", "CIS"])
    assert seats(state) == ["CIS", "PUS", "CLI", "PAI"]
    assert pack(state)[-1] == "TAS"
    # A Star met while dealing is not a call: the first Star called keeps its privilege.
    assert state["star_run"] is False


# -- G-4 calls and claims --------------------------------------------------------

def test_g4_a_call_shows_the_top_card_and_a_claim_is_two_presses():
    state = play(table(DEAL + ["CLI"]), "N N")
    view = g.view(state)
    assert view["phase"] == "call" and view["called"] == "CLI" and view["calls"] == 1
    state = play(state, "K3")
    assert g.view(state)["lock"] == 3
    state = play(state, "K2")
    view = g.view(state)
    assert view["lock"] is None and view["claims"] == [[3, 2]]


def test_g4_refusals_during_a_call():
    state = play(table(DEAL + ["CLI"]), "N N")
    assert refused(state, "K0").message == "dealer can't claim"
    assert refused(state, "K1 N").message == "P2 is claiming"
    assert refused(state, "K1 K1 K1").message == "P2 has claimed"
    assert refused(state, "K9").message == "no such seat"
    assert refused(state, "P").message == "no claim to cancel"
    assert refused(state, "=PUS").message == "no privilege now"
    named = g.new_match({"players": 4, "pack": full_pack(DEAL + ["CLI"]),
                         "names": ["Ann", "Bartholomew-Fitzroy", "Cy", "Di"]})
    assert refused(play(named, "N N K1"), "N").message == "Barthol~ is claiming"


def test_g4_pass_or_the_lock_timeout_cancels_and_the_claim_is_still_free():
    state = play(table(DEAL + ["CLI"]), "N N")
    for cancel in ("P", "T"):
        after = play(state, "K1 " + cancel)
        assert g.view(after)["lock"] is None and g.view(after)["claims"] == []
        assert g.view(play(after, "K1 K2"))["claims"] == [[1, 2]]


def test_g4_no_claims_while_cards_show_or_before_a_call():
    state = table(DEAL + ["CLI"])
    assert refused(state, "K1").message == "cards are showing"
    assert refused(state, "N K1").message == "no card called"
    assert refused(state, "N N N P").message == "nothing to pass"


def test_g4_no_ordinary_claims_on_a_star_call():
    # Crowned Cornubian: the call shows every face-down card, no claim is taken.
    state = play(table(DEAL + ["CRO"]), "N N")
    view = g.view(state)
    assert view["called"] == "CRO" and view["phase"] == "show"
    assert refused(state, "K1").message == "cards are showing"
    # Under a privilege a seat key names a seat for the privilege, not a claim.
    state = play(table(DEAL + ["GAL"]), "N N K2")
    assert g.view(state)["claims"] == [] and g.view(state)["privilege"]["pick"] == 2


def test_g4_one_key_scan_in_seat_order_from_the_dealers_left():
    state = play(table(DEAL + ["CLI"], dealer=2), "N N")
    # Seats 1 and 3 in one scan: seat 3 is first from dealer 2's left.
    state, events, refusals = g.scan(state, [1, 3])
    assert events == [{"t": "key", "seat": 3}]
    assert [[seat, e.message] for seat, e in refusals] == [[1, "P4 is claiming"]]
    # During the lock the first key in that order is the target, the others refused.
    state, events, refusals = g.scan(state, [0, 1])
    assert events == [{"t": "key", "seat": 0}]
    assert g.view(state)["claims"] == [[3, 0]]
    assert [[seat, e.message] for seat, e in refusals] == [[1, "P4 is claiming"]]
    # A refused key (a second claim) does not stop the next in the scan.
    state, events, refusals = g.scan(state, [3, 1])
    assert events == [{"t": "key", "seat": 1}]
    assert [[seat, e.message] for seat, e in refusals] == [[3, "P4 has claimed"]]


# -- G-5 resolution -----------------------------------------------------------

def test_g5_right_claim_face_up_void_second_claim_first_wrong_claimant_deals():
    # Seats: 1 PUS, 2 CLI, 3 PAI, 0 CIS; CLI is called; then HAI and FLY lie on top.
    state = play(table(DEAL + ["CLI", "HAI", "FLY"]), "N N")
    state = play(state, "K3 K2 K1 K2 K2 K3 N")
    view = galumphus_views.umpire_view(state)
    assert view["last"] == [
        {"by": 3, "seat": 2, "card": "CLI", "result": "right"},
        {"by": 1, "seat": 2, "card": None, "result": "void"},
        {"by": 2, "seat": 3, "card": "PAI", "result": "wrong"},
    ]
    assert view["rows"] == [[], [], [], ["CLI"]]
    # Claimed seats dealt in claim order: seat 2 then seat 3, shown together.
    assert view["seats"] == ["CIS", "PUS", "HAI", "FLY"]
    assert view["show"] == [[2, "HAI"], [3, "FLY"]] and view["phase"] == "show"
    # The called card to the bottom, then the wrong card.
    assert view["pack_order"][-2:] == ["CLI", "PAI"]
    assert view["dealer"] == 2


def test_g5_later_wrong_claimants_escape_and_own_card_is_fair():
    state = play(table(DEAL + ["PUS", "HAI", "FLY", "LON"]), "N N")
    # P2 (seat 1) claims his own PUS: right. Seats 2 and 3 claim wrongly.
    state = play(state, "K1 K1 K3 K0 K2 K3 N")
    view = galumphus_views.umpire_view(state)
    assert [c["result"] for c in view["last"]] == ["right", "wrong", "wrong"]
    assert view["rows"][1] == ["PUS"]
    assert view["dealer"] == 3
    assert view["pack_order"][-3:] == ["PUS", "CIS", "PAI"]
    assert view["seats"] == ["FLY", "HAI", "CLI", "LON"]


def test_g5_a_second_claim_by_one_player_is_refused_even_after_a_void():
    state = play(table(DEAL + ["CLI"]), "N N K3 K2 K1 K2")
    assert refused(state, "K1").message == "P2 has claimed"


def test_g5_no_claims_the_called_card_goes_to_the_bottom():
    state = play(table(DEAL + ["CLI"]), "N N N")
    view = galumphus_views.umpire_view(state)
    assert view["phase"] == "ready" and view["pack_order"][-1] == "CLI"
    assert view["last"] == [] and view["dealer"] == 0


def test_g5_g9_a_completing_claim_ends_the_game_at_once():
    # Target 5: seat 1 wins with his fifth design; the wrong claim before it stays put.
    state = arranged(rows=[[], ["PUS", "CLI", "PAI", "CIS"], [], []],
                     seats=["HAI", "LON", "HAI", "FLY"], top=["HAI"], target=5)
    before = galumphus_views.umpire_view(state)
    state = play(state, "N K3 K1 K1 K2 N")
    view = galumphus_views.umpire_view(state)
    assert view["result"] == {"reason": "row", "winners": [1]}
    assert view["phase"] == "over"
    assert view["seats"] == ["HAI", "LON", None, "FLY"]
    assert view["pack_order"] == before["pack_order"]
    assert view["dealer"] == 0
    assert refused(state, "N").message == "game over"


# -- G-6 Stars skipped while dealing; empty seats --------------------------------

def arranged(rows, seats, top=(), players=None, dealer=0, star_run=False, **options):
    # A table in the middle of a game: rows and face-down cards as given, the
    # pack holding everything else (`top` first), phase "ready".
    players = players or len(seats)
    state = table([], players=players, dealer=dealer, **options)
    rest = new_pack(GALUMPHUS)
    for code in sum(rows, []) + [s for s in seats if s] + list(top):
        rest.remove(CODE[code])
    state = dict(state)
    state.update({
        "rows": [[CODE[c] for c in row] for row in rows],
        "seats": [CODE[c] if c else -1 for c in seats],
        "pack": [CODE[c] for c in top] + rest,
        "phase": "ready", "show": [], "star_run": star_run,
    })
    check_cards(state)
    return state


def test_g6_with_no_design_in_the_pack_a_seat_stays_empty_until_one_returns():
    # Every design but CLI lies in rows or seats; seat 2 is empty.
    rows = [["PUS"] * 4 + ["PAI"] * 4 + ["CIS"] * 4 + ["HAI"] * 4 + ["FLY"] * 4,
            ["LON"] * 4 + ["SCR"] * 4 + ["LUN"] * 3,
            ["PUT"] * 4 + ["SPO"] * 4, ["LUN"]]
    state = arranged(rows, seats=["CLI", "CLI", None, "CLI"], top=["CLI"])
    assert refused(state, "N K1 K2").message == "P3 has no card"
    # Seat 1 claims CLI from seat 3: right; the called CLI goes to the bottom and
    # is then the only design in the pack: seat 3 (claimed) gets it, seat 2 stays empty.
    state = play(state, "N K1 K3 N")
    view = galumphus_views.umpire_view(state)
    assert view["rows"][1][-1] == "CLI"
    assert view["seats"] == ["CLI", "CLI", None, "CLI"]
    assert sorted(view["pack_order"]) == ["BUB", "CRO", "GAL", "TAS"]


def test_g6_an_empty_seat_is_dealt_as_soon_as_a_call_leaves_a_design():
    rows = [["PUS"] * 4 + ["PAI"] * 4 + ["CIS"] * 4 + ["HAI"] * 4 + ["FLY"] * 4,
            ["LON"] * 4 + ["SCR"] * 4 + ["LUN"] * 4,
            ["PUT"] * 4 + ["SPO"] * 4, []]
    state = arranged(rows, seats=["CLI", "CLI", None, None], top=["CLI", "CLI"])
    # Nobody claims: the called CLI goes to the bottom and the next CLI is the
    # top; empties are dealt from the dealer's left: seat 2 gets the top CLI,
    # then seat 3 the one just called.
    state = play(state, "N N")
    view = galumphus_views.umpire_view(state)
    assert view["show"] == [[2, "CLI"], [3, "CLI"]]
    assert sorted(view["pack_order"]) == ["BUB", "CRO", "GAL", "TAS"]


# -- G-7 the Star privileges --------------------------------------------------------

def test_g7_great_galumphus_each_player_but_the_dealer_in_turn_from_his_left():
    # Dealer 1: turns go to seats 2, 3, 0. Seats: 2 PUS, 3 CLI, 0 PAI, 1 CIS.
    state = play(table(DEAL + ["GAL", "HAI", "FLY"], dealer=1), "N N")
    priv = g.view(state)["privilege"]
    assert priv == {"star": "GAL", "turn": 2, "pick": None, "named": []}
    assert refused(state, "=PUS").message == "pick a seat first"
    # Seat 2 names seat 1's card wrongly: no penalty, card stays, not shown.
    state = play(state, "K1 =PUS")
    view = g.view(state)
    assert view["last"] == [{"by": 2, "seat": 1, "card": None, "result": "wrong"}]
    assert view["privilege"]["turn"] == 3 and view["dealer"] == 1
    # Seat 3 names his own card rightly: face up to his row, seat left empty for now.
    state = play(state, "K3 =CLI")
    assert g.view(state)["rows"][3] == ["CLI"] and g.view(state)["held"][3] is False
    assert refused(state, "K3").message == "P4 has no card"
    assert refused(state, "K2 =GAL").message == "name a design"
    assert refused(state, "N").message == "privilege: PASS"
    # Seat 0 passes: the privilege is over, seat 3 is refilled and shown.
    state = play(state, "P")
    view = galumphus_views.umpire_view(state)
    assert view["privilege"] is None and view["show"] == [[3, "HAI"]]
    assert view["pack_order"][-1] == "GAL"


def test_g7_water_hog_the_dealer_alone_names_cards_until_pass():
    state = play(table(DEAL + ["BUB", "HAI", "FLY"]), "N N")
    assert g.view(state)["privilege"]["turn"] == 0
    state = play(state, "K0 =CIS K2 =PUS")
    view = g.view(state)
    assert view["rows"][0] == ["CIS"]
    assert [c["result"] for c in view["last"]] == ["right", "wrong"]
    assert refused(state, "K2").message == "P3 named already"
    state = play(state, "K1 =PUS P")
    view = galumphus_views.umpire_view(state)
    assert view["rows"][0] == ["CIS", "PUS"]
    # Refilled after the privilege, seat order from the dealer's left: 1 then 0.
    assert view["show"] == [[1, "HAI"], [0, "FLY"]]
    assert view["dealer"] == 0


def test_g7_water_hog_ends_when_every_card_is_named():
    state = play(table(DEAL + ["BUB"]), "N N K0 =PUS K1 =PUS K2 =PUS K3 =PUS")
    assert g.view(state)["privilege"] is None
    assert g.view(state)["rows"][0] == ["PUS"]


def test_g7_crowned_cornubian_shows_every_face_down_card_then_hides():
    state = play(table(DEAL + ["CRO"]), "N N")
    view = g.view(state)
    assert view["show"] == [[0, "CIS"], [1, "PUS"], [2, "CLI"], [3, "PAI"]]
    assert view["show_ms"] == 8000 and view["privilege"]["star"] == "CRO"
    for hide in ("N", "T"):
        after = g.view(play(state, hide))
        assert after["phase"] == "ready" and after["show"] == []
        assert after["privilege"] is None


def test_g7_snort_hound_moves_every_face_down_card_and_empty_seat_left():
    rows = [["PUS"] * 4 + ["PAI"] * 4 + ["CIS"] * 4 + ["HAI"] * 4 + ["FLY"] * 4,
            ["LON"] * 4 + ["SCR"] * 4 + ["LUN"] * 4,
            ["PUT"] * 4 + ["SPO"] * 4, ["CLI"]]
    state = arranged(rows, seats=["CLI", None, "CLI", "CLI"], top=["TAS"])
    state = play(state, "N")
    view = galumphus_views.umpire_view(state)
    assert view["called"] == "TAS"
    assert view["seats"] == ["CLI", "CLI", None, "CLI"]
    # Seat 0's card went to seat 1 (the dealer's included); the pack has a design.
    state = play(table(DEAL + ["TAS"]), "N N")
    assert seats(state) == ["PAI", "CIS", "PUS", "CLI"]
    assert g.view(state)["phase"] == "ready"


# -- G-8 Stars in succession -----------------------------------------------------

def test_g8_a_star_after_a_star_has_no_privilege_and_returns_duplicates():
    rows = [["PUS", "CLI", "PUS"], ["PAI"], ["HAI", "HAI", "FLY", "HAI"], ["LON", "LON"]]
    state = arranged(rows, seats=["SCR", "SCR", "SCR", "SCR"], top=["TAS", "CRO"],
                     dealer=1)
    state = play(state, "N")
    assert seats(state) == ["SCR"] * 4 and g.view(state)["phase"] == "ready"
    state = play(state, "N")
    view = galumphus_views.umpire_view(state)
    assert view["called"] == "CRO" and view["privilege"] is None
    # Rows from the dealer's left (2, 3, 0), each row's in the order won.
    assert view["returned"] == ["HAI", "HAI", "LON", "PUS"]
    assert view["rows"] == [["PUS", "CLI"], ["PAI"], ["HAI", "FLY"], ["LON"]]
    assert view["pack_order"][-6:] == ["TAS", "CRO", "HAI", "HAI", "LON", "PUS"]
    # A design call in between breaks the succession.
    state = arranged(rows, seats=["SCR"] * 4, top=["TAS", "SPO", "CRO"])
    state = play(state, "N N N N")
    assert g.view(state)["privilege"]["star"] == "CRO"


# -- G-9 the winner --------------------------------------------------------------

def test_g9_default_n_by_table_size_and_the_full_game():
    assert [g.new_match({"players": n})["cfg"]["target"] for n in range(4, 9)] == [7, 7, 7, 5, 5]
    assert g.view(g.new_match({"players": 5, "target": 11}))["target"] == 11


def test_g9_any_n_designs_win_and_a_privilege_win_ends_it_there():
    rows = [[], [], ["PUS", "CLI", "PAI", "CIS", "HAI", "FLY"], []]
    state = arranged(rows, seats=["LON", "SCR", "LON", "LUN"], top=["GAL"], dealer=1)
    state = play(state, "N K3 =LUN")
    view = galumphus_views.umpire_view(state)
    assert view["rows"][2][-1] == "LUN" and view["designs"][2] == 7
    assert view["result"] == {"reason": "row", "winners": [2]}
    assert view["seats"] == ["LON", "SCR", "LON", None]


# -- G-10 stalemate ----------------------------------------------------------------

def test_g10_a_stalemate_when_no_player_can_reach_n():
    # N = 11, 5 players. PUS CLI PAI CIS lie one copy each in four rows: locked.
    # HAI lies in rows 1..3; its last copy is face down at seat 0.
    rows = [["PUS", "CLI", "PAI", "CIS"],
            ["PUS", "CLI", "PAI", "HAI", "LON", "LON"],
            ["PUS", "CLI", "CIS", "HAI", "SCR"],
            ["PUS", "PAI", "CIS", "HAI"],
            ["CLI", "PAI", "CIS"]]
    state = arranged(rows, seats=["HAI", "FLY", "LUN", "PUT", "SPO"], top=["GAL"],
                     target=11)
    # Everyone lacks a locked design but seat 0 (he lacks only HAI): play goes on.
    state = play(state, "N P P P")
    assert g.view(state)["privilege"]["turn"] == 4
    # Seat 4 wins HAI under the Great Galumphus: HAI is now locked too, seat 0
    # can reach 10 at most and so can everyone else.
    state = play(state, "K0 =HAI")
    view = g.view(state)
    assert view["result"]["reason"] == "reach" and view["phase"] == "over"
    # Most different designs (5 for seats 1 and 2), then most cards: seat 1.
    assert view["result"]["winners"] == [1]


def test_g10_a_an_ordinary_claim_cannot_lock_a_design_but_a_return_can():
    # G-8 returning a duplicate can leave the fourth single copy in a row.
    rows = [["PUS", "CLI", "PAI", "CIS"],
            ["PUS", "CLI", "PAI", "HAI", "HAI"],
            ["PUS", "CLI", "CIS", "HAI"],
            ["PUS", "PAI", "CIS", "HAI"],
            ["CLI", "PAI", "CIS"]]
    state = arranged(rows, seats=["FLY", "FLY", "LUN", "PUT", "SPO"], top=["TAS", "CRO"],
                     target=11)
    state = play(state, "N")
    assert g.view(state)["phase"] == "ready"
    state = play(state, "N")
    view = g.view(state)
    assert view["returned"] == ["HAI"]
    # HAI is now single in rows 1, 2, 3 only: three copies, so not locked.
    assert view["phase"] == "ready"


def star_only_rows(players, seated):
    # Every design card in rows (no duplicates) or face down at `seated` seats.
    cards = []
    for design in range(11):
        copies = 4 - (1 if design < seated else 0)
        cards += [GAL_CODES[design]] * copies
    rows = [[] for _ in range(players)]
    for i in range(len(cards)):
        rows[i % players].append(cards[i])
    seats = [GAL_CODES[s] if s < seated else None for s in range(players)]
    return rows, seats


def test_g10_b_only_stars_in_the_pack_a_star_called_and_no_duplicate():
    rows, seats_ = star_only_rows(5, 4)
    state = arranged(rows, seats=seats_, top=["TAS"], target=11)
    state = play(state, "N")
    view = galumphus_views.umpire_view(state)
    assert view["called"] == "TAS" and view["seats"] == [None, "PUS", "CLI", "PAI", "CIS"]
    assert view["result"] == {"reason": "stars", "winners": [0, 1, 2, 3, 4]}


def test_g10_b_a_duplicate_in_a_row_keeps_the_game_going():
    rows, seats_ = star_only_rows(5, 4)
    moved = rows[1].pop(0)
    rows[0].append(moved)
    state = arranged(rows, seats=seats_, top=["TAS", "CRO"], target=11)
    state = play(state, "N")
    assert g.view(state)["phase"] == "ready"
    state = play(state, "N")
    view = galumphus_views.umpire_view(state)
    assert view["returned"] == [moved]
    # The returned card fills the seat left empty (seat 0 after Snort Hound);
    # then G-10(a) sees every design spread one copy a row: nobody reaches 11.
    assert view["seats"][0] == moved
    assert view["result"]["reason"] == "reach"


def test_g10_c_a_quiet_pass_of_the_pack_offers_end_and_agreement_ends_any_time():
    state = play(table(DEAL), "N")
    assert g.view(state)["end_offer"] is False
    agreed = play(state, "E")
    assert g.view(agreed)["result"] == {"reason": "agreed", "winners": [0, 1, 2, 3]}
    steps = 0
    while not g.view(state)["end_offer"]:
        # Nobody claims: NEXT through every call, PASS through every privilege.
        state = play(state, "P" if g.view(state)["phase"] == "priv" else "N")
        steps += 1
        assert steps < 200
    view = g.view(state)
    assert view["pack"] == 44 and view["calls"] == 44 and view["phase"] == "ready"
    assert g.view(play(state, "E"))["result"]["reason"] == "pass"


def test_g10_result_most_designs_then_most_cards_then_shared():
    rows = [["PUS", "CLI"], ["PUS", "CLI", "CLI"], ["PAI", "CIS", "PAI"], ["HAI"]]
    state = arranged(rows, seats=["FLY"] * 4, top=[])
    assert g.view(play(state, "E"))["result"]["winners"] == [1, 2]


# -- C-4 undo, refusals, the two faces of the view --------------------------------------

def test_c4_only_claims_of_the_open_call_may_be_undone():
    config = {"players": 4, "dealer": 0, "pack": full_pack(DEAL + ["CLI", "HAI"])}
    match = MatchLog("galumphus", config, parse_script("N N"))
    assert galumphus_views.can_undo(match.state) is False
    match.append({"t": "key", "seat": 3})
    assert galumphus_views.can_undo(match.state) and match.view()["undo"] is True
    locked = match.state
    match.append({"t": "key", "seat": 2})
    claimed = match.state
    match.undo(1)
    assert match.state == locked
    match.append({"t": "key", "seat": 2})
    assert match.state == claimed
    match.append({"t": "next"})
    assert galumphus_views.can_undo(match.state) is False
    match.append({"t": "timeout"})
    assert galumphus_views.can_undo(match.state) is False


def test_view_never_shows_a_face_down_card_outside_a_show():
    state = play(table(DEAL + ["CLI"]), "N N K1 K2")
    view = g.view(state)
    text = repr(view)
    for code in ("CIS", "PUS", "PAI"):
        assert code not in text
    umpire = galumphus_views.umpire_view(state)
    assert umpire["seats"] == ["CIS", "PUS", "CLI", "PAI"]
    assert len(umpire["pack_order"]) == 44


def test_unknown_and_malformed_events_are_refused():
    state = table(DEAL)
    for event, message in (({"t": "shuffle"}, "unknown event"), ({}, "event needs a type"),
                           ({"t": "key"}, "no such seat")):
        state2 = play(state, "N N")
        with pytest.raises(RulesError) as caught:
            g.apply(state2, event)
        assert caught.value.message == message


def test_g4_g7_a_scan_under_a_privilege_takes_one_seat():
    state = play(table(DEAL + ["GAL"]), "N N")
    state, events, refusals = g.scan(state, [3, 2])
    assert events == [{"t": "key", "seat": 2}]
    assert [[seat, e.message] for seat, e in refusals] == [[3, "one key at a time"]]


def test_g5_a_closed_call_clears_its_claims_and_keeps_the_results():
    state = play(table(DEAL + ["CLI"]), "N N K1 K2 N")
    view = g.view(state)
    assert view["claims"] == [] and view["last"][0]["result"] == "right"
    assert view["end_offer"] is False


def test_docs_example_claims_undo_and_resolution():
    # docs/galumphus.md "Example": seed 2026, five players, the fourth call.
    config = {"players": 5, "names": ["Ann", "Ben", "Cat", "Dan", "Eve"]}
    match = MatchLog("galumphus", config, parse_script("S2026 T N N N N N N N"))
    assert match.view()["called"] == "PAI" and match.view()["dealer"] == 1
    for event in parse_script("K4 K2 K3 K2 K0 K1"):
        match.append(event)
    assert match.view()["claims"] == [[4, 2], [3, 2], [0, 1]]
    match.undo(1)
    assert match.view()["lock"] == 0
    for event in parse_script("K4 N"):
        match.append(event)
    view = match.view()
    assert view["dealer"] == 0 and view["rows"][4] == ["PAI"]
    assert [c["result"] for c in view["last"]] == ["right", "void", "wrong"]
    assert view["last"][2]["card"] == "HAI"
    assert view["show"] == [[2, "PUS"], [4, "FLY"]] and view["show_ms"] == 4000
    # The record replays to the same umpire's truth on another machine.
    again = from_record(match.record())
    assert galumphus_views.umpire_view(again.state) == galumphus_views.umpire_view(match.state)


def test_every_portable_case_runs_clean_on_cpython():
    # test_portable only compares the two interpreters; a case that raised on
    # both would compare equal, so CPython must finish each one here.
    import cases_galumphus as cases

    names = [n for n in dir(cases) if n.startswith("case_") and "playouts" not in n]
    assert len(names) > 15
    for name in names:
        if name.startswith("case_refuse_"):
            with pytest.raises(RulesError):
                getattr(cases, name)()
        else:
            assert getattr(cases, name)() is not None


def test_every_galumphus_decision_id_is_named_by_a_test():
    here = Path(__file__).resolve().parent
    names = []
    for path in sorted(here.glob("test_galumphus*.py")):
        names += [line.split("(")[0][4:] for line in path.read_text().splitlines()
                  if line.startswith("def test_")]
    for rule in ["g%d" % i for i in range(1, 11)] + ["c4", "c5"]:
        assert any(("_" + rule + "_") in ("_" + n + "_") for n in names), rule

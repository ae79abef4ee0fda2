"""The Dumbo screens (D-1..D-15) driven through key scripts: a complete game on the
MacroPad (two players, card entry included) and on the TFT board (four players at two
tables) against golden screenshots; the three- and four-player rotations, a wrong
declaration, a refused entry and a new game by quick key-by-key tests."""

import sys

import pytest

from parlour.sim.headless import play
from screens_support import (
    SCRIPTS,
    Pad,
    finished_match,
    golden_check,
    record_of,
    run_to_shot,
    shot_names,
)


def test_the_view_gives_the_last_hand_as_fields_and_the_preview_agrees_with_the_fold():
    sys.path.insert(0, str(SCRIPTS.parent / "tests" / "support" / "portable"))
    import cases_dumbo

    joker, wrong, octad, tie = [dict(f) for f in cases_dumbo.case_view_gives_the_last_hand_as_fields()]
    assert joker == {"wrong": False, "declarer": 0, "opponent": 1, "d": 5, "o": 12,
                     "joker": True, "octad": False, "winner": 0, "points": [7, 0]}
    assert wrong["wrong"] and wrong["d"] == 9 and wrong["winner"] == 0
    assert wrong["points"] == [0, 10]
    assert octad["octad"] and octad["winner"] == 1 and octad["points"] == [24, 0]
    assert tie["winner"] == 1 and tie["points"] == [0, 0]     # D-7: a tie, the opponent
    assert cases_dumbo.case_hand_points_agrees_with_the_fold() == []


def menu_to_options(n):
    # Main menu > New match > Dumbo > seat the first n roster names > start (key 8)
    return "k11 k11 %s k8" % " ".join(["k11"] + ["t1 k11"] * (n - 1))


def seated(n, options=""):
    # The options' seating row turned once: a chosen seating instead of the cut
    # (two: P1 deals; three: P1 deals, P2 sits out; four: N P1, S P3, E P2, W P4)
    default = "k7 k7" if n == 4 else "k7"
    return Pad().do(menu_to_options(n) + " " + (options or default) + " t1 k11")


@pytest.mark.parametrize("script", ["dumbo_match.txt", "dumbo_match_tft.txt"],
                         ids=["macropad", "tft"])
def test_d7_d10_a_complete_game_by_keys_scores_and_matches_the_goldens(script, tmp_path):
    text = (SCRIPTS / script).read_text()
    device, shots = play(text, state_dir=tmp_path, named_only=True)
    assert [name for name, _ in shots] == shot_names(text)
    end, log = finished_match(device)          # the archived journal, refolded
    view = log.view()
    assert end == "won" and view["over"]
    if script == "dumbo_match.txt":
        # undercut 14, wrong 10, void, tie, cards 7 (5 against 12 with the Joker),
        # Octad 5 + 20; then game 50 and Vertex 100: P2 never scored (D-10)
        assert view["winner"] == "P1" and view["totals"] == [206, 0]
        assert [b["points"] for b in view["bonuses"]] == [50, 100]
        kinds = [e["t"] for e in log.events]
        assert kinds == ["seat", "hand", "wrong", "void", "hand", "hand", "hand"]
        assert "declarer_cards" in log.events[5]
    else:
        # D-12: deal 1 N-S 20, E-W 8 -> +12; deal 2 N-S 30 + 10 + 10 -> +50
        assert view["winner"] == "North-South" and view["totals"] == [212, 0]
        assert view["mode"] == "four"
    assert device.app.match is None and device.app.screen.title == "parlour"
    for name, png in shots:
        golden_check(name, png)


def test_d14_the_welds_are_shown_before_a_hand_entered_as_cards_is_sent(tmp_path):
    text = (SCRIPTS / "dumbo_match.txt").read_text()
    device, before = run_to_shot(text, "dumbo_welds", tmp_path)
    try:
        assert record_of(device) == before          # nothing sent yet
        lines = [line for line, _ in device.app.screen.lines()]
        assert lines == ["P1 count 5", "w1 5SQ 6SQ 7SQ", "w2 5CI 6CI 7CI", "loose 3ST 2DI",
                         "P2 count 12(Jk)", "on w1 4SQ 3SQ 8SQ 9SQ", "on w2 4CI 8CI",
                         "dead 2CI JOKER", "P1 +7"]
    finally:
        device.close()


def test_d14_card_entry_refuses_a_card_twice_and_leaves_the_solver_out_of_memory():
    pad = seated(2)
    pad.do("k0 k8 k0 k0")                        # 7SQ, then 7SQ again
    assert pad.app.message == "7SQ twice"
    assert pad.app.screen.hands[0] == [6]
    pad.do("k9 k9")                              # back out of the entry
    assert pad.events() == [{"t": "seat", "dealer": 0}]
    assert "parlour_device.games.dumbo.card_entry" not in sys.modules
    assert "parlour_rules.dumbo.cards" not in sys.modules
    assert not [name for name in sys.modules if name.startswith("parlour_rules.melds")]


def test_d7_the_hand_is_explained_before_ok_and_a_tie_goes_to_the_opponent():
    pad = seated(2)
    pad.do("k1 t3 k0 t2")                        # P2 declares 6, P1 holds 2
    text = pad.frame_text()
    assert "P2 6" in text and "P1 2" in text and "P1 +14 undercut" in text
    assert pad.events() == [{"t": "seat", "dealer": 0}]
    pad.do("t3")                                 # P1 holds 5 against 6: still under
    assert "P1 +11 undercut" in pad.frame_text()
    pad.do("t3")                                 # 8 against 6: P2 wins by 2
    assert "P2 +2" in pad.frame_text()
    pad.do("t-2 k11")                            # 6 against 6
    assert pad.view()["last_hand"]["winner"] == 0 and pad.view()["totals"] == [0, 0]
    assert "tie: P1 wins" in pad.frame_text()


def test_d8_a_wrong_declaration_is_shown_first_then_scores_the_penalty_and_keeps_the_dealer():
    pad = seated(2)
    pad.do("k1 k6")                              # shown, not yet entered
    assert pad.events() == [{"t": "seat", "dealer": 0}]
    text = pad.frame_text()
    assert "P2 declared wrongly" in text and "P1 +10 penalty" in text
    pad.do("k6")                                 # 6 again takes it back: the counts
    assert "declared wrongly" not in pad.frame_text() and len(pad.events()) == 1
    pad.do("k6 k11")
    assert pad.events()[-1] == {"t": "wrong", "declarer": 1}
    assert pad.view()["totals"] == [10, 0]
    assert pad.view()["tables"][0]["dealer"] == "P1"
    assert "P1 +10 penalty" in pad.frame_text()


def test_a_refused_entry_shows_why_and_changes_nothing():
    pad = seated(2)
    pad.do("k1 k0 t80 k4")                       # 80 + the Joker: more than 8 cards hold
    assert "bad count: 80" in pad.frame_text()
    before = pad.events()
    pad.do("k11")
    assert pad.events() == before and pad.app.message == "bad count: 80"
    assert pad.app.screen.declarer == 1          # the entry stays to be fixed
    pad.do("k4 k11")
    assert pad.events()[-1] == {"t": "hand", "declarer": 1, "d": 3, "o": 80, "joker": False}


def test_the_declarer_is_asked_for_and_the_focused_count_lights_yellow():
    pad = seated(2)
    pad.do("k11")
    assert pad.app.message == "who declared? 0-3" and len(pad.events()) == 1
    for key in ("k4", "k5"):                     # Joker, Octad: labelled on colour
        pad.app.message = ""
        pad.do(key)
        assert pad.app.message == "who declared? 0-3" and len(pad.events()) == 1
    lights = pad.app.screen.lights()
    assert lights[0] == 0x3070FF                 # P1 deals: blue
    pad.do("k1")
    lights = pad.app.screen.lights()
    assert lights[1] == 0xFFD000 and lights[0] == 0x30D0D0   # P2's count focused, P1 cyan
    pad.do("k0")
    lights = pad.app.screen.lights()
    assert lights[0] == 0xFFD000 and lights[1] == 0x30D050   # P1's count, P2 declares
    assert pad.app.screen.lights() is lights     # the same tuple while nothing changes


def test_d11_three_players_the_winner_plays_the_man_out_and_the_loser_sits_out():
    pad = seated(3)                              # P1 deals, P2 sits out
    assert pad.events()[0] == {"t": "seat", "dealer": 0, "sits_out": 1}
    pad.do("k1")
    assert pad.app.message == "P2 sits out" and pad.app.screen.declarer < 0
    pad.do("k2 t1 k0 t20 k11")                   # P3 declares 4, P1 20: P3 +16
    assert ("P3 deals, P1 out", 0xFFFFFF) in pad.app.screen.lines()
    pad.do("k11")
    v = pad.view()
    assert v["sits_out"] == "P1" and v["tables"][0]["seats"] == [2, 1]
    assert pad.app.screen.title == "P3 deals, P1 out"


def test_d12_four_players_at_two_tables_swap_opponents_and_net_the_deal():
    pad = seated(4)                              # two tables; N P1 S P3, E P2 W P4
    assert [t["seats"] for t in pad.view()["tables"]] == [[0, 1], [2, 3]]
    pad.do("k0 k1 t23 k11")                      # table 1: P1 3, P2 23: +20
    assert "1 done P1 20 P2 0" in pad.do("k11").frame_text()
    pad.do("k1")
    assert pad.app.message == "wait: other table"
    pad.do("k3 t-1 k2 t10 k11")                  # table 2: P4 2, P3 10: +8
    text = pad.frame_text()
    assert "deal 1: N-S +12" in text
    assert pad.view()["totals"] == [12, 0]
    pad.do("k11")
    assert sorted(sorted(t["seats"]) for t in pad.view()["tables"]) == [[0, 3], [1, 2]]
    assert pad.app.screen.title == "Dumbo deal 2"


def test_d13_four_players_at_one_table_alternate_and_the_partner_deals():
    pad = seated(4, "t1 k7 k7")                  # one table, partners, N P1 S P3
    assert pad.view()["mode"] == "pairs" and pad.view()["tables"][0]["seats"] == [0, 1]
    pad.do("k1 k5 k0 t4 k11")                    # P2 (E) Octad, P1 4: E-W +24
    assert pad.view()["totals"] == [0, 24]
    pad.do("k11")
    # D-13: S v W next, the winner's partner (P4, West) deals
    assert pad.view()["tables"][0]["seats"] == [3, 2]
    assert "P4 deals v P3" in pad.frame_text()


def test_d15_a_void_hand_keeps_the_dealer_and_undo_takes_it_back():
    pad = seated(2)
    pad.do("k7")
    assert pad.events()[-1] == {"t": "void"}
    assert "Hand void" in pad.frame_text()
    pad.do("k9")                                 # undo from the results
    assert pad.events() == [{"t": "seat", "dealer": 0}]


def test_d10_the_game_over_itemises_the_bonuses_and_a_new_game_takes_two_presses():
    pad = seated(2)
    pad.do("k0 t4 k1 t60 k11")                   # P1 7, P2 60: +53, Vertex
    text = pad.frame_text()
    assert "P1 wins: 203" in text and "53 +50 game" in text and "+100 Vertex" in text
    pad.do("k11")
    assert pad.app.message == "11 again: new game" and pad.view()["over"]
    pad.do("k11")
    assert pad.events()[-1] == {"t": "new_game"}
    assert pad.view()["totals"] == [0, 0] and pad.view()["game_no"] == 2
    assert "P1 deals" in pad.app.screen.title


def test_a_match_resumes_after_a_reset_on_the_game_over_screen(tmp_path):
    text = (SCRIPTS / "dumbo_match.txt").read_text()
    device, _ = run_to_shot(text, "dumbo_game_over", tmp_path)
    try:
        from parlour.sim.headless import apply
        from parlour.sim.script import parse
        [reset] = parse("reset")
        device = apply(device, reset)
        assert device.app.screen.title == "Dumbo: game over"
        assert device.app.view()["totals"] == [206, 0]
    finally:
        device.close()


def test_long_names_fit_the_macropad_on_every_dumbo_screen():
    # No text runs past the 21 columns, and no line is cut at its end (lines.clip
    # marks a cut with "~"): names are clipped where the texts are made ("Alexa~").
    pad = Pad()
    assert pad.app.set_roster(["Alexandrina", "Bartholomew", "Cassiopeia", "Demetrius"])

    def fits():
        for item in pad.app.compose().items:
            if item[0] == 0:
                _, x, _, text, _, scale, _ = item
                assert x + 6 * scale * len(text) <= 128, text
        if hasattr(pad.app.screen, "lines"):          # a results page: no line cut
            for line, _ in pad.app.screen.lines():
                assert len(line) <= 21, line

    pad.do(menu_to_options(3) + " k7 t1")
    fits()
    pad.do("k11")
    fits()
    pad.do("k2 k5 t70 k4")                       # Cassiopeia 0, Alexandrina 70 + Joker
    fits()
    pad.do("k11")                                # an Octad: 100 ends the game at once
    for _ in range(6):
        fits()
        pad.do("t1")
    pad.do("k9 k11 k1")                          # undone; Bartholomew is out
    fits()
    pad.do("k11 k0 k6")                          # Alexandrina declares wrongly
    for _ in range(4):
        fits()
        pad.do("t1")
    pad.do("k11 k0 k8")                          # the card entry
    fits()

"""The Stump screens (S-1..S-8) driven through key scripts: a complete match on the
MacroPad and on the TFT board against golden screenshots, refused entries, and the
steps a single match does not reach (partnership, ties, undo while typing)."""

import json

import pytest

from parlour.sim.headless import play
from screens_support import (
    SCRIPTS,
    Pad,
    finished_match,
    golden_check,
    record_of,
    run_to_shot,
    screen_text,
    shot_names,
)


# Main menu > New match > Stump > seat the first `n` roster names > Start.
def menu_to_options(n):
    seat = " ".join(["k11"] + ["t1 k11"] * (n - 1))
    return "k11 t2 k11 %s t%d k11" % (seat, 9 - n)


@pytest.mark.parametrize("script", ["stump_match.txt", "stump_match_tft.txt"],
                         ids=["macropad", "tft"])
def test_s6_s8_a_complete_match_by_keys_scores_and_matches_the_goldens(script, tmp_path):
    text = (SCRIPTS / script).read_text()
    device, shots = play(text, state_dir=tmp_path, named_only=True)
    assert [name for name, _ in shots] == shot_names(text)
    # the match went to the laptop's archive as won, and replays to the same result
    end, log = finished_match(device)
    view = log.view()
    assert end == "won" and view["over"] and view["winner"] == 1
    # S-6: round 1, P2 out with P1 holding 1 card: 5 + 1; round 2 P1 kept all 5: 5 + 5
    assert view["rounds"] == [[1, 6], [1, 10]] and view["totals"] == [0, 16]
    kinds = [event["t"] for event in log.events]
    assert kinds.count("stuck") == 1 and {"t": "gapper", "card": "W"} in log.events
    assert any(e["t"] == "discard" and str(e["card"]).startswith("W=") for e in log.events)
    assert {"t": "gapper", "card": 11} in log.events   # a number is logged as an int
    assert device.app.match is None and device.app.screen.title == "parlour"
    for name, png in shots:
        golden_check(name, png)


@pytest.mark.parametrize("shot, reason", [
    ("stump_refused_gapper", "8 not in the gap"),          # S-4
    ("stump_refused_discard", "is under a slide"),         # S-4
])
def test_s4_refused_entries_change_nothing_and_say_why(shot, reason, tmp_path):
    text = (SCRIPTS / "stump_match.txt").read_text()
    device, before = run_to_shot(text, shot, tmp_path)
    try:
        assert record_of(device) == before
        assert reason in device.app.message and reason in screen_text(device)
    finally:
        device.close()


def test_s3_setup_places_both_slides_and_undo_takes_back_the_first_number():
    pad = Pad().do(menu_to_options(3) + " k7 t1 k11")      # dealer P1
    assert pad.view()["step"] == "setup"
    pad.do("t4 k11")                                         # A on 5
    assert "A 5" in pad.frame_text()
    pad.do("k9")                                             # 9 takes A back, no event undone
    assert pad.events() == [] and "A 5" in pad.frame_text()  # the cursor stays on 5
    pad.do("k11 t30 k11")
    assert pad.events() == [{"t": "setup", "slides": [5, 35]}]
    ring = pad.view()["ring"]
    assert ring["gap"] == [36, 37, 38, 39, 40, 1, 2, 3, 4]     # S-2: the shorter way round


def test_s2_slides_twenty_apart_at_setup_ask_for_the_side():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t20 k11")   # 10 and 30
    assert pad.events() == [] and pad.app.screen.hint().startswith("6/8 side")
    pad.do("k8 k11")                                          # the other side: from 30
    assert pad.events() == [{"t": "setup", "slides": [10, 30], "side": 30}]
    assert pad.view()["ring"]["gap"][0] == 31 and pad.view()["ring"]["width"] == 19


def test_s4_the_move_previews_each_slide_and_marks_the_narrower_gap():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")  # slides 10, 20
    pad.do("k11")                                             # P2: gapper 11
    pad.do("t3 k11")                                          # discard 14
    assert pad.view()["step"] == "move"
    assert "20>14 gap 3*" in pad.frame_text()                 # slide 20 onto 14: 11..13
    pad.do("t1")
    text = pad.frame_text()
    assert "10>14 gap 5" in text and "*" not in text          # 15..19: wider, no mark
    pad.do("k8")                                              # key 8 moves the slide on 20
    assert pad.events()[-1] == {"t": "move", "slide": 1}
    assert pad.view()["ring"]["slides"] == [10, 14]


def test_s2_a_move_leaving_the_slides_twenty_apart_picks_the_side():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")  # slides 10, 20
    pad.do("k11 t-11 k11")                                    # gapper 11, discard 40
    pad.do("k6")                                              # slide 10 -> 40: a tie
    assert pad.events()[-1]["t"] == "discard" and "10>40 from 20" in pad.frame_text()
    pad.do("k6")                                              # again: the other side
    assert "10>40 from 40" in pad.frame_text()
    pad.do("k11")
    assert pad.events()[-1] == {"t": "move", "slide": 0, "side": 40}
    assert pad.view()["ring"]["gap"][0] == 1 and pad.view()["ring"]["width"] == 19


def test_s7_partnership_names_who_plays_and_shows_both_members():
    pad = Pad().do(menu_to_options(4) + " t1 k7 k7 t1 k11")   # partners, dealer P1
    assert pad.view()["mode"] == "partnership" and pad.view()["target"] == 50
    pad.do("t9 k11 t10 k11")
    assert pad.view()["step"] == "member"
    assert pad.app.screen.keys()[6] == "P2" and pad.app.screen.keys()[8] == "P4"
    pad.do("k8 k11")
    assert pad.events()[-1] == {"t": "member", "seat": 3} and pad.view()["turn"] == 3


def test_every_stump_screen_has_a_hint_that_fits_and_undo_and_menu_keys():
    pad = Pad().do(menu_to_options(2) + " k7 t1")
    seen = set()
    for keys in ("", "k11", "t9 k11", "t10 k11", "k11", "t-2 k11", "k5", "k11"):
        pad.do(keys)
        screen = pad.app.screen
        seen.add(type(screen).__name__)
        assert 0 < len(screen.hint()) <= pad.app.layout.cols
        labels = screen.keys()
        assert len(labels) == 12 and labels[10] == "Menu" and labels[9] in ("Undo", "Back")
    assert seen == {"StumpOptions", "StumpPlay", "Scores"}


def test_the_stump_screen_state_survives_a_refusal_byte_for_byte():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")
    before = json.dumps(pad.app.match.record())
    pad.do("t-10 k11")                                        # 1 is not in the gap 11..19
    assert json.dumps(pad.app.match.record()) == before
    assert pad.app.message == "1 not in the gap"


def test_c4_a_power_cut_mid_turn_comes_back_to_the_same_step_of_the_match(tmp_path):
    # the script up to P2's slide move, then a power cycle: resume() shows the move again
    text = (SCRIPTS / "stump_match.txt").read_text()
    head = text[: text.index("shot stump_r1_t1_move")]
    device, _ = play(head + "reset\nexpect P2 move\nkey 8\n",
                     state_dir=tmp_path, named_only=True)
    view = device.app.match.view()
    assert view["step"] == "gapper" and view["turn"] == 0
    assert view["ring"]["slides"] == [10, 14] and view["hands"] == [5, 4]


def test_c4_undo_on_the_play_screen_steps_back_one_entry_and_the_title_follows():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")    # slides 10, 20
    pad.do("k11 t3 k11")                                      # gapper 11, discard 14
    assert pad.view()["step"] == "move" and len(pad.events()) == 3
    pad.do("k9")                                              # undo the discard
    assert pad.view()["step"] == "discard" and len(pad.events()) == 2
    assert pad.app.message == "Undone: discard 14" and pad.app.screen.title == "Stump R1"
    pad.do("k9 k9")                                           # the gapper, then the setup
    assert pad.events() == [] and pad.view()["step"] == "setup"
    assert pad.app.screen.title == "Stump"


def test_an_accepted_entry_sounds_once():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")    # slides 10, 20
    pad.board.tones.clear()
    pad.do("k11")                                                        # gapper 11
    assert len(pad.events()) == 2 and pad.view()["step"] == "discard"
    assert pad.board.tones == ["ok"]


def test_the_ring_offset_tables_are_the_sine_tables_points():
    # The ring is drawn from per-radius tables of all 80 half steps; each point must
    # be exactly the one half_point() works out, or the picture would shift a pixel.
    from parlour_device.games.stump.ring import half_point, offsets
    for r in list(range(1, 80)) + [150, 1000]:
        table = offsets(r)
        assert len(table) == 80
        for h in range(-80, 160):
            assert table[h % 80] == half_point(h, r), (r, h)


def test_s5_the_macropad_hands_line_is_a_text_per_seat_side_by_side():
    # Each hand is its own text (a played card rebuilds one label and makes no
    # string), laid out as the one line "hand 5 [5]" would be.
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")  # slides 10, 20
    row = pad.app.layout.row_y(2)

    def hand_texts():
        return [(item[1], item[3]) for item in pad.app.compose().items
                if item[0] == 0 and item[2] == row and item[1] >= 42]

    assert hand_texts() == [(42, "hand"), (72, "5"), (84, "[5]")]   # P2 on turn
    pad.do("k11")                                                   # P2: gapper 11
    assert hand_texts() == [(42, "hand"), (72, "5"), (84, "[4]")]


def test_s5_a_hands_line_longer_than_its_room_is_clipped_and_keeps_its_items():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")
    screen = pad.app.screen
    short = []
    screen._hand_items(short, {"hands": [5, 5], "turn": 1, "players": 2})
    long = []
    screen._hand_items(long, {"hands": [123456789012, 5], "turn": 1, "players": 2})
    assert len(long) == len(short) == 3
    assert long[0][3] == "hand 12345678~" and len(long[0][3]) == screen._room
    assert [item[3] for item in long[1:]] == ["", ""]


def test_a_slide_move_and_a_stuck_discard_say_what_they_did_and_undo_names_them():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")  # slides 10, 20
    pad.do("k11 t3 k11")                                      # P2: gapper 11, discard 14
    pad.do("k8")                                              # the slide on 20 moves to 14
    assert pad.events()[-1] == {"t": "move", "slide": 1}
    assert pad.app.message == "Slide B 20>14"
    pad.do("k9")
    assert pad.app.message == "Undone: slide B 20>14" and pad.view()["step"] == "move"
    pad.do("k8")                                              # again, then P1's turn
    pad.do("t-1 k4")                                          # 10 is under a slide: stuck
    assert pad.events()[-1] == {"t": "stuck", "card": 10}
    assert pad.app.message == "Stuck disc 10"
    pad.do("k9")
    assert pad.app.message == "Undone: stuck disc 10"
    pad.do("k9")                                              # the move again, by name
    assert pad.app.message == "Undone: slide B 20>14"


def test_a_refused_stuck_names_nothing_but_the_reason():
    pad = Pad().do(menu_to_options(2) + " k7 t1 k11 t9 k11 t10 k11")  # slides 10, 20
    before = record_of(pad)
    pad.do("t3 k4")                                           # 14 is in the gap: not stuck
    assert record_of(pad) == before and not pad.app.message.startswith("Stuck")
    assert pad.app.message


def test_the_seat_keys_light_whose_turn_it_is_and_who_deals():
    from parlour_device.ui.frame import LED_DEALER, LED_OK, LED_TURN, LED_UNDO

    pad = Pad().do(menu_to_options(3) + " k7 t1 k11 t9 k11 t10 k11")  # dealer P1, P2 on
    lit = pad.board.lit
    assert pad.view()["turn"] == 1 and pad.view()["dealer"] == 0
    assert lit[0] == LED_DEALER and lit[1] == LED_TURN and lit[2] != LED_TURN
    assert lit[9] == LED_UNDO and lit[11] == LED_OK
    same = pad.app.screen.lights()
    pad.do("t1 t-1")                                          # turning changes no light
    assert pad.app.screen.lights() is same
    pad.do("k11 t3 k11 k8")                                   # P2 plays; P3 is on
    assert pad.board.lit[2] == LED_TURN and pad.board.lit[1] != LED_TURN
    assert pad.board.lit[0] == LED_DEALER

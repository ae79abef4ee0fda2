"""The Dartex screens (X-1..X-8) driven through key scripts: a complete match on the
MacroPad and on the TFT board against golden screenshots, refused throws, and what
one match does not reach (pass on an empty pack, Foul with no table, Back)."""

import importlib
from types import SimpleNamespace

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


# Main menu > New match > Dartex > seat the first `n` roster names > Start.
def menu_to_options(n):
    seat = " ".join(["k11"] + ["t1 k11"] * (n - 1))
    return "k11 t3 k11 %s t%d k11" % (seat, 9 - n)


def started(n=2):
    # dealer P1 (so P2 throws first), target 500
    return Pad().do(menu_to_options(n) + " k7 t1 k11")


@pytest.mark.parametrize("script", ["dartex_match.txt", "dartex_match_tft.txt"],
                         ids=["macropad", "tft"])
def test_x7_x8_a_complete_match_by_keys_scores_and_matches_the_goldens(script, tmp_path):
    text = (SCRIPTS / script).read_text()
    device, shots = play(text, state_dir=tmp_path, named_only=True)
    assert [name for name, _ in shots] == shot_names(text)
    end, log = finished_match(device)
    view = log.view()
    assert end == "won" and view["game_over"] and view["winner"] == 0
    # hand 1: P1 18 + 21 + 39 + 15 = 93; P2 keeps 10 (60 fouled, 61 picked up by the Wire)
    # hand 2: P1 34 + 11 + 450 + 6 = 501; P2 38 + 20 + 49 = 107 (7 7 19, DBL OFF 10,
    # DBL 16 17); X-8: at the hand's end P1 has 594 >= 100 and the most
    assert view["hands"][0] == [93, 10]
    assert view["totals"] == [594, 117] and view["hands"][1] == [501, 107]
    throws = [e["cards"] for e in log.events if e["t"] == "throw"]
    assert ["FOUL@1.2", "10", "11"] in throws and ["WIRE@1.3", "19", "20"] in throws
    assert ["CHAMP=5", "4", "6"] in throws and {"t": "exchange"} in log.events
    assert device.app.match is None and device.app.screen.title == "parlour"
    for name, png in shots:
        golden_check(name, png)


def test_x3_a_refused_first_throw_shows_why_before_and_after_ok_and_changes_nothing(tmp_path):
    text = (SCRIPTS / "dartex_match.txt").read_text()
    device, before = run_to_shot(text, "dartex_refused", tmp_path)
    try:
        assert record_of(device) == before
        assert device.app.message == "first needs a double"
        # the three cards stay on screen to be fixed with 9 (Back)
        assert device.app.screen.slots and len(device.app.screen.slots) == 3
    finally:
        device.close()


def test_x4_the_value_shows_as_soon_as_three_cards_are_laid():
    pad = started()
    pad.do("k0 t-3 k11")                                      # DBL 4
    assert "card 3 of 3" in pad.frame_text()
    pad.do("t1 k11")                                          # DBL 4 5 (a first throw)
    assert "= 13" in pad.frame_text() and pad.events() == []   # X-4 sheet: 13, not sent yet
    pad.do("k11")
    assert pad.events() == [{"t": "throw", "cards": ["DOUBLE", "4", "5"]}]
    assert pad.view()["scores"][1] == 13 and pad.view()["sizes"][1] == 9


def test_back_takes_laid_cards_back_before_undoing_an_event():
    pad = started()
    pad.do("k0 k6 t-2 k11")                                   # DBL, Champion as 5
    assert "C=5" in pad.frame_text()
    pad.do("k9")
    assert "C=5" not in pad.frame_text() and pad.events() == []
    pad.do("k9 k9")                                           # DBL back; nothing to undo
    assert pad.app.screen.slots == [] and pad.app.message == "Nothing to undo"
    pad.do("k0 t-3 k11 t1 k11 k11 k9")                        # throw, then 9 undoes it
    assert pad.events() == [] and pad.view()["sizes"][1] == 12


def test_x5_foul_with_no_throw_on_the_table_is_laid_without_a_target():
    pad = started()
    pad.do("k0 k3 t-2 k11 k11")                               # DBL FOUL 5: the table is empty
    assert pad.events() == [{"t": "throw", "cards": ["DOUBLE", "FOUL", "5"]}]
    assert pad.view()["scores"][1] == 10


def test_x5_wire_picks_its_target_on_screen_and_the_owner_takes_the_cards_back():
    pad = started()
    pad.do("k0 t-3 k11 t1 k11 k11")                           # P2: DBL 4 5 = 13
    pad.do("k0 t-1 k11 t1 k11 k11")                           # P1: DBL 4 5 = 13
    pad.do("k5")                                              # P2 lays WIRE: pick a throw
    assert "turn: target" in pad.app.screen.hint()
    pad.do("t1")                                              # targets 0.1, 1.1: P2#1 -> P1#1
    assert "P2#1" in pad.frame_text()
    pad.do("t1 k11")                                          # back to P1#1 and aim
    pad.do("t13 k11 t1 k11 k11")                              # 18 19
    assert pad.events()[-1] == {"t": "throw", "cards": ["WIRE@0.1", "18", "19"]}
    assert pad.view()["sizes"][0] == 12          # P1 took his 3 cards back


def test_x6_exchange_until_the_pack_is_empty_then_pass_and_the_hand_ends():
    pad = started()
    assert pad.app.screen.keys()[7] == "Exch"
    pad.do(" ".join(["k7"] * 28))                             # 52 - 2 x 12 = 28 in the pack
    assert pad.view()["pack"] == 0 and pad.app.screen.keys()[7] == "Pass"
    pad.do("k7 k7")                                           # everyone passed
    assert pad.view()["hand_over"] and pad.view()["ended"] == "passes"
    assert type(pad.app.screen).__name__ == "HandOver" and "all passed" in pad.frame_text()
    pad.do("k11")                                             # the deal passes left
    assert pad.events()[-1] == {"t": "deal"} and pad.view()["dealer"] == 1


def test_a_fourth_card_is_refused_on_screen_and_nothing_changes():
    pad = started()
    pad.do("k0 t-3 k11 t1 k11")
    before = record_of(pad)
    pad.do("k2")                                              # BULL: a fourth card
    assert pad.app.message == "3 cards: OK or 9" and len(pad.app.screen.slots) == 3
    assert record_of(pad) == before


def test_every_dartex_screen_has_a_hint_that_fits_and_undo_and_menu_keys():
    pad = Pad().do(menu_to_options(3) + " k7 t1")
    seen = set()
    for keys in ("", "k11", "k3", "k9", "k0 t-3 k11", "k8", "k11"):
        pad.do(keys)
        screen = pad.app.screen
        seen.add(type(screen).__name__)
        assert 0 < len(screen.hint()) <= pad.app.layout.cols
        labels = screen.keys()
        assert len(labels) == 12 and labels[10] == "Menu" and labels[9] in ("Undo", "Back")
    assert seen == {"DartexOptions", "DartexPlay", "Table"}
    assert screen_text is not None


def test_c4_a_power_cut_after_a_hand_comes_back_to_the_hand_over_screen(tmp_path):
    text = (SCRIPTS / "dartex_match.txt").read_text()
    head = text[: text.index("shot dartex_hand_over")]
    device, _ = play(head + "reset\nexpect P1 is out\nkey ok\nexpect P1 h12 93pt\n",
                     state_dir=tmp_path, named_only=True)
    view = device.app.match.view()
    assert view["hand"] == 2 and view["turn"] == 0 and view["totals"] == [93, 10]


def test_the_screens_caches_start_empty_and_are_emptied_in_place():
    from parlour_device.ui.caches import emptied, room_for

    table = room_for(5)
    assert table == {}
    for n in range(5):
        table[n] = str(n)
    assert sorted(table) == [0, 1, 2, 3, 4]
    assert emptied(table) is table and table == {}


@pytest.mark.parametrize("colour", [False, True], ids=["macropad", "tft"])
def test_the_entry_brought_up_to_date_in_place_equals_the_entry_drawn_whole(colour):
    # A card laid or taken back writes only what changed into the kept entry
    # (DartexView.lay_card, take_back); after every step of the scripted match the
    # kept items equal the ones draw_entry makes from nothing.
    # The modules are looked up as the app holds them: it drops a game's modules
    # when another opens, so a class imported here first may not be the app's.
    from parlour.sim.script import parse

    pad = Pad(colour=colour)
    compared = 0
    for step in parse((SCRIPTS / "dartex_match.txt").read_text()):
        if step.kind not in ("key", "turn"):
            continue
        pad.do("%s%d" % ("k" if step.kind == "key" else "t", int(step.value)))
        screen = pad.app.screen
        if type(screen).__name__ != "DartexPlay" or screen.entry is None:
            continue
        Frame = importlib.import_module("parlour_device.ui.frame").Frame
        kept = list(screen.entry)
        screen.entry = screen.store = screen.body = None
        screen.shown = [None, None, None]
        whole = screen.draw_entry(Frame(pad.app.layout), pad.view())
        assert kept == whole, step
        compared += 1
    assert compared > 60


def test_x6_exchange_and_pass_say_who_did_it_and_undo_names_them():
    pad = started()                                           # P2 throws first
    assert pad.app.screen.hint() == "11 add no. 7 exchange"   # spelt out, not cut
    pad.do("k7")
    assert pad.events()[-1] == {"t": "exchange"} and pad.app.message == "P2 exchanged"
    pad.do("k9")
    assert pad.events() == []
    assert pad.app.message == "Undone: exchange" and pad.view()["turn"] == 1
    pad.do(" ".join(["k7"] * 28) + " k7")                     # the pack empty: P2 passes
    assert pad.events()[-1] == {"t": "pass"} and pad.app.message == "P2 passed"
    assert pad.app.screen.hint() == "11 add no. 7 pass"
    pad.do("k9")
    assert pad.app.message == "Undone: pass"


def test_undo_of_a_throw_names_its_value():
    pad = started()
    pad.do("k0 t-3 k11 t1 k11 k11")                           # DBL 3 4: P2's first throw
    assert pad.events()[-1]["t"] == "throw"
    value = pad.view()["scores"][1]
    pad.do("k9")
    assert pad.events() == []
    assert pad.app.message == "Undone: throw =%d" % value


def test_the_seat_keys_light_whose_turn_it_is_and_who_deals():
    from parlour_device.ui.frame import LED_DEALER, LED_OK, LED_TURN

    pad = started(3)                                          # dealer P1, P2 on turn
    lit = pad.board.lit
    assert lit[0] == LED_DEALER and lit[1] == LED_TURN and lit[2] != LED_TURN
    assert lit[11] == LED_OK
    same = pad.app.screen.lights()
    pad.do("t1 t1")
    assert pad.app.screen.lights() is same
    pad.do("k7")                                              # P2 exchanges: P3 on
    assert pad.board.lit[2] == LED_TURN and pad.board.lit[1] != LED_TURN


def test_a_table_line_too_long_for_the_macropad_goes_on_in_indented_lines():
    from parlour_device.games.dartex.results import TableLines
    from parlour_rules.tokens import FOUL, WIRE

    v = {"players": 2, "names": ["Annabella", "Bartholomew"], "pack": 20, "hand": 1,
         "scores": [21, 0], "totals": [21, 0]}
    table = TableLines(SimpleNamespace(match=None), v, 21)     # no match: no throws
    # Annabella's 2nd throw: a Foul on Bartholomew's 2nd, a Wire on his 1st, a 10
    table.specs.append((0, 2, [FOUL, WIRE, 10], [(1, 2), (1, 1), None], 21, True))
    table.made.append(None)
    lines = [text for text, _ in table[0:]]
    assert lines[1:3] == ["Annabella table 21", "   tot 21"]     # names whole, not cut
    throw = lines[lines.index("Annabella#2"):]
    assert throw[0] == "Annabella#2" and all(line.startswith("   ") for line in throw[1:])
    assert all(len(line) <= 21 for line in lines)
    assert " ".join(line.strip() for line in throw) == \
        "Annabella#2 F>Bartholomew#2 W>Bartholomew#1 10 =21 F"


def test_a_target_line_shows_an_aimed_card_as_its_box_did_from_the_same_table():
    from parlour_device.games.dartex.draw import throw_line
    from parlour_rules.tokens import FOUL

    pad = started()
    pad.do("k0 t-3 k11 t1 k11 k11")                           # P2: DBL 4 5 = 13
    pad.do("k0 t-1 k11 t1 k11 k11")                           # P1: DBL 4 5 = 13
    pad.do("k3 k11 t13 k11 t1 k11 k11")                       # P2: FOUL@P1#1 18 19
    assert pad.events()[-1]["cards"] == ["FOUL@0.1", "18", "19"]
    screen = pad.app.screen
    shown = screen.aims[(FOUL, (0, 1))]                      # made as the box showed it
    assert shown == "F>P1#1"
    pad.do("k5 t1 t1")                                        # P1 lays WIRE: P2#1, then P2#2
    assert "P2#2 F>P1#1 18 19" in pad.frame_text()
    found = (1, 2, [FOUL, 18, 19], [(0, 1), None, None], 37, False)
    aims = {}
    line = throw_line(["P1", "P2"], found, "", aims)
    assert line == throw_line(["P1", "P2"], found) == "P2#2 F>P1#1 18 19 =37"
    assert aims == {(FOUL, (0, 1)): "F>P1#1"}

"""The Poker Rum / Gin screens (R-4..R-11) driven through key scripts: a Rum match on
the MacroPad and a Gin match on the TFT board against golden screenshots, two and
eight players, refused entries, false calls, void hands, the ledger, settle-up, the
key lights and a power cut."""

import json

import pytest

from parlour.sim.headless import play
from parlour_rules import poker
from parlour_rules.log import MatchLog
from parlour_rules.settle import settle
from screens_support import (
    SCRIPTS,
    Pad,
    finished_match,
    golden_check,
    record_of,
    shot_names,
)


def menu_to_options(n):
    # Main menu > New match > Poker Rum/Gin > seat the first `n` roster names > 8.
    return "k11 t1 k11 " + " ".join(["k11"] + ["t1 k11"] * (n - 1)) + " k8"


def started(n=4, gin=False, dealer=0, target_clicks=0, colour=False):
    # Rum or Gin, the target `target_clicks` along the list, seat `dealer` deals.
    keys = menu_to_options(n) + (" t1" if gin else "")
    keys += " k7" + (" t%d" % target_clicks if target_clicks else "")
    keys += " k7 t%d k11" % (dealer + 1)
    pad = Pad(colour=colour).do(keys)
    assert type(pad.app.screen).__name__ == "PokerPlay"
    return pad


def hand(pad, caller, counts):
    # The caller's key, his count, then OK and each other count leftwards from him.
    n = len(counts)
    words = ["k%d" % caller]
    for step in range(n):
        seat = (caller + step) % n
        if counts[seat]:
            words.append("t%d" % counts[seat])
        words.append("k11")
    pad.do(" ".join(words))


def body(pad):
    # The body's rows as they read: each text item put at its column on its row.
    lay = pad.app.layout
    rows = {}
    for item in pad.app.compose().items:
        if item[0] != 0 or not lay.body_top <= item[2] < lay.body_top + lay.body_height:
            continue
        _, x, y, text = item[:4]
        row = rows.setdefault(y, [" "] * lay.cols)
        col = x // lay.char_w
        row[col:col + len(text)] = text
    return ["".join(rows[y]).rstrip() for y in sorted(rows)]


@pytest.mark.parametrize("script", ["poker_match.txt", "poker_match_tft.txt"],
                         ids=["macropad", "tft"])
def test_r5_r8_a_scripted_match_scores_files_and_matches_the_goldens(script, tmp_path):
    text = (SCRIPTS / script).read_text()
    device, shots = play(text, state_dir=tmp_path, named_only=True)
    assert [name for name, _ in shots] == shot_names(text)
    end, log = finished_match(device)
    view = log.view()
    kinds = [e["t"] for e in log.events]
    assert end == "won" and sum(view["totals"]) == 0
    if script == "poker_match.txt":
        # Rum, 4 players, P1 deals: the sheet's four-player example (caller P3 9 vs
        # 5, 5, 20), P4's false call at 19, P1 12 unbeaten (+18 +2 +13), a void
        # hand, P2 3 beaten by P3's 0 (P4 7, P1 11, P2 pays double: 6)
        assert kinds == ["hand", "false_call", "hand", "void", "hand"]
        assert log.events[0] == {"t": "hand", "caller": 2, "deadwood": [5, 20, 9, 5]}
        assert log.events[1] == {"t": "false_call", "caller": 3, "deadwood": 19}
        assert view["totals"] == [11 + 5 + 33 - 11, -15 + 5 - 18 - 6,
                                  -8 + 5 - 2 + 24, 12 - 15 - 13 - 7]
        assert view["hands"] == 4 and view["dealer"] == 0 and not view["over"]
    else:
        # Gin, 3 players, P2 deals, target 50: P1 9 beaten by P2's 8 (P1 pays 1 + 10,
        # P3 12), P3's false call at 12 over 10, P2 4 unbeaten (+16 +26) reaches +70
        assert kinds == ["hand", "false_call", "hand"]
        assert view["totals"] == [-11 + 5 - 16, 23 + 5 + 42, -12 - 10 - 26]
        assert view["over"] and view["leaders"] == [1]
    assert device.app.match is None and device.app.screen.title == "parlour"
    for name, png in shots:
        golden_check(name, png)


def test_r5_the_payments_are_on_screen_before_ok_sends_the_hand():
    pad = started(4, dealer=0)
    pad.do("k2 t9 k11 t5 k11 t5 k11 t20")
    assert pad.events() == [] and pad.app.screen.stage == 1
    pad.do("k11")                                   # the last count: the payments
    text = pad.frame_text()
    assert "P4+P1 5 win" in text and "P2 pays P4 12" in text and pad.events() == []
    assert pad.app.screen.hint() == "11:send 9:back 8:more"
    pad.do("t2")                                    # the rest of the payments
    assert "P3 pays P1 8" in pad.frame_text()
    pad.do("k11")
    assert pad.events() == [{"t": "hand", "caller": 2, "deadwood": [5, 20, 9, 5]}]
    # the page after the hand: what it came to, then who deals next
    assert body(pad)[:2] == ["P4+P1 5 win", "P2 deals next"]
    assert pad.view()["totals"] == [11, -15, -8, 12]


def test_r6_two_players_gin_the_beaten_caller_pays_the_difference_and_the_forfeit():
    pad = started(2, gin=True, dealer=1)
    assert pad.app.screen.title == "Gin hand 1" and pad.view()["threshold"] == 10
    hand(pad, 0, [9, 8])
    assert "P2 8 wins" in pad.frame_text() and "P1 pays P2 11" in pad.frame_text()
    pad.do("k11")
    assert pad.view()["totals"] == [-11, 11] and pad.view()["dealer"] == 0
    assert "P1 deals next" in pad.frame_text()
    pad.do("k11")
    assert pad.app.screen.hint() == "keys 0-1: who calls"


def test_eight_players_every_key_0_to_7_is_a_seat_and_the_rows_scroll_with_marks():
    pad = started(8, dealer=7)
    assert pad.app.screen.hint() == "keys 0-7: who calls"
    assert pad.app.screen.keys()[:8] == tuple("P%d" % s for s in range(1, 9))
    lines = body(pad)
    assert len(lines) == 3 and lines[-1].endswith("v")     # more rows below
    pad.do("k6")                                            # P7 calls
    counts = [4, 9, 12, 30, 18, 22, 2, 40]
    pad.do("t2 k11")
    for seat in (7, 0, 1, 2, 3, 4, 5):
        assert pad.app.screen.focus == seat
        shown = body(pad)
        # the focused row is on screen, every row within the 21 columns
        assert any(line.startswith("%d P%d" % (seat, seat + 1)) for line in shown)
        assert all(len(line) <= 21 for line in shown)
        pad.do("t%d k11" % counts[seat])
    assert pad.app.screen.stage == 2
    pad.do("k11")
    deltas, _ = poker.score.hand_deltas(pad.app.match.state["cfg"], 6, counts)
    assert pad.view()["totals"] == deltas and sum(deltas) == 0
    assert pad.view()["dealer"] == 0
    pad.do("k8 k2")                                         # the ledger, 9 lines
    assert pad.app.screen.title == "Ledger: 1 hands"
    first = body(pad)
    assert first[0] == "P1 deals" and first[-1].endswith("v")
    pad.do("t9")
    last = body(pad)
    assert last[0].endswith("^") and last[-1].startswith("P8")


def test_c4_a_key_with_no_seat_or_ok_before_the_caller_is_refused_and_changes_nothing():
    pad = started(4)
    before = record_of(pad)
    pad.do("k5")
    assert pad.app.message == "Seats: keys 0-3" and record_of(pad) == before
    pad.do("k11")
    assert pad.app.message == "Caller's key first" and record_of(pad) == before
    pad.do("k1 t7 k11 k6")                       # typed counts survive a refused key
    assert pad.app.screen.caller == 1 and pad.app.screen.counts[1] == 7
    assert record_of(pad) == before


def test_r7_a_false_call_with_a_fair_count_is_refused_and_the_entry_is_kept():
    pad = started(4)
    before = record_of(pad)
    pad.do("k0 t9 k11 k8 k0 k0")                 # caller P1 shows 9: within 15
    assert pad.app.message == "a fair call: 9" and record_of(pad) == before
    assert type(pad.app.screen).__name__ == "More"
    pad.do("k9")
    assert pad.app.screen.caller == 0 and pad.app.screen.counts[0] == 9


def test_r7_a_false_call_from_the_more_page_without_a_count_pays_each_player():
    pad = started(3, dealer=0)
    pad.do("k8 k0")
    assert pad.app.message == "Caller's key first" and pad.events() == []
    pad.do("k9 k2 k8 k0")                        # P3 called: the table says it was false
    assert pad.app.message == "0 again: false call" and pad.events() == []    # asked first
    pad.do("k0")
    assert pad.events() == [{"t": "false_call", "caller": 2}]
    assert pad.view()["totals"] == [5, 5, -10]
    assert "False call: P3" in pad.frame_text() and "P1 still deals" in pad.frame_text()


def test_r11_a_void_hand_pays_nothing_and_passes_the_deal_in_two_keys():
    pad = started(3, dealer=1)
    pad.do("k8 k1")
    assert pad.events() == [{"t": "void"}] and pad.view()["totals"] == [0, 0, 0]
    assert "Hand 1 void" in pad.frame_text() and "P3 deals next" in pad.frame_text()


def test_r8_the_ledger_and_settle_up_sum_to_zero_and_settle_with_the_fewest_payments():
    pad = started(5, dealer=0)
    for caller, counts in ((0, [3, 10, 22, 7, 40]), (4, [12, 1, 30, 9, 14]),
                           (2, [25, 8, 6, 6, 33])):
        hand(pad, caller, counts)
        pad.do("k11 k11")
    totals = pad.view()["totals"]
    assert sum(totals) == 0
    pad.do("k8 k2")
    rows = []
    for _ in range(3):
        rows += [line.rstrip("^v ").split()[-1] for line in body(pad)]
        pad.do("t3")
    shown = {int(x) for x in rows if x.lstrip("+-").isdigit()}
    assert shown == set(totals)
    pad.do("k8")
    pays = settle(totals)
    assert pad.app.screen.title == "Settle up"
    assert body(pad)[0] == "%d payments" % len(pays)
    text = []
    for _ in range(len(pays)):
        text += body(pad)
        pad.do("t1")
    for payer, payee, amount in pays:
        assert any("P%d pays P%d %d" % (payer + 1, payee + 1, amount) in line
                   for line in text)


def test_back_steps_through_the_typed_counts_then_undo_takes_the_last_event_back():
    pad = started(3, dealer=0)
    hand(pad, 1, [20, 4, 11])
    pad.do("k11 k11")
    assert len(pad.events()) == 1
    pad.do("k2 t3 k11 t5")                       # P3 calls 3; P1's count being typed
    pad.do("k9")                                 # back to P3's count
    assert pad.app.screen.focus == 2 and not pad.app.screen.done[2]
    pad.do("k9")                                 # the caller forgotten
    assert pad.app.screen.caller == -1 and len(pad.events()) == 1
    pad.do("k9")                                 # nothing typed: the hand undone
    assert pad.events() == [] and pad.app.message == "Undone: hand"
    assert pad.view()["totals"] == [0, 0, 0] and pad.app.screen.title == "Rum hand 1"


def test_the_key_lights_show_the_count_being_entered_the_caller_and_the_dealer():
    pad = started(4, dealer=3)
    lights = pad.app.screen.lights()
    assert len(lights) == 12 and lights[4:8] == (0, 0, 0, 0)
    dealer = lights[3]
    assert dealer and dealer != lights[0] and lights[0] == lights[1] == lights[2]
    assert lights is pad.app.screen.lights()     # the same tuple while nothing changes
    pad.do("k1 t4 k11")                           # P2 called; P3's count is focused
    lights = pad.app.screen.lights()
    caller, focus = lights[1], lights[2]
    assert len({caller, focus, dealer, lights[0]}) == 4
    pad.do("t3")                                  # a click changes no light
    assert pad.app.screen.lights() == lights
    # the app hands them to the board's LEDs (full brightness: as they are)
    assert pad.board.lit == list(lights)


def test_c3_the_cut_deals_and_says_who():
    pad = Pad().do(menu_to_options(4) + " k11")
    [cut] = pad.events()
    assert cut["t"] == "cut" and 1 <= cut["seed"] < 2 ** 32
    dealer = pad.view()["dealer"]
    assert pad.app.message == "Cut: P%d deals" % (dealer + 1)
    assert pad.app.screen.title == "Rum hand 1"


def test_r8_at_the_target_the_seats_are_refused_and_ok_goes_to_settle_up():
    pad = started(2, dealer=0, target_clicks=1)            # target 50
    hand(pad, 0, [2, 60])
    pad.do("k11")
    assert pad.view()["over"] and pad.view()["leaders"] == [0]
    assert "P1 leads" in pad.frame_text() and pad.app.screen.title == "Match over"
    pad.do("k8 k11")                              # the ledger and back
    pad.do("k11")
    assert pad.app.screen.title == "Settle up" and "P2 pays P1 58" in pad.frame_text()
    pad.do("k9 k0")                               # back to play: no new hand
    assert pad.app.message == "Match over: 8 settle" and len(pad.events()) == 1
    pad.do("k8 k4 k9 k8 k3 k11")                  # End asked, declined; settle-up ends it
    assert pad.app.screen.title == "End the session?"
    pad.do("k11")
    assert pad.app.match is None and pad.app.screen.title == "parlour"


def test_every_poker_screen_hint_fits_and_keeps_undo_and_menu():
    pad = started(4)
    seen = set()
    for keys in ("", "k0", "t5 k11", "k11 k11 k11", "k11", "k11", "k8", "k2", "k8", "k8"):
        pad.do(keys)
        screen = pad.app.screen
        seen.add(type(screen).__name__)
        assert 0 < len(screen.hint()) <= pad.app.layout.cols
        labels = screen.keys()
        assert len(labels) == 12 and labels[10] == "Menu"
        assert labels[9] in ("Undo", "Back", "No")
        assert all(len(label) <= 5 for label in labels)
    assert seen == {"PokerPlay", "HandDone", "More", "Ledger", "Settle", "EndAsk"}


def test_c4_a_power_cut_comes_back_to_the_match_and_after_the_target_to_settle_up(tmp_path):
    text = (SCRIPTS / "poker_match_tft.txt").read_text()
    head = text[: text.index("shot poker_tft_hand_done")]
    # back on the hand's result it was showing; its OK goes on to the next hand
    device, _ = play(head + "reset\nexpect done\nkey 11\nexpect who calls\n",
                     state_dir=tmp_path, named_only=True)
    assert type(device.app.screen).__name__ == "PokerPlay"
    assert device.app.match.view()["totals"] == [-11, 23, -12]
    head = text[: text.index("shot poker_tft_over")]
    device, _ = play(head + "reset\nexpect Settle up\n",
                     state_dir=tmp_path / "over", named_only=True)
    assert type(device.app.screen).__name__ == "Settle"


def test_the_screen_view_is_the_views_fields_without_text_or_settle_up_with_the_settings():
    log = MatchLog("poker", {"variant": "gin", "players": 3, "target": 30})
    for event in ({"t": "hand", "caller": 0, "deadwood": [9, 8, 20]},
                  {"t": "false_call", "caller": 2, "deadwood": 12}, {"t": "void"},
                  {"t": "hand", "caller": 1, "deadwood": [20, 4, 30]}):
        log.append(event)
        full, lean = log.view(), log.screen_view()
        for key in ("variant", "totals", "dealer", "hands", "threshold", "target", "over"):
            assert lean[key] == full[key], key
        assert lean["players"] == full["players"]
        last = dict(full["last"])
        assert last.pop("line") and lean["last"] == last
        assert "settle" not in lean and "standing" not in lean
        assert lean["cfg"]["false_call"] == 5 and lean["cfg"] is log.state["cfg"]  # a preview's
        json.dumps(lean)
    assert lean["over"] and lean["leaders"] == full["leaders"] == [1]


def test_long_names_are_cut_with_a_mark_and_nothing_runs_off_the_screen():
    names = ["%s-Bartholomew-Fitzwilliam" % c for c in "ABCDEFGH"]
    names = [name[:24] for name in names]
    pad = Pad()
    assert pad.app.set_roster(names)
    pad.do(menu_to_options(8) + " k7 k7 t1 k11")
    counts = [4, 9, 12, 30, 18, 22, 2, 40]
    seen = []

    def look():
        lay = pad.app.layout
        for item in pad.app.compose().items:
            if item[0] == 0:
                assert item[1] + len(item[3]) * lay.char_w <= lay.width, item
        seen.extend(body(pad))

    look()
    pad.do("k6")
    for seat in (6, 7, 0, 1, 2, 3, 4, 5):
        look()
        pad.do("t%d k11" % counts[seat])
    look()
    pad.do("k11")
    look()
    for keys in ("t3", "k11", "k8 k2", "t8", "k8", "t8", "k8"):
        pad.do(keys)
        look()
    assert len(pad.events()) == 1 and pad.app.screen.title == "End the session?"
    # every name was cut, and marked where it was
    assert all(len(line) <= 21 for line in seen)
    assert "0 A-Bartholom~ D   0" in seen and "G-Bartholom~    +121" in seen
    assert "A-Bar~ pays G-Bar~ 2" in seen
    # what is said of a name stays whole: the name is cut
    assert "A-Bartholomew~ deals" in seen and "B-Bartho~ deals next" in seen
    assert "G-Bar~ calls 2: +121" in seen

"""The Great Galumphus's screens (G-1..G-10) driven through key scripts: a whole match
on the MacroPad and on the colour board against golden screenshots (every Star
privilege, a wrong claim, a void one, a lock run out, a cancel and an undo), every
frame of it checked for face-down cards, one key scan's presses in G-4's order,
8 players, the stalemate and MENU > END, and a power cut in the middle of it all."""

import re

import pytest

import galumphus_plan
from doubles.scripted_board import KEY, WAIT, SimBoard
from parlour.replay import replay
from parlour.sim.headless import play
from parlour.sim.script import parse
from parlour_device.app import App
from parlour_device.games import open_game
from parlour_device.games.galumphus.texts import tune
from parlour_rules.cards import GAL_CODES, GAL_NAMES
from parlour_rules.galumphus import views as galumphus_views
from parlour_rules.log import from_record
from screens_support import SCRIPTS, Pad, finished_match, golden_check, shot_names

# the privilege picker's rows: a design by code ("P1's card is FLY") and its name
# on the row below (not a card dealt)
PICKS = set(GAL_NAMES) | {"P%d's card is %s" % (seat, code) for seat in range(1, 9)
                          for code in GAL_CODES}

# A pack for the quick tests (top first, as after G-2's second shuffle): dealer P1
# deals P2 PUS, P3 CLI, P4 PAI, P1 CIS; the first call is PUS, then CLI.
PACK = (["PUS", "CLI", "PAI", "CIS", "PUS", "CLI", "HAI", "FLY", "LON", "SCR", "LUN",
         "PUT", "SPO"] + ["PUS", "PUS", "CLI", "CLI", "PAI", "PAI", "PAI", "CIS", "CIS",
                          "CIS", "HAI", "HAI", "HAI", "FLY", "FLY", "FLY", "LON", "LON",
                          "LON", "SCR", "SCR", "SCR", "LUN", "LUN", "LUN", "PUT", "PUT",
                          "PUT", "SPO", "SPO", "SPO", "CRO", "GAL", "TAS", "BUB"])
CODES = re.compile(r"\b(" + "|".join(GAL_CODES) + r")\b")


def arranged(top):
    """A whole pack with `top` on top, the rest in PACK's order."""
    rest = list(PACK)
    for code in top:
        rest.remove(code)
    return list(top) + rest


def dealt(players=4, pack=PACK, dealer=0, **options):
    """A Pad with a match on an explicit pack (the rules' test option), play screen up."""
    pad = Pad()
    config = {"players": players, "pack": list(pack), "dealer": dealer, **options}
    assert pad.app.new_match("galumphus", config) is None
    pad.app.screen = open_game("galumphus").resume(pad.app)
    pad.app.screen.on_show()
    pad.app.step()
    return pad


def public_codes(v):
    """Every card code the table may see now (G-3, G-5, G-7, G-8, G-9)."""
    seen = set(v["cut"]) | set(v["returned"])
    seen.update(code for row in v["rows"] for code in row)
    seen.update(code for _, code in v["show"])
    seen.update(c["card"] for c in v["last"] if c["card"])
    if v["called"]:
        seen.add(v["called"])
    return seen


def test_g_a_whole_match_by_keys_wins_replays_and_matches_the_goldens(tmp_path):
    for script in ("galumphus_match.txt", "galumphus_match_tft.txt"):
        text = (SCRIPTS / script).read_text()
        device, shots = play(text, state_dir=tmp_path / script, named_only=True)
        assert [name for name, _ in shots] == shot_names(text)
        end, log = finished_match(device)
        view = log.view()
        # G-9: P4 completes five designs; the laptop's rules core folds the same log
        assert end == "won" and view["result"] == {"reason": "row", "winners": [3]}
        assert view["designs"][3] == 5 and view["phase"] == "over"
        plan = galumphus_plan.plan(galumphus_plan.SEED)
        assert log.events == plan.events
        # every Star privilege carried (G-7), and a Star right after a Star (G-8)
        assert {star for star, plain in plan.stars if plain} == {"CRO", "GAL", "TAS", "BUB"}
        assert any(not plain for _, plain in plan.stars)
        kinds = [e["t"] for e in log.events]
        assert "timeout" in kinds and "name" in kinds and "pass" in kinds
        journal = device.app.journal
        kept = journal.load(journal.pending()[-1])
        replayed = from_record(kept["record"])
        assert replayed.view()["result"] == view["result"]
        assert replayed.view()["rows"] == view["rows"] and replay(kept).problem == ""
        # the device's own result is kept, and the laptop's replay checks it
        assert kept["result"] == {"totals": view["designs"], "winner": 3}
        assert replay(kept).winners == [3] and replay(kept).agrees
        assert device.app.match is None and device.app.screen.title == "parlour"
        for name, png in shots:
            golden_check(name, png)


def test_fair_play_no_frame_of_the_match_shows_a_face_down_card():
    # Every frame of the scripted match: the only codes drawn are cards the rules
    # show now (G-3 shows, a call, claims settled, rows, G-8 returns), and a seat's
    # name beside a code only while that seat's card is being shown.
    board = SimBoard()
    app = App(board)
    app.step()
    text = (SCRIPTS / "galumphus_match.txt").read_text()
    frames = 0
    kinds = {"key": KEY, "turn": 1, "press": 2, "wait": WAIT}
    for step in parse(text):
        if step.kind not in kinds:
            continue
        board.feed(kinds[step.kind], int(step.value or 0))
        app.step()
        if app.match is None or type(app.screen).__name__ != "GalumphusPlay":
            continue
        v = app.view()
        umpire = galumphus_views.umpire_view(app.match.state)
        lines = Pad.frame_text(app_pad(app)).splitlines()
        allowed = public_codes(v)
        shown = {(v["names"][seat], code) for seat, code in v["show"]}
        for line in lines:
            if v["phase"] == "priv" and line in PICKS:
                continue        # the design under the encoder, named by the player
            codes = set(CODES.findall(line))
            assert codes <= allowed, (line, v["phase"])
            for name, code in re.findall(r"(?:^|\s)(P\d) (" + "|".join(GAL_CODES) + r")\b", line):
                assert (name, code) in shown, (line, v["phase"])
        hidden = [GAL_NAMES[GAL_CODES.index(c)] for s, c in enumerate(umpire["seats"])
                  if c and [s, c] not in v["show"] and c != v["called"]]
        if v["phase"] != "priv":
            for name in hidden:
                assert name not in "\n".join(lines)
        frames += 1
    assert frames > 100


def app_pad(app):
    pad = Pad.__new__(Pad)
    pad.app = app
    return pad


def test_g4_a_claim_is_two_presses_and_the_pad_is_locked_meanwhile():
    pad = dealt()
    assert pad.view()["phase"] == "show" and "P2 PUS" in pad.frame_text()
    pad.do("k11 k11")                              # hide; call PUS
    assert "Pushfoot Polliwog" in pad.frame_text() and pad.view()["called"] == "PUS"
    assert pad.board.tones[-1] == tune(0)          # the design's own tune
    pad.do("k2")                                   # P3 claims: the pad is his
    assert "P3>? 3s" in pad.frame_text() and pad.app.screen.lights()[2] == 0xFF8000
    assert pad.app.screen.hint() == "0-3 whose 8:cancel"
    pad.do("w1000")
    assert "P3>? 2s" in pad.frame_text()
    pad.do("k1")                                   # P2's card (PUS): right
    assert pad.view()["claims"] == [[2, 1]] and pad.view()["lock"] is None
    pad.do("k0")                                   # the dealer can't claim
    assert pad.app.message == "dealer can't claim"
    pad.do("k3 w3000")                             # P4's lock runs out: a logged timeout
    assert pad.events()[-1] == {"t": "timeout"} and pad.view()["lock"] is None
    pad.do("k3 k0")                                # P4 claims P1's card (CIS): wrong
    pad.do("k11")
    v = pad.view()
    assert v["last"][0]["result"] == "right" and v["last"][1]["result"] == "wrong"
    assert v["dealer"] == 3                        # G-5: the first wrong claimant deals
    lit = pad.app.screen.lights()
    assert lit[2] == 0x30D050 and lit[3] == 0xFF3030   # green right, red wrong
    text = pad.frame_text()
    assert "P3>P2 PUS right" in text
    pad.do("t1")                                   # the next page: the wrong claim
    assert "P4>P1 CIS wrong" in pad.frame_text()
    pad.do("k9")                                   # a closed call is not undone (C-4)
    assert pad.app.message == "call closed: no undo" and len(pad.events()) == 9


def test_g4_presses_of_one_scan_go_in_seat_order_from_the_dealers_left():
    pad = dealt(dealer=2)                           # P3 deals: P4, P1, P2 from his left
    pad.do("k11 k11")
    # P2 and P4 together: P4 sits first from the dealer's left and takes the pad
    pad.board.feed(KEY, 1)
    pad.board.feed(KEY, 3)
    pad.app.step()
    assert pad.view()["lock"] == 3 and pad.app.message == "P4 is claiming"
    assert pad.events()[-1] == {"t": "key", "seat": 3}
    # under P4's lock, P1 and P2 together: P1 comes first from P3's left: the target
    pad.board.feed(KEY, 1)
    pad.board.feed(KEY, 0)
    pad.app.step()
    assert pad.view()["claims"] == [[3, 0]] and pad.app.message == "P4 is claiming"


def test_g4_pass_cancels_and_undo_takes_back_only_the_open_calls_presses():
    pad = dealt()
    pad.do("k11 k11 k1 k8")
    assert pad.events()[-1] == {"t": "pass"} and pad.view()["lock"] is None
    pad.do("k1 k1 k9")                              # P2's own card, undone
    assert pad.view()["lock"] == 1 and pad.view()["claims"] == []
    pad.do("k1")
    assert pad.view()["claims"] == [[1, 1]]


def test_g7_galumphus_and_water_hog_name_a_design_with_the_encoder():
    # The Great Galumphus called first: P2, P3, P4 in turn may name a card.
    pack = arranged(["PUS", "CLI", "PAI", "CIS", "GAL", "HAI", "LON", "BUB"])
    pad = dealt(pack=pack)
    pad.do("k11 k11")
    assert pad.view()["phase"] == "priv" and "Great Galumphus: P2" in pad.frame_text()
    pad.do("k3 t2")                                 # P2 names P4's card: PAI
    assert "P4's card is" in pad.frame_text() and "Painted Pooh-Pooh" in pad.frame_text()
    pad.do("p")
    assert pad.view()["rows"][1] == ["PAI"]
    pad.do("k1 t1 p")                               # P3 names P2's card CLI: wrong, unseen
    assert pad.view()["last"][-1] == {"by": 2, "seat": 1, "card": None, "result": "wrong"}
    assert "PUS" not in pad.frame_text()
    pad.do("k8")                                    # P4 passes: the privilege is over
    assert pad.view()["privilege"] is None
    while pad.view()["phase"] == "show":
        pad.do("k11")
    pad.do("k11 k11")                               # LON called and closed: no claim
    pad.do("k11")                                   # Bubbling Water-Hog: the dealer names
    assert "Water-Hog: P1" in pad.frame_text()
    pad.do("k0 t3 p k8")                            # his own card CIS, then PASS
    assert pad.view()["rows"][0] == ["CIS"] and pad.view()["privilege"] is None
    # The card dealt to his emptied seat shows under the Star's title, with what
    # the privilege settled; hidden, the title is the call's again.
    assert pad.view()["phase"] == "show" and pad.app.screen.title == "Water-Hog"
    assert "P1>P1 CIS right" in pad.frame_text()
    calls = pad.view()["calls"]
    pad.do("k11")
    assert pad.view()["phase"] == "ready"
    assert pad.app.screen.title == "Galumphus call %d" % calls


def test_g7_cornubian_shows_every_face_down_card_then_hides_them():
    pack = arranged(["PUS", "CLI", "PAI", "CIS", "CRO", "TAS"])
    pad = dealt(pack=pack)
    pad.do("k11 k11")
    assert pad.app.screen.title == "Crowned Cornubian"
    text = pad.frame_text()
    assert "P1 CIS" in text and "P4 PAI" in text
    pad.do("w8000")                                 # 4 seats x 2 s: hidden again
    assert pad.events()[-1] == {"t": "timeout"} and pad.view()["phase"] == "ready"
    assert "CIS" not in pad.frame_text()
    pad.do("k11")                                   # Snort Hound: right after a Star, G-8
    assert "Star after Star" in pad.frame_text()


def test_g7_snort_hound_slides_the_cards_left_without_their_faces():
    pack = arranged(["PUS", "CLI", "PAI", "CIS", "TAS"])
    pad = dealt(pack=pack)
    pad.do("k11 k11")
    assert "Cards move left" in pad.frame_text()
    assert not CODES.findall(pad.frame_text().split("\n", 1)[1])
    before = [i for i in pad.app.compose().items if i[0] == 1 and i[6]]
    pad.do("w250")
    after = [i for i in pad.app.compose().items if i[0] == 1 and i[6]]
    assert before != after                           # the blocks moved
    pad.do("w250 w250 w250")
    assert "Snort Hound: moved >" in pad.frame_text()


def test_eight_players_seat_keys_0_to_7_and_the_deal_pages_by_time():
    pad = Pad()
    pad.do("k11 t4 k11 k11 " + "t1 k11 " * 7 + "k8")
    assert pad.app.screen.title == "Galumphus: options" and "5 designs" in pad.frame_text()
    pad.do("k7 k7 k5 k11")                          # the numbered deal no. 10
    assert pad.events() == [{"t": "seed", "seed": 10}]
    assert pad.view()["players"] == 8 and len(pad.view()["show"]) == 8
    assert "1/2" in pad.app.screen.hint()
    pad.do("w8000")                                 # half the 16 s: the second page
    assert "2/2" in pad.app.screen.hint() and pad.view()["phase"] == "show"
    pad.do("w8000")
    assert pad.events()[-1] == {"t": "timeout"} and pad.view()["phase"] == "ready"
    pad.do("k11")
    assert pad.app.screen.keys()[:8] == ("Claim",) * 8 and pad.app.screen.keys()[11] == "Close"


def test_g10_menu_end_by_agreement_and_a_quiet_pass_ends_on_pass_key():
    pad = dealt()
    pad.do("k11 k10")
    assert pad.app.screen.title == "Galumphus: menu"
    pad.do("t1 k11")                                # "End the game": asked again
    assert pad.app.message == "OK again to end" and pad.events() == [{"t": "next"}]
    pad.do("k11")
    assert pad.view()["result"]["reason"] == "agreed"
    assert "shared: P1 P2 P3 P4" in pad.frame_text()   # nobody holds a card: all share
    pad.do("k11")
    end, log = finished_match(pad)
    assert end == "won" and log.view()["phase"] == "over"
    # G-10(c): NEXT through a whole pass of the pack with no claim offers END on 8
    pad = dealt()
    for _ in range(200):
        if pad.view()["end_offer"] or pad.view()["phase"] == "over":
            break
        pad.do("k8" if pad.view()["phase"] == "priv" else "k11")
    assert pad.view()["end_offer"] and "8:END" in pad.app.screen.hint()
    pad.do("k8")
    assert pad.view()["result"]["reason"] == "pass"
    assert type(pad.app.screen).__name__ == "GameOver"


def test_after_a_power_cut_the_screen_comes_back_and_its_timers_start_again():
    pad = dealt()
    pad.do("k11 k11 k2")                            # P3 holds the pad
    app = App(pad.board)                            # the board resets
    app.step()
    pad.app = app
    assert app.view()["lock"] == 2 and "P3>? 3s" in pad.frame_text()
    pad.do("w3000")
    assert pad.events()[-1] == {"t": "timeout"}
    pad.do("k1 k1 k11")                             # P2 claims his own PUS; fresh card shown
    assert pad.view()["phase"] == "show"
    shown = pad.frame_text()
    app = App(pad.board)
    app.step()
    pad.app = app
    assert pad.frame_text().split("\n")[1:3] == shown.split("\n")[1:3]
    pad.do("w2000")
    assert pad.events()[-1] == {"t": "timeout"} and pad.view()["phase"] == "ready"


def test_every_design_and_star_has_its_own_short_tune():
    tunes = [tune(card) for card in range(len(GAL_CODES))]
    assert len(set(tunes)) == len(GAL_CODES)
    assert all(len(t) <= 6 and all(0 <= hz <= 2000 and 0 < ms <= 240 for hz, ms in t)
               for t in tunes)


@pytest.mark.parametrize("players", [4, 8])
def test_every_screen_of_a_planned_match_fits_the_macropad(players):
    # No body line is wider than the MacroPad's 21 columns, whatever the phase.
    plan = galumphus_plan.plan(galumphus_plan.SEED if players == 4 else 12, players,
                               shots=False, limit=60)
    board = SimBoard()
    app = App(board)
    app.step()
    kinds = {"key": KEY, "turn": 1, "press": 2, "wait": WAIT}
    for line in plan.lines:
        kind, value = (line.split() + ["0"])[:2]
        if kind in kinds:
            board.feed(kinds[kind], int(value))
            app.step()
        for item in app.compose().items:
            if item[0] == 0:
                assert item[1] + 6 * item[5] * len(item[3]) <= 128, item
    assert app.match is not None and len(app.match.events) > 20


def test_g8_a_star_right_after_a_star_sends_the_duplicates_back_on_screen():
    pad = dealt(pack=arranged(["PUS", "CLI", "PAI", "CIS", "PUS", "PUS", "PUS", "HAI",
                               "CRO", "TAS"]))
    pad.do("k11 k11 k1 k1 k11 k11")                 # P2 claims his own PUS; refilled PUS
    pad.do("k11 k1 k1 k11 k11")                     # and again: two PUS in his row
    assert pad.view()["rows"][1] == ["PUS", "PUS"]
    pad.do("k11 w8000")                             # Crowned Cornubian, shown and hidden
    pad.do("k11")                                   # Snort Hound right after it: G-8
    assert pad.view()["returned"] == ["PUS"] and pad.view()["rows"][1] == ["PUS"]
    text = pad.frame_text()
    assert "Star after Star" in text and "back: PUS" in text


def test_g4_the_close_timer_logs_next_as_the_dealer_would():
    pad = dealt(close_ms=5000)
    pad.do("k11 k11")
    assert "closes 5s" in pad.frame_text()
    pad.do("w2000")
    assert "closes 3s" in pad.frame_text() and pad.view()["phase"] == "call"
    pad.do("w3000")
    assert pad.events()[-1] == {"t": "next"} and pad.view()["phase"] == "ready"

"""The defects a table met, each played on the keys as the table played
it: the cut undone and made again from the options screen in every game (and after
a power cut before it), the results screens back after a power cut, a wrong
declaration and a false call shown before they are entered, the false call titled
as one, a 17th card answered truly; Galumphus's undo, names and paging."""

import pytest

from parlour_device.app import App
from screens_support import SCRIPTS, Pad, run_to_shot, screen_text

MENU_INDEX = {"dumbo": 0, "poker": 1, "stump": 2, "dartex": 3, "galumphus": 4}


def options(game, players, colour=False):
    """Main menu > New match > the game > seat the first roster names > its options."""
    index = MENU_INDEX[game]
    pad = Pad(colour)
    pad.do("k11 " + ("t%d " % index if index else "") + "k11 "
           + " ".join(["k11"] + ["t1 k11"] * (players - 1)) + " k8")
    return pad


def power_cycle(pad):
    """The board booted again on the same flash: what the table sees next."""
    pad.app = App(pad.board)
    pad.app.step()
    return pad


def screen(pad):
    return type(pad.app.screen).__name__


OPTIONS = {"dumbo": "DumboOptions", "poker": "PokerOptions", "stump": "StumpOptions",
           "dartex": "DartexOptions", "galumphus": "GalumphusOptions"}
PLAY = {"dumbo": "DumboPlay", "poker": "PokerPlay", "stump": "StumpPlay",
        "dartex": "DartexPlay"}


# -- 1: the cut undone ---------------------------------------------------------------

@pytest.mark.parametrize("game", ["dumbo", "poker", "stump", "dartex"])
def test_the_cut_undone_is_made_again_from_the_options_screen(game):
    pad = options(game, 2).do("k11")                 # the options as they are: the cut
    assert pad.events()[0]["t"] == "cut" and screen(pad) == PLAY[game]
    pad.do("k9")
    assert pad.app.message == "Undone: cut" and pad.events() == []
    assert screen(pad) == OPTIONS[game]             # back where the cut was made
    power_cycle(pad)                                 # and there again after a power cut
    assert screen(pad) == OPTIONS[game] and pad.app.match is not None
    pad.do("k11")                                    # the same key makes it again
    assert [e["t"] for e in pad.events()] == ["cut"] and screen(pad) == PLAY[game]


def test_dumbo_the_cut_undone_can_be_a_chosen_seating_and_the_match_plays_on():
    pad = options("dumbo", 2).do("k11 k9")
    assert "Seats: cut" in pad.frame_text()
    pad.do("t1 k11")                                 # P1 deals, chosen this time
    assert pad.events() == [{"t": "seat", "dealer": 0}]
    pad.do("k1 t2 k0 t5 k11")                        # a hand: P2 declares 5, P1 holds 5
    assert len(pad.events()) == 2 and pad.view()["last_hand"]["winner"] == 0


def test_the_begun_matchs_own_options_are_kept_when_it_is_seated_again():
    pad = options("dumbo", 2).do("t1 k7 k11 k9")     # target 75, then the cut undone
    before = pad.app.match.config
    pad.do("k1 t1")                                  # the target row: fixed now
    assert pad.app.message == "set: match begun" and "Target: 75" in pad.frame_text()
    pad.do("k11")
    assert pad.app.match.config is before and pad.view()["target"] == 75


def test_poker_the_cut_undone_is_not_left_silently_to_seat_one():
    pad = options("poker", 3).do("k11")
    assert pad.app.message.startswith("Cut: ")
    pad.do("k9")
    assert screen(pad) == "PokerOptions" and "Dealer: cut" in pad.frame_text()
    pad.do("k11")
    assert pad.app.message.startswith("Cut: ") and pad.events()[0]["t"] == "cut"


@pytest.mark.parametrize("game", ["poker", "stump", "dartex"])
def test_the_cut_undone_can_be_a_chosen_dealer_in_every_game_with_a_dealers_row(game):
    # Poker's dealer row was fixed once the match was begun: the cut had to be made
    # again, whatever seat the table had agreed on.
    pad = options(game, 3).do("k11 k9")
    assert screen(pad) == OPTIONS[game] and "Dealer: cut" in pad.frame_text()
    pad.do("t2 k11")                                 # P2 deals, agreed at the table
    assert pad.events() == [{"t": "cut", "dealer": 1}] and screen(pad) == PLAY[game]
    assert pad.view()["dealer"] == 1


def test_stump_the_cut_undone_from_the_scores_page_goes_back_to_the_options():
    pad = options("stump", 3).do("k11 k5")
    assert screen(pad) == "Scores"
    pad.do("k9")
    assert screen(pad) == "StumpOptions" and pad.events() == []


@pytest.mark.parametrize("game,players", [("galumphus", 4), ("dumbo", 3), ("dartex", 2)])
def test_a_power_cut_before_the_first_deal_comes_back_to_the_options(game, players):
    # The match begun on the flash, its deal not yet: nothing to play, so the options.
    pad = options(game, players)
    config = {"players": players, "names": ["P%d" % (i + 1) for i in range(players)]}
    assert pad.app.new_match(game, config) is None
    power_cycle(pad)
    assert screen(pad) == OPTIONS[game]
    pad.do("k11")
    assert len(pad.events()) == 1 and screen(pad) != OPTIONS[game]


# -- 2: results screens after a power cut ------------------------------------------

def test_dumbo_a_hands_result_comes_back_after_a_power_cut():
    pad = options("dumbo", 2).do("t1 k11")           # P1 deals
    pad.do("k1 t3 k0 t2 k11")                        # P2 declares 6, P1 2: undercut
    shown = pad.frame_text()
    assert screen(pad) == "HandOver" and "P1 +14 undercut" in shown
    power_cycle(pad)
    assert screen(pad) == "HandOver" and pad.frame_text() == shown
    pad.do("k11")                                    # Next: the next hand's entry
    assert screen(pad) == "DumboPlay" and len(pad.events()) == 2
    power_cycle(pad)                                 # (Next enters nothing: shown again)
    assert screen(pad) == "HandOver"
    pad.do("k11 k1 k6 k11")                          # a wrong declaration's result too
    power_cycle(pad)
    assert screen(pad) == "HandOver" and "penalty" in pad.frame_text()


def test_poker_a_hand_done_comes_back_after_a_power_cut():
    pad = options("poker", 3).do("k7 k7 t1 k11")           # P1 deals
    pad.do("k1 t3 k11 t20 k11 t9 k11 k11")           # P2 calls with 3; P3 20, P1 9
    assert screen(pad) == "HandDone" and pad.app.screen.title == "Hand 1 done"
    shown = pad.frame_text()
    power_cycle(pad)
    assert screen(pad) == "HandDone" and pad.frame_text() == shown
    pad.do("k11")
    assert screen(pad) == "PokerPlay" and "who calls" in pad.frame_text()


# -- 5: Dumbo and Poker -------------------------------------------------------------

def test_dumbo_a_17th_card_is_answered_truly():
    pad = options("dumbo", 2).do("t1 k11 k1 k8")
    for number in range(8):                          # 16 cards: eight a hand
        pad.do("t1 k%d" % (number % 4))
    for number in range(8):
        pad.do("t1 k%d" % (number % 4))
    assert len(pad.app.screen.hands[1]) == 8
    pad.do("t1 k0")
    message = pad.app.message
    assert "16 in" in message and "11" in message and "welds" in message
    assert len(pad.app.screen.hands[0]) + len(pad.app.screen.hands[1]) == 16


def test_poker_a_false_call_is_titled_as_one_and_asked_before_it_is_entered():
    pad = options("poker", 3).do("k7 k7 t1 k11")
    pad.do("k2 k8 k0")
    assert pad.app.message == "0 again: false call" and pad.events() == []
    pad.do("t1 t-1 k0")                              # turning between: asked again
    assert pad.app.message == "0 again: false call" and pad.events() == []
    pad.do("k0")
    assert pad.events() == [{"t": "false_call", "caller": 2}]
    assert pad.app.screen.title == "Hand 1: false call"
    pad.do("k11")
    assert "hand 1" in pad.app.screen.title.lower()  # the hand it interrupted, again



# -- 4: Galumphus --------------------------------------------------------------------

def test_galumphus_undo_with_nothing_to_undo_says_so(monkeypatch):
    monkeypatch.setenv("PARLOUR_SEED", "2")          # a deal whose first call is no Star
    pad = options("galumphus", 4).do("k11")          # the deal shown, no call yet
    pad.do("k9")
    assert pad.app.message == "Nothing to undo"
    claimant = (pad.view()["dealer"] + 1) % 4        # (the dealer claims nothing)
    pad.do("k11 k11 k%d" % claimant)                 # hide, call; a claim begun
    assert pad.view()["phase"] == "call" and pad.view()["lock"] is not None
    pad.do("k9")                                     # the claim undone (C-4)
    assert pad.view()["lock"] is None and pad.app.message.startswith("Undone")
    pad.do("k9")                                     # the open call: nothing left
    assert pad.app.message == "Nothing to undo"


def test_galumphus_the_privilege_picker_names_a_design_by_code_and_name(tmp_path):
    # the deal and refill screens show codes: the picker ties each name to its code
    text = (SCRIPTS / "galumphus_match.txt").read_text()
    device, _ = run_to_shot(text, "galumphus_waterhog", tmp_path)
    try:
        lines = screen_text(device).splitlines()
        # the code on its row, the name whole on the row below it
        assert lines[lines.index("P1's card is FLY") + 1] == "Flying Umbratunk", lines
    finally:
        device.close()


def test_galumphus_the_encoder_press_on_a_finished_match_asks_before_filing(tmp_path):
    text = (SCRIPTS / "galumphus_match.txt").read_text()
    device, _ = run_to_shot(text, "galumphus_over", tmp_path)
    try:
        device.press()                               # scrolling's own switch: a slip
        assert device.app.message == "press again: file it"
        assert device.app.match is not None
        device.turn(1)                               # scrolled: asked afresh
        device.press()
        assert device.app.match is not None
        device.press()
        assert device.app.match is None and device.app.screen.title == "parlour"
    finally:
        device.close()


def test_galumphus_shown_cards_page_by_hand_and_stay_where_turned():
    pad = options("galumphus", 8).do("k11")          # eight cards: two pages
    play = pad.app.screen
    assert play._pages() == 2 and play.top == 0 and "1/2" in play.hint()
    pad.do("t1")
    assert play.top == 1 and "2/2" in play.hint()
    for _ in range(6):                               # seconds pass: the page stays
        pad.do("w1000")
        assert play.top == 1 and "2/2" in play.hint()
    pad.do("t1")                                     # each turn one page on, round
    assert play.top == 0 and "1/2" in play.hint()
    pad.do("w1000 t-1")
    assert play.top == 1


def test_galumphus_an_unpaged_show_turns_its_pages_at_even_times():
    pad = options("galumphus", 8).do("k11")
    play = pad.app.screen
    total = pad.view()["show_ms"]
    tops = []
    for _ in range(total // 1000 - 1):
        pad.do("w1000")
        tops.append(play.top)
    half = total // 2000
    assert tops == [0] * (half - 1) + [1] * (len(tops) - half + 1)

"""Matches kept for later: starting or resuming a match while one is live asks first;
a kept match moves aside whole (the kept log, parlour/s0|s1/kept), is listed in the main menu, is not
sent by a sync, survives reboots, and comes back with every entry. A power cut at
every write of a keep and of a resume leaves each match live or kept, once, with
every confirmed entry."""

import copy

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import KEY, TURN, SimBoard
from journal_support import STUMP_CONFIG, CutFlash, PowerCut, damage_kept, kept_bytes, stump_events
from parlour_device.app import App
from parlour_device.journal import encode
from parlour_device.kept import FOR_LATER
from parlour_device.twin import decode
from parlour_device.ui.frame import K_MENU, K_OK, K_UNDO, TEXT

EVENTS = stump_events(4)


def boot(files=None, nvm=None):
    app = App(SimBoard(flash=MemFlash({} if files is None else files), nvm=nvm))
    app.step()
    return app


def act(app, *inputs):
    for kind, value in inputs:
        app.board.feed(kind, value)
        app.step()


def texts(app):
    app.redraw()
    return [item[3] for item in app.shown if item[0] == TEXT]


def live_stump(app, events=EVENTS[:3]):
    assert app.new_match("stump", STUMP_CONFIG) is None
    for event in events:
        assert app.submit(event) is None
    return app.journal.live_seq


def to_player_setup(app, seat=(0, 1)):
    # Menu > New match > Stump > seat two players; the cursor on New match wherever
    # it is listed.
    act(app, (KEY, K_MENU))
    app.screen.index = app.screen.entries().index("New match")
    act(app, (KEY, K_OK), (TURN, 2), (KEY, K_OK))
    assert app.screen.title == "Stump players"
    for _ in seat:
        act(app, (KEY, K_OK), (TURN, 1))


def kept_events(app, seq, game="stump"):
    data = kept_bytes(app.journal, seq)
    records, good = decode(data)
    assert good == len(data)
    events = []
    for record in records[1:]:
        if record["k"] == "e":
            events.append(record["e"])
        else:
            events.pop()
    return events


def test_no_question_when_no_match_is_live():
    app = boot()
    to_player_setup(app)
    act(app, (KEY, 8))
    assert app.screen.title == "Stump: options"


def test_starting_a_match_while_one_is_live_asks_and_back_changes_nothing():
    app = boot()
    seq = live_stump(app)
    to_player_setup(app)
    setup = app.screen
    act(app, (KEY, 8))
    assert app.screen.title == "Stump #%d" % seq
    assert texts(app)[1:4] == ["Keep it for later", "End it (stopped)", "Back"]
    act(app, (TURN, 2), (KEY, K_OK))
    assert app.screen is setup and list(app.match.events) == EVENTS[:3]
    act(app, (KEY, 8), (KEY, K_UNDO))                   # Undo steps back too
    assert app.screen is setup and app.journal.kept == []


def test_keep_it_for_later_moves_the_journal_aside_lists_it_and_sync_does_not_send_it():
    app = boot()
    seq = live_stump(app)
    live_lines = b"".join(encode(record) for record in app.journal.live_records())
    to_player_setup(app)
    act(app, (KEY, 8), (KEY, K_OK))                     # Keep it for later
    assert app.screen.title == "Stump: options" and app.match is None
    assert app.journal.live_records() == [{}]            # the live log is cleared
    assert kept_bytes(app.journal, seq) == live_lines
    assert app.journal.pending() == []                  # not finished: nothing to pull
    act(app, (KEY, K_OK))                               # the new match starts
    assert app.match is not None and app.journal.live_seq == seq + 1
    act(app, (KEY, K_MENU))
    assert app.screen.entries()[:3] == ["Stump #%d" % (seq + 1), "New match", "Stump #%d" % seq]
    app.screen.index = app.screen.entries().index("Sync status")
    act(app, (KEY, K_OK))
    assert "Kept for later: 1" in texts(app)


def test_end_it_files_the_live_match_as_stopped():
    app = boot()
    seq = live_stump(app)
    to_player_setup(app)
    act(app, (KEY, 8), (TURN, 1), (KEY, K_OK))
    assert app.screen.title == "Stump: options"
    assert app.journal.pending() == [seq] and app.journal.kept == []
    kept = app.journal.load(seq)
    assert kept["end"] == "stopped" and kept["record"]["events"] == EVENTS[:3]


def test_a_kept_match_survives_a_reboot_and_resumes_with_every_entry():
    files = {}
    app = boot(files)
    seq = live_stump(app)
    assert app.keep_for_later(False)
    app = boot(files)
    assert app.match is None and app.journal.kept == [(seq, "stump")]
    assert app.screen.entries() == ["New match", "Stump #%d" % seq, "Roster",
                                    "Settings", "Sync status"]
    act(app, (TURN, 1), (KEY, K_OK))                    # nothing live: no question
    assert list(app.match.events) == EVENTS[:3] and app.journal.live_seq == seq
    assert app.screen.title.startswith("Stump") and app.journal.kept == []
    assert kept_bytes(app.journal, seq) is None
    assert app.submit(EVENTS[3]) is None
    assert list(boot(files).match.events) == EVENTS[:4]


def test_resuming_a_kept_match_while_another_is_live_asks_and_swaps_them():
    app = boot()
    first = live_stump(app)
    assert app.keep_for_later(False)
    second = live_stump(app, EVENTS[:2])
    act(app, (KEY, K_MENU), (TURN, 2), (KEY, K_OK))     # Stump #first
    assert app.screen.title == "Stump #%d" % second
    act(app, (KEY, K_OK))
    assert app.journal.live_seq == first and list(app.match.events) == EVENTS[:3]
    assert app.journal.kept == [(second, "stump")]
    assert kept_events(app, second) == EVENTS[:2]


def test_a_fifth_match_kept_is_refused_with_a_clear_message_and_stays_live():
    app = boot()
    seqs = []
    for _ in range(FOR_LATER):
        seqs.append(live_stump(app, EVENTS[:1]))
        assert app.keep_for_later(False)
    live = live_stump(app, EVENTS[:2])
    act(app, (KEY, K_MENU))
    assert app.screen.entries() == (["Stump #%d" % live, "New match"]
                                    + ["Stump #%d" % s for s in reversed(seqs)]
                                    + ["Roster", "Settings", "Sync status"])
    to_player_setup(app)
    act(app, (KEY, 8), (KEY, K_OK))
    assert app.message == "4 kept: end one first"
    assert app.journal.live_seq == live and list(app.match.events) == EVENTS[:2]
    assert app.screen.title == "Stump #%d" % live
    # swapping with a kept one is no fifth: the live one goes, the kept one comes
    act(app, (KEY, K_MENU))
    app.screen.index = app.screen.entries().index("Stump #%d" % seqs[0])
    act(app, (KEY, K_OK), (KEY, K_OK))
    assert app.journal.live_seq == seqs[0] and len(app.journal.kept) == FOR_LATER


def test_a_kept_match_keeps_its_number_from_start_to_filing_though_filed_under_a_new_seq():
    # The laptop pulls only seqs above the last it holds, so a kept match finished
    # after a later one was synced is filed under a new seq; the table knows it by
    # one name all along: the menu, the live-match question, Sync status, and the
    # record the laptop gets.
    files = {}
    app = boot(files)
    old = live_stump(app)
    name = "Stump #%d" % old
    act(app, (KEY, K_MENU))
    assert app.screen.entries()[0] == name
    assert app.keep_for_later(False)
    later = live_stump(app, EVENTS[:1])
    app.finish_match("stopped")
    assert app.journal.pending() == [later]
    app.journal.ack(later)
    act(app, (KEY, K_MENU))
    assert app.screen.entries()[1] == name
    screen = app.resume_kept(old, "stump")
    assert screen is not None and app.journal.live_seq > later
    assert app.message == "" and app.match_name() == name
    assert list(app.match.events) == EVENTS[:3]
    new = app.journal.live_seq
    app = boot(files)
    assert app.journal.live_seq == new and app.match_name() == name
    act(app, (KEY, K_MENU))
    assert app.screen.entries()[0] == name
    app.screen.index = app.screen.entries().index("Sync status")
    act(app, (KEY, K_OK))
    assert name in texts(app)
    # kept and resumed again, by the same name, and a question names it so too
    assert app.keep_for_later(False)
    assert app.journal.kept == [(old, "stump")]
    live_stump(app, EVENTS[:1])
    act(app, (KEY, K_MENU))
    app.screen.index = app.screen.entries().index(name)
    act(app, (KEY, K_OK))
    assert app.screen.title == "Stump #%d" % app.journal.live_seq   # the live one's name
    act(app, (KEY, K_OK))                                # Keep it for later: swap
    assert app.match_name() == name and app.journal.live_seq == new
    app.finish_match("stopped")
    filed = app.journal.load(new)
    assert filed["no"] == old and filed["record"]["events"] == EVENTS[:3]


def test_a_kept_file_that_cannot_be_read_is_dropped_and_said():
    files = {}
    app = boot(files)
    seq = live_stump(app)
    assert app.keep_for_later(False)
    damage_kept(files, app.journal, seq)
    assert app.resume_kept(seq, "stump") is None
    assert app.message == "Kept #%d unreadable" % seq and app.journal.kept == []


# -- power cuts: a keep and a resume cut at every write --------------------------

def play(flash, nvm, state):
    """Match A live, kept; match B live, then A resumed in B's place (B kept), and
    an entry added to A. `state`: what the screen has confirmed, seq -> (where,
    events), and the match being moved (it may be either place)."""
    app = App(SimBoard(flash=flash, nvm=nvm))
    a = live_stump(app, [])
    for i in range(3):
        state["next"] = (a, EVENTS[:i + 1])     # whole in one copy: boot may take it
        assert app.submit(EVENTS[i]) is None
        state["matches"][a] = ("live", EVENTS[:i + 1])
    state["moving"] = a
    assert app.keep_for_later(False)
    state["matches"][a] = ("kept", EVENTS[:3])
    state["moving"] = None
    assert app.new_match("stump", STUMP_CONFIG) is None
    b = app.journal.live_seq
    state["next"] = (b, EVENTS[:1])
    assert app.submit(EVENTS[0]) is None
    state["matches"][b] = ("live", EVENTS[:1])
    state["moving"] = b
    assert app.keep_for_later(True)
    state["matches"][b] = ("kept", EVENTS[:1])
    state["moving"] = a
    assert app.resume_kept(a, "stump") is not None
    state["matches"][a] = ("live", EVENTS[:3])
    state["moving"] = None
    state["next"] = (a, EVENTS[:4])
    assert app.submit(EVENTS[3]) is None
    state["matches"][a] = ("live", EVENTS[:4])
    return flash.ops


def on_device(app):
    found = {}
    if app.match is not None:
        found[app.journal.live_seq] = ("live", list(app.match.events))
    for seq, game in app.journal.kept:
        assert seq not in found, "match %d both live and kept" % seq
        found[seq] = ("kept", kept_events(app, seq, game))
    return found


WRITES = play(CutFlash({}), bytearray(4096), {"matches": {}, "moving": None})


@pytest.mark.parametrize("tear", [False, True], ids=["between-writes", "torn-write"])
def test_a_power_cut_at_every_write_of_a_keep_and_a_resume_loses_and_doubles_nothing(tear):
    assert WRITES > 8
    for budget in range(WRITES + 1):
        files, nvm = {}, bytearray(4096)
        state = {"matches": {}, "moving": None}
        try:
            play(CutFlash(files, budget, tear), nvm, state)
        except PowerCut:
            pass
        app = boot(files, nvm)
        found = on_device(app)
        for seq, (where, events) in state["matches"].items():
            assert seq in found, "cut %d: match %d lost" % (budget, seq)
            if found[seq][1] != events:
                events = state["next"][1] if state.get("next", (0,))[0] == seq else events
            assert found[seq][1] == events, "cut %d: match %d" % (budget, seq)
            if seq != state["moving"]:
                assert found[seq][0] == where, "cut %d: match %d" % (budget, seq)
        for seq in found:
            # only a match being begun (no entry confirmed yet, or its first one
            # whole in one copy) may be extra
            assert (seq in state["matches"] or found[seq][1] == []
                    or state.get("next") == (seq, found[seq][1]))
        assert app.journal.pending() == []
        # and the device carries on: every kept match comes back
        for seq, game in list(app.journal.kept):
            if app.match is not None:
                assert app.keep_for_later(True)
            assert app.resume_kept(seq, game) is not None
            assert list(app.match.events) == found[seq][1]


def play_renumbered(flash, nvm, state):
    """Match A kept; B played, filed and acknowledged by the laptop; A resumed (so
    under a new number) and an entry added. `state["a"]`: A's confirmed entries."""
    app = App(SimBoard(flash=flash, nvm=nvm))
    live_stump(app)
    state["a"] = EVENTS[:3]
    assert app.keep_for_later(False)
    live_stump(app, EVENTS[:1])
    app.finish_match("stopped")
    app.journal.ack(app.journal.pending()[-1])
    state["b_gone"] = True
    assert app.resume_kept(1, "stump") is not None
    assert app.journal.live_seq > 2
    state["next"] = EVENTS[:4]          # whole in one copy: boot may take it
    assert app.submit(EVENTS[3]) is None
    state["a"] = EVENTS[:4]
    return flash.ops


RENUMBERED_WRITES = play_renumbered(CutFlash({}), bytearray(4096), {})


@pytest.mark.parametrize("tear", [False, True], ids=["between-writes", "torn-write"])
def test_a_power_cut_at_every_write_of_a_resume_under_a_new_number_leaves_it_once(tear):
    for budget in range(RENUMBERED_WRITES + 1):
        files, nvm, state = {}, bytearray(4096), {}
        try:
            play_renumbered(CutFlash(files, budget, tear), nvm, state)
        except PowerCut:
            pass
        app = boot(files, nvm)
        found = on_device(app)
        if "a" not in state:
            continue
        copies = [events for where, events in found.values() if events[:3] == EVENTS[:3]]
        assert copies in ([state["a"]], [state.get("next")]), "cut %d: match A %r" % (
            budget, list(found))
        if state.get("b_gone") and app.match is not None:
            assert app.journal.live_seq > 2      # resumed: under its new number


def test_a_cut_that_leaves_a_kept_copy_of_the_live_match_with_its_payload_cut_short_keeps_it_live():
    # Keeping writes the match into copy 0 of the kept log, then copy 1, then clears
    # the live log. A cut part way through a sector of copy 0 can leave the record's
    # line whole and its payload cut short: boot takes copy 1 (fewer damaged payloads)
    # and writes it over copy 0, whose own line past copy 1's end must not then be
    # read back as a kept match, for the live log, which still holds the match,
    # would be dropped for it (found by a half-programmed sector, sectorcut).
    files = {}
    app = boot(files)
    first = live_stump(app)
    assert app.keep_for_later(False)        # one kept before: the log is not begun anew
    seq = live_stump(app, EVENTS[:4])
    before = copy.deepcopy(files)
    assert app.keep_for_later(False)
    kept0 = bytearray(files["parlour/s0/kept"])
    data = kept_bytes(app.journal, seq)
    end = bytes(kept0).index(data) + len(data)
    kept0[end - 20:end] = b"\xff" * 20      # the payload's tail unwritten
    cut = copy.deepcopy(before)
    cut["parlour/s0/kept"] = kept0
    again = boot(cut)
    assert again.match is not None and list(again.match.events) == EVENTS[:4]
    assert [number for number, _ in again.journal.list_kept()] == [first] and \
        kept_bytes(again.journal, seq) is None

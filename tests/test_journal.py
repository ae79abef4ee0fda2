"""The journal's line format, its recovery at boot, a corrupted tail, and the
finished-match archive kept until the laptop acknowledges it."""

from parlour_device import journal
from parlour_device.app import App
from parlour_device.boards.sim import SimBoard
from parlour_device.flash import Flash, MemFlash
from parlour_device.journal import LIVE, Journal, decode, encode, encode_event
from parlour_device.screens.base import TEXT
from parlour_rules.log import MatchLog
from test_journal_support import STUMP_CONFIG, stump_events


def boot(files, nvm=None):
    board = SimBoard(flash=MemFlash(files), nvm=nvm)
    app = App(board)
    app.step()
    return app


def played(count):
    files, nvm = {}, bytearray(4096)
    app = boot(files, nvm)
    assert app.new_match("stump", STUMP_CONFIG) is None
    events = stump_events()[:count]
    for event in events:
        assert app.submit(event) is None
    return files, nvm, events


def shown_text(app):
    return [item[3] for item in app.shown if item[0] == TEXT]


def test_a_line_is_crc_then_json_and_round_trips():
    line = encode({"k": "e", "e": {"t": "discard", "card": 2}})
    assert line.endswith(b"\n") and line[8:9] == b" "
    assert decode(line + line) == ([{"k": "e", "e": {"t": "discard", "card": 2}}] * 2,
                                   2 * len(line))


def test_an_entry_line_comes_from_the_cache_only_for_the_same_entry_in_the_same_order():
    # The cache is keyed by the event's items in order: the same entry gives the very
    # line encoded first, another entry (or the same keys in another order) its own.
    first = encode_event({"t": "discard", "card": 31})
    assert encode_event({"t": "discard", "card": 31}) is first
    assert first == encode({"k": "e", "e": {"t": "discard", "card": 31}})
    other = encode_event({"card": 31, "t": "discard"})
    assert other == encode({"k": "e", "e": {"card": 31, "t": "discard"}})
    assert encode_event({"t": "discard", "card": 32}) != first
    assert decode(first + other)[0] == [{"k": "e", "e": {"t": "discard", "card": 31}}] * 2


def test_an_entry_holding_a_list_or_dict_is_encoded_afresh_and_never_kept():
    kept = len(journal._LINES)
    throw = {"t": "throw", "cards": ["DOUBLE", 4, 5], "seat": 2}
    line = encode_event(throw)
    throw["cards"][2] = 6       # the same dict, changed: its new line, not a stale one
    assert encode_event(throw) == encode({"k": "e", "e": throw}) != line
    assert encode_event({"t": "x", "e": {"a": 1}}) == encode({"k": "e", "e": {"t": "x", "e": {"a": 1}}})
    assert len(journal._LINES) == kept


def test_equal_keys_of_another_kind_never_share_a_line():
    # True == 1 as dict keys, but JSON writes true and 1.
    for value in (1, True, False, 0):
        event = {"t": "flag", "v": value}
        assert encode_event(event) == encode({"k": "e", "e": event})
        assert encode_event(dict(event)) == encode({"k": "e", "e": event})


def test_the_entry_line_cache_stops_filling_at_its_size():
    for n in range(2 * journal.LINES_KEPT):
        line = encode_event({"t": "probe", "n": n})
        assert decode(line)[0] == [{"k": "e", "e": {"t": "probe", "n": n}}]
    assert len(journal._LINES) == journal.LINES_KEPT


def test_decode_stops_at_a_flipped_byte_and_at_a_line_without_newline():
    a, b = encode({"k": "u"}), encode({"k": "e", "e": {"t": "x"}})
    flipped = b[:12] + bytes([b[12] ^ 1]) + b[13:]
    assert decode(a + flipped + a) == ([{"k": "u"}], len(a))
    assert decode(a + b[:-1]) == ([{"k": "u"}], len(a))
    assert decode(b"garbage\n" + a) == ([], 0)


def test_boot_resumes_the_live_match_exactly():
    files, nvm, events = played(20)
    app = boot(files, nvm)
    assert app.match is not None and app.match.events == events
    assert app.match.view() == MatchLog("stump", STUMP_CONFIG, events).view()


def test_undo_is_journalled_and_survives_a_reboot():
    files, nvm, events = played(10)
    app = boot(files, nvm)
    assert app.undo() is None
    assert app.undo() is None
    again = boot(files, nvm)
    assert again.match.events == events[:8]


def test_corrupted_tail_is_dropped_reported_on_screen_and_cut_from_the_file():
    files, nvm, events = played(12)
    data = files[LIVE]
    files[LIVE] = data[:-5] + b"#" + data[-4:]          # the last event's line is damaged
    app = boot(files, nvm)
    assert app.match.events == events[:11]
    assert "Journal tail dropped" in shown_text(app)
    assert decode(files[LIVE])[1] == len(files[LIVE])   # no bad bytes left in front
    assert app.submit(events[11]) is None
    assert boot(files, nvm).match.events == events      # appends after the cut are kept


def test_garbage_journal_never_crashes_boot():
    for junk in (b"\x00" * 300, b"\xff\xfe garbage\n" * 5, b"deadbeef {\n", b"\n\n\n"):
        app = boot({LIVE: junk})
        assert app.match is None
        assert app.screen.title == "parlour"
        assert LIVE not in app.flash.files


def test_finished_match_is_kept_until_acknowledged():
    files, nvm, events = played(9)
    app = boot(files, nvm)
    app.finish_match()
    app.new_match("stump", STUMP_CONFIG)
    app.finish_match("stopped")
    journal = app.journal
    assert journal.pending() == [1, 2]
    first = journal.load(1)
    assert first["end"] == "won" and first["record"]["events"] == events
    assert journal.load(2)["end"] == "stopped"
    assert boot(files, nvm).journal.pending() == [1, 2]   # a reboot forgets nothing
    assert journal.ack(1) == 1 and journal.pending() == [2]


def test_match_numbers_never_repeat_after_acknowledgement():
    files, nvm = {}, bytearray(4096)
    app = boot(files, nvm)
    for _ in range(3):
        app.new_match("stump", STUMP_CONFIG)
        app.finish_match()
    app.journal.ack(3)
    app = boot(files, nvm)
    app.new_match("stump", STUMP_CONFIG)
    assert app.journal.live_seq == 4


def test_sixty_typical_matches_fit_between_syncs(tmp_path):
    # The promise is >= 50; the app refuses a new match only at 200 or < 64 KB free.
    files, nvm = {}, bytearray(4096)
    app = boot(files, nvm)
    events = stump_events(40)
    for _ in range(60):
        assert app.new_match("stump", STUMP_CONFIG) is None
        for event in events:
            app.submit(event)
        app.finish_match()
    assert len(app.journal.pending()) == 60
    size = sum(len(v) for k, v in files.items() if k.startswith("parlour/done/"))
    assert size < 60 * 8 * 1024           # each kept match is a few KB


def test_real_files_work_like_memflash(tmp_path):
    flash = Flash(str(tmp_path))
    journal = Journal(flash)
    seq = journal.begin("stump", STUMP_CONFIG)
    journal.event({"t": "setup", "slides": [1, 20]})
    again = Journal(flash)
    records, dropped = again.recover()
    assert dropped == 0 and records[0]["n"] == seq and records[1]["e"]["t"] == "setup"
    journal.finish({"v": 1}, "won")
    assert Journal(flash).recover() == ([], 0) and again.pending() == [seq]

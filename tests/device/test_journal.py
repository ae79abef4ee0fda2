"""The journal's line format, its recovery at boot, a corrupted tail, and the
finished-match archive kept until the laptop acknowledges it."""

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG, stump_events
from parlour_device.app import App
from parlour_device.flash import Flash, _whole
from parlour_device.journal import LIVE_SIZE, Entries, Journal, encode
from parlour_device.twin import add_start, decode, drop_start
from parlour_device.ui.frame import TEXT
from parlour_rules.log import MatchLog

LIVE0, LIVE1 = "parlour/s0/live", "parlour/s1/live"    # the live log's two copies


def live_end(data):
    # Where the live log's valid bytes end (the file is zeros beyond).
    return len(bytes(data).rstrip(b"\x00"))


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


def test_decode_stops_at_a_flipped_byte_and_at_a_line_without_newline():
    a, b = encode({"k": "u"}), encode({"k": "e", "e": {"t": "x"}})
    flipped = b[:12] + bytes([b[12] ^ 1]) + b[13:]
    assert decode(a + flipped + a) == ([{"k": "u"}], len(a))
    assert decode(a + b[:-1]) == ([{"k": "u"}], len(a))
    assert decode(b"garbage\n" + a) == ([], 0)


def test_boot_resumes_the_live_match_exactly():
    files, nvm, events = played(20)
    app = boot(files, nvm)
    assert app.match is not None and list(app.match.events) == events
    assert app.match.view() == MatchLog("stump", STUMP_CONFIG, events).view()


def test_undo_is_journalled_and_survives_a_reboot():
    files, nvm, events = played(10)
    app = boot(files, nvm)
    assert app.undo() is None
    assert app.undo() is None
    again = boot(files, nvm)
    assert list(again.match.events) == events[:8]


def test_the_live_match_holds_where_its_entries_begin_not_the_entries():
    files, nvm, events = played(10)
    app = boot(files, nvm)
    assert app.undo() is None and app.undo() is None
    assert app.submit(events[8]) is None
    journal = app.journal
    # one start a standing entry, each where its line begins on the flash
    assert len(app.match.events) == 9 and isinstance(app.match.events, Entries)
    assert [len(part) for part in journal.starts] == [9]
    for at in journal.starts[0]:
        assert files[LIVE0][at:at + 8].isalnum() and files[LIVE0][at - 1] == ord("\n")
    assert app.match.events[-1] == events[8] and app.match.events[0] == events[0]
    # a reboot finds the same starts, the undone entries left out
    again = boot(files, nvm)
    assert again.journal.starts == journal.starts
    assert list(again.match.events) == events[:9]
    assert again.match.view() == MatchLog("stump", STUMP_CONFIG, events[:9]).view()
    # filing streams them from the flash into the record, byte for byte as a list would
    assert again.finish_match("stopped") is not again.screen and again.match is None
    assert again.journal.load(1)["record"] == MatchLog("stump", STUMP_CONFIG, events[:9]).record()


def test_the_starts_are_kept_in_parts_of_64():
    # A long match's offsets never ask for one block of them all (2 KB at 512).
    parts, mirror = [], []
    for at in range(0, 200 * 40, 40):
        add_start(parts, at)
        mirror.append(at)
    for _ in range(70):
        drop_start(parts)
        mirror.pop()
    add_start(parts, 7)
    mirror.append(7)
    assert [len(part) for part in parts] == [64, 64, 3]
    assert [at for part in parts for at in part] == mirror
    while parts:
        drop_start(parts)
    assert parts == []


def test_a_match_of_more_than_64_entries_reads_each_back_by_its_index():
    files, nvm, events = played(130)        # the scripted match's 71 entries
    count = len(events)
    assert count > 64
    app = boot(files, nvm)
    entries = app.match.events
    assert [len(part) for part in app.journal.starts] == [64, count - 64]
    assert len(entries) == count
    for index in (0, 63, 64, count - 1, -1, 64 - count, -count):
        assert entries[index] == events[index]
    for index in (count, -count - 1):
        with pytest.raises(IndexError):
            entries[index]
    assert list(entries) == events


def test_an_undo_whose_entry_cannot_be_read_back_changes_nothing():
    files, nvm, events = played(10)
    app = boot(files, nvm)
    at = app.journal.starts[-1][-1]
    for name in (LIVE0, LIVE1):             # damaged after boot read it: the flash failing
        files[name][at + 12] ^= 1
    before = app.match.view()
    error = app.undo()
    assert error is not None and error.code == "flash" and app.message == "Flash: not undone"
    assert len(app.match.events) == 10 and app.match.view() == before
    assert len(app.journal.starts[0]) == 10


def test_an_undo_that_cannot_read_an_earlier_entry_back_takes_nothing_back():
    # After a boot the undo folds the match again from the flash: the state is made
    # before the entry is taken back, so a failing read leaves the undo unwritten.
    files, nvm, events = played(10)
    app = boot(files, nvm)
    at = app.journal.starts[0][3]
    for name in (LIVE0, LIVE1):
        files[name][at + 12] ^= 1
    before = app.match.view()
    error = app.undo()
    assert error is not None and error.code == "flash"
    assert len(app.match.events) == 10 and app.match.view() == before
    for name in (LIVE0, LIVE1):
        files[name][at + 12] ^= 1                           # the flash reads again
    assert app.undo() is None
    assert list(boot(files, nvm).match.events) == events[:9]


def test_a_damaged_line_in_one_copy_is_read_from_the_other_and_mended():
    files, nvm, events = played(12)
    end = live_end(files[LIVE0])
    files[LIVE0][end - 5] ^= 1                          # the last event's line is damaged
    app = boot(files, nvm)
    assert list(app.match.events) == events                   # copy 1 had it
    assert files[LIVE0] == files[LIVE1]                 # copy 0 written again from it


def test_a_tail_damaged_in_both_copies_is_dropped_and_appends_after_it_are_kept():
    files, nvm, events = played(12)
    end = live_end(files[LIVE0])
    for name in (LIVE0, LIVE1):
        files[name][end - 5] ^= 1
    app = boot(files, nvm)
    assert list(app.match.events) == events[:11]
    assert app.submit(events[11]) is None
    assert list(boot(files, nvm).match.events) == events      # appends after the cut are kept


def test_garbage_journal_never_crashes_boot():
    for junk in (b"\x00" * 300, b"\xff\xfe garbage\n" * 5, b"deadbeef {\n", b"\n\n\n",
                 b"\xff" * LIVE_SIZE, (b"0badf00d {\"g\": 1}\n\xc3\x28\n" * 3000)[:LIVE_SIZE]):
        app = boot({LIVE0: bytearray(junk), LIVE1: bytearray(junk)})
        assert app.match is None
        assert app.screen.title == "parlour"
        assert app.flash.length(LIVE0) == LIVE_SIZE


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


def test_a_match_begun_and_filed_in_one_boot_says_when_it_began():
    # Match 1 is resumed after a reboot, so its start lies in the boot before: it has
    # no "from". Match 2 begins and ends in this boot; match 3 is kept for later and
    # resumed (its start is not carried into the kept match): no "from".
    files, nvm, _ = played(9)
    app = boot(files, nvm)
    app.finish_match()
    app.new_match("stump", STUMP_CONFIG)
    app.finish_match("stopped")
    app.new_match("stump", STUMP_CONFIG)
    assert app.keep_for_later(False)
    assert app.resume_kept(3, "stump") is not None
    app.finish_match("stopped")
    journal = app.journal
    resumed, timed, kept = journal.load(1), journal.load(2), journal.load(3)
    assert "from" not in resumed and resumed["up"] >= 0
    assert type(timed["from"]) is int and 0 <= timed["from"] <= timed["up"]
    assert timed["boot"] == journal.boot
    assert "from" not in kept and kept["record"]["events"] == []


@pytest.mark.parametrize("wiped", [False, True], ids=["nvm-kept", "nvm-wiped"])
def test_match_numbers_never_repeat_after_acknowledgement(wiped):
    # On the RP2040 a power cut during an nvm write can wipe its sector: the
    # acknowledged matches' highest number is also kept on the flash.
    files, nvm = {}, bytearray(4096)
    app = boot(files, nvm)
    for _ in range(3):
        app.new_match("stump", STUMP_CONFIG)
        app.finish_match()
    assert app.journal.ack(3) == 3 and app.journal.pending() == []
    if wiped:
        nvm[:] = b"\xff" * 4096
    app = boot(files, nvm)
    app.new_match("stump", STUMP_CONFIG)
    assert app.journal.live_seq == 4


class Roomy(MemFlash):
    def free(self):
        return 6 * 1024 * 1024


def test_sixty_typical_matches_fit_between_syncs(tmp_path):
    # The promise is >= 50; the app refuses a new match only at 200 or < 64 KB free.
    files, nvm = {}, bytearray(4096)
    app = App(SimBoard(flash=Roomy(files), nvm=nvm))   # a MacroPad's 7 MB drive
    events = stump_events(40)
    for _ in range(60):
        assert app.new_match("stump", STUMP_CONFIG) is None
        for event in events:
            app.submit(event)
        app.finish_match()
    assert len(app.journal.pending()) == 60
    assert app.journal.room() >= 16384    # and more: each kept match is a few KB


SETUP = {"t": "setup", "slides": [1, 20]}


def stump_begun(flash):
    # A journal as boot leaves it, a Stump match begun and one entry made: -> (it, seq).
    journal = Journal(flash)
    journal.recover()
    seq = journal.begin("stump", STUMP_CONFIG)
    journal.event(SETUP)
    return journal, seq


def test_real_files_work_like_memflash(tmp_path):
    flash = Flash(str(tmp_path))
    journal, seq = stump_begun(flash)
    again = Journal(flash)
    records, dropped = again.recover()
    # the head alone: the entries stay on the flash, read back when asked
    assert dropped == 0 and len(records) == 1 and records[0]["n"] == seq
    assert list(Entries(again)) == [SETUP]
    journal.finish({"v": 1}, "won")
    assert Journal(flash).recover() == ([], 0) and Journal(flash).pending() == [seq]


class FullFlash(MemFlash):
    """MemFlash whose writes fail while `full` is set, as on a full drive (part of
    the line lands, then OSError ENOSPC); writes are refused whole while `read_only`
    is set, and starting a live journal while `no_new_journal` is."""

    full = False
    read_only = False
    no_new_journal = False

    def open_at(self, name, offset):
        if self.read_only:
            raise OSError(30)
        return Failing(self, super().open_at(name, offset))


class Failing:
    def __init__(self, flash, out):
        self.flash = flash
        self.out = out

    def write(self, data):
        if self.flash.no_new_journal and b'"k": "m"' in data:
            raise OSError(28)
        if self.flash.full:
            self.out.write(data[: len(data) // 2])
            raise OSError(28)
        return self.out.write(data)

    def seek(self, offset):
        self.out.seek(offset)

    def close(self):
        self.out.close()


def on_a_full_flash(entries):
    # A match of `entries` entries on a FullFlash: (files, nvm, flash, app).
    files, nvm = {}, bytearray(4096)
    flash = FullFlash(files)
    app = App(SimBoard(flash=flash, nvm=nvm))
    assert app.new_match("stump", STUMP_CONFIG) is None
    for event in stump_events()[:entries]:
        assert app.submit(event) is None
    return files, nvm, flash, app


def test_a_failed_write_refuses_the_entry_and_loses_nothing_entered_after_it():
    files, nvm, flash, app = on_a_full_flash(10)
    events = stump_events()[:12]
    flash.full = True
    refused = app.submit(events[10])
    # the live log is written in place: no room (ENOSPC) is its own room used up
    assert refused is not None and refused.message == "Match log full: file it"
    assert list(app.match.events) == events[:10]              # the state is as it was
    assert app.undo() is not None                        # an undo line fails the same way
    assert list(app.match.events) == events[:10]
    flash.full = False
    for event in events[10:]:
        assert app.submit(event) is None                 # entered again once it fits
    assert files[LIVE0] == files[LIVE1]                  # the torn line written over
    assert list(boot(files, nvm).match.events) == events       # every accepted entry is there


def test_a_short_write_to_a_file_is_a_failed_write():
    # A stream that takes part of the bytes and returns the count: the flash layer
    # turns that into the OSError the journal mends.
    _whole(4, b"abcd")
    _whole(None, b"abcd")
    with pytest.raises(OSError):
        _whole(3, b"abcd")


def test_a_new_match_that_cannot_start_leaves_the_old_one_archived_and_closed():
    files, nvm, flash, app = on_a_full_flash(3)
    events = stump_events()[:3]
    flash.no_new_journal = True
    refused = app.new_match("stump", STUMP_CONFIG)
    assert refused is not None and refused.message == "Flash write failed"
    assert app.match is None                             # filed: nothing more goes to it
    assert app.submit(events[0]).code == "no_match"
    [seq] = app.journal.pending()
    assert app.journal.load(seq)["record"]["events"] == events
    assert boot(files, nvm).match is None


def test_a_write_refused_whole_leaves_the_file_as_it_was_and_is_not_rewritten():
    # A read-only drive (the laptop has it) takes nothing: there is nothing to cut,
    # so the next entry is appended with no rewrite of the file.
    files, nvm, flash, app = on_a_full_flash(4)
    events = stump_events()[:5]
    flash.read_only = True
    assert app.submit(events[4]).message == "Flash write failed"
    flash.read_only = False
    before = files[LIVE0]
    assert app.submit(events[4]) is None
    assert files[LIVE0] is before                        # written in place, not rewritten
    assert list(boot(files, nvm).match.events) == events


def test_a_log_is_written_only_once_its_copies_are_read(tmp_path):
    # Boot reads both copies of each log (recover) before anything is written: a log
    # written before would start over a generation and an end it does not know.
    flash = Flash(str(tmp_path))
    seq = stump_begun(flash)[1]
    unread = Journal(flash)
    with pytest.raises(OSError):
        unread.begin("dumbo", {"players": 2})
    again = Journal(flash)
    records, dropped = again.recover()
    assert records[0]["n"] == seq and records[0]["game"] == "stump"
    assert list(Entries(again)) == [SETUP]


class UnreadableLive(MemFlash):
    """MemFlash whose live log cannot be read while `failing` is set (a read error)."""

    failing = True

    def open_read(self, name):
        if self.failing and name in (LIVE0, LIVE1):
            raise OSError(5)
        return super().open_read(name)


def test_a_live_log_boot_could_not_read_is_never_written_over():
    # Boot says "Flash unreadable" and shows the menu; a new match must not start over
    # the log it could not read (its match would be gone): it is refused, and the
    # next boot that reads the flash brings the match back.
    files, nvm, events = played(6)
    before = {name: bytes(files[name]) for name in (LIVE0, LIVE1)}
    flash = UnreadableLive(files)
    app = App(SimBoard(flash=flash, nvm=nvm))
    app.step()
    assert app.message == "Flash unreadable" and app.match is None
    error = app.new_match("dumbo", {"players": 2})
    assert error is not None and error.code == "flash"
    assert {name: bytes(files[name]) for name in (LIVE0, LIVE1)} == before
    flash.failing = False
    assert list(boot(files, nvm).match.events) == events

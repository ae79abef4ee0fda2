"""The device's side of sync through its link: scripted bytes in, frames out, on a
serial double that takes only as much as a USB buffer would (the real pseudo-terminal
runs in test_sync_e2e.py). A pull goes a record a pass; nothing is freed unasked."""

import json
import zlib

import pytest

from devicewire import Wire, ask, device, frames
from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG, CutFlash, PowerCut, stump_events
from parlour_device.app import App
from parlour_device.link import RX, Link
from parlour_device.nvm import maintenance_requested
from parlour_device.records import digest, free, store_id
from parlour_device.sync import CHUNK
from parlour_wire import frame


def test_a_pull_goes_one_record_a_pass_of_the_loop():
    app, wire, link = device(matches=3)
    ask(wire, "pull", 1, {"after": 0, "max": 16})
    seen = []
    for _ in range(4):
        link.poll(app)
        seen.append([(f["t"], f.get("seq")) for f in frames(wire)])
    assert seen == [[("rec", 1)], [("rec", 2)], [("rec", 3)], [("end", None)]]


def test_a_laptop_reading_slowly_gets_every_record_whole_and_later_requests_wait_unread():
    app, wire, link = device(matches=2, events=20)
    ask(wire, "pull", 1, {"after": 0, "max": 16})
    ask(wire, "hello", 2)
    wire.room = 50
    polls = 0
    while True:
        link.poll(app)
        polls += 1
        if wire.written.endswith(b"\n") and b'"t": "end"' in wire.written:
            break
        assert polls < 10_000
    assert polls > 20                               # a record took many passes
    for _ in range(5):
        link.poll(app)
    got = frames(wire)
    assert [f["t"] for f in got] == ["rec", "rec", "end", "hello"]   # never interleaved
    assert got[1]["m"]["record"]["events"] == stump_events(20)


def test_the_link_reads_no_more_than_a_receive_buffer_a_pass():
    app, wire, link = device()
    for n in range(40):
        ask(wire, "hello", n + 1)
    link.poll(app)
    assert wire.reads and max(wire.reads) <= RX


def named(recs):
    # What an ack names for these `rec` frames: (seq, digest) pairs.
    return [[r["seq"], r["crc"]] for r in recs if r.get("t") == "rec"]


def test_nothing_is_freed_until_acknowledged_and_only_what_is_named():
    app, wire, link = device(matches=4)
    ask(wire, "pull", 1, {"after": 0, "max": 2})
    for _ in range(5):
        link.poll(app)
    sent = frames(wire)
    assert app.journal.pending() == [1, 2, 3, 4]     # sent is not freed
    ask(wire, "ack", 2, {"recs": named(sent)})
    link.poll(app)
    [acked] = frames(wire)
    assert (acked["t"], acked["freed"], acked["left"]) == ("acked", 2, 2)
    assert app.journal.pending() == [3, 4] and app.journal.acked() == 2


def test_the_digest_a_rec_frame_names_is_the_stored_lines_crc():
    app, wire, link = device(matches=1)
    ask(wire, "pull", 1, {"after": 0, "max": 2})
    for _ in range(3):
        link.poll(app)
    [rec, end] = frames(wire)
    line = app.journal.raw(1)
    assert rec["crc"] == line[:8].decode() == "%08x" % zlib.crc32(line[9:-1])
    assert rec["size"] == len(line) and end["count"] == 1 and end["bad"] == 0


@pytest.mark.parametrize("recs", [
    [[1, "00000000"]],                  # the right number, a wrong digest
    [[1, "%08x"]],                      # a digest of other bytes (formatted below)
    [[5, "{d1}"]],                      # the right digest, a number not held
])
def test_an_ack_whose_digest_is_not_what_the_flash_holds_frees_nothing(recs):
    app, wire, link = device(matches=2)
    good = digest(app.journal, 1)
    recs = [[seq, d.replace("{d1}", good) if "{" in d else
             (d % (zlib.crc32(b"other") & 0xFFFFFFFF) if "%" in d else d)] for seq, d in recs]
    ask(wire, "hello", 1)
    ask(wire, "ack", 2, {"recs": recs})
    for _ in range(2):
        link.poll(app)
    _, acked = frames(wire)
    assert (acked["t"], acked["freed"], acked["left"]) == ("acked", 0, 2)
    assert app.journal.pending() == [1, 2] and app.journal.acked() == 0


def test_an_old_digest_under_a_number_now_held_by_a_new_match_frees_nothing():
    # A board wiped (drive and nvm) numbers its first match 1 again: the laptop's
    # digest of the old match 1 must not free the new one.
    app, wire, link = device(matches=1)
    old = digest(app.journal, 1)
    old_store = store_id(app.journal)
    app2 = App(SimBoard(flash=MemFlash({}), nvm=bytearray(4096)))
    app2.new_match("stump", STUMP_CONFIG)
    for event in stump_events(5):
        assert app2.submit(event) is None
    app2.finish_match()
    assert app2.journal.pending() == [1] and digest(app2.journal, 1) != old
    assert store_id(app2.journal) != old_store
    wire2 = Wire()
    link2 = Link(wire2)
    ask(wire2, "ack", 1, {"recs": [[1, old]]})
    link2.poll(app2)
    [acked] = frames(wire2)
    assert acked["freed"] == 0 and app2.journal.pending() == [1]


def test_a_request_of_the_older_protocol_is_refused_and_frees_nothing():
    app, wire, link = device(matches=2)
    wire.incoming = frame.encode({"v": 1, "n": 1, "t": "ack", "upto": 2})
    link.poll(app)
    [refused] = frames(wire)
    assert (refused["t"], refused["code"]) == ("error", "old")
    assert "update parlour" in refused["msg"] and app.journal.pending() == [1, 2]


def test_each_store_has_its_own_identity_kept_across_boots():
    flash = MemFlash({})
    first = App(SimBoard(flash=flash, nvm=bytearray(4096)))
    ident = store_id(first.journal)
    assert ident and len(ident) == 16 and int(ident, 16) >= 0
    assert store_id(App(SimBoard(flash=flash, nvm=first.board.nvm)).journal) == ident
    other = store_id(App(SimBoard(flash=MemFlash({}), nvm=bytearray(4096))).journal)
    assert other != ident
    # A store made by firmware before identities (its folder already there) keeps
    # the board's id as its key, as the laptop knew it.
    legacy = MemFlash({"parlour/settings.json": b"{}"})
    app = App(SimBoard(flash=legacy, nvm=bytearray(4096)))
    assert store_id(app.journal) is None
    wire = Wire()
    ask(wire, "hello", 1)
    Link(wire).poll(app)
    [hello] = frames(wire)
    assert hello["store"] == hello["dev"] == app.board.uid


@pytest.mark.parametrize("tear", [False, True])
def test_a_cut_at_any_write_of_an_ack_that_makes_the_log_anew_keeps_the_identity(tear):
    # The identity lives in the finished matches' log head, written to each copy in
    # turn: cut cleanly or torn at each write, the next boot has it, and every record
    # either pending or freed (the laptop holds it and will name it again).
    cut = 0
    while True:
        files, nvm = {}, bytearray(4096)
        flash = CutFlash(files)
        app = App(SimBoard(flash=flash, nvm=nvm))
        for _ in range(2):
            app.new_match("stump", STUMP_CONFIG)
            assert app.submit(stump_events(1)[0]) is None
            app.finish_match()
        ident = store_id(app.journal)
        named = [[seq, digest(app.journal, seq)] for seq in (1, 2)]
        flash.budget, flash.tear = flash.ops + cut, tear
        try:
            assert free(app.journal, named, [1, 2]) == [1, 2]
            done = True
        except PowerCut:
            done = False
        again = App(SimBoard(flash=MemFlash(files), nvm=nvm))
        assert store_id(again.journal) == ident and ident is not None
        assert again.journal.pending() in ([1, 2], [])
        assert again.journal.next_seq() == 3
        if done:
            assert again.journal.pending() == [] and again.journal.acked() == 2
            break
        cut += 1
    assert cut >= 2                 # both copies' heads were cut


def test_a_store_whose_making_was_cut_is_made_again_with_an_identity():
    for cut in range(12):
        files = {}
        flash = CutFlash(files, budget=cut, tear=True)
        try:
            App(SimBoard(flash=flash, nvm=bytearray(4096)))
        except PowerCut:
            pass
        app = App(SimBoard(flash=MemFlash(files), nvm=bytearray(4096)))
        ident = store_id(app.journal)
        assert ident and len(ident) == 16
        assert store_id(App(SimBoard(flash=MemFlash(files), nvm=bytearray(4096))).journal) == ident


def test_in_maintenance_a_new_drive_gets_no_identity_and_nothing_is_written():
    # The drive would take writes (a MemFlash): the journal must not try them.
    from parlour_device.journal import Journal
    read_only = MemFlash({})
    journal = Journal(read_only, None, False)
    journal.recover()
    assert store_id(journal) is None and journal.pending() == []
    assert [name for name in read_only.files if not name.startswith("\0")] == []
    app = App(SimBoard(flash=MemFlash(read_only.files), nvm=bytearray(4096)))
    ident = store_id(app.journal)
    assert ident is not None                        # made at the next normal boot
    app.new_match("stump", STUMP_CONFIG)
    app.finish_match()
    before = repr(read_only.files)
    journal = Journal(MemFlash(read_only.files), None, False)   # and read as it is
    journal.recover()
    assert store_id(journal) == ident and journal.pending() == [1]
    assert repr(read_only.files) == before


def test_a_record_goes_from_the_flash_in_pieces_never_read_whole():
    app, wire, link = device(matches=2, events=60)
    size = stored_at(app, 1)[1]
    assert size > 3 * CHUNK
    reads = []
    whole, part = app.flash.read, app.flash.read_at
    app.flash.read = lambda name: reads.append((name, -1)) or whole(name)
    app.flash.read_at = lambda name, at, count: reads.append((name, count)) or part(name, at,
                                                                                   count)
    pieces = []
    write = wire.write
    wire.write = lambda data: pieces.append(len(data)) or write(data)
    ask(wire, "pull", 1, {"after": 0, "max": 4})
    for _ in range(4):
        link.poll(app)
    got = frames(wire)
    assert [f["t"] for f in got] == ["rec", "rec", "end"]
    assert got[0]["m"]["record"]["events"] == stump_events(60)
    assert not [r for r in reads if "done" in r[0] and not 0 <= r[1] <= CHUNK]
    assert max(pieces) <= CHUNK


def test_a_cable_pulled_mid_batch_abandons_it_and_keeps_every_record():
    app, wire, link = device(matches=3)
    ask(wire, "pull", 1, {"after": 0, "max": 16})
    link.poll(app)
    wire.connected = False
    link.poll(app)
    assert link.sync.sending is False and app.journal.pending() == [1, 2, 3]
    wire.connected = True
    frames(wire)
    ask(wire, "pull", 2, {"after": 0, "max": 16})
    for _ in range(5):
        link.poll(app)
    assert [f.get("seq") for f in frames(wire)] == [1, 2, 3, None]


def test_the_roster_pushed_in_parts_becomes_the_menus_names():
    app, wire, link = device()
    ask(wire, "roster", 1, {"names": ["Ann", "Bob"], "more": True})
    ask(wire, "roster", 2, {"names": ["Cyd"], "more": False})
    for _ in range(3):
        link.poll(app)
    assert [f["t"] for f in frames(wire)] == ["ok", "ok"]
    assert app.roster == ["Ann", "Bob", "Cyd"]
    again = App(SimBoard(flash=app.flash, nvm=app.board.nvm))   # and after a reset
    assert again.roster == ["Ann", "Bob", "Cyd"]


def test_settings_are_checked_whole_before_any_is_kept():
    app, wire, link = device()
    ask(wire, "settings", 1, {"settings": {"sound": 0, "volume": 3}})
    link.poll(app)
    [refused] = frames(wire)
    assert refused["code"] == "settings" and app.settings["sound"] == 1
    ask(wire, "settings", 2, {"settings": {"lights": 0}})
    link.poll(app)
    assert frames(wire)[0]["t"] == "ok" and app.settings["lights"] == 0
    ask(wire, "settings", 3, {"settings": {"bright": 3, "sound": 0}})
    link.poll(app)
    assert frames(wire)[0]["code"] == "settings" and app.settings["sound"] == 1
    ask(wire, "settings", 4, {"settings": {"bright": 0}})
    link.poll(app)
    assert frames(wire)[0]["t"] == "ok" and app.settings["bright"] == 0


def test_maintenance_asks_boot_for_a_writable_drive():
    app, wire, link = device()
    ask(wire, "maint", 1)
    link.poll(app)
    assert frames(wire)[0]["reset"] is True and maintenance_requested(app.board.nvm)


def test_a_match_finished_after_the_laptop_told_the_time_carries_it():
    app, wire, link = device(matches=1)
    ask(wire, "time", 1, {"now": 1_800_000_000})
    link.poll(app)
    assert frames(wire)[0]["t"] == "ok"
    app.new_match("stump", STUMP_CONFIG)
    app.finish_match()
    before, after = (app.journal.load(s) for s in app.journal.pending())
    assert "at" not in before and abs(after["at"] - 1_800_000_000) <= 2
    assert before["boot"] == after["boot"] and after["up"] >= before["up"]


@pytest.mark.parametrize("line", [b"\x00\xff\xfe\n", b"12345678 {}\n", b"zz\n",
                                  frame.encode({"v": 1, "n": 1, "t": "pull"})])
def test_garbage_gets_an_answer_and_changes_nothing(line):
    app, wire, link = device(matches=1)
    wire.incoming = line
    link.poll(app)
    [reply] = frame.Decoder(1000).feed(wire.written)
    assert reply == b'{"error": "unknown request"}' or reply["t"] == "error"
    assert app.journal.pending() == [1]


def stored_at(app, seq):
    # Where a finished match's record lies in the finished matches' log (each copy).
    for n, at, length in app.journal.held:
        if n == seq:
            return at, length
    raise AssertionError(seq)


def test_a_match_stored_as_plain_json_by_older_firmware_still_goes_whole():
    app, wire, link = device(matches=1)
    old = json.dumps(app.journal.load(1)).encode()
    files = {"parlour/done/1.json": old}        # the layout before the two-copy log
    app = App(SimBoard(flash=MemFlash(files), nvm=bytearray(4096)))
    assert "parlour/done/1.json" not in files    # moved into the log at boot
    assert app.journal.load(1)["seq"] == 1 and app.journal.raw(1) == old
    ask(wire, "pull", 1, {"after": 0, "max": 4})
    for _ in range(3):
        link.poll(app)
    rec, end = frames(wire)
    assert rec["m"] == json.loads(old) and end["count"] == 1


def damage(app, seq, how):
    # The record's bytes damaged in both copies of the finished matches' log, as
    # the flash then lies: a flipped byte, its second half never written (cut), or
    # none of it written (empty); then a boot reads the log. -> (app, its bytes).
    at, length = stored_at(app, seq)
    for copy in ("parlour/s0/done", "parlour/s1/done"):
        data = app.flash.files[copy]
        if how == "flipped":
            data[at + length // 2] ^= 0x01
        else:
            start = at + (length // 2 if how == "cut" else 0)
            data[start:at + length] = bytes(at + length - start)
    app = App(SimBoard(flash=app.flash, nvm=app.board.nvm))
    return app, bytes(app.flash.files["parlour/s0/done"][at:at + length])


@pytest.mark.parametrize("how, why", [("flipped", "crc"), ("cut", "cut"), ("empty", "empty")])
def test_a_damaged_record_is_named_once_set_aside_and_the_rest_go(how, why):
    app, wire, link = device(matches=3)
    app, bytes_left = damage(app, 2, how)
    assert app.journal.pending() == [1, 2, 3]
    assert how == "empty" or app.journal.load(2) is None
    ask(wire, "pull", 1, {"after": 0, "max": 4})
    for _ in range(5):
        link.poll(app)
    got = frames(wire)
    assert [(f["t"], f.get("seq")) for f in got] == [("rec", 1), ("bad", 2), ("rec", 3),
                                                     ("end", None)]
    bad, end = got[1], got[3]
    assert (bad["why"], bad["size"], bad["aside"]) == (why, len(bytes_left), True)
    assert (end["count"], end["bad"], end["last"]) == (2, 1, 3)
    assert app.journal.pending() == [1, 3]
    assert app.flash.read("parlour/damaged/2.json") == bytes_left    # kept, never deleted
    again = App(SimBoard(flash=app.flash, nvm=app.board.nvm))       # and after a reset
    assert again.journal.pending() == [1, 3]
    ask(wire, "pull", 2, {"after": 0, "max": 4})                      # named once
    for _ in range(4):
        link.poll(app)
    assert [f.get("seq") for f in frames(wire)] == [1, 3, None]


def test_a_second_damaged_record_under_the_same_number_does_not_replace_the_first():
    app, wire, link = device(matches=1)
    app.flash.write("parlour/damaged/1.json", b"older")
    app, left = damage(app, 1, "empty")
    ask(wire, "pull", 1, {"after": 0, "max": 4})
    for _ in range(3):
        link.poll(app)
    assert [f["t"] for f in frames(wire)] == ["bad", "end"]
    assert app.flash.read("parlour/damaged/1.json") == b"older"
    assert app.flash.read("parlour/damaged/1-1.json") == left == bytes(len(left))


def test_the_hello_says_the_settings_the_device_holds_so_a_laptop_can_change_one():
    app, wire, link = device()
    ask(wire, "hello", 1, None)
    link.poll(app)
    [hello] = frames(wire)
    assert hello["settings"] == {"sound": 1, "lights": 1, "bright": 2}
    defaults = {"dumbo": {"target": 75}, "stump": {"target": 15}}
    ask(wire, "settings", 2, {"settings": {"defaults": defaults, "sound": 0}})
    link.poll(app)
    assert frames(wire)[0]["t"] == "ok"
    again = App(SimBoard(flash=app.flash, nvm=app.board.nvm))   # and after a reset
    wire = Wire()
    link = Link(wire)
    ask(wire, "hello", 3, None)
    link.poll(again)
    [hello] = frames(wire)
    assert hello["settings"] == {"sound": 0, "lights": 1, "bright": 2, "defaults": defaults}

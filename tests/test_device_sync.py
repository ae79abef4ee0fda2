"""The device's side of sync through its link: scripted bytes in, frames out, on a
serial double that takes only as much as a USB buffer would (the real pseudo-terminal
runs in test_sync_e2e.py). A pull goes a record a pass; nothing is freed unasked."""

import json

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from parlour_device.app import App
from parlour_device.journal import maintenance_requested
from parlour_device.link import RX, Link
from parlour_wire import frame, messages
from test_journal_support import STUMP_CONFIG, stump_events


class Wire:
    """usb_cdc.Serial as the link sees it: what the laptop sent waits in `incoming`;
    a write takes at most `room` bytes (what the laptop has read so far)."""

    def __init__(self):
        self.incoming = b""
        self.written = b""
        self.connected = True
        self.room = 1 << 30
        self.reads = []

    @property
    def in_waiting(self):
        return len(self.incoming)

    def read(self, n):
        self.reads.append(n)
        data, self.incoming = self.incoming[:n], self.incoming[n:]
        return data

    def write(self, data):
        taken = bytes(data[:self.room])
        self.written += taken
        return len(taken)


def device(matches=0, events=3):
    app = App(SimBoard(flash=MemFlash({}), nvm=bytearray(4096)))
    for _ in range(matches):
        app.new_match("stump", STUMP_CONFIG)
        for event in stump_events(events):
            assert app.submit(event) is None
        app.finish_match()
    wire = Wire()
    return app, wire, Link(wire)


def frames(wire):
    # What the device wrote, each `rec` frame with the stored match after it as "m".
    items = frame.Decoder(1 << 20).feed(wire.written)
    wire.written = b""
    out = []
    for item in items:
        if out and out[-1].get("t") == "rec" and "m" not in out[-1]:
            assert item["seq"] == out[-1]["seq"] and "t" not in item
            out[-1]["m"] = item
        else:
            out.append(item)
    return out


def ask(wire, kind, n, fields=None):
    wire.incoming += frame.encode(messages.message(kind, n, fields))


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


def test_nothing_is_freed_until_acknowledged_and_only_what_is_named():
    app, wire, link = device(matches=4)
    ask(wire, "pull", 1, {"after": 0, "max": 2})
    for _ in range(5):
        link.poll(app)
    frames(wire)
    assert app.journal.pending() == [1, 2, 3, 4]     # sent is not freed
    ask(wire, "ack", 2, {"upto": 2})
    link.poll(app)
    [acked] = frames(wire)
    assert (acked["t"], acked["upto"], acked["freed"], acked["left"]) == ("acked", 2, 2, 2)
    assert app.journal.pending() == [3, 4]


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


def test_a_damaged_stored_match_is_never_taken_for_a_good_one():
    app, wire, link = device(matches=1)
    at, _ = stored_at(app, 1)
    for copy in ("parlour/s0/done", "parlour/s1/done"):    # damaged in both copies
        app.flash.files[copy][at + 20] ^= 0x01
    app = App(SimBoard(flash=app.flash, nvm=bytearray(4096)))
    assert app.journal.load(1) is None
    ask(wire, "pull", 1, {"after": 0, "max": 4})
    for _ in range(3):
        link.poll(app)
    items = frame.Decoder(1 << 20).feed(wire.written)
    assert [i if isinstance(i, str) else i["t"] for i in items] == ["rec", frame.CRC, "end"]
    assert app.journal.pending() == [1]

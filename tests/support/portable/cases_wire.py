# parlour_wire on MicroPython: the line codec, the decoder's refusals and resync,
# the request checks, and the device's sync handler answering them (the same
# answers as on CPython, byte for byte where the bytes do not depend on dict order).
from parlour_wire import frame, messages


def case_wire_encode_is_the_journal_line():
    line = frame.encode({"k": "u"})
    return [line.decode(), frame.check(line[:-1])]


def case_wire_parts_make_the_same_line_as_one_body():
    pieces = frame.parts([b'{"a": ', b'[1, 2]', b"}"])
    whole = b"".join(pieces)
    return [whole == frame.encode({"a": [1, 2]}), frame.check(whole[:-1])]


def case_wire_check_refuses_bad_lines():
    good = frame.encode({"t": "hello"})[:-1]
    flipped = good[:12] + (b"X" if good[12:13] != b"X" else b"Y") + good[13:]
    not_object = b"%08x [1]" % _crc(b"[1]")
    return [frame.check(b"short"), frame.check(b"zzzzzzzz {}"), frame.check(flipped),
            frame.check(b"%08x {nope" % _crc(b"{nope")), frame.check(not_object)]


def _crc(body):
    from binascii import crc32
    return crc32(body) & 0xFFFFFFFF


def case_wire_decoder_splits_and_resyncs():
    d = frame.Decoder(40)
    a = frame.encode({"n": 1})
    b = frame.encode({"n": 2})
    out = []
    out.append(d.feed(a[:5]))                       # nothing whole yet
    out.append(d.feed(a[5:] + b"garbage\n" + b))    # a, a bare line, b
    out.append(d.feed(b"x" * 50))                   # too long: refused once
    out.append(d.feed(b"y" * 50))                   # still the same line: nothing
    out.append(d.feed(b"\n" + a))                   # back in step at the newline
    out.append(d.feed(b"00000000 {}\r\n"))           # bad CRC, a CR before the newline
    return [_shown(items) for items in out]


def _shown(items):
    # A bare line (bytes) as text, so the outcome is JSON on both interpreters.
    return [("bare:" + item.decode()) if type(item) is bytes else item for item in items]


def case_wire_decode_stops_at_the_first_bad_line():
    a = frame.encode({"k": "e", "e": 1})
    b = frame.encode({"x": 1})
    return [frame.decode(a + a[:7]), frame.decode(a + b, "k")[1] == len(a),
            frame.decode(a + b)[1] == len(a + b)]


def case_wire_requests_checked():
    good = messages.message("pull", 3, {"after": 0, "max": 4})
    return [messages.check_request(good),
            messages.check_request({"v": 2, "n": 1}),
            messages.check_request({"v": 9, "n": 1, "t": "hello"}),
            messages.check_request({"v": 1, "n": 1, "t": "ack", "upto": 7}),
            messages.check_request({"v": 2, "n": 1, "t": "reboot"}),
            messages.check_request({"v": 2, "n": 1, "t": "ack", "recs": "7"}),
            messages.check_request({"v": 2, "n": 1, "t": "ack", "recs": [[7, "abc"]]}),
            messages.check_request({"v": 2, "n": 1, "t": "ack", "recs": [[7, "0000abcd"]]}),
            messages.check_request({"v": 2, "n": 1, "t": "roster", "names": ["A" * 25],
                                    "more": False}),
            messages.check_request({"v": 2, "n": 1, "t": "roster", "names": ["Ann"],
                                    "more": 0}),
            sorted(messages.error(4, "unknown", "unknown request", 2).items())]


# -- the device's handler ------------------------------------------------------------
def _device(matches):
    from cases_device import STUMP, boot, stump_events
    app = boot()
    for _ in range(matches):
        app.new_match("stump", STUMP)
        for event in stump_events(2):
            app.submit(event)
        app.finish_match()
    from parlour_device.link import RX
    from parlour_device.sync import Sync
    return app, Sync(app, RX)


def _drain(pieces):
    # A reply's bytes, taken as the link takes them: out[0], then pop(0).
    out = []
    while pieces:
        out.append(bytes(pieces[0]))
        pieces.pop(0)
    return b"".join(out)


def _ask(sync, kind, fields=None, n=1):
    # Every frame the handler gives for one request (a pull's records one by one).
    out = [sync.answer(frame.check(frame.encode(messages.message(kind, n, fields))[:-1]))]
    while sync.sending:
        out.append(sync.next())
    records = []
    for pieces in out:
        for item in frame.Decoder(1 << 16).feed(_drain(pieces)):
            if records and records[-1].get("t") == "rec" and "m" not in records[-1]:
                records[-1]["m"] = item     # the stored match, after its rec frame
            else:
                records.append(item)
    return records


def _fields(record, names):
    return [record.get(name) for name in names]


def _named(frames):
    return [[r["seq"], r["crc"]] for r in frames if r.get("t") == "rec"]


def case_wire_device_pull_and_ack():
    from parlour_device.records import store_id
    app, sync = _device(3)
    hello = _ask(sync, "hello")[0]
    batch = _ask(sync, "pull", {"after": 0, "max": 2}, 2)
    acked = _ask(sync, "ack", {"recs": _named(batch)}, 3)[0]
    rest = _ask(sync, "pull", {"after": 2, "max": 5}, 4)
    line = app.journal.raw(3)
    return [_fields(hello, ["t", "re", "proto", "oldest", "newest", "count", "rx"]),
            len(hello["store"]), hello["store"] == store_id(app.journal),
            [_fields(r, ["t", "re", "seq", "last", "count", "more", "bad"]) for r in batch],
            batch[0]["m"]["record"]["events"][:2], batch[0]["m"]["result"],
            _fields(acked, ["t", "freed", "left"]), app.journal.pending(), app.journal.acked(),
            [_fields(r, ["t", "seq", "count", "more"]) for r in rest],
            rest[0]["crc"] == line[:8].decode(), rest[0]["size"] == len(line)]


def case_wire_device_frees_only_what_an_ack_names_with_its_digest():
    from parlour_device.records import digest
    app, sync = _device(2)
    good = digest(app.journal, 1)
    out = []
    for recs in ([[1, "00000000"]], [[99, good]], [[2, good]]):
        out.append(_fields(_ask(sync, "ack", {"recs": recs})[0], ["t", "freed", "left"]))
    out.append(_fields(_ask(sync, "ack", {"recs": [[1, good], [1, good]]})[0],
                       ["t", "freed", "left"]))
    return [out, app.journal.pending(), app.journal.acked()]


def _damage(app, seq, start, stop, flip):
    # A record's bytes [start:stop) zeroed (never written), or one flipped, in both
    # copies of the finished matches' log. -> the record's bytes as they now lie.
    app.journal.pending()
    for item in app.journal.held:
        if item[0] == seq:
            at, length = item[1], item[2]
    for copy in ("parlour/s0/done", "parlour/s1/done"):
        data = app.flash.files[copy]
        if flip:
            data[at + start] ^= 1
        else:
            for i in range(at + start, at + (length if stop is None else stop)):
                data[i] = 0
    return bytes(app.flash.files["parlour/s0/done"][at:at + length])


def case_wire_device_sets_damaged_records_aside_and_sends_the_rest():
    app, sync = _device(4)
    flash = app.flash
    _damage(app, 2, 20, None, True)
    cut = _damage(app, 3, len(app.journal.raw(3)) // 2, None, False)
    empty = _damage(app, 4, 0, None, False)
    got = _ask(sync, "pull", {"after": 0, "max": 16})
    again = _ask(sync, "pull", {"after": 0, "max": 16}, 2)
    return [[_fields(r, ["t", "seq", "why", "aside", "count", "bad"]) for r in got],
            [_fields(r, ["t", "seq"]) for r in again], app.journal.pending(),
            flash.read("parlour/damaged/3.json") == cut,
            flash.read("parlour/damaged/4.json") == empty == bytes(len(empty))]


def case_wire_device_sends_a_long_record_in_pieces():
    from cases_device import STUMP, boot, stump_events
    app = boot()
    app.new_match("stump", STUMP)
    for event in stump_events(40):
        app.submit(event)
    app.finish_match()
    from parlour_device.link import RX
    from parlour_device.sync import CHUNK, Sync
    sync = Sync(app, RX)
    first = sync.answer(frame.check(frame.encode(messages.message(
        "pull", 1, {"after": 0, "max": 1}))[:-1]))
    sizes = []
    sent = b""
    while first:
        sizes.append(len(first[0]))
        sent += bytes(first[0])
        first.pop(0)
    end = _drain(sync.next())
    head, line = sent.split(b"\n", 1)
    held = app.journal.raw(1)
    return [len(held) > 2 * CHUNK, max(sizes[1:]) <= CHUNK, line == held,
            frame.check(head)["size"] == len(held), frame.check(end[:-1])["t"],
            sync.sending]


def case_wire_device_never_frees_beyond_what_it_holds():
    app, sync = _device(2)
    acked = _ask(sync, "ack", {"recs": [[99, "00000000"]]})[0]
    return [_fields(acked, ["t", "freed", "left"]), app.journal.acked()]


def case_wire_device_roster_in_parts_and_settings():
    app, sync = _device(0)
    first = _ask(sync, "roster", {"names": ["Ann", "Bob"], "more": True})[0]
    held = list(app.roster)
    last = _ask(sync, "roster", {"names": ["Cy"], "more": False}, 2)[0]
    bad = _ask(sync, "settings", {"settings": {"sound": 5}}, 3)[0]
    good = _ask(sync, "settings", {"settings": {"sound": 0, "defaults": {"stump": {"target": 15}}}},
                4)[0]
    return [first["t"], held, last["t"], app.roster, _fields(bad, ["t", "code"]), good["t"],
            app.settings["sound"], app.settings["defaults"]]


def case_wire_device_refuses_what_it_cannot_read():
    app, sync = _device(1)
    out = []
    for item in ("crc", "long", {"v": 2, "n": 5, "t": "format"}, {"n": 1, "t": "hello"},
                 {"v": 2, "n": 6, "t": "pull", "after": 0},
                 {"v": 1, "n": 7, "t": "ack", "upto": 1}):
        reply = frame.check(b"".join(sync.answer(item))[:-1])
        out.append(_fields(reply, ["t", "code", "re"]))
    return [out, app.journal.pending()]


# -- bench/sync.py ----------------------------------------------------------------------
class _Wire:
    # usb_cdc.data as the link sees it, taking every byte written.
    def __init__(self):
        self.incoming = b""
        self.connected = True
        self.count = 0

    @property
    def in_waiting(self):
        return len(self.incoming)

    def read(self, n):
        data = self.incoming[:n]
        self.incoming = self.incoming[n:]
        return data

    def write(self, data):
        self.count += len(data)
        return len(data)


def bench_device(matches, turns=10, preload=True):
    # An app holding `matches` finished Stump matches, and every module a sync uses
    # compiled, so what follows measures the sync, not the compiler.
    from cases_device import STUMP, boot, stump_events
    app = boot()
    events = stump_events(turns)
    for _ in range(matches):
        app.new_match("stump", STUMP)
        for event in events:
            app.submit(event)
        app.finish_match()
    if preload:
        from parlour_device import link, sync  # noqa: F401
    return app


def bench_pull(app, batches):
    # Fuel of every pass of the link that sends a record (runner.emit: REC fuel),
    # over `batches` pulls of 16, each acknowledged.
    import runner
    from parlour_device.link import Link
    from parlour_device.records import digest
    wire = _Wire()
    link = Link(wire)
    overhead = runner.calibrate()
    after = 0
    for n in range(batches):
        wire.incoming = frame.encode(messages.message("pull", 2 * n + 1, {"after": after,
                                                                         "max": 16}))
        while True:
            before = wire.count
            start = runner.fuel_left()
            link.poll(app)
            used = start - runner.fuel_left() - overhead
            if link.sync is not None and not link.sync.sending and wire.count > before:
                break       # the batch's end frame
            runner.emit("REC\t%d\t%d" % (used, wire.count - before))
        after = link.sync.last
        recs = []
        for seq in app.journal.pending():
            if seq <= after and len(recs) < messages.ACK_MAX:
                recs.append([seq, digest(app.journal, seq)])
        wire.incoming = frame.encode(messages.message("ack", 2 * n + 2, {"recs": recs}))
        link.poll(app)
    return link


def bench_sync_held(app):
    # What a sync leaves on the heap: the link and handler after a pull and an ack.
    from parlour_device.link import Link
    from parlour_device.records import digest
    wire = _Wire()
    link = Link(wire)
    wire.incoming = frame.encode(messages.message("hello", 1))
    link.poll(app)
    wire.incoming = frame.encode(messages.message("pull", 2, {"after": 0, "max": 16}))
    for _ in range(20):
        link.poll(app)
    recs = []
    for seq in app.journal.pending():
        if seq <= link.sync.last and len(recs) < messages.ACK_MAX:
            recs.append([seq, digest(app.journal, seq)])
    wire.incoming = frame.encode(messages.message("ack", 3, {"recs": recs}))
    link.poll(app)
    return link

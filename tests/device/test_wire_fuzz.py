"""Random and mutated frames into the decoder and into the device's handler: they
never raise, never block, keep their buffers bounded, and answer or ignore."""

import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from devicewire import device
from parlour_wire import frame, messages

KINDS = sorted(messages.REQUESTS) + ["reboot", ""]
VALUES = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) |
                      st.text(max_size=30), lambda inner: st.lists(inner, max_size=4) |
                      st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=10)


@st.composite
def requests(draw):
    body = {"v": draw(st.sampled_from([2, 2, 2, 0, 1, 3, "2"])), "n": draw(st.integers(0, 99)),
            "t": draw(st.sampled_from(KINDS))}
    for name in draw(st.lists(st.sampled_from(["after", "max", "upto", "recs", "names", "more",
                                               "settings", "now"]), max_size=4)):
        body[name] = draw(VALUES)
    if body["t"] == "ack" and draw(st.booleans()):     # well formed, digests guessed
        body["recs"] = draw(st.lists(st.tuples(st.integers(0, 3), st.sampled_from(
            ["00000000", "deadbeef", "1234567"])).map(list), max_size=3))
    return frame.encode(body)


@st.composite
def mutated(draw):
    line = bytearray(draw(requests()))
    for _ in range(draw(st.integers(0, 3))):
        op = draw(st.sampled_from(["flip", "drop", "insert", "cut"]))
        if not line:
            break
        i = draw(st.integers(0, len(line) - 1))
        if op == "flip":
            line[i] ^= 1 << draw(st.integers(0, 7))
        elif op == "drop":
            del line[i]
        elif op == "insert":
            line.insert(i, draw(st.integers(0, 255)))
        else:
            line = line[:i]
    return bytes(line)


streams = st.lists(st.binary(max_size=80) | requests() | mutated(), max_size=12)


@settings(max_examples=150, deadline=None)
@given(streams, st.integers(2, 50))
def test_the_decoder_never_raises_and_stays_bounded(chunks, cut):
    d = frame.Decoder(120)
    data = b"".join(chunks)
    for start in range(0, len(data), cut):
        for item in d.feed(data[start:start + cut]):
            assert isinstance(item, dict | bytes) or item in (frame.LONG, frame.CRC, frame.JSON)
        assert len(d.buffer) <= 120


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(streams)
def test_the_device_handler_never_raises_never_blocks_and_frees_only_on_a_true_ack(chunks):
    app, wire, link = device(matches=2)
    before = app.journal.pending()
    lines = 0
    for chunk in chunks:
        wire.incoming += chunk
        lines += chunk.count(b"\n")
        for _ in range(40):
            started = time.monotonic()
            link.poll(app)
            assert time.monotonic() - started < 0.5
    replies = frame.Decoder(1 << 20).feed(wire.written)
    assert len(replies) <= lines + 2 * 16 + 4      # at most an answer a line, a batch a pull
    acked = [r for r in replies if isinstance(r, dict) and r.get("t") == "acked"]
    if not acked:
        assert app.journal.pending() == before

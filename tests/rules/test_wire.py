"""parlour_wire on CPython: golden frames, byte for byte, the decoder fed in every
possible cut, and the journal's lines unchanged by the move of the codec."""

import json

import pytest

from parlour_device.journal import UNDO_LINE
from parlour_device.twin import decode as journal_decode
from parlour_device.twin import encode_event
from parlour_wire import PROTOCOL, frame, messages

# An annotated session (docs/protocol.md shows the same frames): CRC-32 of the body
# as 8 hex digits, a space, the JSON body, a newline.
GOLDEN = [
    # laptop: hello, request 1
    b'aadd791b {"v": 2, "n": 1, "t": "hello"}\n',
    # laptop: pull the records after 0, at most 16
    b'02368c9f {"v": 2, "n": 3, "t": "pull", "after": 0, "max": 16}\n',
    # laptop: free records 1 and 2, each named with the digest of the line stored
    b'290ce1bc {"v": 2, "n": 4, "t": "ack", "recs": [[1, "db524615"], [2, "8770ae6e"]]}\n',
]


@pytest.mark.parametrize("line", GOLDEN)
def test_golden_frames_check_and_encode_back_byte_for_byte(line):
    body = frame.check(line[:-1])
    assert isinstance(body, dict) and body["v"] == PROTOCOL
    assert frame.encode(body) == line


def test_the_journal_lines_are_the_wire_codec_unchanged():
    # The journal's on-disk format predates the move: its lines are still these bytes.
    assert UNDO_LINE == b'21a0a504 {"k": "u"}\n'
    event = {"t": "discard", "card": 7}
    assert encode_event(event) == frame.encode({"k": "e", "e": event})
    records, good = journal_decode(encode_event(event) + frame.encode({"no": "k"}))
    assert records == [{"k": "e", "e": event}] and good == len(encode_event(event))


def test_decoder_gives_the_same_frames_however_the_bytes_are_cut():
    stream = b"".join(frame.encode(messages.message("ack", n, {"upto": n})) for n in range(5))
    for cut in range(1, len(stream)):
        d = frame.Decoder(200)
        items = d.feed(stream[:cut]) + d.feed(stream[cut:])
        assert [i["upto"] for i in items] == list(range(5))
        assert d.buffer == b""


def test_decoder_refuses_a_long_line_once_and_takes_the_next_whole():
    d = frame.Decoder(64)
    good = frame.encode({"t": "hello", "v": 1, "n": 2})
    out = []
    for piece in [b"A" * 30] * 10 + [b"\n" + good]:
        out += d.feed(piece)
    assert out == [frame.LONG, {"t": "hello", "v": 1, "n": 2}]


def test_decoder_refuses_a_corrupted_frame_and_keeps_its_neighbours():
    a, b, c = (frame.encode({"n": n}) for n in range(3))
    damaged = b[:10] + bytes([b[10] ^ 0x20]) + b[11:]
    assert frame.Decoder(100).feed(a + damaged + c) == [{"n": 0}, frame.CRC, {"n": 2}]


def test_parts_checksum_equals_the_joined_body():
    stored = json.dumps({"seq": 4, "record": {"events": [1, 2, 3]}}).encode()
    pieces = frame.parts([b'{"v": 1, "n": 9, "t": "rec", "re": 3, "seq": 4, "m": ', stored, b"}"])
    line = b"".join(pieces)
    body = frame.check(line[:-1])
    assert body["m"] == json.loads(stored) and line.endswith(b"}\n")
    assert pieces[1] is stored                     # the stored bytes were not copied


def test_an_ack_names_records_by_number_and_digest_and_nothing_else():
    def check(recs):
        return messages.check_request(messages.message("ack", 1, {"recs": recs}))

    assert check([[1, "db524615"], [2, "8770ae6e"]]) is None and check([]) is None
    for bad in ([1], [[1]], [["1", "db524615"]], [[1, "db52461"]], [[1, 0xdb524615]],
                [[1, "db524615", 3]], [[n, "db524615"] for n in range(messages.ACK_MAX + 1)]):
        assert check(bad) == "fields", bad
    assert messages.check_request({"v": 1, "n": 1, "t": "ack", "upto": 2}) == "old"


def test_every_request_type_is_checked_for_its_fields():
    for kind, fields in messages.REQUESTS.items():
        good = {name: {int: 1, list: [], bool: False, dict: {}}[t] for name, t in fields}
        assert messages.check_request(messages.message(kind, 1, good)) is None
        for name, _ in fields:
            broken = dict(good, **{name: "wrong"})
            assert messages.check_request(messages.message(kind, 1, broken)) == "fields"
    too_many = {"names": ["N%d" % i for i in range(33)], "more": False}
    assert messages.check_request(messages.message("roster", 1, too_many)) == "roster"

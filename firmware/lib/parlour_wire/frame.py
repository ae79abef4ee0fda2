# One record a line:  <crc32 of the body, 8 hex digits> <JSON body>\n
# The journal writes its entries this way and the link sends its messages this way,
# so a torn entry and a corrupted frame are caught by the same check. No I/O here:
# encode() makes a line, Decoder.feed() takes bytes as they come and gives back
# whole lines, checked.
import json
from binascii import crc32

try:
    from typing import Any, Union
except ImportError:
    pass

HEAD = 9            # "%08x " before the body
# Why a line was refused (Decoder.feed gives these in place of a record).
LONG = "long"       # longer than the decoder takes: skipped up to the next newline
CRC = "crc"         # no CRC head, or the body does not match it
JSON = "json"       # the body is no JSON object


def encode(record: "dict[str, Any]") -> bytes:
    body = json.dumps(record)
    return ("%08x %s\n" % (crc32(body.encode()) & 0xFFFFFFFF, body)).encode()


def parts(pieces: "list[bytes]") -> "list[bytes]":
    # The line whose body is the pieces joined, as pieces: the CRC runs over each in
    # turn, so a body already held as bytes (a stored match) is never copied.
    crc = 0
    for piece in pieces:
        crc = crc32(piece, crc)
    out = list(pieces)
    out[0] = b"%08x " % (crc & 0xFFFFFFFF) + out[0]
    out[-1] = out[-1] + b"\n"
    return out


def check(line: bytes) -> "Union[dict[str, Any], str]":
    # A line without its newline -> its record, or why it is refused (CRC, JSON).
    if len(line) < HEAD + 2 or line[8:9] != b" ":
        return CRC
    try:
        crc = int(line[:8].decode(), 16)
    except (ValueError, UnicodeError):
        return CRC
    body = line[HEAD:]
    if crc32(body) & 0xFFFFFFFF != crc:
        return CRC
    try:
        record = json.loads(body.decode())
    except (ValueError, UnicodeError):
        return JSON
    if type(record) is not dict:
        return JSON
    return record


def decode(data: bytes, need: str = "") -> "tuple[list[dict[str, Any]], int]":
    # A whole file of lines -> (records, good_bytes): the records before the first
    # bad or torn line (the journal at boot). With `need`, a record without that
    # field as text counts as bad too.
    records = []
    good = 0
    size = len(data)
    while good < size:
        end = data.find(b"\n", good)
        if end < 0:
            break
        record = check(data[good:end])
        if type(record) is not dict or (need and type(record.get(need)) is not str):
            break
        records.append(record)
        good = end + 1
    return records, good


class Decoder:
    # Fed bytes as they arrive, gives back one item per whole line: a record (a
    # dict), a reason (a str: LONG, CRC, JSON) for a line refused, or the line itself
    # (bytes) when it has no frame head at all (a person typing `status`). After a
    # refusal it starts again at the next newline, so one bad frame costs one frame.
    def __init__(self, limit: int) -> None:
        self.limit = limit          # the longest line taken, newline excluded
        self.buffer = b""
        self.skipping = False       # inside a line too long to take

    def feed(self, data: bytes) -> "list[Any]":
        out: "list[Any]" = []
        buffer = self.buffer + data if self.buffer else data
        start = 0
        size = len(buffer)
        while start < size:
            end = buffer.find(b"\n", start)
            if end < 0:
                break
            if self.skipping:
                self.skipping = False
            elif end - start > self.limit:
                out.append(LONG)
            else:
                out.append(self._item(buffer[start:end]))
            start = end + 1
        rest = buffer[start:] if start else buffer
        if len(rest) > self.limit:
            if not self.skipping:
                out.append(LONG)
                self.skipping = True
            rest = b""
        self.buffer = rest
        return out

    def _item(self, line: bytes) -> "Any":
        if line[-1:] == b"\r":
            line = line[:-1]
        if len(line) < HEAD or line[8:9] != b" ":
            return line.strip()
        return check(line)

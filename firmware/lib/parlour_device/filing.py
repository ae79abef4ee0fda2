# Filing a finished match, in pieces: loaded only when a match is filed, so the
# board holds none of it while a match is played.
import json
from binascii import crc32

from .reader import Reader
from .twin import CHUNK, ENOSPC, EROFS, SLOT, Twin

try:
    from typing import TYPE_CHECKING, Any
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    pass


def pad_line(record: "dict[str, Any]", seed: int, size: int) -> bytes:
    # A record line of `size` bytes (spaces before the newline), if it fits.
    body = json.dumps(record).encode()
    body = body + b" " * (size - 10 - len(body))
    return b"%08x " % (crc32(body, seed) & 0xFFFFFFFF) + body + b"\n"


def dump(value: Any, out: Any) -> None:
    # json.dumps(value) written to out in pieces, byte for byte the same (a dict in
    # its own order, the same separators): a whole match is never one string.
    t = type(value)
    if t is dict:
        out.write(b"{")
        first = True
        for key in value:
            if not first:
                out.write(b", ")
            first = False
            out.write(json.dumps(key))
            out.write(b": ")
            dump(value[key], out)
        out.write(b"}")
    elif t is str or t is int or t is bool or value is None:    # (a record has no floats)
        out.write(json.dumps(value))
    else:
        # a list, a tuple, or the journal's Entries (by what it does, not by its
        # class: a test's second import of the journal makes another class)
        out.write(b"[")
        first = True
        for item in value:
            if not first:
                out.write(b", ")
            first = False
            dump(item, out)
        out.write(b"]")


class Body:
    # Passes a line's body on to the payload, its CRC counted on the way.
    def __init__(self, out: Any) -> None:
        self.out = out
        self.crc = 0

    def write(self, data: Any) -> None:
        if type(data) is str:
            data = data.encode()
        self.crc = crc32(data, self.crc)
        self.out.write(data)


class Record:
    # A finished match's record written as one CRC'd line, in pieces.
    def __init__(self, kept: "dict[str, Any]") -> None:
        self.kept = kept

    def write(self, stream: Any) -> None:
        stream.write(b"00000000 ")
        body = Body(stream)
        dump(self.kept, body)
        stream.write(b"\n")
        stream.patch(0, b"%08x" % (body.crc & 0xFFFFFFFF))


def payload(log: Twin, record: "dict[str, Any]", write: Any) -> int:
    # A record with a payload that write(stream) makes in pieces: the payload goes
    # first, its record line (which says its length and CRC, read back from the
    # flash) last, so a cut before the line leaves no record. -> its offset.
    if not log.writable:
        raise OSError(EROFS)
    if not log.ready:
        from .mend import recover
        recover(log)
    room = log.size - log.end - SLOT
    if room <= 0:
        raise OSError(ENOSPC)
    at = log.end + SLOT
    count = 0
    for copy in (0, 1):
        stream = Stream(log.flash.open_at(log.path(copy), at), at, room)
        try:
            write(stream)
            stream.flush()
        finally:
            stream.close()
        count = stream.count
        record["len"] = count
        reader = Reader(log.flash, log.path(copy), log.size)
        try:
            record["crc"] = reader.crc(at, count)
        finally:
            reader.close()
        head = pad_line(record, log.gen, SLOT)
        if len(head) != SLOT:
            raise OSError(ENOSPC)
        log.write_at(copy, log.end, head)
    log.end = at + count
    return at


class Stream:
    # What a payload is written to, in pieces: bytes to the file through a small
    # buffer, counted.
    def __init__(self, out: Any, base: int, room: int) -> None:
        self.out = out
        self.base = base
        self.room = room
        self.count = 0
        self.buf = bytearray()

    def write(self, data: Any) -> int:
        if type(data) is str:
            data = data.encode()
        if self.count + len(data) > self.room:
            raise OSError(ENOSPC)
        self.buf.extend(data)
        self.count += len(data)
        if len(self.buf) >= CHUNK:
            self.flush()
        return len(data)

    def flush(self) -> None:
        if self.buf:
            self.out.write(self.buf)
            self.buf = bytearray()

    def patch(self, pos: int, data: bytes) -> None:
        # Bytes of this payload written again at `pos` (a CRC known only at the end).
        self.flush()
        self.out.seek(self.base + pos)
        self.out.write(data)
        self.out.seek(self.base + self.count)

    def close(self) -> None:
        self.out.close()

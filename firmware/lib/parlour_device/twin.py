# Logs kept twice, in files whose size never changes, so a power cut can take at
# most one copy of anything.
#
# On the RP2040 every file close erases and programs a whole 4 KB flash sector (the
# file's data, then its directory entry); a cut during that program can leave the
# sector erased or half written, whatever else it holds. So: the files are made once,
# at their full size, and then only written in place (no cluster is ever allocated
# or freed again: the FAT and sector 0 are not written during play); each log has
# two copies, parlour/s0/<name> and parlour/s1/<name>, in directories of their own,
# made one after the other with 4 KB of padding around each copy, so no sector holds
# parts of both; and every change is written to copy 0, closed, then to copy 1. A cut
# damages the one sector being programmed: in one copy only, and the other holds
# everything up to the change being written. Boot reads both, takes the better and
# writes it over the other.
#
# A copy: a head line "<crc32> <JSON>\n" whose record has the generation "g", then
# record lines whose CRC is seeded with g (so lines a former generation left further
# on never pass as this one's), each optionally followed by a payload of "len"
# bytes whose CRC is "crc" (a finished match, as the wire sends it). The better
# copy: the higher generation, then fewer damaged payloads, then more valid bytes.
import json
from binascii import crc32

from parlour_wire.frame import check
from parlour_wire.frame import decode as _decode

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import Any, Optional
except ImportError:
    pass

try:
    from io import BytesIO as _BytesIO
    BytesIO: "Any" = _BytesIO
except ImportError:     # a build without io: entries go through a str
    BytesIO = None

DIR = "parlour"
COPIES = ("parlour/s0", "parlour/s1")
PAD = 4096          # an erase sector: keeps each copy's sectors its own
CHUNK = 256         # bytes a read takes (a head line, a few entry lines)
LINE_MAX = 2048     # a record line longer than this is damage
SLOT = 96           # a payload's record line, padded: the payload goes first
HEX = b"0123456789abcdef"
ENOSPC = 28
EROFS = 30
EIO = 5
# Each copy of the settings and roster (prefs.py): one head line of at most
# LINE_MAX bytes at its start; the rest keeps the sectors a save programs in one
# copy clear of the other copy's, wherever the two files were placed.
PREFS_SIZE = 8192
# The error log (errlog.py): made with the store at its full size in a folder of
# its own, and written in place, so a note rewrites neither the FAT nor the folder
# that lists the copies.
ERRORS = "parlour/log/errors.log"
ERRORS_SIZE = 4096
# The files of the layout before the two-copy store: boot (mend.py) looks for them,
# migrate.py moves them in once, identity.py keeps the identity the old one had.
OLD_LIVE = "parlour/live.jnl"
OLD_DONE = "parlour/done"
OLD_ACKED = "parlour/acked"
OLD_KEPT = "parlour/kept"       # kept matches, a file each: <number>-<game>.jnl
OLD_STORE = "parlour/store"     # the identity as protocol 2's first firmware kept it


def line(record: "dict[str, Any]", seed: int) -> bytes:
    body = json.dumps(record).encode()
    return b"%08x " % (crc32(body, seed) & 0xFFFFFFFF) + body + b"\n"


def read_line(data: bytes, seed: int) -> Any:
    # A line without its newline -> its record, or None.
    if len(data) < 11 or data[8:9] != b" ":
        return None
    try:
        crc = int(data[:8].decode(), 16)
    except (ValueError, UnicodeError):
        return None
    body = data[9:]
    if crc32(body, seed) & 0xFFFFFFFF != crc:
        return None
    try:
        record = json.loads(body.decode())
    except (ValueError, UnicodeError):
        return None
    return record if type(record) is dict else None


# The lines of the live log's entries (journal.py writes them, boot re-reads them in
# mend.py) and a finished match's stored line.
def _dump_writes_bytes() -> bool:
    if BytesIO is None:
        return False
    stream = BytesIO()     # typeshed's json.dump writes str, as CPython's does
    try:
        json.dump(0, stream)
    except TypeError:
        return False
    return True


# MicroPython's json.dump writes the encoding straight into a byte stream, so an
# entry's line never exists as a str: a new str is first looked up among every
# interned string, which is what costs most on the board.
_DUMP_BYTES = _dump_writes_bytes()


def encode_event(event: dict[str, Any], seed: int = 0) -> bytes:
    # line({"k": "e", "e": event}, seed), byte for byte, with one JSON encoding
    # (the event's) instead of the wrapper's: this runs on every accepted entry.
    body: bytes
    if _DUMP_BYTES:
        out = BytesIO()
        out.write(b'{"k": "e", "e": ')
        json.dump(event, out)
        out.write(b"}")
        body = out.getvalue()
    else:
        body = b'{"k": "e", "e": ' + json.dumps(event).encode() + b"}"
    return b"%08x " % (crc32(body, seed) & 0xFFFFFFFF) + body + b"\n"


def decode(data: bytes) -> tuple[list[dict[str, Any]], int]:
    # -> (records, good_bytes): the records before the first bad or torn line.
    return _decode(data, "k")


def stored(data: bytes) -> Any:
    # A finished match's file: one CRC'd line (None when damaged), or plain JSON as
    # firmware before the sync protocol wrote it.
    if data[8:9] == b" ":
        record = check(data.rstrip(b"\n"))
        return record if type(record) is dict else None
    return json.loads(data)


_PART = const(64)    # 256 bytes of entry offsets a part


def add_start(parts: "list[list[int]]", at: int) -> None:
    # Where each standing entry's line begins, kept in lists of at most _PART: one
    # list that grows asks for a block twice its size (2 KB at 512 entries), which
    # the fragmented heap of a long match may not have.
    if not parts or len(parts[-1]) == _PART:
        parts.append([])
    parts[-1].append(at)


def drop_start(parts: "list[list[int]]") -> None:
    part = parts[-1]
    part.pop()
    if not part:
        parts.pop()


class Twin:
    # False in maintenance mode (Journal): nothing is made, mended or written. A
    # class default: a slot in every log's own dict costs heap.
    writable = True

    def __init__(self, flash: Any, name: str, size: int) -> None:
        self.flash = flash
        self.name = name
        self.size = size
        self.gen = 0
        self.head: "dict[str, Any]" = {}
        self.end = 0        # the valid bytes, both copies (after recover)
        self.best = 0       # the copy read from (the other may await repair)
        self.ready = False  # recovered: the generation and the end are known
        self.store: "Optional[list[Twin]]" = None     # every log of the store, made on first read

    def path(self, copy: int) -> str:
        return COPIES[copy] + "/" + self.name

    def read(self, pos: int, count: int) -> "Optional[bytes]":
        data: "Optional[bytes]" = self.flash.read_at(self.path(self.best), pos, count)
        return data

    # -- writing: copy 0 whole, then copy 1 ----------------------------------------------
    def reset(self, head: "dict[str, Any]") -> None:
        # A new generation: the head alone, the records of the last one left behind.
        # Only once both copies were read (mend.recover): written before, it would
        # start over a log whose generation and end it does not know.
        if not self.ready:
            raise OSError(EIO)
        self.gen = self.gen + 1
        record = dict(head)
        record["g"] = self.gen
        first = line(record, 0)
        if len(first) > LINE_MAX:
            raise OSError(ENOSPC)
        for copy in (0, 1):
            self.write_at(copy, 0, first)
        self.best = 0
        self.head = record
        self.end = len(first)

    def append(self, data: bytes) -> None:
        # Record lines made with self.line(), written whole.
        if not self.ready:
            raise OSError(EIO)
        if self.end + len(data) > self.size:
            raise OSError(ENOSPC)
        for copy in (0, 1):
            self.write_at(copy, self.end, data)
        self.end += len(data)

    def line(self, record: "dict[str, Any]") -> bytes:
        return line(record, self.gen)

    def write_at(self, copy: int, pos: int, data: bytes) -> None:
        if not self.writable:
            raise OSError(EROFS)
        out = self.flash.open_at(self.path(copy), pos)
        try:
            written = out.write(data)
        finally:
            out.close()
        if written is not None and written != len(data):
            raise OSError(ENOSPC)


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
# copy: the higher generation, then the more valid bytes.
import json
from binascii import crc32

try:
    from typing import Any, Optional
except ImportError:
    pass

DIR = "parlour"
COPIES = ("parlour/s0", "parlour/s1")
PAD = 4096          # an erase sector: keeps each copy's sectors its own
CHUNK = 512
LINE_MAX = 2048     # a record line longer than this is damage
SLOT = 96           # a payload's record line, padded: the payload goes first
HEX = b"0123456789abcdef"
ENOSPC = 28
EIO = 5


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


class Reader:
    # One copy read a line at a time, CHUNK bytes at a time (no file-sized buffer),
    # through one open file.
    def __init__(self, flash: Any, name: str, size: int) -> None:
        self.file = flash.open_read(name)
        self.size = size
        self.buf = b""
        self.at = 0         # file offset of buf[0]

    def read_at(self, pos: int, count: int) -> bytes:
        if self.file is None:
            return b""
        self.file.seek(pos)
        data: bytes = self.file.read(count)
        return data

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def line(self, pos: int) -> "Optional[bytes]":
        # The line starting at `pos` without its newline, or None. Bytes that cannot
        # begin a line (the zeros of a file never written, an erased sector's 0xff)
        # end it without reading further.
        while True:
            start = pos - self.at
            if 0 <= start < len(self.buf) and self.buf[start:start + 1] not in HEX:
                return None
            if 0 <= start <= len(self.buf):
                end = self.buf.find(b"\n", start)
                if end >= 0:
                    return self.buf[start:end]
                if len(self.buf) - start >= LINE_MAX:
                    return None
                keep = self.buf[start:]
            else:
                keep = b""
            at = pos + len(keep)
            if at >= self.size:
                return None
            more = self.read_at(at, CHUNK)
            if not more:
                return None
            self.buf = keep + more
            self.at = pos

    def crc(self, pos: int, count: int) -> int:
        crc = 0
        while count > 0:
            part = self.read_at(pos, CHUNK if count > CHUNK else count)
            if not part:
                return -1
            crc = crc32(part, crc)
            pos += len(part)
            count -= len(part)
        return crc & 0xFFFFFFFF


class Twin:
    def __init__(self, flash: Any, name: str, size: int) -> None:
        self.flash = flash
        self.name = name
        self.size = size
        self.gen = 0
        self.head: "dict[str, Any]" = {}
        self.start = 0      # where the records begin (after the head line)
        self.end = 0        # the valid bytes, both copies (after recover)
        self.best = 0       # the copy read from (the other may await repair)
        self.ready = False  # recovered: the generation and the end are known

    def path(self, copy: int) -> str:
        return COPIES[copy] + "/" + self.name

    # -- reading -------------------------------------------------------------------
    def scan(self, copy: int, visit: Any = None) -> "tuple[int, Any, int, int, int]":
        # One copy -> (generation, head, records' start, valid end, damaged payloads);
        # generation -1 when its head is gone. visit(record, payload offset) for each
        # record; a payload that fails its CRC is passed over (the record says where
        # the next begins), and visited all the same: its reader finds the damage.
        size = self.flash.length(self.path(copy))
        if size != self.size:
            return -1, None, 0, 0, 0
        reader = Reader(self.flash, self.path(copy), size)
        try:
            return self._scan(reader, size, visit)
        finally:
            reader.close()

    def _scan(self, reader: Reader, size: int, visit: Any) -> "tuple[int, Any, int, int, int]":
        first = reader.line(0)
        if first is None:
            return -1, None, 0, 0, 0
        head = read_line(first, 0)
        if head is None or type(head.get("g")) is not int:
            return -1, None, 0, 0, 0
        gen = head["g"]
        bad = 0
        start = pos = len(first) + 1
        while True:
            text = reader.line(pos)
            if text is None:
                break
            record = read_line(text, gen)
            if record is None:
                break
            at = pos + len(text) + 1
            count = record.get("len")
            if count is not None:
                if type(count) is not int or count < 0 or at + count > size:
                    break
                if reader.crc(at, count) != record.get("crc"):
                    bad += 1
            if visit is not None:
                visit(record, at)
            pos = at + (count or 0)
        return gen, head, start, pos, bad

    def recover(self, visit: Any = None) -> None:
        # Both copies read; the better one is kept (visit() sees its records) and
        # written over the other where they differ.
        self.ready = True
        # Copy 0's records are kept as it is read: it is the better one but after
        # a cut, so copy 1 is read again only then.
        seen: list[Any] = []

        def keep(record: "dict[str, Any]", at: int) -> None:
            seen.append((record, at))

        got0 = self.scan(0, keep if visit is not None else None)
        got1 = self.scan(1)
        best = 0 if (got0[0], got0[3], -got0[4]) >= (got1[0], got1[3], -got1[4]) else 1
        got = got0 if best == 0 else got1
        other = got1 if best == 0 else got0
        if got[0] < 0:
            self.reset({})          # neither copy has a head: a new, empty log
            return
        self.gen, self.head, self.start, self.end = got[0], got[1], got[2], got[3]
        self.best = best
        if other != got:
            try:
                self._copy(best, 1 - best, got[3])
                self.best = 0
            except OSError:     # read-only (maintenance): repaired at the next boot
                pass
        if visit is None:
            return
        if best == 0:
            for record, at in seen:
                visit(record, at)
        else:
            seen = []
            self.scan(1, visit)

    def _copy(self, src: int, dst: int, count: int) -> None:
        flash = self.flash
        if flash.length(self.path(dst)) != self.size:
            make_copy(flash, dst, self.name, self.size)
        out = flash.open_at(self.path(dst), 0)
        try:
            at = 0
            while at < count:
                part = flash.read_at(self.path(src), at, CHUNK if count - at > CHUNK else count - at)
                if not part:
                    raise OSError(EIO)
                out.write(part)
                at += len(part)
        finally:
            out.close()

    def read(self, pos: int, count: int) -> "Optional[bytes]":
        data: "Optional[bytes]" = self.flash.read_at(self.path(self.best), pos, count)
        return data

    # -- writing: copy 0 whole, then copy 1 ----------------------------------------------
    def reset(self, head: "dict[str, Any]") -> None:
        # A new generation: the head alone, the records of the last one left behind.
        if not self.ready:
            self.recover()
        self.gen = self.gen + 1
        record = dict(head)
        record["g"] = self.gen
        first = line(record, 0)
        if len(first) > LINE_MAX:
            raise OSError(ENOSPC)
        for copy in (0, 1):
            self._put(copy, 0, first)
        self.best = 0
        self.head = record
        self.start = self.end = len(first)

    def append(self, data: bytes) -> None:
        # Record lines made with self.line(), written whole.
        if not self.ready:
            self.recover()
        if self.end + len(data) > self.size:
            raise OSError(ENOSPC)
        for copy in (0, 1):
            self._put(copy, self.end, data)
        self.end += len(data)

    def line(self, record: "dict[str, Any]") -> bytes:
        return line(record, self.gen)

    def _put(self, copy: int, pos: int, data: bytes) -> None:
        out = self.flash.open_at(self.path(copy), pos)
        try:
            written = out.write(data)
        finally:
            out.close()
        if written is not None and written != len(data):
            raise OSError(ENOSPC)

def make_copy(flash: Any, copy: int, name: str, size: int) -> None:
    flash.mkdir(COPIES[copy])
    flash.fill(COPIES[copy] + "/" + name, size)


def make_store(flash: Any, files: "list[tuple[str, int]]") -> None:
    # The two copies, each file at its size, in the order that keeps them apart:
    # padding, copy 0's folder and files, padding, copy 1's, padding.
    flash.mkdir(DIR)
    if flash.length(DIR + "/pad") != PAD:
        flash.fill(DIR + "/pad", PAD)
    for copy in (0, 1):
        for name, size in files:
            if flash.length(COPIES[copy] + "/" + name) != size:
                make_copy(flash, copy, name, size)
        if flash.length(COPIES[copy] + "/pad") != PAD:
            flash.fill(COPIES[copy] + "/pad", PAD)

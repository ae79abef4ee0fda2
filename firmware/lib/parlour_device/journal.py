# The power-safe journal. The live match is an append-only file of lines
#     <crc32 as 8 hex digits> <JSON record>\n
# one per accepted event (and one per undo), written before the screen confirms.
# A line cut short by a power loss fails its CRC (or has no newline) and is
# dropped at boot with everything after it, so at most the event being written
# is lost. Finished matches move to parlour/done/<seq>.json, one CRC'd line of the
# same kind (written to a .tmp and renamed; the link sends it as it is), and stay
# there until the laptop acknowledges them.
# The match counter lives in microcontroller.nvm (4 KB; written once per match).
import json
import os
import time
from binascii import crc32

from parlour_wire.frame import check
from parlour_wire.frame import decode as _decode
from parlour_wire.frame import encode as encode  # the journal's line, for its callers

from .flash import read_replaced, replace

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
LIVE = "parlour/live.jnl"
LIVE_TMP = LIVE + ".tmp"      # flash.replace()'s own
DONE = "parlour/done"
KEPT = "parlour/kept"       # matches kept for later: <n>-<game>.jnl (suspend.py)
ACKED = "parlour/acked"     # the highest match number the laptop has acknowledged
EIO = 5
NVM_MAGIC = b"PRL1"
NVM_FLAGS = 4
NVM_SEQ = 8
FLAG_MAINTENANCE = 1


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


def encode_event(event: dict[str, Any]) -> bytes:
    # encode({"k": "e", "e": event}), byte for byte, with one JSON encoding (the
    # event's) instead of the wrapper's: this runs on every accepted entry.
    body: bytes
    if _DUMP_BYTES:
        out = BytesIO()
        out.write(b'{"k": "e", "e": ')
        json.dump(event, out)
        out.write(b"}")
        body = out.getvalue()
    else:
        body = b'{"k": "e", "e": ' + json.dumps(event).encode() + b"}"
    return b"%08x " % (crc32(body) & 0xFFFFFFFF) + body + b"\n"


UNDO_LINE = encode({"k": "u"})


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


def uptime_ms() -> int:
    # Milliseconds since power-up (CircuitPython and CPython have monotonic_ns;
    # MicroPython builds without it have ticks_ms).
    try:
        return time.monotonic_ns() // 1000000
    except AttributeError:
        ticks: int = time.ticks_ms()  # type: ignore[attr-defined]
        return ticks


def boot_id() -> int:
    # Tells one power-up from the next, so an uptime is read against the right boot.
    try:
        return int.from_bytes(os.urandom(3), "little")
    except (AttributeError, NotImplementedError, OSError):
        return uptime_ms() & 0xFFFFFF


class Journal:
    # False in maintenance mode (the drive is the computer's until the next reset):
    # the live match is read as it is, and any repair waits for a boot that may
    # write. A class default: one slot more in every journal's own dict costs heap.
    writable = True

    def __init__(self, flash: Any, nvm: Any = None, writable: bool = True) -> None:
        self.flash = flash
        self.nvm = nvm
        if not writable:
            self.writable = False
        self.live_seq = 0
        # The live file's length as written whole, and whether a write since failed
        # (a full drive can leave part of a line behind it).
        self.size = 0
        self.torn = False
        # The device has no clock: a boot's id and the laptop's wall clock minus the
        # uptime (ms), once a sync has said what time it is.
        self.boot = boot_id()
        self.offset: "Optional[int]" = None
        self.kept: list[tuple[int, str]] = []   # (number, game) kept for later, newest first
        flash.mkdir(DIR)
        flash.mkdir(DONE)
        flash.mkdir(KEPT)

    # -- boot ------------------------------------------------------------------
    def recover(self) -> tuple[list[dict[str, Any]], int]:
        # -> (records of the live match, bytes dropped from a bad tail).
        flash = self.flash
        for folder in (DONE, KEPT):
            for name in flash.listdir(folder):  # order-free
                if name.endswith(".tmp"):
                    flash.remove(folder + "/" + name)
        kept = self.kept = self.list_kept()
        data = flash.read(LIVE)
        if data is None:
            data = flash.read(LIVE_TMP)
            if data is not None and self.writable:
                flash.rename(LIVE_TMP, LIVE)
        else:
            flash.remove(LIVE_TMP)
        self.live_seq = 0
        self._whole_at(0)
        if data is None:
            return [], 0
        records, good = decode(data)
        dropped = len(data) - good
        seq = records[0].get("n") if records else None
        if not records or records[0].get("k") != "m" or type(seq) is not int:
            self.flash.remove(LIVE)
            return [], len(data)
        if self.archived(seq) or _has(kept, seq) or _has(kept, records[0].get("from")):
            # The match was archived or kept for later and the power went before the
            # live file did; or it was being resumed and the power went before its
            # kept copy did (nothing is entered while both exist).
            self.flash.remove(LIVE)
            return [], 0
        if dropped:
            self.keep(data[:good])
        else:
            self._whole_at(good)
        self.live_seq = seq
        return records, dropped

    def keep(self, good: bytes) -> None:
        # Rewrite the live file as its good prefix (a bad tail must not stay in
        # front of the next appends). Read-only: the next writable boot does it.
        if not self.writable:
            return
        replace(self.flash, LIVE, good)
        self._whole_at(len(good))

    def _whole_at(self, size: int) -> None:
        # The live file is `size` bytes, every one written whole.
        self.size = size
        self.torn = False

    # -- the live match -----------------------------------------------------------
    def begin(self, game: str, config: dict[str, Any]) -> int:
        seq = self.next_seq()
        head = encode({"k": "m", "n": seq, "game": game, "config": config})
        self.flash.write(LIVE, head)
        self._whole_at(len(head))
        self.live_seq = seq
        return seq

    def event(self, event: dict[str, Any]) -> None:
        self._append(encode_event(event))

    def undo(self) -> None:
        self._append(UNDO_LINE)

    def _append(self, line: bytes) -> None:
        # After a failed write the file is first cut back to what was written whole:
        # a line appended to torn bytes would fail its CRC at boot, and everything
        # after it would be dropped. If that fails too, so does this entry.
        if self.torn:
            data = self.flash.read(LIVE)
            if data is None or len(data) < self.size:
                raise OSError(EIO)
            if len(data) > self.size:
                self.keep(data[:self.size])
            self.torn = False
        try:
            self.flash.append(LIVE, line)
        except OSError:
            self.torn = True
            raise
        self.size += len(line)

    def finish(self, record: dict[str, Any], end: str,
               view: "Optional[dict[str, Any]]" = None) -> int:
        # Archive the live match (end: "won" or "stopped"); then forget the live file.
        # It keeps the device's own result (the view's totals and winner), for the
        # laptop's replay to check, and when it ended: the uptime and which boot
        # ("up", "boot"), and the wall clock ("at") once a laptop has told the time.
        seq = self.live_seq
        name = DONE + "/%d" % seq
        kept: dict[str, Any] = {"seq": seq, "end": end, "record": record,
                                "up": uptime_ms(), "boot": self.boot}
        if self.offset is not None:
            kept["at"] = (kept["up"] + self.offset) // 1000
        if view is not None:
            kept["result"] = {"totals": view.get("totals"), "winner": view.get("winner")}
        self.flash.write(name + ".tmp", encode(kept))
        self.flash.rename(name + ".tmp", name + ".json")
        self.flash.remove(LIVE)
        self.live_seq = 0
        self._whole_at(0)
        return seq

    # -- finished matches, kept until the laptop acknowledges them ------------------
    def pending(self) -> list[int]:
        seqs: list[int] = []
        for name in self.flash.listdir(DONE):  # order-free: sorted below
            if name.endswith(".json") and name[:-5].isdigit():
                seqs.append(int(name[:-5]))
        seqs.sort()
        return seqs

    def archived(self, seq: Any) -> bool:
        return self.flash.read(DONE + "/%d.json" % seq) is not None

    def load(self, seq: int) -> Any:
        data = self.raw(seq)
        return None if data is None else stored(data)

    def raw(self, seq: int) -> "Optional[bytes]":
        # A finished match's file as stored (JSON): the link sends it unparsed. Its
        # name is made in one step: every new str is looked up among the interned
        # ones first, which is what a name costs on the board.
        data: "Optional[bytes]" = self.flash.read("parlour/done/%d.json" % seq)
        return data

    def ack(self, upto: int, held: "Optional[list[int]]" = None) -> int:
        # The laptop holds every match up to `upto`: free their space. Its number is
        # written down first, as the match counter's floor once their files are gone
        # (a power cut during the nvm write at a match's start can wipe the counter).
        # `held`: pending() as the caller last read it (listing the folder costs a
        # new str per file on the board).
        if upto > self.acked():
            replace(self.flash, ACKED, b"%d" % upto)
        count = 0
        for seq in self.pending() if held is None else held:
            if seq <= upto:
                self.flash.remove(DONE + "/%d.json" % seq)
                count += 1
        return count

    # -- matches kept for later (suspend.py moves them) ----------------------------
    def list_kept(self) -> list[tuple[int, str]]:
        out = []
        for name in self.flash.listdir(KEPT):  # order-free: sorted below
            if name.endswith(".jnl"):
                seq, _, game = name[:-4].partition("-")
                if seq.isdigit() and game:
                    out.append((int(seq), game))
        out.sort()
        out.reverse()
        return out

    # -- the match counter (nvm) ------------------------------------------------
    def next_seq(self) -> int:
        seq = self._nvm_seq()
        pending = self.pending()
        if pending and pending[-1] > seq:
            seq = pending[-1]
        if self.kept and self.kept[0][0] > seq:
            seq = self.kept[0][0]
        if self.live_seq > seq:
            seq = self.live_seq
        acked = self.acked()
        if acked > seq:
            seq = acked
        seq += 1
        self._set_nvm_seq(seq)
        return seq

    def acked(self) -> int:
        data = read_replaced(self.flash, ACKED)
        try:
            return int(data.decode()) if data else 0
        except (ValueError, UnicodeError):
            return 0

    def _nvm_seq(self) -> int:
        nvm = self.nvm
        if nvm is None or bytes(nvm[0:4]) != NVM_MAGIC:
            return 0
        return int.from_bytes(bytes(nvm[NVM_SEQ:NVM_SEQ + 4]), "little")

    def _set_nvm_seq(self, seq: int) -> None:
        nvm = self.nvm
        if nvm is None:
            return
        if bytes(nvm[0:4]) != NVM_MAGIC:
            nvm[0:12] = NVM_MAGIC + bytes(8)
        nvm[NVM_SEQ:NVM_SEQ + 4] = seq.to_bytes(4, "little")


def _has(kept: list[tuple[int, str]], seq: Any) -> bool:
    for item in kept:
        if item[0] == seq:
            return True
    return False


def maintenance_requested(nvm: Any) -> bool:
    return (nvm is not None and bytes(nvm[0:4]) == NVM_MAGIC
            and bool(nvm[NVM_FLAGS] & FLAG_MAINTENANCE))


def set_maintenance(nvm: Any, on: bool) -> bool:
    # The laptop (or the Settings screen) asks boot.py to leave the drive writable
    # for the computer at the next reset; boot.py clears it again.
    if nvm is None:
        return False
    if bytes(nvm[0:4]) != NVM_MAGIC:
        nvm[0:12] = NVM_MAGIC + bytes(8)
    flags = nvm[NVM_FLAGS]
    nvm[NVM_FLAGS] = (flags | FLAG_MAINTENANCE) if on else (flags & ~FLAG_MAINTENANCE & 0xFF)
    return True

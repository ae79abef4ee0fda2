# Finished matches as the link reads them (docs/protocol.md): the store's identity,
# a record checked and read a piece at a time (never whole in RAM), its digest, the
# acks that free records by digest, and damaged records set aside. Imported with
# the sync handler, so a device that never meets a laptop keeps it off its heap.
from binascii import crc32

from .flash import read_replaced, replace
from .journal import ACKED, DONE, STORE, stored

try:
    from typing import Any, Optional
except ImportError:
    pass

DAMAGED = "parlour/damaged"     # finished matches whose line fails its check, set aside
HEAD = 9                        # "%08x " before a stored line's body


def store_id(journal: Any) -> "Optional[str]":
    # This store's identity, made when its folder was first created (a wiped or
    # reinstalled board starts a new one, so its numbers never meet the old ones);
    # None for a store made by firmware before identities.
    data = read_replaced(journal.flash, STORE)
    if data is None or len(data) != 16:
        return None
    try:
        text = data.decode()
        int(text, 16)
    except (ValueError, UnicodeError):
        return None
    return text


def record_name(seq: int) -> str:
    # Made once a record and passed on: each new str costs a search of every
    # interned one on the board, and a record is read a piece at a time.
    return "parlour/done/%d.json" % seq


def sealed(flash: Any, name: str, buf: Any) -> "tuple[int, Any]":
    # Check a finished match's line in pieces of len(buf), never holding it whole:
    # (its size, its CRC head as 8 bytes) when whole; (size, b"") for plain JSON
    # from firmware before the sync protocol (checked by parsing); (size, why it
    # is damaged: "empty", "cut" or "crc"); (-1, None) when it is gone. Each
    # piece's last byte waits for the next piece: the line's last is its newline,
    # outside the CRC.
    got = flash.read_into(name, 0, buf)
    if got <= 0:
        return got, (None if got else "empty")
    if got < HEAD or buf[8] != 32:
        data = flash.read(name) or b""
        if buf[0] == 123:      # "{": plain JSON
            try:
                return len(data), (b"" if stored(data) else "crc")
            except (ValueError, UnicodeError):
                pass
        return len(data), "crc"
    head = bytes(buf[0:8])
    held = bytearray(1)     # the last byte read so far
    crc = 0
    size = 0
    start = HEAD
    while got > 0:
        if size:
            crc = crc32(held, crc)
        if got - 1 > start:
            crc = crc32(memoryview(buf)[start:got - 1], crc)
        held[0] = buf[got - 1]
        size += got
        start = 0
        got = flash.read_into(name, size, buf) if got == len(buf) else 0
    if held[0] != 10:
        return size, "cut"
    # Compared as bytes: a new str would cost a search of the interned ones.
    return size, (head if b"%08x" % (crc & 0xFFFFFFFF) == head else "crc")


def digest(flash: Any, seq: int) -> "Optional[str]":
    # The stored line's CRC-32 as 8 hex digits (its head; plain JSON's worked out):
    # what an ack must name to free it.
    name = record_name(seq)
    head = bytearray(HEAD)
    if flash.read_into(name, 0, head) != HEAD:
        return None
    if head[8] == 32:
        try:
            return bytes(head[0:8]).decode()
        except UnicodeError:
            return None
    data = flash.read(name)
    if data is None:
        return None
    return "%08x" % (crc32(data.rstrip(b"\n")) & 0xFFFFFFFF)


def set_aside(flash: Any, seq: int) -> bool:
    # A damaged finished match moves to parlour/damaged/ (never over another), out
    # of the laptop's way; nothing is deleted.
    flash.mkdir(DAMAGED)
    name = DAMAGED + "/%d.json" % seq
    again = 0
    while flash.read_into(name, 0, bytearray(1)) >= 0:
        again += 1
        name = DAMAGED + "/%d-%d.json" % (seq, again)
    try:
        flash.rename(record_name(seq), name)
    except OSError:
        return False
    return True


def free(journal: Any, named: "list[Any]", held: "list[int]") -> "list[int]":
    # Free the records an ack names whose digest is what the flash holds under that
    # number (the laptop stored those bytes); -> the numbers freed. The highest is
    # written down first, as the match counter's floor (Journal.ack).
    flash = journal.flash
    going: "list[int]" = []
    for pair in named:
        seq = pair[0]
        if seq in held and seq not in going and digest(flash, seq) == pair[1]:
            going.append(seq)
    if going:
        top = max(going)
        if top > journal.acked():
            replace(flash, ACKED, b"%d" % top)
        for seq in going:
            flash.remove(DONE + "/%d.json" % seq)
    return going

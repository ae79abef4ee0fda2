# Finished matches as the link reads them (docs/protocol.md): the store's identity,
# a record checked and read a piece at a time from the finished matches' log
# (journal.py, never whole in RAM), its digest, the acks that free records by
# digest, and damaged records set aside. Imported with the sync handler, so a
# device that never meets a laptop keeps it off its heap.
from binascii import crc32

from .twin import stored

try:
    from typing import Any, Optional
except ImportError:
    pass

DAMAGED = "parlour/damaged"     # copies of finished matches whose line fails its check
HEAD = 9                        # "%08x " before a stored line's body


def store_id(journal: Any) -> "Optional[str]":
    # This store's identity, kept in the head of the finished matches' log (both
    # copies) and made with the log: a wiped or reinstalled board starts a new one,
    # so its numbers never meet the old ones. None for a store made before
    # identities, or on a new drive the code may not write.
    journal.held_items()
    value = journal.done.head.get("store")
    return value if type(value) is str and len(value) == 16 else None


def where(journal: Any, seq: int) -> "Optional[tuple[str, int, int]]":
    # (file, offset, length) of a finished match's record in the log's copy read.
    for item in journal.held_items():
        if item[0] == seq:
            return journal.done.path(journal.done.best), item[1], item[2]
    return None


def sealed(flash: Any, spot: "tuple[str, int, int]", buf: Any) -> Any:
    # Check a finished match's line in pieces of len(buf), never holding it whole:
    # its CRC head as 8 bytes when whole; b"" for plain JSON from firmware before
    # the sync protocol (checked by parsing); or why it is damaged: "empty" (no
    # byte written), "cut" (no newline at its end) or "crc". Each piece's last
    # byte waits for the next piece: the line's last is its newline, outside the CRC.
    name, at, size = spot
    got = flash.read_into(name, at, buf) if size else 0
    if got > size:
        got = size
    if got <= 0:
        return "empty"
    if got < HEAD or buf[8] != 32:
        data = flash.read_at(name, at, size) or b""
        if buf[0] == 123:      # "{": plain JSON
            try:
                return b"" if stored(data) else "crc"
            except (ValueError, UnicodeError):
                pass
        return "empty" if data == bytes(len(data)) else "crc"
    head = bytes(buf[0:8])
    held = bytearray(1)     # the last byte read so far
    crc = 0
    done = 0
    start = HEAD
    blank = True            # every byte zero so far: a record never written
    while got > 0:
        if done:
            crc = crc32(held, crc)
        piece = memoryview(buf)[0:got]
        if blank:
            for byte in piece:      # a written line's first byte ends this
                if byte:
                    blank = False
                    break
        if got - 1 > start:
            crc = crc32(piece[start:got - 1], crc)
        held[0] = buf[got - 1]
        done += got
        start = 0
        got = 0
        if done < size:
            got = flash.read_into(name, at + done, buf)
            if got > size - done:
                got = size - done
    if blank:
        return "empty"
    if done < size or held[0] != 10:
        return "cut"
    # Compared as bytes: a new str would cost a search of the interned ones.
    return head if b"%08x" % (crc & 0xFFFFFFFF) == head else "crc"


def digest(journal: Any, seq: int) -> "Optional[str]":
    # The stored line's CRC-32 as 8 hex digits (its head; plain JSON's worked out):
    # what an ack must name to free it.
    spot = where(journal, seq)
    if spot is None:
        return None
    flash = journal.flash
    head: "Optional[bytes]" = flash.read_at(spot[0], spot[1], HEAD)
    if head is None or len(head) != HEAD:
        return None
    if head[8] == 32:
        try:
            return head[0:8].decode()
        except UnicodeError:
            return None
    data = flash.read_at(spot[0], spot[1], spot[2])
    if data is None:
        return None
    return "%08x" % (crc32(data.rstrip(b"\n")) & 0xFFFFFFFF)


def set_aside(journal: Any, seq: int, buf: Any) -> bool:
    # A damaged finished match is copied, a piece at a time, to parlour/damaged/
    # (never over another; written to a .tmp and renamed, so a name there is
    # always a whole copy), then marked in the log as set aside: out of the
    # laptop's way, and nothing deleted. Read-only (maintenance mode) or a full
    # drive: it stays pending and is named again at the next sync.
    spot = where(journal, seq)
    if spot is None or not journal.writable:
        return False
    flash = journal.flash
    flash.mkdir(DAMAGED)
    name = DAMAGED + "/%d.json" % seq
    again = 0
    while flash.length(name) >= 0:
        again += 1
        name = DAMAGED + "/%d-%d.json" % (seq, again)
    tmp = DAMAGED + "/%d.tmp" % seq
    src, at, size = spot
    try:
        flash.fill(tmp, size)
        out = flash.open_at(tmp, 0)
        try:
            done = 0
            while done < size:
                got = flash.read_into(src, at + done, buf)
                if got <= 0:
                    break
                if got > size - done:
                    got = size - done
                out.write(memoryview(buf)[0:got])
                done += got
        finally:
            out.close()
        flash.rename(tmp, name)
        # No longer pending: never sent or counted again.
        drop(journal, {"k": "x", "n": seq}, [seq])
    except OSError:
        return False
    return True


def free(journal: Any, named: "list[Any]", held: "list[int]") -> "list[int]":
    # Free the records an ack names whose digest is what the flash holds under that
    # number (the laptop stored those bytes); -> the numbers freed. The highest is
    # written down with them, as the match counter's floor.
    going: "list[int]" = []
    for pair in named:
        seq = pair[0]
        if seq in held and seq not in going and digest(journal, seq) == pair[1]:
            going.append(seq)
    if going:
        release(journal, going, max(going))
    return going


def release(journal: Any, going: "list[int]", upto: int) -> None:
    # The records `going` are no longer pending (their room comes back when the log
    # is next made anew); `upto`, the highest acknowledged, is written down as the
    # match counter's floor (a power cut during the nvm write at a match's start
    # can wipe the counter).
    journal.held_items()
    if upto < journal.acked_seq:
        upto = journal.acked_seq
    if not going and upto == journal.acked_seq:
        return
    drop(journal, {"k": "a", "upto": upto, "f": going}, going)
    journal.acked_seq = upto


def drop(journal: Any, record: "dict[str, Any]", going: "list[int]") -> None:
    # `record` written to the finished matches' log (both copies), the records
    # `going` no longer pending.
    log = journal.done
    rest = []
    for item in journal.held:
        if item[0] not in going:
            rest.append(item)
    if not rest:
        # Nothing left to keep: the log made anew (its room back), the floor and
        # the identity in its head. A cut before both heads are written leaves the
        # matches pending: the laptop is sent them again and holds them already.
        head = {"acked": record.get("upto", journal.acked_seq)}
        store = log.head.get("store")
        if store is not None:
            head["store"] = store
        log.reset(head)
    else:
        log.append(log.line(record))
    journal.held = rest

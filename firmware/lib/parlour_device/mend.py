# Reading the two copies of a log (twin.py) at boot, taking the better and writing
# it over the other; and making the store's files. Loaded at boot and let go after
# it (journal.recover), so the board holds none of it while a match is played.

from .reader import Reader
from .twin import (
    CHUNK,
    COPIES,
    DIR,
    EIO,
    ERRORS,
    ERRORS_SIZE,
    OLD_ACKED,
    OLD_DONE,
    OLD_KEPT,
    OLD_LIVE,
    OLD_STORE,
    PAD,
    PREFS_SIZE,
    Twin,
    add_start,
    drop_start,
    encode_event,
    read_line,
)

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import TYPE_CHECKING, Any
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .journal import Journal

# Each copy of the finished matches' log: a quarter of the free drive when the store
# is made, within these (a 7 MB MacroPad: 512 KB, ~150 matches of 3 KB between syncs;
# the emulator's 1 MB drive: ~130 KB). Its size is read back from the file after.
_DONE_MIN = const(65536)
_DONE_MAX = const(524288)


def scan(log: Twin, copy: int, visit: Any = None,
         end: int = -1) -> "tuple[int, Any, int, int, int]":
    # One copy -> (generation, head, records' start, valid end, damaged payloads);
    # generation -1 when its head is gone. visit(record, payload offset) for each
    # record; a payload that fails its CRC is passed over (the record says where
    # the next begins), and visited all the same: its reader finds the damage.
    # `end`: the log's end as boot found it (log.end), past which a copy written
    # over from the other may still hold lines of its own: a record the better
    # copy lacks, its payload cut short (sectorcut, a half-programmed sector).
    size = log.flash.length(log.path(copy))
    if size != log.size:
        return -1, None, 0, 0, 0
    reader = Reader(log.flash, log.path(copy), size)
    try:
        return _scan(reader, size if end < 0 else end, visit)
    finally:
        reader.close()

def _scan(reader: Reader, size: int, visit: Any) -> "tuple[int, Any, int, int, int]":
    # (size: where reading stops; the file's size, or the log's end)
    first = reader.line(0)
    if first is None:
        return -1, None, 0, 0, 0
    head = read_line(first, 0)
    if head is None or type(head.get("g")) is not int:
        return -1, None, 0, 0, 0
    gen = head["g"]
    bad = 0
    start = pos = len(first) + 1
    while pos < size:
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

def recover(log: Twin, visit: Any = None) -> None:
    # Both copies read; the better one is kept (visit() sees its records) and
    # written over the other where they differ.
    if log.store is not None:
        files = []
        for one in log.store:
            if one.size == 0:
                one.size = done_size(log.flash)
            files.append((one.name, one.size))
        files.append(("prefs", PREFS_SIZE))     # made with the store: prefs.py
        files.append(("kept", kept_size(log.flash)))    # kept.py
        if log.writable:    # read-only (maintenance mode): made at the next boot
            try:
                make_store(log.flash, files)
            except OSError:
                pass
    # Copy 0's records are kept as it is read: it is the better one but after
    # a cut, so copy 1 is read again only then.
    seen: list[Any] = []

    def keep(record: "dict[str, Any]", at: int) -> None:
        seen.append((record, at))

    got0 = scan(log, 0, keep if visit is not None else None)
    got1 = scan(log, 1)
    # The newer generation; then the copy with fewer damaged payloads (a cut while
    # a record's line was written can take the start of its payload with it: the
    # other copy, without that record, is right, and the match is still live);
    # then the longer.
    best = 0 if (got0[0], -got0[4], got0[3]) >= (got1[0], -got1[4], got1[3]) else 1
    # Both copies read: the log may be written from here (not before: a log whose
    # copies could not be read would be started over, and its match lost).
    log.ready = True
    got = got0 if best == 0 else got1
    other = got1 if best == 0 else got0
    if got[0] < 0:
        # Neither copy has a head: a new, empty log (the finished matches' log
        # carries the store's identity, so a new one is made with it).
        head: "dict[str, Any]" = {}
        if log.name == "done" and log.writable:
            from .identity import store_head
            head = store_head(log.flash)
        try:
            log.reset(head)
        except OSError:     # read-only (maintenance): an empty log, made at the next boot
            log.gen, log.head, log.end = 0, {}, 0
        return
    log.gen, log.head, log.end = got[0], got[1], got[3]
    log.best = best
    if other != got and log.writable:
        try:
            _copy(log, best, 1 - best, got[3])
            log.best = 0
        except OSError:     # read-only (maintenance): repaired at the next boot
            pass
    if visit is None:
        return
    if best == 0:
        for record, at in seen:
            visit(record, at)
    else:
        seen = []
        scan(log, 1, visit)

def _copy(log: Twin, src: int, dst: int, count: int) -> None:
    flash = log.flash
    if flash.length(log.path(dst)) != log.size:
        make_copy(flash, dst, log.name, log.size)
    out = flash.open_at(log.path(dst), 0)
    try:
        at = 0
        while at < count:
            part = flash.read_at(log.path(src), at, CHUNK if count - at > CHUNK else count - at)
            if not part:
                raise OSError(EIO)
            out.write(part)
            at += len(part)
    finally:
        out.close()


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
    if flash.length(ERRORS) != ERRORS_SIZE:
        flash.mkdir(ERRORS[:ERRORS.rfind("/")])
        flash.fill(ERRORS, ERRORS_SIZE)


def old_layout(flash: Any) -> bool:
    return bool(flash.length(OLD_LIVE) >= 0 or flash.length(OLD_LIVE + ".tmp") >= 0
                or flash.length(OLD_ACKED) >= 0 or flash.length(OLD_ACKED + ".tmp") >= 0
                or flash.listdir(OLD_DONE))


def recover_journal(journal: "Journal") -> "tuple[list[dict[str, Any]], int]":
    # -> ([the live match's head] or [], bytes dropped from a bad tail); the match
    # holds where its entries begin (journal.starts), not them. Read-only
    # (maintenance mode): nothing is repaired, removed or moved in; the next boot
    # that may write does it.
    flash = journal.flash
    writable = journal.writable
    kept = journal.kept = journal.list_kept()
    # The layout before's kept files (moved in by the app after the boot) count too.
    for name in flash.listdir(OLD_KEPT):  # order-free: looked up by number
        number = name.partition("-")[0]
        if name.endswith(".jnl") and number.isdigit():
            kept = kept + [(int(number), "")]
        if writable:
            journal.old_kept = True
    recover_done(journal)
    recover(journal.live)
    journal.starts = live_starts(journal.live)
    records: list[dict[str, Any]] = []
    dropped = 0
    if writable and (old_layout(flash) or flash.length(OLD_STORE) >= 0):
        from .migrate import migrate
        dropped = migrate(journal, records)
    journal.live_seq = 0
    head = journal.live.head
    seq = head.get("n")
    if head.get("k") != "m" or type(seq) is not int:
        return [], dropped
    if journal.archived(seq) or has(kept, seq) or has(kept, head.get("from")):
        # The match was archived or kept for later and the power went before the
        # live log was cleared; or it was being resumed and the power went before
        # its kept copy was removed (nothing is entered while both exist).
        if writable:
            journal.live.reset({})
        journal.starts = []
        return [], 0
    journal.live_seq = seq
    records.insert(0, head)
    return records, dropped


def recover_done(journal: "Journal") -> None:
    journal.done_read = True
    held: list[tuple[int, int, int]] = []
    acked = [0]

    def drop(seq: Any) -> None:
        for item in held:
            if item[0] == seq:
                held.remove(item)
                return

    def visit(record: "dict[str, Any]", at: int) -> None:
        kind = record.get("k")
        if kind == "d" and type(record.get("n")) is int:
            held.append((record["n"], at, record["len"]))
        elif kind == "a" and type(record.get("upto")) is int:
            if record["upto"] > acked[0]:
                acked[0] = record["upto"]
            going = record.get("f")
            if type(going) is list:
                for seq in going:       # freed by digest
                    drop(seq)
            else:
                # every record up to it
                held[:] = [item for item in held if item[0] > record["upto"]]
        elif kind == "x":               # damaged, copied to parlour/damaged/
            drop(record.get("n"))

    recover(journal.done, visit)
    upto = acked[0]
    floor = journal.done.head.get("acked")
    if type(floor) is int and floor > upto:
        upto = floor
    journal.acked_seq = upto
    journal.held = held

def live_starts(log: Twin) -> "list[list[int]]":
    # Where each standing entry of the live log begins: its undone ones left out.
    starts: list[list[int]] = []
    reader = Reader(log.flash, log.path(log.best), log.size)
    try:
        text = reader.line(0)
        pos = 0 if text is None else len(text) + 1
        while pos < log.end:
            text = reader.line(pos)
            if text is None:
                break
            record = read_line(text, log.gen)
            if record is None:
                break
            kind = record.get("k")
            if kind == "e":
                add_start(starts, pos)
            elif kind == "u" and starts:
                drop_start(starts)
            pos += len(text) + 1
    finally:
        reader.close()
    return starts


def keep_records(journal: "Journal", head: "dict[str, Any]", records: "list[dict[str, Any]]") -> None:
    # The live log written anew as `head` and `records` (a bad entry dropped, a
    # kept match brought back).
    clean = {}
    for key in head:
        if key != "g":
            clean[key] = head[key]
    live = journal.live
    live.reset(clean)
    starts: list[list[int]] = []
    journal.starts = starts
    for record in records:
        if record.get("k") == "e":
            add_start(starts, live.end)
            live.append(encode_event(record["e"], live.gen))
        else:
            live.append(live.line(record))
            if record.get("k") == "u" and starts:
                drop_start(starts)

def live_records(journal: "Journal") -> "list[dict[str, Any]]":
    # The live match's head and records as the flash holds them.
    records: list[dict[str, Any]] = []

    def visit(record: "dict[str, Any]", at: int) -> None:
        records.append(record)

    scan(journal.live, journal.live.best, visit, journal.live.end)
    head = {}
    for key in journal.live.head:
        if key != "g":
            head[key] = journal.live.head[key]
    records.insert(0, head)
    return records



def ack(journal: "Journal", upto: int) -> int:
    # The laptop holds every match up to `upto`: they are no longer pending. -> how
    # many.
    from .records import release
    journal.held_items()
    going = []
    for item in journal.held:
        if item[0] <= upto:
            going.append(item[0])
    release(journal, going, upto)
    return len(going)


def done_size(flash: Any) -> int:
    return share_of_drive(flash, "done", 4, _DONE_MIN, _DONE_MAX)


def share_of_drive(flash: Any, name: str, parts: int, least: int, most: int) -> int:
    # Each copy of a log sized by the drive: as made, or 1/parts of the free drive
    # in whole sectors, within least..most.
    for copy in COPIES:
        made: int = flash.length(copy + "/" + name)
        if made > 0:
            return made
    free: int = flash.free()
    if free < 0:
        return least
    size = (free // parts) & ~4095
    return least if size < least else most if size > most else size


def side_log(journal: "Journal", name: str, size: int) -> Twin:
    # A log of the store beside the journal's own (settings, kept matches), read
    # from the flash: both copies, the better written over the other.
    log = Twin(journal.flash, name, size)
    log.store = journal.live.store
    if not journal.writable:
        log.writable = False
    recover(log)
    return log


# -- matches kept for later (kept.py writes them) -----------------------------------
# (Private consts: the compiler folds them in, and no name is kept on the board.)
_KEPT_MIN = const(32768)
_KEPT_MAX = const(262144)


def kept_log(journal: "Journal") -> Twin:
    # The kept matches' log. Here, not in kept.py: boot lists the kept matches
    # with the code it reads the other logs with, and loads no more.
    return side_log(journal, "kept", kept_size(journal.flash))


def kept_listing(log: Twin) -> "list[list[Any]]":
    # -> [[number, game, offset, length], ...] of the matches kept, oldest first.
    out: "list[list[Any]]" = []

    def visit(record: "dict[str, Any]", at: int) -> None:
        kind = record.get("k")
        number = record.get("n")
        if kind == "k" and type(number) is int and type(record.get("game")) is str:
            out.append([number, record["game"], at, record.get("len")])
        elif kind == "r":
            for item in out:
                if item[0] == number:
                    out.remove(item)
                    break

    scan(log, log.best, visit, log.end)
    return out


def kept_matches(journal: "Journal") -> "list[tuple[int, str]]":
    # (number, game) of every match kept, newest first.
    out = []
    for item in kept_listing(kept_log(journal)):
        out.append((item[0], item[1]))
    out.sort()
    out.reverse()
    return out


def kept_size(flash: Any) -> int:
    # A sixteenth of the free drive within 32 KB..256 KB (a 7 MB MacroPad: 256 KB,
    # four long matches).
    return share_of_drive(flash, "kept", 16, _KEPT_MIN, _KEPT_MAX)


def has(kept: list[tuple[int, str]], seq: Any) -> bool:
    for item in kept:
        if item[0] == seq:
            return True
    return False

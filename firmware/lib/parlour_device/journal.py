# The power-safe journal. The live match and the finished matches are two logs kept
# twice in files of a fixed size (twin.py: a power cut can damage one copy only):
#   parlour/s0|s1/live   the live match: a head {"k": "m", "n", "game", "config"}
#                        (or {} when none is live), then one line per accepted
#                        event {"k": "e", "e": ...} or undo {"k": "u"}, written to
#                        both copies before the screen confirms;
#   parlour/s0|s1/done   finished matches until the laptop acknowledges them: a
#                        line {"k": "d", "n": seq} before each match's record (one
#                        CRC'd line, exactly the bytes the link sends),
#                        {"k": "a", "upto": n, "f": [seq, ...]} for the records an
#                        ack freed (by digest: records.py), and {"k": "x", "n": seq}
#                        for a damaged one copied to parlour/damaged/. Its head
#                        carries the store's identity ("store"), so it is kept
#                        twice and made anew with the log.
# Neither file changes size, so no cluster is allocated or freed during play: the
# FAT and sector 0 are written only when the store is made.
# The match counter lives in microcontroller.nvm (4 KB; written once per match).

from parlour_wire.frame import encode as encode  # the journal's line, for its callers

from . import twin
from .system import boot_id, uptime_ms
from .twin import CHUNK, LINE_MAX, add_start, drop_start, encode_event, read_line, stored

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import Any, Optional
except ImportError:
    pass

DIR = "parlour"
LIVE_SIZE = 65536           # each copy: 500 entries of any game, ~800 of Poker's
MIN_ROOM = 16384            # room a new match needs in it (a sync makes it anew)
EIO = 5


UNDO_LINE = encode({"k": "u"})


class Journal:
    # False in maintenance mode (the drive is the computer's until the next reset):
    # both logs are read as they are, and any repair or move waits for a boot that
    # may write. A class default: one slot more in every journal's own dict costs heap.
    writable = True
    # The uptime (ms) the live match began at in this boot; None when it was
    # replayed at boot or brought back from kept/ (its start lies in an unknown boot).
    began: "Optional[int]" = None
    # Kept files of the layout before found at boot: the app moves them into the
    # kept log once the boot is done (kept.move_in).
    old_kept = False

    def __init__(self, flash: Any, nvm: Any = None, writable: bool = True) -> None:
        self.flash = flash
        self.nvm = nvm
        self.live_seq = 0
        # The device has no clock: a boot's id and the laptop's wall clock minus the
        # uptime (ms), once a sync has said what time it is.
        self.boot = boot_id()
        self.offset: "Optional[int]" = None
        self.kept: list[tuple[int, str]] = []   # (number, game) kept for later, newest first
        self.live = twin.Twin(flash, "live", LIVE_SIZE)
        # Where each standing entry of the live match begins in its log, in parts
        # (add_start; Entries reads them).
        self.starts: list[list[int]] = []
        self.done = twin.Twin(flash, "done", 0)     # sized as the store is made (mend.py)
        self.held: list[tuple[int, int, int]] = []     # (seq, offset, length) not acknowledged
        self.acked_seq = 0
        self.done_read = False
        # Made (once) as either log is first read.
        self.live.store = self.done.store = [self.live, self.done]
        if not writable:
            self.writable = self.live.writable = self.done.writable = False
            return
        flash.mkdir(DIR)

    # -- boot (mend.py: loaded for it, let go after) ------------------------------
    def recover(self) -> tuple[list[dict[str, Any]], int]:
        # -> (records of the live match, bytes dropped from a bad tail); then the
        # code that read the copies is let go (not needed again until the next boot).
        from . import mend
        from .games import forget
        try:
            return mend.recover_journal(self)
        finally:
            # (identity: a new store's, made once; migrate and filing: the files of
            # the layout before, moved in once)
            forget("parlour_device.mend", "parlour_device.reader", "parlour_device.identity",
                   "parlour_device.migrate", "parlour_device.filing")

    def room(self) -> int:
        # Bytes left for finished matches.
        self.held_items()
        return self.done.size - self.done.end

    def keep_records(self, head: "dict[str, Any]", records: "list[dict[str, Any]]") -> None:
        # The live log written anew as `head` and `records` (a bad entry dropped, a
        # kept match brought back).
        from . import mend
        mend.keep_records(self, head, records)

    def live_records(self) -> list[dict[str, Any]]:
        # The live match's head and records as the flash holds them.
        from . import mend
        return mend.live_records(self)

    def held_items(self) -> list[tuple[int, int, int]]:
        # The finished matches not acknowledged (read from the flash the first time).
        if not self.done_read:
            from . import mend
            mend.recover_done(self)
        return self.held

    def clear_live(self) -> None:
        self.live.reset({})
        self.starts = []
        self.live_seq = 0
        self.began = None

    # -- the live match -----------------------------------------------------------
    def begin(self, game: str, config: dict[str, Any]) -> int:
        seq = self.next_seq()
        self.live.reset({"k": "m", "n": seq, "game": game, "config": config})
        self.starts = []
        self.live_seq = seq
        self.began = uptime_ms()
        return seq

    def event(self, event: dict[str, Any]) -> None:
        at = self.live.end
        self.live.append(encode_event(event, self.live.gen))
        add_start(self.starts, at)

    def undo(self) -> None:
        self.live.append(self.live.line({"k": "u"}))
        drop_start(self.starts)

    def entries(self, parts: Any) -> Any:
        # The live match's entries whose lines begin where `parts` say (lists of
        # offsets, in order, as add_start keeps them), read back from the flash CHUNK
        # bytes at a time (a 1 KB read found no room in the VM's fragmented heap).
        # No file stays open between two entries, so a caller may stop at any one.
        live = self.live
        buf = b""
        base = 0
        for part in parts:
            for at in part:
                start = at - base
                end = buf.find(b"\n", start) if 0 <= start < len(buf) else -1
                while end < 0:
                    keep = buf[start:] if 0 <= start < len(buf) else b""
                    more = live.read(at + len(keep), CHUNK)
                    if not more or len(keep) >= LINE_MAX:
                        raise OSError(EIO)
                    buf = keep + more
                    base = at
                    start = 0
                    end = buf.find(b"\n")
                record = read_line(buf[start:end], live.gen)
                if record is None or record.get("k") != "e":
                    raise OSError(EIO)
                yield record["e"]

    def finish(self, record: dict[str, Any], end: str,
               view: "Optional[dict[str, Any]]" = None, number: int = 0) -> int:
        # Archive the live match (end: "won" or "stopped"); then clear the live log.
        # It keeps the device's own result (the view's totals and winner), for the
        # laptop's replay to check, and when it ended: the uptime and which boot
        # ("up", "boot"), and the wall clock ("at") once a laptop has told the time;
        # "from", the uptime it began at, when it began in this boot and was never
        # kept for later (its length is up - from).
        # The record goes to the flash in pieces, never as one string.
        seq = self.live_seq
        kept: dict[str, Any] = {"seq": seq, "end": end, "record": record,
                                "up": uptime_ms(), "boot": self.boot}
        if self.began is not None:
            kept["from"] = self.began
            self.began = None
        if self.offset is not None:
            kept["at"] = (kept["up"] + self.offset) // 1000
        if number and number != seq:
            kept["no"] = number      # the match's name when it was filed under a new seq
        if view is not None:
            kept["result"] = {"totals": view.get("totals"), "winner": view.get("winner")}
        from .filing import Record
        try:
            self.archive(seq, Record(kept))
        finally:
            # Filing's code is let go at once: the screen after it needs the room.
            from .games import forget
            forget("parlour_device.filing", "parlour_device.mend", "parlour_device.reader")
        self.live_seq = 0
        try:
            self.live.reset({})
        except OSError:     # filed: boot drops a live log whose match is filed
            pass
        return seq

    def archive(self, seq: int, source: Any) -> None:
        self.held_items()
        from .filing import payload
        at = payload(self.done, {"k": "d", "n": seq}, source.write)
        self.held.append((seq, at, self.done.end - at))

    # -- finished matches, kept until the laptop acknowledges them ------------------
    def pending(self) -> list[int]:
        self.held_items()
        seqs: list[int] = []
        for item in self.held:
            seqs.append(item[0])
        seqs.sort()
        return seqs

    def archived(self, seq: Any) -> bool:
        self.held_items()
        for item in self.held:
            if item[0] == seq:
                return True
        return False

    def load(self, seq: int) -> Any:
        data = self.raw(seq)
        return None if data is None else stored(data)

    def raw(self, seq: int) -> "Optional[bytes]":
        # A finished match's record as stored (one CRC'd line): the link sends it
        # unparsed.
        self.held_items()
        for item in self.held:
            if item[0] == seq:
                return self.done.read(item[1], item[2])
        return None

    def ack(self, upto: int, held: "Optional[list[int]]" = None) -> int:
        # The laptop holds every match up to `upto` (the layout before digest acks,
        # and the tests; a sync frees by digest: records.free). `held`: unused here.
        from . import mend
        return mend.ack(self, upto)

    # -- matches kept for later (kept.py moves them) ----------------------------
    def list_kept(self) -> list[tuple[int, str]]:
        # (number, game) of the matches kept for later, newest first.
        from .mend import kept_matches
        return kept_matches(self)

    # -- the match counter (nvm) ------------------------------------------------
    def next_seq(self) -> int:
        from . import nvm
        from .games import forget
        seq = nvm.read_seq(self.nvm)
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
        nvm.write_seq(self.nvm, seq)
        forget("parlour_device.nvm")
        return seq

    def acked(self) -> int:
        self.held_items()
        return self.acked_seq


class Entries:
    # A live match's entries as the journal keeps them: on the flash. The match
    # holds where each begins (4 bytes an entry) and reads them back when asked (an
    # undo that folds the match again, filing), so the heap it holds does not grow
    # with its length; a 500-entry match held up to 40 KB of them before.
    def __init__(self, journal: Journal) -> None:
        self.journal = journal

    def __len__(self) -> int:
        parts = self.journal.starts
        # every part but the last is full
        return (len(parts) - 1) * len(parts[0]) + len(parts[-1]) if parts else 0

    def __iter__(self) -> Any:
        return self.journal.entries(self.journal.starts)

    def __getitem__(self, index: int) -> Any:
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError
        parts = self.journal.starts
        full = len(parts[0])
        at = parts[index // full][index % full]
        for event in self.journal.entries(((at,),)):
            return event

    def append(self, event: dict[str, Any]) -> None:
        self.journal.event(event)

    def pop(self) -> Any:
        event = self[-1]
        self.journal.undo()
        return event



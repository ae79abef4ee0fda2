"""A sync: hello -> time -> pull batch by batch -> replay each record with the rules
core -> store the batch in one transaction -> read back what the database holds ->
only then acknowledge those records, each named with the digest of the bytes
stored, so the device frees nothing the database does not hold.

Records are keyed by the device's store identity (a wiped or reinstalled board
starts a new one) and match number, and told apart by their digest: a record met
again is recognised, a different match under a number already held is kept beside
the first (a clash, shown by `parlour matches`). A record the device finds damaged
is named once and set aside there; the rest go on. Resumable and idempotent: a
sync cut anywhere leaves the device holding what it has not been told is stored,
and the next sync pulls it again and recognises what it already has.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .link.transport import BrokenFrame, Transport
from .replay import replay
from .store import Store
from .store.matches import Incoming, add_batch, begin_sync, finish_sync, held_here, see_device

BATCH = 16          # records asked for at once (the device may send fewer)
WHY = {"empty": "its record is empty", "cut": "its record is cut short",
       "crc": "its CRC does not match its bytes"}


@dataclass
class Report:
    device: str = ""            # the board's id
    store: str = ""             # the store identity its records are keyed by
    received: int = 0
    added: int = 0
    freed: int = 0
    disagreements: list[str] = field(default_factory=list)
    clashes: list[str] = field(default_factory=list)
    damaged: list[str] = field(default_factory=list)    # named by the device, set aside


def when(kept: dict, hello: dict, hello_at: float) -> tuple[float | None, str]:
    """When a match ended, and how that is known: "device" (it had been told the
    time), "learnt" (from this hello's clock, the same boot), or "unknown"."""
    at = kept.get("at")
    if isinstance(at, int):
        return float(at), "device"
    up, boot = kept.get("up"), kept.get("boot")
    if isinstance(up, int) and boot == hello.get("boot") and isinstance(hello.get("up"), int):
        return hello_at - (hello["up"] - up) / 1000, "learnt"
    return None, "unknown"


def _batch_whole(records: list[dict], damaged: list[dict], end: dict, after: int) -> bool:
    seqs = [r.get("seq") for r in records + damaged]
    last = end.get("last")
    return (isinstance(last, int) and end.get("count") == len(records)
            and len(set(seqs)) == len(seqs)
            and all(isinstance(s, int) and after < s <= last for s in seqs))


def _damaged(frame: dict, device: str) -> str:
    where = ("set aside in parlour/damaged/ on its drive" if frame.get("aside") is True
             else "left in its log, named again at the next sync (its drive is read-only)")
    return (f"match {device}#{frame.get('seq')} is damaged on the device "
            f"({WHY.get(str(frame.get('why')), 'it fails its check')}): {where}")


def run(link: Transport, store: Store, now: Callable[[], float] = time.time,
        progress: Callable[[int, int], None] | None = None, batch: int = BATCH) -> Report:
    hello = link.hello()
    hello_at = now()
    link.set_time(int(hello_at))
    device, key = str(hello["dev"]), str(hello["store"])
    report = Report(device, key)
    see_device(store, hello)
    sync_id = begin_sync(store, key)
    total = int(hello.get("count") or 0)
    if progress:
        progress(0, total)
    named: dict[int, str] = {}      # damaged records named, kept across a batch asked again
    counted = 0                     # damaged records the batches' end frames counted
    cursor = 0
    size = batch
    misses = 0
    while True:
        try:
            records, damaged, end = link.pull(cursor, size)
            for frame in damaged:
                if isinstance(frame.get("seq"), int):
                    named.setdefault(frame["seq"], _damaged(frame, device))
            whole = _batch_whole(records, damaged, end, cursor)
        except (TimeoutError, BrokenFrame):
            whole = False
        if not whole:
            misses += 1
            if misses >= link.retries * 3:
                raise link.timeout_error()
            size = max(1, size // 2)     # a flaky line: smaller batches lose less
            continue
        misses = 0
        if isinstance(end.get("bad"), int):
            counted += end["bad"]
        incoming = []
        for frame in records:
            kept = frame["m"]
            if kept is None:
                report.damaged.append(f"match {device}#{frame['seq']} on the device is not a "
                                      "match record: left on the device")
                continue
            replayed = replay(kept)
            played_at, clock = when(kept, hello, hello_at)
            incoming.append(Incoming(frame["seq"], kept, replayed, played_at, clock,
                                     frame["body"], frame["crc"]))
            if not replayed.agrees:
                report.disagreements.append(f"match {device}#{frame['seq']} ({replayed.game}): "
                                            f"{replayed.problem}")
        last = int(end["last"])
        clashes: list[int] = []
        report.added += add_batch(store, key, sync_id, incoming, last, clashes)
        for seq in clashes:
            report.clashes.append(f"match {device}#{seq}: another match came earlier under "
                                  "this number from this store; both are kept")
        report.received += len(records)
        stored = held_here(store, key, [[i.seq, i.digest] for i in incoming])
        if stored:
            report.freed += int(link.ack(stored).get("freed") or 0)   # after the commit
        cursor = last
        if progress:
            progress(report.received, max(total, report.received))
        if not end.get("more") or not (records or damaged):
            break
        size = min(batch, size * 2)
    report.damaged += [named[seq] for seq in sorted(named)]
    unnamed = counted - len(named)      # their `bad` frames were lost on the line
    if unnamed > 0:
        report.damaged.append(f"{unnamed} more damaged record(s) set aside on the device in "
                              "parlour/damaged/ (their numbers were lost on the line)")
    finish_sync(store, sync_id)
    return report

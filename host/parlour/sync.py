"""A sync: hello -> time -> pull after the cursor, batch by batch -> replay each
record with the rules core -> store the batch in one transaction -> only then
acknowledge it, so the device frees nothing the database does not hold.

Resumable and idempotent: records are keyed by (device id, match number), and the
database remembers, in the same transaction as each batch, how far it holds every
record of the device ("covered"). A sync cut anywhere starts the next one there.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .link.transport import BrokenFrame, Transport
from .replay import replay
from .store import Store
from .store.matches import Incoming, add_batch, begin_sync, finish_sync, see_device

BATCH = 16          # records asked for at once (the device may send fewer)


@dataclass
class Report:
    device: str = ""
    received: int = 0
    added: int = 0
    freed: int = 0
    disagreements: list[str] = field(default_factory=list)


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


def _batch_whole(records: list[dict], end: dict, after: int) -> bool:
    seqs = [r.get("seq") for r in records]
    last = end.get("last")
    return (isinstance(last, int) and end.get("count") == len(records)
            and len(set(seqs)) == len(seqs)
            and all(isinstance(s, int) and after < s <= last for s in seqs)
            and all(isinstance(r.get("m"), dict) for r in records))


def run(link: Transport, store: Store, now: Callable[[], float] = time.time,
        progress: Callable[[int, int], None] | None = None, batch: int = BATCH) -> Report:
    hello = link.hello()
    hello_at = now()
    link.set_time(int(hello_at))
    device = str(hello["dev"])
    report = Report(device)
    cursor = see_device(store, hello)
    held = int(hello.get("count") or 0)
    if cursor > max(int(hello.get("newest") or 0), int(hello.get("acked") or 0)):
        cursor = 0      # the device's numbers started again (a wiped board)
    sync_id = begin_sync(store, device)
    if cursor and int(hello.get("oldest") or 0) and int(hello["oldest"]) <= cursor:
        # A sync cut after its commit and before its ack: those are safe here already.
        report.freed += int(link.ack(cursor).get("freed") or 0)
    total = max(held - report.freed, 0)
    if progress:
        progress(0, total)
    size = batch
    misses = 0
    while True:
        try:
            records, end = link.pull(cursor, size)
            whole = _batch_whole(records, end, cursor)
        except (TimeoutError, BrokenFrame):
            whole = False
        if not whole:
            misses += 1
            if misses >= link.retries * 3:
                raise link.timeout_error()
            size = max(1, size // 2)     # a flaky line: smaller batches lose less
            continue
        misses = 0
        incoming = []
        for frame in records:
            kept = frame["m"]
            replayed = replay(kept)
            played_at, clock = when(kept, hello, hello_at)
            incoming.append(Incoming(frame["seq"], kept, replayed, played_at, clock))
            if not replayed.agrees:
                report.disagreements.append(f"match {device}#{frame['seq']} ({replayed.game}): "
                                            f"{replayed.problem}")
        last = int(end["last"])
        clashes: list[int] = []
        report.added += add_batch(store, device, sync_id, incoming, last, clashes)
        for seq in clashes:
            report.disagreements.append(f"match {device}#{seq}: a different match already "
                                        "has this number here; kept aside (table clashes)")
        report.received += len(records)
        if records:
            report.freed += int(link.ack(last).get("freed") or 0)   # after the commit
        cursor = last
        if progress:
            progress(report.received, max(total, report.received))
        if not end.get("more") or not records:
            break
        size = min(batch, size * 2)
    finish_sync(store, sync_id)
    return report


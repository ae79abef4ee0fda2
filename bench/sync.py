"""Sync, measured: records per second syncing 10,000 events from the simulator (a
`parlour sim --serve` process, over its real pseudo-terminal), the wire bytes per event
and the share of them that is framing (budget 15%), the device's fuel per record sent
in the MicroPython rig (budget 60,000 a record, a record being an event of a match's
log; a match goes as one frame), the heap a sync holds on the device, and the time to
re-verify 10,000 synced matches (budget 10 s). `--faults N` also runs the fault
relay's test with N sessions (the test suite runs 200)."""

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))

import mprig  # noqa: E402
from journal_support import STUMP_CONFIG, stump_events  # noqa: E402
from parlour import sync  # noqa: E402
from parlour.link.serial import SerialTransport  # noqa: E402
from parlour.replay import replay  # noqa: E402
from parlour.store import open_store  # noqa: E402
from parlour.store.matches import Incoming, add_batch, begin_sync, see_device  # noqa: E402
from parlour.store.verify import verify  # noqa: E402
from parlour_device.app import App  # noqa: E402
from parlour_device.boards.common import MONO_128X64, Board  # noqa: E402
from parlour_device.flash import Flash  # noqa: E402
from parlour_rules.log import MatchLog  # noqa: E402

EVENTS = 10_000
TURNS = 33                  # a Stump match of 78 events
FRAMING_BUDGET = 0.15
FUEL_BUDGET = 60_000
VERIFY_BUDGET = 10.0
VERIFY_MATCHES = 10_000


def device_state(folder: Path, events: int) -> tuple[int, int, int]:
    """A simulator state holding finished matches of `events` events in all; -> (matches,
    events, the bytes of their records as the device stores and sends them)."""
    flash = folder / "CIRCUITPY"
    flash.mkdir(parents=True)
    app = App(Board(MONO_128X64, None, None, bytearray(4096), Flash(str(flash)), "be0c"))
    match_events = stump_events(TURNS)
    matches = 0
    while matches * len(match_events) < events:
        app.new_match("stump", STUMP_CONFIG)
        for event in match_events:
            assert app.submit(event) is None
        app.finish_match()
        matches += 1
    payload = sum(length for _seq, _at, length in app.journal.held_items())
    return matches, matches * len(match_events), payload


def sync_figures() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        matches, events, payload = device_state(folder / "state", EVENTS)
        env = dict(os.environ, PARLOUR_RUNTIME=str(folder / "run"))
        server = subprocess.Popen([sys.executable, "-m", "parlour", "sim", "--serve",
                                   "--state", str(folder / "state")],
                                  stdout=subprocess.PIPE, env=env)
        try:
            port = server.stdout.readline().decode().split(": ", 1)[1].strip()
            store = open_store(folder / "p.db")
            link = SerialTransport(port)
            started = time.perf_counter()
            report = sync.run(link, store)
            seconds = time.perf_counter() - started
            wire = link.sent_bytes + link.received_bytes
            link.close()
            store.close()
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=30)
    assert report.added == matches and not report.disagreements
    return {"matches": matches, "events": events, "seconds": seconds, "wire": wire,
            "payload": payload}


def _guest(body: str) -> list[str]:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        died = mprig._run_guest("import sys\nsys.path.append('/input')\nimport cases_wire\n"
                                "def main():\n" + body + "main()\n", Path(tmp), True, lines)
    if died:
        raise SystemExit(f"the guest died: {died}\n" + "\n".join(lines[-10:]))
    return lines


def fuel_figures() -> dict:
    lines = _guest(f"    app = cases_wire.bench_device(12, {TURNS})\n"
                   "    cases_wire.bench_pull(app, 1)\n")
    recs = [tuple(map(int, line.split("\t")[1:])) for line in lines if line.startswith("REC\t")]
    first = recs[0][0]                       # includes the pull's request and listing
    per_record = [fuel for fuel, _ in recs[1:]]
    size = recs[1][1]
    events = len(stump_events(TURNS))
    return {"records": len(recs), "first": first, "per_match": sum(per_record) // len(per_record),
            "match_bytes": size, "events": events,
            "per_event": (first + sum(per_record)) // (len(recs) * events)}


def heap_figures() -> dict:
    code = _guest("    import gc\n    app = cases_wire.bench_device(3, 10, False)\n"
                  "    from parlour_device import link\n"
                  "    gc.collect()\n    a = gc.mem_alloc()\n"
                  "    from parlour_device import sync\n    from parlour_wire import messages\n"
                  "    gc.collect()\n    print('HEAP\\t%d' % (gc.mem_alloc() - a))\n"
                  "    return sync, messages\n")
    held = _guest("    import gc\n    app = cases_wire.bench_device(3)\n"
                  "    warm = cases_wire.bench_sync_held(app)\n"
                  "    gc.collect()\n    a = gc.mem_alloc()\n"
                  "    link = cases_wire.bench_sync_held(app)\n"
                  "    gc.collect()\n    print('HEAP\\t%d' % (gc.mem_alloc() - a))\n"
                  "    return link, warm\n")

    def figure(lines: list[str]) -> int:
        return int(next(line for line in lines if line.startswith("HEAP\t")).split("\t")[1])

    return {"code": figure(code), "objects": figure(held)}


def verify_figures() -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        store = open_store(Path(tmp) / "p.db")
        see_device(store, {"dev": "be0c", "board": "sim", "fw": "0.1.0", "proto": 1})
        sync_id = begin_sync(store, "be0c")
        events = stump_events(TURNS)     # as long as the synced matches above
        log = MatchLog("stump", STUMP_CONFIG, events)
        view = log.screen_view()
        kept = {"seq": 0, "end": "won", "record": log.record(), "up": 0, "boot": 0,
                "result": {"totals": view["totals"], "winner": view["winner"]}}
        batch = []
        for seq in range(1, VERIFY_MATCHES + 1):
            one = json.loads(json.dumps(dict(kept, seq=seq)))
            batch.append(Incoming(seq, one, replay(one, detail=False), None, "unknown"))
            if len(batch) == 500:
                add_batch(store, "be0c", sync_id, batch, seq)
                batch = []
        started = time.perf_counter()
        bad = verify(store)
        seconds = time.perf_counter() - started
        store.close()
    assert not bad
    return {"matches": VERIFY_MATCHES, "events": len(events), "seconds": seconds}


def main() -> int:
    ok = True
    s = sync_figures()
    framing = (s["wire"] - s["payload"]) / s["wire"]
    print(f"sync of {s['events']:,d} events ({s['matches']} Stump matches) from the "
          f"simulator over its pseudo-terminal: {s['seconds']:.2f} s, "
          f"{s['matches'] / s['seconds']:,.0f} records/s ({s['events'] / s['seconds']:,.0f} "
          f"events/s), replay and database included")
    print(f"wire: {s['wire']:,d} bytes both ways, {s['wire'] / s['events']:.1f} bytes per event; "
          f"framing {framing:.1%} of them (budget {FRAMING_BUDGET:.0%})")
    ok &= framing <= FRAMING_BUDGET
    f = fuel_figures()
    print(f"device fuel (MicroPython rig): {f['per_event']:,d} per record (event) sent, "
          f"budget {FUEL_BUDGET:,d}; {f['per_match']:,d} per pass sending a "
          f"{f['events']}-event match ({f['match_bytes']:,d} bytes), {f['first']:,d} for "
          f"the pass that reads the pull and sends the first")
    ok &= f["per_event"] <= FUEL_BUDGET
    h = heap_figures()
    print(f"device heap: the sync's code (parlour_device.sync and parlour_wire.messages, as "
          f".py) {h['code']:,d} bytes; its objects after a pull and an ack {h['objects']:,d} "
          "bytes")
    v = verify_figures()
    print(f"re-verify {v['matches']:,d} synced matches ({v['events']} events each): "
          f"{v['seconds']:.2f} s (budget {VERIFY_BUDGET:g} s)")
    ok &= v["seconds"] <= VERIFY_BUDGET
    if "--faults" in sys.argv:
        sessions = sys.argv[sys.argv.index("--faults") + 1]
        env = dict(os.environ, PARLOUR_FAULT_SESSIONS=sessions)
        started = time.perf_counter()
        result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-k", "faulty",
                                 str(ROOT / "tests" / "host" / "test_sync_faults.py")], env=env)
        print(f"fault relay, {sessions} sessions: "
              f"{'passed' if result.returncode == 0 else 'FAILED'} in "
              f"{time.perf_counter() - started:.0f} s")
        ok &= result.returncode == 0
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

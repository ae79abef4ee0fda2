"""Stump fold budget on MicroPython: folding a 300-event match must cost at most
20,000,000 fuel and the folded state must retain at most 32 KB of heap.

Fuel is the rig's deterministic instruction count (mprig.run_micropython) of
keep_fold_<match>: the events are module literals, so the case is the fold alone.
Heap is what the returned object keeps alive (mprig.heap_retained): the folded
state, and the whole match log as the device holds it (fresh event objects plus
the state). Also printed: the fuel of one view() of the final state (a screen
redraw), as keep_fold_view minus keep_fold.
Run: `make bench` or `python bench/fold_stump.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402

MODULE = "cases_stump_bench"
MATCHES = ("singles2", "singles4", "pairs")
FUEL_BUDGET = 20_000_000
HEAP_BUDGET = 32 * 1024


def _events(name: str) -> int:
    sys.path.insert(0, str(mprig.PORTABLE))
    import cases_stump_bench

    return len(getattr(cases_stump_bench, name.upper()))


def main(argv: list[str]) -> int:
    names = []
    for match in MATCHES:
        names += [f"{MODULE}.keep_fold_{match}", f"{MODULE}.keep_fold_view_{match}"]
    results = mprig.run_micropython([MODULE], only=names)
    for r in results.values():
        if "exc" in r.outcome:
            print(f"{r.name}: {r.outcome}")
            return 1
    failed = False
    print(f"{'Stump match':12} {'events':>6} {'fold fuel':>12} {'per event':>10} "
          f"{'state heap':>11} {'log heap':>9} {'view fuel':>10}")
    for match in MATCHES:
        count = _events(match)
        fuel = results[f"{MODULE}.keep_fold_{match}"].fuel
        view = results[f"{MODULE}.keep_fold_view_{match}"].fuel - fuel
        state = mprig.heap_retained(MODULE, f"keep_fold_{match}")
        log = mprig.heap_retained(MODULE, f"keep_log_{match}")
        ok = fuel <= FUEL_BUDGET and state <= HEAP_BUDGET
        failed |= not ok
        print(f"{match:12} {count:>6} {fuel:>12,} {fuel // count:>10,} {state:>11,} "
              f"{log:>9,} {view:>10,}" + ("" if ok else "  OVER"))
    print(f"budget: {FUEL_BUDGET:,} fuel and {HEAP_BUDGET:,} bytes of state per 300-event match")
    print(f"{'module import (heap kept)':40} {'bytes':>8}")
    for module in ("parlour_rules.stump.ring", "parlour_rules.stump"):
        print(f"{module:40} {mprig.import_heap(module):>8,}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

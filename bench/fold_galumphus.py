"""Great Galumphus fold budget on MicroPython: folding a 300-event match must cost
at most 20,000,000 fuel and the folded state must retain at most 32 KB of heap.

Fuel is the rig's deterministic instruction count (mprig.run_micropython) of
cases_galumphus.keep_fold_300: a six-player match (seed, deal, calls, claims,
privileges) whose events are decoded at import, so the case is the fold alone.
Heap is what the returned object keeps alive (mprig.heap_retained): the folded
state, and the whole match log as the device holds it (fresh event objects plus
the state). Also printed: the fuel of one view() of the final state (a screen
redraw), as keep_fold_view_300 minus keep_fold_300, and each module's import heap.
Run: `make bench` or `python bench/fold_galumphus.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402

MODULE = "cases_galumphus"
FUEL_BUDGET = 20_000_000
HEAP_BUDGET = 32 * 1024
MODULES = ("parlour_rules.galumphus.deal", "parlour_rules.galumphus.privileges",
           "parlour_rules.galumphus.call", "parlour_rules.galumphus")


def _events() -> int:
    sys.path.insert(0, str(mprig.PORTABLE))
    import cases_galumphus

    return len(cases_galumphus.EVENTS_300)


def main(argv: list[str]) -> int:
    names = [f"{MODULE}.keep_fold_300", f"{MODULE}.keep_fold_view_300"]
    results = mprig.run_micropython([MODULE], only=names)
    for r in results.values():
        if "exc" in r.outcome:
            print(f"{r.name}: {r.outcome}")
            return 1
    count = _events()
    fuel = results[f"{MODULE}.keep_fold_300"].fuel
    view = results[f"{MODULE}.keep_fold_view_300"].fuel - fuel
    state = mprig.heap_retained(MODULE, "keep_fold_300")
    held = mprig.heap_retained(MODULE, "keep_log_300")
    ok = fuel <= FUEL_BUDGET and state <= HEAP_BUDGET
    print(f"{'Galumphus match':16} {'events':>6} {'fold fuel':>12} {'per event':>10} "
          f"{'state heap':>11} {'log heap':>9} {'view fuel':>10}")
    print(f"{'six players':16} {count:>6} {fuel:>12,} {fuel // count:>10,} {state:>11,} "
          f"{held:>9,} {view:>10,}" + ("" if ok else "  OVER"))
    print(f"budget: {FUEL_BUDGET:,} fuel and {HEAP_BUDGET:,} bytes of state per 300-event match")
    print(f"{'module import (heap kept)':40} {'bytes':>8}")
    for module in MODULES:
        print(f"{module:40} {mprig.import_heap(module):>8,}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

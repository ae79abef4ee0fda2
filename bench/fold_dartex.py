"""Dartex fold budget on MicroPython: folding a 300-event match must cost at most
20,000,000 fuel and the folded state must retain at most 32 KB of heap.

The match is the golden 4-player match "long" of tests/golden/dartex (300 events:
200 throws, 77 exchanges, 22 deals and the cut). Its events are stored compactly in
tests/support/portable/cases_dartex_golden.py, so the fold fuel is the rig's deterministic
count (mprig.run_micropython) of case_fold_long minus case_decode_long (decoding
the events alone). Heap is what the returned object keeps alive (mprig.heap_retained):
the folded state, and the whole match log (events and state). Also printed: the
fuel of one view() of the final state (a screen redraw) and each module's import heap.
Run: `make bench` or `python bench/fold_dartex.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402

MODULE = "cases_dartex_golden"
FUEL_BUDGET = 20_000_000
HEAP_BUDGET = 32 * 1024


def main() -> int:
    cases = ("case_decode_long", "case_fold_long", "case_fold_view_long")
    results = mprig.run_micropython([MODULE], only=[f"{MODULE}.{c}" for c in cases])
    for r in results.values():
        if "exc" in r.outcome:
            print(f"{r.name}: {r.outcome}")
            return 1
    fuel = {c: results[f"{MODULE}.{c}"].fuel for c in cases}
    events = results[f"{MODULE}.case_decode_long"].outcome["ok"]
    fold = fuel["case_fold_long"] - fuel["case_decode_long"]
    view = fuel["case_fold_view_long"] - fuel["case_fold_long"]
    state = mprig.heap_retained(MODULE, "keep_fold_long")
    log = mprig.heap_retained(MODULE, "keep_log_long")
    ok = fold <= FUEL_BUDGET and state <= HEAP_BUDGET
    print(f"{'Dartex match':12} {'events':>6} {'fold fuel':>12} {'per event':>10} "
          f"{'state heap':>11} {'log heap':>9} {'view fuel':>10}")
    print(f"{'long (4p)':12} {events:>6} {fold:>12,} {fold // events:>10,} {state:>11,} "
          f"{log:>9,} {view:>10,}" + ("" if ok else "  OVER"))
    print(f"budget: {FUEL_BUDGET:,} fuel and {HEAP_BUDGET:,} bytes of state per 300-event match")
    print(f"{'module import (heap kept)':40} {'bytes':>8}")
    for module in ("parlour_rules.dartex.throw", "parlour_rules.dartex"):
        print(f"{module:40} {mprig.import_heap(module):>8,}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

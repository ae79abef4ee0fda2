"""Dumbo fold budget on MicroPython: folding a 300-event match must cost at most
20,000,000 fuel and the folded state must retain at most 32 KB of heap.

Fuel is the rig's deterministic instruction count (mprig.run_micropython), each
case in a fresh guest; the fold's own cost is keep_fold_<mode> minus
keep_events_<mode> (decoding the stored match alone). Heap is what the returned state keeps alive
(mprig.heap_retained). Also printed: the fuel of one hand entered as cards
(the meld solver at work, its modules already loaded) next to one entered as
counts.
Run: `make bench` or `python bench/fold_dumbo.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402

MODULE = "cases_dumbo_bench"
MODES = ("two", "three", "four", "pairs")
FUEL_BUDGET = 20_000_000
HEAP_BUDGET = 32 * 1024


def main(argv: list[str]) -> int:
    names = []
    for mode in MODES:
        names += [f"{MODULE}.keep_events_{mode}", f"{MODULE}.keep_fold_{mode}"]
    cards = [f"{MODULE}.keep_hand_0_import", f"{MODULE}.keep_hand_counts",
             f"{MODULE}.keep_hand_cards", f"{MODULE}.keep_hand_cards_dense"]
    # Each case in a fresh guest: with collection off, a heap filled by earlier
    # cases makes allocation dearer and the figures would depend on the order.
    results = {}
    for name in names:
        results.update(mprig.run_micropython([MODULE], only=[name]))
    results.update(mprig.run_micropython([MODULE], only=cards))
    failed = False
    print(f"{'Dumbo, 300-event match':28} {'fold fuel':>12} {'per event':>10} {'state heap':>11}")
    for mode in MODES:
        fold = results[f"{MODULE}.keep_fold_{mode}"]
        events = results[f"{MODULE}.keep_events_{mode}"]
        for r in (fold, events):
            if "exc" in r.outcome:
                print(f"{r.name}: {r.outcome}")
                return 1
        fuel = fold.fuel - events.fuel
        heap = mprig.heap_retained(MODULE, f"keep_fold_{mode}")
        ok = fuel <= FUEL_BUDGET and heap <= HEAP_BUDGET
        failed |= not ok
        print(f"{mode:28} {fuel:>12,} {fuel // 300:>10,} {heap:>11,}" + ("" if ok else "  OVER"))
    print(f"budget: {FUEL_BUDGET:,} fuel, {HEAP_BUDGET:,} bytes")
    print()
    print(f"{'one hand applied':28} {'fuel':>12}")
    for name in cards[1:]:
        r = results[name]
        mark = "" if "exc" not in r.outcome else f"  ({r.outcome})"
        print(f"{name.split('.keep_')[1]:28} {r.fuel:>12,}{mark}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

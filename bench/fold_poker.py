"""Poker Rum / Gin fold budget on MicroPython: folding a 300-event match through the
match log must cost at most 20,000,000 fuel and the folded state must retain at
most 32 KB of heap, at every table size (2 to 8 players).

Fuel is the rig's deterministic instruction count (mprig.run_micropython); the
fold's own cost is keep_fold_<n> minus case_events_<n> (making the match's events
alone). The match: a cut, then show-downs with the odd false call and void hand
(tests/support/portable/cases_poker_bench.py). Heap is what the returned state keeps alive
(mprig.heap_retained). Also printed: the view of an 8-player match (it settles
up), settle-up alone for 8 players, and one hand entered as counts and as cards
(the first hand by cards also loads the meld solver's modules).
Run: `make bench` or `python bench/fold_poker.py`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402

MODULE = "cases_poker_bench"
SIZES = range(2, 9)
EVENTS = 300
FUEL_BUDGET = 20_000_000
HEAP_BUDGET = 32 * 1024


def main(argv: list[str]) -> int:
    names = []
    for n in SIZES:
        names += [f"{MODULE}.case_events_{n}", f"{MODULE}.keep_fold_{n}"]
    hands = ["keep_hand_counts", "keep_hand_cards_1_first", "keep_hand_cards_2_again",
             "keep_hand_cards_3_two_packs_first", "keep_hand_cards_4_two_packs_again"]
    extra = ["case_fold_8_view", "case_settle_8", "case_settle_8_cost"] + hands
    results = mprig.run_micropython([MODULE], only=names + [f"{MODULE}.{e}" for e in extra])
    for r in results.values():
        if "exc" in r.outcome:
            print(f"{r.name}: {r.outcome}")
            return 1
    fuel = {name.split(".")[1]: r.fuel for name, r in results.items()}
    failed = False
    print(f"{'Poker Rum, 300-event match':28} {'fold fuel':>12} {'per event':>10} "
          f"{'state heap':>11}")
    for n in SIZES:
        fold = fuel[f"keep_fold_{n}"] - fuel[f"case_events_{n}"]
        heap = mprig.heap_retained(MODULE, f"keep_fold_{n}")
        ok = fold <= FUEL_BUDGET and heap <= HEAP_BUDGET
        failed |= not ok
        print(f"{f'{n} players':28} {fold:>12,} {fold // EVENTS:>10,} {heap:>11,}"
              + ("" if ok else "  OVER"))
    print(f"budget: {FUEL_BUDGET:,} fuel, {HEAP_BUDGET:,} bytes")
    print()
    print(f"{'on top':28} {'fuel':>12}")
    print(f"{'view of the 8-player match':28} "
          f"{fuel['case_fold_8_view'] - fuel['keep_fold_8']:>12,}")
    print(f"{'settle-up, 8 players':28} "
          f"{fuel['case_settle_8'] - fuel['case_settle_8_cost']:>12,}")
    labels = ["one Gin hand by counts", "by cards (loads the solver)", "by cards, once loaded",
              "four players, two packs (loads)", "four players, two packs"]
    for name, label in zip(hands, labels, strict=True):
        print(f"{label:32} {fuel[name]:>8,}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

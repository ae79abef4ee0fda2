"""The brute-force meld reference: every partition of a hand into melds, lay-offs and
dead cards, written from docs/rules.md alone (R-3, R-6, D-2, D-3, D-6) and sharing no code
with the solver. Slow on purpose; the tests and the benchmark compare against it."""

from __future__ import annotations

from parlour_rules.cards import DUMBO, JOKER, STANDARD


def _geometry(pack):
    width = 13 if pack == STANDARD else 11
    return width, (lambda c: min(c % 13 + 1, 10)) if pack == STANDARD else (lambda c: c % 11 + 1)


def is_meld(cards, pack=STANDARD, double_pack=False):
    """R-3 / D-2 for real cards (no Joker): a set or a run."""
    width, _ = _geometry(pack)
    if len(cards) < 3:
        return False
    ranks = [c % width for c in cards]
    suits = [c // width for c in cards]
    if len(set(ranks)) == 1:
        limit = 6 if double_pack else 4
        return len(cards) <= limit and (double_pack or len(set(cards)) == len(cards))
    if len(set(suits)) != 1 or len(set(ranks)) != len(ranks):
        return False
    return max(ranks) - min(ranks) + 1 == len(ranks)


def brute(hand, pack=STANDARD, double_pack=False, caller=(), joker_counts=True):
    """Least deadwood (or Dumbo count) over every way to split the hand.

    Every card is dead, or in one of the player's own melds, or laid off: each
    caller's (declarer's) meld as laid takes at most one block of the player's
    cards, valid when meld + block is a meld (Dumbo: never the Joker, D-3/D-6).
    A Joker in the hand joins an own weld of 3+ real cards, else counts 10.
    Identical subproblems (the same cards left) are solved once.
    """
    width, pip = _geometry(pack)
    joker = pack == DUMBO and JOKER in hand
    cards = sorted(c for c in hand if not (pack == DUMBO and c == JOKER))
    caller = [[c for c in g if not (pack == DUMBO and c == JOKER)] for g in caller]
    memo = {}

    def own(rest):
        # (least dead over all splits of rest into own melds and dead cards,
        #  the same with at least one own meld, or None)
        if not rest:
            return 0, None
        if rest in memo:
            return memo[rest]
        first, others = rest[0], rest[1:]
        g, h = own(others)
        best_any = pip(first) + g
        best_own = None if h is None else pip(first) + h
        near = [i for i in range(len(others))
                if others[i] % width == first % width or others[i] // width == first // width]
        for mask in range(1, 1 << len(near)):
            if bin(mask).count("1") < 2:
                continue
            pick = {near[i] for i in range(len(near)) if mask >> i & 1}
            group = [first] + [others[i] for i in sorted(pick)]
            if is_meld(group, pack, double_pack):
                left = tuple(others[i] for i in range(len(others)) if i not in pick)
                value = own(left)[0]
                best_any = min(best_any, value)
                best_own = value if best_own is None else min(best_own, value)
        memo[rest] = (best_any, best_own)
        return memo[rest]

    # Every block each caller's meld could take (indices into cards), empty included.
    options = []
    for g in caller:
        fit = [i for i in range(len(cards))
               if any(cards[i] % width == x % width or cards[i] // width == x // width for x in g)]
        blocks = [()]
        for mask in range(1, 1 << len(fit)):
            block = tuple(fit[i] for i in range(len(fit)) if mask >> i & 1)
            if is_meld(g + [cards[i] for i in block], pack, double_pack):
                blocks.append(block)
        options.append(blocks)
    best = [None]

    def lay(k, used):
        if k == len(options):
            rest = tuple(cards[i] for i in range(len(cards)) if i not in used)
            g, h = own(rest)
            if joker:
                total = sum(pip(c) for c in rest) + 10
                if h is not None:
                    total = min(total, h)
            else:
                total = g
            if best[0] is None or total < best[0]:
                best[0] = total
            return
        for block in options[k]:
            if not used.intersection(block):
                lay(k + 1, used.union(block))

    lay(0, frozenset())
    return best[0]


def pip(c, pack):
    return min(c % 13 + 1, 10) if pack == STANDARD else (10 if c == JOKER else c % 11 + 1)


def check_layout(result, hand, pack=STANDARD, double_pack=False, caller=()):
    """Every card once; own melds are melds; caller meld + lay-offs is a meld; the
    deadwood is the dead cards' pips; a Joker only in an own weld or dead."""
    value = result.count if pack == DUMBO else result.deadwood
    used = [c for m in result.melds for c in m] + [c for m in result.layoffs for c in m]
    used += result.dead
    assert sorted(used) == sorted(hand)
    for m in result.melds:
        real = [c for c in m if not (pack == DUMBO and c == JOKER)]
        assert len(m) - len(real) <= 1 and is_meld(real, pack, double_pack), m
    assert len(result.layoffs) == len(caller)
    for g, extra in zip(caller, result.layoffs, strict=True):
        assert JOKER not in extra or pack == STANDARD
        if extra:
            real = [c for c in g if not (pack == DUMBO and c == JOKER)]
            assert is_meld(real + extra, pack, double_pack), (g, extra)
    assert sum(pip(c, pack) for c in result.dead) == value


# The costliest hands bench/melds.py has found for the board's own searches (the
# double pack's held-twice cards, contested set ranks).
HARD_HANDS = [
    # double pack, cards held twice (melds_dsets.plain)
    "5S 7H 5D 6C 8C 6H 7C 6H 7S 6S 5H", "5S 7H 6S 8S 5C 6C 7C 6H 7S 6S 5H",
    "3C 3D 3S 4C 2H 3D 2S 2C AS AD 2D", "3C 5H 3D 3H 5H 5S 4S 3S 4H 6H 4H",
    "5D 7D 7H 5S 6C 6H 5D 5H 4D 6D 6D", "10C 10H 9C 9D 10D 7D 10C 8C 8C 8D 8D",
    "4H 5D 6D 4D 5H 4H 5D 4D 3S 3H 3D", "5S 7H 6S 7C 7D 6H 4S 6H 7S 6S 8H",
    # no card twice: two or three contested set ranks (melds_contest)
    "8D 9H 8H 8S 9C 7H 8C 9D 10D 10H 10C", "5S 6S 7S 5H 6H 7H 5C 6C 7C 8C 6D",
    "6H 5H 6S 7S 7D 8C 6D 7C 6C 5D 7H", "8D 9C 8H 6H 7C 7H 8C 7D 7S 8S 6D",
    "5H 7C 6D 7H 5D 7D 6S 6C 8C 6H 7S",
]

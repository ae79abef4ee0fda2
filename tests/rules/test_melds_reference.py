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


def _cards(text, pack=STANDARD):
    from parlour_rules.cards import parse_cards
    return parse_cards(text, pack)


def test_reference_reads_the_sheet_example():
    # The Poker Gin example: 28 before lay-offs, 8 after (docs/rules.md worked examples).
    other = _cards("7D 8D 9D 6S 7S 8S 4C 4D 10C 10H")
    assert brute(other) == 28
    assert brute(other, caller=[_cards("6H 7H 8H 9H"), _cards("JC QC KC")]) == 8


def test_reference_meld_shapes():
    assert is_meld(_cards("AH 2H 3H")) and not is_meld(_cards("QH KH AH"))
    assert not is_meld(_cards("7H 7H 7S"))
    assert is_meld(_cards("7H 7H 7S"), double_pack=True)
    assert not is_meld(_cards("5H 5H 6H 7H"), double_pack=True)
    assert is_meld(_cards("9SQ 10SQ 11SQ", DUMBO), DUMBO)
    assert not is_meld(_cards("10SQ 11SQ 1SQ", DUMBO), DUMBO)


def test_reference_joker_counts_ten_unless_welded():
    assert brute(_cards("2CI JOKER", DUMBO), DUMBO) == 12
    assert brute(_cards("4SQ 5SQ 6SQ JOKER", DUMBO), DUMBO) == 0
    # D-3: the Joker never completes a weld of 2.
    assert brute(_cards("4SQ 5SQ JOKER", DUMBO), DUMBO) == 19

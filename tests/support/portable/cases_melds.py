# The meld solver on MicroPython: the same random hands (xorshift32) solved on both
# interpreters; each case returns the deadwoods (and a digest of the arrangements),
# which must be identical. tests/rules/test_melds_portable.py checks these very hands
# against the brute-force reference on CPython. A case stays well under the guest's
# allocation budget (collection is off), so the property runs are split in many.
from parlour_rules import melds
from parlour_rules.prng import Xorshift32

N = 150


def draw(rng, pool, k):
    # k distinct positions of pool (partial Fisher-Yates): a hand.
    pool = list(pool)
    n = len(pool)
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def deck(low=1, high=13, copies=1):
    return [s * 13 + r - 1 for s in range(4) for r in range(low, high + 1)] * copies


def digest(r):
    # A small number standing for the whole arrangement.
    h = r.deadwood
    for m in r.melds:
        for c in m:
            h = (h * 31 + c + 1) % 1000003
        h = (h * 7 + 1) % 1000003
    for m in r.layoffs:
        for c in m:
            h = (h * 37 + c + 1) % 1000003
        h = (h * 11 + 1) % 1000003
    for c in r.dead:
        h = (h * 41 + c + 1) % 1000003
    return h


def hands(variant, seed, n=N):
    rng = Xorshift32(seed)
    out = []
    for i in range(n):
        if variant == "single":
            out.append((draw(rng, deck(), 10), None, False))
        elif variant == "rich":
            out.append((draw(rng, deck(4, 8), 10), None, False))
        elif variant == "double":
            out.append((draw(rng, deck(1, 13, 2), 10 + i % 2), None, True))
        elif variant == "double_rich":
            out.append((draw(rng, deck(4, 8, 2), 11), None, True))
        else:
            out.append(caller_hand(rng, variant == "double_layoffs"))
    return out


def caller_hand(rng, double_pack):
    # The caller lays one run and one set near the middle; the other player draws
    # from what is left around them, where lay-offs happen.
    pool = deck(1, 13, 2 if double_pack else 1)
    suit = rng.below(4)
    low = 2 + rng.below(6)
    run = [suit * 13 + r for r in range(low, low + 3 + rng.below(3))]
    rank = rng.below(13)
    skip = rng.below(4)
    group = [s * 13 + rank for s in range(4) if s != skip]
    if not double_pack:
        group = [c for c in group if c not in run]
    for c in run + group:
        pool.remove(c)
    near = [c for c in pool if abs(c % 13 - low - 2) <= 4 or c % 13 == rank]
    caller = [run]
    if len(group) >= 3:
        caller.append(group)
    return draw(rng, near, 6 + rng.below(5)), caller, double_pack


def solve_all(variant, seed, layout, n=N):
    # The double pack's layout searches each suit again: fewer hands a case.
    out = []
    for hand, caller, double_pack in hands(variant, seed, n):
        r = melds.solve_rummy(hand, double_pack, caller)
        out.append(digest(r) if layout else r.deadwood)
    return out


def case_single_00():
    return solve_all("single", 101, False)


def case_single_01():
    return solve_all("single", 102, False)


def case_single_02():
    return solve_all("single", 103, True)


def case_single_03():
    return solve_all("single", 104, True)


def case_rich_00():
    return solve_all("rich", 201, False)


def case_rich_01():
    return solve_all("rich", 202, False)


def case_rich_02():
    return solve_all("rich", 203, True)


def case_rich_03():
    return solve_all("rich", 204, True)


def case_double_00():
    return solve_all("double", 301, False, 100)


def case_double_01():
    return solve_all("double", 302, True, 30)


def case_double_02():
    return solve_all("double", 303, True, 30)


def case_double_rich_00():
    return solve_all("double_rich", 401, False, 80)


def case_double_rich_01():
    return solve_all("double_rich", 402, True, 30)


def case_double_rich_02():
    return solve_all("double_rich", 403, True, 30)


def case_double_rich_03():
    return solve_all("double_rich", 404, True, 30)


def case_layoffs_00():
    return solve_all("layoffs", 501, False, 80)


def case_layoffs_01():
    return solve_all("layoffs", 502, True, 80)


def case_layoffs_02():
    return solve_all("layoffs", 503, True, 80)


def case_double_layoffs_00():
    return solve_all("double_layoffs", 601, False, 25)


def case_double_layoffs_01():
    return solve_all("double_layoffs", 602, True, 25)


def case_double_layoffs_02():
    return solve_all("double_layoffs", 603, True, 25)


def case_gin_sheet_example():
    r = melds.solve_rummy("7D 8D 9D 6S 7S 8S 4C 4D 10C 10H".split())
    g = melds.solve_rummy("7D 8D 9D 6S 7S 8S 4C 4D 10C 10H".split(),
                          caller_melds="6H 7H 8H 9H | JC QC KC")
    return [r.deadwood, g.to_dict()]


def case_refuse_duplicate_card():
    return melds.solve_rummy(["6H", "6H", "7H"]).deadwood


def case_refuse_caller_not_a_meld():
    return melds.solve_rummy(["2S"], caller_melds="6H 7H 9H").deadwood


def case_refuse_bad_card():
    return melds.solve_rummy(["6H", "1H"]).deadwood


def case_refuse_third_copy():
    return melds.solve_rummy(["6H", "6H"], True, "6H 7H 8H").deadwood


def case_double_layoffs_03():
    return solve_all("double_layoffs", 604, False, 25)


def case_double_layoffs_04():
    return solve_all("double_layoffs", 605, True, 25)

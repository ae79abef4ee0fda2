# Dumbo welds on MicroPython (D-2..D-6): random hands with the Joker, and the
# opponent's count with additions to the declarer's welds, solved on both
# interpreters; tests/rules/test_melds_portable.py checks them against the brute force.
from parlour_rules import melds
from parlour_rules.cards import JOKER
from parlour_rules.prng import Xorshift32

N = 90


def draw(rng, pool, k):
    pool = list(pool)
    n = len(pool)
    for i in range(k):
        j = i + rng.below(n - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


def dense():
    # numbers 3..7 of each suit and the Joker: welds everywhere
    return [s * 11 + n for s in range(4) for n in range(2, 7)] + [JOKER]


def hands(variant, seed):
    rng = Xorshift32(seed)
    out = []
    for i in range(N):
        if variant == "plain":
            out.append((draw(rng, range(45), 8 + i % 2), None, False))
        elif variant == "dense":
            out.append((draw(rng, dense(), 8), None, False))
        else:
            out.append(declared(rng, variant == "octad"))
    return out


def declared(rng, octad):
    # The declarer's welds: a sequence (sometimes with the Joker) and three of a number.
    pool = list(range(45))
    suit = rng.below(4)
    low = 1 + rng.below(6)
    run = [suit * 11 + n for n in range(low, low + 3 + rng.below(2))]
    number = rng.below(11)
    group = [s * 11 + number for s in range(4) if s != rng.below(4)][:3]
    group = [c for c in group if c not in run]
    welds = [run]
    if len(group) == 3:
        welds.append(group)
    if rng.below(3) == 0:
        run.append(JOKER)
    for w in welds:
        for c in w:
            pool.remove(c)
    near = [c for c in pool if c == JOKER or abs(c % 11 - low - 1) <= 4 or c % 11 == number]
    return draw(rng, near, 8), welds, octad


def digest(r):
    h = r.count
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


def solve_all(variant, seed, layout):
    out = []
    for hand, welds, octad in hands(variant, seed):
        r = melds.solve_dumbo(hand, welds, octad)
        out.append(digest(r) if layout else r.count)
    return out


def case_plain_00():
    return solve_all("plain", 701, False)


def case_plain_01():
    return solve_all("plain", 702, True)


def case_dense_00():
    return solve_all("dense", 801, False)


def case_dense_01():
    return solve_all("dense", 802, True)


def case_dense_02():
    return solve_all("dense", 803, True)


def case_additions_00():
    return solve_all("additions", 901, False)


def case_additions_01():
    return solve_all("additions", 902, True)


def case_additions_02():
    return solve_all("additions", 903, True)


def case_after_octad_00():
    return solve_all("octad", 951, True)


def case_declare_and_octad():
    hand = "1SQ 2SQ 3SQ 9CI 9DI 9ST 9SQ JOKER".split()
    r = melds.solve_dumbo(hand)
    return [r.count, r.octad, melds.may_declare(7), melds.may_declare(8), r.to_dict()]


def case_joker_example():
    # D-3 worked example: opponent left with 2CI + Joker -> 12.
    r = melds.solve_dumbo("2CI JOKER 7SQ".split(), declarer_welds="4SQ 5SQ 6SQ")
    return r.to_dict()


def case_refuse_weld_of_two_and_joker():
    return melds.check_weld("4SQ 5SQ JOKER")


def case_refuse_wrap():
    return melds.check_weld("10SQ 11SQ 1SQ")


def case_refuse_joker_twice():
    return melds.solve_dumbo(["2CI", "JOKER"], declarer_welds="4SQ 5SQ 6SQ JOKER").count


def case_additions_03():
    return solve_all("additions", 904, False)


def case_after_octad_01():
    return solve_all("octad", 952, True)

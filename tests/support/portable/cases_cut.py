from parlour_rules import cut
from parlour_rules.prng import Xorshift32


def case_dumbo_two():
    return cut.cut_dumbo(2, Xorshift32(11))


def case_dumbo_three_sits_out():
    return cut.cut_dumbo(3, Xorshift32(12))


def case_dumbo_four_sides():
    return cut.cut_dumbo(4, Xorshift32(13))


def case_dumbo_never_draws_joker():
    seen = []
    for seed in range(1, 60):
        seen.extend(cut.cut_dumbo(4, Xorshift32(seed))["cards"])
    return 44 in seen


def case_poker_ties_redraw():
    results = [cut.cut_poker(8, Xorshift32(seed)) for seed in range(1, 12)]
    return [r["dealer"] for r in results] + [max([len(d) for d in r["draws"]]) for r in results]


def case_seat_cut():
    return [cut.cut_seat(4, Xorshift32(seed))["dealer"] for seed in range(1, 20)]


def case_galumphus_first_star():
    return cut.cut_galumphus(5, Xorshift32(5))


def case_refuse_poker_nine():
    return cut.cut_poker(9, Xorshift32(1))

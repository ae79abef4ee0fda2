from parlour_rules import prng
from parlour_rules.cards import STANDARD, new_pack


def case_first_draws_seed_1():
    rng = prng.Xorshift32(1)
    return [rng.next() for _ in range(6)]


def case_draws_top_seed():
    rng = prng.Xorshift32(prng.SEED_MAX)
    return [rng.next() for _ in range(6)]


def case_shuffle_standard_pack():
    return prng.shuffled(new_pack(STANDARD), 2026)


def case_shuffle_keeps_every_card():
    deck = prng.shuffled(range(104), 99)
    deck.sort()
    return deck == list(range(104))


def case_below_range():
    rng = prng.Xorshift32(7)
    return [rng.below(6) for _ in range(30)]


def case_refuse_seed_zero():
    return prng.Xorshift32(0)


def case_refuse_seed_too_big():
    return prng.Xorshift32(prng.SEED_MAX + 1)


def case_refuse_seed_text():
    return prng.Xorshift32("12")

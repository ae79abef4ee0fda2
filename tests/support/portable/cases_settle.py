# Settle-up on both interpreters: the same balances give the same list of
# transfers on CPython and MicroPython, and the list is as short as the
# zero-sum-group bound says. Bounded runs: settle allocates two 2^n tables.
from parlour_rules.prng import Xorshift32
from parlour_rules.settle import groups, settle, transfers_needed


def random_balances(rng, n, spread):
    values = [rng.below(2 * spread + 1) - spread for _ in range(n - 1)]
    total = 0
    for v in values:
        total += v
    values.append(-total)
    return values


def run(seed, count):
    # -> every list, after checking it clears the balances with the fewest transfers
    rng = Xorshift32(seed)
    out = []
    for i in range(count):
        n = 2 + rng.below(7)
        balances = random_balances(rng, n, 4 if i % 2 else 60)
        transfers = settle(balances)
        left = list(balances)
        for payer, payee, amount in transfers:
            if amount <= 0 or left[payer] >= 0 or left[payee] <= 0:
                return "bad transfer"
            left[payer] += amount
            left[payee] -= amount
        if left != [0] * n or len(transfers) != transfers_needed(balances):
            return "not settled in the fewest"
        out.append(transfers)
    return out


def case_random_00():
    return run(11, 30)


def case_random_01():
    return run(12, 30)


def case_random_02():
    return run(13, 30)


def case_worked_example():
    return settle([-8, 12, 11, -15])


def case_groups_split():
    return [groups([5, -5, 3, -3, 0, 2, -2]), settle([5, -5, 3, -3, 0, 2, -2])]


def case_eight_no_subgroup():
    return settle([-37, 52, -8, 19, -61, 23, 45, -33])


def case_refuse_not_zero_sum():
    return settle([3, -2])


def case_refuse_not_numbers():
    return settle([3, "x", -3])

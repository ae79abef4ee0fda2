"""Settle-up (R-8): the fewest transfers, checked against an exhaustive search."""

import random

import pytest

from parlour_rules.errors import LINE, RulesError
from parlour_rules.settle import groups, settle, transfers_needed


def brute_force_minimum(balances):
    # The classic exhaustive search: the first open balance is cleared in full against
    # each later balance of the opposite sign in turn; it is exact for the minimum.
    debts = [b for b in balances if b != 0]

    def search(start):
        while start < len(debts) and debts[start] == 0:
            start += 1
        if start == len(debts):
            return 0
        best = None
        for j in range(start + 1, len(debts)):
            if debts[j] * debts[start] < 0:
                debts[j] += debts[start]
                found = 1 + search(start + 1)
                debts[j] -= debts[start]
                if best is None or found < best:
                    best = found
        return best

    return search(0)


def apply_transfers(balances, transfers):
    left = list(balances)
    for payer, payee, amount in transfers:
        assert amount > 0
        assert left[payer] < 0 < left[payee], "a transfer must go from a debtor to a creditor"
        left[payer] += amount
        left[payee] -= amount
    return left


def random_balances(rng, n, spread):
    values = [rng.randint(-spread, spread) for _ in range(n - 1)]
    values.append(-sum(values))
    return values


@pytest.mark.parametrize("n", range(1, 10))
def test_r8_settle_is_minimal_against_brute_force(n):
    rng = random.Random(8000 + n)
    for trial in range(300):
        balances = random_balances(rng, n, 3 if trial % 2 else 40)
        transfers = settle(balances)
        assert apply_transfers(balances, transfers) == [0] * n
        assert len(transfers) == brute_force_minimum(balances) == transfers_needed(balances)


def test_r8_worked_example_settles_in_three():
    # caller -8, A +12, B +11, D -15: one group of four, so three transfers.
    assert settle([-8, 12, 11, -15]) == [[0, 2, 8], [3, 1, 12], [3, 2, 3]]


def test_r8_zero_sum_groups_settle_separately():
    balances = [5, -5, 3, -3, 0, 2, -2]
    assert groups(balances) == [[0, 1], [2, 3], [5, 6]]
    assert settle(balances) == [[1, 0, 5], [3, 2, 3], [6, 5, 2]]


def test_r8_greedy_would_use_more_transfers():
    # Largest debt to largest credit over the whole table (the 14 to both sixes first)
    # takes 5 transfers; -6 paying a 6 leaves one group of four: 4 in all.
    balances = [3, 6, 6, -6, 5, -14]
    assert settle(balances) == [[3, 2, 6], [5, 0, 3], [5, 1, 6], [5, 4, 5]]
    assert len(settle(balances)) == 4 == brute_force_minimum(balances)


def test_r8_same_balances_same_list():
    balances = [7, -3, -4, 10, -10, 1, -1, 0]
    first = settle(balances)
    for _ in range(5):
        assert settle(list(balances)) == first
    assert first == sorted(first)


def test_r8_all_square_needs_nothing():
    assert settle([0, 0, 0]) == []
    assert settle([]) == []


@pytest.mark.parametrize("bad, code", [
    ([1, 2], "not_zero_sum"),
    ("12", "bad_balances"),
    ([1, "x", -1], "bad_balances"),
])
def test_r8_settle_refuses_bad_balances(bad, code):
    with pytest.raises(RulesError) as e:
        settle(bad)
    assert e.value.code == code and 0 < len(e.value.message) <= LINE

# Settling up a running ledger: who pays whom, with the fewest transfers.
# A group of k players whose balances sum to zero settles among themselves with
# k - 1 transfers, and no fewer if it holds no smaller zero-sum group; so the
# minimum for n players with money owed is n minus the largest number of disjoint
# zero-sum groups they split into. That number comes from an exact subset DP
# (2^n masks x n, 2,048 steps for 8 players); the list is built by integer rules
# only, so the same balances give the same list on every interpreter.

from .errors import RulesError


def _check(balances):
    if type(balances) is not list and type(balances) is not tuple:
        raise RulesError("bad_balances", "balances not a list")
    total = 0
    for b in balances:
        if type(b) is not int:
            raise RulesError("bad_balances", "balance not a whole")
        total += b
    if total != 0:
        raise RulesError("not_zero_sum", "balances not zero-sum")
    if len(balances) > 12:
        raise RulesError("bad_balances", "over 12 balances")


def groups(balances):
    # The largest partition of the seats with money owed into zero-sum groups:
    # a list of groups, each a list of seats in ascending order.
    _check(balances)
    seats = [s for s in range(len(balances)) if balances[s] != 0]
    m = len(seats)
    if m == 0:
        return []
    full = (1 << m) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        i = _bit_index(low)
        sums[mask] = sums[mask ^ low] + balances[seats[i]]
        top = 0
        rest = mask
        while rest:
            bit = rest & -rest
            g = best[mask ^ bit]
            if g > top:
                top = g
            rest ^= bit
        best[mask] = top + 1 if sums[mask] == 0 else top
    # Walk down from the full set, always dropping the lowest seat that keeps the
    # optimum; each time what is left sums to zero, the dropped run is a group.
    out = []
    current = []
    mask = full
    while mask:
        want = best[mask] - (1 if sums[mask] == 0 else 0)
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] == want:
                break
            rest ^= bit
        mask ^= bit
        current.append(seats[_bit_index(bit)])
        if sums[mask] == 0:
            current.sort()
            out.append(current)
            current = []
    out.sort()
    return out


def _bit_index(bit):
    i = 0
    while bit > 1:
        bit >>= 1
        i += 1
    return i


def _settle_group(balances, group):
    # Largest debtor pays largest creditor (ties by seat), until all are square:
    # every transfer clears at least one player and the last clears two, so a
    # group of k settles with at most k - 1 (exactly k - 1, as it is minimal).
    debtors = [[-balances[s], s] for s in group if balances[s] < 0]
    creditors = [[balances[s], s] for s in group if balances[s] > 0]
    debtors.sort(key=_largest_first)  # total order: seats differ
    creditors.sort(key=_largest_first)  # total order: seats differ
    out = []
    d = 0
    c = 0
    while d < len(debtors) and c < len(creditors):
        owe = debtors[d]
        due = creditors[c]
        amount = owe[0] if owe[0] < due[0] else due[0]
        out.append([owe[1], due[1], amount])
        owe[0] -= amount
        due[0] -= amount
        if owe[0] == 0:
            d += 1
        if due[0] == 0:
            c += 1
    return out


def _largest_first(pair):
    return (-pair[0], pair[1])


def settle(balances):
    # -> [[payer, payee, amount], ...] sorted by payer then payee; the fewest
    # transfers that bring every balance to zero.
    out = []
    for group in groups(balances):
        out.extend(_settle_group(balances, group))
    out.sort()
    return out


def transfers_needed(balances):
    # The minimum number of transfers: players owed or owing minus groups.
    owed = 0
    for b in balances:
        if b != 0:
            owed += 1
    return owed - len(groups(balances))

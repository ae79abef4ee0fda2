# Settling up a running ledger: who pays whom, with the fewest transfers.
# A group of k players whose balances sum to zero settles among themselves with
# k - 1 transfers, and no fewer if it holds no smaller zero-sum group; so the
# minimum for n players with money owed is n minus the largest number of disjoint
# zero-sum groups they split into. That number is exact: every subset's sum (2^n,
# 255 for 8 players), then a DP over the zero-sum subsets only (usually a handful).
# The list is built by integer rules only, so the same balances give the same
# list on every interpreter.

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
        raise RulesError("not_zero_sum", "balances sum not 0")
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
    value = {}
    for i in range(m):
        value[1 << i] = balances[seats[i]]
    # Every subset's sum (a subset is a bit mask over `seats`); keep the zero ones.
    sums = [0] * (full + 1)
    zero = []
    for mask in range(1, full + 1):
        low = mask & -mask
        total = sums[mask ^ low] + value[low]
        sums[mask] = total
        if total == 0:
            zero.append(mask)
    # best[Z] for a zero-sum Z: the most groups it splits into, and its first group
    # (the one holding Z's lowest seat). A submask is a smaller number, so it is
    # done before every set that contains it; ties keep the first (smallest) found.
    best = {}
    for z in zero:
        low = z & -z
        count = 1
        first = z
        for sub in zero:
            if sub >= z:
                break
            if sub & low and sub & z == sub:
                c = 1 + best[z ^ sub][0]
                if c > count:
                    count = c
                    first = sub
        best[z] = (count, first)
    out = []
    z = full
    while z:
        first = best[z][1]
        out.append([seats[i] for i in range(m) if first >> i & 1])
        z ^= first
    out.sort()
    return out


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

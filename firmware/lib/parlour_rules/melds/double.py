# The double pack: a card may be held twice; sets of 3 to 6 of a
# rank, identical cards allowed (7 or 8 make two sets); runs never hold two
# identical cards, so two runs may overlap. A suit is two masks: a (ranks held
# at least once) and b (ranks held twice).
#
# Without a caller the search is double_sets.plain (and one suit's closed
# form, dcost). Against a caller's melds (here): which copies of each rank
# that can make a set or be laid off on a caller's set go there, the suits
# then solved on their own (double_suit.py), each suit's cost kept per choice. A
# hand with no card twice and no caller's card inside a caller's run is a
# one-pack problem (melds.best).

from ..cards import STANDARD, parse_cards
from .double_sets import plain
from .results import RummyResult, as_laid
from .tables import NONE4, STD_HI, STD_LO, best

W = 13


def _too_many(card):
    from ..cards import format_card
    from ..errors import refuse
    refuse("dup_card", "too many: ", format_card(card, STANDARD))


def _hand(hand):
    if len(hand) > 11:
        from ..errors import RulesError
        raise RulesError("big_hand", "over 11 cards")
    # Spades and hearts in one 26-bit mask, diamonds and clubs in another
    # (small ints on the board); *2: the cards held twice. A card that is not
    # an int 0..51 (a string, or out of range) is parsed or refused.
    lo1 = lo2 = hi1 = hi2 = 0
    try:
        for c in hand:
            if c < 26:
                bit = 1 << c
                if lo2 & bit:
                    _too_many(c)
                lo2 |= lo1 & bit
                lo1 |= bit
            else:
                bit = 1 << (c - 26)
                if hi2 & bit:
                    _too_many(c)
                hi2 |= hi1 & bit
                hi1 |= bit
    except (TypeError, ValueError):
        return _hand(parse_cards(hand, STANDARD))
    if hi1 >> 26:
        return _hand(parse_cards(hand, STANDARD))
    return ([lo1 & 8191, lo1 >> 13, hi1 & 8191, hi1 >> 13],
            [lo2 & 8191, lo2 >> 13, hi2 & 8191, hi2 >> 13])


def _low(mask):
    r = 0
    while not mask >> r & 1:
        r += 1
    return r


def solve(hand, caller_melds=None):
    m1, m2 = _hand(hand)
    r = RummyResult()
    if caller_melds is None:
        if m2[0] | m2[1] | m2[2] | m2[3]:
            r.deadwood, picks = plain(m1, m2)
            r.plan = ("double", picks, m1, m2, None, None)
        else:
            # no card twice: a one-pack problem
            r.deadwood, co = best(m1, NONE4, NONE4, STD_LO, STD_HI, 0)
            r.plan = (m1, co, None)
        return r
    from .double_suit import table
    laid = as_laid(caller_melds, STANDARD, True, False)
    ends, cap, on1, on2, simple = table(laid)
    ph = laid.ph
    for s in range(4):
        over = (m1[s] & on2[s]) | (m2[s] & on1[s])
        if over:
            _too_many(s * W + _low(over))
    dups = m2[0] | m2[1] | m2[2] | m2[3]
    dups |= (m1[0] & ph[0]) | (m1[1] & ph[1]) | (m1[2] & ph[2]) | (m1[3] & ph[3])
    if not dups and simple:
        r.deadwood, co = best(m1, ph, laid.fr, STD_LO, STD_HI, 0)
        r.plan = (m1, co, laid)
        return r
    r.deadwood, picks = _search(m1, m2, laid, ends, cap)
    r.plan = ("double", picks, m1, m2, laid, ends)
    return r


def _search(m1, m2, laid, ends, cap):
    if laid is None:
        return plain(m1, m2)
    # Against the caller's melds. Copies held per rank, bit-sliced: ranks with
    # 3 or more (or a caller's set with room and a copy here) may give cards
    # to sets.
    ones = twos = fours = 0
    for m in (m1[0], m1[1], m1[2], m1[3], m2[0], m2[1], m2[2], m2[3]):
        carry = ones & m
        ones ^= m
        fours |= twos & carry
        twos ^= carry
    want = fours | (twos & ones)
    for r in range(W):
        if cap[r]:
            want |= (ones | twos | fours) & (1 << r)
    if not want:
        total = 0
        for s in range(4):
            total += _cost(s, m1[s], m2[s], laid, ends)
        return total, []
    # Per rank the ways (copies per suit); copies no run could use go first.
    pot1 = [0, 0, 0, 0]
    pot2 = [0, 0, 0, 0]
    for s in range(4):
        x = m1[s] | laid.ph[s]
        t = x & x >> 1 & x >> 2
        pot1[s] = t | t << 1 | t << 2
        pot2[s] = m2[s] & pot1[s]
    ranks = []
    r = 0
    while want >> r:
        if want >> r & 1:
            ranks.append((r, _ways(r, m1, m2, pot1, pot2, cap[r])))
        r += 1
    # Each suit's cost per choice: index = sum of copies taken at rank i times 3^i.
    k = len(ranks)
    size = 1
    for _ in range(k):
        size *= 3
    memo = [[-1] * size, [-1] * size, [-1] * size, [-1] * size]
    best = [-1, None]
    picks = [0] * k
    _dfs(ranks, 0, 0, 0, 0, 0, 1, picks, memo, best, m1, m2, laid, ends)
    return best[0], [(ranks[i][0], best[1][i]) for i in range(k)]


def _ways(r, m1, m2, pot1, pot2, room):
    # Copies taken per suit, packed 2 bits a suit. Copies no run could use are
    # taken as many as the set allows (they are dead otherwise).
    held = [(m1[s] >> r & 1) + (m2[s] >> r & 1) for s in range(4)]
    pc = [min(held[s], (pot1[s] >> r & 1) + (pot2[s] >> r & 1)) for s in range(4)]
    n0 = held[0] + held[1] + held[2] + held[3] - pc[0] - pc[1] - pc[2] - pc[3]
    out = []
    tk = [0, 0, 0, 0]
    while True:
        kp = tk[0] + tk[1] + tk[2] + tk[3]
        if kp + n0 >= 3:
            k0 = n0
        elif kp <= room:
            k0 = min(n0, room - kp)
        else:
            k0 = -1
        if k0 >= 0:
            packed = 0
            for s in range(4):
                extra = min(k0, held[s] - pc[s])
                k0 -= extra
                packed |= (tk[s] + extra) << (2 * s)
            out.append(packed)
        s = 0
        while s < 4:
            if tk[s] < pc[s]:
                tk[s] += 1
                break
            tk[s] = 0
            s += 1
        if s == 4:
            return out


def _dfs(ranks, i, x0, x1, x2, x3, unit, picks, memo, best, m1, m2, laid, ends):
    if i == len(ranks):
        total = 0
        xs = (x0, x1, x2, x3)
        for s in range(4):
            row = memo[s]
            got = row[xs[s]]
            if got < 0:
                got = row[xs[s]] = _suit_after(s, xs[s], ranks, m1, m2, laid, ends)
            total += got
            if best[0] >= 0 and total >= best[0]:
                return
        best[0] = total
        best[1] = list(picks)
        return
    for way in ranks[i][1]:
        picks[i] = way
        _dfs(ranks, i + 1, x0 + (way & 3) * unit, x1 + (way >> 2 & 3) * unit,
             x2 + (way >> 4 & 3) * unit, x3 + (way >> 6 & 3) * unit, unit * 3,
             picks, memo, best, m1, m2, laid, ends)


def _suit_after(s, x, ranks, m1, m2, laid, ends):
    # Suit s once the copies chosen (index x, base 3 per rank) have gone to sets.
    a = m1[s]
    b = m2[s]
    for r, _ in ranks:
        t = x % 3
        x //= 3
        if t:
            bit = 1 << r
            if t == 2 or not b & bit:
                a &= ~bit
            b &= ~bit
    return _cost(s, a, b, laid, ends)


def _cost(s, a, b, laid, ends):
    from .double_suit import suit_cost
    e = ends[s]
    return suit_cost(a, b, e[0], e[1], e[2], e[3])

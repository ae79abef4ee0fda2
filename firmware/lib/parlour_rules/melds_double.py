# The double pack: a card may be held twice; sets of 3 to 6 of a
# rank, identical cards allowed (7 or 8 make two sets); runs never hold two
# identical cards, so two runs may overlap. A suit is two masks: a (ranks held
# at least once) and b (ranks held twice).
#
# One suit, no lay-offs, in closed form (dcost): a run needs 3 consecutive
# ranks, so the first copies that can be in runs are the cover of a, and all
# of them are. A second copy is in a run too unless its block of b (inside a
# stretch [L, R] of the cover) lies within the stretch's first two ranks or
# its last two: the runs are then [L, end of block] and [start of block, R]
# (and between blocks, [start of one, end of the next]), each 3 or longer.
# (Checked against the exhaustive suit search for every count vector.)
# The search: which copies of each rank that can make a set (or be laid off on
# a caller's set) go there, the suits then solved on their own, each suit's
# cost kept per choice. A hand with no card twice and no caller's card inside
# a caller's run is a one-pack problem (melds._best).

from .cards import STANDARD, parse_cards
from .melds import NONE4, STD_HI, STD_LO, RummyResult, _best, _laid

W = 13


def dcost(a, b):
    # Least dead pips of a suit of the double pack, no lay-offs.
    t = a & a >> 1 & a >> 2
    cov = t | t << 1 | t << 2
    z = a & ~cov
    bb = b & cov
    if bb:
        st = cov & ~(cov << 1)
        en = cov & ~(cov >> 1)
        b &= ~bb | (st & bb & ~(bb >> 1 & bb >> 2)) | ((st << 1) & bb & ~(bb >> 1)) | (
            en & bb & ~(bb << 1 & bb << 2)) | ((en >> 1) & bb & ~(bb << 1))
    return STD_LO[z & 127] + STD_HI[z >> 7] + STD_LO[b & 127] + STD_HI[b >> 7]


def second_copies(a, b):
    # The second copies dcost puts in runs.
    t = a & a >> 1 & a >> 2
    cov = t | t << 1 | t << 2
    bb = b & cov
    st = cov & ~(cov << 1)
    en = cov & ~(cov >> 1)
    return bb & ~((st & bb & ~(bb >> 1 & bb >> 2)) | ((st << 1) & bb & ~(bb >> 1)) | (
        en & bb & ~(bb << 1 & bb << 2)) | ((en >> 1) & bb & ~(bb << 1)))


def _too_many(card):
    from .cards import format_card
    from .errors import refuse
    refuse("dup_card", "too many: ", format_card(card, STANDARD))


def _hand(hand):
    if len(hand) > 11:
        from .errors import RulesError
        raise RulesError("big_hand", "over 11 cards")
    m1 = [0, 0, 0, 0]
    m2 = [0, 0, 0, 0]
    for c in hand:
        if type(c) is not int or c < 0 or c > 51:
            return _hand(parse_cards(hand, STANDARD))
        s = c // W
        bit = 1 << (c - s * W)
        if m2[s] & bit:
            _too_many(c)
        m2[s] |= m1[s] & bit
        m1[s] |= bit
    return m1, m2


def _low(mask):
    r = 0
    while not mask >> r & 1:
        r += 1
    return r


def solve(hand, caller_melds=None):
    m1, m2 = _hand(hand)
    laid = None
    ph = NONE4
    ends = None
    cap = None
    simple = True
    if caller_melds is not None:
        from .melds_dsuit import table
        laid = _laid(caller_melds, STANDARD, True, False)
        ends, cap, on1, on2, simple = table(laid)
        ph = laid.ph
        for s in range(4):
            over = (m1[s] & on2[s]) | (m2[s] & on1[s])
            if over:
                _too_many(s * W + _low(over))
    dups = m2[0] | m2[1] | m2[2] | m2[3]
    if laid is not None:
        dups |= (m1[0] & ph[0]) | (m1[1] & ph[1]) | (m1[2] & ph[2]) | (m1[3] & ph[3])
    r = RummyResult()
    if not dups and simple:
        r.deadwood, co = _best(m1, ph, laid.fr if laid else NONE4, STD_LO, STD_HI, 0)
        r._plan = (m1, co, laid)
        return r
    r.deadwood, picks = _search(m1, m2, laid, ends, cap)
    r._plan = ("double", picks, m1, m2, laid, ends)
    return r


def _search(m1, m2, laid, ends, cap):
    # Copies held per rank, bit-sliced: ranks with 3 or more (or a caller's set
    # with room and a copy here) may give cards to sets.
    ones = twos = fours = 0
    for m in (m1[0], m1[1], m1[2], m1[3], m2[0], m2[1], m2[2], m2[3]):
        carry = ones & m
        ones ^= m
        fours |= twos & carry
        twos ^= carry
    want = fours | (twos & ones)
    if cap is not None:
        for r in range(W):
            if cap[r]:
                want |= (ones | twos | fours) & (1 << r)
    if not want:
        if laid is None:
            return (dcost(m1[0], m2[0]) + dcost(m1[1], m2[1]) + dcost(m1[2], m2[2])
                    + dcost(m1[3], m2[3])), []
        total = 0
        for s in range(4):
            total += _cost(s, m1[s], m2[s], laid, ends)
        return total, []
    # Per rank the ways (copies per suit); copies no run could use go first.
    pot1 = [0, 0, 0, 0]
    pot2 = [0, 0, 0, 0]
    for s in range(4):
        a = m1[s]
        b = m2[s]
        if laid is None:
            t = a & a >> 1 & a >> 2
            pot1[s] = t | t << 1 | t << 2
            pot2[s] = second_copies(a, b)
        else:
            x = a | laid.ph[s]
            t = x & x >> 1 & x >> 2
            pot1[s] = t | t << 1 | t << 2
            pot2[s] = b & pot1[s]
    if laid is None:
        # First every copy of those ranks to sets: the answer if each card it
        # leaves dead is one that no set or run could use.
        low = 0
        full = 0
        for s in range(4):
            z = m1[s] & ~pot1[s] & ~want
            low += STD_LO[z & 127] + STD_HI[z >> 7]
            z = m2[s] & ~pot2[s] & ~want
            low += STD_LO[z & 127] + STD_HI[z >> 7]
            full += dcost(m1[s] & ~want, m2[s] & ~want)
        if full == low:
            picks = []
            r = 0
            while want >> r:
                if want >> r & 1:
                    way = 0
                    for s in range(4):
                        way |= ((m1[s] >> r & 1) + (m2[s] >> r & 1)) << (2 * s)
                    picks.append((r, way))
                r += 1
            return low, picks
    ranks = []
    r = 0
    while want >> r:
        if want >> r & 1:
            ranks.append((r, _ways(r, m1, m2, pot1, pot2, cap[r] if cap is not None else 0)))
        r += 1
    if laid is None and len(ranks) <= 3:
        return _table_search(ranks, m1, m2, pot1, pot2)
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


def _table_search(ranks, m1, m2, pot1, pot2):
    # No lay-offs, at most 3 set ranks (11 cards): each suit's dead pips for
    # every choice of copies taken from it (index: copies taken at rank i
    # times 3^i, 5 bits a suit in one int), then every way summed from the rows.
    rows = []
    for s in range(4):
        row = [0] * 27
        cnt = [0, 0, 0]
        a0 = m1[s]
        b0 = m2[s]
        # per rank: the copies held here, and the bits cleared from a and b
        # when 0, 1 or 2 of them go to sets
        ra = [(0, 0, 0), (0, 0, 0), (0, 0, 0)]
        rb = [(0, 0, 0), (0, 0, 0), (0, 0, 0)]
        for i in range(len(ranks)):
            bit = 1 << ranks[i][0]
            if b0 & bit:
                cnt[i] = 2
                ra[i] = (0, 0, bit)
                rb[i] = (0, bit, bit)
            elif a0 & bit:
                cnt[i] = 1
                ra[i] = rb[i] = (0, bit, bit)
        ra0, ra1, ra2 = ra
        rb0, rb1, rb2 = rb
        for t2 in range(cnt[2] + 1):
            for t1 in range(cnt[1] + 1):
                xa = ~(ra1[t1] | ra2[t2])
                xb = ~(rb1[t1] | rb2[t2])
                at = 3 * t1 + 9 * t2
                for t0 in range(cnt[0] + 1):
                    a = a0 & xa & ~ra0[t0]
                    b = b0 & xb & ~rb0[t0]
                    t = a & a >> 1 & a >> 2
                    cov = t | t << 1 | t << 2
                    z = a & ~cov
                    bb = b & cov
                    if bb:
                        st = cov & ~(cov << 1)
                        en = cov & ~(cov >> 1)
                        b &= ~bb | (st & bb & ~(bb >> 1 & bb >> 2)) | (
                            (st << 1) & bb & ~(bb >> 1)) | (en & bb & ~(bb << 1 & bb << 2)) | (
                            (en >> 1) & bb & ~(bb << 1))
                    row[at + t0] = (STD_LO[z & 127] + STD_HI[z >> 7]
                                    + STD_LO[b & 127] + STD_HI[b >> 7])
        rows.append(row)
    ways = []
    unit = 1
    for _r, wl in ranks:
        ways.append([((w & 3) + ((w >> 2 & 3) << 5) + ((w >> 4 & 3) << 10)
                      + ((w >> 6 & 3) << 15)) * unit for w in wl])
        unit *= 3
    while len(ways) < 3:
        ways.append([0])
    r0, r1, r2, r3 = rows
    best = -1
    pick = 0
    for w0 in ways[0]:
        for w1 in ways[1]:
            w01 = w0 + w1
            for w2 in ways[2]:
                jj = w01 + w2
                v = r0[jj & 31] + r1[jj >> 5 & 31] + r2[jj >> 10 & 31] + r3[jj >> 15]
                if v < best or best < 0:
                    best = v
                    pick = jj
    out = []
    unit = 1
    for r, _ in ranks:
        way = 0
        for s in range(4):
            way |= (pick >> (5 * s) & 31) // unit % 3 << (2 * s)
        out.append((r, way))
        unit *= 3
    return best, out


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
    if laid is None:
        return dcost(a, b)
    from .melds_dsuit import suit_cost
    e = ends[s]
    return suit_cost(a, b, e[0], e[1], e[2], e[3])

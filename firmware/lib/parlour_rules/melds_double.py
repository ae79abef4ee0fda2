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


def _too_many(card):
    from .cards import format_card
    from .errors import refuse
    refuse("dup_card", "too many: ", format_card(card, STANDARD))


def _hand(hand):
    if len(hand) > 11:
        from .errors import RulesError
        raise RulesError("big_hand", "over 11 cards")
    # Spades and hearts in one 26-bit mask, diamonds and clubs in another
    # (small ints on the board); *2: the cards held twice.
    lo1 = lo2 = hi1 = hi2 = 0
    for c in hand:
        if type(c) is not int or c < 0 or c > 51:
            return _hand(parse_cards(hand, STANDARD))
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
    return ([lo1 & 8191, lo1 >> 13, hi1 & 8191, hi1 >> 13],
            [lo2 & 8191, lo2 >> 13, hi2 & 8191, hi2 >> 13])


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


def _plain(m1, m2):
    # No lay-offs. Ranks with 3+ copies: three suits, or two and a second copy.
    a0, a1, a2, a3 = m1
    b0, b1, b2, b3 = m2
    want = (a0 & a1 & (a2 | a3)) | (a2 & a3 & (a0 | a1)) | (
        ((a0 & a1) | (a2 & a3) | ((a0 | a1) & (a2 | a3))) & (b0 | b1 | b2 | b3))
    if not want:
        return dcost(a0, b0) + dcost(a1, b1) + dcost(a2, b2) + dcost(a3, b3), []
    # Per suit the copies a run could use (pot: first copies in the cover,
    # second copies the closed form puts in runs); low: the pips of cards no
    # set and no run could use, a lower bound.
    pot1 = [0, 0, 0, 0]
    pot2 = [0, 0, 0, 0]
    lows = [0, 0, 0, 0]
    for s in range(4):
        a = m1[s]
        b = m2[s]
        t = a & a >> 1 & a >> 2
        cov = t | t << 1 | t << 2
        pot1[s] = cov
        bb = b & cov
        if bb:
            st = cov & ~(cov << 1)
            en = cov & ~(cov >> 1)
            bb &= ~((st & bb & ~(bb >> 1 & bb >> 2)) | ((st << 1) & bb & ~(bb >> 1)) | (
                en & bb & ~(bb << 1 & bb << 2)) | ((en >> 1) & bb & ~(bb << 1)))
            pot2[s] = bb
        z = a & ~cov & ~want
        y = b & ~bb & ~want
        lows[s] = STD_LO[z & 127] + STD_HI[z >> 7] + STD_LO[y & 127] + STD_HI[y >> 7]
    l0, l1, l2, l3 = lows
    low = l0 + l1 + l2 + l3
    # The ways to take each set rank (at most 3 of them in 11 cards), packed 5
    # bits a suit: copies taken at the i-th rank times 3^i; full: every copy.
    bits = []
    ways = []
    unit = 1
    full = 0
    r = want
    while r:
        bit = r & -r
        r ^= bit
        bits.append(bit)
        # Its copies no run could use all go when the set is made; of the
        # others any number; or none at all (a set needs 3+ copies). The
        # number of copies a way takes rides above bit 24 until the end.
        base = 0
        n0 = 0
        ws = [0]
        sh = 0
        for s in range(4):
            if m1[s] & bit:
                if m2[s] & bit:
                    full += 2 * unit << sh
                    p = (1 if pot1[s] & bit else 0) + (1 if pot2[s] & bit else 0)
                    if p < 2:
                        n0 += 2 - p
                        base += (2 - p) * unit << sh
                else:
                    full += unit << sh
                    p = 1 if pot1[s] & bit else 0
                    if not p:
                        n0 += 1
                        base += unit << sh
                if p:
                    step = (unit << sh) + 16777216
                    n = len(ws)
                    for k in range(n):
                        ws.append(ws[k] + step)
                    if p == 2:
                        step += step
                        for k in range(n):
                            ws.append(ws[k] + step)
            sh += 5
        w = [] if n0 >= 3 else [0]
        n0 = 3 - n0
        for k in ws:
            if k >> 24 >= n0:
                w.append((k & 16777215) + base)
        ways.append(w)
        unit *= 3
    while len(ways) < 3:
        ways.append((0,))
    # Each suit's cost per choice, worked out the first time a way needs it
    # and only if the way can still win with the suit at its lower bound;
    # every copy to sets first: the answer if it meets the lower bound.
    r0 = [-1] * unit
    r1 = [-1] * unit
    r2 = [-1] * unit
    r3 = [-1] * unit
    i = full & 31
    best = r0[i] = _after(a0, b0, i, bits)
    i = full >> 5 & 31
    best += _put(r1, i, a1, b1, bits)
    i = full >> 10 & 31
    best += _put(r2, i, a2, b2, bits)
    i = full >> 15
    best += _put(r3, i, a3, b3, bits)
    pick = full
    if best == low:
        return best, (pick, bits)
    for w0 in ways[0]:
        for w1 in ways[1]:
            w01 = w0 + w1
            for w2 in ways[2]:
                jj = w01 + w2
                i0 = jj & 31
                i1 = jj >> 5 & 31
                i2 = jj >> 10 & 31
                i3 = jj >> 15
                v0 = r0[i0]
                v1 = r1[i1]
                v2 = r2[i2]
                v3 = r3[i3]
                v = ((v0 if v0 >= 0 else l0) + (v1 if v1 >= 0 else l1) + (v2 if v2 >= 0 else l2)
                     + (v3 if v3 >= 0 else l3))
                if v >= best:
                    continue
                if v0 < 0:
                    v0 = r0[i0] = _after(a0, b0, i0, bits)
                    v += v0 - l0
                    if v >= best:
                        continue
                if v1 < 0:
                    v1 = r1[i1] = _after(a1, b1, i1, bits)
                    v += v1 - l1
                    if v >= best:
                        continue
                if v2 < 0:
                    v2 = r2[i2] = _after(a2, b2, i2, bits)
                    v += v2 - l2
                    if v >= best:
                        continue
                if v3 < 0:
                    v3 = r3[i3] = _after(a3, b3, i3, bits)
                    v += v3 - l3
                    if v >= best:
                        continue
                best = v
                pick = jj
                if v == low:
                    return best, (pick, bits)
    return best, (pick, bits)


def _put(row, i, a, b, bits):
    v = row[i] = _after(a, b, i, bits)
    return v


def _after(a, b, i, bits):
    # One suit's dead pips once the copies chosen (i: base 3 per rank) went to
    # sets (dcost inline).
    for bit in bits:
        if not i:
            break
        t = i % 3
        i //= 3
        if t:
            if t == 2 or not b & bit:
                a &= ~bit
            b &= ~bit
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


def unpack(pick, bits):
    # The ways _plain chose, as (rank, copies per suit, 2 bits a suit).
    out = []
    unit = 1
    for bit in bits:
        way = 0
        for s in range(4):
            way |= (pick >> (5 * s) & 31) // unit % 3 << (2 * s)
        out.append((_low(bit), way))
        unit *= 3
    return out


def _search(m1, m2, laid, ends, cap):
    if laid is None:
        return _plain(m1, m2)
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
    from .melds_dsuit import suit_cost
    e = ends[s]
    return suit_cost(a, b, e[0], e[1], e[2], e[3])

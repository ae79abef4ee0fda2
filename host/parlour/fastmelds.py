# The one-pack solve on a laptop (CPython only; the board never loads this):
# per suit mask, its run cover and the pips left out of every run are looked
# up in 8192-entry tables (built once at import), so a suit costs one lookup.
# Sets whose cards lie in no run cover are taken whole; one contested rank has
# a closed form; two or three are enumerated. The same with lay-offs (a
# caller's run joins its suit before the cover is looked up, a card a caller's
# set takes is masked out of the pips) and for the double pack's entry. The
# number only: the arrangement is worked out by melds.show when asked for.

from parlour_rules.melds import RummyResult, use_fast

_SHL = (1).__lshift__
_POP = int.bit_count  # (CPython only)


def _suit_tables():
    # Per suit mask: its run cover, and the pips of its cards outside it.
    dead = []
    cov = []
    for x in range(8192):
        t = x & x >> 1 & x >> 2
        t |= t << 1 | t << 2
        z = x & ~t
        cov.append(t)
        dead.append(_pips(z))
    return dead, cov


def _pips(z):
    # J Q K count 10.
    s = 0
    r = 0
    while z:
        if z & 1:
            s += r + 1 if r < 10 else 10
        z >>= 1
        r += 1
    return s


_DEAD, _COV = _suit_tables()
# Every card int of the standard pack is below 52: a hand's bits fit under 2**52.
HAND_BITS = 1 << 52
_PLAIN = []  # double_sets.plain and dcost, once first needed (it imports melds)


def solve(hand):
    # -> RummyResult, or None when the hand is not a list of distinct card ints.
    try:
        m = sum(map(_SHL, hand))
    except (TypeError, ValueError):
        return None
    if 0 <= m < HAND_BITS and _POP(m) == len(hand) < 12:
        r = RummyResult()
        r.deadwood = _fast(m)
        r.plan = (m, None, None)
        return r
    return None


def solve_double(hand):
    # The double pack, no lay-offs: -> RummyResult, or None when the hand is
    # not a list of card ints each held at most twice (the general path then
    # refuses or parses it). The sum of the hand's bits is the cards held
    # (m1) plus the cards held twice (m2); with no carry in that sum (as many
    # bits as cards) no card is held twice.
    try:
        m = sum(map(_SHL, hand))
    except (TypeError, ValueError):
        return None
    r = RummyResult()
    if 0 <= m < HAND_BITS and _POP(m) == len(hand) < 12:
        r.deadwood = _fast(m)
        r.plan = (m, None, None)
        return r
    m1 = sum(map(_SHL, set(hand)))
    m2 = m - m1
    if not (0 <= m1 < HAND_BITS and not m2 & ~m1
            and _POP(m1) + _POP(m2) == len(hand) < 12):
        return None
    a0 = m1 & 8191
    a1 = m1 >> 13 & 8191
    a2 = m1 >> 26 & 8191
    a3 = m1 >> 39
    b0 = m2 & 8191
    b1 = m2 >> 13 & 8191
    b2 = m2 >> 26 & 8191
    b3 = m2 >> 39
    if not _PLAIN:
        from parlour_rules.melds.double_sets import dcost
        from parlour_rules.melds.double_sets import plain as _plain
        _PLAIN.append(_plain)
        _PLAIN.append(dcost)
    if (a0 & a1 & (a2 | a3)) | (a2 & a3 & (a0 | a1)) | (
            ((a0 & a1) | (a2 & a3) | ((a0 | a1) & (a2 | a3))) & (b0 | b1 | b2 | b3)):
        m1 = [a0, a1, a2, a3]
        m2 = [b0, b1, b2, b3]
        r.deadwood, picks = _PLAIN[0](m1, m2)
    else:
        # No rank held 3 times: runs only; a suit whose second copies lie
        # outside its cover has them all dead.
        D = _DEAD
        C = _COV
        P = _PIP
        dc = _PLAIN[1]
        r.deadwood = ((dc(a0, b0) if b0 & C[a0] else D[a0] + P[b0])
                      + (dc(a1, b1) if b1 & C[a1] else D[a1] + P[b1])
                      + (dc(a2, b2) if b2 & C[a2] else D[a2] + P[b2])
                      + (dc(a3, b3) if b3 & C[a3] else D[a3] + P[b3]))
        picks = []
        m1 = [a0, a1, a2, a3]
        m2 = [b0, b1, b2, b3]
    r.plan = ("double", picks, m1, m2, None, None)
    return r


def _fast(m):
    # The least deadwood of the hand as one 52-bit mask.
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    D = _DEAD
    three = (a & b & (c | d)) | (c & d & (a | b))
    if not three:
        return D[a] + D[b] + D[c] + D[d]
    C = _COV
    con = three & (C[a] | C[b] | C[c] | C[d])
    if not con:
        n = ~three
        return D[a & n] + D[b & n] + D[c & n] + D[d & n]
    n = ~three | con
    a &= n
    b &= n
    c &= n
    d &= n
    if con & (con - 1):
        return _fast_many(a, b, c, d, con)
    # One contested rank: each suit with and without its card (g: the change).
    va = D[a]
    vb = D[b]
    vc = D[c]
    vd = D[d]
    n = ~con
    ga = D[a & n] - va
    gb = D[b & n] - vb
    gc = D[c & n] - vc
    gd = D[d & n] - vd
    g = ga + gb + gc + gd
    if a & b & c & d:
        # Four of a kind: also three of them, the fourth left to its run.
        g -= max(ga, gb, gc, gd, 0)
    return va + vb + vc + vd + (g if g < 0 else 0)


def _fast_many(a, b, c, d, con):
    # Two or three contested ranks: every way to take them, as removal masks.
    C = _COV
    m = a | b << 13 | c << 26 | d << 39
    cov = C[a] | C[b] << 13 | C[c] << 26 | C[d] << 39
    ways = []
    while con:
        bit = con & -con
        con ^= bit
        full = m & bit * 0x8004002001
        w = [full]
        if _POP(full) == 4:
            inner = full & cov
            alone = _POP(inner)
            while inner:
                one = inner & -inner
                inner ^= one
                w.append(full ^ one)
            if alone != 1:
                w.append(0)
        else:
            w.append(0)
        ways.append(w)
    if len(ways) < 3:
        ways.append((0,))
    D = _DEAD
    best = 999
    for w0 in ways[0]:
        for w1 in ways[1]:
            x1 = m & ~(w0 | w1)
            for w2 in ways[2]:
                x = x1 & ~w2
                v = D[x & 8191] + D[x >> 13 & 8191] + D[x >> 26 & 8191] + D[x >> 39]
                if v < best:
                    best = v
    return best


def _plain_pips():
    return [_pips(x) for x in range(8192)]


_PIP = _plain_pips()


def solve_laid(hand, laid):
    # One pack against the caller's melds as laid: the same search
    # as melds.search.best, each suit's cost one cover and one pip lookup (its
    # caller's run as cards of no value, its free lay-offs masked out).
    # -> RummyResult, or None when the hand is not a list of distinct card ints
    # clear of the table (the general path then refuses or parses it).
    try:
        m = sum(map(_SHL, hand))
    except (TypeError, ValueError):
        return None
    h = laid.held
    if not (0 <= m < HAND_BITS and _POP(m) == len(hand) < 12) or m & (
            h[0] | h[1] << 13 | h[2] << 26 | h[3] << 39):
        return None
    r = RummyResult()
    r.deadwood = _laid(m, laid.ph, laid.fr)
    r.plan = (m, None, laid)
    return r


def _laid(m, ph, fr):
    a = m & 8191
    b = m >> 13 & 8191
    c = m >> 26 & 8191
    d = m >> 39
    pa, pb, pc, pd = ph
    fa = ~fr[0]
    fb = ~fr[1]
    fc = ~fr[2]
    fd = ~fr[3]
    C = _COV
    P = _PIP
    ca = C[a | pa]
    cb = C[b | pb]
    cc = C[c | pc]
    cd = C[d | pd]
    three = (a & b & (c | d)) | (c & d & (a | b))
    con = three & ((a & ca) | (b & cb) | (c & cc) | (d & cd))
    if not con:
        # Whole sets, whole stretches (a set card lies in no cover).
        n = ~three
        return P[a & ~ca & fa & n] + P[b & ~cb & fb & n] + P[c & ~cc & fc & n] + P[d & ~cd & fd & n]
    n = ~three | con
    a &= n
    b &= n
    c &= n
    d &= n
    if con & (con - 1):
        return _laid_many(a, b, c, d, ph, (fa, fb, fc, fd), (ca, cb, cc, cd), con)
    # One contested rank: each suit with and without its card (g: the change).
    va = P[a & ~C[a | pa] & fa]
    vb = P[b & ~C[b | pb] & fb]
    vc = P[c & ~C[c | pc] & fc]
    vd = P[d & ~C[d | pd] & fd]
    n = ~con
    x = a & n
    ga = P[x & ~C[x | pa] & fa] - va
    x = b & n
    gb = P[x & ~C[x | pb] & fb] - vb
    x = c & n
    gc = P[x & ~C[x | pc] & fc] - vc
    x = d & n
    gd = P[x & ~C[x | pd] & fd] - vd
    g = ga + gb + gc + gd
    if a & b & c & d:
        # Four of a kind: also three of them, the fourth left to its run.
        g -= max(ga, gb, gc, gd, 0)
    return va + vb + vc + vd + (g if g < 0 else 0)


def _laid_many(a, b, c, d, ph, nf, cv, con):
    # Two or three contested ranks: every way to take them, per suit masks.
    C = _COV
    P = _PIP
    hs = (a, b, c, d)
    ways = []
    while con:
        bit = con & -con
        con ^= bit
        held = [bit if x & bit else 0 for x in hs]
        w = [held]
        if a & b & c & d & bit:
            alone = 0
            for s in range(4):
                if cv[s] & bit:
                    left = held[:]
                    left[s] = 0
                    w.append(left)
                    alone += 1
            if alone != 1:
                w.append((0, 0, 0, 0))
        else:
            w.append((0, 0, 0, 0))
        ways.append(w)
    if len(ways) < 3:
        ways.append(((0, 0, 0, 0),))
    pa, pb, pc, pd = ph
    fa, fb, fc, fd = nf
    best = 999
    for w0 in ways[0]:
        for w1 in ways[1]:
            for w2 in ways[2]:
                x = a & ~(w0[0] | w1[0] | w2[0])
                v = P[x & ~C[x | pa] & fa]
                x = b & ~(w0[1] | w1[1] | w2[1])
                v += P[x & ~C[x | pb] & fb]
                x = c & ~(w0[2] | w1[2] | w2[2])
                v += P[x & ~C[x | pc] & fc]
                x = d & ~(w0[3] | w1[3] | w2[3])
                v += P[x & ~C[x | pd] & fd]
                if v < best:
                    best = v
    return best


use_fast(solve, solve_double, solve_laid)

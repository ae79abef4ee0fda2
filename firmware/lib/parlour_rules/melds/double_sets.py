# The double pack without a caller: which copies of the set ranks
# go to sets. A suit is two masks: a (ranks held at least once) and b (ranks
# held twice).
#
# One suit in closed form (dcost): a run needs 3 consecutive ranks, so the
# first copies that can be in runs are the cover of a, and all of them are. A
# second copy is in a run too unless its block of b (inside a stretch [L, R]
# of the cover) lies within the stretch's first two ranks or its last two: the
# runs are then [L, end of block] and [start of block, R] (and between blocks,
# [start of one, end of the next]), each 3 or longer. (Checked against the
# exhaustive suit search for every count vector.)
#
# The search (plain): a set rank's copies that no run could use go whenever
# its set is made; the others are tried (at most 3 set ranks in 11 cards, so
# three nested loops over each rank's ways), each suit's cost worked out the
# first time a way needs it, suits with the fewest copies looked at first and
# a way dropped as soon as the suits so far cannot beat the best.
# The four suits are written out one after another rather than looped over:
# on the board a loop turn or a call per suit costs more than the suit's work.

from .tables import STD_HI, STD_LO

POP6 = bytes([bin(i).count("1") for i in range(64)])


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


def plain(m1, m2):
    # No lay-offs. Ranks with 3+ copies: three suits, or two and a second copy.
    a0, a1, a2, a3 = m1
    b0, b1, b2, b3 = m2
    want = (a0 & a1 & (a2 | a3)) | (a2 & a3 & (a0 | a1)) | (
        ((a0 & a1) | (a2 & a3) | ((a0 | a1) & (a2 | a3))) & (b0 | b1 | b2 | b3))
    if not want:
        return dcost(a0, b0) + dcost(a1, b1) + dcost(a2, b2) + dcost(a3, b3), []
    # Per suit: the copies a run could use (c: first copies in the cover, p:
    # second copies the closed form puts in runs), and l: the pips of cards
    # no set and no run could use, a lower bound (+1, as the costs below).
    lo = STD_LO
    hi = STD_HI
    nw = ~want
    t = a0 & a0 >> 1 & a0 >> 2
    c0 = t | t << 1 | t << 2
    z = a0 & ~c0 & nw
    l0 = lo[z & 127] + hi[z >> 7] + 1
    p0 = 0
    if b0:
        if b0 & c0:
            p0 = _pot2(c0, b0)
        y = b0 & ~p0 & nw
        l0 += lo[y & 127] + hi[y >> 7]
    t = a1 & a1 >> 1 & a1 >> 2
    c1 = t | t << 1 | t << 2
    z = a1 & ~c1 & nw
    l1 = lo[z & 127] + hi[z >> 7] + 1
    p1 = 0
    if b1:
        if b1 & c1:
            p1 = _pot2(c1, b1)
        y = b1 & ~p1 & nw
        l1 += lo[y & 127] + hi[y >> 7]
    t = a2 & a2 >> 1 & a2 >> 2
    c2 = t | t << 1 | t << 2
    z = a2 & ~c2 & nw
    l2 = lo[z & 127] + hi[z >> 7] + 1
    p2 = 0
    if b2:
        if b2 & c2:
            p2 = _pot2(c2, b2)
        y = b2 & ~p2 & nw
        l2 += lo[y & 127] + hi[y >> 7]
    t = a3 & a3 >> 1 & a3 >> 2
    c3 = t | t << 1 | t << 2
    z = a3 & ~c3 & nw
    l3 = lo[z & 127] + hi[z >> 7] + 1
    p3 = 0
    if b3:
        if b3 & c3:
            p3 = _pot2(c3, b3)
        y = b3 & ~p3 & nw
        l3 += lo[y & 127] + hi[y >> 7]
    # Every copy of the set ranks to sets: the answer if it meets the bound.
    x = a0 & nw
    y = b0 & nw
    if x & x >> 1 & x >> 2:
        f0 = dcost(x, y) + 1
    else:
        f0 = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] + 1
    x = a1 & nw
    y = b1 & nw
    if x & x >> 1 & x >> 2:
        f1 = dcost(x, y) + 1
    else:
        f1 = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] + 1
    x = a2 & nw
    y = b2 & nw
    if x & x >> 1 & x >> 2:
        f2 = dcost(x, y) + 1
    else:
        f2 = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] + 1
    x = a3 & nw
    y = b3 & nw
    if x & x >> 1 & x >> 2:
        f3 = dcost(x, y) + 1
    else:
        f3 = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] + 1
    best = f0 + f1 + f2 + f3
    low = l0 + l1 + l2 + l3
    if best == low:
        return best - 4, (-1, want)
    # The set ranks (at most 3 in 11 cards; a missing one stands above the
    # ranks), ex: each subset of them (3 bits) as a rank mask, and back.
    g0 = want & -want
    r = want ^ g0
    g1 = r & -r if r else 8192
    g2 = r ^ g1 if r ^ g1 else 16384
    ex = (0, g0, g1, g0 | g1, g2, g0 | g2, g1 | g2, g0 | g1 | g2)
    inv = {0: 0, g0: 1, g1: 2, g0 | g1: 3, g2: 4, g0 | g2: 5, g1 | g2: 6, ex[7]: 7}
    # A choice is 6 bits a suit: bit k, a second copy of the k-th set rank
    # goes to the set, bit k + 3 the first (or only) copy. opt: the copies a
    # run could use (a set may take them or not); dbl: second copies a run
    # could use (the first goes only with them); full: every copy (the
    # others go whenever their set is made).
    x = inv[p0 & want]
    dbl = x
    opt = x | inv[a0 & c0 & want] << 3
    full = inv[b0 & want] | inv[a0 & want] << 3
    x = inv[p1 & want]
    dbl |= x << 6
    opt |= (x | inv[a1 & c1 & want] << 3) << 6
    full |= (inv[b1 & want] | inv[a1 & want] << 3) << 6
    x = inv[p2 & want]
    dbl |= x << 12
    opt |= (x | inv[a2 & c2 & want] << 3) << 12
    full |= (inv[b2 & want] | inv[a2 & want] << 3) << 12
    x = inv[p3 & want]
    dbl |= x << 18
    opt |= (x | inv[a3 & c3 & want] << 3) << 18
    full |= (inv[b3 & want] | inv[a3 & want] << 3) << 18
    # The suits in the order their costs are looked at: fewest copies of set
    # ranks first (their costs are soon all known, and most ways fail on
    # them); a suit without any last (its cost is its lower bound).
    pop = POP6
    ks = [(pop[full & 63] or 15) << 2, (pop[full >> 6 & 63] or 15) << 2 | 1,
          (pop[full >> 12 & 63] or 15) << 2 | 2, (pop[full >> 18] or 15) << 2 | 3]
    ks.sort()
    fs = (f0, f1, f2, f3)
    ls = (l0, l1, l2, l3)
    s = ks[0] & 3
    h0 = 6 * s
    a0 = m1[s]
    b0 = m2[s]
    f0 = fs[s]
    l0 = ls[s]
    s = ks[1] & 3
    h1 = 6 * s
    a1 = m1[s]
    b1 = m2[s]
    f1 = fs[s]
    l1 = ls[s]
    s = ks[2] & 3
    h2 = 6 * s
    a2 = m1[s]
    b2 = m2[s]
    f2 = fs[s]
    l2 = ls[s]
    s = ks[3] & 3
    h3 = 6 * s
    a3 = m1[s]
    b3 = m2[s]
    f3 = fs[s]
    l3 = ls[s]
    # Per rank the ways to take it: its forced copies and any of its optional
    # ones, 3 or more in all; or none (unless the forced ones make a set).
    n = 1 if g1 > 4096 else 2 if g2 > 4096 else 3
    ways = [(0,), (0,), (0,)]
    for k in range(n):
        rk = 2396745 << k  # bits k and k + 3 of every suit
        base = (full ^ opt) & rk
        # need: how many optional copies a set needs besides the forced ones
        ways[k] = _set_ways(opt & rk, base, 3 - pop[base & 63] - pop[base >> 6 & 63] - pop[
            base >> 12 & 63] - pop[base >> 18], dbl & rk)
    # The innermost loop: a rank the first suit does not hold if there is
    # one, so that suit's cost prunes before it; a missing rank outermost.
    x = full >> h0 & 63
    if n == 1:
        k2 = 0
    elif n == 2:
        k2 = 1 if not x & 18 else 0
    else:
        k2 = 2 if not x & 36 else 1 if not x & 18 else 0 if not x & 9 else 2
    W2 = ways[k2]
    W0 = ways[2 if k2 < 2 else 0]
    W1 = ways[1 if k2 != 1 else 0]
    first = not x & (9 << k2)
    # Each suit's cost per choice (+1; 0: not worked out yet), worked out the
    # first time a way needs it and only if the way can still win with the
    # suits after it at their lower bounds.
    # Rows: each suit's cost per choice less its lower bound, +1 (0: not
    # worked out yet); t0..t3: what the first one, two, three, four of them
    # must stay under for a way to beat the best so far.
    r0 = bytearray(64)
    r1 = bytearray(64)
    r2 = bytearray(64)
    r3 = bytearray(64)
    r0[full >> h0 & 63] = f0 - l0 + 1
    r1[full >> h1 & 63] = f1 - l1 + 1
    r2[full >> h2 & 63] = f2 - l2 + 1
    r3[full >> h3 & 63] = f3 - l3 + 1
    l0 -= 2
    l1 -= 2
    l2 -= 2
    l3 -= 2
    pick = -1
    t3 = best - low + 4
    t0 = t3 - 3
    t1 = t3 - 2
    t2 = t3 - 1
    v0 = 0
    for w0 in W0:
        for w1 in W1:
            w01 = w0 | w1
            if first:
                i = w01 >> h0 & 63
                v0 = r0[i]
                if not v0:
                    x = a0 & ~ex[i >> 3]
                    y = b0 & ~ex[i & 7]
                    if x & x >> 1 & x >> 2:
                        v0 = dcost(x, y) - l0
                    else:
                        v0 = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] - l0
                    r0[i] = v0
                if v0 >= t0:
                    continue
            for w2 in W2:
                jj = w01 | w2
                if first:
                    v = v0
                else:
                    i = jj >> h0 & 63
                    v = r0[i]
                    if not v:
                        x = a0 & ~ex[i >> 3]
                        y = b0 & ~ex[i & 7]
                        if x & x >> 1 & x >> 2:
                            v = dcost(x, y) - l0
                        else:
                            v = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] - l0
                        r0[i] = v
                    if v >= t0:
                        continue
                i = jj >> h1 & 63
                u = r1[i]
                if not u:
                    x = a1 & ~ex[i >> 3]
                    y = b1 & ~ex[i & 7]
                    if x & x >> 1 & x >> 2:
                        u = dcost(x, y) - l1
                    else:
                        u = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] - l1
                    r1[i] = u
                v += u
                if v >= t1:
                    continue
                i = jj >> h2 & 63
                u = r2[i]
                if not u:
                    x = a2 & ~ex[i >> 3]
                    y = b2 & ~ex[i & 7]
                    if x & x >> 1 & x >> 2:
                        u = dcost(x, y) - l2
                    else:
                        u = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] - l2
                    r2[i] = u
                v += u
                if v >= t2:
                    continue
                i = jj >> h3 & 63
                u = r3[i]
                if not u:
                    x = a3 & ~ex[i >> 3]
                    y = b3 & ~ex[i & 7]
                    if x & x >> 1 & x >> 2:
                        u = dcost(x, y) - l3
                    else:
                        u = lo[x & 127] + hi[x >> 7] + lo[y & 127] + hi[y >> 7] - l3
                    r3[i] = u
                v += u
                if v >= t3:
                    continue
                # a better way, v - 4 above the lower bound
                pick = jj
                if v == 4:
                    return low - 4, (pick, ex)
                t3 = v
                t0 = v - 3
                t1 = v - 2
                t2 = v - 1
    return low + t3 - 8, (pick if pick >= 0 else full, ex)


def _set_ways(m, base, need, d):
    # The ways to take one set rank: its forced copies (base) and any of its
    # optional ones (m; a first copy in d only with its second), at least
    # need of them; or none (0) unless the forced ones make a set alone.
    if d:
        n = POP6[m & 63] + POP6[m >> 6 & 63] + POP6[m >> 12 & 63] + POP6[m >> 18]
        if n <= need:
            # every optional copy is needed: all of them, or none
            return (0, base | m) if n == need else (0,)
        # A suit whose two copies a run could use: it gives none or one of
        # them, or both (forced then).
        o = d & -d
        a = _set_ways(m & ~(o << 3), base, need, d ^ o)
        b = _set_ways(m & ~(o | o << 3), base | o | o << 3, need - 2, d ^ o)
        return a + (b[1:] if b[0] == 0 else b)
    o1 = m & -m
    r = m ^ o1
    o2 = r & -r
    r ^= o2
    o3 = r & -r
    r ^= o3
    if r:
        # four or more: one of the others given or not
        o = r & -r
        a = _set_ways(m ^ o, base, need, 0)
        b = _set_ways(m ^ o, base | o, need - 1, 0)
        return a + (b[1:] if b[0] == 0 else b)
    if need <= 0:
        if not o1:
            return (base,)
        if not o2:
            return (base, base | o1)
        if not o3:
            return (base, base | o1, base | o2, base | m)
        return (base, base | o1, base | o2, base | o3, base | o1 | o2, base | o1 | o3,
                base | o2 | o3, base | m)
    if need == 1:
        if not o2:
            return (0, base | o1) if o1 else (0,)
        if not o3:
            return (0, base | o1, base | o2, base | m)
        return (0, base | o1, base | o2, base | o3, base | o1 | o2, base | o1 | o3,
                base | o2 | o3, base | m)
    if need == 2:
        if not o3:
            return (0, base | m) if o2 else (0,)
        return (0, base | o1 | o2, base | o1 | o3, base | o2 | o3, base | m)
    return (0, base | m) if o3 else (0,)


def _pot2(cov, b):
    # The second copies the closed form puts in runs (dcost).
    bb = b & cov
    st = cov & ~(cov << 1)
    en = cov & ~(cov >> 1)
    return bb & ~((st & bb & ~(bb >> 1 & bb >> 2)) | ((st << 1) & bb & ~(bb >> 1)) | (
        en & bb & ~(bb << 1 & bb << 2)) | ((en >> 1) & bb & ~(bb << 1)))


def unpack(pick, ex, m1, m2):
    # The ways plain chose, as (rank, copies per suit, 2 bits a suit);
    # pick -1: every copy of the set ranks (ex: those ranks).
    out = []
    if pick < 0:
        r = ex
        while r:
            bit = r & -r
            r ^= bit
            way = 0
            for s in range(4):
                way |= ((1 if m1[s] & bit else 0) + (1 if m2[s] & bit else 0)) << (2 * s)
            out.append((_low(bit), way))
        return out
    for k in (0, 1, 2):
        bit = ex[1 << k]
        if bit < 8192:
            way = 0
            for s in range(4):
                f = pick >> (6 * s + k)
                way |= ((f & 1) + (f >> 3 & 1)) << (2 * s)
            out.append((_low(bit), way))
    return out


def _low(mask):
    r = 0
    while not mask >> r & 1:
        r += 1
    return r

# The meld solver's search over two or three contested set ranks (melds.best
# hands it the ranks and the ways to take each): which of their cards go to
# sets, each suit then costed on its own. Loaded on the first hand that needs it.
# The four suits are written out one after another rather than looped over: on
# the board a loop turn or a call per suit costs more than the suit's work.

from ..cards import JOKER_COUNT


def search(ms, ph, fr, lo, hi, joker, take, bits, ways, allheld, three, cov):
    # -> (count, removal) as melds.best.
    if not (joker or ph[0] | ph[1] | ph[2] | ph[3] | fr[0] | fr[1] | fr[2] | fr[3]):
        return _plain(ms, lo, hi, take, bits, ways, allheld, three, cov)
    i = len(bits)
    # Each suit's count (x8, +1 if it holds no run of its own) per subset of
    # the contested ranks it holds that go to sets.
    rem = [0]
    for bit in bits:
        rem = rem + [x | bit for x in rem]
    rows = []
    n = len(rem)
    for s in range(4):
        m = ms[s] & ~take
        p = ph[s]
        f = fr[s]
        hs = allheld >> (4 * s) & 15
        row = [0] * n
        j = hs
        if p or f or joker:
            while True:
                x = m & ~rem[j]
                y = x | p
                t = y & y >> 1 & y >> 2
                z = x & ~(t | t << 1 | t << 2) & ~f
                if joker and not x & x >> 1 & x >> 2:
                    row[j] = (lo[z & 127] + hi[z >> 7]) * 8 + 1
                else:
                    row[j] = (lo[z & 127] + hi[z >> 7]) * 8
                if not j:
                    break
                j = (j - 1) & hs
        else:
            while True:
                x = m & ~rem[j]
                t = x & x >> 1 & x >> 2
                z = x & ~(t | t << 1 | t << 2)
                row[j] = (lo[z & 127] + hi[z >> 7]) * 8
                if not j:
                    break
                j = (j - 1) & hs
        rows.append(row)
    r0, r1, r2, r3 = rows
    if i == 3:
        # Many ways: every set taken is the answer if each card it leaves dead
        # is one that no set or run could use.
        low = 0
        for s in range(4):
            z = ms[s] & ~three & ~cov[s] & ~fr[s]
            low += lo[z & 127] + hi[z >> 7]
        jj = allheld
        if (r0[jj & 15] + r1[jj >> 4 & 15] + r2[jj >> 8 & 15] + r3[jj >> 12]) >> 3 == low:
            return low, [three, three, three, three]
    while len(ways) < 3:
        ways.append((0,))
    best = -1
    pick = 0
    for w0 in ways[0]:
        for w1 in ways[1]:
            w01 = w0 | w1
            for w2 in ways[2]:
                jj = w01 | w2
                v = r0[jj & 15] + r1[jj >> 4 & 15] + r2[jj >> 8 & 15] + r3[jj >> 12]
                if v < best or best < 0:
                    if joker and not (take or jj) and v & 7 == 4:
                        v += JOKER_COUNT * 8
                        if v >= best >= 0:
                            continue
                    best = v
                    pick = jj
    co = [take, take, take, take]
    for k in range(i):
        for s in range(4):
            if pick >> (4 * s + k) & 1:
                co[s] |= bits[k]
    return best >> 3, co


def _plain(ms, lo, hi, take, bits, ways, allheld, three, cov):
    # No lay-offs, no Joker: each suit's cost per choice worked out the first
    # time a way needs it, and only if the way can still win with the suits
    # after it at their lower bounds.
    con = 0
    for bit in bits:
        con |= bit
    g0 = bits[0]
    g1 = bits[1]
    g2 = bits[2] if len(bits) > 2 else 0
    rem = (0, g0, g1, g0 | g1, g2, g0 | g2, g1 | g2, con)
    # per suit: the cards left once the uncontested sets are made, and the
    # pips of those no set and no run could use (a lower bound)
    a0 = ms[0] & ~take
    a1 = ms[1] & ~take
    a2 = ms[2] & ~take
    a3 = ms[3] & ~take
    z = a0 & ~con & ~cov[0]
    l0 = lo[z & 127] + hi[z >> 7]
    z = a1 & ~con & ~cov[1]
    l1 = lo[z & 127] + hi[z >> 7]
    z = a2 & ~con & ~cov[2]
    l2 = lo[z & 127] + hi[z >> 7]
    z = a3 & ~con & ~cov[3]
    l3 = lo[z & 127] + hi[z >> 7]
    # Rows: each suit's cost per choice less its lower bound, +1 (0: not
    # worked out yet), a choice 4 bits a suit (bit i: contested rank i taken
    # there); t0..t3: what the first one, two, three, four of them must stay
    # under for a way to beat the best so far. Every contested set taken
    # first: the answer if it meets the lower bound.
    r0 = bytearray(16)
    r1 = bytearray(16)
    r2 = bytearray(16)
    r3 = bytearray(16)
    j = allheld
    x = a0 & ~rem[j & 15]
    t = x & x >> 1 & x >> 2
    z = x & ~(t | t << 1 | t << 2)
    v = r0[j & 15] = lo[z & 127] + hi[z >> 7] - l0 + 1
    x = a1 & ~rem[j >> 4 & 15]
    t = x & x >> 1 & x >> 2
    z = x & ~(t | t << 1 | t << 2)
    u = r1[j >> 4 & 15] = lo[z & 127] + hi[z >> 7] - l1 + 1
    v += u
    x = a2 & ~rem[j >> 8 & 15]
    t = x & x >> 1 & x >> 2
    z = x & ~(t | t << 1 | t << 2)
    u = r2[j >> 8 & 15] = lo[z & 127] + hi[z >> 7] - l2 + 1
    v += u
    x = a3 & ~rem[j >> 12]
    t = x & x >> 1 & x >> 2
    z = x & ~(t | t << 1 | t << 2)
    u = r3[j >> 12] = lo[z & 127] + hi[z >> 7] - l3 + 1
    v += u
    low = l0 + l1 + l2 + l3
    pick = allheld
    if v > 4:
        l0 -= 1
        l1 -= 1
        l2 -= 1
        l3 -= 1
        t3 = v
        t0 = v - 3
        t1 = v - 2
        t2 = v - 1
        if len(ways) < 3:
            ways = [(0,), ways[0], ways[1]]  # (the missing rank outermost)
        for w0 in ways[0]:
            for w1 in ways[1]:
                w01 = w0 | w1
                for w2 in ways[2]:
                    jj = w01 | w2
                    i = jj & 15
                    v = r0[i]
                    if not v:
                        x = a0 & ~rem[i]
                        t = x & x >> 1 & x >> 2
                        z = x & ~(t | t << 1 | t << 2)
                        v = r0[i] = lo[z & 127] + hi[z >> 7] - l0
                    if v >= t0:
                        continue
                    i = jj >> 4 & 15
                    u = r1[i]
                    if not u:
                        x = a1 & ~rem[i]
                        t = x & x >> 1 & x >> 2
                        z = x & ~(t | t << 1 | t << 2)
                        u = r1[i] = lo[z & 127] + hi[z >> 7] - l1
                    v += u
                    if v >= t1:
                        continue
                    i = jj >> 8 & 15
                    u = r2[i]
                    if not u:
                        x = a2 & ~rem[i]
                        t = x & x >> 1 & x >> 2
                        z = x & ~(t | t << 1 | t << 2)
                        u = r2[i] = lo[z & 127] + hi[z >> 7] - l2
                    v += u
                    if v >= t2:
                        continue
                    i = jj >> 12
                    u = r3[i]
                    if not u:
                        x = a3 & ~rem[i]
                        t = x & x >> 1 & x >> 2
                        z = x & ~(t | t << 1 | t << 2)
                        u = r3[i] = lo[z & 127] + hi[z >> 7] - l3
                    v += u
                    if v >= t3:
                        continue
                    pick = jj
                    t3 = v
                    if v == 4:
                        break
                    t0 = v - 3
                    t1 = v - 2
                    t2 = v - 1
                else:
                    continue
                break
            else:
                continue
            break
        v = t3
    co = [take, take, take, take]
    for k in range(len(bits)):
        for s in range(4):
            if pick >> (4 * s + k) & 1:
                co[s] |= bits[k]
    return low + v - 4, co

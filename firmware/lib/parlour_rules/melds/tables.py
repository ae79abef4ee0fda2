# What every part of the meld solver shares: the pip tables, the empty mask set,
# the one-pack search over set choices (best) and the caller's melds as laid
# (Laid). The bottom of the melds package: it imports none of its searches (the
# contested-sets search, contest.py, loads on first need).

from ..cards import JOKER_COUNT

_CONTEST = []  # contest.search, once first needed


def _pip_table(first, bits, cap):
    # Pip total of every mask of `bits` ranks starting at rank `first`.
    out = []
    for m in range(1 << bits):
        s = 0
        for i in range(bits):
            if m >> i & 1:
                s += min(first + i, cap)
        out.append(s)
    return tuple(out)


# Pips of a suit mask = LO[m & 127] + HI[m >> 7]; R-2 (J Q K 10) and D-4.
STD_LO = _pip_table(1, 7, 10)
STD_HI = _pip_table(8, 6, 10)
DUMBO_LO = STD_LO
DUMBO_HI = _pip_table(8, 4, 11)
NONE4 = (0, 0, 0, 0)


def best(ms, ph, fr, lo, hi, joker):
    # The least count over the set choices worth trying; -> (count, removal).
    a = ms[0]
    b = ms[1]
    c = ms[2]
    d = ms[3]
    three = (a & b & (c | d)) | (c & d & (a | b))
    x = a | ph[0]
    t = x & x >> 1 & x >> 2
    ca = t | t << 1 | t << 2
    x = b | ph[1]
    t = x & x >> 1 & x >> 2
    cb = t | t << 1 | t << 2
    x = c | ph[2]
    t = x & x >> 1 & x >> 2
    cc = t | t << 1 | t << 2
    x = d | ph[3]
    t = x & x >> 1 & x >> 2
    cov = (ca, cb, cc, t | t << 1 | t << 2)
    con = three & ((a & cov[0]) | (b & cov[1]) | (c & cov[2]) | (d & cov[3]))
    take = three & ~con
    if not con:
        # No set rank shares a card with a run: whole sets, whole stretches.
        dw = 0
        own = three or not joker
        for s in range(4):
            x = ms[s] & ~three
            z = x & ~cov[s] & ~fr[s]
            dw += lo[z & 127] + hi[z >> 7]
            if not own:
                own = x & x >> 1 & x >> 2
        return dw if own else dw + JOKER_COUNT, [three, three, three, three]
    # Contested ranks, and for each the ways to take it: a mask of 4-bit fields
    # (one per suit, bit i = contested rank i taken in that suit).
    bits = []
    ways = []
    allheld = 0
    r = con
    i = 0
    while r:
        bit = r & -r
        r ^= bit
        one = 1 << i
        held = ((a & bit and one) | (b & bit and one << 4) | (c & bit and one << 8)
                | (d & bit and one << 12))
        w = [held]
        allheld |= held
        alone = 0
        if held == 0x1111 << i:
            # Four of a kind: also three of them, leaving one that a run can use.
            if ca & bit:
                w.append(held ^ one)
                alone += 1
            if cb & bit:
                w.append(held ^ one << 4)
                alone += 1
            if cc & bit:
                w.append(held ^ one << 8)
                alone += 1
            if cov[3] & bit:
                w.append(held ^ one << 12)
                alone += 1
        if alone != 1:
            # (with one such card, leaving it dominates taking none)
            w.append(0)
        bits.append(bit)
        ways.append(w)
        i += 1
    if i == 1 and not joker and not (ph[0] | ph[1] | ph[2] | ph[3] | fr[0] | fr[1] | fr[2] | fr[3]):
        # One contested rank, no lay-offs: each suit with and without its card.
        bit = bits[0]
        base = 0
        gain = [0, 0, 0, 0]
        for s in range(4):
            x = ms[s] & ~take
            t = x & x >> 1 & x >> 2
            z = x & ~(t | t << 1 | t << 2)
            v = lo[z & 127] + hi[z >> 7]
            base += v
            if x & bit:
                x &= ~bit
                t = x & x >> 1 & x >> 2
                z = x & ~(t | t << 1 | t << 2)
                gain[s] = lo[z & 127] + hi[z >> 7] - v
        best = -1
        pick = 0
        for w in ways[0]:
            v = base
            if w:
                v += ((gain[0] if w & 1 else 0) + (gain[1] if w & 16 else 0)
                      + (gain[2] if w & 256 else 0) + (gain[3] if w & 4096 else 0))
            if v < best or best < 0:
                best = v
                pick = w
        return best, [take | (bit if pick & 1 else 0), take | (bit if pick & 16 else 0),
                      take | (bit if pick & 256 else 0), take | (bit if pick & 4096 else 0)]
    if not _CONTEST:
        from .contest import search  # loaded only when first needed
        _CONTEST.append(search)
    return _CONTEST[0](ms, ph, fr, lo, hi, joker, take, bits, ways, allheld, three, cov)


class Laid:
    # The caller's melds or the declarer's welds (D-6) as laid, checked
    # once: lay(...) makes one, and a solve may take it in place of the groups.
    __slots__ = ("pack", "double_pack", "octad", "groups", "infos", "ph", "fr", "held", "joker",
                 "extra")

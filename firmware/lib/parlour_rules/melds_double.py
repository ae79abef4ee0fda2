# The double pack: a card may be held twice; sets of 3 to 6 of a
# rank, identical cards allowed (7 or 8 make two sets); runs never hold two
# identical cards, so two runs may overlap. A suit is two masks: m1 (ranks held
# at least once) and m2 (ranks held twice); "one copy less over a range R" is
# m1' = m1 & ~R | m2 & R, m2' = m2 & ~R.
# Search: for each rank that can make a set (or be laid off on the caller's
# sets), which copies go there; then each suit on its own: its lowest card is
# dead, or starts a run, or starts a chain laid off on a caller's run,
# memoised on the suit's state.

from .cards import STANDARD, parse_cards
from .melds import RummyResult
from .melds_check import RUN, check_groups

W = 13
_memo = {}
try:
    import sys
    MEMO_MAX = 50000 if sys.implementation.name == "cpython" else 300
except (ImportError, AttributeError):
    MEMO_MAX = 300


def _less(a1, a2, rng):
    return (a1 & ~rng) | (a2 & rng), a2 & ~rng


def _pip(i):
    return 10 if i >= 9 else i + 1


def suit_cost(m1, m2, u1, u2, l1, l2):
    # Least dead pips of one suit; u*: where chains up may start, l*: where chains down end.
    if not m1:
        return 0
    key = (m1, m2, u1, u2, l1, l2)
    got = _memo.get(key)
    if got is not None:
        return got
    best = -1
    for opt in options(m1, m2, u1, u2, l1, l2):
        cost = opt[0] + suit_cost(opt[1], opt[2], opt[3], opt[4], opt[5], opt[6])
        if best < 0 or cost < best:
            best = cost
    if len(_memo) >= MEMO_MAX:
        _memo.clear()
    _memo[key] = best
    return best


def options(m1, m2, u1, u2, l1, l2):
    # What the lowest card may do: (cost, state after, kind, low, high).
    bit = m1 & -m1
    i = 0
    while not bit >> i & 1:
        i += 1
    out = []
    n1, n2 = _less(m1, m2, bit)
    out.append((_pip(i), n1, n2, u1, u2, l1, l2, 0, i, i))
    # Own runs [i, j] and chains up from a caller's run ending at i - 1.
    j = i
    rng = bit
    while j + 1 < W and m1 >> (j + 1) & 1:
        j += 1
        rng |= 1 << j
        if j - i >= 2:
            n1, n2 = _less(m1, m2, rng)
            out.append((0, n1, n2, u1, u2, l1, l2, 1, i, j))
    if u1 & bit:
        v1, v2 = _less(u1, u2, bit)
        j = i
        rng = bit
        while True:
            n1, n2 = _less(m1, m2, rng)
            out.append((0, n1, n2, v1, v2, l1, l2, 2, i, j))
            if j + 1 >= W or not m1 >> (j + 1) & 1:
                break
            j += 1
            rng |= 1 << j
    # Chains down to a caller's run starting at e + 1, with i the far end.
    j = i
    rng = bit
    while True:
        if l1 >> j & 1:
            e1, e2 = _less(l1, l2, 1 << j)
            n1, n2 = _less(m1, m2, rng)
            out.append((0, n1, n2, u1, u2, e1, e2, 3, i, j))
        if j + 1 >= W or not m1 >> (j + 1) & 1:
            break
        j += 1
        rng |= 1 << j
    return out


def suit_plan(m1, m2, u1, u2, l1, l2):
    # The choices behind suit_cost: [(kind, low, high)], kind 0 dead, 1 run, 2 up, 3 down.
    plan = []
    while m1:
        want = suit_cost(m1, m2, u1, u2, l1, l2)
        for opt in options(m1, m2, u1, u2, l1, l2):
            if opt[0] + suit_cost(opt[1], opt[2], opt[3], opt[4], opt[5], opt[6]) == want:
                break
        plan.append((opt[7], opt[8], opt[9]))
        m1, m2, u1, u2, l1, l2 = opt[1], opt[2], opt[3], opt[4], opt[5], opt[6]
    return plan


def _add(a1, a2, bit):
    # One copy more at bit.
    return a1 | bit, a2 | (a1 & bit)


def _rank_options(r, cnt, n0, cap):
    # Ways to take rank r's cards for sets or lay-offs: (take per suit, total).
    # cnt: copies in suits where a run could use them; n0: copies no run can use.
    out = []
    k = 0
    tk = [0, 0, 0, 0]
    while True:
        kp = tk[0] + tk[1] + tk[2] + tk[3]
        if kp + n0 >= 3:
            k = kp + n0
        elif kp <= cap:
            k = kp + min(n0, cap - kp)
        else:
            k = -1
        if k >= 0:
            out.append((tk[0], tk[1], tk[2], tk[3], k))
        s = 0
        while s < 4:
            if tk[s] < cnt[s]:
                tk[s] += 1
                break
            tk[s] = 0
            s += 1
        if s == 4:
            return out


def solve(hand, caller_melds=None):
    cards = parse_cards(hand, STANDARD)
    groups, infos = check_groups(caller_melds or [], STANDARD, True, cards)
    m1 = [0, 0, 0, 0]
    m2 = [0, 0, 0, 0]
    for c in cards:
        s = c // W
        m1[s], m2[s] = _add(m1[s], m2[s], 1 << (c - s * W))
    ends = [[0, 0, 0, 0] for _ in range(4)]  # u1 u2 l1 l2 per suit
    ph = [0, 0, 0, 0]
    cap = [0] * W
    for info in infos:
        kind, a, b, c, _ = info
        if kind == RUN:
            e = ends[a]
            ph[a] |= (1 << (c + 1)) - (1 << b)
            if c + 1 < W:
                e[0], e[1] = _add(e[0], e[1], 1 << (c + 1))
            if b > 0:
                e[2], e[3] = _add(e[2], e[3], 1 << (b - 1))
        else:
            cap[a] += 6 - b
    # Where a run or chain could use a card at all (a loose bound).
    pot = []
    for s in range(4):
        x = m1[s] | ph[s]
        t = x & x >> 1 & x >> 2
        pot.append(t | t << 1 | t << 2)
    ranks = []
    for r in range(W):
        bit = 1 << r
        cnt = [0, 0, 0, 0]
        n0 = 0
        n = 0
        for s in range(4):
            k = (m1[s] >> r & 1) + (m2[s] >> r & 1)
            n += k
            if pot[s] & bit:
                cnt[s] = k
            else:
                n0 += k
        if n >= 3 or (cap[r] and n):
            ranks.append((r, cnt, n0, _rank_options(r, cnt, n0, cap[r])))
    best = [-1, None]
    _search(ranks, 0, m1, m2, ends, [], best)
    return _result(best, cards, groups, infos, m1, m2, ends, ranks)


def _search(ranks, at, m1, m2, ends, picks, best):
    if at == len(ranks):
        total = 0
        for s in range(4):
            e = ends[s]
            total += suit_cost(m1[s], m2[s], e[0], e[1], e[2], e[3])
            if best[0] >= 0 and total >= best[0]:
                return
        best[0] = total
        best[1] = list(picks)
        return
    r, cnt, n0, opts = ranks[at]
    bit = 1 << r
    for opt in opts:
        k0 = opt[4] - opt[0] - opt[1] - opt[2] - opt[3]
        a1 = list(m1)
        a2 = list(m2)
        takes = [0, 0, 0, 0]
        for s in range(4):
            take = opt[s]
            if not cnt[s]:
                held = (m1[s] >> r & 1) + (m2[s] >> r & 1)
                take = min(held, k0)
                k0 -= take
            takes[s] = take
            for _ in range(take):
                a1[s], a2[s] = _less(a1[s], a2[s], bit)
        picks.append((r, takes, opt[4]))
        _search(ranks, at + 1, a1, a2, ends, picks, best)
        picks.pop()


def _result(best, cards, groups, infos, m1, m2, ends, ranks):
    r = RummyResult()
    r.deadwood = best[0]
    r.pack = STANDARD
    r._plan = None
    r._out = _layout(best[1], infos, m1, m2, ends)
    return r


def _layout(picks, infos, m1, m2, ends):
    # The arrangement: own sets and runs, lay-offs per caller meld, dead cards.
    m1 = list(m1)
    m2 = list(m2)
    melds = []
    layoffs = [[] for _ in infos]
    dead = []
    room = [6 - info[2] if info[0] != RUN else 0 for info in infos]
    for r, takes, k in picks:
        got = []
        for s in range(4):
            for _ in range(takes[s]):
                got.append(s * W + r)
                m1[s], m2[s] = _less(m1[s], m2[s], 1 << r)
        if k >= 3:
            # 7 or 8 of a rank make two sets.
            if k > 6:
                melds.append(got[:4])
                got = got[4:]
            melds.append(got)
            continue
        for i in range(len(infos)):
            while got and infos[i][0] != RUN and infos[i][1] == r and room[i]:
                layoffs[i].append(got.pop())
                room[i] -= 1
    used = [0] * len(infos)
    for s in range(4):
        e = ends[s]
        for kind, lo, hi in suit_plan(m1[s], m2[s], e[0], e[1], e[2], e[3]):
            run = [s * W + k for k in range(lo, hi + 1)]
            if kind == 0:
                dead.append(run[0])
            elif kind == 1:
                melds.append(run)
            else:
                for i in range(len(infos)):
                    info = infos[i]
                    if info[0] == RUN and info[1] == s and not used[i] >> (kind - 2) & 1 and (
                            (kind == 2 and info[3] + 1 == lo) or (kind == 3 and info[2] - 1 == hi)):
                        used[i] |= 1 << (kind - 2)
                        if kind == 3:
                            run.reverse()
                        layoffs[i].extend(run)
                        break
    dead.sort()
    return melds, layoffs, dead


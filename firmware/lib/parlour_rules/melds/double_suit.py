# The double pack, one suit against the caller's runs (R-6 lay-offs with
# identical cards about): the suit's lowest card is dead, starts a run, or
# starts a chain laid off at a caller's run's end; memoised on the suit's state.
# Also the arrangement behind a double-pack solve (double.solve).

from .check import RUN

W = 13
_memo = {}
try:
    import sys
    MEMO_MAX = 50000 if sys.implementation.name == "cpython" else 200
except (ImportError, AttributeError):
    MEMO_MAX = 200


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
    return a1 | bit, a2 | (a1 & bit)


def table(laid):
    # The caller's melds for the double-pack search: chain ends per suit (u1 u2
    # l1 l2), set room per rank, copies on the table per suit; kept on the Laid.
    if laid.extra is not None:
        return laid.extra
    ends = [[0, 0, 0, 0] for _ in range(4)]
    cap = [0] * W
    on1 = [0, 0, 0, 0]
    on2 = [0, 0, 0, 0]
    for i in range(len(laid.infos)):
        kind, a, b, c, _ = laid.infos[i]
        for card in laid.groups[i]:
            s = card // W
            on1[s], on2[s] = _add(on1[s], on2[s], 1 << (card - s * W))
        if kind == RUN:
            e = ends[a]
            if c + 1 < W:
                e[0], e[1] = _add(e[0], e[1], 1 << (c + 1))
            if b > 0:
                e[2], e[3] = _add(e[2], e[3], 1 << (b - 1))
        else:
            cap[a] += 6 - b
    # A hand with no card twice, none inside a caller's run, is a one-pack
    # problem unless a caller's set has room for one card only.
    laid.extra = (ends, cap, on1, on2, 1 not in cap)
    return laid.extra


def layout(plan):
    # The arrangement: own sets and runs, lay-offs per caller meld, dead cards.
    _, picks, m1, m2, laid, ends = plan
    if type(picks) is tuple:
        from .double_sets import unpack
        picks = unpack(picks[0], picks[1], m1, m2)
    infos = laid.infos if laid is not None else []
    if ends is None:
        ends = [(0, 0, 0, 0)] * 4
    m1 = list(m1)
    m2 = list(m2)
    melds = []
    layoffs = [[] for _ in infos]
    dead = []
    room = [6 - info[2] if info[0] != RUN else 0 for info in infos]
    for r, way in picks:
        got = []
        for s in range(4):
            for _ in range(way >> (2 * s) & 3):
                got.append(s * W + r)
                m1[s], m2[s] = _less(m1[s], m2[s], 1 << r)
        if len(got) >= 3:
            # 7 or 8 of a rank make two sets.
            if len(got) > 6:
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

# The arrangement behind a one-pack solve, laid out for a screen or a report:
# the player's own melds, his lay-offs (one list per caller meld, in the order
# laid: a chain runs outward from the end it extends) and his dead cards.

from ..cards import DUMBO, JOKER, STANDARD, format_card
from .check import RUN, SET


def _find(infos, kind, a, b):
    for i in range(len(infos)):
        info = infos[i]
        if info[0] == kind and info[1] == a and (kind == SET or info[b[0]] == b[1]):
            return i
    return -1


def layout(result):
    plan = result.plan
    if plan[0] == "double":
        from .double_suit import layout as double_layout
        return double_layout(plan)
    ms, co, laid = plan[0], plan[1], plan[2]
    if co is None:
        # A laptop solve kept the number only: the hand is one mask, the sets
        # taken are worked out now.
        from .tables import NONE4, STD_HI, STD_LO, best
        m = ms
        ms = [m & 8191, m >> 13 & 8191, m >> 26 & 8191, m >> 39]
        if laid is None:
            co = best(ms, NONE4, NONE4, STD_LO, STD_HI, 0)[1]
        else:
            co = best(ms, laid.ph, laid.fr, STD_LO, STD_HI, 0)[1]
    width = 13 if result.pack == STANDARD else 11
    if laid is None:
        ph = fr = (0, 0, 0, 0)
        infos = []
    else:
        ph, fr, infos = laid.ph, laid.fr, laid.infos
    melds = []
    layoffs = [[] for _ in infos]
    dead = []
    taken = co[0] | co[1] | co[2] | co[3]
    for r in range(width):
        if taken >> r & 1:
            melds.append([s * width + r for s in range(4) if (ms[s] & co[s]) >> r & 1])
    for s in range(4):
        x = ms[s] & ~co[s]
        y = x | ph[s]
        t = y & y >> 1 & y >> 2
        t |= t << 1 | t << 2
        base = s * width
        r = 0
        while r < width:
            if not t >> r & 1:
                if x >> r & 1:
                    i = _find(infos, SET, r, None) if fr[s] >> r & 1 else -1
                    (dead if i < 0 else layoffs[i]).append(base + r)
                r += 1
                continue
            # A stretch of the player's cards inside a covered segment.
            if not x >> r & 1:
                r += 1
                continue
            q = r
            while q + 1 < width and x >> (q + 1) & 1:
                q += 1
            run = [base + k for k in range(r, q + 1)]
            if q - r >= 2:
                melds.append(run)
            elif q + 1 < width and ph[s] >> (q + 1) & 1:
                run.reverse()
                layoffs[_find(infos, RUN, s, (2, q + 1))].extend(run)
            else:
                layoffs[_find(infos, RUN, s, (3, r - 1))].extend(run)
            r = q + 1
    if len(plan) > 3 and plan[3]:
        # D-3: the Joker joins one of the player's own welds, else it is dead.
        (melds[0] if melds else dead).append(JOKER)
    return melds, layoffs, dead


def to_dict(result):
    pack = result.pack
    melds, layoffs, dead = result.arrangement()
    key = "count" if pack == DUMBO else "deadwood"
    return {
        key: result.count if pack == DUMBO else result.deadwood,
        "melds": [[format_card(c, pack) for c in m] for m in melds],
        "layoffs": [[format_card(c, pack) for c in m] for m in layoffs],
        "dead": [format_card(c, pack) for c in dead],
    }

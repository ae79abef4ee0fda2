# A Dumbo hand entered as the cards of both hands (D-14), scored with the meld
# solver. The declarer's welds are taken as laid when grouped ("(4SQ 5SQ 6SQ)
# 2CI ..."); when not grouped, every choice of his welds is tried and the one
# best for him wins: the largest declarer-minus-opponent result for the hand
# (D-7 with the match's values), then the lowest count. Against it the opponent
# welds his own cards and adds to the declarer's welds for the lowest count
# (none after an Octad, never the Joker: D-3, D-5, D-6). The Joker stands for
# no card, so it never changes what may be added (D-3); the declarer's Joker
# joins his first weld, and without a weld it counts 10 (a wrong declaration).

from ..cards import DUMBO, JOKER, JOKER_COUNT, MAY_DECLARE, check_copies, parse_cards, parse_groups
from ..errors import RulesError

HAND = 8
DEFAULT_VALUES = (20, 10)  # Octad bonus (D-5), undercut bonus (D-7)


def _number(card):
    return card % 11 + 1


def _read(cards, who):
    # -> (groups, loose); text may group welds in parentheses, a list may not.
    if type(cards) is str:
        groups, loose = parse_groups(cards, DUMBO)
    elif type(cards) is list:
        groups, loose = [], parse_cards(cards, DUMBO)
    else:
        raise RulesError("bad_cards", who + ": no cards")
    n = len(loose)
    for g in groups:
        n += len(g)
    if n != HAND:
        raise RulesError("hand_size", "%s: %d card%s" % (who, n, "" if n == 1 else "s"))
    return groups, loose


def _welds(real):
    # Every weld among the cards (D-2): 3 or 4 of a number; 3+ of a suit in sequence.
    out = []
    for number in range(1, 12):
        same = [c for c in real if _number(c) == number]
        if len(same) >= 3:
            out.append(same)
        if len(same) == 4:
            for skip in same:
                out.append([c for c in same if c != skip])
    for suit in range(4):
        held = [c for c in real if c // 11 == suit]
        held.sort()
        for i in range(len(held)):
            j = i
            while j + 1 < len(held) and held[j + 1] == held[j] + 1:
                j += 1
                if j - i >= 2:
                    out.append(held[i:j + 1])
    return out


def _collections(real, welds):
    # Every set of disjoint welds, each once: the lowest undecided card is either
    # left loose or opens a weld whose cards are all undecided.
    out = []
    order = sorted(real)

    def walk(at, used, chosen):
        while at < len(order) and order[at] in used:
            at += 1
        if at == len(order):
            out.append(list(chosen))
            return
        card = order[at]
        walk(at + 1, used, chosen)
        for w in welds:
            if min(w) == card and not [c for c in w if c in used]:
                chosen.append(w)
                walk(at + 1, used + w, chosen)
                chosen.pop()

    walk(0, [], [])
    return out


def _result(d, o, values):
    # D-7 as the declarer's points minus the opponent's.
    if d == 0:
        return o + values[0]
    if o > d:
        return o - d
    if o < d:
        return o - d - values[1]
    return 0


def _open_cards(welds):
    # The cards an opponent could add first to these welds (D-6).
    out = []
    for w in welds:
        if _number(w[0]) == _number(w[1]):
            if len(w) == 3:
                suits = [c // 11 for c in w]
                out += [s * 11 + _number(w[0]) - 1 for s in range(4) if s not in suits]
        else:
            low = min(w)
            high = max(w)
            if _number(low) > 1:
                out.append(low - 1)
            if _number(high) < 11:
                out.append(high + 1)
    return out


def _count(cards):
    total = 0
    for c in cards:
        total += JOKER_COUNT if c == JOKER else _number(c)
    return total


# The last hand arranged from text, and the answer: the device shows the welds
# found, then sends the same hand, and the match engine would otherwise solve the
# 16 cards a second time (some 10,000,000 fuel on the board). Only text is kept
# (a str cannot change under the key); the answer is read, never changed.
_last = [None, None]


def arrange(declarer_cards, opponent_cards, values=DEFAULT_VALUES):
    # -> dict: d, o (the opponent's full count, the Joker included), joker (he
    # is left with it), octad, wrong, welds (the declarer's, as laid), loose,
    # opponent (the solver's result against those welds, or None if wrong).
    key = (declarer_cards, opponent_cards, values[0], values[1])
    if _last[0] == key:
        return _last[1]
    got = _arrange(declarer_cards, opponent_cards, values)
    if type(declarer_cards) is str and type(opponent_cards) is str:
        _last[0] = key
        _last[1] = got
    return got


def _arrange(declarer_cards, opponent_cards, values):
    from ..melds import check_weld, solve_dumbo

    groups, loose = _read(declarer_cards, "declarer")
    ogroups, oloose = _read(opponent_cards, "opponent")
    opponent = list(oloose)
    for g in ogroups:
        opponent += g  # the opponent's own welds are always solved for him
    mine = list(loose)
    for g in groups:
        mine += g
    check_copies(mine + opponent, DUMBO)  # one pack per table
    if groups:
        for g in groups:
            check_weld(g)
        welds = [[c for c in g if c != JOKER] for g in groups]
        choices = [(_count(loose), welds)]
        shown = groups
    else:
        real = [c for c in mine if c != JOKER]
        choices = []
        for chosen in _collections(real, _welds(real)):
            used = []
            for w in chosen:
                used += w
            d = _count([c for c in mine if c not in used])
            if JOKER in mine and chosen:
                d -= JOKER_COUNT  # D-3: it joins one of his welds
            choices.append((d, chosen))
        shown = None
    plain = solve_dumbo(opponent)
    best = None
    for d, welds in choices:
        if d > MAY_DECLARE:
            continue
        bound = _result(d, plain.count, values)  # additions only lower o
        if best is not None and (bound < best[0] or (bound == best[0] and d >= best[1])):
            continue
        o_result = plain
        if d and [c for c in _open_cards(welds) if c in opponent]:
            o_result = solve_dumbo(opponent, welds, False)
        result = _result(d, o_result.count, values)
        if best is None or result > best[0] or (result == best[0] and d < best[1]):
            best = (result, d, welds, o_result)
    if best is None:
        # A wrong declaration (D-8): his lowest count, laid as he grouped it.
        low = choices[0]
        for choice in choices:
            if choice[0] < low[0]:
                low = choice
        return _laid(low[0], low[1], shown, mine, None, False)
    _, d, welds, o_result = best
    joker = JOKER in opponent and JOKER in o_result.dead
    return _laid(d, welds, shown, mine, o_result, joker)


def _laid(d, welds, shown, mine, o_result, joker):
    # The answer of arrange(); o_result None is a wrong declaration.
    if shown is None:
        laid = [list(w) for w in welds]
        if JOKER in mine and laid:
            laid[0].append(JOKER)
    else:
        laid = [list(g) for g in shown]
    used = []
    for w in laid:
        used += w
    loose = [c for c in mine if c not in used]
    if o_result is None:
        return {"d": d, "o": None, "joker": False, "octad": False, "wrong": True,
                "welds": laid, "loose": loose, "opponent": None}
    return {"d": d, "o": o_result.count, "joker": joker, "octad": d == 0, "wrong": False,
            "welds": laid, "loose": loose, "opponent": o_result}


def solve_hand(declarer_cards, opponent_cards, values=DEFAULT_VALUES):
    # For the match engine: -> (d, o without the Joker, Joker stuck), the same
    # three numbers a hand entered as counts gives (D-14).
    got = arrange(declarer_cards, opponent_cards, values)
    if got["wrong"]:
        return got["d"], 0, False
    o = got["o"] - JOKER_COUNT if got["joker"] else got["o"]
    return got["d"], o, got["joker"]

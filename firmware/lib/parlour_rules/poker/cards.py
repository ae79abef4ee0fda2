# A Poker Rum / Gin show-down entered as cards, for the match
# (poker.py) and the laptop's one-hand scorer. Loaded only when cards are used.
#
# Every player's 10 cards (R-10: the caller's after his discard) in Card
# notation, one text per seat. The caller's melds are taken as he laid them,
# written in parentheses, his loose cards being his deadwood; a caller
# written with no parentheses at all is laid out by the solver at his least
# deadwood (a decision: the table did not say how he laid them). Every other
# player's grouping is ignored: the solver finds his best melds, in Poker Gin
# jointly with his lay-offs onto the caller's melds, each player
# separately.

from ..cards import STANDARD, check_copies, parse_groups, pip_value
from ..errors import RulesError, clip
from ..melds import lay, solve_rummy

HAND = 10  # ten cards each


def _count(cards, seat):
    if len(cards) != HAND:
        raise RulesError("hand_size", clip("P%d: cards " % (seat + 1), len(cards)))


def _caller_groups(text, double, seat):
    # -> (melds as laid, loose cards) of the caller's hand.
    if type(text) is not str:
        raise RulesError("bad_cards", "cards as text")
    groups, loose = parse_groups(text, STANDARD)
    if groups:
        every = list(loose)
        for g in groups:
            every.extend(g)
        _count(every, seat)
        return groups, loose
    _count(loose, seat)
    best = solve_rummy(loose, double)
    return best.melds, best.dead


def caller_deadwood(cfg, text, seat=0):
    # The deadwood the caller shows: pips of the cards he did not meld.
    double = cfg["double"]
    groups, loose = _caller_groups(text, double, seat)
    every = list(loose)
    for g in groups:
        every.extend(g)
    check_copies(every, STANDARD, 2 if double else 1)
    lay(groups, STANDARD, double, False)  # each group a meld
    return _pips(loose)


def _solve(cfg, caller, cards):
    # -> (caller's groups, his loose cards, the solver's result per seat, None for
    # him). Refuses a hand that is not 10 cards, a card beyond the pack(s) (R-1:
    # two packs above three players) or a bad meld.
    n = cfg["n"]
    if type(cards) is not list or len(cards) != n:
        raise RulesError("bad_cards", "cards per player")
    double = cfg["double"]
    groups, loose = _caller_groups(cards[caller], double, caller)
    hands = []
    every = list(loose)
    for g in groups:
        every.extend(g)
    for seat in range(n):
        if seat == caller:
            hands.append(None)
            continue
        text = cards[seat]
        if type(text) is not str:
            raise RulesError("bad_cards", "cards as text")
        found, rest = parse_groups(text, STANDARD)
        hand = list(rest)
        for g in found:
            hand.extend(g)
        _count(hand, seat)
        every.extend(hand)
        hands.append(hand)
    check_copies(every, STANDARD, 2 if double else 1)
    laid = lay(groups, STANDARD, double, False)  # the caller's melds
    gin = cfg["variant"] == "gin"
    results = []
    for seat in range(n):
        if seat == caller:
            results.append(None)
        else:
            # Rum, own melds only; R-6: Gin, with lay-offs, each player alone.
            results.append(solve_rummy(hands[seat], double, laid if gin else None))
    return groups, loose, results


def _pips(cards):
    total = 0
    for c in cards:
        total += pip_value(c)
    return total


def solve_hands(cfg, caller, cards):
    # -> one entry per seat: (deadwood, melds, layoffs, dead); layoffs is None for
    # the caller and in Poker Rum (one list per caller meld in Poker Gin).
    groups, loose, results = _solve(cfg, caller, cards)
    gin = cfg["variant"] == "gin"
    out = []
    for seat in range(cfg["n"]):
        r = results[seat]
        if r is None:
            out.append((_pips(loose), groups, None, loose))
        else:
            out.append((r.deadwood, r.melds, r.layoffs if gin else None, r.dead))
    return out


def show_down_cards(cfg, caller, cards):
    # The deadwood per seat of a show-down entered as cards (the arrangements are
    # never laid out here: the board only needs the counts).
    groups, loose, results = _solve(cfg, caller, cards)
    return [_pips(loose) if r is None else r.deadwood for r in results]

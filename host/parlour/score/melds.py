"""`parlour score rum|gin|dumbo CARDS...`: the best melds of one hand, and why.

    parlour score rum 6H 7H 8H 9H JC QC KC 2S 2D 5C [--double-pack]
    parlour score rum 6H 7H 8H 9H JC QC KC KS 2D 2H 5C     (11: after the draw)
    parlour score gin 7D 8D 9D 6S 7S 8S 4C 4D 10C 10H --caller "6H 7H 8H 9H | JC QC KC"
    parlour score dumbo 4SQ 5SQ 6SQ JOKER 2CI 7DI 7ST 7CI [--declarer "..."] [--octad]

The meld solver (parlour_rules.melds) finds the arrangement with the least deadwood
(Poker Rum / Gin, R-3; with the caller's melds, the player's own melds and lay-offs
together, R-6, R-9) or the least count (Dumbo, D-2..D-6). A hand is 10 cards (Dumbo
8); one card more is the caller's or declarer's hand after the draw, and the discard
that leaves the least is found and named (R-10). Exit status 0 with the answer; 2 for
a bad card, a card twice in one pack, a hand of the wrong size, or a caller's "meld"
that is not one.
"""

from __future__ import annotations

from parlour_rules import melds
from parlour_rules.cards import (
    DUMBO,
    JOKER,
    JOKER_COUNT,
    STANDARD,
    check_copies,
    format_card,
    format_cards,
    parse_cards,
    pip_value,
)
from parlour_rules.errors import RulesError
from parlour_rules.poker.score import GIN_CALL, RUM_CALL

from . import ascii_cards, print_json

RUMMY_HAND = 10
DUMBO_HAND = 8  # D-14


def register(sub) -> None:
    rum = sub.add_parser(
        "rum", help="the least deadwood of a Poker Rum hand",
        description="The melds that leave the least deadwood (R-3): sets of 3 or 4 of a "
                    "rank (3 to 6 with the double pack), runs of 3+ of a suit, Ace low. "
                    "10 cards; 11 are the caller's hand after the draw: the discard that "
                    "leaves the least deadwood is found and named (R-10).")
    gin = sub.add_parser(
        "gin", help="a Poker Gin hand's least deadwood, with lay-offs on the caller's melds",
        description="The least deadwood of a Poker Gin hand. With --caller, a player's 10 "
                    "cards against the caller's melds, choosing his own melds and his "
                    "lay-offs together (R-6, R-9). Without it, the caller's own hand: 10 "
                    "cards, or 11 after the draw (the best discard is named, R-10).")
    dumbo = sub.add_parser(
        "dumbo", help="the least count of a Dumbo hand",
        description="The welds that leave the least count (D-2..D-4): the Joker joins a "
                    "weld of 3+ cards or counts 10. 8 cards; 9 are the hand after the "
                    "draw: the discard that leaves the least count is named. With the "
                    "declarer's welds, the opponent's 8 cards with his additions (D-6).")
    for parser in (rum, gin, dumbo):
        parser.add_argument("cards", nargs="+", metavar="CARD",
                            help="the hand, e.g. 6H 7H 8H (Dumbo: 7SQ 11ST JOKER)")
        parser.add_argument("--json", action="store_true",
                            help="print JSON: deadwood (or count), melds, layoffs, dead "
                                 "(and discard, after the draw)")
    for parser in (rum, gin):
        parser.add_argument("--double-pack", action="store_true",
                            help="the 104-card pack of 4+ players (R-1, R-3)")
    gin.add_argument("--caller", metavar="MELDS",
                     help='the caller\'s melds as laid: "6H 7H 8H 9H | JC QC KC" or '
                          '"(6H 7H 8H 9H) (JC QC KC)"')
    dumbo.add_argument("--declarer", metavar="WELDS",
                       help='the declarer\'s welds as laid: "4SQ 5SQ 6SQ | 9CI 9DI 9ST"')
    dumbo.add_argument("--octad", action="store_true",
                       help="with --declarer: he went Octad, so no additions to his welds "
                            "(D-5)")
    rum.set_defaults(func=run_rum)
    gin.set_defaults(func=run_gin)
    dumbo.set_defaults(func=run_dumbo)


def _hand(args, pack, copies: int) -> list[int]:
    # Bad cards first (the token named whole), then a card twice, then the size.
    ascii_cards(*args.cards)
    cards = parse_cards(" ".join(args.cards), pack)
    check_copies(cards, pack, copies)
    return cards


def _size(cards: list[int], size: int, drawn: bool, game: str) -> None:
    if len(cards) == size or (drawn and len(cards) == size + 1):
        return
    after = f" ({size + 1} after the draw)" if drawn else ""
    raise RulesError("hand_size", f"a {game} hand is {size} cards{after}: "
                                  f"{len(cards)} given")


def _laid(text: str, hand: list[int], pack, double_pack: bool, octad: bool, size: int,
          whose: str):
    ascii_cards(text)
    laid = melds.lay(text, pack, double_pack, octad)
    check_copies(hand + [c for g in laid.groups for c in g], pack, 2 if double_pack else 1)
    count = sum(len(g) for g in laid.groups)
    if not count:
        raise RulesError("no_melds", f"{whose}: none given")
    if count > size:
        raise RulesError("hand_size", f"{whose}: {count} cards, more than a hand of {size}")
    return laid


def best_discard(cards: list[int], solve, least) -> tuple[int, object, list[int]]:
    """The hand after the draw: the discard that leaves the least, with its solve.

    -> (discard, the solve of the cards left, other discards that leave as little).
    Every card is tried; an identical card (the double pack) leaves the same hand.
    The first in the order typed is named.
    """
    best = None
    also: list[int] = []
    for i, card in enumerate(cards):
        if card in cards[:i]:
            continue
        result = solve(cards[:i] + cards[i + 1:])
        if best is None or least(result) < least(best[1]):
            best = (card, result)
            also = []
        elif least(result) == least(best[1]):
            also.append(card)
    assert best is not None
    return best[0], best[1], also


def _discard_line(discard: int, also: list[int], pack, size: int, what: str, rule: str) -> str:
    line = f"{'discard':<10}{format_card(discard, pack)} leaves the least {what} of the " \
           f"{size} cards ({rule})"
    if also:
        line += f"; so would {format_cards(also, pack)}"
    return line


def _answer(result, discard, also, pack) -> dict:
    answer = result.to_dict()
    if discard is not None:
        answer["discard"] = format_card(discard, pack)
        answer["also"] = format_cards(also, pack).split()
    return answer


def _groups(groups, pack) -> str:
    return " ".join("(" + format_cards(g, pack) + ")" for g in groups)


def _sum(cards, pack, value) -> str:
    if not cards:
        return "none = 0"
    pips = [JOKER_COUNT if pack == DUMBO and c == JOKER else
            (c % 11 + 1 if pack == DUMBO else pip_value(c)) for c in cards]
    names = format_cards(cards, pack)
    if len(cards) == 1:
        return f"{names} = {value}"
    return f"{names} = {' + '.join(map(str, pips))} = {value}"


def _layoff_lines(laid_groups, layoffs, pack, word) -> list[str]:
    parts = [f"{format_cards(extra, pack)} on ({format_cards(g, pack)})"
             for g, extra in zip(laid_groups, layoffs, strict=True) if extra]
    return [f"{word:<10}{'; '.join(parts) if parts else 'none'}"]


def _rummy_alone(args, title: str, threshold: int) -> int:
    # One player's hand on its own: the caller's, 10 cards or 11 after the draw.
    copies = 2 if args.double_pack else 1
    cards = _hand(args, STANDARD, copies)
    _size(cards, RUMMY_HAND, True, title)
    discard, also = None, []
    if len(cards) > RUMMY_HAND:
        discard, r, also = best_discard(
            cards, lambda rest: melds.solve_rummy(rest, args.double_pack),
            lambda result: result.deadwood)
    else:
        r = melds.solve_rummy(cards, args.double_pack)
    if args.json:
        print_json(_answer(r, discard, also, STANDARD))
        return 0
    pack = "double pack" if args.double_pack else "one pack"
    after = "" if discard is None else f" after discarding {format_card(discard, STANDARD)}"
    print(f"{title}, {pack}: deadwood {r.deadwood}{after}")
    if discard is not None:
        print(_discard_line(discard, also, STANDARD, len(cards), "deadwood", "R-10"))
    print(f"{'melds':<10}{_groups(r.melds, STANDARD) or 'none'}")
    print(f"{'deadwood':<10}{_sum(r.dead, STANDARD, r.deadwood)}")
    ok = "yes" if r.deadwood <= threshold else "no"
    print(f"{'may call':<10}{ok}: a show-down needs {threshold} or less (R-4)")
    return 0


def run_rum(args) -> int:
    return _rummy_alone(args, "Poker Rum", RUM_CALL)


def run_gin(args) -> int:
    if args.caller is None:
        return _rummy_alone(args, "Poker Gin", GIN_CALL)
    hand = _hand(args, STANDARD, 2 if args.double_pack else 1)
    laid = _laid(args.caller, hand, STANDARD, args.double_pack, False, RUMMY_HAND,
                 "the caller's melds")
    # Only the caller draws: every other player shows 10 cards.
    _size(hand, RUMMY_HAND, False, "Poker Gin")
    r = melds.solve_rummy(hand, args.double_pack, laid)
    if args.json:
        print_json(r.to_dict())
        return 0
    alone = melds.solve_rummy(hand, args.double_pack).deadwood
    print(f"Poker Gin, against the caller's {_groups(laid.groups, STANDARD)}: "
          f"deadwood {r.deadwood}")
    print(f"{'melds':<10}{_groups(r.melds, STANDARD) or 'none'}")
    for line in _layoff_lines(laid.groups, r.layoffs, STANDARD, "lay-offs"):
        print(line)
    print(f"{'deadwood':<10}{_sum(r.dead, STANDARD, r.deadwood)}")
    if alone != r.deadwood:
        print(f"{'why':<10}{alone} with his own melds alone; the lay-offs save "
              f"{alone - r.deadwood} (R-6)")
    else:
        print(f"{'why':<10}no lay-off lowers it: {alone} with his own melds alone (R-6)")
    return 0


def run_dumbo(args) -> int:
    hand = _hand(args, DUMBO, 1)
    laid = None
    if args.declarer is not None:
        laid = _laid(args.declarer, hand, DUMBO, False, args.octad, DUMBO_HAND,
                     "the declarer's welds")
    elif args.octad:
        raise RulesError("no_welds", "--octad goes with --declarer")
    # The declarer draws before he declares: 9 cards are his hand after the draw;
    # his opponent shows 8 (D-14).
    _size(hand, DUMBO_HAND, laid is None, "Dumbo")
    discard, also = None, []
    if len(hand) > DUMBO_HAND:
        discard, r, also = best_discard(hand, melds.solve_dumbo, lambda result: result.count)
    else:
        r = melds.solve_dumbo(hand, laid, args.octad)
    if args.json:
        print_json(_answer(r, discard, also, DUMBO))
        return 0
    if discard is not None:
        print(f"Dumbo: count {r.count} after discarding {format_card(discard, DUMBO)}")
        print(_discard_line(discard, also, DUMBO, len(hand), "count", "D-14"))
    elif laid is None:
        print(f"Dumbo: count {r.count}")
    else:
        print(f"Dumbo, against the declarer's {_groups(laid.groups, DUMBO)}: count {r.count}")
    print(f"{'welds':<10}{_groups(r.melds, DUMBO) or 'none'}")
    if laid is not None:
        for line in _layoff_lines(laid.groups, r.layoffs, DUMBO, "additions"):
            print(line)
    print(f"{'count':<10}{_sum(r.dead, DUMBO, r.count)}")
    joker = [m for m in r.melds if JOKER in m]
    if joker:
        print(f"{'Joker':<10}added to ({format_cards(joker[0], DUMBO)}) (D-3)")
    elif JOKER in r.dead:
        print(f"{'Joker':<10}no weld of 3 to add it to: it counts 10 (D-3)")
    if laid is None:
        if r.octad:
            print(f"{'declare':<10}yes: an Octad, all 8 cards welded (D-5)")
        else:
            ok = "yes" if r.may_declare else "no"
            print(f"{'declare':<10}{ok}: a declaration needs a count of 7 or less (D-4)")
    else:
        alone = melds.solve_dumbo(hand).count
        if args.octad:
            print(f"{'why':<10}after an Octad nothing may be added to his welds (D-5)")
        elif alone != r.count:
            print(f"{'why':<10}{alone} with his own welds alone; the additions save "
                  f"{alone - r.count} (D-6)")
        else:
            print(f"{'why':<10}no addition lowers it (D-6)")
    return 0


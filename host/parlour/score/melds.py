"""`parlour score rum|gin|dumbo CARDS...`: the best melds of one hand, and why.

    parlour score rum 6H 7H 8H 9H JC QC KC 2S 2D 5C [--double-pack]
    parlour score gin 7D 8D 9D 6S 7S 8S 4C 4D 10C 10H --caller "6H 7H 8H 9H | JC QC KC"
    parlour score dumbo 4SQ 5SQ 6SQ JOKER 2CI 7DI 7ST 7CI [--declarer "..."] [--octad]

The meld solver (parlour_rules.melds) finds the arrangement with the least deadwood
(Poker Rum / Gin, R-3; with the caller's melds, the player's own melds and lay-offs
together, R-6, R-9) or the least count (Dumbo, D-2..D-6). Exit status 0 with the
answer; 2 for a bad card, a card twice in one pack, or a caller's "meld" that is not one.
"""

from __future__ import annotations

from parlour_rules import melds
from parlour_rules.cards import DUMBO, STANDARD, format_cards, pip_value

from . import print_json

RUM_CALL = 15
GIN_CALL = 10


def register(sub) -> None:
    rum = sub.add_parser(
        "rum", help="the least deadwood of a Poker Rum hand",
        description="The melds that leave the least deadwood (R-3): sets of 3 or 4 of a "
                    "rank (3 to 6 with the double pack), runs of 3+ of a suit, Ace low.")
    gin = sub.add_parser(
        "gin", help="a Poker Gin hand's least deadwood with lay-offs on the caller's melds",
        description="The least deadwood of a player's hand in Poker Gin, choosing his own "
                    "melds and his lay-offs onto the caller's melds together (R-6, R-9).")
    dumbo = sub.add_parser(
        "dumbo", help="the least count of a Dumbo hand",
        description="The welds that leave the least count (D-2..D-4): the Joker joins a "
                    "weld of 3+ cards or counts 10; with the declarer's welds, the "
                    "opponent's count with his additions to them (D-6).")
    for parser in (rum, gin, dumbo):
        parser.add_argument("cards", nargs="+", metavar="CARD",
                            help="the hand, e.g. 6H 7H 8H (Dumbo: 7SQ 11ST JOKER)")
        parser.add_argument("--json", action="store_true",
                            help="print JSON: deadwood (or count), melds, layoffs, dead")
    for parser in (rum, gin):
        parser.add_argument("--double-pack", action="store_true",
                            help="the 104-card pack of 4+ players (R-1, R-3)")
    gin.add_argument("--caller", required=True, metavar="MELDS",
                     help='the caller\'s melds as laid: "6H 7H 8H 9H | JC QC KC" or '
                          '"(6H 7H 8H 9H) (JC QC KC)"')
    dumbo.add_argument("--declarer", metavar="WELDS",
                       help='the declarer\'s welds as laid: "4SQ 5SQ 6SQ | 9CI 9DI 9ST"')
    dumbo.add_argument("--octad", action="store_true",
                       help="the declarer went Octad: no additions to his welds (D-5)")
    rum.set_defaults(func=run_rum)
    gin.set_defaults(func=run_gin)
    dumbo.set_defaults(func=run_dumbo)


def _hand(args) -> str:
    return " ".join(args.cards)


def _groups(groups, pack) -> str:
    return " ".join("(" + format_cards(g, pack) + ")" for g in groups)


def _sum(cards, pack, value) -> str:
    if not cards:
        return "none = 0"
    pips = [10 if pack == DUMBO and c == 44 else
            (c % 11 + 1 if pack == DUMBO else pip_value(c)) for c in cards]
    names = format_cards(cards, pack)
    if len(cards) == 1:
        return f"{names} = {value}"
    return f"{names} = {' + '.join(map(str, pips))} = {value}"


def _layoff_lines(laid_groups, layoffs, pack, word) -> list[str]:
    parts = [f"{format_cards(extra, pack)} on ({format_cards(g, pack)})"
             for g, extra in zip(laid_groups, layoffs, strict=True) if extra]
    return [f"{word:<10}{'; '.join(parts) if parts else 'none'}"]


def run_rum(args) -> int:
    r = melds.solve_rummy(_hand(args).split(), args.double_pack)
    if args.json:
        print_json(r.to_dict())
        return 0
    pack = "double pack" if args.double_pack else "one pack"
    print(f"Poker Rum, {pack}: deadwood {r.deadwood}")
    print(f"{'melds':<10}{_groups(r.melds, STANDARD) or 'none'}")
    print(f"{'deadwood':<10}{_sum(r.dead, STANDARD, r.deadwood)}")
    ok = "yes" if r.deadwood <= RUM_CALL else "no"
    print(f"{'may call':<10}{ok}: a show-down needs {RUM_CALL} or less (R-4)")
    return 0


def run_gin(args) -> int:
    hand = _hand(args).split()
    laid = melds.lay(args.caller, STANDARD, args.double_pack)
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
    hand = _hand(args).split()
    laid = None
    if args.declarer is not None:
        laid = melds.lay(args.declarer, DUMBO, False, args.octad)
    r = melds.solve_dumbo(hand, laid, args.octad)
    if args.json:
        print_json(r.to_dict())
        return 0
    if laid is None:
        print(f"Dumbo: count {r.count}")
    else:
        print(f"Dumbo, against the declarer's {_groups(laid.groups, DUMBO)}: count {r.count}")
    print(f"{'welds':<10}{_groups(r.melds, DUMBO) or 'none'}")
    if laid is not None:
        for line in _layoff_lines(laid.groups, r.layoffs, DUMBO, "additions"):
            print(line)
    print(f"{'count':<10}{_sum(r.dead, DUMBO, r.count)}")
    joker = [m for m in r.melds if 44 in m]
    if joker:
        print(f"{'Joker':<10}added to ({format_cards(joker[0], DUMBO)}) (D-3)")
    elif 44 in r.dead:
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


"""`parlour score dartex CARD CARD CARD [--first]`: the value of one Dartex throw.

Exit status 0 with the value, 1 with the reason the throw is not legal (X-2, X-3),
2 for a token that is no Dartex card (main prints the RulesError).
"""

from __future__ import annotations

from parlour_rules.dartex.throw import score_throw
from parlour_rules.errors import RulesError
from parlour_rules.tokens import parse_dartex

from ..errors import ParlourError
from . import ascii_cards, bad_card, print_json


def register(sub) -> None:
    parser = sub.add_parser(
        "dartex", help="score one Dartex throw",
        description="Score one Dartex throw: three cards in the order laid, e.g. "
                    "DOUBLE 4 5 (13) or TREBLE TREBLE BULL (450). Cards: 1..20, 25, BULL, "
                    "DOUBLE, TREBLE, FOUL, OFF, WIRE, CHAMP=n.")
    parser.add_argument("cards", nargs="+", metavar="CARD", help="three cards in the order laid")
    parser.add_argument("--first", action="store_true",
                        help="the player's first throw of the hand: a Double or a pair (X-3)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args) -> int:
    ascii_cards(*args.cards)
    cards = [_card(token) for token in args.cards]  # a bad token: RulesError, status 2
    if len(cards) != 3:
        given = " ".join(args.cards)
        raise ParlourError(f"a throw is 3 cards, not {len(cards)} ({given}): give all three, "
                           "e.g. `parlour score dartex DOUBLE 4 5`", 2, "bad_throw")
    try:
        value = score_throw(cards, args.first)
    except RulesError as e:
        return _refused(args, e)
    if args.json:
        print_json({"score": value})
    else:
        print(value)
    return 0


def _card(token: str) -> int:
    if not token.strip():
        raise bad_card(token)
    return parse_dartex(token)[0]  # a FOUL@s.t target is accepted and does not score


def _refused(args, error: RulesError) -> int:
    if args.json:
        print_json({"error": error.code, "reason": error.message})
    else:
        print(error.message)
    return 1

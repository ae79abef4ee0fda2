"""`parlour score stump-gap A B [--side N] [--json]`: the Stump gap for slides on A and B.

The gap is the numbers strictly between the slides the shorter way round the ring
1..40 (S-2): slides on 37 and 4 give 38 39 40 1 2 3. Slides 20 apart leave two gaps of
19 numbers; the mover picks the side, named by the slide the gap runs up from (--side).
Exit status 0 with the gap, 2 for a number that is not 1..40 or a side that is no slide
(main prints the RulesError).
"""

from __future__ import annotations

from parlour_rules.errors import refuse
from parlour_rules.stump.ring import TIE, check_number, gap, shorter, tie_choices

from . import print_json, shown


def register(sub) -> None:
    parser = sub.add_parser(
        "stump-gap", help="the Stump gap between two slides",
        description="The Stump gap: the ring numbers strictly between two slides, the "
                    "shorter way round 1..40 (S-2). Slides on 37 and 4 give "
                    "38 39 40 1 2 3; adjacent slides, or both on one number, close it.")
    parser.add_argument("slides", nargs=2, metavar="SLIDE", help="the numbers under the slides")
    parser.add_argument("--side", metavar="N",
                        help="slides 20 apart: the slide the gap runs up from (the mover's pick)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def run(args) -> int:
    a, b = (_number(token) for token in args.slides)  # bad numbers: RulesError, status 2
    side = None if args.side is None else _number(args.side)
    if shorter(a, b) == TIE and side is None:
        choices = tie_choices(a, b)
        if args.json:
            print_json({"tie": True, "choices": [{"side": s, "gap": g} for s, g in choices]})
        else:
            print("slides 20 apart: the mover picks the side")
            for s, g in choices:
                print(f"from {s}: {_words(g)}")
        return 0
    numbers = gap(a, b, side)
    if args.json:
        print_json({"gap": numbers})
    else:
        print(_words(numbers))
    return 0


def _number(token: str) -> int:
    word = token.strip()
    # Only ASCII digits are numbers: str.isdigit() also takes ² and ٣.
    if not (word.isascii() and word.isdigit()) or word[0] == "0":
        refuse("bad_number", "not 1..40: ", shown(token))
    return check_number(int(word))


def _words(numbers: list[int]) -> str:
    if not numbers:
        return "closed (no number showing)"
    count = "1 number" if len(numbers) == 1 else f"{len(numbers)} numbers"
    return " ".join(str(n) for n in numbers) + f"  ({count})"

"""`parlour score dumbo-hand`: the scores of one Dumbo hand (docs/rules.md D-7, D-14).

From counts:  --declarer-count 3 --opponent-count 25 [--joker]
From cards:   --declarer "(5CI 6CI 7CI) 5SQ 6SQ 7SQ 3ST 2DI" --opponent "2CI JOKER ..."
The hand is scored by the rules core exactly as a match scores it (a match of
two, the declarer against his opponent); cards are solved by the meld solver:
the declarer's welds as laid when grouped, else the best for him, and the
opponent's welds and additions for his lowest count. Exit status 0 with the
scores; 2 for input the rules refuse (a count of 8 declared, a bad card, ...).
"""

from __future__ import annotations

from parlour_rules.cards import DUMBO, format_card, format_cards
from parlour_rules.dumbo import state as dumbo_state
from parlour_rules.log import MatchLog

from ..errors import ParlourError
from . import ascii_cards, card_count, print_json

HAND = 8  # D-14


def register(sub) -> None:
    parser = sub.add_parser(
        "dumbo-hand", help="score one Dumbo hand from counts or cards",
        description="Score one Dumbo hand: from the two counts (declarer 0..7, opponent "
                    "after his welds and additions, Joker not included) or from both "
                    "hands of 8 cards, e.g. --declarer \"(4SQ 5SQ 6SQ) 9CI 9DI 9ST 1CI 2DI\". "
                    "Count 0 is an Octad.")
    parser.add_argument("--declarer-count", type=int, metavar="D", help="declarer's count, 0..7")
    parser.add_argument("--opponent-count", type=int, metavar="O",
                        help="opponent's count after welds and additions, without the Joker")
    parser.add_argument("--joker", action="store_true",
                        help="the opponent is left holding the Joker (counts 10, D-3)")
    parser.add_argument("--declarer", metavar="CARDS", help="the declarer's 8 cards")
    parser.add_argument("--opponent", metavar="CARDS", help="the opponent's 8 cards")
    parser.add_argument("--names", metavar="DECLARER,OPPONENT", default="Declarer,Opponent",
                        help="names for the explanation line")
    helps = {"octad_bonus": "Octad bonus (D-5; presets 10, 20, 25)",
             "undercut_bonus": "undercut bonus (D-7)",
             "penalty": "wrong declaration penalty (D-8)"}
    for key, default in dumbo_state.VALUES:
        if key in helps:
            parser.add_argument("--" + key.replace("_", "-"), type=int, default=default,
                                metavar="N", help=f"{helps[key]}; default {default}")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.set_defaults(func=run)


def _event(args) -> dict:
    counts = args.declarer_count is not None or args.opponent_count is not None
    cards = args.declarer is not None or args.opponent is not None
    if counts == cards:
        raise ParlourError("give both counts (--declarer-count, --opponent-count) "
                           "or both hands (--declarer, --opponent)", 2)
    if counts:
        if args.declarer_count is None or args.opponent_count is None:
            raise ParlourError("give both --declarer-count and --opponent-count", 2)
        return {"t": "hand", "declarer": 0, "d": args.declarer_count,
                "o": args.opponent_count, "joker": args.joker}
    if args.declarer is None or args.opponent is None:
        raise ParlourError("give both --declarer and --opponent cards", 2)
    ascii_cards(args.declarer, args.opponent)
    for who, text in (("declarer", args.declarer), ("opponent", args.opponent)):
        if card_count(text) != HAND:
            raise ParlourError(f"--{who}: a Dumbo hand is {HAND} cards (D-14): "
                               f"{card_count(text)} given", 2, "hand_size")
    if args.joker:
        raise ParlourError("--joker goes with counts: with cards the solver finds it", 2)
    return {"t": "hand", "declarer": 0, "declarer_cards": args.declarer,
            "opponent_cards": args.opponent}


def score_hand(event: dict, names: list[str], values: dict) -> dict:
    """Score one hand through a two-player match; -> the JSON answer."""
    config = {"players": 2, "names": names, "target": dumbo_state.VALUE_MAX}
    config.update(values)
    match = MatchLog("dumbo", config, [{"t": "seat", "dealer": 1}, event])
    view = match.view()
    hand = view["last_hand"]
    scores = {"declarer": view["totals"][0], "opponent": view["totals"][1]}
    if hand["wrong"]:
        answer = {"wrong": True, "octad": False,
                  "declarer": {"count": hand["d"]}, "opponent": {}}
    else:
        answer = {"wrong": False, "octad": hand["octad"], "declarer": {"count": hand["d"]},
                  "opponent": {"count": hand["o"], "joker": hand["joker"]},
                  "winner": "declarer" if hand["winner"] == hand["declarer"] else "opponent"}
    answer["scores"] = scores
    answer["line"] = view["last"][0]
    if "declarer_cards" in event:
        _add_cards(answer, event, values)
    return answer


def _add_cards(answer: dict, event: dict, values: dict) -> None:
    from parlour_rules.dumbo.cards import arrange

    got = arrange(event["declarer_cards"], event["opponent_cards"],
                  (values["octad_bonus"], values["undercut_bonus"]))
    answer["declarer"]["welds"] = [format_cards(w, DUMBO).split() for w in got["welds"]]
    answer["declarer"]["loose"] = format_cards(got["loose"], DUMBO).split()
    if got["wrong"]:
        return
    result = got["opponent"]
    answer["opponent"]["welds"] = [[format_card(c, DUMBO) for c in m] for m in result.melds]
    additions = result.layoffs if result.layoffs else [[] for _ in got["welds"]]
    answer["opponent"]["additions"] = [[format_card(c, DUMBO) for c in a] for a in additions]
    answer["opponent"]["dead"] = [format_card(c, DUMBO) for c in result.dead]


def _group(cards: list[str]) -> str:
    return "(" + " ".join(cards) + ")"


def render(answer: dict, names: list[str]) -> list[str]:
    lines = []
    mine = answer["declarer"]
    theirs = answer["opponent"]
    if "loose" in mine:
        laid = [_group(w) for w in mine.get("welds", [])] + mine["loose"]
        lines.append(f"{names[0]}: {' '.join(laid)}  count {mine['count']}")
    if "welds" in theirs:
        parts = [_group(w) for w in theirs["welds"]]
        for weld, added in zip(mine["welds"], theirs["additions"], strict=True):
            if added:
                parts.append(f"{' '.join(added)} on {_group(weld)}")
        if theirs["dead"]:
            parts.append(" ".join(theirs["dead"]))
        lines.append(f"{names[1]}: {'; '.join(parts) if parts else '-'}  count {theirs['count']}")
    lines.append(answer["line"])
    return lines


def run(args) -> int:
    names = [n.strip() for n in args.names.split(",")]
    if len(names) != 2 or not all(names):
        raise ParlourError("--names takes two names: DECLARER,OPPONENT", 2)
    values = {"octad_bonus": args.octad_bonus, "undercut_bonus": args.undercut_bonus,
              "penalty": args.penalty}
    answer = score_hand(_event(args), names, values)  # RulesError: main says why, status 2
    if args.json:
        print_json(answer)
    else:
        print("\n".join(render(answer, names)))
    return 0

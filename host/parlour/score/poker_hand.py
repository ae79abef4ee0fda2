"""`parlour score rum-hand` / `gin-hand`: the payments of one Poker Rum or Poker Gin
show-down (docs/rules.md R-4..R-7, R-9, R-10).

From deadwood:  --caller 0 --deadwood 9 5 5 20   (one per seat; Gin: after lay-offs)
From cards:     --caller 0 --hands "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C; 7D 8D 9D ..."
The hand is scored by the rules core exactly as a match scores it. A caller over
the threshold is a false call (R-7) and is scored as one. With cards, the caller's
melds are taken as laid in parentheses (R-9); everyone else is solved by the meld
solver, in Poker Gin with his lay-offs onto the caller's melds. Exit status 0 with
the payments; 2 for input the rules refuse (a bad card, 9 cards, a seat off the
table, ...).
"""

from __future__ import annotations

from parlour_rules.cards import STANDARD, format_card
from parlour_rules.log import MatchLog
from parlour_rules.poker import MAX_DEADWOOD
from parlour_rules.poker.cards import caller_deadwood, solve_hands

from ..errors import ParlourError
from . import ascii_cards, card_count, print_json

VARIANTS = {"rum-hand": "rum", "gin-hand": "gin"}
TITLES = {"rum": "Poker Rum", "gin": "Poker Gin"}
HAND = 10  # the caller's discard is not shown


def register(sub) -> None:
    for command, variant in sorted(VARIANTS.items()):
        threshold = 15 if variant == "rum" else 10
        parser = sub.add_parser(
            command, help=f"score one {TITLES[variant]} show-down from deadwood or cards",
            description=f"Score one {TITLES[variant]} show-down: the caller's seat and every "
                        "player's deadwood in seat order"
                        + (" (after his lay-offs)" if variant == "gin" else "")
                        + ", or every player's 10 cards separated by ';', the caller's melds "
                        "in parentheses as he laid them. Prints who pays whom.")
        parser.add_argument("--caller", type=int, required=True, metavar="SEAT",
                            help="the caller's seat: 0 for the first player, 1 for the next")
        parser.add_argument("--deadwood", type=int, nargs="+", metavar="D",
                            help="every player's deadwood, in seat order")
        parser.add_argument("--hands", metavar="CARDS;CARDS;...",
                            help="every player's 10 cards, in seat order, separated by ';'")
        parser.add_argument("--names", metavar="A,B,...", help="player names, in seat order")
        parser.add_argument("--threshold", type=int, default=threshold, metavar="N",
                            help=f"most deadwood a caller may have (R-4); default {threshold}")
        if variant == "gin":
            parser.add_argument("--forfeit", type=int, default=10, metavar="N",
                                help="a beaten caller's forfeit (R-6); default 10")
        parser.add_argument("--false-call", type=int, default=5, metavar="N",
                            help="a false caller pays each other player this (R-7); default 5")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.set_defaults(func=run, variant=variant)


def _hands(text: str) -> list[str]:
    ascii_cards(text)
    hands = [h.strip() for h in text.split(";")]
    if any(not h for h in hands):
        raise ParlourError("--hands: an empty hand between ';'", 2, "hand_size")
    for seat, hand in enumerate(hands):
        if card_count(hand) != HAND:
            raise ParlourError(f"--hands: a hand is {HAND} cards (R-10); seat {seat} has "
                               f"{card_count(hand)}", 2, "hand_size")
    return hands


def _config(args, players: int) -> dict:
    config = {"variant": args.variant, "players": players, "threshold": args.threshold,
              "false_call": args.false_call}
    if args.variant == "gin":
        config["forfeit"] = args.forfeit
    if args.names:
        names = [n.strip() for n in args.names.split(",")]
        if len(names) != players:
            raise ParlourError(f"--names: {len(names)} names for {players} players", 2)
        if not all(names):
            raise ParlourError("--names: a name is empty (two commas together, or one at "
                               "an end)", 2)
        folded = [n.lower() for n in names]
        twice = [n for seat, n in enumerate(names) if folded.index(n.lower()) != seat]
        if twice:
            raise ParlourError(f"--names: {twice[0]!r} names two seats; each player needs a "
                               "name of his own", 2)
        config["names"] = names
    return config


def score_hand(args) -> dict:
    """Score the hand through a one-hand match; -> the JSON answer."""
    if (args.deadwood is None) == (args.hands is None):
        raise ParlourError("give either --deadwood (one per player) or --hands", 2)
    cards = None if args.hands is None else _hands(args.hands)
    for seat, count in enumerate(args.deadwood or []):
        if not 0 <= count <= MAX_DEADWOOD:
            raise ParlourError(f"--deadwood: seat {seat} has {count}, but deadwood is the pips "
                               f"left unmelded, a count from 0 to {MAX_DEADWOOD} (ten cards of "
                               "at most 10 pips)", 2, "bad_deadwood")
    players = len(args.deadwood if cards is None else cards)
    config = _config(args, players)
    match = MatchLog("poker", config)
    cfg = match.state["cfg"]
    if not 0 <= args.caller < players:
        raise ParlourError(f"--caller: seat {args.caller} is not at a table of {players}", 2)
    if cards is None:
        shown = args.deadwood[args.caller]
        event = {"t": "hand", "caller": args.caller, "deadwood": list(args.deadwood)}
        if shown > cfg["threshold"]:
            event = {"t": "false_call", "caller": args.caller, "deadwood": shown}
    else:
        shown = caller_deadwood(cfg, cards[args.caller], args.caller)
        event = {"t": "hand", "caller": args.caller, "cards": cards}
        if shown > cfg["threshold"]:
            event = {"t": "false_call", "caller": args.caller, "cards": cards[args.caller]}
    match.append(event)
    view = match.view()
    last = view["last"]
    names = view["players"]
    answer = {
        "game": TITLES[args.variant],
        "players": names,
        "caller": args.caller,
        "false_call": last["t"] == "false_call",
        "deadwood": last.get("deadwood"),
        "shown": shown,
        "winners": last.get("winners", []),
        "scores": last["deltas"],
        "payments": [{"from": names[a], "to": names[b], "amount": n}
                     for a, b, n in last["payments"]],
        "line": last["line"],
    }
    if cards is not None and event["t"] == "hand":
        answer["hands"] = _arrangements(cfg, args.caller, cards)
    return answer


def _names(cards) -> list[str]:
    return [format_card(c, STANDARD) for c in cards]


def _arrangements(cfg, caller: int, cards: list[str]) -> list[dict]:
    out = []
    for seat, (deadwood, melds, layoffs, dead) in enumerate(solve_hands(cfg, caller, cards)):
        entry = {"deadwood": deadwood, "melds": [_names(m) for m in melds],
                 "dead": _names(dead)}
        if layoffs is not None and seat != caller:
            entry["layoffs"] = [_names(m) for m in layoffs]
        out.append(entry)
    return out


def _group(cards: list[str]) -> str:
    return "(" + " ".join(cards) + ")"


def render(answer: dict) -> list[str]:
    names = answer["players"]
    width = max(len(n) for n in names)
    caller = answer["caller"]
    lines = [f"{answer['game']}, {len(names)} players: {names[caller]} calls "
             f"with {answer['shown']}"]
    if answer["false_call"]:
        lines.append(f"{names[caller]} shows {answer['shown']}: a false call (R-7)")
    else:
        for seat, name in enumerate(names):
            mark = "caller" if seat == caller else ("low" if seat in answer["winners"] else "")
            row = (f"  {name:<{width}}  deadwood {answer['deadwood'][seat]:>3}"
                   f"  {answer['scores'][seat]:>+5}  {mark}").rstrip()
            lines.append(row)
            if "hands" in answer:
                hand = answer["hands"][seat]
                parts = [_group(m) for m in hand["melds"]]
                laid_off = [c for m in hand.get("layoffs") or [] for c in m]
                if laid_off:
                    parts.append("lays off " + " ".join(laid_off))
                if hand["dead"]:
                    parts.append("dead " + " ".join(hand["dead"]))
                lines.append(f"  {'':<{width}}  {'  '.join(parts)}")
    lines.append(answer["line"])
    if answer["payments"]:
        lines.append("Payments:")
        lines += [f"  {p['from']} pays {p['to']} {p['amount']}" for p in answer["payments"]]
    else:
        lines.append("No payments.")
    return lines


def run(args) -> int:
    answer = score_hand(args)
    if args.json:
        print_json(answer)
    else:
        print("\n".join(render(answer)))
    return 0


"""`parlour show MATCH`: one match event by event in the device's words, each hand's
scores after it, and the totals."""

from __future__ import annotations

from ..errors import ParlourError
from ..session import add_db, database
from .matches import played


def register(sub) -> None:
    parser = sub.add_parser("show", help="one synced match, hand by hand")
    parser.add_argument("match", metavar="MATCH", help="its id (from `parlour matches`)")
    parser.add_argument("--json", action="store_true",
                        help="the same as one JSON object: events and hands in words")
    add_db(parser)
    parser.set_defaults(func=run)


def event_words(event: object) -> str:
    """An event as typed: its kind, then each field (lists as the cards or counts)."""
    if not isinstance(event, dict):
        return _flat(event)
    rest = " ".join(f"{k}={_flat(v)}" for k, v in event.items() if k != "t")
    return f"{event.get('t')} {rest}".strip()


def _flat(value: object) -> str:
    if isinstance(value, list):
        parts = [_flat(v) for v in value]
        return " | ".join(parts) if any(" " in p for p in parts) else ",".join(parts)
    if isinstance(value, dict):
        return " ".join(f"{k}={_flat(v)}" for k, v in value.items())
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def scores_words(scorers: list[str], hand: dict) -> str:
    """"Ann +22 (22), Bob 0 (0)": each scorer's points in the hand and total after."""
    out = []
    for name, points, total in zip(scorers, hand["points"], hand["totals"], strict=False):
        gained = f"+{points}" if isinstance(points, int) and points > 0 else str(points)
        out.append(f"{name} {gained} ({total})")
    return ", ".join(out)


def header(m: dict) -> list[str]:
    names = [p["name"] for p in m["players"]]
    out = [f"match {m['id']}: {m['game']}, {', '.join(names)}; ended {played(m)} "
           f"({m['ended']}); device {m['device']} #{m['seq']}",
           "replay agrees with the device" if m["agrees"]
           else f"replay DISAGREES: {m['problem']}"]
    if m["same_number"]:
        others = ", ".join(str(i) for i in m["same_number"])
        out.append(f"clash: match {others} came under the same number; all are kept")
    return out


def totals_line(m: dict) -> str:
    return "totals: " + ", ".join(f"{'*' if p['winner'] else ''}{p['name']} {p['total']}"
                                  for p in m["players"])


def rows(m: dict, reading) -> list[list[str]]:
    ends = {h["after"]: h for h in reading.hands}
    out = []
    for e in reading.events:
        out.append([str(e["n"]), event_words(e["event"]), "\n".join(e["lines"])])
        hand = ends.get(e["n"])
        if hand is not None and (hand["kind"] != "call" or any(hand["points"])):
            out.append(["", f"{hand['kind']} {hand['hand']}",
                        scores_words(reading.scorers, hand)])
    return out


def as_json(m: dict, reading) -> dict:
    keep = ("id", "device", "seq", "game", "config", "ended", "played_at", "clock",
            "agrees", "problem", "players", "same_number")
    return {**{k: m[k] for k in keep}, "scorers": reading.scorers, "seats": reading.seats,
            "events": reading.events, "hands": reading.hands}


def run(args) -> int:
    from ..described import readings
    from ..store.matches import match
    from ..tables import print_table, print_wrapped

    try:
        match_id = int(args.match)
    except ValueError:
        raise ParlourError(f"MATCH is a number from `parlour matches`, not {args.match!r}",
                           exit_code=2) from None
    with database(args, create=False) as store:
        m = match(store, match_id)
        if m is None:
            raise ParlourError(f"no match {match_id} in the database (see `parlour "
                               "matches`)", exit_code=2)
        told = readings(store, [m])[match_id]
    if args.json:
        from ..score import print_json

        print_json(as_json(m, told))
        return 0
    for line in header(m):
        print_wrapped(line)
    print_table(["#", "EVENT", "WHAT HAPPENED"], rows(m, told), wrap=(1, 2))
    print_wrapped(totals_line(m))
    return 0

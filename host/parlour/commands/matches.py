"""`parlour matches`: the synced matches, filtered by game, player and date."""

from __future__ import annotations

import datetime as dt

from parlour_rules.log import GAMES

from ..errors import ParlourError
from ..session import add_db, database


def register(sub) -> None:
    parser = sub.add_parser("matches", help="list the synced matches")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--player", metavar="NAME", help="only matches NAME played in")
    parser.add_argument("--since", metavar="DATE", help="ended on or after DATE (YYYY-MM-DD)")
    parser.add_argument("--until", metavar="DATE", help="ended before DATE (YYYY-MM-DD)")
    parser.add_argument("--disagree", action="store_true",
                        help="only matches whose replay disagrees with the device")
    parser.add_argument("--clashes", action="store_true",
                        help="only matches that came under a number another match from the "
                             "same device store already had (both are kept)")
    parser.add_argument("--verify", action="store_true",
                        help="replay every match listed again and say whether each agrees")
    parser.add_argument("--json", action="store_true",
                        help="the list as JSON: a match per item, its players and winners")
    add_db(parser)
    parser.set_defaults(func=run)


def day(text: str | None, flag: str) -> float | None:
    """A YYYY-MM-DD date as local midnight (Unix time)."""
    if text is None:
        return None
    try:
        return dt.datetime.strptime(text, "%Y-%m-%d").timestamp()
    except ValueError:
        raise ParlourError(f"{flag} takes a date as YYYY-MM-DD, not {text!r}",
                           exit_code=2) from None


def played(m: dict) -> str:
    if m["played_at"] is None:
        return "unknown"
    mark = {"device": "", "learnt": "~"}.get(m["clock"], "?")
    return mark + dt.datetime.fromtimestamp(m["played_at"]).strftime("%Y-%m-%d %H:%M")


def summary(m: dict) -> str:
    parts = []
    for p in m["players"]:
        parts.append(f"{'*' if p['winner'] else ''}{p['name']} {p['total']}")
    return ", ".join(parts)


def run(args) -> int:
    from ..store.matches import select_matches

    since, until = day(args.since, "--since"), day(args.until, "--until")
    with database(args, create=False) as store:
        found = select_matches(store, args.game, args.player, since, until,
                               clashes=args.clashes)
        if args.disagree:
            found = [m for m in found if not m["agrees"]]
        if args.verify:
            from ..store.verify import verify

            bad = verify(store, [m["id"] for m in found])
            for line in bad:
                print(f"DISAGREES {line}")
            print(f"{len(found)} matches replayed, {len(bad)} disagree")
            return 3 if bad else 0
    if args.json:
        from ..score import print_json

        keep = ("id", "device", "seq", "game", "ended", "played_at", "clock", "agrees",
                "problem", "players", "same_number")
        print_json([{k: m[k] for k in keep} for m in found])
        return 0
    if not found:
        print("no matches")
        return 0
    from ..tables import print_table

    rows = [[str(m["id"]), played(m), m["game"], m["ended"] or "",
             "yes" if m["agrees"] else "NO", summary(m)] for m in found]
    print_table(["ID", "ENDED", "GAME", "END", "OK", "PLAYERS (*won)"], rows, wrap=(5,))
    for line in clash_notes(found):
        print(line)
    return 0


def clash_notes(found: list[dict]) -> list[str]:
    """A line per number two or more listed matches came under from one store."""
    out, seen = [], set()
    for m in found:
        if not m["same_number"] or m["id"] in seen:
            continue
        group = sorted([m["id"], *m["same_number"]])
        seen.update(group)
        ids = ", ".join(str(i) for i in group)
        out.append(f"clash: matches {ids} all came as #{m['seq']} from board {m['device']}; "
                   "all are kept")
    return out

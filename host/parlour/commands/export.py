"""`parlour export`: synced matches as CSV, JSON or JSON Lines."""

from __future__ import annotations

from pathlib import Path

from parlour_rules.log import GAMES

from ..export import FORMATS, write
from ..session import add_db, database
from .matches import day


def register(sub) -> None:
    parser = sub.add_parser("export", help="write the synced matches as CSV, JSON or JSON Lines")
    parser.add_argument("--format", choices=FORMATS, default="csv")
    parser.add_argument("--rows", choices=("players", "hands"), default="players",
                        help="CSV: a row per player per match (default), or per hand")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--since", metavar="DATE", help="ended on or after DATE (YYYY-MM-DD)")
    parser.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help="write FILE (whole, or not at all) instead of the terminal")
    add_db(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..export import csv, json
    from ..store.matches import match, select_matches

    since = day(args.since, "--since")
    with database(args, create=False) as store:
        found = select_matches(store, args.game, since=since)
        if args.format != "csv" or args.rows == "hands":
            found = [match(store, m["id"]) for m in found]
    writer = {"json": json.whole, "jsonl": json.lines}.get(args.format)
    if writer is None:
        writer = csv.hands if args.rows == "hands" else csv.players
    write(args.output, lambda out: writer(found, out))
    return 0

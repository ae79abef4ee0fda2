"""`parlour export`: synced matches as CSV, JSON or JSON Lines."""

from __future__ import annotations

from pathlib import Path

from parlour_rules.log import GAMES

from ..export import FORMATS, write
from ..session import add_db, database
from .matches import day


def register(sub) -> None:
    parser = sub.add_parser("export", help="write the synced matches as CSV, JSON or JSON Lines, or for BG Stats "
                                   "(--format bgstats) or BoardGameGeek (--format bgg)")
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
    import gc

    # One pass over the history, making millions of small objects and no cycle
    # worth collecting: the cyclic collector would only cost time.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _export(args)
    finally:
        if collecting:
            gc.enable()


def _export(args) -> int:
    from ..described import logs, readings, texts
    from ..export import csv, json
    from ..store.matches import select_matches

    since = day(args.since, "--since")
    if args.format in ("bgstats", "bgg"):
        return _for_score_apps(args, since)
    with database(args, create=False) as store:
        found = select_matches(store, args.game, since=since)
        if args.format in ("json", "jsonl"):
            # The logs and words as the JSON text they are kept as: spliced, not
            # parsed and made again (ten times the time on a long history).
            told, events = texts(store, found), logs(store, found)
            writer = json.whole if args.format == "json" else json.lines
            write(args.output, lambda out: writer(found, events, told, out))
            return 0
        told = readings(store, found, words=False) if args.rows == "hands" else {}
    if args.format == "csv" and args.rows == "hands":
        write(args.output, lambda out: csv.hands(found, told, out))
    else:
        write(args.output, lambda out: csv.players(found, out))
    return 0


def _for_score_apps(args, since: float | None) -> int:
    from ..export import bgg, bgstats
    from ..stats.history import gather

    with database(args, create=False) as store:
        played = gather(store, args.game, since, rated=False).played
    writer = bgstats.write if args.format == "bgstats" else bgg.write
    write(args.output, lambda out: writer(played, out))
    return 0

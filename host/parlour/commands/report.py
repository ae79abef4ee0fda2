"""`parlour report`: standings, ratings, head-to-head and every match's hands as one
HTML file with its charts inline (it opens with no network)."""

from __future__ import annotations

from pathlib import Path

from ..errors import ParlourError
from ..session import add_db, database
from .matches import GAMES, day


def register(sub) -> None:
    parser = sub.add_parser("report", help="the synced matches as one HTML page: standings, "
                            "ratings and charts, every match hand by hand")
    parser.add_argument("-o", "--output", type=Path, default=Path("report.html"),
                        metavar="FILE", help="the page to write (default report.html)")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--since", metavar="DATE", help="matches ended on or after DATE "
                        "(YYYY-MM-DD)")
    parser.add_argument("--matches", type=int, default=50, metavar="N",
                        help="show the latest N matches hand by hand (default 50; 0: all)")
    add_db(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..export import write
    from ..report.html import page
    from ..stats.history import gather

    if args.matches < 0:
        raise ParlourError(f"--matches takes 0 (all) or more, not {args.matches}", exit_code=2)
    since = day(args.since, "--since")
    with database(args, create=False) as store:
        history = gather(store, args.game, since, detail=args.matches or -1)
        readings = _readings(store, history, args.matches)
    title = "parlour: " + (args.game.capitalize() if args.game else "every game")
    if args.since:
        title += f" since {args.since}"
    text = page(history, title, args.matches, readings)
    write(args.output, lambda out: out.write(text))
    print(f"wrote {args.output} ({len(history.played)} matches)")
    return 0


def _readings(store, history, latest: int) -> dict:
    """The shared describer's words for each match the page shows hand by hand."""
    import json

    from ..describe import reading

    shown = history.played[::-1][:latest] if latest else history.played[::-1]
    out = {}
    for m, _ in shown:
        (kept,) = store.conn.execute("SELECT kept FROM matches WHERE id = ?",
                                     (m["id"],)).fetchone()
        record = json.loads(kept).get("record") or {}
        out[m["id"]] = reading({"game": m["game"], "config": record.get("config"),
                                "events": record.get("events") or []})
    return out

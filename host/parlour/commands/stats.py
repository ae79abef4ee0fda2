"""`parlour stats`: per player and game, wins, margins, streaks, the game's own
highlights and a skill rating; head-to-head. Worked out from the stored events."""

from __future__ import annotations

from ..session import add_db, database
from .matches import GAMES, day


def register(sub) -> None:
    parser = sub.add_parser("stats", help="wins, margins, streaks, highlights and ratings "
                            "per player and game, worked out from the synced matches")
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--player", metavar="NAME", help="only rows about NAME")
    parser.add_argument("--since", metavar="DATE", help="matches ended on or after DATE "
                        "(YYYY-MM-DD)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    add_db(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..stats.history import gather, rating_rows

    since = day(args.since, "--since")
    with database(args, create=False) as store:
        history = gather(store, args.game, since, args.player)
    result = dict(history.tables, ratings=rating_rows(history, args.player))
    if args.json:
        from ..score import print_json

        print_json(result)
        return 0
    show(result)
    return 0


def percent(rate: float) -> str:
    return f"{100 * rate:.0f}%"


def played_time(minutes) -> str:
    """Minutes as "1h 05m" or "42m"; "-" when no match of the row was timed."""
    if minutes is None:
        return "-"
    hours, rest = divmod(round(minutes), 60)
    return f"{hours}h {rest:02d}m" if hours else f"{rest}m"


def signed(value) -> str:
    return "-" if value is None else f"{value:+g}"


def show(result: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    from ..stats.tables import HIGHLIGHTS

    class Quiet(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError     # main() ends quietly, as every command does

    console = Quiet(highlight=False)
    if not result["standings"]:
        console.print("no matches")
        return
    ratings = {(r["game"], r["player"]): r for r in result["ratings"]}
    for game in GAMES:
        rows = [r for r in result["standings"] if r["game"] == game]
        if not rows:
            continue
        table = Table(title=game, title_justify="left")
        for title in ("player", "played", "won", "win %", "avg margin", "best margin",
                      "best run", "now", "rating"):
            table.add_column(title, justify="left" if title == "player" else "right")
        for r in rows:
            rating = ratings.get((game, r["player"]))
            table.add_row(r["player"], str(r["matches"]), str(r["wins"]), percent(r["win_rate"]),
                          signed(r["average_margin"]), signed(r["best_margin"]),
                          str(r["longest_streak"]), r["streak"],
                          "-" if rating is None else f"{rating['mu']:.1f}±{rating['sigma']:.1f}")
        console.print(table)
        marks = HIGHLIGHTS[game]
        table = Table(title=f"{game}: highlights", title_justify="left")
        for title in ("player", "hands", "time played", *[title for _, title in marks]):
            table.add_column(title, justify="left" if title == "player" else "right")
        for r in rows:
            table.add_row(r["player"], str(r["hands"]), played_time(r["minutes"]),
                          *[str(r["highlights"].get(key, 0)) for key, _ in marks])
        console.print(table)
    head = result["head_to_head"]
    if head and len({h["player"] for h in head}) == 1:
        _head_to_head(console, head)
    elif head:
        _rivals(console, head)
    for s in result["skipped"]:
        console.print(f"match {s['match']} left out: {s['reason']}")


def _head_to_head(console, head: list[dict]) -> None:
    from rich.table import Table

    table = Table(title="head-to-head: how often the player finished above the opponent",
                  title_justify="left")
    for title in ("game", "player", "opponent", "above", "of", "%"):
        table.add_column(title, justify="right" if title in ("above", "of", "%") else "left")
    for h in head:
        table.add_row(h["game"], h["player"], h["opponent"], str(h["won"]), str(h["played"]),
                      percent(h["won"] / h["played"]))
    console.print(table)


def _rivals(console, head: list[dict]) -> None:
    """Per player and game the opponent they most often finish above and the one
    they most often finish below (the whole table: --player NAME, or --json)."""
    from rich.table import Table

    table = Table(title="head-to-head (every pairing: --player NAME)", title_justify="left")
    for title in ("game", "player", "most often above", "most often below"):
        table.add_column(title)
    mine: dict[tuple[str, str], list[dict]] = {}
    for h in head:
        mine.setdefault((h["game"], h["player"]), []).append(h)
    for (game, player), rows in mine.items():
        best = max(rows, key=lambda h: (h["won"] / h["played"], h["played"]))
        worst = min(rows, key=lambda h: (h["won"] / h["played"], -h["played"]))
        table.add_row(game, player, f"{best['opponent']} {best['won']}/{best['played']}",
                      f"{worst['opponent']} {worst['won']}/{worst['played']}")
    console.print(table)

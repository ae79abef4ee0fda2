"""The report page: standings and ratings per game, a rating chart over time, head-to-
head, then each match (the latest first) with the score after every hand charted and
listed, and the game's own lines (Poker's ledger and settle-up, Stump's rounds,
Dartex's throws, Galumphus's claims and rows)."""

from __future__ import annotations

import datetime as dt
from html import escape

from ..stats.history import History, rating_rows
from ..stats.tables import HIGHLIGHTS
from .svg import COLOURS, line_chart

GAMES = ("dumbo", "poker", "dartex", "stump", "galumphus")
STYLE = """
body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:1100px}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}h3{margin-bottom:.3em}
table{border-collapse:collapse;margin:.4em 0 1em}td,th{padding:2px 8px;border-bottom:1px solid #eee}
th{text-align:left;background:#f4f4f4}td.n{text-align:right;white-space:nowrap}
.chart .title{font-weight:bold;font-size:13px}.chart .tick,.chart .legend{font-size:11px}
.chart .frame{fill:none;stroke:#bbb}.chart .zero{stroke:#bbb;stroke-dasharray:3 3}
.match{border-top:1px solid #ddd;padding-top:.3em}.note{color:#555;font-size:.92em}
"""


def page(history: History, title: str, latest: int, readings: dict | None = None) -> str:
    """`readings`: the shared describer's reading of each match shown (by id), whose
    words and per-hand totals the match's table and chart show."""
    readings = readings or {}
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>",
           f"<h1>{escape(title)}</h1>",
           f"<p>{len(history.played)} matches, replayed from their events by the rules "
           f"core; made {dt.datetime.now().strftime('%Y-%m-%d %H:%M')}.</p>"]
    ratings = {(r["game"], r["player"]): r for r in rating_rows(history)}
    names = sorted({n for _, f in history.played for n in f.get("names", [])}, key=str.lower)
    colours = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    standings = history.tables["standings"]
    for game in GAMES:
        rows = [r for r in standings if r["game"] == game]
        if not rows:
            continue
        out.append(f'<h2 id="{game}">{game.capitalize()}</h2>')
        out.append(_standings(game, rows, ratings))
        out.append(_rating_chart(game, history, colours))
        out.append(_head_to_head(game, history.tables["head_to_head"]))
    shown = history.played[::-1][:latest] if latest else history.played[::-1]
    out.append(f"<h2>Matches ({len(shown)} latest of {len(history.played)})</h2>")
    for m, facts in shown:
        out.append(_match(m, facts, readings.get(m["id"]), colours))
    out.append("</body></html>")
    return "\n".join(out)


def _cells(values: list, numeric: bool = False) -> str:
    cls = ' class="n"' if numeric else ""
    return "".join(f"<td{cls}>{escape(str(v))}</td>" for v in values)


def _standings(game: str, rows: list[dict], ratings: dict) -> str:
    marks = HIGHLIGHTS[game]
    head = ["player", "played", "won", "win %", "avg margin", "best margin", "best run", "now",
            "rating (μ ± σ)", *[title for _, title in marks]]
    out = ['<table class="standings"><tr>' + "".join(f"<th>{escape(h)}</th>" for h in head)
           + "</tr>"]
    for r in rows:
        rating = ratings.get((game, r["player"]))
        shown = "-" if rating is None else f"{rating['mu']:.1f} ± {rating['sigma']:.1f}"
        out.append("<tr>" + _cells([r["player"]]) + _cells(
            [r["matches"], r["wins"], f"{100 * r['win_rate']:.0f}%",
             "-" if r["average_margin"] is None else f"{r['average_margin']:+g}",
             "-" if r["best_margin"] is None else f"{r['best_margin']:+g}",
             r["longest_streak"], r["streak"], shown,
             *[r["highlights"].get(key, 0) for key, _ in marks]], True) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _rating_chart(game: str, history: History, colours: dict[str, str]) -> str:
    series: dict[str, list[tuple[float, float]]] = {}
    count = 0
    seen: set[int] = set()
    for point in history.rating_points:
        if point["game"] != game:
            continue
        if point["match"] not in seen:
            seen.add(point["match"])
            count += 1
        series.setdefault(point["player"], []).append((count, point["mu"]))
    if not series:
        return "<p>No rated matches yet (a match needs a winner to be rated).</p>"
    return line_chart(f"{game.capitalize()}: rating (μ) after each rated match", series,
                      "rated matches, oldest first", "μ", from_zero=False, colours=colours)


def _head_to_head(game: str, head: list[dict]) -> str:
    rows = [h for h in head if h["game"] == game]
    if not rows:
        return ""
    names = sorted({h["player"] for h in rows}, key=str.lower)
    found = {(h["player"], h["opponent"]): h for h in rows}
    out = ['<h3>Head-to-head: matches the row finished above the column</h3>',
           '<table class="h2h"><tr><th></th>' + "".join(f"<th>{escape(n)}</th>" for n in names)
           + "</tr>"]
    for a in names:
        cells = []
        for b in names:
            h = found.get((a, b))
            cells.append("" if h is None else f"{h['won']}/{h['played']}")
        out.append(f"<tr><th>{escape(a)}</th>" + _cells(cells, True) + "</tr>")
    out.append("</table>")
    return "".join(out)


def _match(m: dict, facts: dict, reading=None, colours: dict[str, str] | None = None) -> str:
    when = (dt.datetime.fromtimestamp(m["played_at"]).strftime("%Y-%m-%d %H:%M")
            if m["played_at"] else "unknown")
    out = [f'<section class="match" id="match-{m["id"]}"><h3>Match {m["id"]}: '
           f"{escape(m['game'])}, {when}</h3>"]
    if facts.get("error"):
        out.append(f"<p>Left out: {escape(facts['error'])}</p></section>")
        return "".join(out)
    sides = [s["name"] for s in facts["sides"]]
    won = [sides[i] for i in facts["winners"]]
    result = ", ".join(f"{n} {t}" for n, t in zip(sides, facts["totals"], strict=True))
    out.append(f"<p>{escape(result)}; won by {escape(' and '.join(won) or 'nobody')}</p>")
    if reading is not None and reading.hands and len(reading.scorers) == len(sides):
        rows = [(f"{h['kind']} {h['hand']}", h["totals"], h["what"]) for h in reading.hands]
    else:
        rows = [(r["label"], r["totals"], r["note"]) for r in facts.get("rows") or []]
    series = {name: [(0.0, 0.0)] for name in sides}
    for index, (_, totals, _) in enumerate(rows, 1):
        for name, total in zip(sides, totals, strict=True):
            series[name].append((index, total))
    if rows:
        out.append(line_chart(f"Match {m['id']}: the score after each hand", series,
                              "hands", "total", colours=colours))
        out.append('<table class="hands"><tr><th>hand</th>'
                   + "".join(f"<th>{escape(n)}</th>" for n in sides) + "<th>what happened</th></tr>")
        for label, totals, what in rows:
            out.append(f"<tr><td>{escape(label)}</td>" + _cells(totals, True)
                       + f'<td class="note">{escape(what)}</td></tr>')
        out.append("</table>")
    for line in facts.get("extra") or []:
        out.append(f'<p class="note">{escape(line)}</p>')
    out.append("</section>")
    return "".join(out)

"""Standings, highlights and head-to-head from the facts of many matches: what
`parlour stats` prints and the report shows."""

from __future__ import annotations

from .facts import margin, side_of

# Highlights kept as the best of any match; every other one is added up.
BEST = ("best_throw", "biggest_hand", "biggest_payment", "designs")
# Each game's highlights, in the order shown, with their column titles.
HIGHLIGHTS = {
    "dumbo": [("octads", "Octads"), ("vertex", "Vertex"), ("undercuts", "undercuts"),
              ("biggest_hand", "biggest hand")],
    "poker": [("money_won", "won"), ("money_lost", "lost"), ("false_calls", "false calls"),
              ("biggest_payment", "biggest payment")],
    "dartex": [("best_throw", "best throw"), ("wires", "Wires"), ("fouls", "Fouls"),
               ("hands_won", "hands won")],
    "stump": [("rounds_won", "rounds won"), ("stuck_discards", "stuck discards")],
    "galumphus": [("rows_completed", "rows completed"), ("right_claims", "right claims"),
                  ("wrong_claims", "wrong claims"), ("stars", "Stars"),
                  ("designs", "best row")],
}


def build(played: list[tuple[dict, dict]], player: str | None = None) -> dict:
    """`played`: (match, facts) in the order played. `player`: only rows about that
    player (any case). -> {"standings", "head_to_head", "skipped"}."""
    rows: dict[tuple[str, str], dict] = {}
    pairs: dict[tuple[str, str, str], list[int]] = {}
    skipped = []
    for m, facts in played:
        if facts.get("error"):
            skipped.append({"match": m["id"], "reason": facts["error"]})
            continue
        game = facts["game"]
        names = facts["names"]
        sides = [side_of(facts, seat) for seat in range(len(names))]
        for seat, name in enumerate(names):
            side = sides[seat]
            row = rows.setdefault((name, game), _row(name, game))
            won = side in facts["winners"]
            row["matches"] += 1
            row["wins"] += won
            row["hands"] += facts["hands"]
            if facts.get("minutes") is not None:
                row["minutes"] = round((row["minutes"] or 0) + facts["minutes"], 2)
            gap = margin(facts, side)
            if gap is not None:
                row["_margins"].append(gap)
            row["_results"].append(won)
            for key, value in facts["marks"][seat].items():
                if key in BEST:
                    row["highlights"][key] = max(value, row["highlights"].get(key, value))
                else:
                    row["highlights"][key] = row["highlights"].get(key, 0) + value
        places = facts["ranks"]
        for a, name_a in enumerate(names):
            for b, name_b in enumerate(names):
                side_a, side_b = sides[a], sides[b]
                if side_a == side_b or name_a == name_b:
                    continue
                tally = pairs.setdefault((game, name_a, name_b), [0, 0])
                tally[0] += places[side_a] < places[side_b]
                tally[1] += 1
    standings = []
    for row in rows.values():
        margins = row.pop("_margins")
        results = row.pop("_results")
        row["win_rate"] = round(row["wins"] / row["matches"], 3)
        row["average_margin"] = round(sum(margins) / len(margins), 1) if margins else None
        row["best_margin"] = max(margins) if margins else None
        row["longest_streak"], row["streak"] = _streaks(results)
        standings.append(row)
    standings.sort(key=lambda r: (r["game"], -r["win_rate"], -r["wins"], r["player"].lower()))
    head = [{"game": g, "player": a, "opponent": b, "won": w, "played": n}
            for (g, a, b), (w, n) in sorted(pairs.items(), key=lambda kv: (
                kv[0][0], kv[0][1].lower(), kv[0][2].lower()))]
    if player:
        wanted = player.lower()
        standings = [r for r in standings if r["player"].lower() == wanted]
        head = [h for h in head if h["player"].lower() == wanted]
    return {"standings": standings, "head_to_head": head, "skipped": skipped}


def _row(name: str, game: str) -> dict:
    return {"player": name, "game": game, "matches": 0, "wins": 0, "hands": 0,
            "minutes": None, "highlights": {}, "_margins": [], "_results": []}


def _streaks(results: list[bool]) -> tuple[int, str]:
    """The longest run of wins, and the run at the end ("W3": three wins, "L1")."""
    longest = run = 0
    for won in results:
        run = run + 1 if won else 0
        longest = max(longest, run)
    if not results:
        return 0, ""
    last = results[-1]
    tail = 0
    for won in reversed(results):
        if won != last:
            break
        tail += 1
    return longest, ("W" if last else "L") + str(tail)

"""The history the laptop commands read: the matches chosen, their facts (replayed),
the standings and the ratings, worked out once for `stats`, `report` and the exports."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import facts as facts_mod
from . import ratings, tables


@dataclass
class History:
    played: list[tuple[dict, dict]]            # (match, facts), in the order played
    tables: dict = field(default_factory=dict)
    ratings: dict = field(default_factory=dict)   # (game, player) -> Rating
    rating_points: list[dict] = field(default_factory=list)


def gather(store, game: str | None = None, since: float | None = None,
           player: str | None = None, rated: bool = True, detail: int = 0) -> History:
    """`rated`: with the standings and ratings (an export needs neither). `detail`:
    the latest so many matches get their rows and extras too (-1: all)."""
    found = chosen(store, game, since)
    if detail < 0:
        wanted = None
    else:
        wanted = {m["id"] for m in found[len(found) - detail:]} if detail else set()
    known = facts_mod.load(store, found, wanted)
    played = [(m, known[m["id"]]) for m in found]
    history = History(played, tables.build(played, player) if rated else {})
    if rated:
        history.ratings, history.rating_points = ratings.rate(played)
    return history


def rating_rows(history: History, player: str | None = None) -> list[dict]:
    rows = []
    for (game, name), r in history.ratings.items():
        if player and name.lower() != player.lower():
            continue
        rows.append({"game": game, "player": name, "mu": round(r.mu, 2),
                     "sigma": round(r.sigma, 2), "ordinal": round(r.ordinal, 2),
                     "matches": r.matches})
    rows.sort(key=lambda r: (r["game"], -r["ordinal"]))
    return rows


def chosen(store, game: str | None, since: float | None) -> list[dict]:
    """The matches, in the order played, with what the history reads of each: one
    query (the players come from the replay, not from the stored rows)."""
    import json

    where, args = [], []
    if game:
        where.append("m.game = ?")
        args.append(game)
    if since is not None:
        where.append("m.played_at >= ?")
        args.append(since)
    sql = ("SELECT m.id, m.device_id, m.seq, m.digest, m.game, m.config, m.ended, "
           "m.played_at, (SELECT group_concat(o.id) FROM matches o WHERE "
           "o.device_id = m.device_id AND o.seq = m.seq AND o.id != m.id) FROM matches m")
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY m.played_at IS NULL, m.played_at, m.device_id, m.seq, m.id"
    return [{"id": i, "store": store_id, "seq": seq, "digest": digest, "game": g,
             "config": json.loads(config), "ended": ended, "played_at": at,
             "same_number": sorted(int(x) for x in same.split(",")) if same else []}
            for i, store_id, seq, digest, g, config, ended, at, same
            in store.conn.execute(sql, args)]

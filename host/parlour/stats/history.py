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
    """`detail`: the latest so many matches get their rows and extras too (-1: all)."""
    from ..store.matches import select_matches

    found = select_matches(store, game, since=since)
    if detail < 0:
        wanted = None
    else:
        wanted = {m["id"] for m in found[len(found) - detail:]} if detail else set()
    known = facts_mod.load(store, found, wanted)
    played = [(m, known[m["id"]]) for m in found]
    history = History(played, tables.build(played, player))
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

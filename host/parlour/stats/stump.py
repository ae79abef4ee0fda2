"""Stump facts: a row per round (S-6, S-7), the rounds each side won and the discards
each player made stuck (every card under a slide: S-4)."""

from __future__ import annotations

from parlour_rules.log import MatchLog
from parlour_rules.stump.state import LAST, ROUNDS

from .marks import add


def collect(config: dict, events: list) -> dict:
    log = MatchLog("stump", config)
    view = log.view()
    names = list(view["names"])
    marks: list[dict] = [{} for _ in names]
    rows: list[dict] = []
    start = None
    seen_rounds = 0
    for event in events:
        log.append(event)
        kind = event.get("t")
        if kind == "stuck":
            add(marks[log.state[LAST][1]], "stuck_discards")
        elif kind == "setup":
            start = log.view()["turn"]
        if len(log.state[ROUNDS]) > seen_rounds:
            view = log.view()
            while seen_rounds < len(view["rounds"]):
                winner, points = view["rounds"][seen_rounds]
                seen_rounds += 1
                side = view["sides"][winner]
                for seat in _seats(view, winner):
                    add(marks[seat], "rounds_won")
                rows.append({"label": f"round {seen_rounds}", "totals": _totals_after(
                    view, seen_rounds), "note": f"{side} +{points}"})
    view = log.view()
    sides = [{"name": s, "seats": _seats(view, i)} for i, s in enumerate(view["sides"])]
    winner = view.get("winner")
    return {"names": names, "sides": sides, "totals": list(view["totals"]),
            "winners": [winner] if isinstance(winner, int) and view.get("over") else [],
            "rows": rows, "start": start,
            "marks": marks, "extra": []}


def _seats(view: dict, side: int) -> list[int]:
    teams = view.get("teams")
    return list(teams[side]) if teams else [side]


def _totals_after(view: dict, rounds: int) -> list[int]:
    totals = [0] * len(view["sides"])
    for winner, points in view["rounds"][:rounds]:
        totals[winner] += points
    return totals

"""Dartex facts: a row per hand with every throw, the best throw, the Wires and Fouls
each player laid (X-5), and the hands won (the hand's top score, ties all: X-7)."""

from __future__ import annotations

from parlour_rules.log import MatchLog

from .marks import add, best


def collect(config: dict, events: list) -> dict:
    log = MatchLog("dartex", config)
    view = log.view()
    names = list(view["names"])
    marks: list[dict] = [{} for _ in names]
    rows: list[dict] = []
    start = None
    for event in events:
        kind = event.get("t")
        if kind == "deal":
            _hand(log.view(), names, marks, rows)
        elif kind == "throw" and any("@" in str(card) for card in event.get("cards", ())):
            thrower = log.view()["turn"]     # before the throw: the seat laying it
            for card in event["cards"]:
                word = str(card)
                if word.startswith("FOUL@"):
                    add(marks[thrower], "fouls")
                elif word.startswith("WIRE@"):
                    add(marks[thrower], "wires")
        log.append(event)
        if kind == "cut":
            view = log.view()
            start = view["turn"] if view["turn"] is not None else view.get("first")
    view = log.view()
    if view["hand_over"]:
        _hand(view, names, marks, rows)
    winner = view.get("winner")
    return {"names": names, "sides": [{"name": n, "seats": [i]} for i, n in enumerate(names)],
            "totals": list(view["totals"]), "winners": [winner] if isinstance(winner, int) else [],
            "rows": rows, "start": start, "marks": marks,
            "extra": [f"{row['label']} throws: {row['note']}" for row in rows]}


def _hand(view: dict, names: list[str], marks: list[dict], rows: list[dict]) -> None:
    scores = [seat["hand_score"] for seat in view["seats"]]
    top = max(scores)
    parts = []
    for seat in view["seats"]:
        who = seat["seat"]
        if scores[who] == top and top > 0:
            add(marks[who], "hands_won")
        throws = []
        for throw in seat["throws"]:
            if not throw["fouled"]:
                best(marks[who], "best_throw", throw["value"])
            mark = " fouled" if throw["fouled"] else ""
            throws.append(f"{' '.join(throw['cards'])} = {throw['value']}{mark}")
        parts.append(f"{names[who]} {scores[who]}" + (f" ({', '.join(throws)})" if throws else ""))
    rows.append({"label": f"hand {len(rows) + 1}", "totals": [s["total"] for s in view["seats"]],
                 "note": "; ".join(parts)})

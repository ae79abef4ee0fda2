"""Dumbo facts: a row per hand (or wrong declaration), Octads, Vertex, undercuts and
the biggest hand, read from the view the rules core gives after each hand (D-5..D-10)."""

from __future__ import annotations

from parlour_rules.log import MatchLog

from .marks import add, best

_SCORING = ("hand", "wrong")


def collect(config: dict, events: list) -> dict:
    log = MatchLog("dumbo", config)
    view = log.view()
    names = list(view["names"])
    marks: list[dict] = [{} for _ in names]
    rows: list[dict] = []
    start = None
    over = False
    for event in events:
        log.append(event)
        kind = event.get("t")
        if kind not in _SCORING and kind != "new_game":
            continue
        view = log.view()
        if kind == "new_game":
            over = False
            continue
        hand = view["last_hand"]
        if start is None:
            start = hand["declarer"]
        points = hand["points"]
        scorer = hand["winner"]
        gained = max(points)
        if hand["octad"]:
            add(marks[hand["declarer"]], "octads")
        if not hand["wrong"] and scorer == hand["opponent"] and points[1] > 0:
            add(marks[scorer], "undercuts")
        if gained:
            best(marks[scorer], "biggest_hand", gained)
        if view["over"] and not over:
            over = True
            if any(b["name"] == "Vertex" for b in view["bonuses"]):
                for scorer_side in view["scorers"]:
                    if scorer_side["name"] == view["winner"]:
                        for seat in scorer_side["seats"]:
                            add(marks[seat], "vertex")
        rows.append({"label": f"game {view['game_no']} hand {view['hands']}",
                     "totals": list(view["totals"]), "note": "; ".join(view["last"])})
    sides = [{"name": s["name"], "seats": list(s["seats"])} for s in view["scorers"]]
    winners = [i for i, s in enumerate(sides) if view["winner"] is not None
               and s["name"] == view["winner"]]
    return {"names": names, "sides": sides, "totals": list(view["totals"]), "winners": winners,
            "rows": rows, "start": start, "marks": marks, "extra": []}

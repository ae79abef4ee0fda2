"""Poker Rum / Gin facts: a row per hand or false call, the money each player won and
lost, false calls, the biggest single payment, and the settle-up (R-8). A session has
no target winner: the winner is the player most up, ties all of them."""

from __future__ import annotations

from parlour_rules.log import MatchLog

from .marks import add, best


def collect(config: dict, events: list) -> dict:
    log = MatchLog("poker", config)
    view = log.view()
    names = list(view["players"])
    marks: list[dict] = [{} for _ in names]
    rows: list[dict] = []
    start = None
    for event in events:
        kind = event.get("t")
        if start is None and kind in ("hand", "false_call"):
            start = (log.view()["dealer"] + 1) % len(names)     # after a cut, if any
        log.append(event)
        if kind not in ("hand", "false_call"):
            continue
        view = log.view()
        last = view["last"]
        if kind == "false_call":
            add(marks[event["caller"]], "false_calls")
        for payer, payee, amount in last.get("payments", []):
            add(marks[payer], "money_lost", amount)
            add(marks[payee], "money_won", amount)
            best(marks[payee], "biggest_payment", amount)
        ledger = [f"{names[a]} pays {names[b]} {n}" for a, b, n in last.get("payments", [])]
        rows.append({"label": f"hand {view['hands']}" if kind == "hand" else "false call",
                     "totals": list(view["totals"]),
                     "note": "; ".join([last["line"], *ledger])})
    totals = list(view["totals"])
    top = max(totals) if totals else 0
    winners = [i for i, t in enumerate(totals) if t == top] if any(totals) else []
    settle = [f"{names[a]} pays {names[b]} {n}" for a, b, n in view.get("settle") or []]
    return {"names": names, "sides": [{"name": n, "seats": [i]} for i, n in enumerate(names)],
            "totals": totals, "winners": winners, "rows": rows, "start": start,
            "marks": marks, "extra": ["settle-up: " + ("; ".join(settle) or "all square")]}

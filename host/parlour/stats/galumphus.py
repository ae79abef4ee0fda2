"""The Great Galumphus facts: a row per call that had claims (G-5), right and wrong
claims, the cards won under a Star's privilege (G-7), the designs in each row and
the rows completed (G-9). Read from the rules core's state, as its view is."""

from __future__ import annotations

from parlour_rules.log import MatchLog

from .marks import add


def collect(config: dict, events: list) -> dict:
    from parlour_rules.cards import GAL_CODES
    from parlour_rules.galumphus.deal import distinct

    log = MatchLog("galumphus", config)
    state = log.state
    names = list(state["cfg"]["names"])
    marks: list[dict] = [{} for _ in names]
    rows: list[dict] = []
    last = state["last"]
    start = None
    for event in events:
        privilege = log.state["priv"]      # claims made while a Star's privilege runs
        log.append(event)
        state = log.state
        if start is None and state["phase"] != "seed":
            start = (state["dealer"] + 1) % len(names)    # G-3: dealt from his left
        now = state["last"]
        if now is last:
            continue
        fresh = now[len(last):] if now[:len(last)] == last and last else now
        last = now
        if not fresh:
            continue
        star = privilege is not None
        words = []
        for by, seat, card, result in fresh:
            if result == "right":
                add(marks[by], "right_claims")
                if star:
                    add(marks[by], "stars")
            elif result == "wrong":
                add(marks[by], "wrong_claims")
            code = GAL_CODES[card] if isinstance(card, int) and card >= 0 else "?"
            words.append(f"{names[by]} claims {names[seat]}'s {code}: {result}")
        rows.append({"label": f"call {state['calls']}",
                     "totals": [distinct(row) for row in state["rows"]],
                     "note": "; ".join(words)})
    result = state["result"]
    winners = list(result["winners"]) if result is not None else []
    if result is not None and result["reason"] == "row":
        for seat in winners:
            add(marks[seat], "rows_completed")
    designs = [distinct(row) for row in state["rows"]]
    for seat, count in enumerate(designs):
        marks[seat]["designs"] = count
    extra = [f"{names[s]}: " + " ".join(GAL_CODES[c] for c in row)
             for s, row in enumerate(state["rows"])]
    return {"names": names, "sides": [{"name": n, "seats": [i]} for i, n in enumerate(names)],
            "totals": designs, "winners": winners, "rows": rows,
            "start": start,
            "marks": marks, "extra": ["rows: " + "; ".join(extra)]}

# What a Galumphus match shows (views.py, as every game's): view(state), what the
# table may see; screen_view(state), the same made for the device's screens a part
# at a time; umpire_view(state), everything, for the replay; and the questions a
# screen asks of the state (can_undo, end_offered).

from ..cards import GAL_CODES
from .deal import distinct


def can_undo(state):
    # C-4: only a claim press (or its cancel) of the open call, or a seat picked
    # under a privilege and not yet named, may be undone: a closed call cannot.
    return state["undo"]


def end_offered(state):
    # G-10(c): a full pass of the pack (as many calls as it holds cards) with
    # no claim and no returned card.
    phase = state["phase"]
    return phase != "seed" and phase != "over" and state["quiet"] >= len(state["pack"])


def _code(card):
    return GAL_CODES[card] if card >= 0 else None


def _seat_or_none(seat):
    return seat if seat >= 0 else None


def view(state):
    # What the table may see now: never a face-down card unless it is shown.
    cfg = state["cfg"]
    seats = state["seats"]
    rows = state["rows"]
    shown = state["show"]
    priv = state["priv"]
    designs = [distinct(row) for row in rows]
    result = state["result"]
    winners = result["winners"] if result is not None else ()
    return {
        "phase": state["phase"],
        "players": cfg["players"],
        "names": list(cfg["names"]),
        "target": cfg["target"],
        "dealer": state["dealer"],
        "cut": [GAL_CODES[c] for c in state["cut"]],
        "rows": [[GAL_CODES[c] for c in row] for row in rows],
        "designs": designs,
        # what a match's result is kept and checked by: the designs in each row, and
        # the one winner (None while playing, or when a stalemate is shared: then
        # `result` names them all)
        "totals": designs,
        "winner": winners[0] if len(winners) == 1 else None,
        "held": [card >= 0 for card in seats],
        "pack": len(state["pack"]),
        "calls": state["calls"],
        "called": _code(state["called"]),
        "claims": [list(c) for c in state["claims"]],
        "lock": _seat_or_none(state["lock"]),
        "lock_ms": cfg["lock_ms"],
        "close_ms": cfg["close_ms"],
        "show": [[seat, GAL_CODES[seats[seat]]] for seat in shown],
        "show_ms": cfg["show_ms"] * len(shown),
        "privilege": _privilege(priv),
        "last": [{"by": c[0], "seat": c[1], "card": _code(c[2]), "result": c[3]}
                 for c in state["last"]],
        "returned": [GAL_CODES[c] for c in state["returned"]],
        "undo": state["undo"],
        "end_offer": end_offered(state),
        "result": None if result is None else {
            "reason": result["reason"],
            "winners": list(winners)},
    }


# The device's screens read screen_view(state): the view's own fields, each made
# again only when the part of the state it comes from is a new object. apply()
# never changes a state it was given (PURE), so a part that is the same object as
# in the last state viewed holds the same cards, and its fields of the last view
# are kept; a settled claim of `last` keeps its own dict, so a screen can keep the
# line it made of it. A state of another match is viewed whole.
_LAST = [None, None]


def screen_view(state):
    last = _LAST[0]
    if last is None or last["cfg"] is not state["cfg"]:
        v = view(state)
    else:
        v = _LAST[1].copy()
        _scalars(v, state)
        if state["rows"] is not last["rows"]:
            _rows(v, state["rows"], last["rows"])
        seats = state["seats"]
        shown = state["show"]
        if seats is not last["seats"]:
            v["held"] = [card >= 0 for card in seats]
        if shown is not last["show"] or seats is not last["seats"]:
            v["show"] = [[seat, GAL_CODES[seats[seat]]] for seat in shown]
            v["show_ms"] = state["cfg"]["show_ms"] * len(shown)
        if state["claims"] is not last["claims"]:
            v["claims"] = [list(c) for c in state["claims"]]
        if state["priv"] is not last["priv"]:
            v["privilege"] = _privilege(state["priv"])
        if state["last"] is not last["last"]:
            v["last"] = _settled(state["last"], last["last"], v["last"])
        if state["cut"] is not last["cut"]:
            v["cut"] = [GAL_CODES[c] for c in state["cut"]]
        if state["returned"] is not last["returned"]:
            v["returned"] = [GAL_CODES[c] for c in state["returned"]]
        if state["result"] is not last["result"]:
            _result(v, state["result"])
    _LAST[0] = state
    _LAST[1] = v
    return v


def _rows(v, rows, before):
    # A row that is the same object as before keeps its codes and designs.
    made = v["rows"]
    counted = v["designs"]
    codes = []
    designs = []
    for i in range(len(rows)):
        row = rows[i]
        if row is before[i]:
            codes.append(made[i])
            designs.append(counted[i])
        else:
            codes.append([GAL_CODES[c] for c in row])
            designs.append(distinct(row))
    v["rows"] = codes
    v["designs"] = designs
    v["totals"] = designs


def _scalars(v, state):
    v["phase"] = state["phase"]
    v["dealer"] = state["dealer"]
    v["pack"] = len(state["pack"])
    v["calls"] = state["calls"]
    v["called"] = _code(state["called"])
    v["lock"] = _seat_or_none(state["lock"])
    v["undo"] = state["undo"]
    v["end_offer"] = end_offered(state)


def _settled(claims, before, made):
    # The view's `last`: a claim that is the same object as in the last state
    # viewed keeps the dict made of it then.
    out = []
    for i in range(len(claims)):
        c = claims[i]
        if i < len(before) and before[i] is c:
            out.append(made[i])
        else:
            out.append({"by": c[0], "seat": c[1], "card": _code(c[2]), "result": c[3]})
    return out


def _privilege(priv):
    if priv is None:
        return None
    return {"star": GAL_CODES[priv["star"]],
            "turn": _seat_or_none(priv.get("turn", -1)),
            "pick": _seat_or_none(priv.get("pick", -1)),
            "named": list(priv.get("named", []))}


def _result(v, result):
    winners = result["winners"] if result is not None else ()
    v["winner"] = winners[0] if len(winners) == 1 else None
    v["result"] = None if result is None else {
        "reason": result["reason"],
        "winners": list(winners)}


def umpire_view(state):
    # The umpire's truth, never shown during play: kept for the laptop replay.
    out = view(state)
    out["seats"] = [_code(card) for card in state["seats"]]
    out["pack_order"] = [GAL_CODES[c] for c in state["pack"]]
    return out

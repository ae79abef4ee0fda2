# What a Poker Rum or Gin match shows (views.py, as every game's): view(state), what
# the table reads (totals, who deals, the last hand in a line, its payments,
# settle-up); screen_view(state), what a device screen reads; and the questions
# asked of the state (balances, dealer, last_hand).

from ..settle import settle
from .score import explain, false_call, hand_deltas, signed, transfers


def balances(state):
    # Every seat's running balance: they sum to zero.
    level = state["level"]
    return [a + level for a in state["amounts"]]


def dealer(state):
    # Who deals the hand being played: the deal passes left after every hand.
    return (state["first"] + state["hands"]) % state["cfg"]["n"]


def last_hand(state, line=True):
    # The last event in full: what it was, its payments per seat and as transfers,
    # and (with `line`) the line the table reads.
    kind = state["kind"]
    if kind is None:
        return None
    cfg = state["cfg"]
    caller = state["caller"]
    n = cfg["n"]
    last = {"t": kind}
    if kind == "cut":
        last["dealer"] = caller
        last["draws"] = [list(d) for d in state["draws"]]
        if line:
            last["line"] = explain(last, cfg["names"])
        return last
    # a void hand or a false call leaves the hand count where the hand it ended or
    # interrupted was: both are "hand k" with k the number of that hand
    last["hand"] = state["hands"] if kind != "false_call" else state["hands"] + 1
    last["caller"] = caller
    if kind == "hand":
        deltas, winners = hand_deltas(cfg, caller, state["deadwood"])
        last["deadwood"] = list(state["deadwood"])
        last["winners"] = winners
    elif kind == "false_call":
        deltas = false_call(caller, n, cfg["false_call"])
        last["shown"] = state["shown"]
    else:
        deltas = [0] * n
    last["deltas"] = deltas
    last["payments"] = transfers(deltas, caller)
    if line:
        last["line"] = explain(last, cfg["names"])
    return last


def view(state):
    cfg = state["cfg"]
    names = cfg["names"]
    totals = balances(state)
    out = {
        "game": "poker",
        "variant": cfg["variant"],
        "players": list(names),
        "totals": list(totals),
        "standing": ["%s %s" % (names[s], signed(totals[s])) for s in range(len(totals))],
        "dealer": dealer(state),
        "hands": state["hands"],
        "threshold": cfg["threshold"],
        "target": cfg["target"],
        "over": state["over"],
        "settle": settle(totals),
        "last": last_hand(state),
    }
    if state["over"]:
        high = max(totals)
        out["leaders"] = [s for s in range(len(totals)) if totals[s] == high]
    return out


def screen_view(state):
    # What a device screen reads, made once per event: view()'s fields without its
    # text (no standing, no last line) and without settle-up, which the settle-up
    # screen asks of settle() itself; "cfg", the settings as the rules took them
    # (defaults filled in), for a hand's preview. Shared, not copied: read it, never
    # change it.
    cfg = state["cfg"]
    totals = balances(state)
    out = {
        "game": "poker",
        "cfg": cfg,
        "variant": cfg["variant"],
        "players": cfg["names"],
        "totals": totals,
        "dealer": dealer(state),
        "hands": state["hands"],
        "threshold": cfg["threshold"],
        "target": cfg["target"],
        "over": state["over"],
        "last": last_hand(state, False),
    }
    if state["over"]:
        high = max(totals)
        out["leaders"] = [s for s in range(len(totals)) if totals[s] == high]
    return out

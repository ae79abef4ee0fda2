# Poker Rum and Poker Gin (RULES.md R-1..R-11): the match as a fold of events.
#
# config: {"variant": "rum" | "gin", "players": 2..8, "names": [...] (optional,
#   C-2), "dealer": first dealer seat (0), "threshold": 15 rum / 10 gin,
#   "forfeit": 10, "false_call": 5, "target": 0 = none }
# events:
#   {"t": "cut", "seed": s}        cut for the first deal (C-3, C-5), before play
#   {"t": "hand", "caller": c, "deadwood": [d0, d1, ...]}   a show-down by counts
#       (Gin: every other player's deadwood after his lay-offs, R-6)
#   {"t": "hand", "caller": c, "cards": ["(6H 7H 8H) ... 2S", "...", ...]}
#       a show-down by cards, 10 per player
#   {"t": "false_call", "caller": c} optionally with "deadwood": n or
#       "cards": "..." (what he showed, judged over the threshold, R-7)
#   {"t": "void"}                  the hand abandoned, no payments
# The state is a small dict that apply() never mutates; the view answers the
# table: totals, who deals, the last hand in a line, its payments, settle-up.

from .cut import cut_poker
from .errors import RulesError, clip
from .poker_score import GIN, RUM, explain, false_call, show_down, signed, transfers
from .prng import Xorshift32, check_seed
from .settle import settle

MAX_DEADWOOD = 100  # ten cards of at most 10 pips
_LIMIT = 1000


def _whole(config, key, default, low, high):
    value = config.get(key, default)
    if type(value) is not int or value < low or value > high:
        raise RulesError("bad_config", clip(key + " ", value))
    return value


def new_match(config):
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    variant = config.get("variant", RUM)
    if variant != RUM and variant != GIN:
        raise RulesError("bad_variant", "variant: rum or gin")
    n = config.get("players")
    if type(n) is not int or n < 2 or n > 8:
        raise RulesError("bad_players", "players: 2 to 8")
    names = config.get("names")
    if names is None:
        names = ["P%d" % (s + 1) for s in range(n)]  # C-2
    elif type(names) is not list or len(names) != n:
        raise RulesError("bad_names", "one name per seat")
    for name in names:
        if type(name) is not str or not name:
            raise RulesError("bad_names", "name not text")
    cfg = {
        "variant": variant,
        "n": n,
        "names": names,
        "double": n > 3,
        "threshold": _whole(config, "threshold", 15 if variant == RUM else 10, 0,
                            MAX_DEADWOOD),
        "forfeit": _whole(config, "forfeit", 10, 0, _LIMIT),
        "false_call": _whole(config, "false_call", 5, 0, _LIMIT),
        "target": _whole(config, "target", 0, 0, 1000000),
    }
    dealer = _whole(config, "dealer", 0, 0, n - 1)
    return {"cfg": cfg, "totals": [0] * n, "dealer": dealer, "hands": 0,
            "started": False, "reached": False, "over": False, "last": None}


def _seat(cfg, event, key):
    seat = event.get(key)
    if type(seat) is not int or seat < 0 or seat >= cfg["n"]:
        raise RulesError("bad_seat", clip("no seat ", seat))
    return seat


def _deadwood(value):
    if type(value) is not int or value < 0 or value > MAX_DEADWOOD:
        raise RulesError("bad_deadwood", clip("deadwood ", value))
    return value


def _next(state, totals, last, ends_hand):
    # The successor state: payments applied, the deal passed left after a hand
    # the target checked (R-8: the session ends after the hand in which a
    # balance reached it, a false call's payments included).
    cfg = state["cfg"]
    target = cfg["target"]
    reached = state["reached"]
    if target:
        for t in totals:
            if t >= target or -t >= target:
                reached = True
    dealer = state["dealer"]
    hands = state["hands"]
    if ends_hand:
        dealer = (dealer + 1) % cfg["n"]
        hands += 1
    return {"cfg": cfg, "totals": totals, "dealer": dealer, "hands": hands,
            "started": True, "reached": reached, "over": reached and ends_hand,
            "last": last}


def _paid(totals, deltas):
    out = [totals[s] + deltas[s] for s in range(len(totals))]
    return out


def _hand(state, event):
    cfg = state["cfg"]
    caller = _seat(cfg, event, "caller")
    n = cfg["n"]
    if "deadwood" in event and "cards" in event:
        raise RulesError("bad_hand", "deadwood or cards")
    if "cards" in event:
        from .poker_cards import show_down_cards

        deadwood = show_down_cards(cfg, caller, event["cards"])
    else:
        deadwood = event.get("deadwood")
        if type(deadwood) is not list or len(deadwood) != n:
            raise RulesError("bad_deadwood", "deadwood per player")
        for d in deadwood:
            _deadwood(d)
    if deadwood[caller] > cfg["threshold"]:
        # no show-down over the threshold; R-7 makes it a false call.
        raise RulesError("over_threshold", clip("call over %d: " % cfg["threshold"],
                                                deadwood[caller]))
    deltas, winners = show_down(cfg["variant"], caller, deadwood, cfg["forfeit"])
    last = {"t": "hand", "hand": state["hands"] + 1, "caller": caller,
            "deadwood": deadwood, "deltas": deltas, "winners": winners}
    return _next(state, _paid(state["totals"], deltas), last, True)


def _false_call(state, event):
    cfg = state["cfg"]
    caller = _seat(cfg, event, "caller")
    shown = None
    if "deadwood" in event and "cards" in event:
        raise RulesError("bad_hand", "deadwood or cards")
    if "cards" in event:
        from .poker_cards import caller_deadwood

        shown = caller_deadwood(cfg, event["cards"])
    elif "deadwood" in event:
        shown = _deadwood(event["deadwood"])
    if shown is not None and shown <= cfg["threshold"]:
        # judged on the deadwood he shows; within the threshold it is a call.
        raise RulesError("not_false", clip("a fair call: ", shown))
    deltas = false_call(caller, cfg["n"], cfg["false_call"])
    last = {"t": "false_call", "hand": state["hands"] + 1, "caller": caller,
            "shown": shown, "deltas": deltas}
    return _next(state, _paid(state["totals"], deltas), last, False)


def _void(state):
    last = {"t": "void", "hand": state["hands"] + 1, "caller": state["dealer"],
            "deltas": [0] * state["cfg"]["n"]}
    return _next(state, list(state["totals"]), last, True)


def _cut(state, event):
    if state["started"]:
        raise RulesError("late_cut", "cut before play only")
    seed = check_seed(event.get("seed"))
    cfg = state["cfg"]
    result = cut_poker(cfg["n"], Xorshift32(seed))
    last = {"t": "cut", "dealer": result["dealer"], "draws": result["draws"]}
    return {"cfg": cfg, "totals": state["totals"], "dealer": result["dealer"],
            "hands": 0, "started": True, "reached": False, "over": False, "last": last}


def apply(state, event):
    # Validates everything before building the next state; `state` never changes.
    if state["over"]:
        raise RulesError("match_over", "match is over")
    kind = event.get("t")
    if kind == "hand":
        return _hand(state, event)
    if kind == "false_call":
        return _false_call(state, event)
    if kind == "void":
        return _void(state)
    if kind == "cut":
        return _cut(state, event)
    raise RulesError("bad_event", clip("no event ", kind))


def view(state):
    cfg = state["cfg"]
    names = cfg["names"]
    totals = state["totals"]
    out = {
        "game": "poker",
        "variant": cfg["variant"],
        "players": names,
        "totals": list(totals),
        "dealer": state["dealer"],
        "hands": state["hands"],
        "threshold": cfg["threshold"],
        "target": cfg["target"],
        "over": state["over"],
        "settle": settle(totals),
        "last": None,
    }
    last = state["last"]
    if last is not None:
        detail = {"t": last["t"], "line": explain(last, names)}
        if last["t"] == "cut":
            detail["dealer"] = last["dealer"]
        else:
            detail["hand"] = last["hand"]
            detail["caller"] = last["caller"]
            detail["deltas"] = list(last["deltas"])
            detail["payments"] = transfers(last["deltas"], last["caller"])
            if last["t"] == "hand":
                detail["deadwood"] = list(last["deadwood"])
                detail["winners"] = list(last["winners"])
            elif last["t"] == "false_call":
                detail["shown"] = last["shown"]
        out["last"] = detail
    if state["over"]:
        high = max(totals)
        out["leaders"] = [s for s in range(len(totals)) if totals[s] == high]
    out["standing"] = ["%s %s" % (names[s], signed(totals[s])) for s in range(len(totals))]
    return out

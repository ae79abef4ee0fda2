# Poker Rum and Poker Gin (RULES.md R-1..R-11): the match as a fold of events.
#
# config: {"variant": "rum" | "gin", "players": 2..8, "names": [...] (optional,
#   C-2), "dealer": first dealer seat (0), "threshold": 15 rum / 10 gin,
#   "forfeit": 10, "false_call": 5, "target": 0 = none }
# events:
#   {"t": "cut", "seed": s}        cut for the first deal (C-3, C-5), before play
#   {"t": "cut", "dealer": seat}   or the first dealer as the table agreed
#   {"t": "hand", "caller": c, "deadwood": [d0, d1, ...]}   a show-down by counts
#       (Gin: every other player's deadwood after his lay-offs, R-6)
#   {"t": "hand", "caller": c, "cards": ["(6H 7H 8H) ... 2S", "...", ...]}
#       a show-down by cards, 10 per player
#   {"t": "false_call", "caller": c} optionally with "deadwood": n or
#       "cards": "..." (what he showed, judged over the threshold, R-7)
#   {"t": "void"}                  the hand abandoned, no payments
# The state is a small dict that apply() updates in place once an event is
# validated (a refused event leaves it untouched); the view (views.py) answers
# the table: totals, who deals, the last hand in a line, its payments, settle-up.

from ..cut import cut_poker
from ..errors import RulesError, clip
from ..prng import Xorshift32, check_seed
from .score import GIN, GIN_CALL, RUM, RUM_CALL, show_down
from .views import dealer, screen_view, view  # noqa: F401  (the game's face)

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
        "threshold": _whole(config, "threshold", RUM_CALL if variant == RUM else GIN_CALL, 0,
                            MAX_DEADWOOD),
        "forfeit": _whole(config, "forfeit", 10, 0, _LIMIT),
        "false_call": _whole(config, "false_call", 5, 0, _LIMIT),
        "target": _whole(config, "target", 0, 0, 1000000),
    }
    dealer = _whole(config, "dealer", 0, 0, n - 1)
    # Every key exists from the start, so playing a hand only rebinds values: no
    # allocation per event, and the last event's facts are kept flat:
    #   kind: None | "hand" | "false_call" | "void" | "cut"; caller; deadwood
    #   (per seat, of the last show-down); shown (a false call's deadwood or None);
    #   draws (the cut's cards per seat).
    # The dealer is never stored: the deal passes left after every hand,
    # so it is the first dealer moved on by the hands played (see dealer()).
    # The ledger: a seat's balance is amounts[seat] + level (see balances()); a
    # show-down moves every seat by a common step, kept once in the level.
    return {"cfg": cfg, "amounts": [0] * n, "level": 0, "first": dealer, "hands": 0,
            "reached": False, "over": False,
            "kind": None, "caller": 0, "deadwood": None, "shown": None, "draws": None}


def _caller(cfg, event, key="caller"):
    seat = event.get(key)
    if seat.__class__ is not int or seat < 0 or seat >= cfg["n"]:
        raise RulesError("bad_seat", clip("no seat ", seat))
    return seat


def _deadwood(value):
    if value.__class__ is not int or value < 0 or value > MAX_DEADWOOD:
        raise RulesError("bad_deadwood", clip("deadwood ", value))
    return value


def _target(state, ends_hand):
    # the session ends after the hand in which a balance reached the target,
    # a false call's payments included.
    target = state["cfg"]["target"]
    amounts = state["amounts"]
    level = state["level"]
    if max(amounts) + level >= target or -(min(amounts) + level) >= target:
        state["reached"] = True
    if ends_hand and state["reached"]:
        state["over"] = True


def _close(state, kind, caller, ends_hand):
    # Everything validated and paid: record the event, pass the deal left after a
    # hand, check the target.
    state["kind"] = kind
    state["caller"] = caller
    if ends_hand:
        state["hands"] += 1
    if state["cfg"]["target"]:
        _target(state, ends_hand)
    return state


def _read_cards(cfg, event):
    # The slow path of a show-down: cards solved into deadwood.
    if "deadwood" in event:
        raise RulesError("bad_hand", "deadwood or cards")
    caller = _caller(cfg, event)
    from .cards import show_down_cards

    return caller, show_down_cards(cfg, caller, event.get("cards"))


def _false_call(state, event):
    cfg = state["cfg"]
    caller = _caller(cfg, event)
    shown = None
    if "deadwood" in event and "cards" in event:
        raise RulesError("bad_hand", "deadwood or cards")
    if "cards" in event:
        from .cards import caller_deadwood

        shown = caller_deadwood(cfg, event["cards"], caller)
    elif "deadwood" in event:
        shown = _deadwood(event["deadwood"])
    if shown is not None and shown <= cfg["threshold"]:
        # judged on the deadwood he shows; within the threshold it is a call.
        raise RulesError("not_false", clip("a fair call: ", shown))
    # the false caller pays every other player; the hand goes on.
    penalty = cfg["false_call"]
    state["level"] += penalty
    state["amounts"][caller] -= penalty * cfg["n"]
    state["shown"] = shown
    return _close(state, "false_call", caller, False)


def _cut(state, event):
    # C-3: the cut's cards from the logged seed, or the seat the table agreed on.
    if state["kind"] is not None:
        raise RulesError("late_cut", "cut before play only")
    if "dealer" in event and "seed" not in event:
        dealer = _caller(state["cfg"], event, "dealer")
        draws = []
    else:
        result = cut_poker(state["cfg"]["n"], Xorshift32(check_seed(event.get("seed"))))
        dealer = result["dealer"]
        draws = result["draws"]
    state["first"] = dealer
    state["draws"] = draws
    return _close(state, "cut", dealer, False)


def apply(state, event):
    # Validates everything first, then updates `state` in place and returns it: a
    # refused event leaves it exactly as it was (C-4). Copy it to keep an old one.
    # A show-down is handled right here, flat and with few calls: folding a match
    # is mostly show-downs and every call costs on the board (bench/fold_poker.py).
    if state["over"]:
        raise RulesError("match_over", "match is over")
    if event.get("t") != "hand":
        return _other(state, event)
    cfg = state["cfg"]
    deadwood = event.get("deadwood")
    if deadwood is None or "cards" in event:
        caller, deadwood = _read_cards(cfg, event)
    else:
        caller = event.get("caller")
        if caller.__class__ is not int or caller < 0 or caller >= cfg["n"]:
            raise RulesError("bad_seat", clip("no seat ", caller))
        if deadwood.__class__ is not list:
            raise RulesError("bad_deadwood", "deadwood per player")
    # show_down checks the rest (one count per seat, each 0..100, the caller's
    # within the threshold: R-4) as it pays; refused, nothing is paid
    state["level"] += show_down(cfg, caller, deadwood, state["amounts"])
    # as _close, inline: the deal passes left, the target
    state["kind"] = "hand"
    state["caller"] = caller
    state["deadwood"] = deadwood  # the view works the payments out again from it
    state["hands"] += 1  # and so the deal passes left
    if cfg["target"]:
        _target(state, True)
    return state


def _other(state, event):
    kind = event.get("t")
    if kind == "false_call":
        return _false_call(state, event)
    if kind == "void":
        # the hand abandoned; no payments, the deal passes left.
        return _close(state, "void", dealer(state), True)
    if kind == "cut":
        return _cut(state, event)
    raise RulesError("bad_event", clip("no event ", kind))

# The Great Galumphus (RULES.md G-1..G-10): the device is the pack, the caller
# and the umpire. The game face: new_match(config), apply(state, event),
# scan(state, seats) (one key scan), and from views.py view(state) (what the
# table may see) and screen_view(state); views.py also has umpire_view(state)
# (every face-down card and the pack order, kept for the replay) and
# can_undo(state) (C-4: only a claim of the open call may be undone).
#
# Events (JSON objects, "t" is the type):
#   {"t": "seed", "seed": n}     G-2 cut, second shuffle and the first deal (G-3)
#   {"t": "next"}                NEXT (or the close timer): hide shown cards,
#                                call the top card, or close the call (G-5)
#   {"t": "timeout"}             the show time or the claim lock ran out
#   {"t": "key", "seat": i}      a seat key: claimant, then target (G-4); under
#                                Great Galumphus / Water-Hog the seat named (G-7)
#   {"t": "pass"}                PASS: cancel a half-made claim; end a turn (G-7)
#   {"t": "name", "card": "PUS"} the design named with the encoder (G-7)
#   {"t": "end"}                 MENU > END, or END confirmed after a quiet pass
#                                of the pack (G-10 c)
#
# Config: players, target, names, show_ms, lock_ms, close_ms (deal.py).
# For tests, "pack" (48 cards, top first, as after G-2's second shuffle) and
# "dealer" replace the seed: the match starts dealt.

from ..cards import GALUMPHUS, new_pack
from ..cut import cut_galumphus
from ..errors import RulesError
from ..prng import Xorshift32, check_seed, shuffled
from .call import cancel, close_call, open_call, press
from .deal import (
    CRO,
    deal_seat,
    fixed_pack,
    left_order,
    make_config,
    says,
    show,
    stalemate,
)
from .privileges import end_exposure, name, pass_turn, pick
from .views import end_offered, screen_view, view  # noqa: F401  (the game's face)

PHASES = ("seed", "show", "ready", "call", "priv", "over")
EVENTS = ("seed", "next", "timeout", "key", "pass", "name", "end")
# apply() copies what it changes and never touches the state it is given, so the
# match log undoes the last event by keeping the state before it (log.MatchLog).
PURE = True


def new_match(config):
    cfg = make_config(config)
    n = cfg["players"]
    state = {
        "cfg": cfg, "phase": "seed", "dealer": 0, "pack": [], "seats": [-1] * n,
        "rows": [[] for _ in range(n)], "called": -1, "calls": 0, "star_run": False,
        "claims": [], "lock": -1, "show": [], "priv": None, "last": [],
        "returned": [], "cut": [], "quiet": 0, "undo": False, "result": None,
    }
    if "pack" in config:
        pack, dealer = fixed_pack(config, n)
        state["dealer"] = dealer
        first_deal(state, pack)
    return state


def first_deal(s, pack):
    # G-3: one card to each seat from the dealer's left, himself last (G-6).
    seats = s["seats"] = list(s["seats"])
    s["pack"] = pack
    dealt = []
    for seat in left_order(s):
        if deal_seat(pack, seats, seat):
            dealt.append(seat)
    show(s, dealt)


def _seed(s, event):
    # G-2 with C-5: the first shuffle is the cut's, dealt face up from seat 0
    # until a Star falls; the cards go back and the same generator shuffles
    # the pack again in its current order.
    seed = check_seed(event.get("seed"))
    rng = Xorshift32(seed)
    cut = cut_galumphus(s["cfg"]["players"], rng)
    pack = shuffled(new_pack(GALUMPHUS), seed)
    rng.shuffle(pack)
    s["cut"] = cut["dealt"]
    s["dealer"] = cut["dealer"]
    first_deal(s, pack)


def _seat(s, event):
    seat = event.get("seat")
    if type(seat) is not int or seat < 0 or seat >= s["cfg"]["players"]:
        raise RulesError("bad_seat", "no such seat")
    return seat


def _hide(s):
    if s["priv"] is not None and s["priv"]["star"] == CRO:
        end_exposure(s)
        return
    s["show"] = []
    s["phase"] = "ready"


_WAIT = {
    "seed": ("no_seed", "shuffle first"),
    "show": ("showing", "cards are showing"),
    "ready": ("no_call", "no card called"),
    "call": ("in_call", "a call is open"),
    "priv": ("in_privilege", "privilege: PASS"),
}


def _wait(s):
    code, message = _WAIT[s["phase"]]
    raise RulesError(code, message)


def apply(state, event):
    if type(event) is not dict or type(event.get("t")) is not str:
        raise RulesError("bad_event", "event needs a type")
    t = event["t"]
    if t not in EVENTS:
        raise RulesError("bad_event", "unknown event")
    phase = state["phase"]
    if phase == "over":
        raise RulesError("game_over", "game over")
    s = state.copy()  # a table copy: far cheaper on the board than dict(state)
    s["undo"] = False
    if t == "seed":
        if phase != "seed":
            raise RulesError("seeded", "already shuffled")
        _seed(s, event)
    elif phase == "seed":
        _wait(s)
    elif t == "next":
        if phase == "show":
            _hide(s)
        elif phase == "ready":
            open_call(s)
        elif phase == "call":
            close_call(s)
        else:
            _wait(s)
    elif t == "timeout":
        if phase == "show":
            _hide(s)
        elif phase == "call":
            cancel(s)
        else:
            raise RulesError("no_timer", "no timer running")
    elif t == "key":
        seat = _seat(s, event)
        if phase == "call":
            press(s, seat)
        elif phase == "priv":
            pick(s, seat)
        else:
            _wait(s)
        s["undo"] = True
    elif t == "pass":
        if phase == "call":
            cancel(s)
            s["undo"] = True
        elif phase == "priv":
            pass_turn(s)
        else:
            raise RulesError("no_pass", "nothing to pass")
    elif t == "name":
        if phase != "priv":
            raise RulesError("no_privilege", "no privilege now")
        name(s, event)
    elif t == "end":
        # G-10: END after a quiet pass of the pack, or by agreement at any time.
        stalemate(s, "pass" if end_offered(state) else "agreed")
    return s


def scan(state, seats):
    # G-4: the seat keys seen in one key scan, taken in seat order from the
    # dealer's left. The first press accepted ends the scan's claiming: any
    # other key of the same scan is refused (a lock started in this scan is
    # not a target for a neighbour's simultaneous press).
    # -> (state, accepted events, [[seat, RulesError], ...] refused).
    n = state["cfg"]["players"]
    order = sorted(seats, key=lambda seat: (seat - state["dealer"] - 1) % n)  # total order
    events = []
    refused = []
    start_lock = state["lock"]
    for seat in order:
        event = {"t": "key", "seat": seat}
        if events:
            if state["phase"] != "call" and start_lock < 0:
                error = RulesError("one_key", "one key at a time")
            else:
                holder = start_lock if start_lock >= 0 else events[0]["seat"]
                error = RulesError("locked", says(state, holder, "is claiming"))
            refused.append([seat, error])
            continue
        try:
            state = apply(state, event)
        except RulesError as e:
            refused.append([seat, e])
            continue
        events.append(event)
    return state, events, refused

# Stump (S-1..S-8): the device replaces the tray. A match is a fold of events
# (docs/stump.md gives the event and view formats); the device never knows the
# cards, only what the players enter: the two turned numbers, each gapper, each
# discard and which slide moves. The draw is not an event (S-1).
#
# State: a dict that apply() never mutates (it copies what it changes).
# Sides: in singles a side is a seat; in partnership a side is a team, team t
# being seats t and t + 2 (partners opposite, S-7).

from . import stump_view
from .cut import cut_seat
from .errors import RulesError, refuse
from .prng import Xorshift32
from .stump_ring import choose_from, in_gap, width
from .stump_view import HAND, gap_bounds, hands, line, side_name, side_of
from .tokens import format_stump, parse_stump

SINGLES_TARGET = 25     # S-8
PAIRS_TARGET = 50       # S-8
SINGLES_BONUS = 5       # S-6
PAIRS_BONUS = 10        # S-7
TARGET_MAX = 999


def _names(config, n):
    names = config.get("names")
    if names is None:
        names = [None] * n
    if type(names) is not list or len(names) != n:
        raise RulesError("bad_names", "one name per seat")
    out = []
    for i in range(n):
        name = names[i]
        if name is None or name == "":
            name = "P%d" % (i + 1)
        if type(name) is not str:
            raise RulesError("bad_names", "names must be text")
        out.append(name)
    return out


def new_match(config):
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    pairs = config.get("partnership", False)
    if type(pairs) is not bool:
        raise RulesError("bad_config", "partnership: yes/no")
    n = config.get("players", 4 if pairs else None)
    if type(n) is not int or n < 2 or n > 4:
        raise RulesError("bad_players", "players: 2 to 4")
    if pairs and n != 4:
        raise RulesError("bad_players", "partnership needs 4")
    target = config.get("target", PAIRS_TARGET if pairs else SINGLES_TARGET)
    if type(target) is not int or target < 1 or target > TARGET_MAX:
        raise RulesError("bad_target", "target: 1 to 999")
    dealer = config.get("dealer")
    if dealer is not None and (type(dealer) is not int or dealer < 0 or dealer >= n):
        raise RulesError("bad_dealer", "dealer: a seat")
    sides = 2 if pairs else n
    return {
        "n": n, "pairs": pairs, "target": target, "names": _names(config, n),
        "dealer": dealer, "step": "cut" if dealer is None else "setup",
        "round": 0, "seat": None, "team": None,
        "slides": None, "from": 0,
        "gappers": [0] * n,
        "played": None, "discard": None,
        "totals": [0] * sides, "rounds": [],
        "last": "cut for the deal" if dealer is None else "set the slides",
        "last_round": None, "winner": None,
    }


# -- sides and turns ---------------------------------------------------------------

def _members_in(state, team):
    gappers = state["gappers"]
    return [m for m in (team, team + 2) if gappers[m] < HAND]


def _begin_turn(s, seat, team):
    s["played"] = None
    s["discard"] = None
    if team is None:
        s["seat"] = seat
        s["team"] = None
        s["step"] = "gapper"
        return
    s["team"] = team
    members = _members_in(s, team)
    if len(members) == 1:
        # S-7: a member who is out stays out; his partner plays on alone.
        s["seat"] = members[0]
        s["step"] = "gapper"
    else:
        s["seat"] = None
        s["step"] = "member"


def _start_round(s):
    # S-6: each round starts left of its dealer; S-7: that player's team has the turn.
    s["round"] += 1
    s["gappers"] = [0] * s["n"]
    first = (s["dealer"] + 1) % s["n"]
    if s["pairs"]:
        _begin_turn(s, None, first % 2)
    else:
        _begin_turn(s, first, None)


def _next_turn(s):
    if s["pairs"]:
        _begin_turn(s, None, 1 - s["team"])
    else:
        _begin_turn(s, (s["seat"] + 1) % s["n"], None)


def _round_points(state, side):
    # S-6 singles: 5 + every card the opponents hold; S-7: 10 + the opposing team's.
    held = hands(state)
    total = PAIRS_BONUS if state["pairs"] else SINGLES_BONUS
    for seat in range(state["n"]):
        if side_of(state, seat) != side:
            total += held[seat]
    return total


def _end_round(s, side):
    points = _round_points(s, side)
    totals = list(s["totals"])
    totals[side] += points
    s["totals"] = totals
    s["rounds"] = s["rounds"] + [[side, points]]
    s["last_round"] = {"round": s["round"], "winner": side, "points": points,
                       "hands": hands(s), "dealer": s["dealer"]}
    name = side_name(s, side)
    if totals[side] >= s["target"]:
        # S-8: the first side to reach the target wins the game.
        s["step"] = "over"
        s["winner"] = side
        s["seat"] = None
        s["team"] = None
        s["played"] = None
        s["discard"] = None
        s["last"] = line(name, " wins the game")
        return
    s["last"] = line(name, " +%d, round over" % points)
    # S-6: the deal passes left (a decision); the gap carries over.
    s["dealer"] = (s["dealer"] + 1) % s["n"]
    _start_round(s)


# -- events ------------------------------------------------------------------------

def _number(token):
    # (number, wild) from a token, text or int: "12", 12, "W", "W=9" (Card notation).
    return parse_stump(token)


def _ev_cut(state, event):
    if "seed" in event:
        dealer = cut_seat(state["n"], Xorshift32(event["seed"]))["dealer"]
    elif "dealer" in event:
        dealer = event["dealer"]
        if type(dealer) is not int or dealer < 0 or dealer >= state["n"]:
            refuse("bad_seat", "no seat ", dealer)
    else:
        raise RulesError("bad_event", "cut needs a seed")
    s = dict(state)
    s["dealer"] = dealer
    s["step"] = "setup"
    s["last"] = line(s["names"][dealer], " deals")
    return s


def _ev_setup(state, event):
    # S-3: the dealer turns two numbers; a wild goes back and another is drawn.
    slides = event.get("slides")
    if type(slides) is not list or len(slides) != 2:
        raise RulesError("bad_event", "setup: two numbers")
    a, wild_a = _number(slides[0])
    b, wild_b = _number(slides[1])
    if wild_a or wild_b:
        raise RulesError("wild_setup", "a wild goes back")
    frm = choose_from(a, b, event.get("side"))
    s = dict(state)
    s["slides"] = [a, b]
    s["from"] = frm
    s["last"] = "slides %d and %d" % (a, b)
    _start_round(s)
    return s


def _ev_member(state, event):
    # S-7: the team names which member plays the turn.
    seat = event.get("seat")
    if type(seat) is not int or seat < 0 or seat >= state["n"]:
        refuse("bad_seat", "no seat ", seat)
    name = state["names"][seat]
    if seat % 2 != state["team"]:
        raise RulesError("not_your_team", line(name, " not on turn"))
    if state["gappers"][seat] >= HAND:
        raise RulesError("member_out", line(name, " is out"))
    s = dict(state)
    s["seat"] = seat
    s["step"] = "gapper"
    s["last"] = line(name, " plays")
    return s


def _ev_gapper(state, event):
    # S-4: at most one gapper, a number in the gap; a wild is any number in the
    # gap (its number is ignored) but not when the gap is closed.
    if state["step"] == "discard":
        raise RulesError("one_gapper", "one gapper a turn")
    n, wild = _number(event.get("card"))
    a, b = gap_bounds(state)
    if wild:
        if width(a, b) == 0:
            raise RulesError("gap_closed", "the gap is closed")
    elif not in_gap(n, a, b):
        raise RulesError("not_in_gap", "%d not in the gap" % n)
    seat = state["seat"]
    s = dict(state)
    gappers = list(state["gappers"])
    gappers[seat] += 1
    s["gappers"] = gappers
    s["played"] = format_stump(0, True) if wild else str(n)
    s["step"] = "discard"
    s["last"] = line(s["names"][seat], " gapper " + s["played"])
    return s


def _under_slide(state, n):
    slides = state["slides"]
    return n == slides[0] or n == slides[1]


def _ev_discard(state, event):
    # S-4: never a number under a slide; a wild is announced as a number (W=n).
    n, wild = _number(event.get("card"))
    if wild and n == 0:
        raise RulesError("wild_number", "wild needs W=n")
    if _under_slide(state, n):
        raise RulesError("under_slide", "%d is under a slide" % n)
    s = dict(state)
    s["discard"] = n
    s["step"] = "move"
    s["last"] = line(s["names"][s["seat"]], " discards " + format_stump(n, wild))
    return s


def _ev_stuck(state, event):
    # S-4: every card in hand is under a slide: no gapper, discard one, no move.
    if state["step"] == "discard":
        # A gapper may not be played if every card left would be under a slide.
        raise RulesError("gapper_stuck", "no gapper if stuck")
    n, wild = _number(event.get("card"))
    if wild:
        raise RulesError("wild_stuck", "wild is never stuck")
    if not _under_slide(state, n):
        raise RulesError("not_stuck", "%d not under a slide" % n)
    s = dict(state)
    seat = s["seat"]
    _next_turn(s)
    s["last"] = line(s["names"][seat], " stuck, no move")
    return s


def _ev_move(state, event):
    # S-4: either slide onto the discard; S-2: on a tie the mover picks the side.
    k = event.get("slide")
    if k != 0 and k != 1 or type(k) is not int:
        raise RulesError("bad_slide", "slide is 0 or 1")
    slides = list(state["slides"])
    slides[k] = state["discard"]
    frm = choose_from(slides[0], slides[1], event.get("side"))
    s = dict(state)
    old = state["slides"][k]
    s["slides"] = slides
    s["from"] = frm
    seat = s["seat"]
    s["last"] = line(s["names"][seat], " moves %d to %d" % (old, slides[k]))
    if s["gappers"][seat] < HAND:
        _next_turn(s)
        return s
    # S-6: five gappers played: out of cards at the end of the turn.
    if not s["pairs"]:
        _end_round(s, seat)
    elif not _members_in(s, seat % 2):
        _end_round(s, seat % 2)
    else:
        s["last"] = line(s["names"][seat], " is out")
        _next_turn(s)
    return s


_EVENTS = {
    "cut": (_ev_cut, ("cut",)),
    "setup": (_ev_setup, ("setup",)),
    "member": (_ev_member, ("member",)),
    "gapper": (_ev_gapper, ("gapper", "discard")),
    "discard": (_ev_discard, ("gapper", "discard")),
    "stuck": (_ev_stuck, ("gapper", "discard")),
    "move": (_ev_move, ("move",)),
}
_NEEDS = {
    "cut": "cut for the deal",
    "setup": "set the slides",
    "member": "name who plays",
    "gapper": "gapper or discard",
    "discard": "discard a card",
    "move": "move a slide",
}


def apply(state, event):
    # Validates fully before building the next state; `state` is never changed.
    if state["step"] == "over":
        raise RulesError("game_over", "the game is over")
    kind = event.get("t")
    entry = _EVENTS.get(kind)
    if entry is None:
        refuse("bad_event", "no event ", kind)
    if state["step"] not in entry[1]:
        raise RulesError("wrong_step", _NEEDS[state["step"]])
    return entry[0](state, event)


# -- the view ------------------------------------------------------------------------

view = stump_view.view

# Stump (S-1..S-8): the device replaces the tray. A match is a fold of events
# (docs/stump.md gives the event and view formats); the device never knows the
# cards, only what the players enter: the two turned numbers, each gapper, each
# discard and which slide moves. The draw is not an event (S-1).
#
# apply() validates the whole event first and then builds the next state from a
# copy, so the state it was given never changes (state.py has the layout).
# Sides: in singles a side is a seat; in partnership a side is a team, team t
# being seats t and t + 2 (partners opposite, S-7).

from ..errors import RulesError, refuse
from ..prng import Xorshift32, cut_seat
from ..tokens import parse_stump
from . import views as stump_view
from .ring import RING, choose_from, in_gap, width
from .state import (
    CFG,
    DEALER,
    DISCARD,
    FROM,
    GAPPERS,
    HAND,
    LAST,
    LAST_ROUND,
    PLAYED,
    ROUND,
    ROUNDS,
    SEAT,
    SLIDES,
    SLOTS,
    STEP,
    TEAM,
    TOTALS,
    WILD,
    WINNER,
    gap_bounds,
    hands,
    line,
    members_in,
    side_names,
    side_of,
)

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_SINGLES_TARGET = const(25)     # S-8
_PAIRS_TARGET = const(50)       # S-8
_SINGLES_BONUS = const(5)       # S-6
_PAIRS_BONUS = const(10)        # S-7
_TARGET_MAX = const(999)


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
    target = config.get("target", _PAIRS_TARGET if pairs else _SINGLES_TARGET)
    if type(target) is not int or target < 1 or target > _TARGET_MAX:
        raise RulesError("bad_target", "target: 1 to 999")
    dealer = config.get("dealer")
    if dealer is not None and (type(dealer) is not int or dealer < 0 or dealer >= n):
        raise RulesError("bad_dealer", "dealer: a seat")
    state = [None] * SLOTS
    names = _names(config, n)
    state[CFG] = {"n": n, "pairs": pairs, "target": target, "names": names,
                  "sides": side_names(names, pairs)}
    state[STEP] = "cut" if dealer is None else "setup"
    state[DEALER] = dealer
    state[ROUND] = 0
    state[FROM] = 0
    state[GAPPERS] = [0] * n
    state[WILD] = False
    state[TOTALS] = [0] * (2 if pairs else n)
    state[ROUNDS] = []
    state[LAST] = ["new", None, 0, 0]
    return state


# -- turns and rounds ----------------------------------------------------------------

def _begin_turn(s, seat, team):
    s[PLAYED] = None
    s[DISCARD] = None
    s[WILD] = False
    s[TEAM] = team
    if team is None:
        s[SEAT] = seat
        s[STEP] = "gapper"
        return
    members = members_in(s, team)
    if len(members) == 1:
        # S-7: a member who is out stays out; his partner plays on alone.
        s[SEAT] = members[0]
        s[STEP] = "gapper"
    else:
        s[SEAT] = None
        s[STEP] = "member"


def _start_round(s):
    # S-6: each round starts left of its dealer; S-7: that player's team has the turn.
    s[ROUND] += 1
    cfg = s[CFG]
    s[GAPPERS] = [0] * cfg["n"]
    first = (s[DEALER] + 1) % cfg["n"]
    if cfg["pairs"]:
        _begin_turn(s, None, first % 2)
    else:
        _begin_turn(s, first, None)


def _next_turn(s):
    if s[CFG]["pairs"]:
        _begin_turn(s, None, 1 - s[TEAM])
    else:
        _begin_turn(s, (s[SEAT] + 1) % s[CFG]["n"], None)


def round_points(state, side):
    # S-6 singles: 5 + every card the opponents hold; S-7: 10 + the opposing team's.
    held = hands(state)
    total = _PAIRS_BONUS if state[CFG]["pairs"] else _SINGLES_BONUS
    for seat in range(state[CFG]["n"]):
        if side_of(state, seat) != side:
            total += held[seat]
    return total


def _end_round(s, side):
    points = round_points(s, side)
    totals = s[TOTALS][:]
    totals[side] += points
    s[TOTALS] = totals
    s[ROUNDS] = s[ROUNDS] + [[side, points]]
    s[LAST_ROUND] = {"round": s[ROUND], "winner": side, "points": points,
                     "hands": hands(s), "dealer": s[DEALER]}
    if totals[side] >= s[CFG]["target"]:
        # S-8: the first side to reach the target wins the game.
        s[STEP] = "over"
        s[WINNER] = side
        s[SEAT] = None
        s[TEAM] = None
        s[PLAYED] = None
        s[DISCARD] = None
        s[WILD] = False
        s[LAST] = ["game", side, points, 0]
        return
    s[LAST] = ["round", side, points, 0]
    # S-6: the deal passes left (a decision); the gap carries over to the next round.
    s[DEALER] = (s[DEALER] + 1) % s[CFG]["n"]
    _start_round(s)


# -- events ------------------------------------------------------------------------------

def _card(token):
    # (number, wild): a ring number as an int (the usual form), or a token in the
    # Card notation, "12", "W", "W=9" (tokens.parse_stump).
    if type(token) is int and 0 < token <= RING:
        return token, False
    return parse_stump(token)


def _seat(state, seat):
    if type(seat) is not int or seat < 0 or seat >= state[CFG]["n"]:
        refuse("bad_seat", "no seat ", seat)
    return seat


def _ev_cut(state, event):
    # C-3: Stump draws a random seat to deal, from the logged seed; or a seat given.
    if "seed" in event:
        dealer = cut_seat(state[CFG]["n"], Xorshift32(event["seed"]))["dealer"]
    elif "dealer" in event:
        dealer = _seat(state, event["dealer"])
    else:
        raise RulesError("bad_event", "cut needs a seed")
    s = state[:]
    s[DEALER] = dealer
    s[STEP] = "setup"
    s[LAST] = ["cut", dealer, 0, 0]
    return s


def _ev_setup(state, event):
    # S-3: the dealer turns two numbers; a wild goes back and another is drawn.
    slides = event.get("slides")
    if type(slides) is not list or len(slides) != 2:
        raise RulesError("bad_event", "setup: two numbers")
    a, wild_a = _card(slides[0])
    b, wild_b = _card(slides[1])
    if wild_a or wild_b:
        raise RulesError("wild_setup", "a wild goes back")
    frm = choose_from(a, b, event.get("side"))
    s = state[:]
    s[SLIDES] = [a, b]
    s[FROM] = frm
    s[LAST] = ["setup", s[DEALER], a, b]
    _start_round(s)
    return s


def _ev_member(state, event):
    # S-7: the team names which member plays the turn. (Once a member is out the
    # team has no choice to make: his partner is on turn without this event.)
    seat = _seat(state, event.get("seat"))
    if seat % 2 != state[TEAM]:
        raise RulesError("not_on_turn", line(state[CFG]["names"][seat], " not on turn"))
    s = state[:]
    s[SEAT] = seat
    s[STEP] = "gapper"
    s[LAST] = ["member", seat, 0, 0]
    return s


def _ev_gapper(state, event):
    # S-4: at most one gapper, a number in the gap; a wild is any number in the
    # gap (its number is ignored) but not when the gap is closed.
    if state[STEP] == "discard":
        raise RulesError("one_gapper", "one gapper a turn")
    n, wild = _card(event.get("card"))
    a, b = gap_bounds(state)
    if wild:
        if width(a, b) == 0:
            raise RulesError("gap_closed", "the gap is closed")
        n = 0
    elif not in_gap(n, a, b):
        raise RulesError("not_in_gap", "%d not in the gap" % n)
    seat = state[SEAT]
    s = state[:]
    gappers = state[GAPPERS][:]
    gappers[seat] += 1
    s[GAPPERS] = gappers
    s[PLAYED] = n
    s[STEP] = "discard"
    s[LAST] = ["gapper", seat, n, 0]
    return s


def _under_slide(state, n):
    slides = state[SLIDES]
    return n == slides[0] or n == slides[1]


def _ev_discard(state, event):
    # S-4: never a number under a slide; a wild is announced as a number (W=n).
    n, wild = _card(event.get("card"))
    if wild and n == 0:
        raise RulesError("wild_number", "wild needs W=n")
    if _under_slide(state, n):
        raise RulesError("under_slide", "%d is under a slide" % n)
    s = state[:]
    s[DISCARD] = n
    s[WILD] = wild
    s[STEP] = "move"
    s[LAST] = ["discard", s[SEAT], n, 1 if wild else 0]
    return s


def _ev_stuck(state, event):
    # S-4: every card in hand is under a slide: no gapper, discard one, no move.
    if state[STEP] == "discard":
        # A gapper may not be played if every card left would be under a slide.
        raise RulesError("gapper_stuck", "no gapper if stuck")
    n, wild = _card(event.get("card"))
    if wild:
        raise RulesError("wild_stuck", "wild is never stuck")
    if not _under_slide(state, n):
        raise RulesError("not_stuck", "%d not under a slide" % n)
    s = state[:]
    seat = s[SEAT]
    _next_turn(s)
    s[LAST] = ["stuck", seat, n, 0]
    return s


def _ev_move(state, event):
    # S-4: either slide onto the discard; S-2: on a tie the mover picks the side.
    k = event.get("slide")
    if type(k) is not int or (k != 0 and k != 1):
        raise RulesError("bad_slide", "slide is 0 or 1")
    slides = state[SLIDES][:]
    old = slides[k]
    slides[k] = state[DISCARD]
    frm = choose_from(slides[0], slides[1], event.get("side"))
    s = state[:]
    s[SLIDES] = slides
    s[FROM] = frm
    seat = s[SEAT]
    s[LAST] = ["move", seat, old, slides[k]]
    if s[GAPPERS][seat] < HAND:
        _next_turn(s)
    elif not s[CFG]["pairs"]:
        # S-6: his fifth gapper: out of cards at the end of his turn, he wins the round.
        _end_round(s, seat)
    elif not members_in(s, seat % 2):
        # S-7: both members of the team are out.
        _end_round(s, seat % 2)
    else:
        s[LAST] = ["out", seat, old, slides[k]]
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
NEEDS = {
    "cut": "cut for the deal",
    "setup": "set the slides",
    "member": "name who plays",
    "gapper": "gapper or discard",
    "discard": "discard a card",
    "move": "move a slide",
}


def apply(state, event):
    # Validates fully before building the next state; `state` is never changed.
    step = state[STEP]
    if step == "over":
        raise RulesError("game_over", "the game is over")
    entry = _EVENTS.get(event.get("t"))
    if entry is None:
        refuse("bad_event", "no event ", event.get("t"))
    if step not in entry[1]:
        raise RulesError("wrong_step", NEEDS[step])
    return entry[0](state, event)


view = stump_view.view
screen_view = stump_view.screen_view

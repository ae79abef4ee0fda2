# What a Stump screen or report sees: view(state) builds one JSON-able dict
# (docs/stump.md lists every field). Reads a state, never changes it.
# screen_view(state) is the part of it a device screen reads, made for every
# accepted entry on the board: no text lines (the screen has its own) and no
# copies (its lists are the state's own: read them, never change them).

from ..tokens import format_stump
from .ring import HALF, RING, gap_list, steps, tie_choices, width
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
    STEP,
    TEAM,
    TOTALS,
    WILD,
    WINNER,
    gap_bounds,
    hands,
    line,
    members_in,
    side_name,
)


def _ring(state):
    slides = state[SLIDES]
    if slides is None:
        return None
    a, b = gap_bounds(state)
    numbers = gap_list(a, b)
    return {
        "slides": slides[:],
        "from": state[FROM],
        "side": a,
        "gap": numbers,
        "width": len(numbers),
        "closed": not numbers,
        "span": [numbers[0], numbers[-1]] if numbers else None,
        "tie": steps(a, b) == HALF,
    }


def move_options(state):
    # For each slide: the slides and the gap if it moves onto the discard (S-4),
    # both sides offered where the move leaves the slides 20 apart (S-2).
    options = []
    for k in (0, 1):
        slides = state[SLIDES][:]
        slides[k] = state[DISCARD]
        a = slides[0]
        b = slides[1]
        option = {"slide": k, "leaves": state[SLIDES][k], "slides": slides}
        d = steps(a, b)
        if d == HALF:
            option["tie"] = True
            option["gap"] = None
            option["width"] = HALF - 1
            option["sides"] = tie_choices(a, b)
        else:
            option["tie"] = False
            option["gap"] = gap_list(a, b) if d < HALF else gap_list(b, a)
            option["width"] = width(a, b) if d < HALF else width(b, a)
            option["sides"] = None
        options.append(option)
    return options


def _prompt(state, step):
    names = state[CFG]["names"]
    if step == "cut":
        return "cut for the deal"
    if step == "setup":
        return line(names[state[DEALER]], " sets slides")
    if step == "member":
        return line(side_name(state, state[TEAM]), " who plays?")
    if step == "gapper":
        return line(names[state[SEAT]], " gapper/discard")
    if step == "discard":
        return line(names[state[SEAT]], " discards")
    if step == "move":
        return line(names[state[SEAT]], " moves a slide")
    return line(side_name(state, state[WINNER]), " won")


def last_line(state):
    # The last accepted event, explained in one display line.
    what, who, a, b = state[LAST]
    names = state[CFG]["names"]
    if what == "new":
        return "new match"
    if what == "setup":
        return "slides %d and %d" % (a, b)
    if what == "round":
        return line(side_name(state, who), " +%d, round over" % a)
    if what == "game":
        return line(side_name(state, who), " +%d, game!" % a)
    name = names[who]
    if what == "cut":
        return line(name, " deals")
    if what == "member":
        return line(name, " plays")
    if what == "gapper":
        return line(name, " gapper " + format_stump(a, a == 0))
    if what == "discard":
        return line(name, " discards " + format_stump(a, b == 1))
    if what == "stuck":
        return line(name, " stuck on %d" % a)
    if what == "out":
        return line(name, " is out")
    return line(name, " moves %d to %d" % (a, b))


def over(state):
    # The last entry ended a round or the match: its results show until the next
    # entry (the state's last line says so until then). A name the board holds
    # already (the views' "over"): a new one may cost a pool of interned names.
    return state[STEP] == "over" or state[LAST][0] == "round"


def view(state):
    cfg = state[CFG]
    step = state[STEP]
    pairs = cfg["pairs"]
    gappers = state[GAPPERS]
    played = state[PLAYED]
    v = {
        "game": "stump",
        "mode": "partnership" if pairs else "singles",
        "players": cfg["n"],
        "names": cfg["names"][:],
        "teams": [[0, 2], [1, 3]] if pairs else None,
        "sides": cfg["sides"][:],
        "target": cfg["target"],
        "dealer": state[DEALER],
        "round": state[ROUND],
        "step": step,
        "prompt": _prompt(state, step),
        "turn": state[SEAT],
        "team": state[TEAM],
        "members": members_in(state, state[TEAM]) if step == "member" else None,
        "ring": _ring(state),
        "gapper": None if played is None else format_stump(played, played == 0),
        "discard": state[DISCARD],
        "discard_wild": state[WILD],
        "options": None,
        "best": None,
        "hands": hands(state),
        "gappers": gappers[:],
        "out": [g >= HAND for g in gappers],
        "totals": state[TOTALS][:],
        "rounds": [r[:] for r in state[ROUNDS]],
        "last": last_line(state),
        "last_round": None,
        "over": step == "over",
        "winner": state[WINNER],
    }
    last = state[LAST_ROUND]
    if last is not None:
        v["last_round"] = {"round": last["round"], "winner": last["winner"],
                           "points": last["points"], "hands": last["hands"][:],
                           "dealer": last["dealer"]}
    if step == "move":
        _best_move(v, state)
    return v


# The last state a screen view was made for, and that view. An entry changes a few
# slots of the state and replaces only the lists it changes (state.py), so
# the next view starts as a copy of the last one (one move of its table) and works
# out again only what can differ: its ring only when the slides moved, its hands
# only when a gapper was played. A state of another match is made whole.
_LAST = [None, None]


def screen_view(state):
    last = _LAST[0]
    if last is None or last[CFG] is not state[CFG]:
        v = _match_fields(state)
    else:
        v = _LAST[1].copy()
        if state[SLIDES] is not last[SLIDES] or state[FROM] != last[FROM]:
            v["ring"] = _screen_ring(state)
        if state[GAPPERS] is not last[GAPPERS]:
            _hand_fields(v, state)
    _event_fields(v, state)
    _LAST[0] = state
    _LAST[1] = v
    return v


def _match_fields(state):
    # A new screen view: what is fixed for the match, the ring and the hands. The
    # rest is named here too, so that the table is made at its size; _event_fields
    # fills it in.
    cfg = state[CFG]
    v = {
        "mode": "partnership" if cfg["pairs"] else "singles",
        "players": cfg["n"],
        "names": cfg["names"],
        "sides": cfg["sides"],
        "target": cfg["target"],
        "ring": _screen_ring(state),
        "hands": None, "out": None, "dealer": None, "round": None, "step": None,
        "prompt": None, "turn": None, "team": None, "discard": None, "totals": None,
        "rounds": None, "last_round": None, "over": None, "winner": None,
        "moves": None, "best": None,
    }
    _hand_fields(v, state)
    return v


def _hand_fields(v, state):
    gappers = state[GAPPERS]
    v["hands"] = [HAND - g for g in gappers]
    v["out"] = [g >= HAND for g in gappers]


def _event_fields(v, state):
    # What any event may change, read straight from the state's slots.
    step = state[STEP]
    v["dealer"] = state[DEALER]
    v["round"] = state[ROUND]
    v["step"] = step
    v["prompt"] = _prompt(state, step) if step == "cut" or step == "over" else ""
    v["turn"] = state[SEAT]
    v["team"] = state[TEAM]
    v["discard"] = state[DISCARD]
    v["totals"] = state[TOTALS]
    v["rounds"] = state[ROUNDS]
    v["last_round"] = state[LAST_ROUND]
    v["over"] = step == "over"
    v["winner"] = state[WINNER]
    v["moves"] = None
    v["best"] = None
    if step == "move":
        _screen_moves(v, state[SLIDES], state[DISCARD])


def _screen_ring(state):
    if state[SLIDES] is None:
        return None
    a, b = gap_bounds(state)
    numbers = gap_list(a, b)
    return {"slides": state[SLIDES], "gap": numbers, "width": len(numbers),
            "span": [numbers[0], numbers[-1]] if numbers else None}


def _screen_moves(v, slides, discard):
    # The screen's form of the options: one (slide, side, slides after, gap after)
    # per choice, both sides of a tie as two (side None elsewhere); best as in view().
    moves = []
    low = _add_moves(moves, 0, discard, slides[1])
    other = _add_moves(moves, 1, slides[0], discard)
    v["moves"] = moves
    if low == other:
        v["best"] = [0, 1]
    elif low < other:
        v["best"] = [0]
    else:
        v["best"] = [1]


def _add_moves(moves, slide, a, b):
    # The choices left by moving `slide` (slides then on a and b); -> the gap's width.
    d = (b - a) % RING
    after = [a, b]
    if d == HALF:
        for side, gap in tie_choices(a, b):
            moves.append((slide, side, after, gap))
        return HALF - 1
    gap = gap_list(a, b) if d < HALF else gap_list(b, a)
    moves.append((slide, None, after, gap))
    return len(gap)


def _best_move(v, state):
    options = move_options(state)
    low = options[0]["width"]
    if options[1]["width"] < low:
        low = options[1]["width"]
    v["options"] = options
    v["best"] = [o["slide"] for o in options if o["width"] == low]

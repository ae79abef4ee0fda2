# What a Stump screen or report sees (docs/stump.md lists every field), and the
# small helpers the engine shares with it. Reads a state, never changes it.

from .errors import LINE
from .stump_ring import HALF, gap_list, steps, tie_choices, width

HAND = 5    # S-5: every player starts a round with 5 cards


def line(name, rest):
    # One display line: the name shortened (with ~) so that name + rest fits.
    room = LINE - len(rest)
    if len(name) > room:
        name = name[: room - 1] + "~"
    return name + rest


def side_of(state, seat):
    return seat % 2 if state["pairs"] else seat


def side_name(state, side):
    names = state["names"]
    if state["pairs"]:
        return line(names[side], "+" + names[side + 2])
    return names[side]


def hands(state):
    # S-5: a player holds 5 - gappers played (counted between turns).
    return [HAND - g for g in state["gappers"]]


def gap_bounds(state):
    # (from, to): the slide numbers the gap runs clockwise from and to.
    slides = state["slides"]
    f = state["from"]
    return slides[f], slides[1 - f]


def _ring(state):
    slides = state["slides"]
    if slides is None:
        return None
    a, b = gap_bounds(state)
    numbers = gap_list(a, b)
    return {
        "slides": list(slides),
        "from": state["from"],
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
        slides = list(state["slides"])
        slides[k] = state["discard"]
        a = slides[0]
        b = slides[1]
        option = {"slide": k, "from_number": state["slides"][k], "slides": slides}
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
    names = state["names"]
    if step == "cut":
        return "cut for the deal"
    if step == "setup":
        return line(names[state["dealer"]], " sets slides")
    if step == "member":
        return line(side_name(state, state["team"]), " who plays?")
    if step == "gapper":
        return line(names[state["seat"]], " gapper/discard")
    if step == "discard":
        return line(names[state["seat"]], " discards")
    if step == "move":
        return line(names[state["seat"]], " moves a slide")
    return line(side_name(state, state["winner"]), " won")


def view(state):
    step = state["step"]
    pairs = state["pairs"]
    sides = 2 if pairs else state["n"]
    gappers = state["gappers"]
    v = {
        "game": "stump",
        "mode": "partnership" if pairs else "singles",
        "players": state["n"],
        "names": list(state["names"]),
        "teams": [[0, 2], [1, 3]] if pairs else None,
        "sides": [side_name(state, i) for i in range(sides)],
        "target": state["target"],
        "dealer": state["dealer"],
        "round": state["round"],
        "step": step,
        "prompt": _prompt(state, step),
        "turn": state["seat"],
        "team": state["team"],
        "members": None,
        "ring": _ring(state),
        "gapper": state["played"],
        "discard": state["discard"],
        "options": None,
        "best": None,
        "hands": hands(state),
        "gappers": list(gappers),
        "out": [g >= HAND for g in gappers],
        "totals": list(state["totals"]),
        "rounds": [list(r) for r in state["rounds"]],
        "last": state["last"],
        "last_round": None,
        "over": step == "over",
        "winner": state["winner"],
    }
    if state["last_round"] is not None:
        last = dict(state["last_round"])
        last["hands"] = list(last["hands"])
        v["last_round"] = last
    if step == "member":
        team = state["team"]
        v["members"] = [m for m in (team, team + 2) if gappers[m] < HAND]
    if step == "move":
        options = move_options(state)
        low = options[0]["width"]
        if options[1]["width"] < low:
            low = options[1]["width"]
        v["options"] = options
        v["best"] = [o["slide"] for o in options if o["width"] == low]
    return v

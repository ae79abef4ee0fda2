# A toy game for the match-log cases: players add points; a negative add is refused.
from parlour_rules.errors import RulesError


def new_match(config):
    return {"totals": [0] * config["players"], "turn": 0}


def apply(state, event):
    if event["t"] != "add":
        raise RulesError("bad_event", "unknown event")
    points = event.get("points")
    if type(points) is not int or points < 0:
        raise RulesError("bad_points", "points must be >= 0")
    totals = list(state["totals"])
    totals[state["turn"]] += points
    return {"totals": totals, "turn": (state["turn"] + 1) % len(totals)}


def view(state):
    return {"totals": state["totals"], "turn": state["turn"]}

# What a Dumbo scorer shows (the view of parlour_rules.dumbo): totals per player
# or side, who deals and who plays whom next, the last event explained in a line
# or two, and the winner of a game with his bonuses itemised (D-10).

from .cards import DUMBO, format_card

PHASES = ("cut", "play", "over")
SIDE_NAMES = ("North-South", "East-West")
COMPASS = ("north", "east", "south", "west")


def _count(o, joker):
    if joker:
        return "%d (Joker)" % (o + 10)
    return str(o)


def hand_line(names, last):
    # "Ann declares 3, Bob 25: Ann +22" (D-7), from state["last"] of a hand.
    _, declarer, opponent, d, o, joker, dp, op = last
    dn = names[declarer]
    on = names[opponent]
    if d == 0:
        return "%s Octad, %s %s: %s +%d (Octad %d)" % (dn, on, _count(o, joker), dn, dp,
                                                     dp - o - (10 if joker else 0))
    head = "%s declares %d, %s %s: " % (dn, d, on, _count(o, joker))
    if dp:
        return head + "%s +%d" % (dn, dp)
    if op:
        return head + "%s +%d (undercut %d)" % (on, op, op - d + o + (10 if joker else 0))
    return head + "tie, no score"


def wrong_line(names, last):
    _, declarer, opponent, d, points = last
    if d < 0:
        return "%s declares wrongly: %s +%d" % (names[declarer], names[opponent], points)
    return "%s declares %d: wrong, %s +%d" % (names[declarer], d, names[opponent], points)


def _cut_lines(state, cards):
    names = state["c"]["names"]
    parts = ["%s %s" % (names[i], format_card(cards[i], DUMBO)) for i in range(len(cards))]
    return ["Cut: " + ", ".join(parts)]


def _seating_line(state):
    names = state["c"]["names"]
    if state["side"] is not None:
        n, e, s, w = state["nesw"]
        return "N-S %s & %s, E-W %s & %s" % (names[n], names[s], names[e], names[w])
    line = "%s deals" % names[state["tb"][0][2]]
    if state["out"] >= 0:
        line += ", %s sits out" % names[state["out"]]
    return line


def _last_lines(state):
    last = state["last"]
    if last is None:
        return []
    names = state["c"]["names"]
    kind = last[0]
    if kind == "cut":
        lines = _cut_lines(state, last[1])
        lines.append(_seating_line(state))
    elif kind == "seat":
        lines = ["Seated: " + _seating_line(state)]
    elif kind == "hand":
        lines = [hand_line(names, last)]
    elif kind == "wrong":
        lines = [wrong_line(names, last)]
    elif kind == "void":
        lines = ["Hand void: %s deals again" % names[last[1]]]
    else:
        lines = ["Game %d: all from 0" % state["g"]]
    net = state["net"]
    if net is not None:
        lines.append(deal_line(state["deal"], net[0], net[1]))
    if state["win"] >= 0 and kind != "new" and kind != "cut" and kind != "seat":
        lines.append(game_line(_scorer_name_cfg(state, state["win"]), state["tot"][state["win"]],
                               state["bon"]))
    return lines


def deal_line(deal, ns, ew):
    # D-12: "Deal 1: N-S 20, E-W 8: North-South +12".
    head = "Deal %d: N-S %d, E-W %d: " % (deal, ns, ew)
    if ns > ew:
        return head + "North-South +%d" % (ns - ew)
    if ew > ns:
        return head + "East-West +%d" % (ew - ns)
    return head + "no score"


def game_line(name, total, bonuses):
    game, vertex = bonuses
    line = "%s wins: %d +%d game" % (name, total - game - vertex, game)
    if vertex:
        line += " +%d Vertex" % vertex
    return line + " = %d" % total


def _table_view(state, t):
    names = state["c"]["names"]
    dealer = t[2]
    other = t[1] if t[0] == dealer else t[0]
    out = {"dealer": names[dealer], "seats": [dealer, other],
           "players": [names[dealer], names[other]]}
    if state["c"]["mode"] == 4:
        pts = t[4] if t[0] == dealer else t[5]
        opts = t[5] if t[0] == dealer else t[4]
        out["done"] = t[3] == 1
        out["points"] = [pts, opts]
    return out


def view(state):
    cfg = state["c"]
    tot = state["tot"]
    scorers = []
    for i in range(len(tot)):
        if cfg["players"] == 4:
            seats = [state["nesw"][i], state["nesw"][i + 2]] if state["nesw"] else []
        else:
            seats = [i]
        scorers.append({"name": _scorer_name_cfg(state, i), "seats": seats, "total": tot[i]})
    scored = [0] * len(tot)
    if state["dlt"] is not None:
        scored[state["dlt"][0]] = state["dlt"][1]
    out = {
        "game": "dumbo",
        "mode": ("two", "three", "four", "pairs")[cfg["mode"] - 2],
        "phase": PHASES[state["ph"]],
        "names": list(cfg["names"]),
        "target": cfg["target"],
        "game_no": state["g"],
        "hands": state["hands"],
        "totals": list(tot),
        "scorers": scorers,
        "scored": scored,
        "tables": [_table_view(state, t) for t in state["tb"]],
        "sits_out": cfg["names"][state["out"]] if state["out"] >= 0 else None,
        "last": _last_lines(state),
        "over": state["ph"] == 2,
        "winner": None,
        "bonuses": [],
        "games": [{"winner": _scorer_name_cfg(state, w), "totals": list(t)}
                  for w, t in state["past"]],
    }
    if state["nesw"] is not None:
        out["compass"] = [cfg["names"][state["nesw"][i]] for i in range(4)]
    if state["net"] is not None:
        ns, ew = state["net"]
        out["deal"] = {"no": state["deal"], "ns": ns, "ew": ew}
    if state["win"] >= 0:
        out["winner"] = _scorer_name_cfg(state, state["win"])
        game, vertex = state["bon"]
        out["bonuses"].append({"name": "game", "points": game})
        if vertex:
            out["bonuses"].append({"name": "Vertex", "points": vertex})
    out["prompt"] = ("cut", "hand", "new game")[state["ph"]]
    return out


def _scorer_name_cfg(state, who):
    # Sides are named before the seats are known (four players, not yet cut).
    if state["c"]["players"] == 4:
        return SIDE_NAMES[who]
    return state["c"]["names"][who]

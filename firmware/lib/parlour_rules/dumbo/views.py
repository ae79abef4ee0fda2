# What a Dumbo scorer shows (the view of parlour_rules.dumbo): totals per player
# or side, who deals and who plays whom next, the last event explained in a line
# or two ("Ann declares 3, Bob 25: Ann +22"), and the winner of a game with his
# bonuses itemised (D-10).

from ..cards import DUMBO, format_card
from .state import (
    FOUR,
    JOKER_COUNT,
    OVER,
    S_BON,
    S_CFG,
    S_DEAL,
    S_DLT,
    S_GAME,
    S_HANDS,
    S_LAST,
    S_MODE,
    S_NESW,
    S_NET,
    S_OUT,
    S_PAST,
    S_PH,
    S_TB,
    S_TOT,
    S_WIN,
    T_DEALER,
    T_DONE,
    T_PTS_A,
    T_PTS_B,
)

PHASES = ("cut", "play", "over")
PROMPTS = ("cut", "hand", "new game")
MODE_NAMES = ("two", "three", "four", "pairs")
SIDE_NAMES = ("North-South", "East-West")


def scorer_name(cfg, who):
    # Player who with two or three; side who with four.
    if cfg["players"] == 4:
        return SIDE_NAMES[who]
    return cfg["names"][who]


def _count(o, joker):
    if joker:
        return "%d (Joker)" % (o + JOKER_COUNT)
    return str(o)


def hand_line(names, last):
    # D-7 from state[S_LAST] of a hand: "Ann declares 3, Bob 25: Ann +22".
    _, declarer, opponent, d, o, joker, dp, op = last
    dn = names[declarer]
    on = names[opponent]
    o_full = o + JOKER_COUNT if joker else o
    if d == 0:
        return "%s Octad, %s %s: %s +%d (Octad %d)" % (dn, on, _count(o, joker), dn, dp,
                                                     dp - o_full)
    head = "%s declares %d, %s %s: " % (dn, d, on, _count(o, joker))
    if dp:
        return head + "%s +%d" % (dn, dp)
    if op:
        return head + "%s +%d (undercut %d)" % (on, op, op - d + o_full)
    return head + "tie, %s wins" % on


def wrong_line(names, last):
    # D-8: "Ann declares 9: wrong, Bob +10".
    _, declarer, opponent, d, points = last
    if d < 0:
        return "%s declares wrongly: %s +%d" % (names[declarer], names[opponent], points)
    return "%s declares %d: wrong, %s +%d" % (names[declarer], d, names[opponent], points)


def deal_line(deal, ns, ew):
    # D-12: "Deal 1: N-S 20, E-W 8: North-South +12".
    head = "Deal %d: N-S %d, E-W %d: " % (deal, ns, ew)
    if ns > ew:
        return head + "North-South +%d" % (ns - ew)
    if ew > ns:
        return head + "East-West +%d" % (ew - ns)
    return head + "no score"


def game_line(name, total, bonuses):
    # D-10: "Ann wins: 52 +50 game +100 Vertex = 202".
    game, vertex = bonuses
    line = "%s wins: %d +%d game" % (name, total - game - vertex, game)
    if vertex:
        line += " +%d Vertex" % vertex
    return line + " = %d" % total


def _seating_line(state):
    names = state[S_CFG]["names"]
    if state[S_NESW] is not None:
        n, e, s, w = state[S_NESW]
        return "N-S %s & %s, E-W %s & %s" % (names[n], names[s], names[e], names[w])
    line = "%s deals" % names[state[S_TB][0][T_DEALER]]
    if state[S_OUT] >= 0:
        line += ", %s sits out" % names[state[S_OUT]]
    return line


def _last_lines(state):
    last = state[S_LAST]
    if last is None:
        return []
    cfg = state[S_CFG]
    names = cfg["names"]
    kind = last[0]
    if kind == "cut":
        cards = last[1]
        lines = ["Cut: " + ", ".join(["%s %s" % (names[i], format_card(cards[i], DUMBO))
                                      for i in range(len(cards))]),
                 _seating_line(state)]
    elif kind == "seat":
        lines = ["Seated: " + _seating_line(state)]
    elif kind == "hand":
        lines = [hand_line(names, last)]
    elif kind == "wrong":
        lines = [wrong_line(names, last)]
    elif kind == "void":
        lines = ["Hand void: %s deals again" % names[last[1]]]
    else:
        lines = ["Game %d: all from 0" % state[S_GAME]]
    if state[S_NET] is not None:
        lines.append(deal_line(state[S_DEAL], state[S_NET][0], state[S_NET][1]))
    win = state[S_WIN]
    if win >= 0 and (kind == "hand" or kind == "wrong"):
        lines.append(game_line(scorer_name(cfg, win), state[S_TOT][win], state[S_BON]))
    return lines


def hand_points(d, o_full, octad_bonus, undercut_bonus):
    # D-7 for a screen's preview: -> (declarer's points, opponent's points). The
    # engine's own fold (dumbo._apply_hand) keeps its inline copy for speed;
    # tests/device/test_screens_dumbo.py checks that the two agree on every count.
    if d == 0:
        return o_full + octad_bonus, 0
    if o_full > d:
        return o_full - d, 0
    if o_full < d:
        return 0, d - o_full + undercut_bonus
    return 0, 0


def hand_fields(last):
    # The last hand (D-7) or wrong declaration (D-8) as fields, so that no program
    # reads the display line: seats, counts (o with the Joker), who won, the points.
    if last is None or (last[0] != "hand" and last[0] != "wrong"):
        return None
    if last[0] == "wrong":
        _, declarer, opponent, d, points = last
        return {"wrong": True, "declarer": declarer, "opponent": opponent,
                "d": d if d >= 0 else None, "o": None, "joker": False, "octad": False,
                "winner": opponent, "points": [0, points]}
    _, declarer, opponent, d, o, joker, dp, op = last
    o_full = o + JOKER_COUNT if joker else o
    return {"wrong": False, "declarer": declarer, "opponent": opponent, "d": d, "o": o_full,
            "joker": joker, "octad": d == 0,
            "winner": declarer if d == 0 or o_full > d else opponent, "points": [dp, op]}


def _table_view(state, t):
    names = state[S_CFG]["names"]
    dealer = t[T_DEALER]
    other = t[1] if t[0] == dealer else t[0]
    out = {"dealer": names[dealer], "seats": [dealer, other],
           "players": [names[dealer], names[other]]}
    if state[S_MODE] == FOUR:
        mine = t[T_PTS_A] if t[0] == dealer else t[T_PTS_B]
        theirs = t[T_PTS_B] if t[0] == dealer else t[T_PTS_A]
        out["done"] = t[T_DONE] == 1
        out["points"] = [mine, theirs]
    return out


def view(state):
    cfg = state[S_CFG]
    tot = state[S_TOT]
    nesw = state[S_NESW]
    scorers = []
    for i in range(len(tot)):
        if cfg["players"] < 4:
            seats = [i]
        else:
            seats = [nesw[i], nesw[i + 2]] if nesw is not None else []
        scorers.append({"name": scorer_name(cfg, i), "seats": seats, "total": tot[i]})
    scored = [0] * len(tot)
    if state[S_DLT] is not None:
        scored[state[S_DLT][0]] = state[S_DLT][1]
    out = {
        "game": "dumbo",
        "mode": MODE_NAMES[state[S_MODE] - 2],
        "phase": PHASES[state[S_PH]],
        "prompt": PROMPTS[state[S_PH]],
        "names": list(cfg["names"]),
        "target": cfg["target"],
        "game_no": state[S_GAME],
        "hands": state[S_HANDS],
        "totals": list(tot),
        "scorers": scorers,
        "scored": scored,
        "tables": [_table_view(state, t) for t in state[S_TB]],
        "sits_out": cfg["names"][state[S_OUT]] if state[S_OUT] >= 0 else None,
        "compass": [cfg["names"][seat] for seat in nesw] if nesw is not None else None,
        "deal": None,
        "last": _last_lines(state),
        "last_hand": hand_fields(state[S_LAST]),
        "over": state[S_PH] == OVER,
        "winner": None,
        "bonuses": [],
        "games": [{"winner": scorer_name(cfg, w), "totals": list(t)} for w, t in state[S_PAST]],
    }
    if state[S_NET] is not None:
        out["deal"] = {"no": state[S_DEAL], "ns": state[S_NET][0], "ew": state[S_NET][1]}
    if state[S_WIN] >= 0:
        out["winner"] = scorer_name(cfg, state[S_WIN])
        game, vertex = state[S_BON]
        out["bonuses"].append({"name": "game", "points": game})
        if vertex:
            out["bonuses"].append({"name": "Vertex", "points": vertex})
    return out

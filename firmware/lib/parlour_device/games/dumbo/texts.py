# Dumbo's short texts (21 columns on the MacroPad), made from the view's fields,
# never from its display lines: the totals row, a table's players, a hand's
# counts and outcome (D-7, D-8), the game's end with its bonuses (D-10).

from ...ui.lines import clip

try:
    from typing import Any, Dict, List, Optional
except ImportError:
    pass

SIDES = ("N-S", "E-W")


def totals_row(v: "Dict[str, Any]") -> str:
    # "Ann 22  Bob 0", "Ann 9 Bob 0 Cy 14", "N-S 12  E-W 30"
    totals = v["totals"]
    if v["compass"] is not None or v["mode"] in ("four", "pairs"):
        return "%s %d  %s %d" % (SIDES[0], totals[0], SIDES[1], totals[1])
    names = v["names"]
    room = 6 if len(totals) == 2 else 3
    parts = ["%s %d" % (clip(names[i], room), totals[i]) for i in range(len(totals))]
    return ("  " if len(totals) == 2 else " ").join(parts)


def table_row(v: "Dict[str, Any]", index: int) -> str:
    # "Bob deals v Ann"; two tables: "1 Bob deals v Ann", or the points when done
    t = v["tables"][index]
    dealer, other = t["players"]
    if "done" not in t:
        return "%s deals v %s" % (clip(dealer, 6), clip(other, 6))
    if t["done"]:
        return "%d done %s %d %s %d" % (index + 1, clip(dealer, 4), t["points"][0],
                                        clip(other, 4), t["points"][1])
    return "%d %s deals v %s" % (index + 1, clip(dealer, 5), clip(other, 5))


def counts_row(names: "List[str]", h: "Dict[str, Any]") -> str:
    # "Ann 6, Bo 2", "Ann 0, Bo 12(Jk)" (0: an Octad), "Ann 9: wrong"
    dn = clip(names[h["declarer"]], 5)
    on = clip(names[h["opponent"]], 5)
    if h["wrong"]:
        if h["d"] is None:
            return "%s declared wrongly" % clip(names[h["declarer"]], 4)
        return "%s declared %d: wrong" % (dn, h["d"])
    return "%s %d, %s %d%s" % (dn, h["d"], on, h["o"], "(Jk)" if h["joker"] else "")


def outcome_row(names: "List[str]", h: "Dict[str, Any]") -> str:
    # "Bo +14 undercut", "Ann +32 Octad", "tie: Bo wins", "Bo +10 penalty"
    dp, op = h["points"]
    dn = clip(names[h["declarer"]], 8)
    on = clip(names[h["opponent"]], 8)
    if h["wrong"]:
        return "%s +%d penalty" % (on, op)
    if h["octad"]:
        return "%s +%d Octad" % (dn, dp)
    if dp:
        return "%s +%d" % (dn, dp)
    if op:
        return "%s +%d undercut" % (on, op)
    return "tie: %s wins" % on


def game_rows(v: "Dict[str, Any]") -> "List[str]":
    # D-10, itemised: "P1 wins: 206", "56 +50 game", "+100 Vertex"
    winner = v["winner"]
    index = 0
    for i in range(len(v["scorers"])):
        if v["scorers"][i]["name"] == winner:
            index = i
    total = v["totals"][index]
    bonuses = v["bonuses"]
    base = total
    for b in bonuses:
        base -= b["points"]
    name = SIDES[index] if v["compass"] is not None else clip(winner, 8)
    out = ["%s wins: %d" % (name, total)]
    # each row one format (a string joined on is two more new strings on the board)
    line = None
    for b in bonuses:
        if b["name"] == "game":
            if line is None:
                line = "%d +%d game" % (base, b["points"])
            else:
                line += " +%d game" % b["points"]
        else:
            out.append("%d" % base if line is None else line)
            line = "+%d %s" % (b["points"], b["name"])
    out.append("%d" % base if line is None else line)
    return out


def next_row(v: "Dict[str, Any]") -> "Optional[str]":
    # Who deals next and who sits out (D-9, D-11), or None at two tables.
    if v["over"] or not v["tables"] or len(v["tables"]) > 1:
        return None
    t = v["tables"][0]
    if v["sits_out"] is not None:
        return "%s deals, %s out" % (clip(t["dealer"], 5), clip(v["sits_out"], 4))
    return "%s deals v %s" % (clip(t["dealer"], 6), clip(t["players"][1], 6))

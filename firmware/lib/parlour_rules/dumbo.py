# Dumbo match engine (RULES.md D-1..D-15): two players, three with the odd man
# out (D-11), four at two tables with opponents swapped every deal (D-12) or at
# one table as partners (D-13). The game face: new_match(config), apply(state,
# event), view(state). A state is a small dict of lists and ints that apply()
# never mutates: it validates the event first, then builds the next state.
#
# Events ("t"):
#   cut      {"seed": n}                      C-3 cut for seats and dealer
#   seat     {"dealer": s, "sits_out": s, "north": s, "east": s, "south": s,
#             "west": s, "dealers": [s, s]}   the same, chosen by hand
#   hand     {"declarer": s, "d": 0..7, "o": n, "joker": bool}       D-14 counts
#            {"declarer": s, "declarer_cards": "...", "opponent_cards": "..."}
#   wrong    {"declarer": s, "d": n (optional, over 7)}             D-8
#   void     {"table": 0|1 (two tables only)}                       D-15
#   new_game {}                                  after a game: same seats
# A cut or seat event after a game also starts the next one, seated afresh.

from .cut import cut_dumbo
from .errors import RulesError, clip
from .prng import Xorshift32, check_seed

TWO = 2
THREE = 3
FOUR = 4  # four players at two tables (D-12)
PAIRS = 5  # four players at one table (D-13)
MODE_NAMES = {TWO: "two", THREE: "three", FOUR: "four", PAIRS: "pairs"}

CUT = 0
PLAY = 1
OVER = 2

JOKER_COUNT = 10  # D-3
MAX_COUNT = 7  # D-4
HAND_MAX = 84  # eight cards: four 11s and four 10s
OCTAD_PRESETS = (10, 20, 25)  # D-5
# Configurable values (RULES.md: *configurable*), with their defaults.
VALUES = (
    ("octad_bonus", 20),  # D-5
    ("undercut_bonus", 10),  # D-7
    ("penalty", 10),  # D-8
    ("target", 50),  # D-10
    ("game_bonus", 50),  # D-10
    ("vertex_bonus", 100),  # D-10
)
VALUE_MAX = 999

# A table is a list: [player, player, dealer, done, points, points, winner]; the
# last four are used at two tables only (D-12: a table's points for the deal).
T_A = 0
T_B = 1
T_DEALER = 2
T_DONE = 3
T_PTS_A = 4
T_PTS_B = 5
T_WON = 6


def _int(value, low, high, code, what):
    if type(value) is not int or value < low or value > high:
        raise RulesError(code, clip(what, value))
    return value


def _config(config):
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    players = config.get("players", 2)
    if type(players) is not int or players < 2 or players > 4:
        raise RulesError("bad_players", "players: 2 to 4")
    tables = config.get("tables", 2 if players == 4 else 1)
    if players == 4:
        _int(tables, 1, 2, "bad_tables", "tables: ")
        mode = FOUR if tables == 2 else PAIRS
    else:
        _int(tables, 1, 1, "bad_tables", "tables: ")
        mode = players
    names = config.get("names")
    if names is None:
        names = ["P" + str(i + 1) for i in range(players)]  # C-2
    if type(names) is not list or len(names) != players:
        raise RulesError("bad_names", "one name per player")
    out = {"players": players, "tables": tables, "mode": mode}
    clean = []
    for name in names:
        if type(name) is not str or not name.strip():
            raise RulesError("bad_names", "a name is empty")
        clean.append(name.strip())
    out["names"] = clean
    for key, default in VALUES:
        low = 1 if key == "target" else 0
        out[key] = _int(config.get(key, default), low, VALUE_MAX, "bad_value", key[:12] + " ")
    return out


def new_match(config):
    cfg = _config(config)
    scorers = 2 if cfg["players"] == 4 else cfg["players"]
    return {
        "c": cfg,
        "ph": CUT,
        "tot": [0] * scorers,  # per player, or per side with four (0 NS, 1 EW)
        "nesw": None,  # four players: the seats of North, East, South, West
        "side": None,  # four players: side per seat
        "tb": [],  # the tables now playing (one, or two for FOUR)
        "out": -1,  # THREE: the seat sitting out
        "deal": 0,  # FOUR: deals completed this game (pairing parity)
        "hands": 0,  # hands scored this game
        "last": None,  # what the last event did, for view()
        "net": None,  # FOUR: the deal just completed [NS points, EW points]
        "dlt": None,  # [scorer, points] the last event added to a total
        "win": -1,  # the scorer who won the game
        "bon": None,  # [game bonus, Vertex bonus] the winner added
        "g": 1,  # game number
        "past": [],  # finished games: [winner, totals]
    }


# -- seating ------------------------------------------------------------------

def _table(a, b, dealer):
    return [a, b, dealer, 0, 0, 0, -1]


def _seat(state, dealer, sits_out, nesw, dealers):
    # The seating of a new game: tables, sitting-out seat and sides.
    mode = state["c"]["mode"]
    s = _fresh_game(state) if state["ph"] == OVER else dict(state)
    s["ph"] = PLAY
    s["out"] = -1
    s["deal"] = 0
    if mode == TWO:
        s["tb"] = [_table(dealer, 1 - dealer, dealer)]
    elif mode == THREE:
        a = 3 - dealer - sits_out
        s["tb"] = [_table(dealer, a, dealer)]
        s["out"] = sits_out
    else:
        north, east, south, west = nesw
        s["nesw"] = list(nesw)
        side = [0, 0, 0, 0]
        side[east] = 1
        side[west] = 1
        s["side"] = side
        if mode == PAIRS:
            s["tb"] = [_table(north, east, dealer)]
        else:
            s["tb"] = [_table(north, east, dealers[0]), _table(south, west, dealers[1])]
    return s


def _apply_cut(state, event):
    seed = check_seed(event.get("seed"))
    cfg = state["c"]
    got = cut_dumbo(cfg["players"], Xorshift32(seed))
    order = got["order"]
    nesw = None
    dealers = None
    sits_out = got.get("sits_out", -1)
    if cfg["players"] == 4:
        nesw = (got["north"], got["east"], got["south"], got["west"])
        # D-12: at each table the player who cut higher deals first: N and S.
        dealers = (got["north"], got["south"])
    s = _seat(state, order[0], sits_out, nesw, dealers)
    s["last"] = ["cut", got["cards"]]
    return s


def _seat_arg(event, key, n):
    value = event.get(key)
    if type(value) is not int or value < 0 or value >= n:
        raise RulesError("bad_seat", clip(key + "? ", value))
    return value


def _apply_seat(state, event):
    cfg = state["c"]
    n = cfg["players"]
    mode = cfg["mode"]
    nesw = None
    dealers = None
    sits_out = -1
    dealer = -1
    if n == 4:
        nesw = (_seat_arg(event, "north", n), _seat_arg(event, "east", n),
                _seat_arg(event, "south", n), _seat_arg(event, "west", n))
        if sorted(nesw) != [0, 1, 2, 3]:
            raise RulesError("bad_seat", "a seat twice")
        if mode == PAIRS:
            dealer = event.get("dealer", nesw[0])
            if dealer != nesw[0] and dealer != nesw[1]:
                raise RulesError("bad_dealer", "dealer: North/East")
        else:
            dealers = event.get("dealers", [nesw[0], nesw[2]])
            if (type(dealers) is not list or len(dealers) != 2
                    or dealers[0] not in (nesw[0], nesw[1]) or dealers[1] not in (nesw[2], nesw[3])):
                raise RulesError("bad_dealer", "dealers: one a table")
    else:
        dealer = _seat_arg(event, "dealer", n)
        if n == 3:
            sits_out = _seat_arg(event, "sits_out", n)
            if sits_out == dealer:
                raise RulesError("bad_seat", "dealer sits out")
    s = _seat(state, dealer, sits_out, nesw, dealers)
    s["last"] = ["seat"]
    return s


def _fresh_game(state):
    # D-10: each game starts from 0; the finished one is kept in "past".
    s = dict(state)
    past = list(state["past"])
    past.append([state["win"], state["tot"]])
    s["past"] = past
    s["tot"] = [0] * len(state["tot"])
    s["g"] = state["g"] + 1
    s["win"] = -1
    s["bon"] = None
    s["hands"] = 0
    s["deal"] = 0
    s["net"] = None
    s["dlt"] = None
    s["ph"] = PLAY
    return s


def _apply_new_game(state):
    if state["ph"] != OVER:
        raise RulesError("not_over", "game not over yet")
    s = _fresh_game(state)
    s["last"] = ["new"]
    return s


# -- hands ---------------------------------------------------------------------

def _find_table(state, event):
    seat = event.get("declarer")
    n = state["c"]["players"]
    if type(seat) is not int or seat < 0 or seat >= n:
        raise RulesError("bad_seat", clip("no seat ", seat))
    tables = state["tb"]
    for i in range(len(tables)):
        t = tables[i]
        if t[T_A] == seat or t[T_B] == seat:
            if t[T_DONE]:
                raise RulesError("table_done", "wait: other table")
            return i, seat, t[T_B] if t[T_A] == seat else t[T_A]
    raise RulesError("not_at_table", clip("not playing: ", state["c"]["names"][seat]))


def hand_score(d, o, cfg):
    # D-7 with o the opponent's full count (Joker included, D-3) ->
    # (declarer's points, opponent's points, declarer won the hand).
    if d == 0:
        return o + cfg["octad_bonus"], 0, True
    if o > d:
        return o - d, 0, True
    if o < d:
        return 0, d - o + cfg["undercut_bonus"], False
    return 0, 0, False


def _counts(event):
    d = event.get("d")
    if type(d) is not int or d < 0:
        raise RulesError("bad_count", clip("bad count: ", d))
    if d > MAX_COUNT:
        raise RulesError("count_over_7", clip("over 7: ", d))
    o = event.get("o")
    joker = event.get("joker", False)
    if type(joker) is not bool:
        raise RulesError("bad_joker", "joker: yes or no")
    high = HAND_MAX - JOKER_COUNT if joker else HAND_MAX
    if type(o) is not int or o < 0 or o > high:
        raise RulesError("bad_count", clip("bad count: ", o))
    return d, o, joker


def _apply_hand(state, event):
    if state["ph"] != PLAY:
        _refuse_phase(state)
    index, declarer, opponent = _find_table(state, event)
    if "declarer_cards" in event or "opponent_cards" in event:
        from .dumbo_cards import solve_hand

        d, o, joker = solve_hand(event.get("declarer_cards"), event.get("opponent_cards"),
                                 state["c"])
        if d > MAX_COUNT:
            return _wrong(state, index, declarer, opponent, d)
    else:
        d, o, joker = _counts(event)
    o_full = o + JOKER_COUNT if joker else o
    dp, op, declarer_won = hand_score(d, o_full, state["c"])
    winner = declarer if declarer_won else opponent
    s = dict(state)
    s["hands"] = state["hands"] + 1
    s["last"] = ["hand", declarer, opponent, d, o, joker, dp, op]
    s["dlt"] = None
    s["net"] = None
    if state["c"]["mode"] == FOUR:
        tables = list(state["tb"])
        t = list(tables[index])
        _table_points(t, declarer, dp)
        _table_points(t, opponent, op)
        t[T_DONE] = 1
        t[T_WON] = winner
        tables[index] = t
        s["tb"] = tables
        if tables[1 - index][T_DONE]:
            _end_deal(s)
        return s
    if dp:
        _score(s, declarer, dp)
    elif op:
        _score(s, opponent, op)
    _next_hand(s, winner, opponent if winner == declarer else declarer, index)
    return s


def _table_points(t, seat, points):
    if t[T_A] == seat:
        t[T_PTS_A] += points
    else:
        t[T_PTS_B] += points


def _scorer(s, seat):
    return s["side"][seat] if s["side"] is not None else seat


def _score(s, seat, points):
    # Adds to the seat's total (his side's with four at one table), then D-10.
    _add(s, _scorer(s, seat), points)


def _add(s, who, points):
    tot = list(s["tot"])
    tot[who] += points
    s["tot"] = tot
    s["dlt"] = [who, points]
    if tot[who] >= s["c"]["target"]:
        _end_game(s, who)


def _end_game(s, who):
    # D-10: game bonus, and Vertex when every other total is still 0.
    cfg = s["c"]
    tot = s["tot"]
    vertex = cfg["vertex_bonus"]
    for i in range(len(tot)):
        if i != who and tot[i]:
            vertex = 0
    tot[who] += cfg["game_bonus"] + vertex
    s["bon"] = [cfg["game_bonus"], vertex]
    s["win"] = who
    s["ph"] = OVER


def _next_hand(s, winner, loser, index):
    # D-9 winner deals; D-11 winner plays the man out; D-13 winner's partner deals.
    mode = s["c"]["mode"]
    if mode == TWO:
        s["tb"] = [_table(winner, loser, winner)]
    elif mode == THREE:
        s["tb"] = [_table(winner, s["out"], winner)]
        s["out"] = loser
    else:
        north, east, south, west = s["nesw"]
        partner = {north: south, south: north, east: west, west: east}[winner]
        if partner == north or partner == east:
            s["tb"] = [_table(north, east, partner)]
        else:
            s["tb"] = [_table(south, west, partner)]


def _end_deal(s):
    # D-12: both tables done; the side with the positive net scores it.
    ns = 0
    ew = 0
    side = s["side"]
    won = [0, 0, 0, 0]
    for t in s["tb"]:
        for seat, points in ((t[T_A], t[T_PTS_A]), (t[T_B], t[T_PTS_B])):
            if side[seat]:
                ew += points
            else:
                ns += points
        won[t[T_WON]] = 1
    s["net"] = [ns, ew]
    if ns > ew:
        _add(s, 0, ns - ew)
    elif ew > ns:
        _add(s, 1, ew - ns)
    north, east, south, west = s["nesw"]
    deal = s["deal"] + 1
    s["deal"] = deal
    if deal % 2:
        pairs = ((north, west), (south, east))
    else:
        pairs = ((north, east), (south, west))
    tables = []
    for a, b in pairs:
        # D-9 four players: the player who won his last hand deals; if both or
        # neither did, the player of the side that scored the deal; net 0: NS.
        if won[a] != won[b]:
            dealer = a if won[a] else b
        else:
            dealer = b if ew > ns else a
        tables.append(_table(a, b, dealer))
    s["tb"] = tables


def _wrong(state, index, declarer, opponent, d):
    # D-8: the opponent scores the penalty; the hand goes on, same dealer.
    points = state["c"]["penalty"]
    s = dict(state)
    s["last"] = ["wrong", declarer, opponent, d, points]
    s["dlt"] = None
    s["net"] = None
    if state["c"]["mode"] == FOUR:
        tables = list(state["tb"])
        t = list(tables[index])
        _table_points(t, opponent, points)
        tables[index] = t
        s["tb"] = tables
    else:
        _score(s, opponent, points)  # D-10: may end the game mid-hand
    return s


def _apply_wrong(state, event):
    if state["ph"] != PLAY:
        _refuse_phase(state)
    index, declarer, opponent = _find_table(state, event)
    d = event.get("d", -1)
    if d != -1:
        if type(d) is not int or d < 0 or d > HAND_MAX:
            raise RulesError("bad_count", clip("bad count: ", d))
        if d <= MAX_COUNT:
            raise RulesError("not_wrong", clip("may declare: ", d))
    return _wrong(state, index, declarer, opponent, d)


def _apply_void(state, event):
    # D-15: no score, the same dealer deals again (two tables: that table).
    if state["ph"] != PLAY:
        _refuse_phase(state)
    index = 0
    if state["c"]["mode"] == FOUR:
        index = event.get("table")
        if index != 0 and index != 1:
            raise RulesError("bad_table", clip("table? ", index))
        if state["tb"][index][T_DONE]:
            raise RulesError("table_done", "wait: other table")
    elif event.get("table", 0) != 0:
        raise RulesError("bad_table", clip("table? ", event.get("table")))
    s = dict(state)
    s["last"] = ["void", state["tb"][index][T_DEALER]]
    s["dlt"] = None
    s["net"] = None
    return s


def _refuse_phase(state):
    if state["ph"] == CUT:
        raise RulesError("no_seats", "cut for the deal")
    raise RulesError("game_over", "game is over")


def apply(state, event):
    kind = event.get("t")
    if kind == "hand":
        return _apply_hand(state, event)
    if kind == "wrong":
        return _apply_wrong(state, event)
    if kind == "void":
        return _apply_void(state, event)
    if kind == "cut" or kind == "seat":
        if state["ph"] == PLAY:
            raise RulesError("seated", "already seated")
        if kind == "cut":
            return _apply_cut(state, event)
        return _apply_seat(state, event)
    if kind == "new_game":
        return _apply_new_game(state)
    raise RulesError("bad_event", clip("no event ", kind))


def view(state):
    from .dumbo_view import view as build

    return build(state)

# Dumbo: the match config, seating by the cut (C-3) or by hand, and new games
# (D-10); dumbo.py keeps the hands, the hot path of a fold.

from ..cut import cut_dumbo
from ..errors import RulesError, clip
from ..prng import Xorshift32, check_seed
from .state import (
    OVER,
    PAIRS,
    PLAY,
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
    S_SIDE,
    S_TB,
    S_TOT,
    S_WIN,
    THREE,
    TWO,
    VALUE_MAX,
    VALUES,
)


def apply(state, event):
    # The events of this module: cut, seat, new_game.
    kind = event.get("t")
    if kind == "new_game":
        return _apply_new_game(state)
    if state[S_PH] == PLAY:
        raise RulesError("seated", "already seated")
    if kind == "cut":
        return _apply_cut(state, event)
    return _apply_seat(state, event)


def _int(value, low, high, code, what):
    if type(value) is not int or value < low or value > high:
        raise RulesError(code, clip(what, value))
    return value


def check_config(config):
    # -> the config with every default filled in; refuses what cannot be played.
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    players = config.get("players", 2)
    if type(players) is not int or players < 2 or players > 4:
        raise RulesError("bad_players", "players: 2 to 4")
    tables = config.get("tables", 2 if players == 4 else 1)
    _int(tables, 1, 2 if players == 4 else 1, "bad_tables", "tables: ")
    names = config.get("names")
    if names is None:
        names = ["P" + str(i + 1) for i in range(players)]  # C-2
    if type(names) is not list or len(names) != players:
        raise RulesError("bad_names", "one name per player")
    out = {"players": players, "tables": tables}
    clean = []
    for name in names:
        if type(name) is not str or not name.strip():
            raise RulesError("bad_names", "a name is empty")
        clean.append(name.strip())
    out["names"] = clean
    for key, default in VALUES:
        out[key] = _int(config.get(key, default), 1 if key == "target" else 0, VALUE_MAX,
                        "bad_value", key[:12] + " ")
    return out


# -- seating --------------------------------------------------------------------

def _seat(state, dealer, sits_out, nesw, dealers):
    s = _fresh_game(state) if state[S_PH] == OVER else state[:]
    s[S_PH] = PLAY
    s[S_OUT] = -1
    s[S_DEAL] = 0
    mode = state[S_MODE]
    if mode == TWO:
        s[S_TB] = [[dealer, 1 - dealer, dealer]]
    elif mode == THREE:
        s[S_TB] = [[dealer, 3 - dealer - sits_out, dealer]]
        s[S_OUT] = sits_out
    else:
        north, east, south, west = nesw
        s[S_NESW] = [north, east, south, west]
        side = [0, 0, 0, 0]
        side[east] = 1
        side[west] = 1
        s[S_SIDE] = side
        if mode == PAIRS:
            s[S_TB] = [[north, east, dealer]]
        else:
            s[S_TB] = [[north, east, dealers[0], 0, 0, 0, -1],
                       [south, west, dealers[1], 0, 0, 0, -1]]
    return s


def _apply_cut(state, event):
    got = cut_dumbo(state[S_CFG]["players"], Xorshift32(check_seed(event.get("seed"))))
    nesw = None
    dealers = None
    if "north" in got:
        nesw = (got["north"], got["east"], got["south"], got["west"])
        # D-12: at each table the player who cut higher deals first: N and S.
        dealers = (got["north"], got["south"])
    s = _seat(state, got["dealer"], got.get("sits_out", -1), nesw, dealers)
    s[S_LAST] = ["cut", got["cards"]]
    return s


def _seat_arg(event, key, n):
    value = event.get(key)
    if type(value) is not int or value < 0 or value >= n:
        raise RulesError("bad_seat", clip(key + "? ", value))
    return value


def _apply_seat(state, event):
    n = state[S_CFG]["players"]
    nesw = None
    dealers = None
    sits_out = -1
    dealer = -1
    if n == 4:
        nesw = (_seat_arg(event, "north", n), _seat_arg(event, "east", n),
                _seat_arg(event, "south", n), _seat_arg(event, "west", n))
        if sorted(nesw) != [0, 1, 2, 3]:
            raise RulesError("bad_seat", "a seat twice")
        if state[S_MODE] == PAIRS:
            # D-13: the first hand is North v East.
            dealer = event.get("dealer", nesw[0])
            if type(dealer) is not int or dealer not in (nesw[0], nesw[1]):
                raise RulesError("bad_dealer", "dealer: North/East")
        else:
            dealers = event.get("dealers", [nesw[0], nesw[2]])
            if (type(dealers) is not list or len(dealers) != 2
                    or dealers[0] not in (nesw[0], nesw[1])
                    or dealers[1] not in (nesw[2], nesw[3])
                    or type(dealers[0]) is not int or type(dealers[1]) is not int):
                raise RulesError("bad_dealer", "dealers: one a table")
    else:
        dealer = _seat_arg(event, "dealer", n)
        if n == 3:
            sits_out = _seat_arg(event, "sits_out", n)
            if sits_out == dealer:
                raise RulesError("bad_seat", "dealer sits out")
    s = _seat(state, dealer, sits_out, nesw, dealers)
    s[S_LAST] = ["seat"]
    return s


def _fresh_game(state):
    # D-10: each game starts from 0; the finished one is kept.
    s = state[:]
    past = state[S_PAST][:]
    past.append([state[S_WIN], state[S_TOT]])
    s[S_PAST] = past
    s[S_TOT] = [0] * len(state[S_TOT])
    s[S_GAME] = state[S_GAME] + 1
    s[S_WIN] = -1
    s[S_BON] = None
    s[S_HANDS] = 0
    s[S_DEAL] = 0
    s[S_NET] = None
    s[S_DLT] = None
    s[S_PH] = PLAY
    return s


def _apply_new_game(state):
    if state[S_PH] != OVER:
        raise RulesError("not_over", "game not over yet")
    s = _fresh_game(state)
    s[S_LAST] = ["new"]
    return s

# Dumbo match engine (RULES.md D-1..D-15): two players, three with the odd man
# out (D-11), four at two tables with opponents swapped every deal (D-12) or at
# one table as partners (D-13). The game face: new_match(config), apply(state,
# event), view(state) (in views.py). apply() never mutates its input: it
# validates the event, then builds the next state.
#
# Events ("t"):
#   cut      {"seed": n}                       C-3: seats and dealer by the cut
#   seat     {"dealer": s, "sits_out": s,      the same, chosen at the table
#             "north": s, "east": s, "south": s, "west": s, "dealers": [s, s]}
#   hand     {"declarer": s, "d": 0..7, "o": n, "joker": bool}    D-14 counts
#            {"declarer": s, "declarer_cards": "...", "opponent_cards": "..."}
#   wrong    {"declarer": s, "d": n (optional, over 7)}          D-8
#   void     {"table": 0|1 (two tables only)}                    D-15
#   new_game {}                  after a game: same seats, play carries on
# A cut or seat event after a game also starts the next game, seated afresh.
# Seating, the cut and new games are in seating.py; the view in views.py;
# hands entered as cards in cards.py.
#
# The state is a flat list (cheap to copy on the board: folding a 300-event
# match must stay under 20,000,000 MicroPython fuel), indexed by the S_* names.

from ..cards import JOKER_COUNT, MAY_DECLARE
from ..errors import RulesError, clip
from .state import VALUES

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

# The state's index names and modes, as in state.py (which the seating and the
# view import): repeated here as const() so that MicroPython folds them into the
# engine's bytecode; an imported name is a dict lookup at every use (a 300-hand
# fold of four players: 18.5 M fuel that way, 17.0 M so, of a 20 M budget).
# tests/rules/test_dumbo.py checks that the two agree.
CUT = const(0)
FOUR = const(4)
HAND_MAX = const(84)
OVER = const(2)
PAIRS = const(5)
PLAY = const(1)
S_BON = const(13)
S_CFG = const(0)
S_DEAL = const(7)
S_DLT = const(11)
S_HANDS = const(8)
S_LAST = const(9)
S_MODE = const(16)
S_NESW = const(3)
S_NET = const(10)
S_OUT = const(6)
S_PH = const(1)
S_SIDE = const(4)
S_TB = const(5)
S_TOT = const(2)
S_VAL = const(17)
S_WIN = const(12)
T_DEALER = const(2)
T_DONE = const(3)
T_PTS_A = const(4)
T_PTS_B = const(5)
T_WON = const(6)
THREE = const(3)
TWO = const(2)
V_GAME = const(4)
V_OCTAD = const(0)
V_PENALTY = const(2)
V_TARGET = const(3)
V_UNDERCUT = const(1)
V_VERTEX = const(5)

_COUNTS = {0, 1, 2, 3, 4, 5, 6, 7}


def new_match(config):
    cfg = _module("seat").check_config(config)
    n = cfg["players"]
    mode = n if n < 4 else (FOUR if cfg["tables"] == 2 else PAIRS)
    return [cfg, CUT, [0] * (2 if n == 4 else n), None, None, [], -1, 0, 0, None, None,
            None, -1, None, 1, [], mode, [cfg[key] for key, _ in VALUES]]


# -- hands ------------------------------------------------------------------------

def _find_table(state, seat):
    # -> (table index, opponent); a finished table is refused by the caller.
    if seat.__class__ is int:
        index = 0
        for t in state[S_TB]:
            if t[0] == seat:
                return index, t[1]
            if t[1] == seat:
                return index, t[0]
            index += 1
    n = state[S_CFG]["players"]
    if type(seat) is not int or seat < 0 or seat >= n:
        raise RulesError("bad_seat", clip("no seat ", seat))
    raise RulesError("not_at_table", clip("not playing: ", state[S_CFG]["names"][seat]))


def _counts(event):
    # The checks of a hand entered as counts (D-14), each with its own message.
    d = event.get("d")
    if type(d) is not int or d < 0:
        raise RulesError("bad_count", clip("bad count: ", d))
    if d > MAY_DECLARE:
        raise RulesError("count_over_7", clip("count over 7: ", d))
    joker = event.get("joker", False)
    if type(joker) is not bool:
        raise RulesError("bad_joker", "joker: yes or no")
    o = event.get("o")
    if type(o) is not int or o < 0 or o > (HAND_MAX - JOKER_COUNT if joker else HAND_MAX):
        raise RulesError("bad_count", clip("bad count: ", o))
    return d, o, joker


def _apply_hand(state, event):
    # The hot path of a fold, kept to few bytecodes: every one costs on the board.
    if state[S_PH] != PLAY:
        _refuse_phase(state)
    declarer = event.get("declarer")
    t = state[S_TB][0]
    index = 0
    if t[0] == declarer and declarer.__class__ is int:
        opponent = t[1]
    elif t[1] == declarer and declarer.__class__ is int:
        opponent = t[0]
    else:
        index, opponent = _find_table(state, declarer)  # the other table, or refused
    d = event.get("d")
    if "declarer_cards" in event or "opponent_cards" in event:
        if d is not None or "o" in event:
            raise RulesError("counts_and_cards", "counts or cards")
        from .cards import solve_hand

        values = state[S_VAL]
        d, o, joker = solve_hand(event.get("declarer_cards"), event.get("opponent_cards"),
                                 (values[V_OCTAD], values[V_UNDERCUT]))
        if d > MAY_DECLARE:
            return _wrong(state, index, declarer, opponent, d)  # D-14
    else:
        o = event.get("o")
        joker = event.get("joker", False)
        if (d.__class__ is not int or o.__class__ is not int or joker.__class__ is not bool
                or d not in _COUNTS or o < 0 or o > HAND_MAX - JOKER_COUNT * joker):
            d, o, joker = _counts(event)  # refuses, with the reason
    values = state[S_VAL]
    o_full = o + JOKER_COUNT if joker else o
    s = state[:]
    # D-7
    if d == 0 or o_full > d:
        dp = o_full + values[V_OCTAD] if d == 0 else o_full - d
        op = 0
        winner = declarer
        loser = opponent
    else:
        dp = 0
        op = d - o_full + values[V_UNDERCUT] if o_full < d else 0
        winner = opponent  # also on a tie (D-7)
        loser = declarer
    s[S_HANDS] = state[S_HANDS] + 1
    s[S_LAST] = ["hand", declarer, opponent, d, o, joker, dp, op]
    mode = state[S_MODE]
    if mode == FOUR:
        # Two tables (D-12): the points stay at the table until both are done;
        # whoever scores is the hand's winner.
        tables = state[S_TB][:]
        t = tables[index]
        if t[T_DONE]:
            raise RulesError("table_done", "wait: other table")
        if t[0] == winner:
            t = [t[0], t[1], t[2], 1, t[T_PTS_A] + dp + op, t[T_PTS_B], winner]
        else:
            t = [t[0], t[1], t[2], 1, t[T_PTS_A], t[T_PTS_B] + dp + op, winner]
        tables[index] = t
        s[S_TB] = tables
        s[S_DLT] = None
        s[S_NET] = None
        if tables[1 - index][T_DONE]:
            _end_deal(s, tables[0], tables[1])
        return s
    if dp or op:
        who = state[S_SIDE][winner] if mode == PAIRS else winner
        tot = state[S_TOT][:]
        tot[who] += dp + op
        s[S_TOT] = tot
        s[S_DLT] = [who, dp + op]
        if tot[who] >= values[V_TARGET]:
            _end_game(s, who)
    else:
        s[S_DLT] = None
    # D-9: the winner deals; D-11: he plays the man out, the loser sits out;
    # D-13: the winner's partner deals the next hand, the other pair playing.
    if mode == TWO:
        s[S_TB] = [[winner, loser, winner]]
    elif mode == THREE:
        s[S_TB] = [[winner, state[S_OUT], winner]]
        s[S_OUT] = loser
    else:
        nesw = state[S_NESW]
        partner = nesw[(nesw.index(winner) + 2) % 4]
        if partner == nesw[0] or partner == nesw[1]:
            s[S_TB] = [[nesw[0], nesw[1], partner]]
        else:
            s[S_TB] = [[nesw[2], nesw[3], partner]]
    return s


def _add(s, who, points):
    # Adds to a total, then checks the target at once (D-10).
    tot = s[S_TOT][:]
    tot[who] += points
    s[S_TOT] = tot
    s[S_DLT] = [who, points]
    if tot[who] >= s[S_VAL][V_TARGET]:
        _end_game(s, who)


def _end_game(s, who):
    # D-10: the game bonus, and Vertex when every other total is still 0.
    tot = s[S_TOT]
    values = s[S_VAL]
    vertex = values[V_VERTEX]
    for i in range(len(tot)):
        if i != who and tot[i]:
            vertex = 0
    tot[who] += values[V_GAME] + vertex
    s[S_BON] = [values[V_GAME], vertex]
    s[S_WIN] = who
    s[S_PH] = OVER


def _end_deal(s, t0, t1):
    # D-12: both tables are done. Table 0 is North's, table 1 South's, each
    # [North-South player, East-West player, ...]; the positive net scores.
    ns = t0[T_PTS_A] + t1[T_PTS_A]
    ew = t0[T_PTS_B] + t1[T_PTS_B]
    s[S_NET] = [ns, ew]
    s[S_DEAL] += 1
    if ns > ew:
        _add(s, 0, ns - ew)
    elif ew > ns:
        _add(s, 1, ew - ns)
    # Partners change opponents: North meets table 1's East-West player.
    # D-9, four players: the player who won his last hand deals; if both or
    # neither did, the player of the side that scored the deal; net 0: NS.
    w0 = t0[T_WON] == t0[0]
    w1 = t1[T_WON] == t1[0]
    if w0 == w1:
        dealers = (t0[0], t1[0]) if w0 else (t1[1], t0[1])
    else:
        dealers = (t1[1], t0[1]) if ew > ns else (t0[0], t1[0])
    s[S_TB] = [[t0[0], t1[1], dealers[0], 0, 0, 0, -1],
               [t1[0], t0[1], dealers[1], 0, 0, 0, -1]]


def _wrong(state, index, declarer, opponent, d):
    # D-8: the opponent scores the penalty; the hand goes on, the same dealer.
    points = state[S_VAL][V_PENALTY]
    s = state[:]
    s[S_LAST] = ["wrong", declarer, opponent, d, points]
    s[S_DLT] = None
    s[S_NET] = None
    mode = state[S_MODE]
    if mode == FOUR:
        tables = state[S_TB][:]
        t = tables[index][:]
        if t[T_DONE]:
            raise RulesError("table_done", "wait: other table")
        t[T_PTS_A if t[0] == opponent else T_PTS_B] += points
        tables[index] = t
        s[S_TB] = tables
    elif points:
        _add(s, state[S_SIDE][opponent] if mode == PAIRS else opponent, points)
    return s


def _apply_wrong(state, event):
    if state[S_PH] != PLAY:
        _refuse_phase(state)
    index, opponent = _find_table(state, event.get("declarer"))
    d = event.get("d", -1)
    if d != -1 or d.__class__ is not int:
        if type(d) is not int or d < 0 or d > HAND_MAX + JOKER_COUNT:
            raise RulesError("bad_count", clip("bad count: ", d))
        if d <= MAY_DECLARE:
            raise RulesError("not_wrong", clip("may declare: ", d))
    return _wrong(state, index, event["declarer"], opponent, d)


def _apply_void(state, event):
    # D-15: no score, the same dealer deals again (two tables: that table).
    if state[S_PH] != PLAY:
        _refuse_phase(state)
    index = event.get("table", 0)
    if index.__class__ is not int or index < 0 or index >= len(state[S_TB]):
        raise RulesError("bad_table", clip("table? ", index))
    if state[S_MODE] == FOUR and state[S_TB][index][T_DONE]:
        raise RulesError("table_done", "wait: other table")
    if state[S_MODE] == FOUR and "table" not in event:
        raise RulesError("bad_table", "which table?")
    s = state[:]
    s[S_LAST] = ["void", state[S_TB][index][T_DEALER]]
    s[S_DLT] = None
    s[S_NET] = None
    return s


def _refuse_phase(state):
    if state[S_PH] == CUT:
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
    if kind == "cut" or kind == "seat" or kind == "new_game":
        return _module("seat").apply(state, event)
    raise RulesError("bad_event", clip("no event ", kind))


def view(state):
    return _module("view").view(state)


def check(state, event):
    # What a hand's entry would score, as views.hand_fields gives it, without entering
    # it (a screen's preview, as Dartex's check): apply() never changes the state it
    # is given. RulesError if it is refused.
    return _module("view").hand_fields(apply(state, event)[S_LAST])


_MODULES = {}


def _module(part):
    # The view's module, loaded on first use and kept: an import statement costs
    # far more on the board than this lookup. The seating's is not kept here: it
    # serves only a match's first entries (and a new game's), so the device lets
    # it go, with the cut and the prng it brings, once play has begun.
    if part == "seat":
        from . import seating
        return seating
    found = _MODULES.get(part)
    if found is None:
        from . import views as found
        _MODULES[part] = found
    return found

# Dumbo's state layout: a flat list indexed by the S_* names, the modes, the
# table fields and the configurable values, shared by the engine, the seating
# and the view (none of which imports another for them).

from ..cards import JOKER_COUNT, MAY_DECLARE  # noqa: F401  (D-3, D-4: for the view)

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

TWO = const(2)
THREE = const(3)
FOUR = const(4)  # four players at two tables (D-12)
PAIRS = const(5)  # four players at one table (D-13)

CUT = const(0)
PLAY = const(1)
OVER = const(2)

S_CFG = const(0)  # the checked config (a dict, shared by every state)
S_PH = const(1)  # CUT, PLAY or OVER
S_TOT = const(2)  # totals per player, or per side with four (0 NS, 1 EW)
S_NESW = const(3)  # four players: seats of North, East, South, West
S_SIDE = const(4)  # four players: side per seat
S_TB = const(5)  # tables now playing: [a, b, dealer] (+ done, pts a, pts b, winner)
S_OUT = const(6)  # three players: the seat sitting out, else -1
S_DEAL = const(7)  # four players, two tables: deals completed this game
S_HANDS = const(8)  # hands scored this game
S_LAST = const(9)  # what the last event did, for the view
S_NET = const(10)  # two tables: the deal just completed, [NS points, EW points]
S_DLT = const(11)  # [scorer, points] the last event added to a total, or None
S_WIN = const(12)  # the scorer who won the game, else -1
S_BON = const(13)  # [game bonus, Vertex bonus] the winner added
S_GAME = const(14)  # game number, from 1
S_PAST = const(15)  # finished games: [winner, totals]
S_MODE = const(16)  # TWO, THREE, FOUR or PAIRS
S_VAL = const(17)  # the configurable values, in VALUES order


def settings(state):
    # The match's settings as the rules took them (defaults filled in), read only.
    return state[S_CFG]

T_DEALER = const(2)
T_DONE = const(3)
T_PTS_A = const(4)
T_PTS_B = const(5)
T_WON = const(6)

V_OCTAD = const(0)
V_UNDERCUT = const(1)
V_PENALTY = const(2)
V_TARGET = const(3)
V_GAME = const(4)
V_VERTEX = const(5)

HAND_MAX = const(84)  # eight cards: four 11s and four 10s
OCTAD_PRESETS = (10, 20, 25)  # D-5
# The configurable values (RULES.md *configurable*) with their defaults.
VALUES = (
    ("octad_bonus", 20),  # D-5
    ("undercut_bonus", 10),  # D-7
    ("penalty", 10),  # D-8
    ("target", 50),  # D-10
    ("game_bonus", 50),  # D-10
    ("vertex_bonus", 100),  # D-10
)
VALUE_MAX = const(999)

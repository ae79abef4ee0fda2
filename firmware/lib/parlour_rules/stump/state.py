# The shape of a Stump match state, shared by the engine (__init__.py) and the view
# (views.py). A state is a flat list, indexed by the slots below: apply()
# copies it with one slice (cheap on the board, where a dict copy costs many times
# more) and replaces, never mutates, the lists it holds. Outside parlour_rules,
# read a match through stump.view(), not through these slots.

from ..errors import LINE

HAND = 5        # S-5: every player starts a round with 5 cards

CFG = 0         # {"n", "pairs", "target", "names", "sides"}: fixed for the match
STEP = 1        # "cut" "setup" "member" "gapper" "discard" "move" "over"
DEALER = 2      # seat, None before the cut
ROUND = 3       # 1.. (0 before the setup)
SEAT = 4        # seat on turn, None when nobody is (or a team has to name one)
TEAM = 5        # partnership: team on turn, else None
SLIDES = 6      # [a, b]: the numbers under slide 0 and slide 1, None before setup
FROM = 7        # 0/1: the slide the gap runs clockwise from (S-2)
GAPPERS = 8     # gappers played this round, per seat
PLAYED = 9      # this turn's gapper: its number, 0 for a wild, None for none
DISCARD = 10    # this turn's discard number, None before the discard
WILD = 11       # was this turn's discard a wild (W=n)?
TOTALS = 12     # points per side
ROUNDS = 13     # [[side, points], ...] per round finished
LAST = 14       # [what, seat or side, a, b]: the last accepted event, for its line
LAST_ROUND = 15  # {"round", "winner", "points", "hands", "dealer"} or None
WINNER = 16     # side, once the game is over
SLOTS = 17


def line(name, rest):
    # One display line: the name shortened (with ~) so that name + rest fits.
    room = LINE - len(rest)
    if len(name) > room:
        name = name[: room - 1] + "~"
    return name + rest


def side_of(state, seat):
    return seat % 2 if state[CFG]["pairs"] else seat


def side_names(names, pairs):
    # A side's name: the player's, or in partnership both members' ("Ann+Cy").
    if pairs:
        return [line(names[0], "+" + names[2]), line(names[1], "+" + names[3])]
    return names[:]


def side_name(state, side):
    return state[CFG]["sides"][side]


def hands(state):
    # S-5: a player holds 5 - gappers played (counted between turns).
    return [HAND - g for g in state[GAPPERS]]


def gap_bounds(state):
    # (from, to): the slide numbers the gap runs clockwise from and to.
    slides = state[SLIDES]
    f = state[FROM]
    return slides[f], slides[1 - f]


def members_in(state, team):
    # S-7: the members of a team who still hold cards.
    gappers = state[GAPPERS]
    return [m for m in (team, team + 2) if gappers[m] < HAND]

# The Stump ring (S-1, S-2): the numbers 1..40 in a circle (40 is followed by 1),
# two slides over it and the gap between them. Pure integer helpers, no state.
#
# An arc is named by the slide the gap runs clockwise FROM (up the numbers) and the
# slide it runs TO: from 37 to 4 holds 38 39 40 1 2 3. The gap is the shorter way
# round (S-2); when both ways are equally long (slides 20 apart) the mover picks
# the side, named by the slide number the gap runs clockwise from.

from ..errors import RulesError, refuse

RING = 40
HALF = 20
TIE = -1


def check_number(n):
    if type(n) is not int or n < 1 or n > RING:
        refuse("bad_number", "not 1..40: ", n)
    return n


def after(n):
    # The number clockwise after n: 40 -> 1.
    return n % RING + 1


def steps(a, b):
    # Clockwise steps from a to b, 0..39.
    return (b - a) % RING


def width(a, b):
    # How many numbers lie strictly clockwise between a and b (0: closed).
    d = (b - a) % RING
    return d - 1 if d > 1 else 0


def shorter(a, b):
    # 0 if the gap runs clockwise from a, 1 if from b, TIE if both ways are 19 numbers.
    # Both slides on one number, or adjacent slides: a closed gap (S-2).
    d = (b - a) % RING
    if d == HALF:
        return TIE
    if d < HALF:
        return 0
    return 1


def in_gap(n, a, b):
    # Is n strictly clockwise between a and b?
    d = (n - a) % RING
    return 0 < d < (b - a) % RING


# The ring twice over: every clockwise stretch of numbers is one slice of it.
_TWICE = tuple(range(1, RING + 1)) * 2


def gap_list(a, b):
    # The numbers strictly clockwise between a and b, in ring order.
    return list(_TWICE[a:a + width(a, b)])


def choose_from(a, b, side):
    # The slide (0 for a, 1 for b) the gap runs from; `side` names it on a tie.
    # A side is only picked on a tie: anywhere else it is refused, so a log never
    # carries a choice that was not made.
    which = shorter(a, b)
    if which != TIE:
        if side is not None:
            raise RulesError("no_side", "no side to pick")
        return which
    if side is None:
        raise RulesError("pick_side", "pick the gap's side")
    if side == a and type(side) is int:
        return 0
    if side == b and type(side) is int:
        return 1
    refuse("bad_side", "side not a slide: ", side)


def gap(a, b, side=None):
    # The gap for slides on a and b (S-2), as a list; `side` only on a tie.
    check_number(a)
    check_number(b)
    if choose_from(a, b, side) == 0:
        return gap_list(a, b)
    return gap_list(b, a)


def tie_choices(a, b):
    # For slides 20 apart: [[side, gap], [side, gap]], lower side first.
    low = a if a < b else b
    high = b if a < b else a
    return [[low, gap_list(low, high)], [high, gap_list(high, low)]]

# The meld solver: the least deadwood (Poker Rum / Gin, R-1..R-3, R-6, R-9) and
# the least count (Dumbo, D-2..D-6) a hand can reach, with the arrangement.
#
# A hand is a list of card strings or card ints (cards.STANDARD / cards.DUMBO).
# A suit is a bit mask of ranks (bit 0 = Ace / 1). With one pack the search is:
#   - a card can be in a run only if it lies in a stretch of 3+ consecutive
#     ranks of its suit (the "cover" x & x>>1 & x>>2, spread back by 2);
#   - given which cards go into sets, every card in the cover of what is left
#     is melded (a stretch of any length is one run) and the rest is dead;
#   - a set whose cards lie in no cover is always taken; only the "contested"
#     set ranks (a card also in a cover) are tried both ways, at most 3 ranks
#     (one in closed form in tables.best; two or three in contest.py).
# Lay-offs and Dumbo additions (D-6) fit the same search: the caller's
# runs are "phantom" cards of no value in the player's suit (a stretch touching
# them is a chain laid off at that end), and a card the caller's set can take
# costs nothing when left over (it is laid off there).
# The double pack (identical cards, sets to 6) is double.py (its search without
# a caller double_sets.py); the layout of the result (melds, lay-offs, dead) is
# built on first use by show.py; checking laid melds is check.py. All of them
# load only when needed. The tables they share are tables.py, the results
# results.py: both below every search.

from ..cards import DUMBO, JOKER, JOKER_COUNT, MAY_DECLARE, STANDARD, parse_cards  # noqa: F401  (the solver's face)
from ..errors import RulesError, refuse
from .results import DumboResult, RummyResult, as_laid, octad_of
from .tables import DUMBO_HI, DUMBO_LO, NONE4, STD_HI, STD_LO, Laid, best  # noqa: F401

_SHL = None
try:
    import sys
    if sys.implementation.name == "cpython":
        _SHL = (1).__lshift__  # the hand's bits in one C-level sum (long ints are cheap there)
except (ImportError, AttributeError):
    pass
_FAST = None  # the laptop's one-pack solve (use_fast)
_LAID = None  # its solve against the caller's melds
_DOUBLE = None  # and its double-pack solve
_DSOLVE = []  # double.solve, once first needed


def _masks(hand, pack):
    # -> (four suit masks, Joker held) for a hand of distinct cards.
    width = 13 if pack == STANDARD else 11
    top = 52 if pack == STANDARD else 45
    if _SHL is not None:
        try:
            m = sum(map(_SHL, hand))
        except (TypeError, ValueError):
            m = -1
        if 0 <= m < (1 << top) and bin(m).count("1") == len(hand) < 12:
            k = (1 << width) - 1
            joker = m >> JOKER & 1 if pack == DUMBO else 0
            return [m & k, m >> width & k, m >> 2 * width & k, m >> 3 * width & k], joker
    if len(hand) > 11:
        raise RulesError("big_hand", "over 11 cards")
    # The first two suits in one mask, the last two (and Dumbo's Joker, card
    # 44) in another: small ints on the board. A card that is not an int of
    # the pack (a string, or out of range) is parsed or refused.
    half = 2 * width
    lo = hi = 0
    try:
        for c in hand:
            if c < half:
                bit = 1 << c
                if lo & bit:
                    _twice(c, pack)
                lo |= bit
            else:
                bit = 1 << (c - half)
                if hi & bit:
                    _twice(c, pack)
                hi |= bit
    except (TypeError, ValueError):
        return _masks(parse_cards(hand, pack), pack)
    if hi >> (top - half):
        return _masks(parse_cards(hand, pack), pack)
    k = (1 << width) - 1
    return [lo & k, lo >> width, hi & k, hi >> width & k], hi >> half


def _twice(c, pack):
    from ..cards import format_card
    refuse("dup_card", "card twice: ", format_card(c, pack))


def lay(groups, pack=STANDARD, double_pack=False, octad=False):
    from . import check as melds_check
    return melds_check.lay(groups, pack, double_pack, octad)


def _against(ms, laid, pack):
    # One pack: no card both in the hand and on the table.
    for s in range(4):
        both = ms[s] & laid.held[s]
        if both:
            from ..cards import format_card
            width = 13 if pack == STANDARD else 11
            r = 0
            while not both >> r & 1:
                r += 1
            refuse("dup_card", "card twice: ", format_card(s * width + r, pack))


def solve_rummy(hand, double_pack=False, caller_melds=None):
    # R-3 (+ R-6, R-9 with the caller's melds as laid): the least deadwood.
    if _FAST is not None and caller_melds is None:
        # (a double-pack hand with no card twice is a one-pack problem)
        r = _DOUBLE(hand) if double_pack else _FAST(hand)
        if r is not None:
            return r
    if double_pack:
        if not _DSOLVE:
            from .double import solve
            _DSOLVE.append(solve)
        return _DSOLVE[0](hand, caller_melds)
    if caller_melds is not None:
        laid = as_laid(caller_melds, STANDARD, False, False)
        if _LAID is not None:
            r = _LAID(hand, laid)
            if r is not None:
                return r
        ms = _masks(hand, STANDARD)[0]
        r = RummyResult()
        _against(ms, laid, STANDARD)
        r.deadwood, co = best(ms, laid.ph, laid.fr, STD_LO, STD_HI, 0)
        r.plan = (ms, co, laid)
        return r
    ms = _masks(hand, STANDARD)[0]
    r = RummyResult()
    a, b, c, d = ms
    three = (a & b & (c | d)) | (c & d & (a | b))
    t = a & a >> 1 & a >> 2
    ca = t | t << 1 | t << 2
    t = b & b >> 1 & b >> 2
    cb = t | t << 1 | t << 2
    t = c & c >> 1 & c >> 2
    cc = t | t << 1 | t << 2
    t = d & d >> 1 & d >> 2
    cd = t | t << 1 | t << 2
    if three & ((a & ca) | (b & cb) | (c & cc) | (d & cd)):
        r.deadwood, co = best(ms, NONE4, NONE4, STD_LO, STD_HI, 0)
        r.plan = (ms, co, None)
        return r
    # No set rank shares a card with a run: whole sets, whole stretches.
    a &= ~(ca | three)
    b &= ~(cb | three)
    c &= ~(cc | three)
    d &= ~(cd | three)
    r.deadwood = (STD_LO[a & 127] + STD_HI[a >> 7] + STD_LO[b & 127] + STD_HI[b >> 7]
                  + STD_LO[c & 127] + STD_HI[c >> 7] + STD_LO[d & 127] + STD_HI[d >> 7])
    r.plan = (ms, (three, three, three, three), None)
    return r


def solve_dumbo(hand, declarer_welds=None, octad=False):
    # D-2..D-6: the least count; with the declarer's welds, the opponent's best
    # count with additions to them (none after an Octad, never the Joker).
    ms, joker = _masks(hand, DUMBO)
    r = DumboResult()
    if declarer_welds is None:
        r.count, co = best(ms, NONE4, NONE4, DUMBO_LO, DUMBO_HI, joker)
        r.plan = (ms, co, None, joker)
        return r
    laid = as_laid(declarer_welds, DUMBO, False, octad)
    _against(ms, laid, DUMBO)
    if joker and laid.joker:
        refuse("dup_card", "card twice: ", "JOKER")
    r.count, co = best(ms, laid.ph, laid.fr, DUMBO_LO, DUMBO_HI, joker)
    r.plan = (ms, co, laid, joker)
    return r


def may_declare(count):
    # D-4: a player may declare with a count of 7 or less.
    return count <= MAY_DECLARE


def is_octad(result_or_hand):
    # D-5: all eight cards welded, which is exactly a count of 0.
    r = result_or_hand
    if not isinstance(r, DumboResult):
        r = solve_dumbo(r)
    return octad_of(r)


def check_meld(cards, double_pack=False):
    # A group as laid is a meld, or RulesError naming what is wrong.
    from . import check as melds_check
    return melds_check.check_group(cards, STANDARD, double_pack)


def check_weld(cards):
    # A group as laid is a weld (D-2), a Joker allowed with 3+ real cards (D-3).
    from . import check as melds_check
    return melds_check.check_group(cards, DUMBO, False)


def check_caller_melds(groups, double_pack=False, hand=None):
    # The caller's melds as laid: each a meld, no card beyond the pack.
    from . import check as melds_check
    return melds_check.check_groups(groups, STANDARD, double_pack, hand)



def use_fast(solve, solve_double, solve_laid):
    # The laptop's table-driven solves (parlour.fastmelds), which need CPython's
    # long ints; the board never calls this.
    global _FAST, _DOUBLE, _LAID
    _FAST, _DOUBLE, _LAID = solve, solve_double, solve_laid

# Melds and welds as laid: is a group a meld or a weld (D-2, D-3), and
# the caller's melds or the declarer's welds (D-6) turned into what
# the solver needs: his runs as phantom cards, his sets' open places as cards
# that cost nothing when left over.

from ..cards import DUMBO, JOKER, STANDARD, check_copies, format_cards, parse_cards, parse_groups
from ..errors import RulesError, clip

SET = 0
RUN = 1


def _bad(code, prefix, cards, pack):
    raise RulesError(code, clip(prefix, format_cards(cards, pack)))


def set_limit(pack, double_pack):
    # 3 or 4 of a rank (3 to 6 with the double pack); D-2: 3 or 4 of a number.
    return 6 if double_pack and pack == STANDARD else 4


def check_group(cards, pack, double_pack):
    # -> (SET, rank, size, 0, joker) or (RUN, suit, low, high, joker), ranks from 0.
    cards = parse_cards(cards, pack)
    word = "not a meld: " if pack == STANDARD else "no weld: "
    joker = 0
    real = []
    for c in cards:
        if pack == DUMBO and c == JOKER:
            joker += 1
        else:
            real.append(c)
    if joker > 1:
        _bad("bad_meld", word, cards, pack)
    if len(real) < 3:
        # D-3: the Joker never completes a weld of 2.
        _bad("short_meld", "too short: ", cards, pack)
    width = 13 if pack == STANDARD else 11
    ranks = [c % width for c in real]
    suits = [c // width for c in real]
    if min(ranks) == max(ranks):
        if len(real) > set_limit(pack, double_pack):
            _bad("big_set", "too many: ", cards, pack)
        if not double_pack:
            check_copies(real, pack, 1)
        return (SET, ranks[0], len(real), 0, joker)
    low = min(ranks)
    high = max(ranks)
    if min(suits) != max(suits) or high - low + 1 != len(real):
        _bad("bad_meld", word, cards, pack)
    seen = 0
    for r in ranks:
        if seen >> r & 1:
            # never two identical cards in one sequence.
            _bad("bad_meld", word, cards, pack)
        seen |= 1 << r
    return (RUN, suits[0], low, high, joker)


def group_list(groups, pack):
    # "6H 7H 8H | JC QC KC", "(6H 7H 8H) (JC QC KC)" or a list of groups.
    if type(groups) is str:
        if "(" in groups or ")" in groups:
            found, loose = parse_groups(groups, pack)
            if loose:
                _bad("bad_group", "not in a group: ", loose, pack)
            return found
        groups = [g for g in groups.split("|") if g.strip()]
    return [parse_cards(g, pack) for g in groups]


def check_groups(groups, pack, double_pack, hand=None):
    # Each group a meld; with the hand, no card beyond the pack(s). -> (groups, infos)
    groups = group_list(groups, pack)
    infos = [check_group(g, pack, double_pack) for g in groups]
    every = [] if hand is None else list(parse_cards(hand, pack))
    for g in groups:
        every.extend(g)
    check_copies(every, pack, 2 if double_pack else 1)
    return groups, infos


def lay(groups, pack, double_pack, octad):
    # The groups checked (each a meld, no card twice beyond the pack) -> melds.Laid.
    from .tables import Laid
    groups, infos = check_groups(groups, pack, double_pack)
    width = 13 if pack == STANDARD else 11
    laid = Laid()
    laid.pack = pack
    laid.double_pack = double_pack
    laid.octad = octad
    laid.groups = groups
    laid.infos = infos
    laid.extra = None
    ph = [0, 0, 0, 0]
    fr = [0, 0, 0, 0]
    held = [0, 0, 0, 0]
    laid.joker = 0
    for i in range(len(infos)):
        kind, a, b, c, _ = infos[i]
        suits = 0
        for card in groups[i]:
            if pack == DUMBO and card == JOKER:
                laid.joker = 1
            else:
                held[card // width] |= 1 << (card % width)
                suits |= 1 << (card // width)
        if octad:
            # D-5: after an Octad nothing is added to the declarer's welds.
            continue
        if kind == RUN:
            ph[a] |= (1 << (c + 1)) - (1 << b)
        elif b < set_limit(pack, double_pack):
            for s in range(4):
                if not suits >> s & 1 or double_pack:
                    fr[s] |= 1 << a
    laid.ph = ph
    laid.fr = fr
    laid.held = held
    return laid

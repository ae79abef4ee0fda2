# Cutting for the deal (C-3, and G-2 for Galumphus). Each function takes the
# match's generator (prng.Xorshift32) so the cut replays from the logged seed.

from .cards import DUMBO, GALUMPHUS, JOKER, STANDARD, is_star, new_pack, std_rank
from .prng import check_players as _check_players
from .prng import cut_seat as cut_seat  # for callers that find every cut here


def _dumbo_rank(card):
    # Highest number first; equal numbers by suit, Square > Circle > Diamond > Star.
    return (card % 11) * 4 + 3 - card // 11


def cut_dumbo(players, rng):
    # -> {"cards": card per seat, "order": seats high to low, plus the seating}.
    _check_players(players, 2, 4)
    pack = rng.shuffle(new_pack(DUMBO))
    top = 0
    cards = []
    for _ in range(players):
        if pack[top] == JOKER:
            top += 1
        cards.append(pack[top])
        top += 1
    order = sorted(range(players), key=lambda seat: -_dumbo_rank(cards[seat]))  # total order: cards differ
    result = {"cards": cards, "order": order, "dealer": order[0]}
    if players == 3:
        result["sits_out"] = order[2]
    if players == 4:
        # The two highest are North-South, highest North; the higher of the others is East.
        result["north"], result["south"] = order[0], order[1]
        result["east"], result["west"] = order[2], order[3]
    return result


def cut_poker(players, rng):
    # Ace low; players tied for highest draw again from the same pack until one is highest.
    _check_players(players, 2, 8)
    copies = 2 if players > 3 else 1
    pack = rng.shuffle(new_pack(STANDARD, copies))
    top = 0
    draws = [[] for _ in range(players)]
    drawing = list(range(players))
    while True:
        if top + len(drawing) > len(pack):
            pack = rng.shuffle(new_pack(STANDARD, copies))
            top = 0
        for seat in drawing:
            draws[seat].append(pack[top])
            top += 1
        best = max([std_rank(draws[seat][-1]) for seat in drawing])
        drawing = [seat for seat in drawing if std_rank(draws[seat][-1]) == best]
        if len(drawing) == 1:
            return {"draws": draws, "dealer": drawing[0]}


def cut_galumphus(players, rng):
    # G-2: deal face up one card a seat from seat 0 round until a Star falls.
    _check_players(players, 4, 8)
    pack = rng.shuffle(new_pack(GALUMPHUS))
    dealt = []
    top = 0
    while not is_star(pack[top]):
        dealt.append(pack[top])
        top += 1
    dealt.append(pack[top])
    return {"dealt": dealt, "dealer": (len(dealt) - 1) % players}

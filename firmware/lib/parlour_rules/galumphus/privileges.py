# The Great Galumphus: the four Star privileges (G-7). A privilege claim names
# a seat (seat key, logged as "key") and a design (encoder, logged as "name");
# PASS ends a player's turn (Great Galumphus) or the dealer's naming (Water-Hog).

from ..cards import GAL_CODES, GAL_DESIGNS, GALUMPHUS, parse_card
from ..errors import RulesError
from .deal import (
    BUB,
    CRO,
    GAL,
    TAS,
    completes,
    finish_call,
    says,
    win,
)


def held(seats):
    return [seat for seat in range(len(seats)) if seats[seat] >= 0]


def start_privilege(s, star):
    # Called by open_call with s["pack"] and s["seats"] already copied.
    n = s["cfg"]["players"]
    seats = s["seats"]
    if star == TAS:
        # Every face-down card, an empty seat alike, moves to the seat on the left.
        s["seats"] = [seats[(seat - 1) % n] for seat in range(n)]
        finish_call(s, [], False, False)
        return
    faces = held(seats)
    if not faces:
        finish_call(s, [], False, False)
        return
    if star == CRO:
        # All face-down cards shown (as G-3) until NEXT or the show time.
        s["priv"] = {"star": CRO}
        s["phase"] = "show"
        s["show"] = faces
        return
    turn = (s["dealer"] + 1) % n if star == GAL else s["dealer"]
    s["priv"] = {"star": star, "turn": turn, "pick": -1, "named": [], "claims": 0,
                 "won": 0}
    s["phase"] = "priv"


def _priv(s):
    priv = s["priv"] = s["priv"].copy()
    return priv


def pick(s, seat):
    priv = s["priv"]
    if s["seats"][seat] < 0:
        raise RulesError("empty_seat", says(s, seat, "has no card"))
    if priv["star"] == BUB and seat in priv["named"]:
        raise RulesError("named", says(s, seat, "named already"))
    _priv(s)["pick"] = seat


def design_of(event):
    card = event.get("card")
    if type(card) is str:
        # the device logs the code itself: found without parse_card's new strings
        card = GAL_CODES.index(card) if card in GAL_CODES else parse_card(card, GALUMPHUS)
    if type(card) is not int or card < 0 or card >= GAL_DESIGNS:
        raise RulesError("not_design", "name a design")
    return card


def name(s, event):
    # The claim of the player whose turn it is (the dealer under Water-Hog).
    if s["priv"]["pick"] < 0:
        raise RulesError("no_pick", "pick a seat first")
    card = design_of(event)
    priv = _priv(s)
    seat = priv["pick"]
    by = priv["turn"]
    priv["pick"] = -1
    priv["claims"] += 1
    seats = s["seats"] = list(s["seats"])
    if seats[seat] == card:
        rows = s["rows"] = list(s["rows"])
        rows[by] = rows[by] + [card]
        seats[seat] = -1
        priv["won"] += 1
        s["last"] = s["last"] + [[by, seat, card, "right"]]
        if completes(s, rows[by]):
            win(s, by)
            return
    else:
        # Wrong: no penalty; the card stays where it is, not shown.
        s["last"] = s["last"] + [[by, seat, -1, "wrong"]]
    if priv["star"] == BUB:
        priv["named"] = priv["named"] + [seat]
        if not [x for x in held(seats) if x not in priv["named"]]:
            end_privilege(s)
        return
    if not held(seats):
        end_privilege(s)
        return
    next_turn(s)


def pass_turn(s):
    if s["priv"]["star"] == BUB:
        end_privilege(s)
        return
    _priv(s)["pick"] = -1
    next_turn(s)


def next_turn(s):
    # The Great Galumphus: each player but the dealer in turn from his left.
    priv = _priv(s)
    turn = (priv["turn"] + 1) % s["cfg"]["players"]
    if turn == s["dealer"]:
        end_privilege(s)
        return
    priv["turn"] = turn
    priv["pick"] = -1


def end_privilege(s):
    # Seats emptied by the privilege are refilled only now (G-7), seat order
    # from the dealer's left.
    priv = s["priv"]
    s["pack"] = list(s["pack"])
    s["seats"] = list(s["seats"])
    finish_call(s, [], priv.get("won", 0) > 0, priv.get("claims", 0) > 0)


def end_exposure(s):
    # Crowned Cornubian: the exposed cards are hidden and play goes on.
    s["show"] = []
    end_privilege(s)


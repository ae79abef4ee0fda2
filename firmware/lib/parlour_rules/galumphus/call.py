# The Great Galumphus: a call, its claims and their resolution (G-4, G-5, G-8).
# `s` is the event's fresh shallow copy of the state: lists are copied before
# they change.

from ..cards import is_star
from ..errors import RulesError
from .deal import (
    completes,
    deal_seat,
    finish_call,
    left_order,
    says,
    win,
)
from .privileges import start_privilege


def open_call(s):
    # G-4: the top card is turned up and its name shown. A design stays on top
    # of the pack until the call closes; a Star goes to the bottom at once
    # (G-5) and brings its privilege (G-7) or, after a Star, the duplicates (G-8).
    card = s["pack"][0]
    s["called"] = card
    s["calls"] += 1
    s["claims"] = []
    s["last"] = []
    s["returned"] = []
    s["lock"] = -1
    if not is_star(card):
        s["star_run"] = False
        s["phase"] = "call"
        return
    after_star = s["star_run"]
    s["star_run"] = True
    pack = s["pack"] = list(s["pack"])
    s["seats"] = list(s["seats"])
    pack.append(pack.pop(0))
    if not after_star:
        start_privilege(s, card)
        return
    returned = return_duplicates(s, pack)
    s["returned"] = returned
    finish_call(s, [], len(returned) > 0, len(returned) > 0)


def return_duplicates(s, pack):
    # G-8: every duplicate design in the rows goes to the bottom, rows in seat
    # order from the dealer's left, each row's in the order they were won.
    rows = s["rows"]
    returned = []
    changed = None
    for seat in left_order(s):
        row = rows[seat]
        seen = 0
        kept = []
        for card in row:
            if seen & (1 << card):
                returned.append(card)
            else:
                seen |= 1 << card
                kept.append(card)
        if len(kept) != len(row):
            if changed is None:
                changed = list(rows)
            changed[seat] = kept
    if changed is not None:
        s["rows"] = changed
        pack.extend(returned)
    return returned


def press(s, seat):
    # G-4: the first press names the claimant and locks the pad; the second
    # names the seat whose card he claims (his own key for his own card).
    lock = s["lock"]
    if lock < 0:
        if seat == s["dealer"]:
            raise RulesError("dealer_claim", "dealer can't claim")
        for claim in s["claims"]:
            if claim[0] == seat:
                raise RulesError("one_claim", says(s, seat, "has claimed"))
        s["lock"] = seat
        return
    if s["seats"][seat] < 0:
        raise RulesError("empty_seat", says(s, seat, "has no card"))
    s["claims"] = s["claims"] + [[lock, seat]]
    s["lock"] = -1


def cancel(s):
    # PASS, or the lock's time running out (a logged timeout), drops the
    # half-made claim; the claimant may claim again in this call.
    if s["lock"] < 0:
        raise RulesError("no_lock", "no claim to cancel")
    s["lock"] = -1


def close_call(s):
    # G-5: claims resolved in log order against the cards as they lay.
    if s["lock"] >= 0:
        raise RulesError("locked", says(s, s["lock"], "is claiming"))
    claims = s["claims"]
    pack = s["pack"] = list(s["pack"])
    seats = s["seats"] = list(s["seats"])
    called = pack[0]
    taken = []
    last = []
    wrong = []
    new_dealer = -1
    rows_changed = False
    for claim in claims:
        by = claim[0]
        seat = claim[1]
        if seat in taken:
            last.append([by, seat, -1, "void"])
            continue
        taken.append(seat)
        card = seats[seat]
        if card == called:
            rows = s["rows"] = list(s["rows"])
            rows[by] = rows[by] + [card]
            seats[seat] = -1
            rows_changed = True
            last.append([by, seat, card, "right"])
            if completes(s, rows[by]):
                # G-9: nothing else of this call happens.
                s["last"] = last
                win(s, by)
                return
        else:
            wrong.append(seat)
            last.append([by, seat, card, "wrong"])
            if new_dealer < 0:
                new_dealer = by
    s["last"] = last
    # The called card to the bottom, then the wrong cards in claim order, then
    # each claimed seat dealt in claim order (G-5), then earlier empties (G-6).
    pack.append(pack.pop(0))
    for seat in wrong:
        pack.append(seats[seat])
        seats[seat] = -1
    dealt = []
    for seat in taken:
        if deal_seat(pack, seats, seat):
            dealt.append(seat)
    finish_call(s, dealt, rows_changed, len(claims) > 0)
    if new_dealer >= 0:
        # The first wrong claimant deals from the next call.
        s["dealer"] = new_dealer

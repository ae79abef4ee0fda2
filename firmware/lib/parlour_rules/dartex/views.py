# The Dartex view (parlour_rules.dartex.views): everything a screen or a report
# shows, as one JSON-able dict; docs/dartex.md lists its fields. screen_view(state)
# is the part the device's screens read on every event, made without a new string,
# throw_of(state, seat, number) one throw as the view shows it, aims(state) the
# throws on the table as (seat, number), and table_throws(state, seat) a seat's
# throws on the table with their cards as ints.

from ..tokens import format_dartex

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

# The layout of a throw on the table, as parlour_rules.dartex keeps it (the tests
# check both agree): [cards, targets or None, value, status bits]
_CARDS = const(0)
_TARGETS = const(1)
_VALUE = const(2)
_STATUS = const(3)
_FOULED = const(1)
_PICKED_UP = const(2)
_FOUL = const(-4)
_WIRE = const(-6)


def _line(state):
    # The last event in a line for the screen, e.g. "P1 21 foul 2.3" or "P2 exchanges".
    last = state["last"]
    if last is None:
        return None
    kind = last[0]
    name = state["names"][last[1]]
    if kind == "cut":
        return name + " deals"
    if kind == "deal":
        return "hand %d: %s deals" % (state["hand"], name)
    if kind == "exchange":
        return name + " exchanges"
    if kind == "pass":
        if state["ended"] == "passes":
            return "all passed: hand over"
        return name + " passes"
    throw = state["throws"][last[1]][last[2] - 1]
    words = [name, str(throw[_VALUE])]
    cards = throw[_CARDS]
    targets = throw[_TARGETS]
    for i in range(3):
        if cards[i] == _FOUL or cards[i] == _WIRE:
            word = "foul" if cards[i] == _FOUL else "wire"
            words.append(word + " " + ("%d.%d" % targets[i] if targets and targets[i] else "none"))
    if last[3]:
        words.append("+%d back" % last[3])
    if state["ended"] == "out":
        words.append("out")
    return " ".join(words)


def _actions(state):
    phase = state["phase"]
    if phase == "cut":
        return ["cut"]
    if phase == "hand_over":
        return ["deal"]
    if phase == "game_over":
        return []
    seat = state["turn"]
    actions = []
    if state["sizes"][seat] >= 3:
        actions.append("throw")
    actions.append("exchange" if state["pack"] else "pass")
    return actions


def _tokens(throw):
    cards = throw[_CARDS]
    targets = throw[_TARGETS]
    return [format_dartex(cards[i], targets[i] if targets else None) for i in range(3)]


def view(state):
    n = state["n"]
    playing = state["phase"] == "play"
    seats = []
    totals = []
    targets = []
    for seat in range(n):
        throws = []
        number = 0
        score = 0
        for throw in state["throws"][seat]:
            number += 1
            if throw[_STATUS] & _PICKED_UP:
                continue
            fouled = throw[_STATUS] & _FOULED != 0
            if not fouled:
                score += throw[_VALUE]
            ident = "%d.%d" % (seat, number)
            targets.append(ident)
            throws.append({"id": ident, "cards": _tokens(throw),
                           "value": throw[_VALUE], "fouled": fouled,
                           "score": 0 if fouled else throw[_VALUE]})
        total = state["banked"][seat] + (score if playing else 0)
        totals.append(total)
        seats.append({"seat": seat, "name": state["names"][seat],
                      "hand_size": state["sizes"][seat], "first_done": state["started"][seat],
                      "throws": throws, "hand_score": score, "total": total})
    turn = state["turn"]
    over = state["phase"] == "hand_over" or state["phase"] == "game_over"
    last = state["last"]
    return {
        "game": "dartex", "players": n, "names": list(state["names"]),
        "target": state["target"], "phase": state["phase"], "hand": state["hand"],
        "dealer": state["dealer"], "turn": turn,
        "first": (not state["started"][turn]) if turn is not None else None,
        "pack": state["pack"], "discards": state["discards"], "passes": state["passes"],
        "seats": seats, "totals": totals, "targets": targets, "actions": _actions(state),
        "last": _line(state), "hand_over": over, "game_over": state["phase"] == "game_over",
        "ended": state["ended"],
        "out": last[1] if state["ended"] == "out" else None,
        "winner": state["winner"], "hands": [list(h) for h in state["hands"]],
    }


def screen_view(state):
    # The view's fields a device screen reads, made on every event (read only: it
    # shares the state's lists). No text and no dict per seat (a new string, and any
    # object, is what costs most on the board): the seats' hand sizes, table scores
    # and totals are lists by seat (`sizes`, `scores`, `totals`), and the throws on
    # the table are read on demand with aims(state) and table_throws(state, seat).
    n = state["n"]
    phase = state["phase"]
    playing = phase == "play"
    banked = state["banked"]
    table = state["throws"]
    scores = []
    totals = []
    for seat in range(n):
        score = 0
        for throw in table[seat]:
            if throw[_STATUS] == 0:  # on the table and not fouled
                score += throw[_VALUE]
        scores.append(score)
        totals.append(banked[seat] + score if playing else banked[seat])
    turn = state["turn"]
    ended = state["ended"]
    return {
        "game": "dartex", "players": n, "names": state["names"], "target": state["target"],
        "phase": phase, "hand": state["hand"], "dealer": state["dealer"], "turn": turn,
        "first": (not state["started"][turn]) if turn is not None else None,
        "pack": state["pack"], "discards": state["discards"], "passes": state["passes"],
        "sizes": state["sizes"], "scores": scores, "totals": totals,
        "hand_over": phase == "hand_over" or phase == "game_over",
        "game_over": phase == "game_over", "ended": ended,
        "out": state["last"][1] if ended == "out" else None,
        "winner": state["winner"], "hands": state["hands"],
    }


def aims(state):
    # The throws on the table as (seat, number) pairs, in the order of view()'s
    # `targets` ("2.3" is (2, 3)): what a Foul or Wire may aim at.
    out = []
    table = state["throws"]
    for seat in range(state["n"]):
        number = 0
        for throw in table[seat]:
            number += 1
            if not throw[_STATUS] & _PICKED_UP:
                out.append((seat, number))
    return out


def throw_of(state, seat, number):
    # Throw `number` (1..) of `seat` as view()'s seats show it, or None.
    throws = state["throws"][seat] if 0 <= seat < state["n"] else ()
    if number < 1 or number > len(throws):
        return None
    found = throws[number - 1]
    fouled = found[_STATUS] & _FOULED != 0
    return {"id": "%d.%d" % (seat, number), "cards": _tokens(found),
            "value": found[_VALUE], "fouled": fouled,
            "score": 0 if fouled else found[_VALUE]}


def table_throw(state, seat, number):
    # Throw `number` (1..) of `seat` as table_throws gives it (number, cards, targets
    # or None, value, fouled), read only: one throw without a list of them.
    found = state["throws"][seat][number - 1]
    return (number, found[_CARDS], found[_TARGETS], found[_VALUE],
            found[_STATUS] & _FOULED != 0)


def table_throws(state, seat):
    # The throws on the table in front of `seat` (picked-up ones are gone), without
    # text: [(number 1.., cards, targets or None, value, fouled)], read only.
    out = []
    number = 0
    for found in state["throws"][seat]:
        number += 1
        status = found[_STATUS]
        if status & _PICKED_UP:
            continue
        out.append((number, found[_CARDS], found[_TARGETS], found[_VALUE],
                    status & _FOULED != 0))
    return out

# What bench/fold_poker.py measures on MicroPython: a 300-event Poker Rum match
# per table size, folded through the match log, and settle-up for 8 players.
# The events are made inside each case (nothing kept at import: every guest
# imports every case module); case_events_N makes them only, so the fold's own
# cost is keep_fold_N minus case_events_N, both deterministic.
from parlour_rules import log, poker
from parlour_rules.prng import Xorshift32
from parlour_rules.settle import settle

EVENTS = 300


def match_events(n, count=EVENTS):
    # A plausible evening: a cut, then show-downs with the odd false call and void
    # hand; callers within the threshold, the others anywhere up to 60.
    rng = Xorshift32(4000 + n)
    events = [{"t": "cut", "seed": 77 + n}]
    while len(events) < count:
        roll = rng.below(50)
        caller = rng.below(n)
        if roll == 0:
            events.append({"t": "void"})
        elif roll < 3:
            events.append({"t": "false_call", "caller": caller, "deadwood": 16 + rng.below(30)})
        else:
            deadwood = [rng.below(61) for _ in range(n)]
            deadwood[caller] = rng.below(16)
            events.append({"t": "hand", "caller": caller, "deadwood": deadwood})
    return events


def config(n):
    return {"variant": "rum", "players": n}


def fold(n):
    return log.fold(poker, config(n), match_events(n))


def case_events_2():
    return len(match_events(2))


def keep_fold_2():
    return fold(2)


def case_events_3():
    return len(match_events(3))


def keep_fold_3():
    return fold(3)


def case_events_4():
    return len(match_events(4))


def keep_fold_4():
    return fold(4)


def case_events_5():
    return len(match_events(5))


def keep_fold_5():
    return fold(5)


def case_events_6():
    return len(match_events(6))


def keep_fold_6():
    return fold(6)


def case_events_7():
    return len(match_events(7))


def keep_fold_7():
    return fold(7)


def case_events_8():
    return len(match_events(8))


def keep_fold_8():
    return fold(8)


def case_fold_8_view():
    # The totals and settle-up the fold and its view give (also checks both agree).
    view = poker.view(fold(8))
    return [view["totals"], view["settle"], view["dealer"], view["hands"]]


SETTLE_8 = [-37, 52, -8, 19, -61, 23, 45, -33]  # no zero-sum subgroup: 7 transfers


def case_settle_8_cost():
    return len(SETTLE_8)


def case_settle_8():
    return settle(SETTLE_8)


CALLER = "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C"
OTHER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"


def keep_hand_counts():
    return poker.apply(poker.new_match({"variant": "gin", "players": 2}),
                       {"t": "hand", "caller": 0, "deadwood": [9, 8]})


def _cards_hand():
    return poker.apply(poker.new_match({"variant": "gin", "players": 2}),
                       {"t": "hand", "caller": 0, "cards": [CALLER, OTHER]})


def _cards_hand_two_packs():
    hands = [CALLER, OTHER, OTHER, "AS 2S 3S 4S 5S AC 2C 3C 6C 9C"]
    return poker.apply(poker.new_match({"variant": "gin", "players": 4}),
                       {"t": "hand", "caller": 0, "cards": hands})


# Run in name order: the first of each pair also loads the solver's modules
# (compiled from source here; a board loads them as .mpy).
def keep_hand_cards_1_first():
    return _cards_hand()


def keep_hand_cards_2_again():
    return _cards_hand()


def keep_hand_cards_3_two_packs_first():
    return _cards_hand_two_packs()


def keep_hand_cards_4_two_packs_again():
    return _cards_hand_two_packs()

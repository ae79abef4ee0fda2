# Random Poker Rum / Gin playouts by deadwood, on both interpreters: every hand
# sums to zero, the totals are the sum of the payments, the dealer is seated and
# passes left after a hand only, and a refused event leaves the state as it was.
# Each case is one bounded run (the guest has ~600 KB per case, collection off).
from parlour_rules import poker
from parlour_rules.errors import RulesError
from parlour_rules.poker import views as poker_views
from parlour_rules.prng import Xorshift32


def random_event(rng, n, threshold):
    # A legal event: mostly show-downs, some false calls and void hands. Deadwood is
    # drawn from small ranges often enough to make ties for low and equal counts.
    roll = rng.below(20)
    caller = rng.below(n)
    if roll == 0:
        return {"t": "void"}
    if roll == 1:
        return {"t": "false_call", "caller": caller}
    if roll == 2:
        return {"t": "false_call", "caller": caller,
                "deadwood": threshold + 1 + rng.below(100 - threshold)}
    spread = 8 if rng.below(2) else 90
    deadwood = [rng.below(spread + 1) for _ in range(n)]
    deadwood[caller] = rng.below(threshold + 1)
    return {"t": "hand", "caller": caller, "deadwood": deadwood}


def illegal_event(rng, n, threshold):
    roll = rng.below(4)
    if roll == 0:
        return {"t": "hand", "caller": n, "deadwood": [0] * n}
    if roll == 1:
        deadwood = [1] * n
        deadwood[0] = threshold + 1
        return {"t": "hand", "caller": 0, "deadwood": deadwood}
    if roll == 2:
        deadwood = [1] * n
        deadwood[n - 1] = -1
        return {"t": "hand", "caller": 0, "deadwood": deadwood}
    return {"t": "false_call", "caller": 0, "deadwood": threshold}


def check_step(totals, dealer, after, event):
    # The invariants of one accepted event, given the totals and the dealer before
    # it (apply updates the state in place); returns a failure text or None.
    n = len(totals)
    last = poker_views.last_hand(after)
    deltas = last["deltas"]
    total = 0
    now = poker_views.balances(after)
    for s in range(n):
        total += now[s]
        if now[s] != totals[s] + deltas[s]:
            return "totals are not the sum of payments"
    if total != 0:
        return "ledger not zero-sum"
    paid = [0] * n
    for payer, payee, amount in last["payments"]:
        if amount <= 0 or payer == payee:
            return "bad payment"
        paid[payer] -= amount
        paid[payee] += amount
    if paid != deltas:
        return "payments differ from deltas"
    seat = poker.dealer(after)
    if seat < 0 or seat >= n:
        return "dealer not seated"
    passes = event["t"] != "false_call"
    if seat != ((dealer + 1) % n if passes else dealer):
        return "deal did not pass correctly"
    return None


def playout(n, variant, seed, hands):
    rng = Xorshift32(seed)
    config = {"variant": variant, "players": n, "dealer": rng.below(n)}
    state = poker.new_match(config)
    threshold = state["cfg"]["threshold"]
    refused = 0
    for _ in range(hands):
        if rng.below(8) == 0:
            bad = illegal_event(rng, n, threshold)
            kept = repr(state)
            try:
                poker.apply(state, bad)
                return "accepted " + repr(bad)
            except RulesError:
                refused += 1
            if repr(state) != kept:
                return "a refusal changed the state"
        event = random_event(rng, n, threshold)
        totals = poker_views.balances(state)
        dealer = poker.dealer(state)
        after = poker.apply(state, event)
        failure = check_step(totals, dealer, after, event)
        if failure:
            return failure
        state = after
    view = poker.view(state)
    return [view["totals"], view["dealer"], view["hands"], len(view["settle"]), refused]


def case_playouts_rum_2():
    return playout(2, "rum", 102, 150)


def case_playouts_rum_3():
    return playout(3, "rum", 103, 150)


def case_playouts_rum_4():
    return playout(4, "rum", 104, 150)


def case_playouts_rum_5():
    return playout(5, "rum", 105, 150)


def case_playouts_rum_6():
    return playout(6, "rum", 106, 150)


def case_playouts_rum_7():
    return playout(7, "rum", 107, 150)


def case_playouts_rum_8():
    return playout(8, "rum", 108, 150)


def case_playouts_gin_2():
    return playout(2, "gin", 202, 150)


def case_playouts_gin_3():
    return playout(3, "gin", 203, 150)


def case_playouts_gin_4():
    return playout(4, "gin", 204, 150)


def case_playouts_gin_5():
    return playout(5, "gin", 205, 150)


def case_playouts_gin_6():
    return playout(6, "gin", 206, 150)


def case_playouts_gin_7():
    return playout(7, "gin", 207, 150)


def case_playouts_gin_8():
    return playout(8, "gin", 208, 150)

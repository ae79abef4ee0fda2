# One Poker Rum / Poker Gin hand as payments: who pays whom,
# from the caller's seat and every player's deadwood. Pure integer functions
# shared by the match (poker.py) and the laptop's one-hand scorer.

from .errors import RulesError, clip

RUM = "rum"
GIN = "gin"


def left_of(caller, n):
    # Seats in order starting left of the caller, the caller last (C-1).
    return [(caller + k) % n for k in range(1, n + 1)]


def show_down(variant, caller, deadwood, forfeit, totals):
    # Pays one show-down into `totals` in place (a zero-sum ledger, or zeros to get
    # the hand's own deltas), checking every deadwood on the way (an int 0..100,
    # the caller's already checked against the threshold): on a bad one the
    # totals are put back as they were and RulesError is raised.
    # Every seat first settles to a common level k in one pass (the caller's count
    # when nobody is below him, else the lowest); then the caller's and the
    # winners' shares are put right. Lean on purpose, C builtins doing the other
    # passes: this is most of the cost of folding a match on the board.
    try:
        low = min(deadwood)
        bad = low < 0
    except TypeError:
        raise RulesError("bad_deadwood", "deadwood not numbers") from None
    if bad:
        raise RulesError("bad_deadwood", clip("deadwood ", low))
    c = deadwood[caller]
    k = low if low.__class__ is int else c  # a bad low is refused in the pass
    whole = int
    total = 0
    seat = 0
    for d in deadwood:
        if d.__class__ is not whole or d > 100:  # MAX_DEADWOOD
            while seat:
                seat -= 1
                totals[seat] -= k - deadwood[seat]
            raise RulesError("bad_deadwood", clip("deadwood ", d))
        totals[seat] += k - d
        total += d
        seat += 1
    n = seat
    if low == c:
        # nobody beats the caller; each pays him the difference, equal pays 0.
        totals[caller] += total - n * c
    else:
        # the beaten Rum caller pays double; R-6: Gin adds the forfeit. Every
        # other player pays the lowest the difference; tied winners pool it all.
        pay = 2 * (c - low) if variant == RUM else c - low + forfeit
        pool = total - n * low - (c - low) + pay
        totals[caller] += c - low - pay
        if deadwood.count(low) == 1:
            totals[deadwood.index(low)] += pool
        else:
            winners = winners_of(caller, deadwood)
            # The odd points go one at a time to the tied winners from the caller's left.
            share = pool // len(winners)
            odd = pool - share * len(winners)
            for seat in winners:
                totals[seat] += share + 1 if odd > 0 else share
                odd -= 1
    assert sum(totals) == 0, "ledger not zero-sum"  # every hand sums to zero


def winners_of(caller, deadwood):
    # The seats the others pay: the caller when nobody is below him, else every
    # seat tied for the lowest, in seat order from the caller's left.
    low = min(deadwood)
    if low == deadwood[caller]:
        return [caller]
    return [s for s in left_of(caller, len(deadwood)) if deadwood[s] == low]


def hand_deltas(variant, caller, deadwood, forfeit):
    # -> (deltas per seat, winners) of one show-down on its own.
    deltas = [0] * len(deadwood)
    show_down(variant, caller, deadwood, forfeit, deltas)
    return deltas, winners_of(caller, deadwood)


def false_call(caller, n, penalty):
    # the false caller loses the penalty to every other player.
    deltas = [penalty] * n
    deltas[caller] = -penalty * (n - 1)
    assert sum(deltas) == 0, "hand not zero-sum"
    return deltas


def transfers(deltas, caller):
    # A hand's deltas as payments [payer, payee, amount]: payers and payees each in
    # seat order from the caller's left (the caller last), the first payer paying
    # the first payee until one is square. With one payee this is simply who pays
    # him what; with tied winners it is how the shared pool reaches them.
    order = left_of(caller, len(deltas))
    owe = [[-deltas[s], s] for s in order if deltas[s] < 0]
    due = [[deltas[s], s] for s in order if deltas[s] > 0]
    out = []
    i = 0
    j = 0
    while i < len(owe) and j < len(due):
        amount = owe[i][0] if owe[i][0] < due[j][0] else due[j][0]
        out.append([owe[i][1], due[j][1], amount])
        owe[i][0] -= amount
        due[j][0] -= amount
        if owe[i][0] == 0:
            i += 1
        if due[j][0] == 0:
            j += 1
    return out


def signed(n):
    return "+%d" % n if n > 0 else "%d" % n


def explain(last, names):
    # The last hand in one line, as the table would say it.
    kind = last["t"]
    if kind == "void":
        return "Hand %d void: no score" % last["hand"]
    if kind == "cut":
        return "Cut: %s deals" % names[last["dealer"]]
    caller = last["caller"]
    who = names[caller]
    deltas = last["deltas"]
    if kind == "false_call":
        shown = last.get("shown")
        if shown is None:
            return "%s false call: %s %s" % (who, who, signed(deltas[caller]))
        return "%s false call %d: %s %s" % (who, shown, who, signed(deltas[caller]))
    deadwood = last["deadwood"]
    winners = last["winners"]
    head = "%s calls %d" % (who, deadwood[caller])
    if winners[0] == caller:
        return "%s, low: %s %s" % (head, who, signed(deltas[caller]))
    low = deadwood[winners[0]]
    names_won = "+".join([names[s] for s in winners])
    verb = "wins" if len(winners) == 1 else "win"
    gains = ", ".join(["%s %s" % (names[s], signed(deltas[s])) for s in winners])
    return "%s, %s %d %s: %s %s, %s" % (head, names_won, low, verb, who,
                                         signed(deltas[caller]), gains)

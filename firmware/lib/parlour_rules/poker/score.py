# One Poker Rum / Poker Gin hand as payments (R-4..R-7): who pays whom,
# from the caller's seat and every player's deadwood. Pure integer functions
# shared by the match (poker.py) and the laptop's one-hand scorer.

from ..errors import RulesError, clip

RUM = "rum"
GIN = "gin"
RUM_CALL = 15  # Rum calls with this deadwood or less (the default threshold)
GIN_CALL = 10  # Gin, likewise


def show_down(cfg, caller, deadwood, ledger):
    # Checks and pays one show-down (R-4..R-6) into a ledger kept as per-seat
    # amounts plus one common level (a seat's balance = its amount + the level):
    # every seat pays out its own deadwood here, then the caller's and the
    # winners' shares are put right, and the return value is k, what every seat
    # gets back (the caller's count when nobody is below him, else the lowest),
    # for the caller of this to add to the level. One pass over the seats does it
    # all and checks as it goes: one deadwood per seat (cfg["n"]), each an int
    # 0..100, the caller's within cfg["threshold"]; on anything else the ledger
    # is put back as it was and RulesError is raised.
    # Lean on purpose: this is most of the cost of folding a match on the board.
    try:
        low = min(deadwood)
        if low < 0:
            raise RulesError("bad_deadwood", clip("deadwood ", low))
    except TypeError:
        raise RulesError("bad_deadwood", "deadwood not numbers") from None
    except ValueError:  # an empty list
        raise RulesError("bad_deadwood", "deadwood per player") from None
    whole = int
    total = 0
    seat = 0
    try:
        for d in deadwood:
            if d.__class__ is not whole or d > 100:  # MAX_DEADWOOD
                _put_back(ledger, deadwood, seat)
                raise RulesError("bad_deadwood", clip("deadwood ", d))
            ledger[seat] -= d
            total += d
            seat += 1
    except IndexError:
        seat = -1
    n = cfg["n"]
    c = deadwood[caller] if seat == n else 0
    if seat != n or c > cfg["threshold"]:
        _put_back(ledger, deadwood, seat)
        if seat != n:
            raise RulesError("bad_deadwood", "deadwood per player")
        # no show-down over the threshold; R-7 makes it a false call.
        raise RulesError("over_threshold", clip("call over %d: " % cfg["threshold"], c))
    if low == c:
        # nobody beats the caller; each pays him the difference, equal pays 0.
        # (Each seat gets c back through the level: net c - d from each other seat.)
        gain = total - n * c
        net = n * c - total + gain
        ledger[caller] += gain
        k = c
    else:
        # the beaten Rum caller pays double; R-6: Gin adds the forfeit. Every
        # other player pays the lowest the difference; tied winners pool it all.
        pay = 2 * (c - low) if cfg["variant"] == RUM else c - low + cfg["forfeit"]
        pool = total - n * low - (c - low) + pay
        ledger[caller] += c - low - pay
        net = n * low - total + c - low - pay
        if deadwood.count(low) == 1:
            ledger[deadwood.index(low)] += pool
            net += pool
        else:
            winners = winners_of(caller, deadwood)
            # The odd points go one at a time to the tied winners from the caller's left.
            share = pool // len(winners)
            odd = pool - share * len(winners)
            for seat in winners:
                part = share + 1 if odd > 0 else share
                ledger[seat] += part
                net += part
                odd -= 1
        k = low
    assert net == 0, "hand not zero-sum"  # every hand sums to zero
    return k


def _put_back(ledger, deadwood, seats):
    # Undo the first `seats` seats of a refused show-down's pass (all of them: -1).
    if seats < 0:
        seats = len(ledger)
    while seats:
        seats -= 1
        ledger[seats] += deadwood[seats]


def winners_of(caller, deadwood):
    # The seats the others pay: the caller when nobody is below him, else every
    # seat tied for the lowest, in seat order from the caller's left.
    low = min(deadwood)
    if low == deadwood[caller]:
        return [caller]
    n = len(deadwood)
    out = []            # from the caller's left, the caller last (C-1)
    for k in range(1, n + 1):
        s = (caller + k) % n
        if deadwood[s] == low:
            out.append(s)
    return out


def hand_deltas(cfg, caller, deadwood):
    # -> (deltas per seat, winners) of one show-down on its own.
    amounts = [0] * cfg["n"]
    k = show_down(cfg, caller, deadwood, amounts)
    for seat in range(len(amounts)):
        amounts[seat] += k
    return amounts, winners_of(caller, deadwood)


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
    # Walked in place, seat by seat, with no list per seat (this runs on the board at
    # every hand's preview and entry).
    n = len(deltas)
    out = []
    i = 0               # how far the payers and the payees are along that order
    j = 0
    owe = 0
    due = 0
    payer = payee = caller
    while True:
        while owe == 0 and i < n:
            payer = (caller + 1 + i) % n
            i += 1
            owe = -deltas[payer] if deltas[payer] < 0 else 0
        while due == 0 and j < n:
            payee = (caller + 1 + j) % n
            j += 1
            due = deltas[payee] if deltas[payee] > 0 else 0
        if owe == 0 or due == 0:
            return out
        amount = owe if owe < due else due
        out.append([payer, payee, amount])
        owe -= amount
        due -= amount


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

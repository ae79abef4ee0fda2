# One Poker Rum / Poker Gin hand as payments: who pays whom,
# from the caller's seat and every player's deadwood. Pure integer functions
# shared by the match (poker.py) and the laptop's one-hand scorer.

RUM = "rum"
GIN = "gin"


def left_of(caller, n):
    # Seats in order starting left of the caller, the caller last (C-1).
    return [(caller + k) % n for k in range(1, n + 1)]


def show_down(variant, caller, deadwood, forfeit):
    # -> (deltas per seat, winners). The winners are the seats the others pay:
    # the caller when nobody is below him, else every seat tied for the lowest.
    n = len(deadwood)
    c = deadwood[caller]
    low = -1
    for seat in range(n):
        if seat != caller and (low < 0 or deadwood[seat] < low):
            low = deadwood[seat]
    deltas = [0] * n
    if low >= c:
        # nobody beats the caller; each pays the difference, equal pays 0.
        for seat in range(n):
            if seat != caller:
                deltas[seat] = c - deadwood[seat]
                deltas[caller] += deadwood[seat] - c
        _assert_zero(deltas)
        return deltas, [caller]
    winners = []
    pool = 0
    for seat in left_of(caller, n):
        d = deadwood[seat]
        if seat == caller:
            # the beaten Rum caller pays double; R-6: Gin adds the forfeit.
            pay = 2 * (c - low) if variant == RUM else c - low + forfeit
        elif d == low:
            winners.append(seat)
            continue
        else:
            pay = d - low
        deltas[seat] = -pay
        pool += pay
    # Tied winners share the pool; the odd points go one each from the caller's left.
    share = pool // len(winners)
    odd = pool - share * len(winners)
    for seat in winners:
        deltas[seat] = share + 1 if odd > 0 else share
        odd -= 1
    _assert_zero(deltas)
    return deltas, winners


def false_call(caller, n, penalty):
    # the false caller loses the penalty to every other player.
    deltas = [penalty] * n
    deltas[caller] = -penalty * (n - 1)
    _assert_zero(deltas)
    return deltas


def _assert_zero(deltas):
    total = 0
    for d in deltas:
        total += d
    assert total == 0, "hand not zero-sum"


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

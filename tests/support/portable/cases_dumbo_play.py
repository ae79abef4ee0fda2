# Random Dumbo playouts with invariants, on CPython and MicroPython alike.
# An independent reference model (Ref, written from docs/rules.md D-7..D-15, sharing
# no code with the engine) predicts totals, pairings, dealers and bonuses; the
# engine's view must agree after every event. Every step also checks that the
# dealer is a seated player, that the totals equal the sum of the hand scores
# plus the itemised bonuses, that a refused event changes nothing, and (every
# few steps) that undo then redo gives the same state. tests/rules/test_dumbo_play.py
# runs thousands of hands per table size on CPython; the cases here run a few
# hundred events each on MicroPython (about 600 KB of allocation per case).

from parlour_rules.dumbo import state as dumbo_state
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog
from parlour_rules.prng import Xorshift32


class Ref:
    # The rules as a plain reading of docs/rules.md; sides are 0 North-South, 1 East-West.
    def __init__(self, players, tables, values):
        self.n = players
        self.two_tables = players == 4 and tables == 2
        self.v = values
        self.totals = [0, 0] if players == 4 else [0] * players
        self.over = False
        self.winner = -1
        self.bonus = [0, 0]

    def seat(self, dealer, out, nesw, dealers):
        self.out = out
        self.deal = 0
        if self.n == 4:
            self.nesw = nesw
            north, east, south, west = nesw
            self.side_of = {north: 0, south: 0, east: 1, west: 1}
            self.partner = {north: south, south: north, east: west, west: east}
            if self.two_tables:
                self.tables = [[north, east, dealers[0]], [south, west, dealers[1]]]
                self.pts = {north: 0, east: 0, south: 0, west: 0}
                self.won = {}
            else:
                self.tables = [[north, east, dealer]]
        elif self.n == 3:
            self.tables = [[dealer, 3 - dealer - out, dealer]]
        else:
            self.tables = [[dealer, 1 - dealer, dealer]]

    def new_game(self):
        self.totals = [0] * len(self.totals)
        self.over = False
        self.winner = -1
        self.bonus = [0, 0]

    def who(self, seat):
        return self.side_of[seat] if self.n == 4 else seat

    def score(self, scorer, points):
        self.totals[scorer] += points
        if self.totals[scorer] >= self.v["target"]:
            others = [self.totals[i] for i in range(len(self.totals)) if i != scorer]
            vertex = self.v["vertex_bonus"] if max(others) == 0 else 0
            self.bonus = [self.v["game_bonus"], vertex]
            self.totals[scorer] += self.v["game_bonus"] + vertex
            self.over = True
            self.winner = scorer

    def table_of(self, seat):
        for t in self.tables:
            if seat in (t[0], t[1]):
                return t
        return None

    def hand(self, declarer, d, o_full):
        t = self.table_of(declarer)
        opp = t[1] if t[0] == declarer else t[0]
        if d == 0:
            gain, taker, winner = o_full + self.v["octad_bonus"], declarer, declarer
        elif o_full > d:
            gain, taker, winner = o_full - d, declarer, declarer
        elif o_full < d:
            gain, taker, winner = d - o_full + self.v["undercut_bonus"], opp, opp
        else:
            gain, taker, winner = 0, declarer, opp
        loser = opp if winner == declarer else declarer
        if self.two_tables:
            self.pts[taker] += gain
            self.won[declarer] = winner == declarer
            self.won[opp] = winner == opp
            t.append("done")
            if len(self.tables[0]) == 4 and len(self.tables[1]) == 4:
                self.end_deal()
            return gain, taker
        if gain:
            self.score(self.who(taker), gain)
        if self.n == 2:
            self.tables = [[winner, loser, winner]]
        elif self.n == 3:
            self.tables = [[winner, self.out, winner]]
            self.out = loser
        else:
            dealer = self.partner[winner]
            north, east, south, west = self.nesw
            pair = (north, east) if dealer in (north, east) else (south, west)
            self.tables = [[pair[0], pair[1], dealer]]
        return gain, taker

    def end_deal(self):
        north, east, south, west = self.nesw
        ns = self.pts[north] + self.pts[south]
        ew = self.pts[east] + self.pts[west]
        if ns != ew:
            self.score(0 if ns > ew else 1, abs(ns - ew))
        self.deal += 1
        swapped = self.tables[0][1] == west
        pairs = [(north, east), (south, west)] if swapped else [(north, west), (south, east)]
        self.tables = []
        for a, b in pairs:
            if self.won[a] and not self.won[b]:
                dealer = a
            elif self.won[b] and not self.won[a]:
                dealer = b
            elif ew > ns:
                dealer = b
            else:
                dealer = a
            self.tables.append([a, b, dealer])
        self.pts = {north: 0, east: 0, south: 0, west: 0}
        self.won = {}
        self.last_net = (ns, ew)

    def wrong(self, declarer):
        t = self.table_of(declarer)
        opp = t[1] if t[0] == declarer else t[0]
        if self.two_tables:
            self.pts[opp] += self.v["penalty"]
        else:
            self.score(self.who(opp), self.v["penalty"])


VALUES_DEFAULT = (("octad_bonus", 20), ("undercut_bonus", 10), ("penalty", 10),
                  ("target", 50), ("game_bonus", 50), ("vertex_bonus", 100))


def _values(rng):
    presets = dumbo_state.OCTAD_PRESETS
    return {"octad_bonus": presets[rng.below(len(presets))], "undercut_bonus": 10 + rng.below(3),
            "penalty": 5 + rng.below(10), "target": 40 + rng.below(40), "game_bonus": 50,
            "vertex_bonus": 100}


def _same(a, b):
    return a == b


def _snapshot(value):
    # A deep copy (no copy module on the board) to prove apply() mutated nothing.
    if type(value) is dict:
        return {k: _snapshot(value[k]) for k in value}  # order-free
    if type(value) is list:
        return [_snapshot(x) for x in value]
    return value


def _bad_event(rng, n, ref):
    pick = rng.below(9)
    seat = rng.below(n)
    if pick == 0:
        return {"t": "hand", "declarer": seat, "d": 8 + rng.below(20), "o": 10}
    if pick == 1:
        return {"t": "hand", "declarer": seat, "d": 3, "o": -1 - rng.below(5)}
    if pick == 2:
        return {"t": "hand", "declarer": n + rng.below(3), "d": 3, "o": 20}
    if pick == 3:
        return {"t": "hand", "declarer": seat, "d": 3, "o": 85 + rng.below(10)}
    if pick == 4:
        return {"t": "wrong", "declarer": seat, "d": rng.below(8)}
    if pick == 5:
        return {"t": "new_game"} if not ref.over else {"t": "hand", "declarer": seat, "d": 1,
                                                      "o": 2}
    if pick == 6:
        return {"t": "cut", "seed": 5} if not ref.over else {"t": "void"}
    if pick == 7:
        return {"t": "hand", "declarer": seat, "d": 2, "o": 9, "joker": 1}
    if n == 3:
        return {"t": "hand", "declarer": ref.out, "d": 2, "o": 9}
    if ref.n == 4 and not ref.two_tables:
        t = ref.tables[0]
        others = [s for s in range(4) if s != t[0] and s != t[1]]
        return {"t": "wrong", "declarer": others[rng.below(2)]}
    if ref.two_tables:
        for t in ref.tables:
            if len(t) == 4:
                return {"t": "hand", "declarer": t[rng.below(2)], "d": 1, "o": 5}
    return {"t": "shuffle"}


def _good_event(rng, ref):
    if ref.over:
        if rng.below(3) == 0:
            return {"t": "cut", "seed": 1 + rng.below(100000)}
        return {"t": "new_game"}
    open_tables = [i for i in range(len(ref.tables)) if len(ref.tables[i]) == 3]
    index = open_tables[rng.below(len(open_tables))]
    t = ref.tables[index]
    declarer = t[rng.below(2)]
    roll = rng.below(20)
    if roll == 0:
        event = {"t": "void"}
        if ref.two_tables:
            event["table"] = index
        return event
    if roll == 1:
        return {"t": "wrong", "declarer": declarer, "d": 8 + rng.below(30)}
    if roll == 2:
        return {"t": "wrong", "declarer": declarer}
    d = 0 if roll == 3 else rng.below(8)
    event = {"t": "hand", "declarer": declarer, "d": d, "o": rng.below(24)}
    if rng.below(8) == 0:
        event["joker"] = True
    return event


def _follow(ref, event, match_state):
    # Feed an accepted event to the reference model.
    kind = event["t"]
    if kind == "cut" or kind == "seat":
        if ref.over:
            ref.new_game()
        s = match_state
        tables = s[dumbo_state.S_TB]
        dealers = [t[2] for t in tables] if ref.two_tables else None
        ref.seat(tables[0][2], s[dumbo_state.S_OUT], s[dumbo_state.S_NESW], dealers)
    elif kind == "new_game":
        ref.new_game()
    elif kind == "hand":
        o_full = event["o"] + (10 if event.get("joker") else 0)
        ref.hand(event["declarer"], event["d"], o_full)
    elif kind == "wrong":
        ref.wrong(event["declarer"])


def _check(view, ref, sums, errors, step):
    def fail(what):
        errors.append("%d: %s" % (step, what))

    if view["totals"] != ref.totals:
        fail("totals %s != %s" % (view["totals"], ref.totals))
    if view["over"] != ref.over:
        fail("over")
    if ref.over:
        want = [{"name": "game", "points": ref.bonus[0]}]
        if ref.bonus[1]:
            want.append({"name": "Vertex", "points": ref.bonus[1]})
        if view["bonuses"] != want:
            fail("bonuses")
    if True:
        seats = []
        for i in range(len(ref.tables)):
            t = ref.tables[i]
            tv = view["tables"][i]
            if tv["seats"][0] != t[2] or sorted(tv["seats"]) != sorted(t[:2]):
                fail("table %d %s != %s" % (i, tv["seats"], t))
            if tv["seats"][0] not in tv["seats"] or tv["seats"][0] >= ref.n:
                fail("dealer not seated")
            seats += tv["seats"]
        if ref.n == 3 and view["sits_out"] != view["names"][ref.out]:
            fail("sits out")
        if ref.n == 3 and ref.out in seats:
            fail("odd man out at the table")
    # Totals are the sum of the scores shown plus the bonuses itemised (D-10).
    for i in range(len(sums)):
        sums[i] += view["scored"][i]
    total_bonus = 0
    for b in view["bonuses"]:
        total_bonus += b["points"]
    expect = list(sums)
    if view["winner"] is not None:
        expect[[s["name"] for s in view["scorers"]].index(view["winner"])] += total_bonus
    if expect != view["totals"]:
        fail("sum of scores %s != %s" % (expect, view["totals"]))
    for line in view["last"]:
        if not line:
            fail("empty line")


def playout(players, tables, seed, steps, redo_every=25, refuse_every=1):
    # -> [hands, games finished, games won with Vertex, final totals, errors found]
    rng = Xorshift32(seed)
    values = _values(rng)
    config = {"players": players, "tables": tables}
    for key in values:  # order-free
        config[key] = values[key]
    ref = Ref(players, tables, values)
    match = MatchLog("dumbo", config)
    errors = []
    cut = {"t": "cut", "seed": seed}
    match.append(cut)
    _follow(ref, cut, match.state)
    sums = [0] * len(ref.totals)
    games = 0
    hands = 0
    vertex = 0
    for step in range(steps):
        if refuse_every and step % refuse_every == 0:
            bad = _bad_event(rng, players, ref)
            before = _snapshot(match.state)
            try:
                match.append(bad)
                errors.append("%d: accepted %s" % (step, bad))
            except RulesError as e:
                if not e.message or len(e.message) > LINE:
                    errors.append("%d: message %s" % (step, e.message))
            if not _same(before, match.state):
                errors.append("%d: refused event changed the state" % step)
        event = _good_event(rng, ref)
        old = match.state
        before = _snapshot(old)
        was_over = ref.over
        try:
            match.append(event)
        except RulesError as e:
            errors.append("%d: refused %s: %s" % (step, event, e.code))
            break
        if not _same(before, old):
            errors.append("%d: apply changed its input" % step)
        if event["t"] == "hand":
            hands += 1
        if was_over:
            games += 1
            sums = [0] * len(ref.totals)
        _follow(ref, event, match.state)
        if ref.over and not was_over and ref.bonus[1]:
            vertex += 1
        _check(match.view(), ref, sums, errors, step)
        if redo_every and step % redo_every == redo_every - 1:
            k = 1 + rng.below(4)
            state = match.state
            tail = match.events[len(match.events) - k:]
            match.undo(k)
            for e in tail:
                match.append(e)
            if match.state != state:
                errors.append("%d: undo %d then redo differs" % (step, k))
        if len(errors) > 5:
            break
    return [hands, games, vertex, ref.totals, errors]


def case_playouts_two_0():
    return playout(2, 1, 101, 50, 25, 2)


def case_playouts_two_1():
    return playout(2, 1, 102, 50, 25, 2)


def case_playouts_two_2():
    return playout(2, 1, 103, 50, 25, 2)


def case_playouts_three_0():
    return playout(3, 1, 201, 50, 25, 2)


def case_playouts_three_1():
    return playout(3, 1, 202, 50, 25, 2)


def case_playouts_three_2():
    return playout(3, 1, 203, 50, 25, 2)


def case_playouts_four_0():
    return playout(4, 2, 301, 50, 25, 2)


def case_playouts_four_1():
    return playout(4, 2, 302, 50, 25, 2)


def case_playouts_four_2():
    return playout(4, 2, 303, 50, 25, 2)


def case_playouts_pairs_0():
    return playout(4, 1, 401, 50, 25, 2)


def case_playouts_pairs_1():
    return playout(4, 1, 402, 50, 25, 2)


def case_playouts_pairs_2():
    return playout(4, 1, 403, 50, 25, 2)

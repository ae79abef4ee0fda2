# Random Dartex playouts with invariants, on CPython and MicroPython alike.
# Ref is a plain reading of docs/rules.md X-1..X-8 that shares no code with the engine
# (its own throw values, table, hand sizes, pack, turns, hand ends and game end).
# A bot plays random legal throws (first throws with a Double or a pair, Fouls and
# Wires on random targets, Champions), exchanges and passes from Ref's knowledge;
# the engine's view must agree with Ref. Checked: hand sizes equal cards dealt minus
# cards thrown plus cards picked up, the pack never negative, totals equal the sum
# of the unfouled throws on the table plus the hands before, a refused event changes
# nothing, undo then redo gives the same state. tests/rules/test_dartex_play.py runs
# thousands of hands on CPython; the cases here run a few matches each.

from parlour_rules.cut import cut_seat
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog
from parlour_rules.prng import Xorshift32

NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25)
NAMES = {"DOUBLE": 2, "TREBLE": 3}
NOT_BULL = ("DOUBLE", "TREBLE", "FOUL", "OFF", "WIRE")


def token_value(word):
    # Ref's own card reading: -> (kind, number); kind "n" number, "B" Bull, else the word.
    word = word.split("@")[0]
    if word.startswith("CHAMP="):
        return "n", int(word[6:])
    if word == "BULL":
        return "B", 50
    if word in NOT_BULL:
        return word, 0
    return "n", int(word)


def ref_value(words, first=False):
    # X-4 read afresh: each multiplier finds its card (the next number or Bull laid
    # after it, else the last before it); a card's worth is its base times its hits.
    # a first throw of two equal numbers doubles the third number or Bull.
    cards = [token_value(w) for w in words]
    if first and all([c[0] in ("n", "B") for c in cards]):
        for i in range(3):
            a = cards[(i + 1) % 3]
            b = cards[(i + 2) % 3]
            if a[0] == "n" and a == b:
                return 2 * cards[i][1]
    worth = [c[1] if c[0] in ("n", "B") else 0 for c in cards]
    scoring = [i for i in range(3) if cards[i][0] in ("n", "B")]
    for i in range(3):
        kind = cards[i][0]
        if kind in NAMES:
            after = [j for j in scoring if j > i]
            before = [j for j in scoring if j < i]
            hit = after[0] if after else before[len(before) - 1]
            worth[hit] = worth[hit] * NAMES[kind]
    return sum(worth)


class Ref:
    def __init__(self, players, target, dealer):
        self.n = players
        self.target = target
        self.banked = [0] * players
        self.hands = []
        self.winner = None
        self.passed_out = 0                 # hands ended by everyone passing
        self.tied = 0                       # hands ended tied for highest past the target
        self.dealer = (dealer - 1) % players
        self.hand = 0
        self.deal()

    def deal(self):
        self.dealer = (self.dealer + 1) % self.n
        self.hand += 1
        self.dealt = 12 if self.n == 2 else 9
        self.pack = 52 - self.dealt * self.n
        self.turn = (self.dealer + 1) % self.n
        self.thrown = [0] * self.n          # throws made this hand, per seat
        self.picked = [0] * self.n          # cards picked up this hand, per seat
        self.table = [[] for _ in range(self.n)]  # [words, value, fouled, picked]
        self.first = [True] * self.n        # the next throw is the first
        self.passes = 0
        self.phase = "play"

    def size(self, seat):
        return self.dealt - 3 * self.thrown[seat] + self.picked[seat]

    def live(self):
        out = []
        for seat in range(self.n):
            for k in range(len(self.table[seat])):
                if not self.table[seat][k][3]:
                    out.append((seat, k + 1))
        return out

    def throw(self, words):
        seat = self.turn
        for w in words:
            if "@" in w:
                s, k = w.split("@")[1].split(".")
                row = self.table[int(s)][int(k) - 1]
                if w.startswith("FOUL"):
                    row[2] = True
                else:
                    front = len([x for x in row[0] if not x.startswith(("FOUL", "WIRE"))])
                    self.picked[int(s)] += front
                    row[3] = True
        self.table[seat].append([words, ref_value(words, self.first[seat]), False, False])
        self.first[seat] = False
        self.thrown[seat] += 1
        self.passes = 0
        self.turn = (seat + 1) % self.n
        if self.size(seat) == 0:
            self.end()

    def exchange(self):
        self.pack -= 1
        self.passes = 0
        self.turn = (self.turn + 1) % self.n

    def do_pass(self):
        self.passes += 1
        self.turn = (self.turn + 1) % self.n
        if self.passes == self.n:
            self.passed_out += 1
            self.end()

    def hand_score(self, seat):
        return sum([r[1] for r in self.table[seat] if not r[2] and not r[3]])

    def end(self):
        scores = [self.hand_score(s) for s in range(self.n)]
        self.hands.append(scores)
        for s in range(self.n):
            self.banked[s] += scores[s]
        top = max(self.banked)
        if top >= self.target and self.banked.count(top) > 1:
            self.tied += 1                  # tied for highest, another hand
        if top >= self.target and self.banked.count(top) == 1:
            self.winner = self.banked.index(top)
            self.phase = "game_over"
        else:
            self.phase = "hand_over"


def _number_word(n, rng):
    return ("CHAMP=%d" % n) if rng.below(7) == 0 else str(n)


def _run(rng, length):
    start = rng.below(22 - length)
    return [NUMBERS[start + i] for i in range(length)]


def _special(rng, choices):
    return choices[rng.below(len(choices))]


def _shuffled(words, rng):
    rng.shuffle(words)
    return words


def bot_words(ref, rng):
    # A random legal throw for the seat to play, targets not yet named.
    if ref.first[ref.turn]:
        form = rng.below(4)
        if form == 0:  # the pair form: two of one value and a third number or Bull
            v = NUMBERS[rng.below(21)]
            third = "BULL" if rng.below(5) == 0 else _number_word(NUMBERS[rng.below(21)], rng)
            return _shuffled([_number_word(v, rng), str(v), third], rng)
        if form == 1:
            return _shuffled(["DOUBLE"] + [_number_word(n, rng) for n in _run(rng, 2)], rng)
        if form == 2:
            other = _special(rng, ("DOUBLE", "TREBLE", "FOUL", "OFF", "WIRE", "BULL"))
            return _shuffled(["DOUBLE", other, _number_word(NUMBERS[rng.below(21)], rng)], rng)
        return _shuffled(["DOUBLE", _special(rng, NOT_BULL), "BULL"], rng)
    shape = rng.below(6)
    if shape <= 1:
        return _shuffled([_number_word(n, rng) for n in _run(rng, 3)], rng)
    if shape <= 3:
        words = [_number_word(n, rng) for n in _run(rng, 2)]
        return _shuffled([_special(rng, NOT_BULL + ("BULL",))] + words, rng)
    if shape == 4:
        a = _special(rng, NOT_BULL + ("BULL",))
        b = _special(rng, NOT_BULL + ("BULL",))
        return _shuffled([a, b, _number_word(NUMBERS[rng.below(21)], rng)], rng)
    return _shuffled([_special(rng, NOT_BULL), _special(rng, NOT_BULL), "BULL"], rng)


def name_targets(ref, words, rng):
    # each Foul or Wire, in the order laid, names a throw on the table then.
    live = ref.live()
    out = []
    for w in words:
        if w in ("FOUL", "WIRE") and live:
            s, k = live[rng.below(len(live))]
            if w == "WIRE":
                live = [t for t in live if t != (s, k)]
            w = "%s@%d.%d" % (w, s, k)
        out.append(w)
    return out


def bot_event(ref, rng):
    if ref.phase == "hand_over":
        return {"t": "deal"}
    seat = ref.turn
    if ref.size(seat) < 3 or rng.below(3) == 0:
        return {"t": "exchange"} if ref.pack else {"t": "pass"}
    return {"t": "throw", "cards": name_targets(ref, bot_words(ref, rng), rng)}


def bad_events(ref, rng):
    # Events the engine must refuse now, each with a one-line reason.
    if ref.phase == "hand_over":
        return [{"t": "pass"}, {"t": "throw", "cards": ["DOUBLE", "4", "5"]},
                {"t": "cut", "dealer": 0}]
    bad = [{"t": "deal"}, {"t": "bounce"}, {"t": "throw", "cards": "4 5"},
           {"t": "throw", "cards": ["4", "5", "21"]}, {"t": "cut", "seed": 9}]
    bad.append({"t": "exchange"} if ref.pack == 0 else {"t": "pass"})
    seat = ref.turn
    if ref.size(seat) < 3:
        bad.append({"t": "throw", "cards": ["DOUBLE", "4", "5"]})
        return bad
    if ref.first[seat]:
        bad.append({"t": "throw", "cards": ["7", "8", "9"]})
        bad.append({"t": "throw", "cards": ["DOUBLE", "3", "9"]})
    else:
        bad.append({"t": "throw", "cards": ["4", "4", "9"]})
        bad.append({"t": "throw", "cards": ["7", "9", "10"]})
        live = ref.live()
        if live:
            bad.append({"t": "throw", "cards": ["FOUL", "10", "11"]})
        s = rng.below(ref.n)
        gone = "FOUL@%d.%d" % (s, len(ref.table[s]) + 1)
        bad.append({"t": "throw", "cards": [gone, "10", "11"]})
        picked = [(s, k + 1) for s in range(ref.n) for k in range(len(ref.table[s]))
                  if ref.table[s][k][3]]
        if picked:
            bad.append({"t": "throw", "cards": ["WIRE@%d.%d" % picked[0], "10", "11"]})
        if len(live) == 1:
            s, k = live[0]
            bad.append({"t": "throw", "cards": ["WIRE@%d.%d" % (s, k), "FOUL@%d.%d" % (s, k), "3"]})
    return bad


def deep(x):
    # A frozen copy of a state for before/after comparison.
    if type(x) is dict:
        return sorted([(k, deep(x[k])) for k in x])  # order-free: sorted
    if type(x) is list or type(x) is tuple:
        return [deep(v) for v in x]
    return x


def check_view(ref, view):
    assert view["phase"] == ref.phase, (view["phase"], ref.phase)
    assert view["pack"] == ref.pack and view["pack"] >= 0
    assert view["hand"] == ref.hand and view["dealer"] == ref.dealer
    assert view["winner"] == ref.winner
    assert view["hands"] == ref.hands
    if ref.phase == "play":
        assert view["turn"] == ref.turn
    totals = []
    for seat in range(ref.n):
        info = view["seats"][seat]
        # hand size = cards dealt - cards thrown to the table + cards picked up
        assert info["hand_size"] == ref.size(seat) >= 0, (seat, info["hand_size"], ref.size(seat))
        rows = []
        for k in range(len(ref.table[seat])):
            row = ref.table[seat][k]
            if not row[3]:
                rows.append(["%d.%d" % (seat, k + 1), row[0], row[1], row[2]])
        got = [[t["id"], t["cards"], t["value"], t["fouled"]] for t in info["throws"]]
        assert got == rows, (got, rows)
        # totals = the hands before + the unfouled throws on the table now
        live = ref.hand_score(seat) if ref.phase == "play" else 0
        totals.append(ref.banked[seat] + live)
        assert info["hand_score"] == ref.hand_score(seat)
    assert view["totals"] == totals, (view["totals"], totals)


def play(players, seed, target=500, hands=0, events=0, probe=0, undo_every=0, check_every=1,
         cut_seed=0):
    # One bot match; stops at game over, after `hands` hands or `events` events.
    # The dealer is given, or with `cut_seed` cut for (C-3).
    rng = Xorshift32(seed)
    match = MatchLog("dartex", {"players": players, "target": target}, [])
    if cut_seed:
        dealer = cut_seat(players, Xorshift32(cut_seed))["dealer"]
        match.append({"t": "cut", "seed": cut_seed})
    else:
        dealer = rng.below(players)
        match.append({"t": "cut", "dealer": dealer})
    ref = Ref(players, target, dealer)
    count = 1
    refused = 0
    while ref.phase != "game_over":
        if hands and len(ref.hands) >= hands or events and count >= events:
            break
        if probe and count % probe == 0:
            before = deep(match.state)
            for bad in bad_events(ref, rng):
                try:
                    match.append(bad)
                except RulesError as e:
                    assert 0 < len(e.message) <= LINE, e.message
                    refused += 1
                else:
                    raise AssertionError("accepted %r" % (bad,))
                assert deep(match.state) == before, bad
        event = bot_event(ref, rng)
        match.append(event)
        count += 1
        kind = event["t"]
        if kind == "throw":
            ref.throw(event["cards"])
        elif kind == "exchange":
            ref.exchange()
        elif kind == "pass":
            ref.do_pass()
        else:
            ref.deal()
        if check_every and (count % check_every == 0 or ref.phase != "play"):
            check_view(ref, match.view())
        if undo_every and count % undo_every == 0:
            before = deep(match.state)
            dropped = match.undo(1)
            match.append(dropped[0])
            assert deep(match.state) == before
    return {"events": count, "hands": len(ref.hands), "refused": refused,
            "passed_out": ref.passed_out, "tied": ref.tied,
            "totals": list(ref.banked), "winner": ref.winner}, match


def summary(players, seeds, target=200, probe=0, undo_every=0, check_every=1):
    out = []
    for seed in seeds:
        result = play(players, seed, target, probe=probe, undo_every=undo_every,
                      check_every=check_every)[0]
        out.append([result["events"], result["hands"], result["refused"], result["totals"],
                    result["winner"]])
    return out


def case_playouts_two_a():
    return summary(2, range(1, 3), probe=4)


def case_playouts_two_b():
    return summary(2, range(3, 5), undo_every=30, check_every=5)


def case_playouts_three_a():
    return summary(3, range(1, 3), probe=4)


def case_playouts_three_b():
    return summary(3, range(3, 5), undo_every=30, check_every=5)


def case_playouts_four_a():
    return summary(4, range(1, 3), probe=4)


def case_playouts_four_b():
    return summary(4, range(3, 5), undo_every=30, check_every=5)

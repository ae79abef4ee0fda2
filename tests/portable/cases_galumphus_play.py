# Shared by the Galumphus portable cases and pytest: a compact script form of a
# match log, random table players, and a playout that checks the invariants
# after every event. No case_ functions here; the cases import it.
import json

from parlour_rules import galumphus as g
from parlour_rules.cards import GAL_CODES, GAL_DESIGNS, is_star
from parlour_rules.errors import RulesError
from parlour_rules.prng import Xorshift32

# One token an event: S<seed> N(ext) T(imeout) P(ass) E(nd) K<seat> =<design>.
SIMPLE = {"N": "next", "T": "timeout", "P": "pass", "E": "end"}
TOKENS = {"next": "N", "timeout": "T", "pass": "P", "end": "E"}


def parse_script(text):
    events = []
    for token in text.split():
        head = token[0]
        if head in SIMPLE:
            events.append({"t": SIMPLE[head]})
        elif head == "S":
            events.append({"t": "seed", "seed": int(token[1:])})
        elif head == "K":
            events.append({"t": "key", "seat": int(token[1:])})
        elif head == "=":
            events.append({"t": "name", "card": token[1:]})
        else:
            raise ValueError(token)
    return events


def format_script(events):
    out = []
    for e in events:
        t = e["t"]
        if t in TOKENS:
            out.append(TOKENS[t])
        elif t == "seed":
            out.append("S%d" % e["seed"])
        elif t == "key":
            out.append("K%d" % e["seat"])
        else:
            card = e["card"]
            out.append("=" + (GAL_CODES[card] if type(card) is int else card))
    return " ".join(out)


def fold(config, events):
    state = g.new_match(config)
    for e in events:
        state = g.apply(state, e)
    return state


def check_cards(state):
    # G-1/G-6: the 48 cards conserved over pack, seats and rows; no Star held.
    counts = [0] * len(GAL_CODES)
    for card in state["pack"]:
        counts[card] += 1
    for card in state["seats"]:
        if card >= 0:
            if is_star(card):
                raise AssertionError("star in a seat")
            counts[card] += 1
    for row in state["rows"]:
        for card in row:
            if is_star(card):
                raise AssertionError("star in a row")
            counts[card] += 1
    for kind in range(len(GAL_CODES)):
        if counts[kind] != (1 if is_star(kind) else 4):
            raise AssertionError("cards not conserved: " + GAL_CODES[kind])


def _held(state):
    return [s for s in range(len(state["seats"])) if state["seats"][s] >= 0]


def _matching(state, card):
    return [s for s in range(len(state["seats"])) if state["seats"][s] == card]


class Table:
    # Players with a memory: `skill` in 0..100 is how often one remembers right.
    def __init__(self, seed, skill, patience):
        self.rng = Xorshift32(seed)
        self.skill = skill
        self.patience = patience

    def chance(self, percent):
        return self.rng.below(100) < percent

    def pick(self, items):
        return items[self.rng.below(len(items))]

    def guess(self, state, card):
        # A seat believed to hold `card`: the true one if remembered.
        held = _held(state)
        right = _matching(state, card)
        if right and self.chance(self.skill):
            return self.pick(right)
        return self.pick(held)

    def move(self, state):
        phase = state["phase"]
        tired = state["calls"] > self.patience
        if phase == "seed":
            return {"t": "seed", "seed": 1 + self.rng.below(16000) * 7919}
        if phase == "show":
            return {"t": "next" if self.chance(50) else "timeout"}
        if phase == "ready":
            if g.end_offered(state) and (tired or self.chance(30)):
                return {"t": "end"}
            return {"t": "next"}
        if phase == "call":
            return self.claim_move(state, tired)
        return self.privilege_move(state, tired)

    def claim_move(self, state, tired):
        if state["lock"] >= 0:
            if self.chance(8):
                return {"t": "pass" if self.chance(50) else "timeout"}
            return {"t": "key", "seat": self.guess(state, state["called"])}
        n = state["cfg"]["players"]
        done = [c[0] for c in state["claims"]]
        free = [p for p in range(n) if p != state["dealer"] and p not in done]
        hope = 45 if _matching(state, state["called"]) else 12
        if tired or not free or not self.chance(hope):
            return {"t": "next"}
        return {"t": "key", "seat": self.pick(free)}

    def privilege_move(self, state, tired):
        priv = state["priv"]
        if priv["pick"] >= 0:
            card = state["seats"][priv["pick"]]
            if not self.chance(self.skill):
                card = self.rng.below(GAL_DESIGNS)
            return {"t": "name", "card": GAL_CODES[card]}
        held = [s for s in _held(state) if s not in priv["named"]]
        if tired or not held or self.chance(20):
            return {"t": "pass"}
        return {"t": "key", "seat": self.pick(held)}

    def probe(self, state):
        # Any event at all, legal or not: a fuzz step.
        n = state["cfg"]["players"]
        kind = self.rng.below(8)
        if kind == 0:
            return {"t": "seed", "seed": 99}
        if kind == 1:
            return {"t": "name", "card": self.rng.below(len(GAL_CODES))}
        if kind == 2:
            return {"t": "key", "seat": self.rng.below(n + 1)}
        if kind == 3:
            return {"t": "bogus"}
        if kind == 4:
            return {"t": "key", "seat": state["dealer"]}
        return {"t": ("next", "timeout", "pass")[kind - 5]}


def snapshot(state):
    return json.loads(json.dumps(state))


def playout(seed, players, target, skill=70, patience=150, probes=10, undos=5,
            limit=6000, events_out=None):
    # One match from the first shuffle to its end, checking after every event.
    # -> [players, target, reason, winners, events, calls, refused, undone].
    config = {"players": players, "target": target}
    table = Table(seed, skill, patience)
    state = g.new_match(config)
    events = [] if events_out is None else events_out
    refused = 0
    undone = 0
    while state["phase"] != "over":
        if len(events) >= limit:
            raise AssertionError("match did not end")
        event = None
        if table.chance(probes):
            event = table.probe(state)
            before = snapshot(state)
            new = None
            try:
                new = g.apply(state, event)
            except RulesError as e:
                refused += 1
                event = None
                fits = len(e.message) <= 20
            if event is None and (not fits or state != before):
                raise AssertionError("refusal changed the state")
        if event is None:
            event = table.move(state)
            new = g.apply(state, event)
        events.append(event)
        check_cards(new)
        if g.can_undo(new) and table.chance(undos):
            # C-4: undo the claim press by refolding without it, then redo it.
            again = fold(config, events[:-1])
            if again != state:
                raise AssertionError("undo differs")
            if g.apply(again, event) != new:
                raise AssertionError("redo differs")
            undone += 1
        state = new
    result = state["result"]
    return [players, target, result["reason"], result["winners"], len(events),
            state["calls"], refused, undone]

# Stump random playouts, the same on CPython and MicroPython: a seeded bot plays
# whole matches with legal events, tries illegal ones on the way (each must be
# refused and change nothing) and checks the invariants after every event.
# The bot and the checks are also used by tests/test_stump_playouts.py (thousands
# of matches on CPython) and by the golden transcripts.
from parlour_rules import stump
from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog
from parlour_rules.prng import Xorshift32
from parlour_rules.stump_ring import HALF, RING, steps, width

CONFIGS = (
    {"players": 2},
    {"players": 3},
    {"players": 4},
    {"players": 4, "partnership": True},
)


def _gap_number(a, w, rng):
    # A random number among the w numbers clockwise after a.
    return (a + rng.below(w)) % RING + 1


def _free_number(slides, rng):
    while True:
        n = rng.below(RING) + 1
        if n != slides[0] and n != slides[1]:
            return n


def bot_event(state, rng):
    step = state["step"]
    if step == "cut":
        return {"t": "cut", "seed": rng.below(9999) + 1}
    if step == "setup":
        a = rng.below(RING) + 1
        b = rng.below(RING) + 1
        event = {"t": "setup", "slides": [str(a), str(b)]}
        if steps(a, b) == HALF:
            event["side"] = b if rng.below(2) else a
        return event
    if step == "member":
        team = state["team"]
        members = [m for m in (team, team + 2) if state["gappers"][m] < 5]
        return {"t": "member", "seat": members[rng.below(len(members))]}
    slides = state["slides"]
    if step == "gapper":
        r = rng.below(100)
        if r < 3:
            return {"t": "stuck", "card": str(slides[rng.below(2)])}
        a, b = stump.gap_bounds(state)
        w = width(a, b)
        if w and r < 55:
            if r < 10:
                return {"t": "gapper", "card": "W"}
            return {"t": "gapper", "card": str(_gap_number(a, w, rng))}
    if step == "gapper" or step == "discard":
        n = _free_number(slides, rng)
        return {"t": "discard", "card": ("W=%d" % n) if rng.below(10) == 0 else str(n)}
    k = rng.below(2)
    moved = list(slides)
    moved[k] = state["discard"]
    event = {"t": "move", "slide": k}
    if steps(moved[0], moved[1]) == HALF:
        event["side"] = moved[rng.below(2)]
    return event


def bad_events(state, rng):
    # Events that must be refused in this state.
    step = state["step"]
    out = [{"t": "fold"}, {"t": "gapper", "card": "41"}]
    if step != "move":
        out.append({"t": "move", "slide": 0})
    if step == "move":
        out.append({"t": "discard", "card": "5"})
        out.append({"t": "move", "slide": 2})
    if step == "gapper" or step == "discard":
        slides = state["slides"]
        out.append({"t": "discard", "card": str(slides[rng.below(2)])})
        out.append({"t": "discard", "card": "W=%d" % slides[0]})
        out.append({"t": "discard", "card": "W"})
        if step == "gapper":
            out.append({"t": "gapper", "card": str(slides[1])})
            out.append({"t": "stuck", "card": str(_free_number(slides, rng))})
            out.append({"t": "stuck", "card": "W=%d" % slides[0]})
            a, b = stump.gap_bounds(state)
            if width(a, b) == 0:
                out.append({"t": "gapper", "card": "W"})
        else:
            out.append({"t": "gapper", "card": "W"})
            out.append({"t": "stuck", "card": str(slides[0])})
    if step == "member":
        team = state["team"]
        out.append({"t": "member", "seat": 1 - team})
        for m in (team, team + 2):
            if state["gappers"][m] >= 5:
                out.append({"t": "member", "seat": m})
    return out


def deep(x):
    # A deep copy of JSON-like data (MicroPython has no copy module).
    if type(x) is dict:
        return {k: deep(x[k]) for k in x}  # order-free
    if type(x) is list:
        return [deep(i) for i in x]
    return x


def check_invariants(state, before, event):
    n = state["n"]
    hands = stump.hands(state)
    for seat in range(n):
        g = state["gappers"][seat]
        assert 0 <= g <= 5 and hands[seat] == 5 - g >= 0, "S-5 hand sizes"
    totals = [0] * len(state["totals"])
    for side, points in state["rounds"]:
        totals[side] += points
    assert totals == state["totals"], "totals are the sum of round scores"
    if event["t"] == "move":
        discard = before["discard"]
        assert discard != before["slides"][0] and discard != before["slides"][1], "S-4"
        assert state["slides"][event["slide"]] == discard, "slide on the discard"
    if state["slides"] is not None:
        for s in state["slides"]:
            assert 1 <= s <= RING, "S-1"
    if state["step"] == "over":
        w = state["winner"]
        assert state["totals"][w] >= state["target"], "S-8"


def play(config, seed, limit=2000, probe=0, undo_every=0):
    # One match by the bot. probe: try the bad events every `probe` events (0: never).
    # undo_every: undo then redo every so many events. -> (events, state, refusals)
    rng = Xorshift32(seed)
    state = stump.new_match(config)
    events = []
    refusals = 0
    match = MatchLog("stump", config) if undo_every else None
    while state["step"] != "over" and len(events) < limit:
        if probe and len(events) % probe == 0:
            snapshot = deep(state)
            for bad in bad_events(state, rng):
                try:
                    stump.apply(state, bad)
                except RulesError as e:
                    assert len(e.message) <= 20
                    refusals += 1
                else:
                    raise AssertionError("accepted %r" % (bad,))
                assert state == snapshot, "a refused event changed the state"
        event = bot_event(state, rng)
        before = state
        snapshot = deep(state) if probe else None
        state = stump.apply(state, event)
        if snapshot is not None:
            assert before == snapshot, "apply changed its input"
        check_invariants(state, before, event)
        events.append(event)
        if match is not None:
            match.append(event)
            if len(events) % undo_every == 0:
                match.undo()
                match.append(event)
                assert match.state == state, "undo then redo"
    return events, state, refusals


def summary(config, seeds, probe=0, undo_every=0):
    out = []
    for seed in seeds:
        events, state, refusals = play(config, seed, probe=probe, undo_every=undo_every)
        out.append([len(events), state["totals"], state["winner"], state["round"], refusals])
    return out


def case_playouts_singles2_a():
    return summary(CONFIGS[0], range(1, 4), probe=3)


def case_playouts_singles2_b():
    return summary(CONFIGS[0], range(4, 7), undo_every=25)


def case_playouts_singles3_a():
    return summary(CONFIGS[1], range(1, 4), probe=3)


def case_playouts_singles3_b():
    return summary(CONFIGS[1], range(4, 7))


def case_playouts_singles4_a():
    return summary(CONFIGS[2], range(1, 3), probe=3)


def case_playouts_singles4_b():
    return summary(CONFIGS[2], range(3, 6))


def case_playouts_pairs_a():
    return summary(CONFIGS[3], range(1, 3), probe=3)


def case_playouts_pairs_b():
    return summary(CONFIGS[3], range(3, 6))


def case_playouts_pairs_c():
    return summary(CONFIGS[3], range(6, 8), undo_every=40)

# Stump random playouts, the same on CPython and MicroPython: a seeded bot plays
# whole matches with legal events, tries illegal ones on the way (each must be
# refused and change nothing) and checks the invariants after every event.
# The bot and the checks are also used by tests/rules/test_stump_playouts.py (thousands
# of matches on CPython); the golden transcripts at the end are bot matches too.
from parlour_rules import stump
from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog
from parlour_rules.prng import Xorshift32
from parlour_rules.stump.ring import HALF, RING, steps, width
from parlour_rules.stump.state import (
    CFG,
    DISCARD,
    GAPPERS,
    LAST_ROUND,
    ROUND,
    ROUNDS,
    SEAT,
    SLIDES,
    STEP,
    TEAM,
    TOTALS,
    WINNER,
    gap_bounds,
)

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
    step = state[STEP]
    if step == "cut":
        return {"t": "cut", "seed": rng.below(9999) + 1}
    if step == "setup":
        a = rng.below(RING) + 1
        b = rng.below(RING) + 1
        event = {"t": "setup", "slides": [a, b]}
        if steps(a, b) == HALF:
            event["side"] = b if rng.below(2) else a
        return event
    if step == "member":
        team = state[TEAM]
        members = [m for m in (team, team + 2) if state[GAPPERS][m] < 5]
        return {"t": "member", "seat": members[rng.below(len(members))]}
    slides = state[SLIDES]
    if step == "gapper":
        r = rng.below(100)
        if r < 3:
            return {"t": "stuck", "card": slides[rng.below(2)]}
        a, b = gap_bounds(state)
        w = width(a, b)
        if w and r < 55:
            if r < 10:
                return {"t": "gapper", "card": "W"}
            return {"t": "gapper", "card": _gap_number(a, w, rng)}
    if step == "gapper" or step == "discard":
        n = _free_number(slides, rng)
        return {"t": "discard", "card": ("W=%d" % n) if rng.below(10) == 0 else n}
    k = rng.below(2)
    moved = list(slides)
    moved[k] = state[DISCARD]
    event = {"t": "move", "slide": k}
    if steps(moved[0], moved[1]) == HALF:
        event["side"] = moved[rng.below(2)]
    return event


def bad_events(state, rng):
    # Events that must be refused in this state.
    step = state[STEP]
    out = [{"t": "fold"}, {"t": "gapper", "card": "41"}]
    if step != "move":
        out.append({"t": "move", "slide": 0})
    if step == "move":
        out.append({"t": "discard", "card": "5"})
        out.append({"t": "move", "slide": 2})
    if step == "gapper" or step == "discard":
        slides = state[SLIDES]
        out.append({"t": "discard", "card": str(slides[rng.below(2)])})
        out.append({"t": "discard", "card": "W=%d" % slides[0]})
        out.append({"t": "discard", "card": "W"})
        if step == "gapper":
            out.append({"t": "gapper", "card": str(slides[1])})
            out.append({"t": "stuck", "card": str(_free_number(slides, rng))})
            out.append({"t": "stuck", "card": "W=%d" % slides[0]})
            a, b = gap_bounds(state)
            if width(a, b) == 0:
                out.append({"t": "gapper", "card": "W"})
        else:
            out.append({"t": "gapper", "card": "W"})
            out.append({"t": "stuck", "card": str(slides[0])})
    if step == "member":
        team = state[TEAM]
        out.append({"t": "member", "seat": 1 - team})
        for m in (team, team + 2):
            if state[GAPPERS][m] >= 5:
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
    n = state[CFG]["n"]
    hands = stump.hands(state)
    for seat in range(n):
        g = state[GAPPERS][seat]
        assert 0 <= g <= 5 and hands[seat] == 5 - g >= 0, "S-5 hand sizes"
    totals = [0] * len(state[TOTALS])
    for side, points in state[ROUNDS]:
        totals[side] += points
    assert totals == state[TOTALS], "totals are the sum of round scores"
    if event["t"] == "move":
        discard = before[DISCARD]
        assert discard != before[SLIDES][0] and discard != before[SLIDES][1], "S-4"
        assert state[SLIDES][event["slide"]] == discard, "slide on the discard"
    if state[SLIDES] is not None:
        for s in state[SLIDES]:
            assert 1 <= s <= RING, "S-1"
    if state[STEP] == "over":
        w = state[WINNER]
        assert state[TOTALS][w] >= state[CFG]["target"], "S-8"


def count_cards(state, before, event, held):
    # The cards each player holds, counted from the events alone (S-5), against the
    # engine's hands and its round scores (S-6, S-7).
    cfg = state[CFG]
    if event["t"] == "setup":
        held = [5] * cfg["n"]
    elif event["t"] == "gapper":
        held = held[:]
        held[before[SEAT]] -= 1
    if len(state[ROUNDS]) > len(before[ROUNDS]):
        side, points = state[ROUNDS][-1]
        pairs = cfg["pairs"]
        expected = 10 if pairs else 5
        for seat in range(cfg["n"]):
            mine = seat % 2 == side if pairs else seat == side
            assert held[seat] == 0 or not mine, "the winners are out of cards"
            if not mine:
                expected += held[seat]
        assert points == expected, "S-6/S-7 round score"
        assert state[LAST_ROUND]["hands"] == held
        if state[STEP] == "over":
            return held
        held = [5] * cfg["n"]
    if held is not None:
        assert stump.hands(state) == held, "S-5 hands counted from the events"
    return held


def play(config, seed, limit=2000, probe=0, undo_at=()):
    # One match by the bot. probe: every `probe` events (0: never), try the bad
    # events (each refused, nothing changed) and check the good one leaves its input
    # alone. undo_at: event counts where the match log undoes and redoes an event.
    # -> (events, state, refusals)
    rng = Xorshift32(seed)
    state = stump.new_match(config)
    events = []
    refusals = 0
    match = MatchLog("stump", config) if undo_at else None
    held = None
    while state[STEP] != "over" and len(events) < limit:
        snapshot = None
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
        state = stump.apply(state, event)
        if snapshot is not None:
            assert before == snapshot, "apply changed its input"
        check_invariants(state, before, event)
        held = count_cards(state, before, event, held)
        events.append(event)
        if match is not None:
            match.append(event)
            if len(events) in undo_at:
                match.undo()
                match.append(event)
                assert match.state == state, "undo then redo"
    return events, state, refusals


def summary(config, seeds, probe=0, undo_at=()):
    out = []
    for seed in seeds:
        events, state, refusals = play(config, seed, probe=probe, undo_at=undo_at)
        out.append([len(events), state[TOTALS], state[WINNER], state[ROUND], refusals])
    return out


# On MicroPython a case may allocate about 600 KB: about one bot match each.
def case_playouts_singles2_a():
    return summary(CONFIGS[0], (1, 2), probe=9)


def case_playouts_singles2_b():
    return summary(CONFIGS[0], (3, 4), undo_at=(40, 120))


def case_playouts_singles3_a():
    return summary(CONFIGS[1], (1,), probe=9)


def case_playouts_singles3_b():
    return summary(CONFIGS[1], (2, 3))


def case_playouts_singles4_a():
    return summary(CONFIGS[2], (1,), probe=9)


def case_playouts_singles4_b():
    return summary(CONFIGS[2], (2,), undo_at=(50, 200))


def case_playouts_pairs_a():
    return summary(CONFIGS[3], (1,), probe=13)


def case_playouts_pairs_b():
    return summary(CONFIGS[3], (2,))


def case_playouts_pairs_c():
    return summary(CONFIGS[3], (3,), undo_at=(60, 130))


# -- golden transcripts (tests/golden/stump/*.json) --------------------------------------
# Whole bot matches with the view after every event. Each case folds one match and
# returns the views of one chunk of it, so the same views come out of CPython and
# MicroPython (tests/rules/test_portable.py) and out of the golden files
# (tests/rules/test_stump_golden.py).
GOLDEN = {
    "singles2": ({"players": 2, "target": 12}, 1),
    "singles3": ({"players": 3, "target": 15}, 1),
    "singles4": ({"players": 4, "target": 20}, 1),
    "partnership": ({"players": 4, "partnership": True, "target": 30}, 15),
}
CHUNK = 40   # views per case: about 100 KB of heap on MicroPython


def transcript(name):
    # -> (config, events, views): views[0] before any event, views[i] after event i.
    config, seed = GOLDEN[name]
    events = play(config, seed)[0]
    state = stump.new_match(config)
    views = [stump.view(state)]
    for event in events:
        state = stump.apply(state, event)
        views.append(stump.view(state))
    return config, events, views


def chunk(name, index):
    config, seed = GOLDEN[name]
    events = play(config, seed)[0]
    first = index * CHUNK
    state = stump.new_match(config)
    views = []
    if first == 0:
        views.append(stump.view(state))
    for i in range(len(events)):
        state = stump.apply(state, events[i])
        if first <= i + 1 < first + CHUNK:
            views.append(stump.view(state))
    return views


def case_golden_singles2_0():
    return chunk("singles2", 0)


def case_golden_singles2_1():
    return chunk("singles2", 1)


def case_golden_singles3_0():
    return chunk("singles3", 0)


def case_golden_singles3_1():
    return chunk("singles3", 1)


def case_golden_singles3_2():
    return chunk("singles3", 2)


def case_golden_singles3_3():
    return chunk("singles3", 3)


def case_golden_singles4_0():
    return chunk("singles4", 0)


def case_golden_singles4_1():
    return chunk("singles4", 1)


def case_golden_singles4_2():
    return chunk("singles4", 2)


def case_golden_singles4_3():
    return chunk("singles4", 3)


def case_golden_singles4_4():
    return chunk("singles4", 4)


def case_golden_partnership_0():
    return chunk("partnership", 0)


def case_golden_partnership_1():
    return chunk("partnership", 1)


def case_golden_partnership_2():
    return chunk("partnership", 2)


def case_golden_partnership_3():
    return chunk("partnership", 3)


def case_golden_partnership_4():
    return chunk("partnership", 4)


def case_golden_partnership_5():
    return chunk("partnership", 5)


def case_screen_views_made_one_from_another():
    # screen_view starts each view from the last one made (stump_view._LAST): on
    # both interpreters the fields a screen reads after each of a match's first
    # events, then for its states asked again in another order.
    events = play({"players": 2}, 41)[0][:40]
    states = [stump.new_match({"players": 2})]
    for event in events:
        states.append(stump.apply(states[-1], event))
    out = []
    for i in list(range(len(states))) + [7, 3, 30, 30, 0, 12]:
        v = stump.screen_view(states[i])
        ring = v["ring"]
        out.append([v["step"], v["turn"], v["hands"], v["out"], v["discard"], v["moves"],
                    v["best"], None if ring is None else [ring["slides"], ring["gap"]],
                    v["totals"]])
    return out

# Stump golden transcripts (tests/golden/stump/*.json): whole bot matches with the
# view after every event. Each case folds one match and returns the views of one
# chunk of it, so the same views come out of CPython and MicroPython
# (tests/test_portable.py) and out of the golden files (tests/test_stump_golden.py).
from cases_stump_play import play

from parlour_rules import stump

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

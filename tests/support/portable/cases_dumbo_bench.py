# A 300-event Dumbo match per table size, for the fold budget (bench/fold_dumbo.py):
# folding 300 events must cost at most 20,000,000 fuel on MicroPython and the
# folded state must retain at most 32 KB of heap. The matches were drawn once
# from the random playout generator (cases_dumbo_play) and are kept as compact
# text: c<seed> cut, h<declarer>.<d>.<o>[j] hand (j: Joker stuck), w<seat> wrong
# declaration, v<table> void hand, n new game. keep_events_* decodes only, so
# the fold costs keep_fold_* minus keep_events_*. The modules a fold uses are
# imported with this one, so no case pays for compiling them.

from parlour_rules import dumbo  # noqa: F401 (loaded here, not in a fold)
from parlour_rules.dumbo import seating  # noqa: F401
from parlour_rules.log import fold

CONFIGS = {"two": {"players": 2}, "three": {"players": 3},
           "four": {"players": 4, "tables": 2}, "pairs": {"players": 4, "tables": 1}}

TWO = (
    "c1234 h1.4.7 h1.6.19 h1.5.15 h1.7.14 w0 h1.2.23 n h1.0.10 h0.1.6 h1.0.7 n h1.1.19 "
    "h1.0.7 h1.6.8 h0.0.14 h0.0.23 n h1.5.23 h1.0.4 v0 h0.6.7 h1.1.21 n h1.1.2 h1.4.11j "
    "h1.5.23 h1.3.6 h1.1.12 n h0.3.8 h1.0.0 h1.4.23 w0 h0.7.10j w1 h0.5.23 h0.7.3 n "
    "h1.0.0 h0.7.8 h1.1.2 h0.1.4 h0.0.3 h1.0.21 n h0.4.12 h1.2.0 h0.6.11j h0.3.10 h0.5.5 "
    "h0.4.6 h0.5.22 n h1.2.1 h0.2.20j h1.4.19 h0.1.2 h1.5.13 w1 n h0.0.13j h0.2.10 n "
    "h1.3.21 h0.1.22 h0.7.22 h0.3.0 h1.2.21 n h1.0.2 h1.2.20j n h1.6.10 v0 h0.2.11 v0 "
    "h0.0.19 h0.4.16 n h1.6.6 h0.3.23 h0.2.10 v0 h1.1.21j h1.5.18 h1.4.12 n h1.7.6 h0.4.8 "
    "w0 h1.1.1 h0.7.21j h0.6.11 h0.0.7 n h0.4.13 w0 h0.7.14 v0 h1.2.16 h1.0.16 n h1.5.19j "
    "v0 h0.7.0 h0.0.23 h0.5.7 h0.1.3 w1 n h0.5.8 h0.4.12j h1.2.2 h1.0.0 v0 h1.0.8j n "
    "h0.0.15 h0.4.21j n h0.5.1 h1.0.11 h1.1.16 n h1.3.11j h1.2.12 h1.2.1 h1.3.10j h0.7.14 "
    "h0.2.15 h1.3.22j n h0.6.10j w0 h0.5.18j h1.0.11 h0.6.1 n w1 h0.0.16 h0.7.8 h1.6.0 n "
    "h1.3.3 h1.7.11 h1.4.10 h0.2.14 h1.0.8 h1.4.14 h1.6.12 n h1.0.7j w0 h0.1.2 h0.5.9 "
    "h0.3.12 h0.1.7 h1.0.14 n h1.1.22 v0 h1.3.14 h1.2.3 h1.4.11 h0.6.23 w0 n h1.1.7 "
    "h0.6.19 h1.7.2 h0.5.22 h1.0.7 h0.2.12 n h0.2.20j h0.0.8 n h0.1.18 v0 h1.6.3 h1.6.0j "
    "h1.4.20 h0.5.21 h1.4.8 h1.3.13 h1.0.9 n h1.3.0 h0.4.10 h0.4.1j h1.0.21 w1 h1.2.13 n "
    "h1.5.22 h1.2.6 h0.3.1 h0.0.6 h1.2.8 h1.3.9 h1.3.4 h1.7.14 n h0.0.12j h1.1.9 h1.0.9 "
    "h1.2.8 h1.3.23 n h0.5.23 h0.0.6 h1.1.13 h0.4.16 n h1.2.6 h0.0.1 h0.2.21 w0 w1 n "
    "h0.2.22 h0.3.15 h0.1.20j n h0.2.20 h1.0.16 h1.0.23 n h1.5.4 h0.0.14 h1.5.22 h0.6.20 "
    "n v0 h1.7.22 v0 h0.5.4 h1.7.3 h1.2.22 h0.0.6 h1.4.23 n h1.1.18 h1.5.11 h1.2.4 "
    "h0.4.19 h1.2.8 h1.7.4 h0.3.21j n h0.3.16 h0.5.14j w1 w1 n h1.5.3 w1 h1.4.17j h1.4.2 "
    "h1.5.13 h1.5.16 w0 n w1 h0.6.8 h0.0.3j h1.6.7 h0.0.5 n h1.3.2 h0.0.20 n h0.7.14 "
    "h0.0.18 h1.1.14 v0 h1.0.1 h0.3.13 n h0.1.4 h1.0.16 h0.4.6 h1.0.19 n w1 h1.7.3 "
    "h0.5.1j h1.3.23 h0.2.16 h1.0.18 n h0.3.15 h1.6.21 h0.3.9 h0.0.22 n h1.0.19 h0.3.5 "
    "h1.0.16"
)

THREE = (
    "c1234 h2.4.7 h2.6.19 h2.5.15 h2.7.14 w0 h2.2.23 n h2.0.10 h0.1.6 h1.0.7 h1.0.18 n "
    "h0.6.8 h0.5.22j h1.0.16j v0 h2.2.18 h0.5.23 h0.0.4 n h2.2.6 h2.3.1 h0.0.22 h2.6.9 "
    "h2.0.16 w0 n h2.0.6 h2.1.12 w2 w2 v0 w0 h2.5.17 n h1.5.23 h1.5.23 w1 w1 h2.0.9 "
    "h2.0.0 n h1.3.16 h0.1.10 v0 w0 h0.7.2 h2.2.0j h0.4.12 h1.2.0 h0.6.11j h0.3.10 n "
    "h0.5.3 v0 h1.2.18 h0.2.3 h2.0.12 h2.7.17 n h0.7.4 h1.3.10 h0.6.9 h2.2.0 h0.4.10 "
    "h2.7.22 h2.1.5 h0.2.19 v0 h0.0.11 n h0.4.23 h0.2.14 w0 w0 h2.0.14 n v0 h1.2.11 v0 "
    "h1.0.19 h1.4.16 n h0.6.6 h1.3.23 h1.2.10 v0 h2.1.21j h2.5.18 h2.4.12 n h2.7.6 h0.4.8 "
    "w0 h2.1.1 h0.7.21j h0.6.11 h0.0.7 n h0.4.13 w0 h0.7.14 v0 h2.2.16 h2.0.16 n h2.5.19j "
    "v0 h1.7.0 h0.0.23 h0.5.7 h0.1.3 w1 n h0.5.8 h0.4.12j h1.2.2 h2.0.0 v0 h2.0.8j n "
    "h0.0.15 h0.4.21j n h0.5.1 h2.0.11 h2.1.16 n h2.3.11j h2.2.12 h2.2.1 h0.3.10j h2.7.14 "
    "h2.2.15 h0.3.22j h1.1.6 h1.6.11 h0.0.3 n h2.4.23 h1.0.7j h0.6.21 h0.6.4 w2 h2.0.1 n "
    "h2.0.3 h1.7.11 h1.4.10 h2.2.14 h0.0.8 h0.4.14 h0.6.12 h1.0.11 h2.5.1j h0.2.13 n "
    "h1.5.13 h2.7.16 h0.5.21 h0.6.18 h0.1.22 v0 h0.3.14 n h2.3.4 h1.3.19 h1.7.13 h1.3.19 "
    "h0.3.1j h2.1.17 h2.5.12 h2.0.5 h1.7.21 n h0.0.20j n h0.7.8j h1.2.17 h1.5.4 h2.3.9 "
    "h1.0.16 n v0 h0.3.5 h2.1.12j h2.3.3 h0.3.16 h2.4.1 h1.6.9 w2 h1.0.10 h1.1.8 n w1 "
    "h1.1.0 h2.2.6j h2.4.11 h0.1.9 h0.5.11 h0.1.4 h1.2.4 h1.3.10 h1.4.20 h2.4.16j n "
    "h0.4.11 h0.5.3j h0.1.22 h1.7.1 n h2.7.5j h2.7.21 h0.0.9 h0.1.9 h0.1.19 n h1.0.0j "
    "h2.2.22 w0 h2.0.23 n h2.7.19 h2.7.9 w1 h2.2.20 h0.0.16 h0.0.23 n h0.5.4 h2.0.14 "
    "h0.5.22 h1.6.20 h1.0.20 n h0.7.8 h0.4.7 h1.3.18 h2.6.4 w0 h1.0.4 n v0 h2.1.7j "
    "h0.0.3j h0.4.22 n h0.7.18 v0 h1.6.23 h1.1.11 h0.7.12j h0.2.12 v0 w1 w1 n h1.5.3 w2 "
    "h2.4.17j h2.4.2 h0.5.13 h0.5.16 w1 n w0 h1.6.8 h1.0.3j h0.6.7 h2.0.5 h1.3.9 n w0 "
    "h1.2.14 h2.5.13 h2.3.17 h1.5.17 h1.3.1 h2.3.13 v0 w1 h2.4.16j n h0.4.6 h1.0.19 "
    "h2.1.20 h2.3.14 h2.1.8 h2.7.3 w0 h0.0.7 h0.2.15 n h1.2.6 h1.7.1 h0.6.18j h0.6.5 "
    "h1.3.8 h0.1.16"
)

FOUR = (
    "c1234 h3.4.7 h0.6.19 h2.5.15 h0.7.14 w3 h0.2.23 h2.3.8 n h1.1.6 h3.0.7 h2.0.18 "
    "h0.0.6j n h2.5.22j h3.0.16j v0 h1.2.18 h3.5.23 n h0.4.2j h2.1.18 h3.1.3 h1.3.22 "
    "h3.6.9 h2.0.16 n h3.0.6 h0.1.0 h2.6.4 h3.1.14 n w1 h2.5.17 h1.0.1 h2.6.15 w0 h3.0.15 "
    "h0.3.9 h2.0.0 h3.7.8 h1.1.2 h1.1.4 h2.0.3 h3.0.21 h2.7.2 n h1.2.0 h2.6.11j h0.3.10 "
    "h2.5.5 h3.4.6 h0.5.22 h0.1.10 v1 h2.0.7 n h1.6.7 h2.0.1 w3 w2 h3.2.0 h2.4.10 h3.7.22 "
    "h0.1.5 h3.2.19 v1 h2.0.11 n h0.4.23 h2.2.14 w0 w0 h3.0.14 h1.4.22 n v1 w2 h0.3.13 "
    "h2.0.20 h3.6.6 h2.3.23 n h0.4.11j h2.7.9 h3.0.13 h2.5.4 h2.0.10 w0 h0.4.8 w2 h3.1.1 "
    "h2.7.21j n h2.0.18 h0.7.6 h0.4.13 w2 h2.7.14 v0 h3.2.16 h0.0.16 n h2.5.19j v0 h3.7.0 "
    "h3.0.23 h0.5.7 h2.1.3 w3 h3.5.13j h1.2.20 w2 h2.4.1 n h3.3.0 h2.0.16 h3.0.15 "
    "h0.4.21j h1.0.0 w3 h0.4.15 n h2.2.20 h1.0.2j h0.4.23j h2.7.19 h1.0.13 h3.1.0j n "
    "h3.0.19 h2.0.15 h2.0.12 h1.5.5 h3.4.0 h2.1.22 n h1.0.17 h3.0.16 n h0.0.9 h2.0.1 n "
    "h2.0.3 h1.7.11 h0.4.10 h1.2.14 h1.0.8 h2.4.14 h0.6.12 h1.0.11 h1.5.1j h3.2.13 n "
    "h3.5.13 h1.7.16 h3.5.21 h0.6.18 h2.1.22 v0 h0.3.14 h0.2.3 h2.4.11 h1.6.23 w0 h3.2.1 "
    "h3.0.6 h1.1.15 n h2.5.22 h3.0.7 h3.2.12 h0.0.18 h0.7.8j h1.2.17 h0.5.4 h2.3.9 "
    "h1.0.16 v0 h0.1.19 h2.5.17 h0.2.3 h2.0.11j h3.4.20 n h1.6.9 w3 h2.0.10 h0.1.8 v1 "
    "h2.2.19 n h2.2.6j h0.4.11 h1.1.9 h0.5.11 h0.1.4 h3.2.4 h2.3.10 h0.4.20 h3.4.16j "
    "h1.1.20 h3.1.5 h2.0.17 n h3.7.1 w1 h1.7.6 h1.1.13 h3.4.16 h3.0.2 h1.5.16 n h0.2.21 "
    "w2 w1 h2.0.23 n h2.7.19 h0.7.9 w3 h2.2.20 h3.0.16 h2.0.23 h1.6.13 n h2.0.14 h3.5.22 "
    "h1.6.20 h2.0.20 h3.7.11 h2.2.13 n h2.7.3 h1.2.22 h3.0.6 h1.4.23 n h2.1.18 h0.5.11 "
    "h0.2.4 h1.4.19 h1.2.8 h2.7.4 h0.3.21j h2.0.12j n w1 h0.6.16 w2 h3.0.18 h1.3.7j w0 "
    "h0.0.19 h2.3.2 h1.6.11 h1.7.8 h0.1.20 h0.0.14j h2.4.16 n h2.7.11 h3.5.4j h2.1.19 w1 "
    "h0.2.14 h3.5.13 h2.3.17 h1.5.17 h2.3.1 h3.3.13 v1 w1 h2.4.16j n h3.4.6 h1.0.19 "
    "h3.1.20 h2.3.14 h0.1.8 h2.7.3 n v0 h3.0.11j h1.7.14 h3.2.6 h0.7.1 n h1.2.16 h3.5.9 "
    "h1.0.3 h3.0.19 n h1.6.11 h0.1.1 h2.7.16 h1.6.1 h1.7.23j h3.4.5 h1.4.13"
)

PAIRS = (
    "c1234 h1.4.7 h2.6.19 h0.5.15 h2.7.14 w1 h0.2.23 n h2.0.10 h1.1.6 h3.0.7 h0.0.18 n "
    "h3.6.8 h0.5.22j h3.0.16j v0 h1.2.18 n w3 h3.6.16 h0.4.17 h2.5.6 h1.7.21 h2.1.2 "
    "h0.4.11j h2.5.23 n h0.0.6 h2.1.12 w0 w0 v0 w1 h0.5.17 n h3.5.23 h0.5.23 w2 w2 h3.0.9 "
    "n h0.0.7 h2.0.3j n h1.1.10 v0 w2 h2.7.2 h0.2.0j h3.4.12 h1.2.0 h2.6.11j h0.3.10 "
    "h2.5.5 h1.4.6 h2.5.22 n h1.2.1 h2.2.20j h1.4.19 h3.1.2 h1.5.13 w2 h3.2.0 n h0.2.9 "
    "h3.3.21 h1.1.22 h2.7.22 h0.3.0 n w2 h2.7.20 w0 h0.2.20j h2.4.0 h1.0.20 n h2.1.12 "
    "h0.6.8 h2.2.20j h0.7.23 n h2.3.23 h0.2.10 v0 h3.1.21j h0.5.18 h2.4.12 h1.5.7 "
    "h3.6.12j h1.2.18 n h3.0.8j h1.3.14 w3 h2.0.7 h0.5.12 w3 n h3.0.14 v0 h1.2.16 h2.0.16 "
    "h1.1.13 n v0 h3.7.0 h1.0.23 h2.5.7 h0.1.3 w3 h3.5.13j n h0.4.8 w3 h2.1.6j h1.3.0 "
    "h2.0.16 n h1.2.6 h3.1.23 w0 v0 h0.4.15 h3.2.2 h1.3.16 h2.4.20 h0.1.23 h2.2.16 n "
    "h1.1.0j h2.4.8 h1.0.8 h3.2.0 h0.6.5 h2.3.4j h1.7.1 h2.7.0j h1.5.17j n h2.6.23j "
    "h0.2.14j h3.1.10 h0.5.22 n h2.4.12 h0.2.2 h2.7.8 h0.4.14 h2.6.12 h1.0.11 h3.5.1j "
    "h1.2.13 w2 n h2.3.12 h0.1.7 h3.0.14 h1.2.21 n h3.4.9 h1.1.14 h2.4.17 h0.3.21 h2.0.13 "
    "n h0.0.19 h3.3.1j h1.1.17 h2.5.12 h0.0.5 n h3.7.2 h0.4.0 h2.0.15j n h1.2.17 h2.5.4 "
    "h0.3.9 h3.0.16 n v0 h1.3.5 h3.1.12j h0.3.3 h3.3.16 h1.4.1 h3.6.9 w1 h0.0.10 n h3.0.4 "
    "h0.2.13 v0 h3.1.10 w0 h0.5.19 h3.7.8 h1.5.18j n h2.1.1 h0.4.22 h2.6.4 h1.0.17j n "
    "h3.1.9 h0.0.9 h2.2.8 h0.3.23 n h3.5.23 h0.0.6 h3.1.13 h1.4.16 h3.0.2 n h1.0.1 "
    "h2.2.21 w0 w1 h0.0.23 n h2.7.19 h0.7.9 w3 h2.2.20 h1.0.16 h2.0.23 n h0.5.4 h2.0.14 "
    "h1.5.22 h3.6.20 h0.0.20 n h3.7.8 h0.4.7 h3.3.18 h1.6.4 w3 h2.0.4 h0.4.9 n h2.5.11 "
    "h0.2.4 h3.4.19 h1.2.8 h2.7.4 h0.3.21j h2.0.12j n w1 h0.6.16 w2 h3.0.18 h1.3.7j n "
    "h3.4.17j h0.4.2 h3.5.13 h0.5.16 w3 h2.4.13 h1.6.8 h2.0.3j n h0.7.11 h3.5.4j h0.1.19 "
    "w3 h2.2.14 h1.5.13 h2.3.17 n h0.1.21j h2.0.1 n h0.5.11 v0 h3.1.16 h0.5.3 h2.1.4 "
    "h1.2.5j h2.2.14 h0.6.2 n h2.6.19 h1.6.18j h3.0.11j n h1.1.19 h2.5.18 h1.7.1 h2.0.15 "
    "n h1.0.19 h3.3.5 h1.0.16"
)



def decode(text):
    events = []
    for word in text.split():
        kind = word[0]
        if kind == "c":
            events.append({"t": "cut", "seed": int(word[1:])})
        elif kind == "h":
            joker = word[-1] == "j"
            parts = (word[1:len(word) - 1] if joker else word[1:]).split(".")
            event = {"t": "hand", "declarer": int(parts[0]), "d": int(parts[1]),
                     "o": int(parts[2])}
            if joker:
                event["joker"] = True
            events.append(event)
        elif kind == "w":
            events.append({"t": "wrong", "declarer": int(word[1:])})
        elif kind == "v":
            events.append({"t": "void", "table": int(word[1:])})
        else:
            events.append({"t": "new_game"})
    return events


def keep_events_two():
    return decode(TWO)


def keep_fold_two():
    return fold(dumbo, CONFIGS["two"], decode(TWO))


def keep_events_three():
    return decode(THREE)


def keep_fold_three():
    return fold(dumbo, CONFIGS["three"], decode(THREE))


def keep_events_four():
    return decode(FOUR)


def keep_fold_four():
    return fold(dumbo, CONFIGS["four"], decode(FOUR))


def keep_events_pairs():
    return decode(PAIRS)


def keep_fold_pairs():
    return fold(dumbo, CONFIGS["pairs"], decode(PAIRS))


def _summary(name, text):
    # The same matches compared across interpreters (one a case: ~150 KB each).
    events = decode(text)
    view = dumbo.view(fold(dumbo, CONFIGS[name], events))
    return [len(events), view["game_no"], view["totals"], len(view["games"]), view["last"]]


def case_bench_match_two():
    return _summary("two", TWO)


def case_bench_match_three():
    return _summary("three", THREE)


def case_bench_match_four():
    return _summary("four", FOUR)


def case_bench_match_pairs():
    return _summary("pairs", PAIRS)


# One hand applied, for the cost of entering cards (the solver) against counts.
_SEATED = []


def _seated():
    if not _SEATED:
        _SEATED.append(dumbo.apply(dumbo.new_match({"players": 2}), {"t": "seat", "dealer": 1}))
    return _SEATED[0]


def keep_hand_counts():
    return dumbo.apply(_seated(), {"t": "hand", "declarer": 0, "d": 5, "o": 2, "joker": True})


def keep_hand_0_import():
    # Loads the cards path (dumbo_cards and the meld solver) and seats the match,
    # so the cases below measure one hand, not compiling modules.
    from parlour_rules import melds
    from parlour_rules.dumbo import cards as dumbo_cards
    from parlour_rules.melds import check as melds_check
    from parlour_rules.melds import show as melds_show

    return [dumbo_cards, melds, melds_check, melds_show, _seated()]


def keep_hand_cards():
    # The D-3 example: d 5, the opponent left with 2CI + Joker.
    return dumbo.apply(_seated(), {"t": "hand", "declarer": 0,
                                 "declarer_cards": "5CI 6CI 7CI 5SQ 6SQ 7SQ 3ST 2DI",
                                 "opponent_cards": "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ"})


def keep_hand_cards_dense():
    # Welds crossing everywhere (three 4s, two runs through the same numbers),
    # and an opponent holding the cards that extend them.
    return dumbo.apply(_seated(), {"t": "hand", "declarer": 0,
                                 "declarer_cards": "4SQ 5SQ 6SQ 4CI 5CI 6CI 4DI 1ST",
                                 "opponent_cards": "3SQ 7SQ 3CI 7CI 6DI 3DI 4ST 5ST"})

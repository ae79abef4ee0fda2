# Golden Dartex matches folded on MicroPython: the events of tests/golden/dartex/*.json
# written compactly (one event per "/": "c=s77" cut by seed, "c=d2" dealer given,
# "x" exchange, "p" pass, "d" deal, else the throw's three tokens). The views at every
# hand's end and at the end must be CPython's (test_portable.py), and CPython's must be
# the stored ones (tests/rules/test_dartex_golden.py). "long" (4 players, 300 events) is
# also the fold measured by bench/fold_dartex.py.
from parlour_rules import dartex
from parlour_rules.log import MatchLog, fold

# -- golden (written by tests/rules/test_dartex_golden.py --write) --
GOLDEN = {
    'four': ({'players': 4, 'target': 500, 'names': ['North', 'East', 'South', 'West']},
        'c=d0/x/8 25 CHAMP=8/DOUBLE BULL DOUBLE/x/x/4 5 FOUL@3.1/4 5 3/CHAMP=15 14 DOUBLE'
        '/DOUBLE 4 3/9 8 10/d/x/x/FOUL DOUBLE BULL/x/12 DOUBLE DOUBLE/6 OFF DOUBLE/x/x/TR'
        'EBLE 9 10/16 CHAMP=15 CHAMP=14/x/20 19 19/x/BULL WIRE@2.2 9/d/7 DOUBLE 8/DOUBLE '
        'BULL FOUL@3.1/x/DOUBLE DOUBLE 20/x/x/x/x/2 3 1/12 13 CHAMP=14/TREBLE DOUBLE BULL'
        '/5 7 6/x/x/x/x/OFF 11 CHAMP=10/d/x/x/x/x/WIRE BULL DOUBLE/OFF 18 DOUBLE/18 14 14'
        '/x/x/15 13 CHAMP=14/20 25 CHAMP=19/1 9 CHAMP=9/5 BULL 6/CHAMP=19 17 CHAMP=18/d/D'
        'OUBLE 14 FOUL/8 17 17/DOUBLE 5 6/x/x/TREBLE DOUBLE 4/25 OFF DOUBLE/DOUBLE 12 13/'
        'TREBLE 15 OFF/BULL OFF DOUBLE'),
    'long': ({'players': 4, 'target': 2500},
        'c=s5/x/x/19 DOUBLE DOUBLE/CHAMP=19 7 7/x/x/BULL FOUL@0.1 OFF/BULL DOUBLE OFF/13 '
        '13 BULL/x/3 4 5/d/BULL FOUL DOUBLE/7 DOUBLE 6/20 25 DOUBLE/x/x/3 TREBLE 2/FOUL@0'
        '.2 TREBLE BULL/BULL DOUBLE OFF/x/2 3 4/d/25 DOUBLE FOUL/20 8 8/15 16 DOUBLE/3 3 '
        '20/10 9 OFF/11 10 DOUBLE/7 FOUL@0.1 6/BULL TREBLE DOUBLE/x/11 CHAMP=12 10/d/x/6 '
        'DOUBLE 5/DOUBLE OFF 6/x/FOUL@3.1 DOUBLE BULL/11 10 12/7 BULL 8/DOUBLE OFF 19/17 '
        '18 19/17 18 19/d/10 4 4/3 3 7/BULL DOUBLE DOUBLE/DOUBLE 7 6/x/x/4 6 5/18 19 17/x'
        '/FOUL@1.2 CHAMP=16 CHAMP=15/8 10 9/d/DOUBLE DOUBLE BULL/DOUBLE 10 9/BULL WIRE@0.'
        '1 DOUBLE/17 16 DOUBLE/BULL WIRE@3.1 OFF/BULL FOUL@1.1 WIRE@3.2/DOUBLE FOUL@0.2 B'
        'ULL/CHAMP=1 2 3/19 20 OFF/16 CHAMP=15 17/WIRE@0.3 FOUL@3.3 BULL/d/13 BULL 13/x/D'
        'OUBLE 15 DOUBLE/25 4 25/x/WIRE@0.1 CHAMP=4 DOUBLE/x/18 OFF WIRE@3.1/7 BULL OFF/x'
        '/x/6 8 7/x/x/20 18 19/x/OFF TREBLE CHAMP=19/CHAMP=16 FOUL@3.3 17/2 3 BULL/d/16 C'
        'HAMP=16 BULL/x/10 10 CHAMP=18/3 4 DOUBLE/6 WIRE@1.1 7/x/OFF DOUBLE BULL/14 13 WI'
        'RE@1.2/20 BULL 25/7 7 20/FOUL@2.1 BULL FOUL@3.2/d/x/17 17 BULL/1 1 2/5 9 5/DOUBL'
        'E 19 DOUBLE/TREBLE 11 CHAMP=10/TREBLE 16 DOUBLE/DOUBLE 4 5/x/x/11 10 OFF/d/DOUBL'
        'E 16 15/CHAMP=19 DOUBLE 20/CHAMP=18 DOUBLE WIRE@0.1/OFF BULL DOUBLE/WIRE@1.1 TRE'
        'BLE BULL/CHAMP=4 3 2/6 7 8/DOUBLE 5 4/x/16 BULL TREBLE/x/x/12 13 14/d/x/DOUBLE W'
        'IRE BULL/TREBLE DOUBLE 2/x/DOUBLE WIRE@1.1 9/BULL OFF OFF/20 25 19/18 DOUBLE FOU'
        'L@2.1/x/CHAMP=19 OFF 20/5 OFF BULL/d/8 DOUBLE 7/13 DOUBLE 14/x/BULL 14 14/x/TREB'
        'LE 4 3/CHAMP=19 5 5/DOUBLE WIRE@1.1 13/19 FOUL@2.2 DOUBLE/TREBLE BULL OFF/d/x/FO'
        'UL CHAMP=18 DOUBLE/5 9 5/x/BULL DOUBLE FOUL@3.1/x/x/25 25 10/OFF BULL DOUBLE/WIR'
        'E@2.2 7 8/DOUBLE DOUBLE 12/x/BULL WIRE@1.1 WIRE@2.1/x/14 15 FOUL@2.3/d/x/14 BULL'
        ' 14/x/2 19 2/7 1 1/WIRE@0.1 WIRE@2.1 13/x/OFF 14 15/x/2 1 DOUBLE/x/5 3 4/BULL 2 '
        'BULL/FOUL@3.2 5 6/d/x/x/DOUBLE 6 WIRE/10 DOUBLE 9/19 18 DOUBLE/DOUBLE 5 4/DOUBLE'
        ' OFF BULL/16 CHAMP=15 OFF/x/7 9 8/5 WIRE@3.2 4/d/OFF 3 DOUBLE/8 9 DOUBLE/x/x/WIR'
        'E@2.1 17 18/8 CHAMP=7 CHAMP=9/7 CHAMP=6 DOUBLE/DOUBLE OFF BULL/8 9 CHAMP=7/d/9 9'
        ' 11/15 CHAMP=15 15/13 11 13/15 DOUBLE 14/x/x/18 17 16/OFF 15 TREBLE/CHAMP=25 CHA'
        'MP=19 20/x/x/BULL TREBLE DOUBLE/d/17 16 DOUBLE/3 3 11/x/DOUBLE TREBLE BULL/WIRE@'
        '0.1 20 25/x/DOUBLE WIRE@3.1 BULL/7 OFF 6/TREBLE WIRE@2.2 9/FOUL@2.1 BULL 5/15 DO'
        'UBLE 14/x/FOUL@3.2 BULL WIRE@1.2/d/17 20 20/DOUBLE 6 5/DOUBLE WIRE@1.1 14/x/19 1'
        '8 17/FOUL@0.2 BULL TREBLE/x/4 TREBLE DOUBLE/15 16 17/d/20 6 20/x/x/WIRE@1.1 DOUB'
        'LE 3/10 DOUBLE TREBLE/DOUBLE BULL DOUBLE/25 DOUBLE 20/x/TREBLE BULL DOUBLE/WIRE@'
        '2.1 8 CHAMP=7/13 14 15/x/13 CHAMP=11 12/d/x/BULL DOUBLE WIRE/FOUL@3.1 DOUBLE BUL'
        'L/DOUBLE 7 8/OFF DOUBLE CHAMP=20/x/9 10 CHAMP=8/x/x/OFF BULL WIRE@0.1/x/DOUBLE 8'
        ' DOUBLE/16 FOUL@3.1 15/x/DOUBLE CHAMP=2 3/8 7 BULL/d/x/x/5 5 15/8 7 DOUBLE/x/DOU'
        'BLE 7 TREBLE/x/DOUBLE CHAMP=17 FOUL@2.1/19 DOUBLE WIRE@2.2/9 TREBLE 10/x/CHAMP=1'
        '3 14 CHAMP=15/25 20 19/13 12 CHAMP=14/d/OFF DOUBLE BULL/x/CHAMP=25 DOUBLE 20/1 1'
        ' BULL/OFF 16 15/BULL DOUBLE OFF/x/WIRE@0.1 BULL OFF/CHAMP=19 25 20/DOUBLE 15 16/'
        'TREBLE 15 WIRE@3.2/DOUBLE 12 11/CHAMP=2 1 DOUBLE'),
    'three': ({'players': 3, 'target': 500, 'names': ['Ann', 'Bob', 'Cyd']},
        'c=s77/x/x/8 25 CHAMP=8/DOUBLE BULL DOUBLE/x/x/4 5 FOUL@1.1/12 DOUBLE 11/7 6 BULL'
        '/3 WIRE@0.1 4/d/x/x/FOUL BULL DOUBLE/x/FOUL@1.1 DOUBLE BULL/8 CHAMP=9 7/16 17 DO'
        'UBLE/x/TREBLE 9 10/d/TREBLE CHAMP=15 DOUBLE/x/x/BULL OFF 20/DOUBLE 14 15/x/8 7 9'
        '/d/2 9 2/DOUBLE DOUBLE 20/x/x/x/x/2 3 1/12 13 CHAMP=14/TREBLE DOUBLE BULL/5 7 6'),
    'two': ({'players': 2, 'target': 500},
        'c=d1/DOUBLE BULL OFF/2 2 BULL/FOUL@0.1 OFF BULL/15 14 BULL/x/4 5 TREBLE/OFF BULL'
        ' FOUL@1.1/19 CHAMP=25 20/d/DOUBLE BULL DOUBLE/DOUBLE 16 WIRE@1.1/9 TREBLE CHAMP='
        '10/20 19 FOUL@0.1/x/x/CHAMP=17 15 16/CHAMP=15 13 14/WIRE@1.2 BULL WIRE@0.2/BULL '
        'DOUBLE OFF/x/x/OFF BULL TREBLE/x/x/x/10 WIRE@0.1 11/d/DOUBLE BULL 14/DOUBLE 5 FO'
        'UL@0.1/TREBLE BULL 2/x/20 19 18/x/15 16 14/d/BULL 10 CHAMP=10/8 BULL DOUBLE/20 1'
        '9 TREBLE/17 18 19/19 FOUL@1.1 20/CHAMP=18 17 16/x/2 OFF CHAMP=1'),
}
# -- end golden --


def encode(events):
    words = []
    for event in events:
        kind = event["t"]
        if kind == "cut":
            words.append("c=s%d" % event["seed"] if "seed" in event else "c=d%d" % event["dealer"])
        elif kind == "throw":
            words.append(" ".join(event["cards"]))
        else:
            words.append("x" if kind == "exchange" else kind[0])
    return "/".join(words)


def decode(text):
    # The list is made at its full size at once: growing it would leave freed holes
    # in the heap that every later allocation of the fold scans past (GC off).
    words = text.split("/")
    events = [None] * len(words)
    for i in range(len(words)):
        word = words[i]
        if word.startswith("c=s"):
            event = {"t": "cut", "seed": int(word[3:])}
        elif word.startswith("c=d"):
            event = {"t": "cut", "dealer": int(word[3:])}
        elif word == "x":
            event = {"t": "exchange"}
        elif word == "p":
            event = {"t": "pass"}
        elif word == "d":
            event = {"t": "deal"}
        else:
            event = {"t": "throw", "cards": word.split(" ")}
        events[i] = event
    return events


def match(name):
    config, text = GOLDEN[name]
    return config, decode(text)


def transcript(config, events):
    # The view at the end of every hand, and the final view.
    state = dartex.new_match(config)
    hands = []
    for event in events:
        state = dartex.apply(state, event)
        if event["t"] != "deal" and state["phase"] != "play" and state["phase"] != "cut":
            hands.append(dartex.view(state))
    return {"hands": hands, "view": dartex.view(state)}


def case_golden_two():
    config, events = match("two")
    return transcript(config, events)


def case_golden_three():
    config, events = match("three")
    return transcript(config, events)


def case_golden_four():
    config, events = match("four")
    return transcript(config, events)


def case_golden_long():
    config, events = match("long")
    return transcript(config, events)


def case_decode_long():
    # What decoding alone costs, for bench/fold_dartex.py to subtract.
    return len(match("long")[1])


def case_fold_long():
    config, events = match("long")
    return fold(dartex, config, events)["banked"]


def case_fold_view_long():
    # The fold and then one view of the final state (a screen redraw).
    config, events = match("long")
    return dartex.view(fold(dartex, config, events))["totals"]


def keep_log_long():
    # The whole match as the device holds it: the log's events and the state.
    config, events = match("long")
    return MatchLog("dartex", config, events)


def keep_fold_long():
    # The folded state of the 300-event match: the heap a match holds on the board.
    # The decoded events are dropped first, so only the state is measured.
    config, events = match("long")
    state = fold(dartex, config, events)
    events.clear()
    return state

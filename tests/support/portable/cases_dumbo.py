# Dumbo on both interpreters: the sheet's worked examples, refusals, and the full
# matches whose views after every event are the golden transcripts in
# tests/golden/dumbo/ (checked by tests/rules/test_dumbo_golden.py on CPython and on
# MicroPython).

from parlour_rules import dumbo
from parlour_rules.log import MatchLog

N, E, S, W = 0, 1, 2, 3


def _h(declarer, d, o, joker=False):
    event = {"t": "hand", "declarer": declarer, "d": d, "o": o}
    if joker:
        event["joker"] = True
    return event


def _wrong(declarer, d=None):
    event = {"t": "wrong", "declarer": declarer}
    if d is not None:
        event["d"] = d
    return event


def _cards(declarer, mine, theirs):
    return {"t": "hand", "declarer": declarer, "declarer_cards": mine, "opponent_cards": theirs}


def _seat4():
    return {"t": "seat", "north": N, "east": E, "south": S, "west": W}


def matches():
    # name -> (title, config, events): each a whole match, to the end of a game.
    # Built on call, so importing this module costs the guests little heap.
    return {
        "two": (
            "two players: undercut, tie, wrong declaration, void hand, Octad, game, "
            "a second game with Vertex",
            {"players": 2, "names": ["Ann", "Bob"]},
            [
                {"t": "cut", "seed": 7},
                _h(0, 3, 25),
                _h(0, 6, 2),
                _h(1, 5, 5),
                _wrong(0, 9),
                _h(0, 5, 2, True),
                {"t": "void"},
                _h(1, 0, 4),
                _h(0, 4, 9),
                _h(0, 2, 30),
                {"t": "new_game"},
                _h(0, 1, 20),
                _h(0, 0, 31),
            ],
        ),
        "three": (
            "three players: the odd man out plays the winner; a penalty ends the game mid-hand",
            {"players": 3, "names": ["Ann", "Bob", "Cat"], "penalty": 15},
            [
                {"t": "cut", "seed": 12},
                _h(1, 4, 13),
                _h(2, 6, 1),
                _h(0, 2, 2),
                {"t": "void"},
                _h(1, 0, 2),
                _h(0, 3, 18),
                _h(2, 1, 9),
                _wrong(2, 20),
            ],
        ),
        "four": (
            "four players at two tables: the sheet's deals (North-South +12, East-West "
            "+21), penalties and a void table within a deal",
            {"players": 4, "names": ["Nan", "Eve", "Sam", "Wes"]},
            [
                _seat4(),
                _h(N, 3, 23),
                _h(W, 2, 10),
                _h(E, 1, 8),
                _h(W, 2, 16),
                _wrong(S, 11),
                {"t": "void", "table": 1},
                _h(N, 4, 4),
                _h(S, 5, 1, True),
                _h(N, 0, 15),
                _h(E, 2, 9),
                _h(S, 3, 30),
                _h(N, 1, 3),
            ],
        ),
        "pairs": (
            "four players at one table: N v E and S v W alternate, the winner's partner deals",
            {"players": 4, "tables": 1, "names": ["Nan", "Eve", "Sam", "Wes"], "octad_bonus": 25},
            [
                {"t": "cut", "seed": 99},
                _h(N, 2, 14),
                _h(W, 3, 3),
                _h(E, 2, 7),
                _wrong(W, 8),
                _h(S, 0, 6),
            ],
        ),
        "cards": (
            "two players, hands entered as cards and solved (D-14)",
            {"players": 2, "names": ["Ann", "Bob"], "target": 100},
            [
                {"t": "seat", "dealer": 1},
                _cards(0, "5CI 6CI 7CI 5SQ 6SQ 7SQ 3ST 2DI", "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ"),
                _cards(0, "1SQ 2SQ 3SQ 4SQ 9CI 9DI 9ST 2CI", "5SQ 7CI 1DI 2ST 3ST 11ST 10ST 10CI"),
                _cards(0, "(1SQ 2SQ 3SQ) 4SQ 9CI 9DI 11ST 2CI", "5SQ 7CI 1DI 2ST 3ST 9ST 10ST 10CI"),
                _cards(0, "(4SQ 5SQ 6SQ 7SQ) (9CI 9DI 9ST 9SQ)", "3SQ 8SQ 11CI 11DI 10ST 8DI 7CI 6DI"),
            ],
        ),
    }


def transcript(name):
    # -> [view after new_match, view after each event]
    _, config, events = matches()[name]
    match = MatchLog("dumbo", config)
    views = [match.view()]
    for event in events:
        match.append(event)
        views.append(match.view())
    return views


def case_golden_two():
    return transcript("two")


def case_golden_three():
    return transcript("three")


def case_golden_four():
    return transcript("four")


def case_golden_pairs():
    return transcript("pairs")


def case_golden_cards():
    return transcript("cards")


# -- the sheet's worked examples ----------------------------------------------------

def _seated(players, tables=1):
    state = dumbo.new_match({"players": players, "tables": tables})
    if players == 2:
        return dumbo.apply(state, {"t": "seat", "dealer": 0})
    return dumbo.apply(state, _seat4())


def _fold(state, events):
    for event in events:
        state = dumbo.apply(state, event)
    return dumbo.view(state)


def case_worked_north_south_plus_12():
    view = _fold(_seated(4, 2), [_h(N, 3, 23), _h(W, 2, 10)])
    return [view["totals"], view["last"]]


def case_worked_east_west_plus_21():
    view = _fold(_seated(4, 2), [_h(E, 1, 8), _h(W, 2, 16)])
    return [view["totals"], view["last"]]


def case_worked_d6_o2_opponent_14():
    view = _fold(_seated(2), [_h(0, 6, 2)])
    return [view["totals"], view["last"]]


def case_worked_d5_joker_declarer_7():
    view = _fold(_seated(2), [_h(0, 5, 2, True)])
    return [view["totals"], view["last"]]


def case_worked_d5_joker_from_cards():
    view = _fold(_seated(2), [_cards(0, "5CI 6CI 7CI 5SQ 6SQ 7SQ 3ST 2DI",
                                     "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ")])
    return [view["totals"], view["last"]]


def case_view_gives_the_last_hand_as_fields():
    # a program reads counts, Octad, Joker and winner from fields, never the line
    out = []
    for events in ([_h(0, 5, 2, True)], [_wrong(1, 9)], [_h(1, 0, 4)], [_h(0, 5, 5)]):
        fields = _fold(_seated(2), events)["last_hand"]
        out.append(sorted(fields.items()))
    return out


def case_hand_points_agrees_with_the_fold():
    # views.hand_points (a screen's preview) against the engine's own D-7, every d
    from parlour_rules.dumbo.state import S_LAST
    from parlour_rules.dumbo.views import hand_points

    seated = _seated(2)
    bad = []
    for d in range(8):
        for o in range(0, 85, 3):
            last = dumbo.apply(seated, _h(0, d, o))[S_LAST]
            if tuple(last[6:8]) != hand_points(d, o, 20, 10):
                bad.append((d, o))
    return bad


# -- refusals (each must raise RulesError with a message that fits a line) ------------

def case_refuse_count_8_declared_valid():
    return dumbo.apply(_seated(2), _h(0, 8, 20))


def case_refuse_negative_count():
    return dumbo.apply(_seated(2), _h(0, 3, -2))


def case_refuse_player_not_at_table():
    return dumbo.apply(_seated(4, 1), _h(S, 2, 9))


def case_refuse_no_such_seat():
    return dumbo.apply(_seated(2), _h(5, 2, 9))


def case_refuse_before_the_cut():
    return dumbo.apply(dumbo.new_match({"players": 3}), _h(0, 2, 9))


def case_refuse_finished_table_waits():
    return dumbo.apply(dumbo.apply(_seated(4, 2), _h(N, 2, 9)), _h(E, 2, 9))


def case_refuse_wrong_with_a_legal_count():
    return dumbo.apply(_seated(2), _wrong(0, 5))


def case_refuse_bad_card():
    return dumbo.apply(_seated(2), _cards(0, "1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 12SQ",
                                          "1CI 2CI 3CI 4CI 5CI 6CI 7CI 8CI"))


def case_refuse_card_twice():
    return dumbo.apply(_seated(2), _cards(0, "1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 8SQ",
                                          "8SQ 2CI 3CI 4CI 5CI 6CI 7CI 8CI"))


def case_refuse_bad_config():
    return dumbo.new_match({"players": 6})


def case_refused_event_changes_nothing():
    state = _seated(2)
    before = [state[i] for i in range(len(state))]
    try:
        dumbo.apply(state, _h(0, 9, 20))
    except dumbo.RulesError as e:
        return [e.code, state == before, dumbo.view(state)["totals"]]
    return "accepted"

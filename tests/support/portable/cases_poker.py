# Poker Rum / Gin on both interpreters: the sheet's worked examples, R-4..R-8,
# R-11, and refusals (each case_refuse_* must raise RulesError, <= 20 chars).
from parlour_rules import log, poker


def match(config, events):
    return log.MatchLog("poker", config, events)


def hand(caller, deadwood):
    return {"t": "hand", "caller": caller, "deadwood": deadwood}


RUM4 = {"variant": "rum", "players": 4, "names": ["Cal", "Ann", "Bea", "Dan"]}


def case_r5_worked_example_tie_odd_point():
    view = match(RUM4, [hand(0, [9, 5, 5, 20])]).view()
    return [view["totals"], view["last"]["line"], view["last"]["payments"], view["settle"]]


def case_r5_worked_example_rum_19():
    return match({"variant": "rum", "players": 2}, [hand(0, [9, 28])]).view()["totals"]


def case_r6_worked_example_gin_11():
    return match({"variant": "gin", "players": 2}, [hand(0, [9, 8])]).view()["totals"]


def case_r6_gin_pool_and_lowest_only():
    a = match({"variant": "gin", "players": 3}, [hand(0, [9, 8, 8])]).view()["totals"]
    b = match({"variant": "gin", "players": 3}, [hand(0, [9, 7, 3])]).view()["totals"]
    return [a, b]


def case_r7_false_call_hand_goes_on():
    m = match({"variant": "gin", "players": 4}, [{"t": "false_call", "caller": 2}])
    view = m.view()
    return [view["totals"], view["dealer"], view["hands"], view["last"]["line"]]


def case_r8_target_after_the_hand():
    m = match({"variant": "rum", "players": 2, "target": 5},
              [{"t": "false_call", "caller": 0}, hand(0, [1, 4])])
    view = m.view()
    return [view["over"], view["totals"], view["leaders"]]


def case_r11_void_passes_the_deal():
    view = match(dict(RUM4, dealer=3), [{"t": "void"}]).view()
    return [view["dealer"], view["hands"], view["last"]["line"]]


def case_c3_cut():
    view = match(RUM4, [{"t": "cut", "seed": 7}]).view()
    return [view["dealer"], view["last"]]


def case_undo_redo():
    m = match(RUM4, [hand(0, [9, 5, 5, 20]), hand(1, [30, 2, 4, 8]), {"t": "void"}])
    before = m.view()
    dropped = m.undo(2)
    middle = m.view()
    for e in dropped:
        m.append(e)
    return [middle["totals"], m.view() == before]


def case_refusal_changes_nothing():
    m = match(RUM4, [hand(0, [9, 5, 5, 20])])
    before = repr(m.state)
    out = []
    for bad in (hand(0, [9, 5, "2", 20]), hand(0, [9, 5, True, 20]), hand(0, [9, 5, 101, 20])):
        try:
            m.append(bad)
            out.append("accepted")
        except poker.RulesError as e:
            out.append(e.code)
    return [out, repr(m.state) == before]


def case_refuse_gin_caller_twelve():
    return match({"variant": "gin", "players": 2}, [hand(0, [12, 20])])


def case_refuse_seat_not_at_table():
    return match(RUM4, [hand(4, [1, 2, 3, 4])])


def case_refuse_negative_deadwood():
    return match(RUM4, [hand(0, [1, -2, 3, 4])])


def case_refuse_false_call_within_threshold():
    return match(RUM4, [{"t": "false_call", "caller": 0, "deadwood": 15}])


def case_refuse_after_target():
    return match({"variant": "rum", "players": 2, "target": 10},
                 [hand(0, [0, 20]), hand(0, [0, 1])])


def case_refuse_late_cut():
    return match(RUM4, [{"t": "void"}, {"t": "cut", "seed": 3}])


def case_refuse_nine_players():
    return poker.new_match({"variant": "rum", "players": 9})


def case_refuse_unknown_event():
    return match(RUM4, [{"t": "deal"}])

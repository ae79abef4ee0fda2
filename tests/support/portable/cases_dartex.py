# Dartex on CPython and MicroPython alike: the worked examples of docs/rules.md, every
# refusal's one-line reason, and small scripted hands.
from parlour_rules import dartex
from parlour_rules.dartex.throw import parse_card, parse_throw, read_throw, score_throw
from parlour_rules.log import MatchLog

EXAMPLES = (
    ("4 4 9", True), ("7 7 19", True), ("DOUBLE 3 4", True), ("DOUBLE 11 12", True),
    ("DOUBLE 4 5", False), ("TREBLE DOUBLE 10", False), ("TREBLE TREBLE BULL", False),
    ("4 CHAMP=5 6", False), ("18 19 CHAMP=20", False), ("OFF 5 6", False),
    ("FOUL 10 11", False), ("WIRE 19 20", False),
)


def _score(text, first=False):
    return score_throw(parse_throw(text)[0], first)


def _log(players, events, **config):
    config["players"] = players
    config["dealer"] = config.get("dealer", players - 1)
    return MatchLog("dartex", config, events)


def _throw(text):
    return {"t": "throw", "cards": text.split(" ")}


def case_worked_examples():
    # 18 38 10 34 13 60 450 15 57 11 21 39
    return [_score(text, first) for text, first in EXAMPLES]


def case_shapes_and_multipliers():
    texts = ("9 8 7", "5 DOUBLE 4", "19 20 25", "BULL 5 6", "DOUBLE OFF 10", "BULL BULL 7",
             "OFF FOUL BULL", "4 5 DOUBLE", "DOUBLE 4 TREBLE", "TREBLE BULL DOUBLE")
    return [_score(t) for t in texts] + [_score("4 4 BULL", True), _score("4 4 4", True)]


def case_tokens_read_fast_and_in_full():
    words = ("CHAMP=25", "CHAMP=9", "FOUL@2.3", "WIRE@0.1", "FOUL@12.10", "champ=7", "bull")
    return [list(parse_card(w)) for w in words] + [list(read_throw(["10", "FOUL@2.3", "11"]))]


def case_foul_and_wire_on_the_table():
    log = _log(2, [_throw("DOUBLE 4 5"), _throw("DOUBLE 3 4"), _throw("FOUL@1.1 10 11"),
                   _throw("WIRE@0.1 19 20"), _throw("FOUL@1.1 WIRE@1.1 20")])
    view = log.view()
    return [view["totals"], [s["hand_size"] for s in view["seats"]], view["targets"],
            view["last"]]


def case_hand_out_then_deal():
    events = [_throw("DOUBLE 4 5")]
    for text in ("7 8 9", "10 11 12", "13 14 15"):
        events += [{"t": "exchange"}, _throw(text)]
    log = _log(2, events + [{"t": "deal"}])
    view = log.view()
    return [view["hands"], view["totals"], view["dealer"], view["turn"], view["pack"]]


def case_everyone_passes():
    events = [{"t": "exchange"}] * 16 + [_throw("DOUBLE BULL 7")] + [{"t": "pass"}] * 4
    view = _log(4, events).view()
    return [view["ended"], view["hands"], view["phase"], view["last"]]


def case_tie_plays_another_hand():
    events = [_throw("DOUBLE DOUBLE BULL"), _throw("DOUBLE DOUBLE BULL")]
    events += [{"t": "exchange"}] * 28 + [{"t": "pass"}] * 2
    view = _log(2, events, target=100).view()
    return [view["totals"], view["phase"], view["winner"]]


def case_cut_by_seed():
    log = MatchLog("dartex", {"players": 3}, [{"t": "cut", "seed": 2024}])
    return [log.view()["dealer"], log.view()["turn"]]


def case_check_preview():
    log = _log(2, [_throw("DOUBLE 4 5")])
    return dartex.check(log.state, _throw("DOUBLE 11 12"))


def case_undo_redo():
    events = [_throw("DOUBLE 4 5"), _throw("DOUBLE 3 4"), _throw("WIRE@1.1 19 20")]
    log = _log(2, events)
    before = log.view()
    for event in log.undo(2):
        log.append(event)
    return log.view() == before


def case_refuse_first_needs_double():
    return _log(2, []).append(_throw("7 8 9"))


def case_refuse_double_3_9():
    return _log(2, []).append(_throw("DOUBLE 3 9"))


def case_refuse_pair_after_first():
    return _log(2, [_throw("DOUBLE 4 5"), _throw("DOUBLE 3 4")]).append(_throw("4 4 9"))


def case_refuse_not_a_sequence():
    return _log(2, [_throw("DOUBLE 4 5"), _throw("DOUBLE 3 4")]).append(_throw("7 9 10"))


def case_refuse_two_digit_gap():
    return _score("18 19 25")


def case_refuse_foul_needs_target():
    return _log(2, [_throw("DOUBLE 4 5")]).append(_throw("DOUBLE FOUL 5"))


def case_refuse_target_not_on_table():
    return _log(2, [_throw("DOUBLE 4 5")]).append(_throw("DOUBLE WIRE@0.2 5"))


def case_refuse_wire_then_foul_same_throw():
    log = _log(2, [_throw("DOUBLE 4 5"), _throw("DOUBLE 3 4")])
    return log.append(_throw("WIRE@1.1 FOUL@1.1 20"))


def case_refuse_pass_with_pack():
    return _log(2, []).append({"t": "pass"})


def case_refuse_exchange_empty_pack():
    return _log(4, [{"t": "exchange"}] * 16).append({"t": "exchange"})


def case_refuse_bad_card():
    return _log(2, []).append(_throw("DOUBLE 4 21"))


def case_refuse_two_cards():
    return _log(2, []).append(_throw("DOUBLE 4"))


def case_refuse_throw_before_cut():
    return MatchLog("dartex", {"players": 2}).append(_throw("DOUBLE 4 5"))


def case_refuse_deal_mid_hand():
    return _log(2, []).append({"t": "deal"})


def case_refuse_bad_players():
    return dartex.new_match({"players": 5})


def _lean_disagrees(log):
    # What dartex.screen_view, aims, table_throws and throw_of say differently from view():
    # [] when they agree (the device's screens read the lean ones).
    from parlour_rules.dartex.views import aims, table_throw, table_throws, throw_of
    from parlour_rules.tokens import format_dartex
    state = log.state
    full = dartex.view(state)
    lean = dartex.screen_view(state)
    out = []
    for key in sorted(lean):
        if key == "sizes" or key == "scores":
            field = "hand_size" if key == "sizes" else "hand_score"
            for seat in range(full["players"]):
                if lean[key][seat] != full["seats"][seat][field]:
                    out.append("seat %d %s" % (seat, field))
        elif lean[key] != full[key]:
            out.append(key)
    if ["%d.%d" % (seat, number) for seat, number in aims(state)] != full["targets"]:
        out.append("aims")
    for seat in range(full["players"]):
        shown = full["seats"][seat]["throws"]
        found = table_throws(state, seat)
        if len(found) != len(shown):
            out.append("table %d" % seat)
            continue
        for i in range(len(found)):
            number, cards, targets, value, fouled = found[i]
            tokens = [format_dartex(cards[j], targets[j] if targets else None)
                      for j in range(3)]
            if (["%d.%d" % (seat, number), tokens, value, fouled]
                    != [shown[i]["id"], shown[i]["cards"], shown[i]["value"],
                        shown[i]["fouled"]]):
                out.append("table %d.%d" % (seat, number))
            if throw_of(state, seat, number) != shown[i]:
                out.append("throw_of %d.%d" % (seat, number))
            if table_throw(state, seat, number) != found[i]:
                out.append("table_throw %d.%d" % (seat, number))
    return out


def case_screen_view_agrees_with_the_view():
    # Through a hand with Fouls, a Wire (a throw picked up), Champions, an exchange,
    # the hand's end by going out and the next deal; three players.
    texts = ("DOUBLE 4 5", "DOUBLE 3 4", "7 7 BULL", "FOUL@1.1 10 11", "WIRE@0.1 19 20",
             "CHAMP=5 6 7", "FOUL@2.1 CHAMP=12 13")
    log = _log(3, [], names=["Ann", "Bob", "Cy"])
    out = [_lean_disagrees(log)]
    for text in texts:
        log.append(_throw(text))
        out.append(_lean_disagrees(log))
    for event in ({"t": "exchange"}, _throw("8 9 10"), {"t": "deal"}, _throw("DOUBLE 5 6")):
        log.append(event)
        out.append(_lean_disagrees(log))
    view = log.view()
    out.append([view["phase"], view["totals"], view["seats"][0]["hand_size"]])
    return out

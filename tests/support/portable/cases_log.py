import tally

from parlour_rules import log


def _log(events=()):
    return log.MatchLog("tally", {"players": 3}, events, game=tally)


def case_fold_and_view():
    return _log([{"t": "add", "points": 5}, {"t": "add", "points": 2}]).view()


def case_refused_event_changes_nothing():
    match = _log([{"t": "add", "points": 5}])
    try:
        match.append({"t": "add", "points": -1})
    except log.RulesError as e:
        return [e.code, match.view(), len(match.events)]
    return "accepted"


def case_undo_steps():
    match = _log([{"t": "add", "points": n} for n in (1, 2, 3, 4)])
    dropped = match.undo(2)
    return [dropped, match.view()]


def case_refuse_undo_past_start():
    return _log().undo()


def case_refuse_event_without_type():
    return _log().append({"points": 3})


def case_refuse_event_not_object():
    return _log().append("add 3")


def case_record_round_trip():
    match = _log([{"t": "add", "points": 9}])
    record = match.record()
    return [record["v"], record["game"], record["events"]]


def case_refuse_record_version():
    return log.from_record({"v": 99, "game": "stump", "config": {}, "events": []})


def case_refuse_unknown_game():
    return log.load_game("snap")

# Stump rules on both interpreters: the sheet's examples, the ring, a turn, the
# scoring, and refusals (every case_refuse_* must raise a RulesError that fits a line).
from parlour_rules import stump
from parlour_rules.log import MatchLog
from parlour_rules.stump.ring import gap, shorter, tie_choices, width
from parlour_rules.stump.state import GAPPERS

TABLE = ["Ted", "Helen", "Debbie", "Ralph"]


def _match(slides=(37, 4), players=4, dealer=3, **config):
    config.update({"players": players, "dealer": dealer})
    match = MatchLog("stump", config)
    match.append({"t": "setup", "slides": list(slides)})
    return match


def case_s2_sheet_gap_37_and_4():
    return [gap(37, 4), gap(4, 37), _match().view()["ring"]]


def case_s2_closed_and_wrapping_gaps():
    return [gap(5, 6), gap(40, 1), gap(9, 9), gap(39, 2), width(1, 40), shorter(10, 30)]


def case_s2_tie_choices():
    return tie_choices(30, 10)


def case_s6_sheet_ted_scores_11():
    # Ted out; Helen 2 cards, Debbie 1, Ralph 3 (that is 3, 4 and 2 gappers played).
    state = stump.new_match({"players": 4, "dealer": 3, "names": TABLE})
    state = stump.apply(state, {"t": "setup", "slides": [1, 20]})
    state[GAPPERS] = [4, 3, 4, 2]
    for event in ({"t": "gapper", "card": 10}, {"t": "discard", "card": 2},
                  {"t": "move", "slide": 0}):
        state = stump.apply(state, event)
    view = stump.view(state)
    return [view["last_round"], view["totals"], view["last"]]


def case_s4_turn_and_options():
    match = _match(names=TABLE)
    match.append({"t": "gapper", "card": "W"})
    match.append({"t": "discard", "card": 2})
    return match.view()


def case_s7_partnership_view():
    return _match(players=4, dealer=0, partnership=True, names=TABLE).view()


def case_refuse_s4_gapper_not_in_gap():
    return _match().append({"t": "gapper", "card": 9})


def case_refuse_s4_wild_gapper_closed_gap():
    return _match(slides=(4, 5)).append({"t": "gapper", "card": "W"})


def case_refuse_s4_discard_under_slide():
    return _match().append({"t": "discard", "card": 37})


def case_refuse_s4_wild_discard_under_slide():
    return _match().append({"t": "discard", "card": "W=4"})


def case_refuse_s4_stuck_after_gapper():
    match = _match()
    match.append({"t": "gapper", "card": 40})
    return match.append({"t": "stuck", "card": 4})


def case_refuse_s4_move_before_discard():
    return _match().append({"t": "move", "slide": 0})


def case_refuse_s2_tie_needs_a_side():
    match = MatchLog("stump", {"players": 2, "dealer": 0})
    return match.append({"t": "setup", "slides": [10, 30]})


def case_refuse_s3_wild_setup():
    match = MatchLog("stump", {"players": 2, "dealer": 0})
    return match.append({"t": "setup", "slides": ["W", 30]})


def case_refuse_s7_member_of_other_team():
    match = _match(players=4, dealer=0, partnership=True)
    return match.append({"t": "member", "seat": 0})


def case_refuse_bad_config():
    return stump.new_match({"players": 3, "partnership": True})

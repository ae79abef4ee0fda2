# Poker show-downs entered as cards on both interpreters.
from parlour_rules import log
from parlour_rules.poker.cards import solve_hands

CALLER = "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C"
OTHER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"


def view_of(config, events):
    return log.MatchLog("poker", config, events).view()


def case_r6_gin_sheet_example_by_cards():
    view = view_of({"variant": "gin", "players": 2},
                   [{"t": "hand", "caller": 0, "cards": [CALLER, OTHER]}])
    return [view["last"]["deadwood"], view["totals"]]


def case_r5_rum_sheet_example_by_cards():
    view = view_of({"variant": "rum", "players": 2},
                   [{"t": "hand", "caller": 0, "cards": [CALLER, OTHER]}])
    return [view["last"]["deadwood"], view["totals"]]


def case_r6_layoffs_as_laid():
    cfg = {"variant": "gin", "n": 2, "double": False, "names": ["A", "B"]}
    deadwood, melds, layoffs, dead = solve_hands(cfg, 0, [CALLER, OTHER])[1]
    return [deadwood, layoffs, dead]


def case_r1_double_pack_four_players():
    hands = [CALLER, OTHER, OTHER, "AS 2S 3S 4S 5S AC 2C 3C 6C 9C"]
    view = view_of({"variant": "gin", "players": 4},
                   [{"t": "hand", "caller": 0, "cards": hands}])
    return [view["last"]["deadwood"], view["totals"], view["last"]["payments"]]


def case_r9_ungrouped_caller():
    view = view_of({"variant": "rum", "players": 2},
                   [{"t": "hand", "caller": 1, "cards": [OTHER, "6H 7H 8H 9H JC QC KC 2S 2D 5C"]}])
    return view["last"]["deadwood"]


def case_r7_false_call_by_cards():
    view = view_of({"variant": "gin", "players": 3},
                   [{"t": "false_call", "caller": 1, "cards": "(6H 7H 8H) 9C 2S 2D 5C KS QD 3H"}])
    return [view["last"]["shown"], view["totals"]]


def case_refuse_one_pack_card_twice():
    return view_of({"variant": "rum", "players": 3},
                   [{"t": "hand", "caller": 0,
                     "cards": [CALLER, OTHER, "7D AS 2S 3S 4S 5S AC 2C 3C 6C"]}])


def case_refuse_nine_cards():
    return view_of({"variant": "rum", "players": 2},
                   [{"t": "hand", "caller": 0, "cards": [CALLER, "7D 8D 9D 6S 7S 8S 4H 4C 10C"]}])


def case_refuse_bad_meld_laid():
    return view_of({"variant": "rum", "players": 2},
                   [{"t": "hand", "caller": 0, "cards": ["(QH KH AH) (JC QC KC) 2S 2D 5C 4D", OTHER]}])

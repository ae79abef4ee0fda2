# Poker Rum / Gin matches whose views after every event are the golden
# transcripts in tests/golden/poker/ (checked by tests/rules/test_poker_golden.py on
# CPython and on MicroPython).
from parlour_rules import log

CALLER = "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C"
OTHER = "7D 8D 9D 6S 7S 8S 4H 4C 10C 10H"

MATCHES = {
    "rum_four": (
        "Poker Rum at four: a cut, the sheet's show-down (caller 9; 5, 5, 20: odd "
        "point left of the caller), nobody under the caller, a false call, a void hand, "
        "a hand by cards with two packs",
        {"variant": "rum", "players": 4, "names": ["Cal", "Ann", "Bea", "Dan"]},
        [
            {"t": "cut", "seed": 2026},
            {"t": "hand", "caller": 0, "deadwood": [9, 5, 5, 20]},
            {"t": "hand", "caller": 2, "deadwood": [31, 12, 12, 12]},
            {"t": "false_call", "caller": 3, "deadwood": 19},
            {"t": "hand", "caller": 1, "deadwood": [4, 15, 40, 0]},
            {"t": "void"},
            {"t": "hand", "caller": 0, "cards": [
                CALLER, OTHER, "7D 8D 9D 10D JD 2H 3H 4H KS KH", "AS 2S 3S 4S 5S AC 2C 3C 6C 9C"]},
        ],
    ),
    "gin_two": (
        "Poker Gin, two players to a target of 40: the sheet's hands by cards (28 "
        "before lay-offs, 8 after: the caller pays 11), counts, a false call shown as "
        "cards takes a balance to 44 and the match ends after that hand",
        {"variant": "gin", "players": 2, "names": ["Ted", "Viv"], "target": 40, "dealer": 1},
        [
            {"t": "hand", "caller": 0, "cards": [CALLER, OTHER]},
            {"t": "hand", "caller": 1, "deadwood": [30, 2]},
            {"t": "false_call", "caller": 0, "cards": "(6H 7H 8H) 9C 2S 2D 5C KS QD 3H"},
            {"t": "hand", "caller": 0, "deadwood": [10, 10]},
        ],
    ),
    "gin_three_house": (
        "Poker Gin at three with house values: threshold 8, forfeit 20, false call 3; "
        "two tied winners share a pool with the forfeit in it",
        {"variant": "gin", "players": 3, "threshold": 8, "forfeit": 20, "false_call": 3},
        [
            {"t": "hand", "caller": 2, "deadwood": [7, 7, 8]},
            {"t": "false_call", "caller": 1, "deadwood": 9},
            {"t": "hand", "caller": 0, "deadwood": [8, 30, 2]},
            {"t": "hand", "caller": 1, "deadwood": [0, 0, 0]},
        ],
    ),
    "rum_eight": (
        "Poker Rum at eight (two packs): ties for low among many, settle-up with the "
        "fewest transfers",
        {"variant": "rum", "players": 8},
        [
            {"t": "hand", "caller": 5, "deadwood": [40, 3, 22, 3, 17, 11, 3, 60]},
            {"t": "hand", "caller": 6, "deadwood": [9, 9, 9, 9, 9, 9, 9, 9]},
            {"t": "hand", "caller": 7, "deadwood": [1, 12, 30, 25, 44, 8, 19, 2]},
            {"t": "false_call", "caller": 2},
            {"t": "hand", "caller": 0, "cards": [
                "(AS 2S 3S) (5H 5H 5D 5C) 2D 3D 4C",
                "AS 2S 3S 4S 9H 9H 9D KD KC 6C",
                "6H 7H 8H 9S 10S JS QS 2C 2C 8C",
                "10H JH QH KH 3H 3C 4D 4D 7S 7S",
                "AH AH AD AD 6D 7D 8D 10D JD QD",
                "KS KS QH JH 10H 9C 9C 8C 7C 6C",
                "2H 3H 4H 6S 6S 8S 8D 10C JC QC",
                "AC AC 2H 4H 5S 5S 7H 8H 9D 10D",
            ]},
        ],
    ),
}


def transcript(name):
    # The view before any event, then after each one.
    _, config, events = MATCHES[name]
    match = log.MatchLog("poker", config)
    views = [match.view()]
    for event in events:
        match.append(event)
        views.append(match.view())
    return views


def case_golden_rum_four():
    return transcript("rum_four")


def case_golden_gin_two():
    return transcript("gin_two")


def case_golden_gin_three_house():
    return transcript("gin_three_house")


def case_golden_rum_eight():
    return transcript("rum_eight")

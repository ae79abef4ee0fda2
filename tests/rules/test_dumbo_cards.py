"""Dumbo hands entered as cards (D-14), scored with the meld solver: the welds as
laid or the best for the declarer, the opponent's additions (D-6), the Joker
(D-3), the Octad (D-5), wrong declarations from cards (D-8), and a brute-force
reference for the declarer's choice of welds."""

import json

import pytest

from parlour_rules.cards import DUMBO, JOKER, format_cards, new_pack, parse_cards
from parlour_rules.dumbo import cards as dumbo_cards
from parlour_rules.errors import LINE, RulesError
from parlour_rules.log import MatchLog
from parlour_rules.melds import solve_dumbo
from parlour_rules.prng import Xorshift32


def two(dealer=1, **config):
    m = MatchLog("dumbo", dict(config, players=2, names=["Ann", "Bob"]))
    m.append({"t": "seat", "dealer": dealer})
    return m


def cards_hand(m, declarer, mine, theirs):
    m.append({"t": "hand", "declarer": declarer, "declarer_cards": mine,
              "opponent_cards": theirs})
    return m.view()


def refused(m, event):
    before = json.dumps(m.state)
    with pytest.raises(RulesError) as e:
        m.append(event)
    assert json.dumps(m.state) == before and len(e.value.message) <= LINE
    return e.value.code


# D-3 worked example: d 5, the opponent left with 2CI + Joker -> o 12, declarer 7.
EXAMPLE_DECLARER = "5CI 6CI 7CI 5SQ 6SQ 7SQ 3ST 2DI"
EXAMPLE_OPPONENT = "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ"


def test_worked_example_d3_from_cards_declarer_scores_7():
    got = dumbo_cards.arrange(EXAMPLE_DECLARER, EXAMPLE_OPPONENT)
    assert (got["d"], got["o"], got["joker"]) == (5, 12, True)
    assert format_cards(got["opponent"].dead, DUMBO) == "2CI JOKER"
    v = cards_hand(two(), 0, EXAMPLE_DECLARER, EXAMPLE_OPPONENT)
    assert v["totals"] == [7, 0]
    assert v["last"] == ["Ann declares 5, Bob 12 (Joker): Ann +7"]


def test_d3_joker_never_blocks_or_opens_an_addition():
    got = dumbo_cards.arrange("(4SQ 5SQ 6SQ JOKER) (9CI 9DI 9ST) 1CI",
                              "3SQ 7SQ 11CI 11DI 10ST 8DI 6CI 1ST")
    laid = got["opponent"].layoffs
    assert format_cards(laid[0], DUMBO) == "3SQ 7SQ" or format_cards(laid[0], DUMBO) == "7SQ 3SQ"
    assert got["o"] == 11 + 11 + 10 + 8 + 6 + 1


def test_d3_declarer_holding_the_joker_unwelded_is_a_wrong_declaration():
    m = two()
    v = cards_hand(m, 0, "1SQ 1CI 2DI 2ST 3SQ 3CI 4DI JOKER",
                   "4SQ 5SQ 6SQ 9CI 9DI 9ST 11CI 11DI")
    # No weld for the Joker to join: 16 + 10 (D-3), over 7 (D-8).
    assert v["last"] == ["Ann declares 26: wrong, Bob +10"] and v["totals"] == [0, 10]


def test_d3_joker_may_be_one_of_the_eight_of_an_octad():
    got = dumbo_cards.arrange("1SQ 2SQ 3SQ JOKER 5CI 5DI 5ST 5SQ",
                              "4SQ 6CI 11CI 11DI 10ST 8DI 7CI 1ST")
    assert got["octad"] and got["d"] == 0
    assert [format_cards(w, DUMBO) for w in got["welds"]][0].endswith("JOKER")


def test_d3_opponent_joker_joins_his_own_weld():
    got = dumbo_cards.arrange("(1SQ 2SQ 3SQ) (5CI 5DI 5ST) 1CI 2DI",
                              "8ST 9ST 10ST JOKER 11CI 11DI 7DI 1DI")
    assert not got["joker"] and got["o"] == 11 + 11 + 7 + 1


def test_d2_no_wrap_ten_eleven_one_is_not_a_weld():
    m = two()
    assert refused(m, {"t": "hand", "declarer": 0,
                       "declarer_cards": "(10SQ 11SQ 1SQ) 2CI 2DI 2ST 1CI 1DI",
                       "opponent_cards": "4SQ 5SQ 6SQ 9CI 9DI 9ST 11CI 11DI"}) == "bad_meld"
    got = dumbo_cards.arrange("10SQ 11SQ 1SQ 2CI 2DI 2ST 1CI 1DI",
                              "4SQ 5SQ 6SQ 9CI 9DI 9ST 11CI 11DI")
    assert got["wrong"] and got["d"] == 10 + 11  # the 1s and 2s weld; 10SQ 11SQ are loose


def test_d2_a_card_belongs_to_one_weld_only():
    # 5SQ could go to the 5s or to 4-5-6SQ, not both: the best count is 4SQ+6SQ or 5s.
    got = dumbo_cards.arrange("4SQ 5SQ 6SQ 5CI 5DI 1ST 1CI 1DI",
                              "8SQ 9CI 11CI 11DI 10ST 8DI 7CI 3ST")
    assert got["d"] == 10  # 5CI + 5DI loose (or 4SQ + 6SQ): a wrong declaration
    assert got["wrong"]


def test_d5_after_an_octad_nothing_is_added_to_the_declarers_welds():
    mine = "(4SQ 5SQ 6SQ) (9CI 9DI 9ST) (1DI 2DI)"
    with pytest.raises(RulesError):
        dumbo_cards.arrange(mine, "3SQ 7SQ 9SQ 11CI 11DI 10ST 8DI 7CI")
    got = dumbo_cards.arrange("(4SQ 5SQ 6SQ) (9CI 9DI 9ST 9SQ) 1DI",
                              "3SQ 7SQ 11CI 11DI 10ST 8DI 7CI 6DI")
    assert got["d"] == 1 and got["o"] == 11 + 11 + 10 + 8 + 7 + 6  # 3SQ and 7SQ added
    octad = dumbo_cards.arrange("(4SQ 5SQ 6SQ 7SQ) (9CI 9DI 9ST 9SQ)",
                                "3SQ 8SQ 11CI 11DI 10ST 8DI 7CI 6DI")
    assert octad["octad"] and octad["o"] == 3 + 8 + 11 + 11 + 10 + 8 + 7 + 6
    v = cards_hand(two(), 0, "(4SQ 5SQ 6SQ 7SQ) (9CI 9DI 9ST 9SQ)",
                   "3SQ 8SQ 11CI 11DI 10ST 8DI 7CI 6DI")
    assert v["totals"] == [64 + 20 + 50 + 100, 0]


def test_d6_opponent_adds_the_fourth_card_and_chains_along_a_run():
    got = dumbo_cards.arrange("(4SQ 5SQ 6SQ) (9CI 9DI 9ST) 1CI 2DI",
                              "7SQ 8SQ 9SQ 3SQ 11DI 10ST 1ST 2ST")
    # 3SQ low end; 7SQ 8SQ 9SQ chain high (also his own run); 9SQ not twice.
    assert got["o"] == 11 + 10 + 1 + 2
    got = dumbo_cards.arrange("(4SQ 5SQ 6SQ) (9CI 9DI 9ST) 1CI 2DI",
                              "9SQ 11DI 10ST 1ST 3ST 6CI 8DI 7DI")
    assert got["o"] == 11 + 10 + 1 + 3 + 6 + 8 + 7  # 9SQ added to the 9s


def test_d14_grouped_welds_are_taken_as_laid():
    # Laid as two groups: 4SQ counted loose although a better weld exists.
    got = dumbo_cards.arrange("(1SQ 2SQ 3SQ) (9CI 9DI 9ST) 4SQ 2CI",
                              "5SQ 7CI 1DI 2ST 3ST 11ST 10ST 10CI")
    assert got["d"] == 6 and got["o"] == 49


def test_d14_ungrouped_takes_the_welds_best_for_the_declarer():
    # Welding 1-2-3-4SQ (count 2) lets the opponent add 5SQ: 44 - 2 = 42.
    # Keeping 4SQ back (count 6) blocks it: 49 - 6 = 43, the better result.
    got = dumbo_cards.arrange("1SQ 2SQ 3SQ 4SQ 9CI 9DI 9ST 2CI",
                              "5SQ 7CI 1DI 2ST 3ST 11ST 10ST 10CI")
    assert (got["d"], got["o"]) == (6, 49)
    assert sorted(format_cards(w, DUMBO) for w in got["welds"]) == ["1SQ 2SQ 3SQ", "9CI 9DI 9ST"]


def test_d14_cards_over_7_are_recorded_as_a_wrong_declaration():
    m = two()
    v = cards_hand(m, 0, "(5CI 6CI 7CI) 5SQ 6SQ 7SQ 3ST 2DI", EXAMPLE_OPPONENT)
    assert v["last"] == ["Ann declares 23: wrong, Bob +10"]
    assert v["tables"][0]["dealer"] == "Bob" and v["hands"] == 0  # D-8: the hand goes on


@pytest.mark.parametrize("mine, theirs, code", [
    ("1SQ 2SQ 3SQ", "4SQ 5SQ 6SQ 9CI 9DI 9ST 11CI 11DI", "hand_size"),
    ("1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 8SQ", "8SQ 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "dup_card"),
    ("1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ JK", "JOKER 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "dup_card"),
    ("1SQ 2SQ 3SQ 4SQ 5SQ 6SQ 7SQ 12SQ", "4CI 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "bad_card"),
    ("(1SQ 2SQ) 3SQ 4CI 5SQ 6SQ 7SQ 8SQ", "4DI 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "short_meld"),
    ("(1SQ 2SQ 3SQ 4CI 5SQ 6SQ 7SQ 8SQ", "4DI 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "bad_group"),
    (7, "4DI 5CI 6CI 9CI 9DI 9ST 11CI 11DI", "bad_cards"),
])
def test_d14_bad_cards_are_refused_and_change_nothing(mine, theirs, code):
    assert refused(two(), {"t": "hand", "declarer": 0, "declarer_cards": mine,
                           "opponent_cards": theirs}) == code


def test_d14_a_hand_is_counts_or_cards_never_both():
    assert refused(two(), {"t": "hand", "declarer": 0, "d": 3, "o": 12,
                           "declarer_cards": EXAMPLE_DECLARER,
                           "opponent_cards": EXAMPLE_OPPONENT}) == "counts_and_cards"
    assert refused(two(), {"t": "hand", "declarer": 0, "declarer_cards": EXAMPLE_DECLARER}) \
        == "bad_cards"


def test_d1_two_tables_check_each_table_against_its_own_pack():
    m = MatchLog("dumbo", {"players": 4})
    m.append({"t": "seat", "north": 0, "east": 1, "south": 2, "west": 3})
    hand = {"t": "hand", "declarer_cards": EXAMPLE_DECLARER, "opponent_cards": EXAMPLE_OPPONENT}
    m.append(dict(hand, declarer=0))
    m.append(dict(hand, declarer=2))  # the same cards again: the other pack
    assert m.view()["totals"] == [14, 0]


def test_d14_cards_accepts_lists_of_tokens():
    got = dumbo_cards.solve_hand(EXAMPLE_DECLARER.split(), EXAMPLE_OPPONENT.split())
    assert got == (5, 2, True)


def test_d14_octad_bonus_value_steers_nothing_but_the_score():
    v = cards_hand(two(octad_bonus=25, target=500), 0, "(4SQ 5SQ 6SQ 7SQ) (9CI 9DI 9ST 9SQ)",
                   "3SQ 8SQ 11CI 11DI 10ST 8DI 7CI 6DI")
    assert v["totals"] == [64 + 25, 0]


# -- brute-force reference for the declarer's choice (D-14) ---------------------------------

def _is_weld(cards):
    numbers = sorted(c % 11 for c in cards)
    suits = {c // 11 for c in cards}
    if len(cards) < 3:
        return False
    if len(set(numbers)) == 1:
        return len(cards) <= 4
    return len(suits) == 1 and numbers == list(range(numbers[0], numbers[0] + len(cards)))


def _partitions(cards):
    # Every way to lay some of the cards as welds (each weld any valid subset).
    if not cards:
        yield []
        return
    first, rest = cards[0], cards[1:]
    for tail in _partitions(rest):
        yield tail  # first loose
    n = len(rest)
    for mask in range(1, 1 << n):
        group = [first] + [rest[i] for i in range(n) if mask >> i & 1]
        if _is_weld(group):
            left = [rest[i] for i in range(n) if not mask >> i & 1]
            for tail in _partitions(left):
                yield [group] + tail


def _reference(mine, theirs, values=(20, 10)):
    real = [c for c in mine if c != JOKER]
    best = None
    for welds in _partitions(real):
        welded = {c for w in welds for c in w}
        d = sum(c % 11 + 1 for c in real if c not in welded)
        if JOKER in mine and not welds:
            d += 10
        if d > 7:
            continue
        o = solve_dumbo(theirs, welds, d == 0).count
        if d == 0:
            result = o + values[0]
        elif o > d:
            result = o - d
        elif o < d:
            result = o - d - values[1]
        else:
            result = 0
        if best is None or (result, -d) > best:
            best = (result, -d)
    return best


def _declarable(rng):
    # A random hand that usually may declare: two or three welds plus low cards.
    pack = new_pack(DUMBO)
    rng.shuffle(pack)
    mine = []
    while len(mine) < 6:
        c = rng.below(44)
        if rng.below(2):
            group = [c % 11 + 11 * s for s in range(4)]
            rng.shuffle(group)
            group = group[:3 + rng.below(2)]
        else:
            start = min(c % 11, 11 - 3)
            group = [c - c % 11 + start + k for k in range(3 + rng.below(2)) if start + k < 11]
        if not [g for g in group if g in mine] and len(mine) + len(group) <= 8:
            mine += group
    rest = [c for c in pack if c not in mine]
    while len(mine) < 8:
        c = rest.pop(rng.below(len(rest)))
        if c == JOKER or c % 11 < 3:
            mine.append(c)
    theirs = []
    for c in rest:
        if len(theirs) < 8 and (rng.below(3) == 0 or c == JOKER):
            theirs.append(c)
    while len(theirs) < 8:
        theirs.append([c for c in rest if c not in theirs][0])
    return mine, theirs


def test_d14_declarer_choice_matches_a_brute_force_reference():
    rng = Xorshift32(2024)
    checked = 0
    for _ in range(400):
        mine, theirs = _declarable(rng)
        want = _reference(mine, theirs)
        got = dumbo_cards.arrange(mine, theirs)
        if want is None:
            assert got["wrong"]
            continue
        checked += 1
        result = dumbo_cards._result(got["d"], got["o"], (20, 10))
        assert (result, -got["d"]) == want, (format_cards(mine, DUMBO), format_cards(theirs, DUMBO))
    assert checked > 200


def test_parse_cards_round_trip_of_the_example():
    assert format_cards(parse_cards(EXAMPLE_OPPONENT, DUMBO), DUMBO) == EXAMPLE_OPPONENT


def test_d14_the_same_hand_as_text_is_solved_once_then_again_for_other_values():
    # The device shows the welds found, then sends the same text: the engine takes
    # the answer kept, not a second solve; other values or cards given as a list
    # are solved afresh.
    mine, theirs = "5SQ 6SQ 7SQ 5CI 6CI 7CI 3ST 2DI", "2CI JOKER 4CI 8CI 4SQ 8SQ 3SQ 9SQ"
    first = dumbo_cards.arrange(mine, theirs, (20, 10))
    assert dumbo_cards.arrange(mine, theirs, (20, 10)) is first
    other = dumbo_cards.arrange(mine, theirs, (25, 10))
    assert other is not first and other["d"] == first["d"]
    listed = dumbo_cards.arrange(mine.split(), theirs.split(), (25, 10))
    assert listed is not other and listed["d"] == other["d"]
    assert dumbo_cards.solve_hand(mine, theirs, (25, 10)) == (5, 2, True)

"""The brute-force meld reference (support/melds_reference.py) reads the sheets as
docs/rules.md does."""

from melds_reference import brute, is_meld
from parlour_rules.cards import DUMBO, STANDARD


def _cards(text, pack=STANDARD):
    from parlour_rules.cards import parse_cards
    return parse_cards(text, pack)


def test_reference_reads_the_sheet_example():
    # The Poker Gin example: 28 before lay-offs, 8 after (docs/rules.md worked examples).
    other = _cards("7D 8D 9D 6S 7S 8S 4C 4D 10C 10H")
    assert brute(other) == 28
    assert brute(other, caller=[_cards("6H 7H 8H 9H"), _cards("JC QC KC")]) == 8


def test_reference_meld_shapes():
    assert is_meld(_cards("AH 2H 3H")) and not is_meld(_cards("QH KH AH"))
    assert not is_meld(_cards("7H 7H 7S"))
    assert is_meld(_cards("7H 7H 7S"), double_pack=True)
    assert not is_meld(_cards("5H 5H 6H 7H"), double_pack=True)
    assert is_meld(_cards("9SQ 10SQ 11SQ", DUMBO), DUMBO)
    assert not is_meld(_cards("10SQ 11SQ 1SQ", DUMBO), DUMBO)


def test_reference_joker_counts_ten_unless_welded():
    assert brute(_cards("2CI JOKER", DUMBO), DUMBO) == 12
    assert brute(_cards("4SQ 5SQ 6SQ JOKER", DUMBO), DUMBO) == 0
    # D-3: the Joker never completes a weld of 2.
    assert brute(_cards("4SQ 5SQ JOKER", DUMBO), DUMBO) == 19

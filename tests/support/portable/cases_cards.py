from parlour_rules import cards
from parlour_rules.cards import DUMBO, GALUMPHUS, STANDARD


def _round_trip(pack):
    return [cards.format_card(c, pack) for c in cards.new_pack(pack)]


def case_standard_pack_order():
    return _round_trip(STANDARD)


def case_dumbo_pack_order():
    return _round_trip(DUMBO)


def case_galumphus_pack_order():
    return _round_trip(GALUMPHUS)


def case_parse_standard_tokens():
    return cards.parse_cards("AC 10h TH qs, 2D K S"[:-4] + " KS", STANDARD)


def case_parse_dumbo_tokens():
    return cards.parse_cards("10SQ 11st 1CI jk JOKER", DUMBO)


def case_parse_galumphus_names():
    text = "PUS, the great galumphus, Spotted, scruwuzzium, Long-Eared Scootler, bub"
    return cards.parse_cards(text, GALUMPHUS)


def case_refuse_poker_one():
    return cards.parse_card("1H", STANDARD)


def case_refuse_dumbo_split():
    return cards.parse_card("12SQ", DUMBO)


def case_refuse_dumbo_zero():
    return cards.parse_card("07SQ", DUMBO)


def case_refuse_long_token():
    return cards.parse_card("QUEENOFHEARTSPLEASE", STANDARD)


def case_refuse_ambiguous_prefix():
    return cards.parse_card("PU", GALUMPHUS)


def case_refuse_unknown_pack():
    return cards.parse_card("AS", "tarot")


def case_refuse_non_string():
    return cards.parse_card(7, STANDARD)


def case_groups():
    groups, loose = cards.parse_groups("(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C", STANDARD)
    return [groups, loose, cards.format_groups(groups, loose, STANDARD)]


def case_refuse_unclosed_group():
    return cards.parse_groups("(6H 7H 2S", STANDARD)


def case_refuse_duplicate_single_pack():
    return cards.check_copies(cards.parse_cards("7H 8H 7H", STANDARD), STANDARD)


def case_double_pack_allows_two():
    return cards.check_copies(cards.parse_cards("7H 7H 8H", STANDARD), STANDARD, 2)


def case_refuse_three_in_double_pack():
    return cards.check_copies(cards.parse_cards("7H 7H 7H", STANDARD), STANDARD, 2)


def case_refuse_two_jokers():
    return cards.check_copies(cards.parse_cards("JK 3SQ JOKER", DUMBO), DUMBO)


def case_pip_values():
    return [cards.pip_value(c) for c in cards.parse_cards("AS 9D 10C JH QS KD", STANDARD)]


def case_names():
    return [cards.card_name(7, DUMBO), cards.card_name(cards.JOKER, DUMBO),
            cards.card_name(12, GALUMPHUS)]

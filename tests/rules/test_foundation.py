"""What the foundation pieces mean, asserted on CPython (test_portable checks that
MicroPython agrees with CPython case by case)."""

import pytest

from parlour_rules import cards, cut, log, prng
from parlour_rules.cards import DUMBO, GALUMPHUS, STANDARD
from parlour_rules.errors import RulesError


def test_standard_pack_is_ace_to_king_by_suit_s_h_d_c():
    pack = cards.new_pack(STANDARD)
    assert len(pack) == 52
    assert cards.format_cards(pack[:3], STANDARD) == "AS 2S 3S"
    assert cards.format_card(pack[13], STANDARD) == "AH"
    assert cards.format_card(pack[-1], STANDARD) == "KC"
    assert len(cards.new_pack(STANDARD, 2)) == 104


def test_dumbo_pack_is_45_cards_with_the_joker_last():
    pack = cards.new_pack(DUMBO)
    assert len(pack) == 45 and pack[-1] == cards.JOKER
    assert cards.format_cards(pack[10:12], DUMBO) == "11SQ 1CI"


def test_galumphus_pack_is_eleven_designs_by_four_then_the_stars():
    pack = cards.new_pack(GALUMPHUS)
    assert len(pack) == 48
    assert cards.format_cards(pack[:5], GALUMPHUS) == "PUS, PUS, PUS, PUS, CLI"
    assert cards.format_cards(pack[44:], GALUMPHUS) == "CRO, GAL, TAS, BUB"


@pytest.mark.parametrize("token, text", [("10H", "10H"), ("th", "10H"), ("As", "AS"),
                                         ("kc", "KC")])
def test_standard_tokens(token, text):
    assert cards.format_card(cards.parse_card(token, STANDARD), STANDARD) == text


def test_dumbo_ten_of_square_is_never_ten_s_plus_q():
    card = cards.parse_card("10SQ", DUMBO)
    assert cards.dumbo_number(card) == 10 and cards.DUMBO_SUITS[cards.dumbo_suit(card)] == "SQ"
    with pytest.raises(RulesError, match="bad card: 10S"):
        cards.parse_card("10S", DUMBO)


@pytest.mark.parametrize("text, code", [("the great galumphus", "GAL"), ("Great", "GAL"),
                                        ("scru wuzzium", "SCR"), ("long-eared", "LON"),
                                        ("Tas", "TAS"), ("putty", "PUT")])
def test_galumphus_names_and_prefixes(text, code):
    assert cards.format_card(cards.parse_card(text, GALUMPHUS), GALUMPHUS) == code


@pytest.mark.parametrize("token, pack", [("1H", STANDARD), ("11H", STANDARD), ("AX", STANDARD),
                                         ("12SQ", DUMBO), ("0CI", DUMBO), ("JOKERS", DUMBO),
                                         ("ZZZ", GALUMPHUS), ("", STANDARD)])
def test_bad_tokens_are_refused_naming_the_token(token, pack):
    with pytest.raises(RulesError) as refused:
        cards.parse_card(token, pack)
    assert refused.value.code == "bad_card"
    assert token.strip().upper()[:5] in refused.value.message.upper()


def test_ambiguous_prefix_is_refused():
    with pytest.raises(RulesError) as refused:
        cards.parse_card("pu", GALUMPHUS)
    assert refused.value.code == "ambiguous_card"


def test_copies_per_pack():
    cards.check_copies(cards.parse_cards("7H 7H", STANDARD), STANDARD, 2)
    with pytest.raises(RulesError, match="card twice: 7H"):
        cards.check_copies(cards.parse_cards("7H 7H", STANDARD), STANDARD)
    with pytest.raises(RulesError, match="too many"):
        cards.check_copies(cards.parse_cards("PUS, PUS, PUS, PUS, PUS", GALUMPHUS), GALUMPHUS)


def test_xorshift32_matches_the_published_sequence_for_seed_1():
    # Marsaglia's xorshift32 with shifts 13, 17, 5 (C-5).
    rng = prng.Xorshift32(1)
    assert [rng.next() for _ in range(3)] == [270369, 67634689, 2647435461]


def test_shuffle_is_fisher_yates_from_the_last_index_down():
    items = list(range(5))
    rng = prng.Xorshift32(42)
    expected = list(range(5))
    reference = prng.Xorshift32(42)
    for i in range(4, 0, -1):
        j = reference.next() % (i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert rng.shuffle(items) == expected


@pytest.mark.parametrize("seed", [0, -1, 2**32, "7", 1.0, None])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(RulesError) as refused:
        prng.Xorshift32(seed)
    assert refused.value.code == "bad_seed"


def test_cut_dumbo_four_players_seats_sides_by_the_cards():
    result = cut.cut_dumbo(4, prng.Xorshift32(99))
    ranked = sorted(range(4), key=lambda s: (cards.dumbo_number(result["cards"][s]),
                                             -cards.dumbo_suit(result["cards"][s])),
                    reverse=True)
    assert [result["north"], result["south"], result["east"], result["west"]] == ranked
    assert result["dealer"] == result["north"]


def test_cut_dumbo_redraws_the_joker():
    for seed in range(1, 400):
        result = cut.cut_dumbo(4, prng.Xorshift32(seed))
        assert cards.JOKER not in result["cards"]


def test_cut_poker_highest_deals_and_ties_redraw():
    for seed in range(1, 200):
        result = cut.cut_poker(6, prng.Xorshift32(seed))
        dealer = result["dealer"]
        rounds = len(result["draws"][dealer])
        for seat, draws in enumerate(result["draws"]):
            if seat != dealer and len(draws) == rounds:
                assert cards.std_rank(draws[-1]) < cards.std_rank(result["draws"][dealer][-1])


def test_cut_galumphus_deals_round_until_a_star():
    result = cut.cut_galumphus(5, prng.Xorshift32(3))
    assert cards.is_star(result["dealt"][-1])
    assert not any(cards.is_star(c) for c in result["dealt"][:-1])
    assert result["dealer"] == (len(result["dealt"]) - 1) % 5


def test_record_that_does_not_replay_names_the_event():
    record = {"v": 1, "game": "tally", "config": {}, "events": []}
    with pytest.raises(RulesError) as refused:
        log.from_record(record)
    assert refused.value.code == "bad_game"


@pytest.mark.parametrize("game", [["stump"], {"g": 1}, None, 7])
def test_a_record_naming_its_game_with_anything_but_a_name_is_refused(game):
    with pytest.raises(RulesError) as refused:
        log.from_record({"v": 1, "game": game, "config": {}, "events": []})
    assert refused.value.code == "bad_game"
    assert log.load_game("stump") is log.load_game("stump")   # found once, kept


def _reference_xorshift32(seed, n):
    x, out = seed, []
    for _ in range(n):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        out.append(x)
    return out


@pytest.mark.parametrize("seed", [1, 2, 65535, 65536, 2**31, 123456789, 2**32 - 1])
def test_half_word_generator_equals_the_32_bit_definition(seed):
    rng = prng.Xorshift32(seed)
    assert [rng.next() for _ in range(500)] == _reference_xorshift32(seed, 500)
    rng, ref = prng.Xorshift32(seed), prng.Xorshift32(seed)
    for n in (2, 7, 45, 48, 104, 16384):
        assert rng.below(n) == ref.next() % n

"""Every game's matches in words: the lines the device shows, whole, and a row per
hand (per round of Stump, per call of The Great Galumphus) with the scores after it."""

import pytest

from laptop_support import PICKS, golden_record
from parlour.describe import describe, hands, reading, scorers


def words(pick):
    return [line for e in describe(golden_record(pick)) for line in e["lines"]]


@pytest.mark.parametrize("pick", sorted(PICKS))
def test_every_event_and_hand_is_said_in_words_never_a_python_repr(pick):
    r = reading(golden_record(pick))
    assert not r.problem and r.hands and len(r.events) == len(golden_record(pick)["events"])
    for line in [x for e in r.events for x in e["lines"]] + [h["what"] for h in r.hands]:
        assert isinstance(line, str) and line
        assert not any(mark in line for mark in ("[", "{", "None", "~", "', ", ": '"))
    for h in r.hands:
        assert len(h["points"]) == len(h["totals"]) == len(r.scorers)
    final = r.hands[-1]["totals"]
    assert r.hands[-1]["after"] <= len(r.events)
    assert final == [t for t in final if isinstance(t, int)]


def test_dumbo_hands_carry_the_devices_lines_and_running_totals():
    m = golden_record("dumbo")
    assert words("dumbo")[:3] == ["Cut: Ann 7DI, Bob 10SQ", "Bob deals",
                                  "Ann declares 3, Bob 25: Ann +22"]
    rows = hands(m)
    assert rows[0] == {"hand": 1, "kind": "hand", "game": 1, "after": 2, "points": [22, 0],
                       "totals": [22, 0], "what": "Ann declares 3, Bob 25: Ann +22"}
    assert rows[-1]["what"].endswith("Ann wins: 70 +50 game +100 Vertex = 220")
    assert rows[-1]["totals"] == [220, 0]


def test_four_player_dumbo_scores_sides_and_says_who_sits_on_each():
    r = reading(golden_record("dumbo_pairs"))
    assert r.scorers == ["North-South (Nan & Sam)", "East-West (Eve & Wes)"]
    assert r.seats == [0, 1, 0, 1]
    assert r.hands[-1]["totals"] == [103, 5]


def test_poker_hands_say_who_pays_whom_and_each_players_gain():
    rows = hands(golden_record("poker"))
    assert rows[0]["what"] == ("Cal calls 9, Ann+Bea 5 win: Cal -8, Ann +12, Bea +11; "
                               "Dan pays Ann 12; Dan pays Bea 3; Cal pays Bea 8")
    assert rows[0]["points"] == [-8, 12, 11, -15] and rows[0]["deadwood"] == [9, 5, 5, 20]
    assert [r["hand"] for r in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[4]["what"] == "Hand 4 void: no score" and rows[4]["points"] == [0] * 4
    assert rows[2]["what"].startswith("Dan false call 19: Dan -15")
    assert rows[-1]["totals"] == [10, -32, -16, 38]


def test_stump_rounds_score_partnerships_with_names_never_cut():
    long = golden_record("stump")
    long["config"] = dict(long["config"], names=["Maximiliana", "Bartholomew", "Christabel",
                                                 "Wilhelmina"])
    r = reading(long)
    assert r.scorers == ["Maximiliana+Christabel", "Bartholomew+Wilhelmina"]
    assert [h["kind"] for h in r.hands] == ["round", "round"]
    assert r.hands[-1]["what"].startswith("Bartholomew+Wilhelmina +14, game!")
    assert "Wilhelmina discards 17" in [x for e in r.events for x in e["lines"]]


def test_dartex_hands_and_galumphus_calls():
    assert hands(golden_record("dartex"))[0]["what"] == "Ann 63, Bob 16, Cyd 34; Bob out"
    calls = hands(golden_record("galumphus"))
    assert [c["kind"] for c in calls] == ["call"] * 107 and calls[-1]["hand"] == 107
    assert calls[6]["what"] == "Call 7: Painted Pooh-Pooh (PAI); P3>P1 PAI right"
    assert calls[6]["points"] == [0, 0, 1, 0]
    assert calls[-1]["totals"] == [3, 5, 7, 4]
    assert "P3 wins (a row completed)" in words("galumphus")
    assert scorers(golden_record("galumphus")) == ["P1", "P2", "P3", "P4"]


def test_a_log_that_stops_replaying_is_described_up_to_there_and_says_why():
    record = golden_record("dartex")
    record["events"] = record["events"][:3] + [{"t": "throw", "cards": ["NOPE"]}]
    r = reading(record)
    assert len(r.events) == 4 and r.events[-1]["lines"][0].startswith("refused: ")
    assert r.problem.startswith("event 4 does not replay")

"""Random Poker Rum / Gin playouts on CPython: thousands of hands per table size.

Invariants after every event: the ledger sums to zero, the totals are the running
sum of the payments, the dealer is a seated player who moves left after a hand
and stays after a false call, a refused event changes nothing, and undoing then
redoing gives the same state. Show-downs entered as cards score exactly as the
same show-down entered as the deadwood the solver finds. The portable playouts
(tests/support/portable/cases_poker_play.py) run the same checks on MicroPython.
"""

import sys

import pytest

import mprig
from parlour_rules import poker
from parlour_rules.cards import STANDARD, format_card, new_pack, pip_value
from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog
from parlour_rules.poker import views as poker_views
from parlour_rules.poker.cards import solve_hands
from parlour_rules.prng import Xorshift32

sys.path.insert(0, str(mprig.PORTABLE))

import cases_poker_play  # noqa: E402

HANDS = 1500


@pytest.mark.parametrize("variant", ["rum", "gin"])
@pytest.mark.parametrize("players", range(2, 9))
def test_r8_random_playouts_keep_the_ledger(players, variant):
    rng = Xorshift32(31 * players + (7 if variant == "gin" else 0))
    played = 0
    matches = 0
    while played < HANDS:
        # Odd table sizes play without a target; even ones to 300, then start again.
        config = {"variant": variant, "players": players, "dealer": rng.below(players),
                  "target": 0 if players % 2 else 300}
        played += playout(rng, config, HANDS - played)
        matches += 1
    assert matches == 1 if players % 2 else matches > 1


def playout(rng, config, hands):
    players = config["players"]
    match = MatchLog("poker", config)
    threshold = match.state["cfg"]["threshold"]
    paid = [0] * players
    reached = False
    while match.state["hands"] < hands and not match.state["over"]:
        bad = cases_poker_play.illegal_event(rng, players, threshold)
        before = repr(match.state)
        with pytest.raises(RulesError):
            match.append(bad)
        assert repr(match.state) == before
        event = cases_poker_play.random_event(rng, players, threshold)
        totals = poker_views.balances(match.state)
        dealer = poker.dealer(match.state)
        match.append(event)
        assert cases_poker_play.check_step(totals, dealer, match.state, event) is None
        view = match.view()
        for payer, payee, amount in view["last"]["payments"]:
            paid[payer] -= amount
            paid[payee] += amount
        assert view["totals"] == paid
        assert sum(view["totals"]) == 0
        if max(abs(t) for t in view["totals"]) >= config["target"] > 0:
            reached = True
        if len(match.events) % 97 == 0:
            # undo a few steps, then redo them: the same state, the same view
            dropped = match.undo(1 + rng.below(3))
            for e in dropped:
                match.append(e)
            assert match.view() == view
    if match.state["over"]:
        # the session ends after the hand in which a balance reached the target
        assert reached and match.view()["last"]["t"] in ("hand", "void")
        with pytest.raises(RulesError):
            match.append({"t": "void"})
    return match.state["hands"]


def stacked_deal(rng, players, group_caller):
    # The caller's ten: two runs and three low loose cards (so that he may call);
    # everyone else ten from the rest of the shuffled pack(s).
    pack = rng.shuffle(new_pack(STANDARD, 2 if players > 3 else 1))
    caller = []
    groups = []
    for length in (4, 3):
        while True:
            suit = rng.below(4)
            start = rng.below(14 - length)
            run = [suit * 13 + start + k for k in range(length)]
            if all(c in pack for c in run) and not set(run) & set(caller):
                break
        for c in run:
            pack.remove(c)
        caller += run
        groups.append(run)
    loose = [c for c in pack if pip_value(c) <= 4][:3]
    for c in loose:
        pack.remove(c)
    caller += loose
    text = " ".join(format_card(c, STANDARD) for c in caller)
    if group_caller:
        text = " ".join("(" + " ".join(format_card(c, STANDARD) for c in g) + ")"
                        for g in groups) + " " + " ".join(format_card(c, STANDARD)
                                                          for c in loose)
    hands = []
    for _ in range(players - 1):
        hands.append(" ".join(format_card(c, STANDARD) for c in pack[:10]))
        del pack[:10]
    return text, hands


@pytest.mark.parametrize("variant", ["rum", "gin"])
@pytest.mark.parametrize("players", range(2, 9))
def test_r9_cards_score_as_their_solved_deadwood(players, variant):
    rng = Xorshift32(500 + players)
    config = {"variant": variant, "players": players}
    by_cards = poker.new_match(config)
    by_counts = poker.new_match(config)
    for hand in range(40):
        caller = rng.below(players)
        text, others = stacked_deal(rng, players, hand % 2 == 0)
        cards = others[:caller] + [text] + others[caller:]
        solved = [entry[0] for entry in solve_hands(by_cards["cfg"], caller, cards)]
        if solved[caller] > by_cards["cfg"]["threshold"]:
            event = {"t": "false_call", "caller": caller, "cards": text}
            twin = {"t": "false_call", "caller": caller, "deadwood": solved[caller]}
        else:
            event = {"t": "hand", "caller": caller, "cards": cards}
            twin = {"t": "hand", "caller": caller, "deadwood": solved}
        poker.apply(by_cards, event)
        poker.apply(by_counts, twin)
        assert poker.view(by_cards) == poker.view(by_counts)
    assert by_cards["hands"] > 20


def test_portable_playouts_pass_on_both_interpreters(portable_runs):
    # The portable cases return their summary, or the text of the first failure.
    runs = [{n: r for n, r in run.items() if n.startswith("cases_poker_play.")}
            for run in portable_runs]
    for run in runs:
        assert len(run) == 14
        for name, result in run.items():
            assert "ok" in result.outcome and isinstance(result.outcome["ok"], list), \
                (name, result.outcome)
    assert {n: r.outcome for n, r in runs[0].items()} == {n: r.outcome for n, r in runs[1].items()}

"""Stump random playouts: thousands of bot matches (singles 2-4, partnership) with the
invariants checked after every event (cases_stump_play.check_invariants):
S-5 hand sizes = 5 - gappers and never negative, totals = the sum of the round scores,
a slide only ever lands on an accepted discard (never on a refused one: a refused event
changes nothing), undo then redo gives the same state, S-8 the game ends at the target."""

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))

import cases_stump_bench  # noqa: E402
import cases_stump_play as play  # noqa: E402

from parlour_rules import stump  # noqa: E402
from parlour_rules.errors import RulesError  # noqa: E402
from parlour_rules.stump.state import CFG, ROUNDS, STEP, TOTALS, WINNER  # noqa: E402

IDS = ["singles2", "singles3", "singles4", "partnership"]


@pytest.mark.parametrize("config", play.CONFIGS, ids=IDS)
def test_s5_s6_s7_s8_random_playouts_keep_the_invariants(config):
    kinds = {}
    sides_picked = 0
    for seed in range(1, 501):
        probe = 5 if seed <= 150 else 0
        events, state, refusals = play.play(config, seed, probe=probe)
        assert state[STEP] == "over", "every match reaches the target"
        assert state[TOTALS][state[WINNER]] >= state[CFG]["target"]
        assert sum(p for _, p in state[ROUNDS]) == sum(state[TOTALS])
        if probe:
            assert refusals > 0
        for event in events:
            kinds[event["t"]] = kinds.get(event["t"], 0) + 1
            sides_picked += "side" in event
    # The bot reaches every kind of turn, including S-2 ties and S-4 stuck turns.
    for kind in ("setup", "gapper", "discard", "move", "stuck"):
        assert kinds[kind] > 0
    assert sides_picked > 0
    assert (kinds.get("member", 0) > 0) == config.get("partnership", False)


@pytest.mark.parametrize("config", play.CONFIGS, ids=IDS)
def test_c4_undo_then_redo_gives_the_same_state(config):
    for seed in range(600, 610):
        play.play(config, seed, undo_at=(1, 2, 3, 10, 50, 51, 100, 200, 333))


def test_s4_a_slide_never_sits_on_a_refused_discard():
    # Every discard refused (under a slide) leaves the state as it was; every slide
    # move lands on the discard accepted in that turn (check_invariants).
    for seed in range(1, 60):
        rng = play.Xorshift32(seed)
        state = stump.new_match({"players": 3, "dealer": 0})
        state = stump.apply(state, play.bot_event(state, rng))
        for _ in range(60):
            if state[STEP] in ("gapper", "discard"):
                view = stump.view(state)
                for n in view["ring"]["slides"]:
                    with pytest.raises(RulesError, match="is under a slide"):
                        stump.apply(state, {"t": "discard", "card": n})
                    assert stump.view(state) == view
            before = state
            event = play.bot_event(state, rng)
            state = stump.apply(state, event)
            play.check_invariants(state, before, event)
            if state[STEP] == "over":
                break


BENCH_HEAD = """\
# Stump fold cost: three bot matches of about 300 events each, written out as
# literals so a case measures the fold alone (bench/fold_stump.py prints the
# figures; tests/rules/test_stump_playouts.py checks these are the bot's own events and
# rewrites this file with STUMP_GOLDEN_WRITE=1).
import json

from parlour_rules import stump
from parlour_rules.log import MatchLog, fold
from parlour_rules.stump.state import TOTALS, WINNER

"""
BENCH_CASES = """

def case_fold_{name}():
    state = fold(stump, {config!r}, {NAME})
    return [len({NAME}), state[TOTALS], state[WINNER]]


def keep_fold_{name}():
    return fold(stump, {config!r}, {NAME})


def keep_fold_view_{name}():
    return stump.view(fold(stump, {config!r}, {NAME}))


def keep_log_{name}():
    # The match log as the device holds it: fresh event objects and the state.
    return MatchLog("stump", {config!r}, json.loads(json.dumps({NAME})))
"""


def _bench_source():
    out = [BENCH_HEAD.rstrip("\n"), "", f"MATCHES = {[list(m) for m in BENCH_MATCHES]!r}", ""]
    for name, config, seed in BENCH_MATCHES:
        out += ["", f"{name.upper()} = ["]
        out += [f"    {json.dumps(event)}," for event in play.play(config, seed)[0]]
        out += ["]"]
    for name, config, _ in BENCH_MATCHES:
        out.append(BENCH_CASES.format(name=name, NAME=name.upper(), config=config).rstrip("\n"))
    return "\n".join(out) + "\n"


BENCH_MATCHES = [("singles2", {"players": 2}, 6), ("singles4", {"players": 4}, 4),
                 ("pairs", {"players": 4, "partnership": True, "target": 25}, 1)]


def test_bench_matches_are_the_bots_own_events():
    path = Path(cases_stump_bench.__file__)
    if os.environ.get("STUMP_GOLDEN_WRITE"):
        path.write_text(_bench_source())
    assert path.read_text() == _bench_source()
    for name, _, _ in BENCH_MATCHES:
        assert 290 <= len(getattr(cases_stump_bench, name.upper())) <= 330


def _moves_of(options):
    # The lean view's moves: the full view's options, one per choice a player makes.
    if options is None:
        return None
    moves = []
    for o in options:
        if o["tie"]:
            moves += [(o["slide"], side, o["slides"], gap) for side, gap in o["sides"]]
        else:
            moves.append((o["slide"], None, o["slides"], o["gap"]))
    return moves


def _assert_lean_agrees(state):
    full = stump.view(state)
    lean = stump.screen_view(state)
    assert sorted(lean) == sorted(LEAN_FIELDS)
    for key, value in lean.items():
        if key == "ring" and value is not None:
            assert value == {k: full["ring"][k] for k in value}
        elif key == "prompt":
            assert value == (full["prompt"] if state[STEP] in ("cut", "over") else "")
        elif key == "moves":
            assert value == _moves_of(full["options"])
        else:
            assert value == full[key], key
    assert json.loads(json.dumps(full)) == full


LEAN_FIELDS = ("mode", "players", "names", "sides", "target", "dealer", "round", "step",
               "prompt", "turn", "team", "ring", "discard", "moves", "best", "hands", "out",
               "totals", "rounds", "last_round", "over", "winner")


@pytest.mark.parametrize("config", play.CONFIGS, ids=IDS)
def test_the_screen_view_agrees_with_the_view_after_every_event(config):
    # The device reads screen_view(): the view's own fields, no text lines, no copies.
    # Made after every event, each view starts from the one before (stump_view._LAST).
    for seed in range(700, 720):
        events, _, _ = play.play(config, seed)
        state = stump.new_match(config)
        for event in [None] + events:
            if event is not None:
                state = stump.apply(state, event)
            _assert_lean_agrees(state)


@pytest.mark.parametrize("config", play.CONFIGS, ids=IDS)
def test_the_screen_view_of_any_state_in_any_order_agrees_with_the_view(config):
    # Views started from the last one must not depend on the last state being the
    # one just before: states of one match asked in a shuffled order, and states of
    # two matches in turn, each agree with view().
    import random

    rng = random.Random(config.get("players", 0) * 7 + 3)
    for seed in range(730, 736):
        states = [stump.new_match(config)]
        for event in play.play(config, seed)[0]:
            states.append(stump.apply(states[-1], event))
        other = [stump.new_match(config)]
        for event in play.play(config, seed + 100)[0]:
            other.append(stump.apply(other[-1], event))
        shuffled = states[:]
        rng.shuffle(shuffled)
        for i, state in enumerate(shuffled):
            _assert_lean_agrees(state)
            _assert_lean_agrees(other[i % len(other)])

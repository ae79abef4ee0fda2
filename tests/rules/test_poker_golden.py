"""Golden Poker Rum / Gin playthroughs (OpenSpiel style): whole matches, the event
log and the view after every event, in tests/golden/poker/<name>.txt. The same
matches are folded on CPython and on MicroPython (tests/support/portable/
cases_poker_golden.py) and both must give the transcript exactly.

After a deliberate change, regenerate and read the diff:
    .venv/bin/python tests/rules/test_poker_golden.py --regen
"""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
GOLDEN = HERE / "golden" / "poker"
sys.path.insert(0, str(HERE / "support"))
sys.path.insert(0, str(HERE / "support" / "portable"))

import cases_poker_golden  # noqa: E402

NAMES = sorted(cases_poker_golden.MATCHES)


def render(name, views):
    title, config, events = cases_poker_golden.MATCHES[name]
    out = [f"# Poker Rum / Gin playthrough: {title}",
           "# Each event of the log, then the view after it (the first view: before any).",
           f"config: {json.dumps(config, sort_keys=True)}",
           "",
           f"view: {json.dumps(views[0], sort_keys=True)}"]
    for i, event in enumerate(events):
        view = views[i + 1]
        out.append("")
        out.append(f"event {i + 1}: {json.dumps(event, sort_keys=True)}")
        out.append(f"  | {view['last']['line']}")
        names = view["players"]
        for payer, payee, amount in view["last"].get("payments", []):
            out.append(f"  | {names[payer]} pays {names[payee]} {amount}")
        out.append(f"view: {json.dumps(view, sort_keys=True)}")
    return "\n".join(out) + "\n"


def golden(name):
    return (GOLDEN / f"{name}.txt").read_text()


@pytest.fixture(scope="module")
def micropython_views(portable_runs):
    # The golden cases already ran on MicroPython with every other portable case.
    _, micropython = portable_runs
    return {name: micropython[f"cases_poker_golden.case_golden_{name}"].outcome for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_on_cpython(name):
    assert render(name, cases_poker_golden.transcript(name)) == golden(name)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_on_micropython(micropython_views, name):
    outcome = micropython_views[name]
    assert "ok" in outcome, outcome
    assert render(name, outcome["ok"]) == golden(name)


def test_golden_transcripts_cover_every_event_and_both_variants():
    events = [e for name in NAMES for e in cases_poker_golden.MATCHES[name][2]]
    assert {e["t"] for e in events} == {"cut", "hand", "false_call", "void"}
    assert any("cards" in e and e["t"] == "hand" for e in events)
    assert any("cards" in e and e["t"] == "false_call" for e in events)
    variants = {cases_poker_golden.MATCHES[n][1]["variant"] for n in NAMES}
    assert variants == {"rum", "gin"}
    players = {cases_poker_golden.MATCHES[n][1]["players"] for n in NAMES}
    assert players == {2, 3, 4, 8}


def test_r8_golden_views_are_zero_sum_and_settle_exactly():
    for name in NAMES:
        for line in golden(name).splitlines():
            if line.startswith("view: "):
                view = json.loads(line[len("view: "):])
                assert sum(view["totals"]) == 0
                left = list(view["totals"])
                for payer, payee, amount in view["settle"]:
                    left[payer] += amount
                    left[payee] -= amount
                assert left == [0] * len(left)


def test_r8_golden_target_match_ends_after_the_hand():
    last = json.loads(golden("gin_two").rstrip().splitlines()[-1][len("view: "):])
    assert last["over"] and last["leaders"] == [1] and last["totals"] == [-44, 44]


if __name__ == "__main__" and "--regen" in sys.argv:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        (GOLDEN / f"{name}.txt").write_text(render(name, cases_poker_golden.transcript(name)))
        print(f"wrote {GOLDEN / name}.txt")

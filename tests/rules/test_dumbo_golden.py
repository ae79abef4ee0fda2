"""Golden Dumbo playthroughs (OpenSpiel style): whole matches, the event log and the
view after every event, in tests/golden/dumbo/<name>.txt. The same matches are
folded on CPython and on MicroPython (tests/support/portable/cases_dumbo.py) and both must
give the transcript exactly.

After a deliberate change, regenerate and read the diff:
    .venv/bin/python tests/rules/test_dumbo_golden.py --regen
"""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
GOLDEN = HERE / "golden" / "dumbo"
sys.path.insert(0, str(HERE / "support"))
sys.path.insert(0, str(HERE / "support" / "portable"))

import cases_dumbo  # noqa: E402

NAMES = sorted(cases_dumbo.matches())


def render(name, views):
    title, config, events = cases_dumbo.matches()[name]
    out = [f"# Dumbo playthrough: {title}",
           "# Each event of the log, then the view after it (the first view: before any).",
           f"config: {json.dumps(config, sort_keys=True)}",
           "",
           f"view: {json.dumps(views[0], sort_keys=True)}"]
    for i, event in enumerate(events):
        out.append("")
        out.append(f"event {i + 1}: {json.dumps(event, sort_keys=True)}")
        out += [f"  | {line}" for line in views[i + 1]["last"]]
        out.append(f"view: {json.dumps(views[i + 1], sort_keys=True)}")
    return "\n".join(out) + "\n"


def golden(name):
    return (GOLDEN / f"{name}.txt").read_text()


@pytest.fixture(scope="module")
def micropython_views(portable_runs):
    # The golden cases already ran on MicroPython with every other portable case.
    _, micropython = portable_runs
    return {name: micropython[f"cases_dumbo.case_golden_{name}"].outcome for name in NAMES}


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_on_cpython(name):
    assert render(name, cases_dumbo.transcript(name)) == golden(name)


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough_on_micropython(micropython_views, name):
    outcome = micropython_views[name]
    assert "ok" in outcome, outcome
    assert render(name, outcome["ok"]) == golden(name)


def test_golden_matches_end_in_a_game_won():
    for name in NAMES:
        last = json.loads(golden(name).rstrip().splitlines()[-1][len("view: "):])
        assert last["over"] and last["winner"], name


def test_golden_transcripts_cover_every_kind_of_event_and_table():
    events = [e for name in NAMES for e in cases_dumbo.matches()[name][2]]
    kinds = {e["t"] for e in events}
    assert kinds == {"cut", "seat", "hand", "wrong", "void", "new_game"}
    assert any("declarer_cards" in e for e in events)
    modes = {json.loads(golden(n).splitlines()[4][len("view: "):])["mode"] for n in NAMES}
    assert modes == {"two", "three", "four", "pairs"}


if __name__ == "__main__" and "--regen" in sys.argv:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name in NAMES:
        (GOLDEN / f"{name}.txt").write_text(render(name, cases_dumbo.transcript(name)))
        print(f"wrote {GOLDEN / name}.txt")

"""Stump golden transcripts: whole matches (tests/golden/stump/*.json), the event log
and the view after every event. The files are the reference: the fold on CPython must
reproduce them, and the portable cases (cases_stump_play.case_golden_*, run on CPython and on
MicroPython by test_portable.py) return the same views chunk by chunk.

Rewrite the files after a deliberate change of the view with
STUMP_GOLDEN_WRITE=1 pytest tests/rules/test_stump_golden.py, and read the diff."""

import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))

import cases_stump_play as golden  # noqa: E402

from parlour_rules.log import MatchLog  # noqa: E402

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "stump"
NAMES = sorted(golden.GOLDEN)


def _write(path, config, events, views):
    lines = ["{", f'  "config": {json.dumps(config)},', '  "start": ' + json.dumps(views[0]) + ",",
             '  "steps": [']
    for i, event in enumerate(events):
        comma = "," if i + 1 < len(events) else ""
        lines.append("    " + json.dumps({"event": event, "view": views[i + 1]}) + comma)
    lines += ["  ]", "}"]
    path.write_text("\n".join(lines) + "\n")


def _load(name):
    path = GOLDEN / f"{name}.json"
    if os.environ.get("STUMP_GOLDEN_WRITE"):
        GOLDEN.mkdir(parents=True, exist_ok=True)
        _write(path, *golden.transcript(name))
    return json.loads(path.read_text())


@pytest.mark.parametrize("name", NAMES)
def test_golden_match_folds_to_the_recorded_views(name):
    data = _load(name)
    events = [step["event"] for step in data["steps"]]
    match = MatchLog("stump", data["config"])
    assert match.view() == data["start"]
    for i, event in enumerate(events):
        match.append(event)
        assert match.view() == data["steps"][i]["view"], f"view after event {i}: {event}"
    assert match.view()["over"], "a golden transcript is a whole match"


@pytest.mark.parametrize("name", NAMES)
def test_golden_portable_chunks_are_the_recorded_views(name):
    data = _load(name)
    views = [data["start"]] + [step["view"] for step in data["steps"]]
    config, events, _ = golden.transcript(name)
    assert config == data["config"] and events == [step["event"] for step in data["steps"]]
    chunks = [n for n in dir(golden) if n.startswith(f"case_golden_{name}_")]
    assert len(chunks) * golden.CHUNK >= len(views) > (len(chunks) - 1) * golden.CHUNK
    joined = []
    for index in range(len(chunks)):
        joined += getattr(golden, f"case_golden_{name}_{index}")()
    assert joined == views


def test_golden_matches_show_every_kind_of_turn():
    kinds = set()
    lines = set()
    for name in NAMES:
        data = _load(name)
        for step in data["steps"]:
            event = step["event"]
            kinds.add(event["t"])
            if "side" in event:
                kinds.add("side")
            if event["t"] == "gapper" and event["card"] == "W":
                kinds.add("wild gapper")
            if event["t"] == "discard" and str(event["card"]).startswith("W="):
                kinds.add("wild discard")
            lines.add(step["view"]["last"].split(" ", 1)[1] if " " in step["view"]["last"] else "")
    assert kinds >= {"cut", "setup", "member", "gapper", "discard", "move", "stuck", "side",
                     "wild gapper", "wild discard"}
    assert any(line.endswith("round over") for line in lines)
    assert any(line.endswith("game!") for line in lines)
    assert "is out" in lines

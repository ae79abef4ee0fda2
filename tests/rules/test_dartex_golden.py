"""Golden Dartex matches: full transcripts in tests/golden/dartex/*.json (config, every
event, the view at the end of every hand and the final view). The same events are
folded on MicroPython by tests/support/portable/cases_dartex_golden.py (test_portable.py
asserts it gives CPython's result); here the CPython fold must give the stored views.

The transcripts were played by the bot of cases_dartex_play.py. To write them again
after a deliberate change of the rules core: python tests/rules/test_dartex_golden.py --write
"""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
GOLDEN = HERE / "golden" / "dartex"
sys.path.insert(0, str(HERE / "support" / "portable"))

import cases_dartex_golden as cases  # noqa: E402

# name -> (players, bot seed, target, cut seed, names)
MATCHES = {
    "two": (2, 3, 500, 0, None),
    "three": (3, 4, 500, 77, ["Ann", "Bob", "Cyd"]),
    "four": (4, 4, 500, 0, ["North", "East", "South", "West"]),
    "long": (4, 8, 2500, 5, None),
}


def load(name):
    return json.loads((GOLDEN / f"{name}.json").read_text())


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_golden_events_are_the_portable_cases_events(name):
    golden = load(name)
    config, events = cases.match(name)
    assert config == golden["config"]
    assert events == golden["events"]


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_golden_transcript_folds_to_the_stored_views(name):
    golden = load(name)
    got = cases.transcript(golden["config"], golden["events"])
    assert got["hands"] == golden["hands"]
    assert got["view"] == golden["view"]


def test_golden_matches_end_in_a_game_won_past_the_target():
    for name in MATCHES:
        view = load(name)["view"]
        assert view["game_over"] and view["winner"] is not None
        assert max(view["totals"]) >= view["target"]
        assert view["totals"].count(max(view["totals"])) == 1


def test_golden_long_match_has_300_events():
    assert len(load("long")["events"]) >= 300


def write():
    import cases_dartex_play as bot

    GOLDEN.mkdir(parents=True, exist_ok=True)
    lines = []
    for name in sorted(MATCHES):
        players, seed, target, cut_seed, names = MATCHES[name]
        _, log = bot.play(players, seed, target, cut_seed=cut_seed, check_every=0)
        config = {"players": players, "target": target}
        if names:
            config["names"] = names
        record = {"config": config, "events": log.events}
        record.update(cases.transcript(config, log.events))
        (GOLDEN / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        text = cases.encode(log.events)
        lines.append(f"    {name!r}: ({config!r},")
        chunks = [text[i:i + 80] for i in range(0, len(text), 80)]
        lines += [f"        {chunk!r}" for chunk in chunks[:-1]]
        lines.append(f"        {chunks[-1]!r}),")
    module = HERE / "support" / "portable" / "cases_dartex_golden.py"
    source = module.read_text()
    head, rest = source.split("GOLDEN = {", 1)
    tail = rest.split("# -- end golden --", 1)[1]
    block = "GOLDEN = {\n" + "\n".join(lines) + "\n}\n# -- end golden --"
    module.write_text(head + block + tail)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()

"""Golden Great Galumphus transcripts: whole matches from the shuffle to the
end, stored in tests/golden/galumphus/*.json (config, the log as a script, one
trace line per event, the final umpire view). CPython must fold each log to
exactly that; tests/support/portable/cases_galumphus.py carries the same logs (GOLDEN),
so test_portable folds them on MicroPython and compares with CPython.

Regenerate (only when the log format or a rule reading changes, and say why):
    .venv/bin/python tests/rules/test_galumphus_golden.py
"""

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "support" / "portable"))
import cases_galumphus as portable  # noqa: E402
from cases_galumphus import format_script, parse_script, playout  # noqa: E402

GOLDEN = HERE / "golden" / "galumphus"
# name: (players, target, table seed): each found to end the way its name says.
MATCHES = {
    "four_players_row_of_7": (4, 7, 1),
    "five_players_out_of_reach": (5, 11, 649),
    "six_players_row_of_7": (6, 7, 1),
    "seven_players_row_of_5": (7, 5, 3),
    "eight_players_row_of_5": (8, 5, 1),
    "five_players_stars_only": (5, 11, 1301),
    "four_players_quiet_pass_end": (4, 11, 194),
}


def load(name):
    return json.loads((GOLDEN / f"{name}.json").read_text())


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_golden_transcript_folds_exactly(name):
    golden = load(name)
    events = parse_script(golden["script"])
    folded = portable.transcript_of(golden["config"], events)
    assert folded["trace"] == golden["trace"]
    assert folded["umpire"] == golden["umpire"]
    assert folded["umpire"]["phase"] == "over"
    # The same log is what MicroPython folds (test_portable compares the outcomes).
    assert portable.GOLDEN[name] == [golden["config"], golden["script"]]
    assert hasattr(portable, "case_golden_" + name)


def test_golden_set_covers_every_ending_and_every_star():
    reasons = set()
    stars = set()
    for name in MATCHES:
        golden = load(name)
        reasons.add(golden["umpire"]["result"]["reason"])
        stars |= {line.split()[1] for line in golden["trace"]} & {"CRO", "GAL", "TAS", "BUB"}
    assert reasons == {"row", "reach", "stars", "pass"}
    assert stars == {"CRO", "GAL", "TAS", "BUB"}


def regenerate():
    lines = []
    for name in sorted(MATCHES):
        players, target, seed = MATCHES[name]
        events = []
        playout(seed, players, target, skill=75, probes=0, undos=0, events_out=events)
        config = {"players": players, "target": target}
        script = format_script(events)
        folded = portable.transcript_of(config, events)
        record = {"config": config, "script": script, **folded}
        (GOLDEN / f"{name}.json").write_text(json.dumps(record, indent=1) + "\n")
        lines.append(f"    {name!r}: [{json.dumps(config)}, (")
        words = script.split()
        chunk = []
        for word in words:
            if len(" ".join(chunk + [word])) > 84:
                lines.append(f"        {' '.join(chunk) + ' '!r}")
                chunk = []
            chunk.append(word)
        lines.append(f"        {' '.join(chunk)!r}")
        lines.append("    )],")
    module = HERE / "support" / "portable" / "cases_galumphus.py"
    text = module.read_text()
    head = text[: text.index("GOLDEN = {")]
    tail = text[text.index("\n}\n", text.index("GOLDEN = {")) + 3:]
    module.write_text(head + "GOLDEN = {\n" + "\n".join(lines) + "\n}\n" + tail)


if __name__ == "__main__":
    regenerate()


def test_a_shared_stalemate_keeps_no_single_winner_and_the_laptop_names_them_all():
    from parlour.replay import winner_seats
    from parlour_rules.log import MatchLog

    shared = [name for name in MATCHES if len(load(name)["umpire"]["result"]["winners"]) > 1]
    assert shared
    for name in shared:
        golden = load(name)
        view = MatchLog("galumphus", golden["config"], parse_script(golden["script"])).view()
        winners = golden["umpire"]["result"]["winners"]
        assert view["winner"] is None and view["totals"] == view["designs"]
        assert winner_seats(view, view["winner"]) == sorted(winners)


@pytest.mark.parametrize("name", sorted(MATCHES))
def test_apply_never_changes_the_state_it_is_given_so_undo_takes_the_state_before(name):
    # PURE: the match log undoes by keeping the state before the last event, which
    # holds only while apply() copies what it changes. Every event of the golden
    # (and two refused ones at its end) leaves the state it was given as it was, and
    # an undo now and then equals folding the log again.
    import copy

    from parlour_rules import galumphus
    from parlour_rules.errors import RulesError
    from parlour_rules.log import MatchLog, fold

    assert galumphus.PURE
    golden = load(name)
    events = parse_script(golden["script"])
    state = galumphus.new_match(golden["config"])
    log = MatchLog("galumphus", golden["config"])
    undone = 0
    for index, event in enumerate(events + [{"t": "pass"}, {"t": "key", "seat": 99}]):
        given = copy.deepcopy(state)
        try:
            following = galumphus.apply(state, event)
        except RulesError:
            following = state
        assert state == given, f"event {index} changed the state it was given"
        state = following
        if index < len(events):
            log.append(event)
            if index % 37 == 36:
                log.undo()
                assert log.state == fold(galumphus, golden["config"], log.events)
                log.append(event)
                undone += 1
    assert log.state == state and undone > 5


@pytest.mark.parametrize("name", ["four_players_row_of_7", "five_players_stars_only",
                                  "four_players_quiet_pass_end"])
def test_the_screen_view_agrees_with_the_view_in_order_and_out_of_it(name):
    # screen_view keeps the fields of the last view whose part of the state is the
    # same object (apply is PURE): after every event of a golden it equals view(),
    # and so it does for the states asked again out of order (an undo goes back),
    # with the settled claims a screen keeps lines of kept as the same dicts.
    from parlour_rules import galumphus

    golden = load(name)
    states = [galumphus.new_match(golden["config"])]
    for event in parse_script(golden["script"]):
        states.append(galumphus.apply(states[-1], event))
    kept = 0
    before: list = []
    before_view: dict = {}
    again = [n * len(states) // 9 for n in (4, 1, 5, 5, 0, 8, 2, 0, 7)]
    for i in list(range(len(states))) + again:
        lean = galumphus.screen_view(states[i])
        assert lean == galumphus.view(states[i]), f"state {i}"
        settled = states[i]["last"]
        if settled and before and before[0] is settled[0]:
            kept += lean["last"][0] is before_view["last"][0]
        before = states[i]["last"]
        before_view = lean
    assert kept > 10

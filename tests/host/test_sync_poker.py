"""A Poker match played on the simulator by its key script, synced over the real
pseudo-terminal and replayed on the laptop's rules core: the same ledger, and
`parlour show` tells the hands as the table saw them."""

import json
import os

import pytest

from simlink import SCRIPTS, run, serve, stop


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("poker-e2e")
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp / "run"))
    proc, port = serve(tmp / "state", env, SCRIPTS / "poker_match.txt")
    yield {"port": port, "db": tmp / "p.db", "tmp": tmp}
    stop(proc)


def test_the_poker_match_replays_on_the_laptop_to_the_devices_ledger(synced, capsys):
    status, out, err = run(capsys, "sync", "--port", synced["port"], "--db", synced["db"])
    assert status == 0, err
    assert "1 received, 1 new" in out
    out_file = synced["tmp"] / "all.json"
    run(capsys, "export", "--format", "json", "--db", synced["db"], "-o", out_file)
    [m] = json.loads(out_file.read_text())["matches"]
    assert m["game"] == "poker" and m["replay_agrees"]
    device, replayed = m["device_result"], m["replayed_result"]
    # Rum, four players (sim-scripts/poker_match.txt): the ledger sums to zero
    assert device["totals"] == replayed["totals"] == [38, -34, 19, -23]
    assert [e["t"] for e in m["events"]] == ["hand", "false_call", "hand", "void", "hand"]
    status, out, _ = run(capsys, "show", m["id"], "--db", synced["db"])
    lines = out.splitlines()
    assert status == 0 and "replay agrees with the device" in lines and all(len(x) <= 80 for x in lines)
    # each event's line is the table's sentence, not a data structure
    assert any("P3 calls 9, P4+P1 5 win: P3 -8" in x for x in lines)
    assert any("P4 false call 19: P4 -15" in x for x in lines)
    assert any("Hand 3 void: no score" in x for x in lines)
    assert lines[-1].startswith("totals:") and "P1 38" in lines[-1]


def test_a_second_sync_brings_nothing_new(synced, capsys):
    run(capsys, "sync", "--port", synced["port"], "--db", synced["db"])
    status, out, _ = run(capsys, "sync", "--port", synced["port"], "--db", synced["db"])
    assert status == 0 and "0 received, 0 new" in out
    status, out, _ = run(capsys, "matches", "--verify", "--db", synced["db"])
    assert status == 0 and out.strip().endswith("1 matches replayed, 0 disagree")

"""A Dumbo match played on the simulated device by its key script (card entry
included), synced over the pseudo-terminal and replayed by the laptop's rules core:
the same totals and winner, and `parlour show` says the replay agrees."""

import json
import os

from simlink import SCRIPTS, parlour, run, serve, stop


def test_a_dumbo_match_replays_from_its_journal_to_the_same_result(capsys, tmp_path):
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"))
    state = tmp_path / "state"
    played = parlour("sim", "--script", SCRIPTS / "dumbo_match.txt", "--state", state, env=env)
    assert played.returncode == 0, played.stderr
    proc, port = serve(state, env)
    try:
        db = tmp_path / "p.db"
        status, out, err = run(capsys, "sync", "--port", port, "--db", db)
        assert status == 0 and "1 received, 1 new" in out, err
    finally:
        stop(proc)
    status, _, _ = run(capsys, "export", "--format", "json", "--db", db, "-o",
                       tmp_path / "all.json")
    [match] = json.loads((tmp_path / "all.json").read_text())["matches"]
    device, replayed = match["device_result"], match["replayed_result"]
    assert match["game"] == "dumbo" and match["replay_agrees"]
    assert device["totals"] == replayed["totals"] == [206, 0]
    assert device["winner"] == replayed["winner"] == "P1"
    assert any("declarer_cards" in e for e in match["events"])   # solved again on the laptop
    status, out, _ = run(capsys, "show", match["id"], "--db", db)
    lines = out.splitlines()
    assert status == 0 and "replay agrees with the device" in lines, out

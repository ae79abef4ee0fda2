"""End to end over the simulator's real pseudo-terminal: the key scripts of every game
with screens played in `parlour sim`, then `parlour sync`, `matches`, `show` and
`export` as a user runs them; and each failure a user can meet, said in one line."""

import json
import os
import sqlite3
import time

import pytest
import serial

from journal_support import prefs_head
from parlour.store import open_store
from parlour_device.nvm import maintenance_requested
from simlink import SCRIPTS, FakeEnd, one_line_failure, parlour, run, serve, stop


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A simulator that played the Stump and the Dartex key scripts, serving its port."""
    tmp = tmp_path_factory.mktemp("e2e")
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp / "run"))
    state = tmp / "state"
    first = parlour("sim", "--script", SCRIPTS / "stump_match.txt", "--state", state, env=env)
    assert first.returncode == 0, first.stderr
    proc, port = serve(state, env, SCRIPTS / "dartex_match.txt")
    yield {"port": port, "env": env, "state": state, "tmp": tmp}
    stop(proc)



def test_devices_lists_the_running_simulator(played):
    result = parlour("devices", env=played["env"])
    assert result.returncode == 0
    [header, row] = result.stdout.splitlines()
    assert header.split()[:2] == ["PORT", "KIND"]
    assert row.split()[:2] == [played["port"], "simulator"] and len(row) <= 80


def test_sync_then_export_gives_the_devices_totals_and_a_second_sync_adds_nothing(
        played, capsys, tmp_path):
    db = tmp_path / "p.db"
    status, out, err = run(capsys, "sync", "--port", played["port"], "--db", db)
    assert status == 0, err
    assert "2 received, 2 new, 2 freed" in out
    status, out, _ = run(capsys, "export", "--format", "json", "--db", db, "-o",
                         tmp_path / "all.json")
    doc = json.loads((tmp_path / "all.json").read_text())
    games = sorted(m["game"] for m in doc["matches"])
    assert games == ["dartex", "stump"]
    for m in doc["matches"]:
        device, replayed = m["device_result"], m["replayed_result"]
        assert device["totals"] == replayed["totals"] and device["winner"] == replayed["winner"]
        assert [p["total"] for p in m["players"]] == device["totals"]
        assert m["replay_agrees"] and len(m["events"]) >= 10
    status, out, _ = run(capsys, "sync", "--port", played["port"], "--db", db)
    assert status == 0 and "0 received, 0 new" in out
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 2
        assert conn.execute("SELECT status FROM syncs ORDER BY id").fetchall() == [("done",)] * 2
    # The same matches, as CSV rows and as a table, and one of them hand by hand.
    status, out, _ = run(capsys, "export", "--db", db)
    rows = out.splitlines()
    assert rows[0].startswith("match,device,seq,game") and len(rows) == 1 + 4
    status, out, _ = run(capsys, "matches", "--db", db)
    assert status == 0 and all(len(line) <= 80 for line in out.splitlines())
    assert len(out.splitlines()) == 3
    dartex = next(m for m in doc["matches"] if m["game"] == "dartex")
    status, out, _ = run(capsys, "show", dartex["id"], "--db", db)
    lines = out.splitlines()
    assert status == 0 and "replay agrees with the device" in lines and all(len(x) <= 80 for x in lines)
    assert sum(line.lstrip().startswith("hand ") for line in lines) == len(dartex["hands"]) > 0
    status, out, _ = run(capsys, "export", "--format", "jsonl", "--game", "stump", "--db", db)
    [stump] = [json.loads(line) for line in out.splitlines()]
    assert stump["game"] == "stump" and stump["players"][0]["name"] == "P1"
    # Filters, and replaying what is stored once more.
    for args, rows in ((["--game", "stump"], 1), (["--player", "p2"], 2),
                       (["--player", "Nobody"], 0), (["--since", "2999-01-01"], 0)):
        status, out, _ = run(capsys, "matches", *args, "--db", db)
        assert status == 0 and (len(out.splitlines()) - 1 if rows else out) == (rows or
                                                                            "no matches\n")
    status, out, _ = run(capsys, "matches", "--verify", "--db", db)
    assert status == 0 and out.strip().endswith("2 matches replayed, 0 disagree")


def test_roster_and_settings_pushed_reach_the_devices_flash(played, capsys):
    status, out, err = run(capsys, "roster", "push", "Ann", "Bob", "Cyd", "--port", played["port"])
    assert status == 0, err
    drive = played["state"] / "CIRCUITPY"
    assert prefs_head(drive)["roster"] == ["Ann", "Bob", "Cyd"]
    status, _, err = run(capsys, "settings", "push", "--sound", "off", "--brightness", "low",
                         "--default", "stump.target=15", "--port", played["port"])
    assert status == 0, err
    kept = prefs_head(drive)["settings"]
    assert kept["sound"] == 0 and kept["defaults"] == {"stump": {"target": 15}}
    assert kept["bright"] == 0
    nvm = played["state"] / "nvm.bin"
    assert not maintenance_requested(nvm.read_bytes())
    status, out, err = run(capsys, "settings", "push", "--maintenance", "--port", played["port"])
    assert status == 0 and "next reset" in out, err
    assert maintenance_requested(nvm.read_bytes())


# -- what goes wrong, said in one line -------------------------------------------------------

def test_no_device_found(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_RUNTIME", str(tmp_path / "empty"))
    status, _, err = run(capsys, "sync", "--db", tmp_path / "p.db")
    one_line_failure(status, err, ["no device found"])


def test_a_busy_port(played, capsys, tmp_path):
    with serial.Serial(played["port"], exclusive=True):
        status, _, err = run(capsys, "sync", "--port", played["port"], "--db", tmp_path / "p.db")
    one_line_failure(status, err, ["busy"])



def old_hello(line):
    # A device that frames its answers but speaks protocol 0.
    from parlour_wire.frame import check, encode
    from parlour_wire.messages import message

    request = check(line)
    return encode(message("hello", 1, {"dev": "01d", "proto": 0}, re=request["n"]))


@pytest.mark.parametrize("answer", [lambda line: b'{"error": "unknown request"}\n', old_hello],
                         ids=["firmware before sync", "protocol 0"])
def test_a_device_on_an_older_protocol(capsys, tmp_path, answer):
    end = FakeEnd(answer)
    try:
        status, _, err = run(capsys, "sync", "--port", end.path, "--db", tmp_path / "p.db")
    finally:
        end.close()
    one_line_failure(status, err, ["firmware", "parlour install"])


def test_a_frame_that_never_comes(capsys, tmp_path):
    end = FakeEnd(lambda line: None)
    try:
        started = time.monotonic()
        status, _, err = run(capsys, "sync", "--port", end.path, "--timeout", "0.2",
                             "--db", tmp_path / "p.db")
    finally:
        end.close()
    one_line_failure(status, err, ["no whole answer", "plug it in again"])
    assert time.monotonic() - started < 10


def test_a_database_from_a_newer_parlour_is_refused_untouched(capsys, tmp_path):
    db = tmp_path / "new.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE future (x)")
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    before = db.read_bytes()
    status, _, err = run(capsys, "matches", "--db", db)
    one_line_failure(status, err, ["newer parlour", "schema 99"])
    assert db.read_bytes() == before


@pytest.mark.parametrize("args, words", [
    (["export", "--since", "last week"], ["--since", "YYYY-MM-DD"]),
    (["export", "-o", "/nonexistent/folder/x.csv"], ["cannot write"]),
    (["show", "12x"], ["MATCH is a number"]),
    (["show", "999"], ["no match 999"]),
    (["roster", "push", "A" * 19], ["1 to 18"]),
    (["settings", "push", "--default", "stump.target"], ["GAME.OPTION=N"]),
])
def test_a_malformed_request_is_one_line_and_writes_nothing(capsys, tmp_path, args, words):
    db = tmp_path / "p.db"
    open_store(db).close()                       # an empty database to read
    status, out, err = run(capsys, *args, "--db", db) if args[0] in ("export", "show") \
        else run(capsys, *args)
    one_line_failure(status, err, words)
    assert out == "" and sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in tmp_path.iterdir() if p.name.startswith("p.db"))


def test_a_match_whose_replay_disagrees_is_reported_loudly_and_kept(capsys, tmp_path):
    from journal_support import STUMP_CONFIG, stump_events
    from parlour_device.app import App
    from parlour_device.boards.common import MONO_128X64, Board
    from parlour_device.flash import Flash
    from parlour_wire.frame import encode

    def two_matches(folder, file_second=True):
        folder.mkdir(parents=True)
        app = App(Board(MONO_128X64, None, None, bytearray(4096), Flash(str(folder)), "d15a"))
        for _ in range(2 if file_second else 1):
            app.new_match("stump", STUMP_CONFIG)
            for event in stump_events(4):
                assert app.submit(event) is None
            app.finish_match()
        return app

    kept = two_matches(tmp_path / "scratch").journal.load(2)
    flash = tmp_path / "state" / "CIRCUITPY"
    two_matches(flash, file_second=False)
    kept["result"]["totals"] = [7, 7]          # as if the device had scored it wrongly
    # filed as firmware before the two-copy log kept it: moved in at the next boot
    (flash / "parlour" / "done").mkdir(exist_ok=True)
    (flash / "parlour" / "done" / "2.json").write_bytes(encode(kept))
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"))
    proc, port = serve(tmp_path / "state", env)
    try:
        status, out, err = run(capsys, "sync", "--port", port, "--db", tmp_path / "p.db")
    finally:
        stop(proc)
    assert status == 3 and "2 received, 2 new" in out
    assert "DISAGREES" in err and "#2 (stump)" in err and "[7, 7]" in err
    status, out, _ = run(capsys, "matches", "--disagree", "--db", tmp_path / "p.db")
    [_, row] = out.splitlines()
    assert row.split()[0] == "2" and " NO " in row

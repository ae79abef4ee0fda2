"""The laptop's commands as a new user meets them: every match readable in words in
tables as wide as the terminal, every game's hands exported, pipes closed early, a
simulator found from any shell, and bad input refused in a sentence that changes
nothing (real SQLite, real pseudo-terminals, real pipes)."""

import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest

from laptop_support import PICKS, history_db
from parlour.cli import main
from parlour.replay import most_up
from ptydevice import Device

PARLOUR = [sys.executable, "-m", "parlour"]


def run(capsys, *args):
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def refused(status, out, err, *words):
    lines = err.strip().splitlines()
    assert status == 2 and out == "" and len(lines) == 1, (out, err)
    assert lines[0].startswith("parlour: ") and all(w in lines[0] for w in words), lines[0]


def cli(*args, env=None, **kw):
    return subprocess.run([*PARLOUR, *map(str, args)], capture_output=True, text=True,
                          env=env, timeout=120, **kw)


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    return history_db(tmp_path_factory.mktemp("history") / "p.db")


@pytest.fixture
def device(tmp_path):
    d = Device(tmp_path, matches=0)
    yield d
    d.close()


# -- readable everywhere ---------------------------------------------------------------
def test_show_says_every_event_in_the_devices_words_and_each_hands_scores(db, capsys):
    status, out, _ = run(capsys, "show", "3", "--db", db)
    assert status == 0 and "replay agrees with the device" in out
    assert "hand caller=0 deadwood=9,5,5,20" in out          # the counts as entered
    assert "Cal calls 9, Ann+Bea 5 win: Cal -8," in out
    assert "Dan pays Ann 12" in out and "Hand 4 void: no score" in out
    assert "hand 1" in out and "Dan -15 (-15)" in out
    assert out.rstrip().splitlines()[-1] == "totals: Cal 10, Ann -32, Bea -16, *Dan 38"
    for banned in ("['", "{'", "None", "~"):
        assert banned not in out


@pytest.mark.parametrize("columns, widest", [(None, 80), ("250", 250), ("40", 80)])
def test_tables_fit_the_width_the_terminal_says_and_never_fewer_than_80(db, columns, widest):
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    if columns:
        env["COLUMNS"] = columns
    result = cli("show", "2", "--db", db, env=env)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and max(len(x) for x in lines) <= widest
    assert "~" not in result.stdout
    if widest == 250:   # room for a hand's scores on one line
        assert any("North-South (Nan & Sam) +12 (12), East-West (Eve & Wes) 0 (0)" in x
                   for x in lines)
    else:
        assert max(len(x) for x in lines) > 60


def test_show_json_gives_the_same_words_to_a_script(db, capsys):
    status, out, _ = run(capsys, "show", "6", "--json", "--db", db)
    doc = json.loads(out)
    assert status == 0 and doc["scorers"] == ["P1", "P2", "P3", "P4"]
    assert doc["events"][16]["lines"] == ["P3 claims P1's card"]
    assert [h["kind"] for h in doc["hands"]] == ["call"] * 107


def test_hands_rows_for_every_game_in_csv_and_json(db, capsys):
    status, out, _ = run(capsys, "export", "--rows", "hands", "--db", db)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert status == 0 and {r["game"] for r in rows} == {"dumbo", "poker", "stump", "dartex",
                                                          "galumphus"}
    kinds = {(r["game"], r["kind"]) for r in rows}
    assert kinds == {("dumbo", "hand"), ("poker", "hand"), ("stump", "round"),
                     ("dartex", "hand"), ("galumphus", "call")}
    first = rows[0]
    assert (first["player"], first["points"], first["total_after"], first["what"]) == (
        "Ann", "22", "22", "Ann declares 3, Bob 25: Ann +22")
    sides = [r for r in rows if r["match"] == "2" and r["hand"] == "5"]
    assert [(r["player"], r["total_after"], r["scorer"]) for r in sides] == [
        ("Nan", "103", "North-South (Nan & Sam)"), ("Eve", "5", "East-West (Eve & Wes)"),
        ("Sam", "103", "North-South (Nan & Sam)"), ("Wes", "5", "East-West (Eve & Wes)")]
    status, out, _ = run(capsys, "export", "--format", "json", "--db", db)
    matches = json.loads(out)["matches"]
    assert all(m["hands"] for m in matches) and len(matches) == len(PICKS)
    dumbo = matches[0]
    assert dumbo["lines"][0] == "Cut: Ann 7DI, Bob 10SQ; Bob deals"
    assert dumbo["words"][0] == ["Cut: Ann 7DI, Bob 10SQ", "Bob deals"]
    assert not any("['" in line or "{'" in line for m in matches for line in m["lines"])


def test_a_poker_sessions_winner_is_the_player_most_up(db, capsys):
    status, out, _ = run(capsys, "matches", "--game", "poker", "--db", db)
    assert status == 0 and "Cal 10, Ann -32, Bea -16, *Dan 38" in out
    status, out, _ = run(capsys, "export", "--game", "poker", "--db", db)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(r["player"], r["winner"]) for r in rows] == [("Cal", "0"), ("Ann", "0"),
                                                         ("Bea", "0"), ("Dan", "1")]
    status, out, _ = run(capsys, "matches", "--json", "--db", db)
    poker = next(m for m in json.loads(out) if m["game"] == "poker")
    assert [p["winner"] for p in poker["players"]] == [False, False, False, True]
    assert most_up([12, 12, -24]) == [0, 1] and most_up([0, 0]) == []
    sides = {m["game"] + str(m["id"]): [p["winner"] for p in m["players"]]
             for m in json.loads(out)}
    assert sides["dumbo2"] == [True, False, True, False]    # North-South: Nan and Sam
    assert sides["stump4"] == [False, True, False, True]    # P2 and P4's side


# -- pipes closed early ----------------------------------------------------------------
@pytest.fixture(scope="module")
def big_db(tmp_path_factory):
    return history_db(tmp_path_factory.mktemp("big") / "p.db",
                      picks=("galumphus",) * 4 + ("dumbo",) * 1600)


@pytest.mark.parametrize("command, reader", [
    (["export"], ["head", "-1"]),
    (["export", "--format", "jsonl", "--game", "galumphus"], ["head", "-c", "10"]),
    (["export", "--rows", "hands", "--game", "galumphus"], ["head", "-1"]),
    (["matches"], ["head", "-c", "10"]),
])
def test_a_reader_that_stops_early_ends_parlour_quietly_with_status_0(big_db, command, reader):
    whole = subprocess.run([*PARLOUR, *command, "--db", str(big_db)], capture_output=True,
                           timeout=120)
    assert len(whole.stdout) > 80 * 1024     # more than a pipe holds: the reader leaves first
    writer = subprocess.Popen([*PARLOUR, *command, "--db", str(big_db)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    head = subprocess.Popen(reader, stdin=writer.stdout, stdout=subprocess.PIPE)
    writer.stdout.close()
    taken, _ = head.communicate(timeout=120)
    err = writer.stderr.read()
    writer.stderr.close()
    assert writer.wait(timeout=120) == 0 and err == b""
    assert taken and whole.stdout.startswith(taken) and len(taken.splitlines()) == 1


# -- one place for the simulator's note ------------------------------------------------
def test_a_simulator_announced_in_one_shell_is_found_from_another(tmp_path):
    home = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"), HOME=str(tmp_path))
    home.pop("PARLOUR_RUNTIME", None)
    with_runtime = dict(home, XDG_RUNTIME_DIR=str(tmp_path / "run"))
    without = {k: v for k, v in home.items() if k != "XDG_RUNTIME_DIR"}
    (tmp_path / "run").mkdir()
    announcer = subprocess.Popen(
        [sys.executable, "-c", "import os, sys, time\n"
         "from parlour.link.ports import announce\n"
         "master, slave = os.openpty()\n"
         "announce(os.ttyname(slave), 'macropad', 'e6614c311b5')\n"
         "print('ready', flush=True)\n"
         "time.sleep(60)\n"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=with_runtime)
    try:
        assert announcer.stdout.readline() == "ready\n"
        for env in (without, with_runtime):
            result = cli("devices", env=env)
            assert result.returncode == 0 and "simulator" in result.stdout, result
            assert "Warning" not in result.stderr and result.stderr == ""
    finally:
        announcer.kill()
        announcer.wait()
    assert "RuntimeDirWarning" not in announcer.stderr.read()
    result = cli("devices", env=without)
    assert result.returncode == 1 and "no devices found" in result.stdout


# -- inputs checked --------------------------------------------------------------------
@pytest.mark.parametrize("default, words", [
    ("galumphus.target=6", ["galumphus.target is one of 5, 7, 11, not 6"]),
    ("dumbo.target=-5", ["dumbo.target is one of 25, 50, 75, 100, 150, 200, 250, not -5"]),
    ("dumbo.target=9999999999", ["not 9999999999"]),
    ("dumbo.octad_bonus=1000", ["a whole number from 0 to 999, not 1000"]),
    ("foo.bar=1", ["no game 'foo'", "dumbo, poker, stump, dartex, galumphus"]),
    ("dumbo.bar=1", ["dumbo has no option 'bar'", "target, octad_bonus"]),
    ("stump.target=lots", ["stump.target is one of 10, 15", "not 'lots'"]),
    ("stump.target", ["GAME.OPTION=N"]),
])
def test_settings_push_refuses_what_the_device_would_not_take(capsys, default, words):
    # Refused before any port is opened: --port names none that exists.
    status, out, err = run(capsys, "settings", "push", "--default", default,
                           "--port", "/nonexistent/tty")
    refused(status, out, err, *words)


def test_settings_push_changes_one_default_keeps_the_rest_and_says_them(device, capsys):
    status, out, err = run(capsys, "settings", "push", "--default", "dumbo.target=75",
                           "--default", "galumphus.target=11", "--port", device.path)
    assert status == 0, err
    status, out, err = run(capsys, "settings", "push", "--default", "stump.target=15",
                           "--sound", "off", "--port", device.path)
    assert status == 0, err
    assert out == ("the device now holds: sound off, lights on, brightness full; game "
                   "defaults: dumbo target 75, galumphus target 11, stump target 15\n")
    with device.lock:
        assert device.app.settings["defaults"] == {"dumbo": {"target": 75},
                                                   "galumphus": {"target": 11},
                                                   "stump": {"target": 15}}
        assert device.app.option_default("dumbo", "target", 50) == 75


@pytest.mark.parametrize("name, words", [
    ("\N{GRINNING FACE}Bob", ["cannot draw U+1F600", "ASCII"]),
    ("Zo\N{LATIN SMALL LETTER E WITH DIAERESIS}", ["cannot draw U+00EB"]),
    ("Tab\there", ["cannot draw U+0009"]),
    ("Maximilian-Alexand", None),           # 18: the longest the roster shows whole
    ("Maximilian-Alexandr", ["has 19 characters", "names of 1 to 18 whole"]),
])
def test_roster_push_refuses_names_the_device_cannot_draw_or_show_whole(
        device, capsys, name, words):
    status, out, err = run(capsys, "roster", "push", "Ann", name, "--port", device.path)
    with device.lock:
        roster = list(device.app.roster)
    if words is None:
        assert status == 0 and roster == ["Ann", name], err
    else:
        refused(status, out, err, *words)
        assert roster == [f"P{n}" for n in range(1, 9)]


def test_the_longest_name_fits_the_macropads_roster_line():
    from parlour.commands.roster import shown_max
    from parlour_device.boards.common import MONO_128X64, layout

    assert len("%d %s" % (32, "M" * shown_max())) == layout(MONO_128X64).cols


@pytest.mark.parametrize("argv, words", [
    (["score", "rum-hand", "--caller", "0", "--names", "A,A", "--deadwood", "5", "10"],
     ["'A' names two seats"]),
    (["score", "rum-hand", "--caller", "0", "--deadwood", "5", "-20"],
     ["seat 1 has -20, but deadwood is the pips left unmelded, a count from 0 to 100"]),
    (["score", "dartex", "DOUBLE"], ["a throw is 3 cards, not 1 (DOUBLE)"]),
])
def test_score_refusals_are_a_sentence_with_the_prefix(capsys, argv, words):
    refused(*run(capsys, *argv), *words)


def test_export_into_a_folder_that_takes_no_file_says_so(db, capsys):
    status, out, err = run(capsys, "export", "--db", db, "-o", "/proc/version")
    refused(status, out, err, "cannot write /proc/version: the folder /proc takes no new file")
    status, out, err = run(capsys, "export", "--db", db, "-o", "/nonexistent/folder/x.csv")
    refused(status, out, err, "there is no folder /nonexistent/folder")


def test_sync_prints_no_empty_line_before_its_error_on_a_terminal(tmp_path):
    master, slave = os.openpty()
    try:
        result = subprocess.run([*PARLOUR, "sync", "--port", "/dev/null", "--db",
                                 str(tmp_path / "p.db")], stdout=subprocess.PIPE,
                                stderr=slave, timeout=120)
        time.sleep(0.1)
        said = os.read(master, 4096).decode()
    finally:
        os.close(slave)
        os.close(master)
    assert result.returncode == 1 and said.startswith("parlour: cannot open /dev/null"), said
    assert said.count("\n") == 1


@pytest.mark.parametrize("content, why", [
    (b"", "it is empty"),
    (b"shopping list\n", "it is not an SQLite file"),
    (None, "it is an SQLite database of another program"),
])
@pytest.mark.parametrize("command", [["matches"], ["show", "1"], ["export"]])
def test_a_file_that_is_no_parlour_database_is_said_so_and_left_as_it_was(
        tmp_path, capsys, content, why, command):
    path = tmp_path / "x.db"
    if content is None:
        import sqlite3

        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE notes (text)")
        conn.close()
    else:
        path.write_bytes(content)
    before = path.read_bytes()
    status, out, err = run(capsys, *command, "--db", path)
    assert status == 1 and out == "" and err.startswith(f"parlour: {path} is not a parlour "
                                                        f"database ({why})")
    assert path.read_bytes() == before and sorted(tmp_path.iterdir()) == [path]


def test_a_wide_terminal_gets_wide_tables_without_columns_set(db):
    # A real pseudo-terminal 200 columns wide, as a terminal window is.
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    try:
        proc = subprocess.Popen([*PARLOUR, "show", "2", "--db", str(db)], stdout=slave,
                                stderr=subprocess.PIPE, env=env)
        os.close(slave)
        said = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:         # the far end closed: all is read
                break
            if not chunk:
                break
            said += chunk
        assert proc.wait(timeout=120) == 0
    finally:
        os.close(master)
    lines = said.decode().replace("\r", "").splitlines()
    assert max(len(x) for x in lines) > 80 and all(len(x) <= 200 for x in lines)
    assert any("North-South (Nan & Sam) +12 (12), East-West (Eve & Wes) 0 (0)" in x
               for x in lines)

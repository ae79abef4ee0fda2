"""The sync frees only what the laptop holds, end to end over the simulator's real
pseudo-terminal: two simulators that call themselves the same board, a board wiped
(drive and nvm) and filled again, a store copied onto a second board (a clash), and
finished-match files damaged on the flash. Every record is kept somewhere a command
shows it, and the device frees only what the database stored."""

import json
import os
import shutil
import sqlite3

import pytest

from journal_support import STUMP_CONFIG, stump_events
from parlour.sim.fakes import FileNvm
from parlour_device.app import App
from parlour_device.boards.common import MONO_128X64, Board
from parlour_device.flash import Flash
from parlour_device.journal import Journal
from parlour_device.twin import stored
from simlink import SCRIPTS, run, serve, stop


def file_matches(state, turns):
    """Finish a Stump match per entry of `turns` (that many turns each) on the
    simulator's flash and nvm in `state`, as the keys would; -> their numbers."""
    drive = state / "CIRCUITPY"
    drive.mkdir(parents=True, exist_ok=True)
    app = App(Board(MONO_128X64, None, None, FileNvm(state / "nvm.bin"), Flash(str(drive)),
                    "b0a7d00000000001"))
    seqs = []
    for count in turns:
        app.new_match("stump", STUMP_CONFIG)
        for event in stump_events(count):
            assert app.submit(event) is None
        seqs.append(app.journal.live_seq)
        app.finish_match()
    return seqs


def journal(state):
    # The store's journal as maintenance mode reads it: nothing written.
    return Journal(Flash(str(state / "CIRCUITPY")), None, False)


def done(state):
    # The finished matches the device still holds (its log's pending records).
    return journal(state).pending()


def sync(capsys, state, env, db, script=None):
    proc, port = serve(state, env, script)
    try:
        return run(capsys, "sync", "--port", port, "--db", db)
    finally:
        stop(proc)


def said(err):
    # What the sync told the user on stderr, less its progress bar.
    return [line for line in err.strip().splitlines() if not line.startswith("syncing")]


def rows(db, sql="SELECT device_id, seq, kept FROM matches ORDER BY id"):
    with sqlite3.connect(db) as conn:
        return conn.execute(sql).fetchall()


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"))


def test_two_simulators_with_the_same_board_id_keep_both_matches(capsys, tmp_path, env):
    # Scripted simulators all say they are board 5eed000000000001 and number their
    # first match 1; each state folder is its own store, so neither frees the other.
    db = tmp_path / "p.db"
    stores = []
    for name, game in (("a", "stump"), ("b", "dumbo")):
        status, out, err = sync(capsys, tmp_path / name, env, db, SCRIPTS / f"{game}_match.txt")
        assert status == 0, err
        assert out.startswith("device 5eed000000000001 (store ")
        assert "1 received, 1 new, 1 freed on the device" in out
        stores.append(out.split("(store ")[1].split(")")[0])
        assert done(tmp_path / name) == []
    assert stores[0] != stores[1]
    held = rows(db)
    assert [(key, seq) for key, seq, _ in held] == [(stores[0], 1), (stores[1], 1)]
    assert [json.loads(kept)["record"]["game"] for _, _, kept in held] == ["stump", "dumbo"]
    status, out, _ = run(capsys, "matches", "--db", db)
    assert [line.split()[3] for line in out.splitlines()[1:]] == ["stump", "dumbo"]


def test_more_records_than_a_batch_and_an_ack_hold_all_arrive_and_are_all_freed(
        capsys, tmp_path, env):
    # 20 records: two batches (16 + 4), and acks split to fit the device's 256-byte
    # receive buffer (about ten pairs each).
    state, db = tmp_path / "board", tmp_path / "p.db"
    file_matches(state, [1 + n % 4 for n in range(20)])
    status, out, err = sync(capsys, state, env, db)
    assert status == 0 and "20 received, 20 new, 20 freed" in out, err
    assert done(state) == [] and len(rows(db)) == 20


def test_a_board_wiped_and_filled_again_syncs_every_new_match_and_frees_only_those(
        capsys, tmp_path, env):
    state, db = tmp_path / "board", tmp_path / "p.db"
    assert file_matches(state, [2, 3, 4]) == [1, 2, 3]
    status, out, err = sync(capsys, state, env, db)
    assert status == 0 and "3 received, 3 new, 3 freed" in out, err
    first = out.split("(store ")[1].split(")")[0]
    # A full flash erase: the drive and microcontroller.nvm (the match counter) go.
    shutil.rmtree(state / "CIRCUITPY")
    (state / "nvm.bin").unlink()
    assert file_matches(state, [5, 6, 7, 8]) == [1, 2, 3, 4]
    status, out, err = sync(capsys, state, env, db)
    assert status == 0 and "4 received, 4 new, 4 freed" in out, err
    second = out.split("(store ")[1].split(")")[0]
    assert second != first and done(state) == []
    held = rows(db)
    assert [(key, seq) for key, seq, _ in held] == [(first, s) for s in (1, 2, 3)] + [
        (second, s) for s in (1, 2, 3, 4)]
    assert [json.loads(k)["record"]["events"] for _, _, k in held] == [
        stump_events(n) for n in (2, 3, 4, 5, 6, 7, 8)]
    status, out, _ = run(capsys, "matches", "--db", db)
    assert len(out.splitlines()) == 1 + 7 and "clash" not in out


def test_a_different_match_under_a_number_held_is_kept_listed_and_exported(
        capsys, tmp_path, env):
    # A drive copied onto a second board (or restored from a copy) carries its store
    # identity: its next match 1 is not the match 1 the laptop holds.
    one, two, db = tmp_path / "one", tmp_path / "two", tmp_path / "p.db"
    file_matches(one, [])                   # the store made
    shutil.copytree(one / "CIRCUITPY", two / "CIRCUITPY")
    file_matches(one, [3])
    file_matches(two, [5])
    assert sync(capsys, one, env, db)[0] == 0
    status, out, err = sync(capsys, two, env, db)
    assert status == 3 and "1 received, 1 new, 1 freed" in out
    lines = said(err)
    assert lines[0].startswith("CLASH match ") and "#1" in lines[0]
    assert "parlour matches --clashes" in lines[-1] and len(lines) == 2
    status, out, _ = run(capsys, "matches", "--clashes", "--db", db)
    table = out.splitlines()
    assert status == 0 and len(table) == 1 + 2 + 1
    assert table[-1].startswith("clash: matches 1, 2 all came as #1") and len(table[-1]) <= 80
    status, out, _ = run(capsys, "matches", "--db", db)
    assert len(out.splitlines()) == 4
    status, out, _ = run(capsys, "export", "--format", "jsonl", "--db", db)
    exported = [json.loads(line) for line in out.splitlines()]
    assert [m["same_number_as"] for m in exported] == [[2], [1]]
    assert [m["events"] for m in exported] == [stump_events(3), stump_events(5)]
    assert exported[0]["store"] == exported[1]["store"]
    status, out, _ = run(capsys, "show", "2", "--db", db)
    assert "clash: match 1 came under the same number" in out


def damage(state, seq, how):
    # A finished match's record damaged in both copies of the log on the drive: a
    # flipped byte, its second half never written (cut), or none of it (empty).
    # -> the record's bytes as they now lie.
    held = journal(state)
    assert seq in held.pending()
    [(at, length)] = [(item[1], item[2]) for item in held.held if item[0] == seq]
    for copy in ("s0", "s1"):
        path = state / "CIRCUITPY" / "parlour" / copy / "done"
        data = bytearray(path.read_bytes())
        if how == "flipped":
            data[at + length // 2] ^= 0x04
        else:
            start = at + (length // 2 if how == "cut" else 0)
            data[start:at + length] = bytes(at + length - start)
        path.write_bytes(bytes(data))
    return bytes(data[at:at + length])


@pytest.mark.parametrize("how, why", [("flipped", "CRC does not match"), ("cut", "cut short"),
                                      ("empty", "empty")])
def test_a_damaged_record_is_named_once_kept_on_the_device_and_the_rest_arrive(
        capsys, tmp_path, env, how, why):
    state, db = tmp_path / "board", tmp_path / "p.db"
    file_matches(state, [2, 3, 4])
    left = damage(state, 2, how)
    status, out, err = sync(capsys, state, env, db)
    assert status == 3 and "2 received, 2 new, 2 freed on the device, 1 damaged" in out
    lines = said(err)
    assert len(lines) == 2 and lines[0].startswith("DAMAGED match ")
    assert "#2 is damaged on the device" in lines[0]
    assert why in lines[0] and "parlour/damaged/" in lines[0]
    assert [json.loads(k)["record"]["events"] for _, _, k in rows(db)] == [stump_events(2),
                                                                            stump_events(4)]
    aside = state / "CIRCUITPY" / "parlour" / "damaged" / "2.json"
    assert aside.read_bytes() == left and done(state) == []     # kept, out of the way
    status, out, err = sync(capsys, state, env, db)             # named once
    assert status == 0 and "0 received, 0 new, 0 freed" in out and said(err) == []
    if how == "flipped":
        assert stored(aside.read_bytes()) is None       # the bytes stay as they were found
        assert file_matches(state, [5]) == [4]          # and the next match still syncs
        status, out, _ = sync(capsys, state, env, db)
        assert status == 0 and "1 received, 1 new, 1 freed" in out


@pytest.mark.parametrize("answer", ["proto 1", "refused as newer"])
def test_a_device_of_protocol_1_is_refused_before_anything_is_pulled_or_freed(
        capsys, tmp_path, answer):
    # A device that frees records by number alone is told to update, in one line.
    from parlour_wire.frame import check, encode
    from parlour_wire.messages import error, message
    from simlink import FakeEnd, one_line_failure

    asked = []

    def reply(line):
        request = check(line)
        asked.append(request["t"])
        if answer == "proto 1":
            return encode(message("hello", 1, {"dev": "01d", "proto": 1}, re=request["n"]))
        return encode(error(1, "version", "newer protocol than the device's", request["n"]))

    end = FakeEnd(reply)
    try:
        status, _, err = run(capsys, "sync", "--port", end.path, "--db", tmp_path / "p.db")
    finally:
        end.close()
    one_line_failure(status, err, ["firmware", "parlour install"])
    assert asked == ["hello"]

"""The laptop's database and files: the schema brought up from any earlier version,
a batch stored whole or not at all, exports written whole or not at all, tables
that fit 80 columns."""

import json
import sqlite3

import pytest

from journal_support import STUMP_CONFIG, stump_events
from parlour.errors import ParlourError
from parlour.export import write
from parlour.replay import replay
from parlour.session import table
from parlour.store import SCHEMA_VERSION, open_store
from parlour.store.db import MIGRATIONS
from parlour.store.matches import (
    Incoming,
    add_batch,
    begin_sync,
    digest_of,
    held_here,
    see_device,
    select_matches,
)
from parlour_rules.log import MatchLog

HELLO = {"dev": "ab12", "board": "sim", "fw": "0.1.0", "proto": 1}


def kept(seq, turns=3, result=None):
    log = MatchLog("stump", STUMP_CONFIG, stump_events(turns))
    view = log.screen_view()
    return {"seq": seq, "end": "stopped", "record": log.record(), "up": 5, "boot": 1,
            "result": result or {"totals": view["totals"], "winner": view["winner"]}}


def incoming(seq, **kw):
    k = kept(seq, **kw)
    return Incoming(seq, k, replay(k), None, "unknown")


def test_a_new_database_gets_every_migration_and_a_later_one_runs_on_an_old_file(tmp_path):
    store = open_store(tmp_path / "p.db")
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    store.close()
    later = MIGRATIONS + ["ALTER TABLE matches ADD COLUMN note TEXT;"]
    store = open_store(tmp_path / "p.db", migrations=later)
    assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
    store.conn.execute("SELECT note FROM matches").fetchall()
    store.close()
    with pytest.raises(ParlourError, match="newer parlour"):
        open_store(tmp_path / "p.db")


def test_a_batch_is_idempotent_by_device_and_number(tmp_path):
    with open_store(tmp_path / "p.db") as store:
        assert see_device(store, HELLO) == 0
        sync_id = begin_sync(store, "ab12")
        assert add_batch(store, "ab12", sync_id, [incoming(1), incoming(2)], 2) == 2
        assert add_batch(store, "ab12", sync_id, [incoming(2), incoming(3)], 3) == 1
        assert see_device(store, HELLO) == 3
        other = dict(HELLO, dev="cd34")         # a second box: same numbers, other matches
        see_device(store, other)
        assert add_batch(store, "cd34", begin_sync(store, "cd34"), [incoming(1)], 1) == 1
        found = select_matches(store)
        assert len(found) == 4 and {p["name"] for m in found for p in m["players"]} == {"P1", "P2"}
        assert store.conn.execute("SELECT COUNT(*) FROM players").fetchone()[0] == 2


def test_a_batch_that_fails_part_way_leaves_nothing_of_itself(tmp_path):
    with open_store(tmp_path / "p.db") as store:
        see_device(store, HELLO)
        sync_id = begin_sync(store, "ab12")
        broken = incoming(2)
        broken.replayed.names = None            # cannot be stored: fails mid-batch
        with pytest.raises(TypeError):
            add_batch(store, "ab12", sync_id, [incoming(1), broken], 2)
        assert store.conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == 0
        assert see_device(store, HELLO) == 0


def test_a_disagreement_is_kept_and_marked():
    wrong = kept(1, result={"totals": [99, 0], "winner": None})
    r = replay(wrong)
    assert not r.agrees and "99" in r.problem and r.totals != [99, 0]
    unplayable = dict(kept(2), record={"v": 1, "game": "stump", "config": STUMP_CONFIG,
                                       "events": [{"t": "move", "slide": 0}]})
    assert not replay(unplayable).agrees and "does not replay" in replay(unplayable).problem


def test_an_export_is_written_whole_or_not_at_all(tmp_path):
    target = tmp_path / "out.csv"
    target.write_text("old")

    def failing(out):
        out.write("half")
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        write(target, failing)
    assert target.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["out.csv"]
    write(target, lambda out: out.write("new"))
    assert target.read_text() == "new"


def test_tables_fit_eighty_columns():
    rows = [["1", "2026-12-01 20:00", "galumphus", "won", "yes", ", ".join(["Somebody"] * 8)]]
    lines = table(["ID", "ENDED", "GAME", "END", "OK", "PLAYERS"], rows)
    assert all(len(line) <= 80 for line in lines) and lines[1].endswith("~")


def test_the_database_is_plain_sqlite_a_reader_can_open_during_a_sync(tmp_path):
    with open_store(tmp_path / "p.db") as store:
        see_device(store, HELLO)
        add_batch(store, "ab12", begin_sync(store, "ab12"), [incoming(1)], 1)
        with sqlite3.connect(tmp_path / "p.db") as other:
            kept_json = other.execute("SELECT kept FROM matches").fetchone()[0]
        assert json.loads(kept_json)["seq"] == 1


def test_a_different_match_under_a_number_already_held_is_kept_as_a_clash_and_listed(tmp_path):
    with open_store(tmp_path / "p.db") as store:
        see_device(store, HELLO)
        sync_id = begin_sync(store, "ab12")
        add_batch(store, "ab12", sync_id, [incoming(1)], 1)
        clashes = []
        again = incoming(1, turns=5)             # a board whose store was not told apart
        assert add_batch(store, "ab12", sync_id, [again, incoming(1)], 1, clashes) == 1
        assert clashes == [1]
        first, second = select_matches(store)
        assert (first["same_number"], second["same_number"]) == ([second["id"]], [first["id"]])
        assert [m["id"] for m in select_matches(store, clashes=True)] == [first["id"],
                                                                          second["id"]]
        events = [json.loads(e) for (e,) in store.conn.execute(
            "SELECT event FROM events WHERE match_id = ? ORDER BY idx", (second["id"],))]
        assert events == stump_events(5)
        # Met again, it is recognised by its digest: nothing stored twice.
        assert add_batch(store, "ab12", sync_id, [incoming(1, turns=5)], 1, clashes) == 0
        assert clashes == [1] and len(select_matches(store)) == 2


def test_held_here_names_only_records_whose_stored_bytes_match_their_digest(tmp_path):
    with open_store(tmp_path / "p.db") as store:
        see_device(store, HELLO)
        item = incoming(1)
        item.body = json.dumps(item.kept)
        item.digest = digest_of(item.body)
        add_batch(store, "ab12", begin_sync(store, "ab12"), [item], 1)
        assert held_here(store, "ab12", [[1, item.digest]]) == [[1, item.digest]]
        assert held_here(store, "ab12", [[1, "00000000"], [2, item.digest]]) == []
        assert held_here(store, "cd34", [[1, item.digest]]) == []
        store.conn.execute("UPDATE matches SET kept = kept || ' '")   # bytes not the device's
        assert held_here(store, "ab12", [[1, item.digest]]) == []


def test_a_database_of_schema_1_keeps_its_matches_and_shows_its_hidden_clashes(tmp_path):
    path = tmp_path / "old.db"
    with open_store(path, migrations=MIGRATIONS[:1]) as old:
        conn = old.conn
        see_v1 = ("INSERT INTO devices (id, board, firmware, protocol, covered, first_seen, "
                  "last_seen) VALUES ('5eed000000000001', 'sim', '0.1.0', 1, 1, 0, 0)")
        conn.execute(see_v1)
        conn.execute("INSERT INTO syncs (device_id, started) VALUES ('5eed000000000001', 0)")
        first = kept(1)
        r = replay(first)
        conn.execute("INSERT INTO matches (device_id, seq, game, config, ended, played_at, clock,"
                     " sync_id, kept, device_result, replayed_result, agrees) VALUES "
                     "('5eed000000000001', 1, 'stump', '{}', 'stopped', 10.0, 'device', 1, ?, "
                     "'{}', '{}', 1)", (json.dumps(first),))
        conn.execute("INSERT INTO clashes (device_id, seq, kept, sync_id) VALUES "
                     "('5eed000000000001', 1, ?, 1)", (json.dumps(kept(1, turns=5)),))
        assert r.agrees
    with open_store(path) as store:
        assert store.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert store.conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert store.conn.execute("PRAGMA foreign_key_check").fetchall() == []
        found = select_matches(store)
        assert [(m["id"], m["seq"], m["device"], m["store"]) for m in found] == [
            (1, 1, "5eed000000000001", "5eed000000000001"),
            (2, 1, "5eed000000000001", "5eed000000000001")]
        assert found[1]["same_number"] == [1] and found[1]["agrees"]
        assert [p["name"] for p in found[1]["players"]] == ["P1", "P2"]
        tables = {t for (t,) in store.conn.execute("SELECT name FROM sqlite_master")}
        assert "clashes" not in tables
        # The store the device names as its board's id (made before identities) goes on
        # under the same key: match 1 met again is recognised, not a third row.
        again = incoming(1)
        assert add_batch(store, "5eed000000000001", 1, [again], 1) == 0

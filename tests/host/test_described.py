"""Each match's words kept (parlour.described): `show` and the exports read them
instead of folding every log again, they are told again when the rules core's source
changes, and what is read back equals what a fresh fold says. And `parlour` imports
only the module of the command it runs."""

import importlib
import json
import sqlite3
import subprocess
import sys

import pytest

from history_support import fixture
from parlour import cli
from parlour.cli import main
from parlour.describe import reading
from parlour.described import readings, texts
from parlour.stats import facts
from parlour.store.db import open_store
from parlour.store.matches import match, select_matches


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("described") / "parlour.db"
    assert len(fixture(path)) == 24
    return path


def exported(capsys, db, *words):
    capsys.readouterr()
    assert main(["export", *words, "--db", str(db)]) == 0
    return capsys.readouterr().out


def fresh(m):
    told = reading(m)
    return {"words": [e["lines"] for e in told.events], "scorers": told.scorers,
            "seats": told.seats, "hands": told.hands, "problem": told.problem}


def kept_rules(db):
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT COUNT(*), MIN(rules), MAX(rules) FROM history_words"
                            ).fetchone()
    finally:
        conn.close()


def test_a_kept_description_is_told_again_when_the_rules_change_and_equals_a_fresh_one(
        db, monkeypatch):
    with open_store(db, create=False) as store:
        found = [match(store, m["id"]) for m in select_matches(store)]
        readings(store, found)
    assert kept_rules(db) == (24, facts.rules_digest(), facts.rules_digest())
    conn = sqlite3.connect(db)
    with conn:      # words kept by other rules, and wrong (as an older parlour's might be)
        conn.execute("UPDATE history_words SET words = '{\"lines\": [], \"words\": []}', "
                     "hands = '{\"scorers\": [\"nobody\"], \"seats\": [], \"hands\": []}'")
    conn.close()
    # The rules core's source changed: its CRC is another.
    monkeypatch.setattr(facts, "_RULES", ["0badc0de"])
    with open_store(db, create=False) as store:
        again = readings(store, found)
    assert kept_rules(db) == (24, "0badc0de", "0badc0de")
    for m in found:
        told = again[m["id"]]
        assert {"words": [e["lines"] for e in told.events], "scorers": told.scorers,
                "seats": told.seats, "hands": told.hands, "problem": told.problem} == fresh(m)
        assert [e["event"] for e in told.events] == [e["event"] for e in m["events"]]
    # Read back from the table (not just made): still the fresh words.
    with open_store(db, create=False) as store:
        kept = readings(store, found)
    assert all(kept[m["id"]].hands == again[m["id"]].hands for m in found)
    assert all(kept[m["id"]].events == again[m["id"]].events for m in found)


def test_json_lines_carry_each_log_and_the_words_a_fresh_fold_gives(db, capsys):
    first = [json.loads(line) for line in exported(capsys, db, "--format", "jsonl")
             .splitlines()]
    assert len(first) == 24
    with open_store(db, create=False) as store:
        for doc in first:
            m = match(store, doc["id"])
            told = fresh(m)
            assert doc["events"] == [e["event"] for e in m["events"]]
            assert doc["words"] == told["words"] and doc["hands"] == told["hands"]
            assert doc["lines"] == ["; ".join(w) for w in told["words"]]
            assert doc["scorers"] == told["scorers"] and doc["seats"] == told["seats"]
            assert doc["players"] == m["players"] and doc["problem"] == m["problem"]
    whole = json.loads(exported(capsys, db, "--format", "json"))
    assert whole["matches"] == first
    # The table dropped: made again, the same export.
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("DROP TABLE history_words")
    conn.close()
    assert [json.loads(line) for line in exported(capsys, db, "--format", "jsonl")
            .splitlines()] == first
    assert kept_rules(db)[0] == 24


def test_show_reads_the_kept_words_and_says_what_a_fresh_fold_says(db, capsys):
    capsys.readouterr()
    assert main(["show", "3", "--json", "--db", str(db)]) == 0
    shown = json.loads(capsys.readouterr().out)
    with open_store(db, create=False) as store:
        m = match(store, 3)
    told = reading(m)
    assert shown["events"] == json.loads(json.dumps(told.events))
    assert shown["hands"] == json.loads(json.dumps(told.hands))


def test_a_match_whose_bytes_changed_is_told_anew(db):
    with open_store(db, create=False) as store:
        (m,) = [x for x in select_matches(store) if x["id"] == 5]
        texts(store, [m])
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE history_words SET hands = '{}' WHERE match_id = 5")
    conn.close()
    with open_store(db, create=False) as store:
        held = texts(store, [{**m, "digest": "another"}])
        assert json.loads(held[5].hands)["hands"] == fresh(match(store, 5))["hands"]


def subcommands(parser):
    (sub,) = [a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction"]
    return sub


def test_every_command_is_listed_with_the_help_its_own_module_gives():
    whole = subcommands(cli.build_parser())
    assert {c.dest: c.help for c in whole._choices_actions} == cli.COMMANDS
    for name in cli.COMMANDS:
        lazy = subcommands(cli.build_parser([name, "--help"]))
        assert {c.dest: c.help for c in lazy._choices_actions} == cli.COMMANDS
        assert lazy.choices[name].format_help() == whole.choices[name].format_help()


def test_a_command_imports_only_its_own_module(db):
    code = ("import sys; from parlour.cli import main; main(sys.argv[1:]); "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('parlour'))), "
            "file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code, "show", "2", "--db", str(db)],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and "match 2:" in run.stdout
    loaded = set(run.stderr.split())
    assert "parlour.commands.show" in loaded
    assert not loaded & {"parlour.commands.score", "parlour.fastmelds", "parlour.score",
                         "parlour.commands.report", "parlour.commands.sim",
                         "parlour.commands.install", "parlour.image"}
    assert importlib.import_module("parlour.commands.score")   # there all the same


def test_hand_rows_are_the_bytes_csv_writer_writes_whatever_the_names_hold():
    import csv
    import io

    from parlour.describe import Reading
    from parlour.export.csv import HAND_COLUMNS, hands

    names = ['Ann, the "first"', "Bob\nBrown", "Cat\r", "", "Dan"]
    m = {"id": 7, "game": "dumbo", "players": [{"seat": s, "name": n}
                                                for s, n in enumerate(names)]}
    told = Reading("dumbo", ['N, "S"', "E-W"], [0, 1, 0, 1], [], [
        {"hand": 1, "kind": "hand", "what": 'Ann says "go", Bob\r\n+3',
         "points": [3, -2], "totals": [3, None]},
        {"hand": 2, "kind": "hand", "what": "", "points": [0, 5], "totals": [3, 5]}])
    fast = io.StringIO()
    hands([m], {7: told}, fast)
    slow = io.StringIO()
    w = csv.writer(slow)
    w.writerow(HAND_COLUMNS)
    for h in told.hands:
        for seat, name in enumerate(names):
            side = told.seats[seat] if seat < len(told.seats) else None
            w.writerow([7, "dumbo", h["hand"], seat, name,
                        "" if side is None else h["points"][side],
                        "" if side is None else h["totals"][side], h["kind"],
                        "" if side is None else told.scorers[side], h["what"]])
    assert fast.getvalue() == slow.getvalue()
    assert len(list(csv.reader(io.StringIO(fast.getvalue())))) == 1 + 2 * len(names)


@pytest.mark.parametrize("columns", [80, 52, 140])
def test_show_lays_out_each_match_as_rich_lays_out_the_whole_table(db, monkeypatch, columns):
    from parlour.commands.show import rows
    from parlour.tables import laid_out, lines_of, table

    monkeypatch.setenv("COLUMNS", str(columns))
    headers = ["#", "EVENT", "WHAT HAPPENED"]
    wrapped = 0
    with open_store(db, create=False) as store:
        for m in [match(store, x["id"]) for x in select_matches(store)]:
            told = readings(store, [m])[m["id"]]
            whole = lines_of(table(headers, rows(m, told), wrap=(1, 2)))
            assert laid_out(headers, rows(m, told), wrap=(1, 2)) == whole
            wrapped += any(len(line) > columns - 10 for line in whole)
    assert wrapped     # some rows did wrap, at every width tried
    odd = [["1", "x" * 30, "y"], ["22", "a b\nc", "Maximiliana-Bartholomew " * 9],
           ["", "", ""], ["3", "é", "not ASCII: rich lays it all out"]]
    for cells in (odd[:3], odd):
        assert laid_out(["ID", "WHAT", "WHO"], cells, wrap=(2,)) == \
            lines_of(table(["ID", "WHAT", "WHO"], cells, wrap=(2,)))


def test_a_database_parlour_may_only_read_gets_its_words_told_each_time(db, tmp_path):
    import shutil

    from parlour.store.db import Store

    copy = tmp_path / "copy.db"
    shutil.copy(db, copy)
    conn = sqlite3.connect(copy)
    with conn:
        conn.execute("DROP TABLE IF EXISTS history_words")
    conn.close()
    store = Store(sqlite3.connect(f"file:{copy}?mode=ro", uri=True), copy)
    try:
        found = [match(store, x["id"]) for x in select_matches(store)]
        told = readings(store, found)
        assert all(told[m["id"]].hands == fresh(m)["hands"] for m in found)
    finally:
        store.close()
    conn = sqlite3.connect(copy)
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'history_words'"
                        ).fetchone() == (0,)
    conn.close()

"""The laptop's history: stats, ratings, the HTML report and the BG Stats / BGG
exports, on a database of every golden match (tests/support/history_support.py) stored as a
sync stores it. The expectations are worked by hand from the golden transcripts."""

import csv
import io
import json
import re
import shutil
import subprocess

import pytest

from history_support import DAY, PEOPLE, fixture, golden_logs, named, store_matches
from parlour.cli import main
from parlour.stats.facts import facts_key, facts_of, ranks
from parlour.stats.ratings import rate


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("history") / "parlour.db"
    order = fixture(path)
    assert len(order) == 24
    return path


def run_json(capsys, *words):
    capsys.readouterr()
    assert main(list(words)) == 0
    return json.loads(capsys.readouterr().out)


def row(stats, game, player):
    (found,) = [r for r in stats["standings"] if r["game"] == game and r["player"] == player]
    return found


def test_places_put_every_winner_first_and_share_equal_totals():
    assert ranks([10, 30, 30, 5], [1, 2]) == [2, 1, 1, 3]
    assert ranks([-12, -24, 36], [2]) == [2, 3, 1]
    assert ranks([0, 0], []) == [1, 1]


def test_dumbo_two_hand_by_hand_from_the_golden_transcript():
    # tests/golden/dumbo/two.txt: Bob's undercut in hand 2, Octads by Bob (hand 5)
    # and Ann (game 2), Vertex when Ann wins game 2 with Bob still on 0.
    import cases_dumbo

    _, config, events = cases_dumbo.matches()["two"]
    f = facts_of("dumbo", config, events)
    assert f["totals"] == [220, 0] and f["winners"] == [0] and f["ranks"] == [1, 2]
    assert f["marks"][0] == {"octads": 1, "vertex": 1, "biggest_hand": 51}
    assert f["marks"][1] == {"octads": 1, "undercuts": 1, "biggest_hand": 24}
    assert [r["totals"] for r in f["rows"][:2]] == [[22, 0], [22, 14]]
    assert f["rows"][1]["note"] == "Ann declares 6, Bob 2: Bob +14 (undercut 10)"
    assert f["start"] == 0 and f["hands"] == 10


def test_poker_money_false_calls_and_the_winner_most_up():
    import cases_poker_golden

    _, config, events = cases_poker_golden.MATCHES["gin_three_house"]
    f = facts_of("poker", config, events)
    assert f["totals"] == [-12, -24, 36] and f["winners"] == [2]
    assert f["marks"][1]["false_calls"] == 1
    assert f["marks"][2] == {"money_won": 57, "money_lost": 21, "biggest_payment": 28}
    assert f["extra"] == ["settle-up: P1 pays P3 12; P2 pays P3 24"]


def test_dartex_stump_and_galumphus_highlights():
    import cases_dartex_golden

    config, events = cases_dartex_golden.match("three")
    f = facts_of("dartex", config, events)
    assert f["winners"] == [0] and f["marks"][0]["best_throw"] == 300   # TREBLE DOUBLE BULL
    assert f["marks"][0]["hands_won"] == 4 and f["marks"][1]["wires"] == 1
    from history_support import golden_logs

    logs = {(g, n): (c, e) for g, n, c, e in golden_logs()}
    f = facts_of("stump", *logs["stump", "singles3"])
    assert f["totals"] == [8, 0, 20] and f["winners"] == [2]
    assert [r["totals"] for r in f["rows"]] == [[8, 0, 0], [8, 0, 9], [8, 0, 20]]
    assert f["marks"][1] == {"stuck_discards": 3}
    f = facts_of("stump", *logs["stump", "partnership"])
    assert [s["seats"] for s in f["sides"]] == [[0, 2], [1, 3]] and f["winners"] == [1]
    f = facts_of("galumphus", *logs["galumphus", "four_players_row_of_7"])
    assert f["winners"] == [2] and f["marks"][2]["rows_completed"] == 1
    assert f["marks"][2]["designs"] == 7 and f["totals"] == [3, 5, 7, 4]
    f = facts_of("galumphus", *logs["galumphus", "five_players_out_of_reach"])
    assert f["winners"] == [1, 4] and f["ranks"] == [3, 1, 2, 3, 1]


def test_a_log_the_rules_refuse_is_left_out_with_its_reason():
    f = facts_of("poker", {"variant": "rum", "players": 2}, [{"t": "hand", "caller": 5}])
    assert f["error"].startswith("does not replay")


def test_stats_per_player_and_game(db, capsys):
    stats = run_json(capsys, "stats", "--db", str(db), "--json", "--game", "dumbo")
    # Dumbo: cards (Ann), four and pairs (North-South: Ann and Cat), three (Bob),
    # two (Ann): in that order.
    ann = row(stats, "dumbo", "Ann")
    assert (ann["matches"], ann["wins"], ann["longest_streak"], ann["streak"]) == (5, 4, 3, "W1")
    assert ann["highlights"]["octads"] == 3 and ann["highlights"]["vertex"] == 1
    assert ann["best_margin"] == 220
    cat = row(stats, "dumbo", "Cat")
    assert (cat["matches"], cat["wins"]) == (3, 2)
    assert {(h["player"], h["opponent"]): (h["won"], h["played"])
            for h in stats["head_to_head"]}[("Ann", "Bob")] == (4, 5)
    assert {r["game"] for r in stats["standings"]} == {"dumbo"}
    rated = {r["player"]: r for r in stats["ratings"]}
    assert rated["Ann"]["mu"] > 25 > rated["Dan"]["mu"] and rated["Ann"]["matches"] == 5


def test_stats_for_one_player_and_since_a_date(db, capsys):
    stats = run_json(capsys, "stats", "--db", str(db), "--json", "--player", "hal")
    assert {r["player"] for r in stats["standings"]} == {"Hal"}
    assert {r["game"] for r in stats["standings"]} == {"poker", "galumphus"}
    later = run_json(capsys, "stats", "--db", str(db), "--json", "--since", "2026-06-14")
    assert {r["game"] for r in later["standings"]} == {"galumphus"}


def test_stats_tables_fit_the_terminal(db, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    capsys.readouterr()
    assert main(["stats", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    assert "Octads" in out and "stuck discards" in out and "Stars" in out


def test_stats_refuses_a_bad_date_in_one_line(db, capsys):
    assert main(["stats", "--db", str(db), "--since", "2026-13-01"]) == 2
    assert capsys.readouterr().err.startswith("parlour: --since takes a date")


def test_ratings_move_winners_up_and_partners_together():
    match = {"id": 1, "played_at": 0.0}
    pair = {"game": "dumbo", "names": ["A", "B", "C", "D"], "winners": [0],
            "sides": [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}],
            "ranks": [1, 2]}
    now, points = rate([(match, pair), (dict(match, id=2), pair)])
    assert now["dumbo", "A"].mu == now["dumbo", "C"].mu > 25 > now["dumbo", "B"].mu
    assert now["dumbo", "A"].sigma < 25 / 3 and now["dumbo", "A"].matches == 2
    assert len(points) == 8
    stopped = dict(pair, winners=[])
    assert rate([(match, stopped)]) == ({}, [])


def test_bgstats_export_field_by_field(db, tmp_path, capsys):
    out = tmp_path / "bg.json"
    assert main(["export", "--format", "bgstats", "--db", str(db), "-o", str(out)]) == 0
    doc = json.loads(out.read_text())
    assert set(doc) == {"groups", "userInfo", "players", "locations", "games", "plays", "tags",
                        "challenges"}
    assert [p["name"] for p in doc["players"]] == PEOPLE
    games = {g["id"]: g for g in doc["games"]}
    assert {g["name"] for g in games.values()} == {"Dumbo", "Poker Gin", "Poker Rum", "Dartex",
                                                   "Stump", "The Great Galumphus"}
    for g in games.values():
        assert g["highestWins"] is True and g["cooperative"] is False
        assert re.fullmatch(r"[0-9a-f-]{36}", g["uuid"])
    assert len(doc["plays"]) == 24
    first = doc["plays"][0]     # Dumbo, golden "cards": Ann 184, Bob 10
    assert games[first["gameRefId"]]["name"] == "Dumbo"
    assert first["locationRefId"] == doc["locations"][0]["id"]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", first["playDate"])
    assert first["durationMin"] == 0 and first["usesTeams"] is False
    ids = {p["id"]: p["name"] for p in doc["players"]}
    scores = [(ids[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["seatOrder"],
               s["startPlayer"], s["team"]) for s in first["playerScores"]]
    assert scores == [("Ann", "184", True, 1, 1, True, ""), ("Bob", "10", False, 2, 2, False, "")]
    four = doc["plays"][1]      # Dumbo four: North-South (Ann, Cat) 119, East-West 25
    assert four["usesTeams"] is True
    teams = {ids[s["playerRefId"]]: (s["team"], s["score"], s["winner"])
             for s in four["playerScores"]}
    assert teams == {"Ann": ("North-South", "119", True), "Cat": ("North-South", "119", True),
                     "Bob": ("East-West", "25", False), "Dan": ("East-West", "25", False)}
    again = tmp_path / "bg2.json"
    assert main(["export", "--format", "bgstats", "--db", str(db), "-o", str(again)]) == 0
    second = json.loads(again.read_text())
    uuids = [p["uuid"] for p in doc["plays"]]
    assert uuids == [p["uuid"] for p in second["plays"]] and len(set(uuids)) == 24
    assert [p["uuid"] for p in doc["players"]] == [p["uuid"] for p in second["players"]]


def test_bgg_csv_field_by_field(db, capsys):
    capsys.readouterr()
    assert main(["export", "--format", "bgg", "--db", str(db)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert len(rows) == 24
    first = rows[0]
    assert {k: first[k] for k in ("game", "quantity", "length", "location", "incomplete",
                                  "nowinstats")} == {"game": "Dumbo", "quantity": "1",
                                                     "length": "", "location": "Card table",
                                                     "incomplete": "0", "nowinstats": "0"}
    assert re.fullmatch(r"\d{4}-\d\d-\d\d", first["date"])
    assert [first[f"player1_{k}"] for k in ("name", "username", "startposition", "score",
                                            "new", "win")] == ["Ann", "", "1", "184", "0", "1"]
    assert [first[f"player2_{k}"] for k in ("name", "score", "win")] == ["Bob", "10", "0"]
    assert first["player3_name"] == ""
    poker = rows[5]         # gin_three_house: a session; the winner is the one most up
    assert poker["game"] == "Poker Gin"
    assert [poker[f"player{n}_win"] for n in (1, 2, 3)] == ["0", "0", "1"]


def test_the_report_is_one_page_with_no_address_outside_it(db, tmp_path, capsys):
    out = tmp_path / "report.html"
    assert main(["report", "--db", str(db), "-o", str(out), "--matches", "0"]) == 0
    text = out.read_text()
    assert "http://" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in text and "<script" not in text and "src=" not in text
    assert text.count('<section class="match"') == 24
    assert "settle-up: Ann pays Cat 12; Bob pays Cat 24" in text
    # Each hand in the shared describer's words (parlour.describe), as `show` says it.
    assert "Cat +11, game! (cards held: Ann 3, Bob 3, Cat 0)" in text
    assert "Call 107: Flying Umbratunk (FLY); Cat&gt;Cat FLY right" in text
    assert "Ann 300 (TREBLE DOUBLE BULL = 300)" in text      # Dartex's throws, hand by hand
    assert main(["report", "--db", str(db), "--matches", "-1"]) == 2


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name) or shutil.which(f"/usr/bin/{name}")
        if found:
            return found
    return None


@pytest.mark.skipif(chromium() is None, reason="no Chromium here: `make browser` (as root) "
                    "installs Debian's chromium, which CI has")
def test_the_report_renders_in_headless_chromium(db, tmp_path):
    out = tmp_path / "report.html"
    assert main(["report", "--db", str(db), "-o", str(out), "--game", "dumbo"]) == 0
    run = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                          "--enable-logging=stderr", "--v=0", "--dump-dom", out.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "CONSOLE" not in run.stderr and "Uncaught" not in run.stderr
    dom = run.stdout
    charts = re.findall(r'<svg class="chart".*?</svg>', dom, re.S)
    # The rating chart, then one per match (five Dumbo matches).
    assert len(charts) == 6
    names = [re.findall(r'class="series" data-name="([^"]+)"', c) for c in charts]
    assert names[0] == ["Ann", "Bob", "Cat", "Dan"]
    assert names[1:] == [["Ann", "Bob"], ["Ann", "Bob", "Cat"], ["North-South", "East-West"],
                         ["North-South", "East-West"], ["Ann", "Bob"]]
    shot = tmp_path / "report.png"
    run = subprocess.run([chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                          "--hide-scrollbars", "--window-size=1100,1400",
                          f"--screenshot={shot}", out.as_uri()],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_facts_are_kept_and_replayed_again_when_the_rules_change(db, capsys):
    import sqlite3

    first = run_json(capsys, "stats", "--db", str(db), "--json")
    conn = sqlite3.connect(db)
    with conn:
        kept = conn.execute("SELECT COUNT(*), MIN(rules), MAX(rules) FROM history_facts")
        assert kept.fetchone() == (24, facts_key(), facts_key())
        # Facts worked out by other rules (an older parlour): each is replayed again.
        conn.execute("UPDATE history_facts SET rules = 'older', facts = '{}'")
    assert run_json(capsys, "stats", "--db", str(db), "--json") == first
    with conn:
        assert conn.execute("SELECT COUNT(*) FROM history_facts WHERE rules = ?",
                            (facts_key(),)).fetchone() == (24,)
    conn.close()


def test_stats_into_a_pipe_closed_early_ends_quietly(db):
    import sys

    run = subprocess.run(f"{sys.executable} -m parlour stats --db {db} | head -1",
                         shell=True, capture_output=True, text=True, timeout=120,
                         executable="/bin/bash")
    assert run.stdout.strip() == "dumbo" and run.stderr == ""


def test_the_benchmark_history_is_legal_matches_of_every_game_seated_from_twelve():
    import importlib.util
    from pathlib import Path

    from parlour_rules.log import MatchLog

    # Loaded by its path: bench/ on sys.path would shadow modules of the same names.
    path = Path(__file__).resolve().parents[2] / "bench" / "history.py"
    spec = importlib.util.spec_from_file_location("bench_history", path)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)

    made = bench.history(10)
    assert [g for g, _, _, _ in made] == list(bench.GAMES) * 2
    for game, config, events, _ in made:
        view = MatchLog(game, config, events).view()    # the rules core takes every event
        assert set(config["names"]) <= set(bench.PLAYERS)
        assert len(set(config["names"])) == int(config["players"])
        if game != "poker":
            assert view.get("over") or view.get("phase") in ("over", "game_over"), game


def test_facts_agree_with_the_syncs_own_replay_on_every_golden_match():
    from history_support import golden_logs, kept
    from parlour.replay import replay

    for game, name, config, events in golden_logs():
        f = facts_of(game, config, events)
        r = replay(kept(1, game, config, events, 0))
        assert f["totals"] == r.totals, (game, name)
        won = sorted(s for i in f["winners"] for s in f["sides"][i]["seats"])
        if game != "poker":     # a session's winner is the player most up (no target)
            assert won == r.winners, (game, name)
        assert f["hands"] == len(f["rows"]) > 0, (game, name)


@pytest.mark.parametrize("seed", range(40))
def test_places_follow_the_totals_behind_the_winners(seed):
    import random

    rng = random.Random(seed)
    totals = [rng.randrange(-5, 6) for _ in range(rng.randrange(2, 9))]
    winners = sorted(rng.sample(range(len(totals)), rng.randrange(0, 3)))
    places = ranks(totals, winners)
    for i, place in enumerate(places):
        assert (place == 1) == (i in winners or not winners and totals[i] == max(totals))
        for j in range(len(totals)):
            if i not in winners and j not in winners and totals[i] > totals[j]:
                assert place < places[j]


def time_played(shown: str, game: str) -> dict[str, str]:
    """The "time played" column of a game's highlights table, by player."""
    table = shown[shown.index(f"{game}: highlights"):]
    lines = table[:table.index("└")].splitlines()
    column = [c.strip() for c in lines[2].split("┃")].index("time played")
    return {cells[1].strip(): cells[column].strip()
            for cells in (line.split("│") for line in lines) if len(cells) > column}


def test_time_played_from_each_match_s_start_and_end_in_stats_and_exports(tmp_path, capsys):
    # Three Dumbo matches of Ann's and Bob's: two timed by the device (25 and 95
    # minutes: begun and filed in one boot), one not (resumed after a reboot); one
    # Stump match, not timed.
    logs = golden_logs()
    dumbo = [(g, c, e) for g, _, c, e in logs if g == "dumbo"]
    stump = next((g, c, e) for g, _, c, e in logs if g == "stump")
    matches = [(g, named(c, PEOPLE), e, DAY + 86400 * i)
               for i, (g, c, e) in enumerate([*dumbo[:3], stump])]
    db = tmp_path / "timed.db"
    store_matches(db, matches, lengths={1: 25 * 60000, 2: 95 * 60000})
    stats = run_json(capsys, "stats", "--db", str(db), "--json")
    assert row(stats, "dumbo", "Ann")["minutes"] == 120
    assert row(stats, "dumbo", "Bob")["minutes"] == 120
    assert {r["minutes"] for r in stats["standings"] if r["game"] == "stump"} == {None}
    assert main(["stats", "--db", str(db)]) == 0
    shown = capsys.readouterr().out
    assert "time played" in shown and "2h 00m" in shown
    assert time_played(shown, "dumbo") == {"Ann": "2h 00m", "Bob": "2h 00m",
                                           "Cat": "1h 35m", "Dan": "1h 35m"}
    assert set(time_played(shown, "stump").values()) == {"-"}
    out = tmp_path / "bg.json"
    assert main(["export", "--format", "bgstats", "--db", str(db), "-o", str(out)]) == 0
    plays = json.loads(out.read_text())["plays"]
    assert [p["durationMin"] for p in plays] == [25, 95, 0, 0]
    capsys.readouterr()
    assert main(["export", "--format", "bgg", "--db", str(db)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["length"] for r in rows] == ["25", "95", "", ""]

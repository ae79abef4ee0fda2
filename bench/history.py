"""The laptop's history commands on 10,000 matches: `stats` at most 3 s, `report` at
most 5 s, each export at most 3 s, `show` of one match at most 0.3 s, each timed as
the user runs it (a fresh `parlour` process, start-up included).

The history: 10,000 legal matches over the five games and 12 players, each made by
the rules core folding generated events (the test bots of tests/support/portable for Stump,
Dartex and Galumphus; random hands, kept where the rules accept them, for Dumbo and
Poker), seated with players drawn from the 12 and a match an hour apart, stored
through the real store as a sync stores them (history_support.store_matches).
`stats` is timed twice: first on a database whose facts were never worked out (every
match replayed by the rules core), then as every later run finds it, the facts kept;
likewise `export json`, first with no match's words kept (every match told by the
rules core, as once after upgrading parlour), then each export as it runs after.
Run: `make bench` or `python bench/history.py [--matches N]`.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))

import history_support  # noqa: E402
from parlour_rules.errors import RulesError  # noqa: E402
from parlour_rules.log import MatchLog  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]
GAMES = ("dumbo", "poker", "dartex", "stump", "galumphus")
POOL = 200          # distinct generated matches per game, each seated many times
EXPORTS = {"bgstats": ["--format", "bgstats"], "bgg": ["--format", "bgg"],
           "csv": ["--format", "csv"], "csv --rows hands": ["--format", "csv", "--rows", "hands"],
           "json": ["--format", "json"], "jsonl": ["--format", "jsonl"]}
BUDGETS = {"stats": 3.0, "report": 5.0, "show": 0.3, "show, first run": 0.3,
           **{f"export {name}": 3.0 for name in EXPORTS}}


def _tried(game: str, config: dict, starts: list[dict], make, rng: random.Random,
           limit: int = 400) -> list[dict]:
    """Random events kept where the rules core accepts them, until the match is won."""
    log = MatchLog(game, config)
    for event in starts:
        log.append(event)
    while len(log.events) < limit:
        if log.view().get("over") or log.view().get("winner") is not None:
            break
        try:
            log.append(make(rng, config))
        except RulesError:
            continue
    return log.events


def dumbo(i: int, rng: random.Random) -> tuple[dict, list]:
    players = (2, 3, 4)[i % 3]
    config = {"players": players, "target": 100}
    first = ({"t": "seat", "north": 0, "east": 1, "south": 2, "west": 3} if players == 4
             else {"t": "cut", "seed": rng.randrange(1, 1 << 31)})

    def hand(rng, config):
        if rng.random() < 0.05:
            return {"t": "wrong", "declarer": rng.randrange(players), "d": rng.randrange(1, 30)}
        return {"t": "hand", "declarer": rng.randrange(players), "d": rng.choice(
            [0, 1, 2, 3, 4, 5, 6, 8, 10]), "o": rng.randrange(0, 40)}
    return config, _tried("dumbo", config, [first], hand, rng)


def poker(i: int, rng: random.Random) -> tuple[dict, list]:
    players = 2 + i % 5
    config = {"variant": ("rum", "gin")[i % 2], "players": players, "target": 60}

    def hand(rng, config):
        if rng.random() < 0.05:
            return {"t": "false_call", "caller": rng.randrange(players),
                    "deadwood": rng.randrange(9, 40)}
        return {"t": "hand", "caller": rng.randrange(players),
                "deadwood": [rng.randrange(0, 45) for _ in range(players)]}
    return config, _tried("poker", config, [], hand, rng, limit=12)


def dartex(i: int, rng: random.Random) -> tuple[dict, list]:
    import cases_dartex_play

    _, match = cases_dartex_play.play(2 + i % 3, i + 1, target=300, check_every=0)
    return match.config, match.events


def stump(i: int, rng: random.Random) -> tuple[dict, list]:
    import cases_stump_play

    config = [{"players": 2, "target": 12}, {"players": 3, "target": 15},
              {"players": 4, "target": 20}, {"players": 4, "partnership": True,
                                              "target": 30}][i % 4]
    events, _, _ = cases_stump_play.play(config, i + 1)
    return config, events


def galumphus(i: int, rng: random.Random) -> tuple[dict, list]:
    import cases_galumphus

    players = 4 + i % 5
    target = 7 if players < 7 else 5
    events: list = []
    cases_galumphus.playout(i + 1, players, target, probes=0, undos=0, events_out=events)
    return {"players": players, "target": target}, events


def history(count: int) -> list[tuple[str, dict, list, int]]:
    rng = random.Random(2026)
    makers = {"dumbo": dumbo, "poker": poker, "dartex": dartex, "stump": stump,
              "galumphus": galumphus}
    size = min(POOL, -(-count // len(GAMES)))
    pools = {g: [makers[g](i, rng) for i in range(size)] for g in GAMES}
    out = []
    for n in range(count):
        game = GAMES[n % len(GAMES)]
        config, events = pools[game][(n // len(GAMES)) % size]
        seats = int(config["players"])
        names = rng.sample(PLAYERS, seats)
        out.append((game, {**config, "names": names}, events,
                    history_support.DAY + 3600 * n))
    return out


def timed(words: list[str], db: Path) -> tuple[float, float]:
    """-> (wall seconds, CPU seconds) of one `parlour` process. The CPU time is what
    the budgets are held to: on a shared machine the wall clock counts the others."""
    parlour = Path(sys.executable).with_name("parlour")
    command = [str(parlour)] if parlour.exists() else [sys.executable, "-m", "parlour"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([*command, *words, "--db", str(db)], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"parlour {' '.join(words)} failed: {done.stderr.strip()}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--db", type=Path, help="keep the generated history in this file "
                        "(made when missing, used as it is when there: minutes saved)")
    args = parser.parse_args(argv)
    count = args.matches
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "parlour.db"
        if not db.exists():
            start = time.perf_counter()
            matches = history(count)
            made = time.perf_counter() - start
            start = time.perf_counter()
            history_support.store_matches(db, matches)
            stored = time.perf_counter() - start
            print(f"history: {count} matches generated in {made:.1f} s, stored (replayed as "
                  f"a sync does) in {stored:.1f} s, {os.path.getsize(db) / 1e6:.0f} MB")
        import sqlite3

        conn = sqlite3.connect(db)     # a kept database starts as a first run, too
        with conn:
            conn.execute("DROP TABLE IF EXISTS history_facts")
            conn.execute("DROP TABLE IF EXISTS history_words")
        conn.close()
        figures = {"stats, first run (every match replayed)": timed(["stats"], db)}
        figures["stats"] = timed(["stats"], db)
        figures["stats --json"] = timed(["stats", "--json"], db)
        out = Path(folder) / "out"
        figures["show, first run"] = timed(["show", str(count // 2)], db)
        figures["report"] = timed(["report", "-o", str(out)], db)
        figures["export json, first run (every match told)"] = timed(
            ["export", "--format", "json", "-o", str(out)], db)
        for name, words in EXPORTS.items():
            figures[f"export {name}"] = timed(["export", *words, "-o", str(out)], db)
        figures["show"] = timed(["show", str(count // 2)], db)
    failed = False
    for op, (wall, cpu) in figures.items():
        budget = BUDGETS.get(op)
        over = budget is not None and cpu > budget
        failed |= over
        note = "" if budget is None else f" (budget {budget:g} s{', OVER' if over else ''})"
        print(f"laptop {op} matches={count} seconds={cpu:.2f}  wall={wall:.2f}{note}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

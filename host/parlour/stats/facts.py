"""What a match was, worked out again from its stored events by the rules core: the
sides and their totals, who won, each side's place, a row per hand with the totals
after it, and the game's own highlights per player. Never read from a stored total.

Folding 10,000 matches takes longer than a command may (bench/history.py), so the
facts of each match are kept in a table of their own, keyed by the match's digest and
by a digest of the rules core's source: a match whose bytes or whose rules changed is
replayed again, and the table can be dropped at any time (it is made again)."""

from __future__ import annotations

import importlib
import json
import sqlite3
import zlib
from pathlib import Path

from parlour_rules.errors import RulesError

# The games whose facts the laptop knows; each module's collect(config, events).
GAMES = ("dumbo", "poker", "dartex", "stump", "galumphus")
CACHE = """CREATE TABLE IF NOT EXISTS history_facts (
    match_id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL,           -- the match's kept bytes, CRC-32
    rules TEXT NOT NULL,            -- the rules core's source, CRC-32
    facts TEXT NOT NULL,            -- JSON: facts_of() less DETAIL
    detail TEXT NOT NULL            -- JSON: DETAIL (read only for the matches shown)
)"""
# What only a match shown hand by hand needs: the bulk of the facts, left unread for
# the thousands of matches the standings only count.
DETAIL = ("rows", "extra")

_RULES: list[str] = []
# Added to the rules' digest in the table's key: facts kept by a parlour that worked
# out fewer of them (before "minutes") are worked out again.
FACTS_FORM = "+minutes"


def rules_digest() -> str:
    """A CRC-32 of every source file of the rules core: facts kept under another
    digest were worked out by other rules and are replayed again."""
    if not _RULES:
        import parlour_rules

        crc = 0
        root = Path(parlour_rules.__file__).parent
        for path in sorted(root.rglob("*.py")):
            crc = zlib.crc32(path.read_bytes(), crc)
        _RULES.append("%08x" % (crc & 0xFFFFFFFF))
    return _RULES[0]


def facts_key() -> str:
    """What the kept facts are keyed by besides each match's digest."""
    return rules_digest() + FACTS_FORM


def facts_of(game: str, config: dict, events: list) -> dict:
    """The facts of one match; a log the rules core refuses gives {"error": why}."""
    if game not in GAMES:
        return {"game": game, "error": f"no game {game!r}"}
    module = importlib.import_module(f"{__package__}.{game}")
    try:
        found = module.collect(config, events)
    except RulesError as e:
        return {"game": game, "error": f"does not replay: {e.message}"}
    found["game"] = game
    found["ranks"] = ranks(found["totals"], found["winners"])
    found["hands"] = len(found["rows"])
    return found


def minutes_of(kept: dict) -> float | None:
    """How long a match lasted, in minutes: the device's uptime when it was filed
    ("up") less the uptime it began at ("from", kept only for a match begun and filed
    in one boot and never kept for later). None when the record does not say."""
    start, end = kept.get("from"), kept.get("up")
    if type(start) is not int or type(end) is not int or end < start:
        return None
    return round((end - start) / 60000, 2)


def ranks(totals: list, winners: list[int]) -> list[int]:
    """Each side's place, 1 the best: the winners first (all of them 1), then the
    rest by total, equal totals sharing a place. With no winner (a match stopped, a
    Poker session all square) places go by total alone."""
    order = sorted({t for i, t in enumerate(totals) if i not in winners}, reverse=True)
    first = 2 if winners else 1
    return [1 if i in winners else first + order.index(t) for i, t in enumerate(totals)]


def margin(facts: dict, side: int) -> int | None:
    """How far a side finished ahead of the best other side (negative: behind)."""
    totals = facts["totals"]
    others = [t for i, t in enumerate(totals) if i != side and isinstance(t, int)]
    if not others or not isinstance(totals[side], int):
        return None
    return totals[side] - max(others)


def side_of(facts: dict, seat: int) -> int:
    for index, side in enumerate(facts["sides"]):
        if seat in side["seats"]:
            return index
    return seat


def load(store, matches: list[dict], detail: set[int] | None = None) -> dict[int, dict]:
    """The facts of each listed match (by id): from the kept table where its digest
    and the rules' still match, else replayed now and kept. `detail`: the ids whose
    DETAIL is wanted too (None: every one)."""
    conn = store.conn
    rules = facts_key()
    writable = _ensure_table(conn)
    kept: dict[int, tuple[str, str, str]] = {}
    if writable:
        for match_id, digest, rule, text in conn.execute(
                "SELECT match_id, digest, rules, facts FROM history_facts"):
            kept[match_id] = (digest, rule, text)
    out: dict[int, dict] = {}
    fresh: list[tuple[int, str, str, str, str]] = []
    for m in matches:
        held = kept.get(m["id"])
        digest = m["digest"] or ""
        if held is not None and held[0] == digest and held[1] == rules:
            out[m["id"]] = json.loads(held[2])
            if detail is None or m["id"] in detail:
                (text,) = conn.execute("SELECT detail FROM history_facts WHERE match_id = ?",
                                       (m["id"],)).fetchone()
                out[m["id"]].update(json.loads(text))
            continue
        (text,) = conn.execute("SELECT kept FROM matches WHERE id = ?", (m["id"],)).fetchone()
        whole = json.loads(text)
        record = whole.get("record") or {}
        facts = facts_of(str(record.get("game")), record.get("config"),
                         record.get("events") or [])
        facts["minutes"] = minutes_of(whole)
        out[m["id"]] = facts
        summary = {k: v for k, v in facts.items() if k not in DETAIL}
        fresh.append((m["id"], digest, rules, json.dumps(summary),
                      json.dumps({k: facts.get(k, []) for k in DETAIL})))
    if fresh and writable:
        try:
            with conn:
                conn.executemany("INSERT OR REPLACE INTO history_facts VALUES (?, ?, ?, ?, ?)",
                                 fresh)
        except sqlite3.OperationalError:
            pass    # a database we may only read: the facts are worked out each time
    return out


def _ensure_table(conn: sqlite3.Connection) -> bool:
    try:
        with conn:
            columns = [row[1] for row in conn.execute("PRAGMA table_info(history_facts)")]
            if columns and "detail" not in columns:     # kept by an earlier parlour
                conn.execute("DROP TABLE history_facts")
            conn.execute(CACHE)
        return True
    except sqlite3.OperationalError:
        return False

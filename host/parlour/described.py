"""Each match's words and hands (parlour.describe) kept, so that `show` and the exports
do not fold every log again with the rules core each time.

The table `history_words` holds, per match, what `reading()` gave, as JSON: nothing a
replay cannot make again. A row is keyed like `history_facts` (parlour.stats.facts):
by the match's digest and a CRC of the rules core's source, so a match whose bytes or
whose rules changed is told again; the table can be dropped at any time. A database
parlour may only read gets its words worked out each time.

    texts(store, matches) -> {id: '{"lines": [...], "words": [...], "scorers": [...],
                                    "seats": [...], "hands": [...]}'}
    readings(store, matches) -> {id: Reading}      # events filled where m has them
"""

from __future__ import annotations

import json
import sqlite3

from .describe import Reading, reading
from .stats.facts import rules_digest

TABLE = """CREATE TABLE IF NOT EXISTS history_words (
    match_id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL,           -- the match's kept bytes, CRC-32
    rules TEXT NOT NULL,            -- the rules core's source, CRC-32
    told TEXT NOT NULL,             -- JSON: record_of(reading), keys in export order
    problem TEXT NOT NULL           -- why the fold stopped early ("" when it did not)
)"""
# Up to this many matches, their rows are looked up one by one; more, the table is
# read in one pass (most of it is wanted then).
FEW = 50


def record_of(told: Reading) -> dict:
    """What an export says of a match beside its log, in the order it says it."""
    words = [e["lines"] for e in told.events]
    return {"lines": ["; ".join(lines) for lines in words], "words": words,
            "scorers": told.scorers, "seats": told.seats, "hands": told.hands}


def reading_of(m: dict, text: str, problem: str) -> Reading:
    """A kept record back as the Reading it was made from (its events need `m`'s log)."""
    record = json.loads(text)
    raw = [e["event"] for e in m.get("events") or []]
    events = [{"n": n + 1, "event": raw[n] if n < len(raw) else None, "lines": lines}
              for n, lines in enumerate(record["words"])]
    return Reading(str(m.get("game")), record["scorers"], record["seats"], events,
                   record["hands"], problem)


def texts(store, matches: list[dict]) -> dict[int, tuple[str, str]]:
    """{id: (told as JSON text, problem)} for each listed match: kept where its digest
    and the rules' still match, else told now (its log read from the store) and kept."""
    conn = store.conn
    rules = rules_digest()
    writable = _ensure_table(conn)
    kept: dict[int, tuple[str, str]] = {}
    if writable:
        wanted = {m["id"]: m["digest"] or "" for m in matches}
        query = "SELECT match_id, digest, rules, told, problem FROM history_words"
        if len(matches) > FEW:
            rows = conn.execute(query)
        else:
            rows = (row for m in matches for row in conn.execute(
                query + " WHERE match_id = ?", (m["id"],)))
        for match_id, digest, rule, text, problem in rows:
            if wanted.get(match_id) == digest and rule == rules:
                kept[match_id] = (text, problem)
    fresh = []
    for m in matches:
        if m["id"] in kept:
            continue
        told = reading(m if "events" in m else {**m, "events": _log(conn, m["id"])})
        text = json.dumps(record_of(told))
        kept[m["id"]] = (text, told.problem)
        fresh.append((m["id"], m["digest"] or "", rules, text, told.problem))
    if fresh and writable:
        try:
            with conn:
                conn.executemany("INSERT OR REPLACE INTO history_words VALUES (?, ?, ?, ?, ?)",
                                 fresh)
        except sqlite3.OperationalError:
            pass    # a database we may only read: the words are worked out each time
    return kept


def readings(store, matches: list[dict]) -> dict[int, Reading]:
    held = texts(store, matches)
    return {m["id"]: reading_of(m, *held[m["id"]]) for m in matches}


def logs(store, matches: list[dict]) -> dict[int, str]:
    """{id: the match's events as one JSON array text}, straight from the store's
    rows (each event's JSON as kept), in one pass over the events table."""
    ids = {m["id"] for m in matches}
    parts: dict[int, list[str]] = {i: [] for i in ids}
    for match_id, event in store.conn.execute(
            "SELECT match_id, event FROM events ORDER BY match_id, idx"):
        if match_id in ids:
            parts[match_id].append(event)
    return {i: "[" + ", ".join(p) + "]" for i, p in parts.items()}


def _log(conn: sqlite3.Connection, match_id: int) -> list[dict]:
    return [{"event": json.loads(e)} for (e,) in conn.execute(
        "SELECT event FROM events WHERE match_id = ? ORDER BY idx", (match_id,))]


def _ensure_table(conn: sqlite3.Connection) -> bool:
    try:
        with conn:
            conn.execute(TABLE)
        return True
    except sqlite3.OperationalError:
        return False

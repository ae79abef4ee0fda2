"""Each match's words and hands (parlour.describe) kept, so that `show` and the exports
do not fold every log again with the rules core each time.

The table `history_words` holds, per match, what `reading()` gave, as JSON: nothing a
replay cannot make again. A row is keyed like `history_facts` (parlour.stats.facts):
by the match's digest and a CRC of the rules core's source, so a match whose bytes or
whose rules changed is told again; the table can be dropped at any time. A database
parlour may only read gets its words worked out each time.

    texts(store, matches) -> {id: Told('{"lines": [...], "words": [...]}',
                                       '{"scorers": [...], "seats": [...], "hands": [...]}',
                                       problem)}
    readings(store, matches) -> {id: Reading}      # events filled where m has them
    readings(store, matches, words=False)          # the hands alone (no event's words)
"""

from __future__ import annotations

import gc
import json
import sqlite3
from typing import NamedTuple

from .describe import Reading, reading
from .stats.facts import rules_digest

TABLE = """CREATE TABLE IF NOT EXISTS history_words (
    match_id INTEGER PRIMARY KEY,
    digest TEXT NOT NULL,           -- the match's kept bytes, CRC-32
    rules TEXT NOT NULL,            -- the rules core's source, CRC-32
    words TEXT NOT NULL,            -- JSON: {"lines", "words"}, each event's words
    hands TEXT NOT NULL,            -- JSON: {"scorers", "seats", "hands"}
    problem TEXT NOT NULL           -- why the fold stopped early ("" when it did not)
)"""
# Up to this many matches, their rows are looked up one by one; more, the table is
# read in one pass (most of it is wanted then).
FEW = 50


class Told(NamedTuple):
    """A match's kept words, as the JSON texts an export splices in as they are."""
    words: str
    hands: str
    problem: str


def told_of(told: Reading) -> Told:
    words = [e["lines"] for e in told.events]
    return Told(json.dumps({"lines": ["; ".join(lines) for lines in words], "words": words}),
                json.dumps({"scorers": told.scorers, "seats": told.seats,
                            "hands": told.hands}), told.problem)


def reading_of(m: dict, kept: Told, words: bool = True) -> Reading:
    """Kept words back as the Reading they were made from (its events need `m`'s log;
    without `words`, the Reading has the hands alone)."""
    record = json.loads(kept.hands)
    events = []
    if words:
        raw = [e["event"] for e in m.get("events") or []]
        events = [{"n": n + 1, "event": raw[n] if n < len(raw) else None, "lines": lines}
                  for n, lines in enumerate(json.loads(kept.words)["words"])]
    return Reading(str(m.get("game")), record["scorers"], record["seats"], events,
                   record["hands"], kept.problem)


def texts(store, matches: list[dict], words: bool = True) -> dict[int, Told]:
    """The kept words of each listed match (by id): kept where its digest and the
    rules' still match, else told now (its log read from the store) and kept.
    Without `words`, each Told's words are left unread (and empty)."""
    conn = store.conn
    rules = rules_digest()
    writable = _ensure_table(conn)
    kept: dict[int, Told] = {}
    if writable:
        wanted = {m["id"]: m["digest"] or "" for m in matches}
        query = ("SELECT match_id, digest, rules, %s, hands, problem FROM history_words"
                 % ("words" if words else "''"))
        if len(matches) > FEW:
            rows = conn.execute(query)
        else:
            rows = (row for m in matches for row in conn.execute(
                query + " WHERE match_id = ?", (m["id"],)))
        for match_id, digest, rule, words, hands, problem in rows:
            if wanted.get(match_id) == digest and rule == rules:
                kept[match_id] = Told(words, hands, problem)
    fresh = []
    for m in matches:
        if m["id"] in kept:
            continue
        told = reading(m if "events" in m else {**m, "events": _log(conn, m["id"])})
        kept[m["id"]] = told_of(told)
        fresh.append((m["id"], m["digest"] or "", rules, *kept[m["id"]]))
    if fresh and writable:
        try:
            with conn:
                conn.executemany("INSERT OR REPLACE INTO history_words VALUES (?, ?, ?, ?, ?, ?)",
                                 fresh)
        except sqlite3.OperationalError:
            pass    # a database we may only read: the words are worked out each time
    return kept


def readings(store, matches: list[dict], words: bool = True) -> dict[int, Reading]:
    held = texts(store, matches, words)
    # Millions of small lists and dicts, none in a cycle: the cyclic collector, run
    # every few hundred of them, would take twice the time of the parsing itself.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return {m["id"]: reading_of(m, held[m["id"]], words) for m in matches}
    finally:
        if collecting:
            gc.enable()


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

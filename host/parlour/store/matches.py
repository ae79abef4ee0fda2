"""What goes into the database and what comes out: a sync's batches, each in one
transaction, and the queries behind `parlour matches`, `show` and `export`."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass

from ..replay import Replayed
from .db import Store


@dataclass
class Incoming:
    """One record as a sync received it, with its replay."""
    seq: int
    kept: dict              # the device's stored match
    replayed: Replayed
    played_at: float | None
    clock: str


def see_device(store: Store, hello: dict) -> int:
    """Record the device; -> how far the database already holds its records."""
    now = time.time()
    conn = store.conn
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "INSERT INTO devices (id, board, firmware, protocol, first_seen, last_seen) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET board = excluded.board, "
            "firmware = excluded.firmware, protocol = excluded.protocol, "
            "last_seen = excluded.last_seen",
            (hello["dev"], hello.get("board"), hello.get("fw"), hello.get("proto"), now, now))
    return int(conn.execute("SELECT covered FROM devices WHERE id = ?",
                            (hello["dev"],)).fetchone()[0])


def begin_sync(store: Store, device: str) -> int:
    conn = store.conn
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        cur = conn.execute("INSERT INTO syncs (device_id, started) VALUES (?, ?)",
                           (device, time.time()))
    return int(cur.lastrowid)


def finish_sync(store: Store, sync_id: int) -> None:
    conn = store.conn
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("UPDATE syncs SET finished = ?, status = 'done' WHERE id = ?",
                     (time.time(), sync_id))


def _player(conn, name: str) -> int:
    conn.execute("INSERT OR IGNORE INTO players (name) VALUES (?)", (name,))
    return int(conn.execute("SELECT id FROM players WHERE name = ?", (name,)).fetchone()[0])


def add_batch(store: Store, device: str, sync_id: int, batch: list[Incoming],
              covered: int, clashes: list[int] | None = None) -> int:
    """Store a batch whole or not at all; -> how many records were new. `covered`:
    every record of the device up to it is in the database once this commits. A
    record whose number is held by a different match is kept aside, its number
    appended to `clashes`."""
    conn = store.conn
    added = disagree = 0
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        for item in batch:
            r = item.replayed
            kept = item.kept
            record = kept.get("record") or {}
            cur = conn.execute(
                "INSERT OR IGNORE INTO matches (device_id, seq, game, config, ended, played_at,"
                " clock, sync_id, kept, device_result, replayed_result, agrees, problem) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (device, item.seq, r.game, json.dumps(record.get("config")), kept.get("end"),
                 item.played_at, item.clock, sync_id, json.dumps(kept),
                 json.dumps(kept.get("result")),
                 json.dumps({"totals": r.totals, "winner": r.winner}), int(r.agrees),
                 r.problem))
            if not cur.rowcount:    # already here: a repeated or resumed sync, unless
                held = conn.execute("SELECT kept FROM matches WHERE device_id = ? AND seq = ?",
                                    (device, item.seq)).fetchone()[0]
                if json.loads(held) != kept:
                    conn.execute("INSERT INTO clashes (device_id, seq, kept, sync_id) "
                                 "VALUES (?, ?, ?, ?)", (device, item.seq, json.dumps(kept),
                                                         sync_id))
                    if clashes is not None:
                        clashes.append(item.seq)
                continue
            added += 1
            disagree += not r.agrees
            match_id = cur.lastrowid
            totals = r.totals if isinstance(r.totals, list) else []
            for seat, name in enumerate(r.names):
                total = totals[seat] if seat < len(totals) else None
                conn.execute("INSERT INTO match_players VALUES (?, ?, ?, ?, ?)",
                             (match_id, seat, _player(conn, name),
                              total if isinstance(total, int) else None,
                              int(seat in r.winners)))
            events = record.get("events") or []
            conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?)",
                             [(match_id, i, json.dumps(e), r.lines[i] if i < len(r.lines) else "")
                              for i, e in enumerate(events)])
            conn.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?)",
                             [(match_id, i + 1, json.dumps(h["points"]), json.dumps(h["totals"]),
                               h["after"]) for i, h in enumerate(r.hands)])
        conn.execute("UPDATE devices SET covered = MAX(covered, ?) WHERE id = ?",
                     (covered, device))
        conn.execute("UPDATE syncs SET received = received + ?, added = added + ?, "
                     "disagreements = disagreements + ? WHERE id = ?",
                     (len(batch), added, disagree, sync_id))
    return added


# -- reading -------------------------------------------------------------------------
def select_matches(store: Store, game: str | None = None, player: str | None = None,
                   since: float | None = None, until: float | None = None,
                   match_id: int | None = None) -> list[dict]:
    where, args = [], []
    if match_id is not None:
        where.append("m.id = ?")
        args.append(match_id)
    if game:
        where.append("m.game = ?")
        args.append(game)
    if player:
        where.append("m.id IN (SELECT mp.match_id FROM match_players mp JOIN players p "
                     "ON p.id = mp.player_id WHERE p.name = ? COLLATE NOCASE)")
        args.append(player)
    if since is not None:
        where.append("m.played_at >= ?")
        args.append(since)
    if until is not None:
        where.append("m.played_at < ?")
        args.append(until)
    sql = ("SELECT m.id, m.device_id, m.seq, m.game, m.config, m.ended, m.played_at, m.clock, "
           "m.device_result, m.replayed_result, m.agrees, m.problem FROM matches m")
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY m.played_at IS NULL, m.played_at, m.device_id, m.seq"
    out = []
    for row in store.conn.execute(sql, args):
        out.append({"id": row[0], "device": row[1], "seq": row[2], "game": row[3],
                    "config": json.loads(row[4]), "ended": row[5], "played_at": row[6],
                    "clock": row[7], "device_result": json.loads(row[8]),
                    "replayed_result": json.loads(row[9]), "agrees": bool(row[10]),
                    "problem": row[11], "players": players_of(store, row[0])})
    return out


def players_of(store: Store, match_id: int) -> list[dict]:
    rows = store.conn.execute(
        "SELECT mp.seat, p.name, mp.total, mp.winner FROM match_players mp JOIN players p "
        "ON p.id = mp.player_id WHERE mp.match_id = ? ORDER BY mp.seat", (match_id,))
    return [{"seat": s, "name": n, "total": t, "winner": bool(w)} for s, n, t, w in rows]


def match(store: Store, match_id: int) -> dict | None:
    found = select_matches(store, match_id=match_id)
    if not found:
        return None
    m = found[0]
    conn = store.conn
    m["events"] = [{"event": json.loads(e), "line": line} for e, line in conn.execute(
        "SELECT event, line FROM events WHERE match_id = ? ORDER BY idx", (match_id,))]
    m["hands"] = [{"hand": h, "points": json.loads(p), "totals": json.loads(t), "after": a}
                  for h, p, t, a in conn.execute(
                      "SELECT hand, points, totals, after_event FROM hands WHERE match_id = ? "
                      "ORDER BY hand", (match_id,))]
    return m


def counts(store: Store) -> dict:
    conn = store.conn
    return {"matches": conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0],
            "events": conn.execute("SELECT COUNT(*) FROM events").fetchone()[0],
            "players": conn.execute("SELECT COUNT(*) FROM players").fetchone()[0],
            "disagreements": conn.execute(
                "SELECT COUNT(*) FROM matches WHERE agrees = 0").fetchone()[0]}

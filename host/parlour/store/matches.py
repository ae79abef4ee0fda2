"""What goes into the database and what comes out: a sync's batches, each in one
transaction, and the queries behind `parlour matches`, `show` and `export`."""

from __future__ import annotations

import json
import time
import zlib
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
    body: str = ""          # the stored line's body exactly as the device holds it
    digest: str = ""        # its CRC-32, 8 hex digits: what the ack names


def digest_of(text: str) -> str:
    return "%08x" % (zlib.crc32(text.encode("utf-8")) & 0xFFFFFFFF)


def see_device(store: Store, hello: dict) -> int:
    """Record the device's store (its identity, and the board it is on); -> how far
    the database already holds its records (kept for the record; the sync no longer
    goes by it)."""
    now = time.time()
    conn = store.conn
    key = hello.get("store") or hello["dev"]
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute(
            "INSERT INTO devices (id, board_id, board, firmware, protocol, first_seen, last_seen) "
            "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
            "board_id = excluded.board_id, board = excluded.board, "
            "firmware = excluded.firmware, protocol = excluded.protocol, "
            "last_seen = excluded.last_seen",
            (key, hello["dev"], hello.get("board"), hello.get("fw"), hello.get("proto"), now,
             now))
    return int(conn.execute("SELECT covered FROM devices WHERE id = ?",
                            (key,)).fetchone()[0])


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


def _insert(conn, device: str, sync_id: int, item: Incoming, body: str, digest: str,
            clash: bool) -> None:
    r = item.replayed
    kept = item.kept
    record = kept.get("record") or {}
    cur = conn.execute(
        "INSERT INTO matches (device_id, seq, digest, clash, game, config, ended, played_at,"
        " clock, sync_id, kept, device_result, replayed_result, agrees, problem) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (device, item.seq, digest, int(clash), r.game, json.dumps(record.get("config")),
         kept.get("end"), item.played_at, item.clock, sync_id, body,
         json.dumps(kept.get("result")),
         json.dumps({"totals": r.totals, "winner": r.winner}), int(r.agrees), r.problem))
    match_id = cur.lastrowid
    totals = r.seat_totals or (r.totals if isinstance(r.totals, list) else [])
    for seat, name in enumerate(r.names):
        total = totals[seat] if seat < len(totals) else None
        conn.execute("INSERT INTO match_players VALUES (?, ?, ?, ?, ?)",
                     (match_id, seat, _player(conn, name),
                      total if isinstance(total, int) else None, int(seat in r.winners)))
    events = record.get("events") or []
    conn.executemany("INSERT INTO events VALUES (?, ?, ?, ?)",
                     [(match_id, i, json.dumps(e), r.lines[i] if i < len(r.lines) else "")
                      for i, e in enumerate(events)])
    conn.executemany("INSERT INTO hands VALUES (?, ?, ?, ?, ?)",
                     [(match_id, i + 1, json.dumps(h["points"]), json.dumps(h["totals"]),
                       h["after"]) for i, h in enumerate(r.hands)])


def _parsed(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return None


def add_batch(store: Store, device: str, sync_id: int, batch: list[Incoming],
              covered: int, clashes: list[int] | None = None) -> int:
    """Store a batch whole or not at all; -> how many records were new. `device`: the
    store identity. A record already here (its digest, or the same match synced by
    an older parlour) is not stored twice; a different match under a number already
    held is stored too, marked as a clash, its number appended to `clashes`.
    `covered`: the highest number of the batch."""
    conn = store.conn
    added = disagree = 0
    with conn:
        conn.execute("BEGIN IMMEDIATE")
        for item in batch:
            body = item.body or json.dumps(item.kept)
            digest = item.digest or digest_of(body)
            held = conn.execute("SELECT id, digest, kept FROM matches WHERE device_id = ? "
                                "AND seq = ? ORDER BY id", (device, item.seq)).fetchall()
            if any(d == digest for _, d, _ in held):
                continue            # a repeated or resumed sync
            same = [i for i, _, k in held if _parsed(k) == item.kept]
            if same:    # stored by a parlour that kept it re-encoded: keep the device's bytes
                conn.execute("UPDATE matches SET kept = ?, digest = ? WHERE id = ?",
                             (body, digest, same[0]))
                continue
            _insert(conn, device, sync_id, item, body, digest, bool(held))
            if held and clashes is not None:
                clashes.append(item.seq)
            added += 1
            disagree += not item.replayed.agrees
        conn.execute("UPDATE devices SET covered = MAX(covered, ?) WHERE id = ?",
                     (covered, device))
        conn.execute("UPDATE syncs SET received = received + ?, added = added + ?, "
                     "disagreements = disagreements + ? WHERE id = ?",
                     (len(batch), added, disagree, sync_id))
    return added


def held_here(store: Store, device: str, recs: list[list]) -> list[list]:
    """The records of `recs` ([seq, digest]) whose bytes the database holds, read back
    and checked against their digest: the only ones a sync may let the device free."""
    out = []
    for seq, digest in recs:
        for (kept,) in store.conn.execute("SELECT kept FROM matches WHERE device_id = ? AND "
                                          "seq = ? AND digest = ?", (device, seq, digest)):
            if digest_of(kept) == digest:
                out.append([seq, digest])
                break
    return out


def insert_clash(conn, device: str, seq: int, kept: str, sync_id: int) -> None:
    """A clash kept by a parlour before protocol 2 (version 3 of the schema)."""
    from ..replay import replay

    record = json.loads(kept)
    item = Incoming(seq, record, replay(record), None, "unknown", kept, digest_of(kept))
    if isinstance(record.get("at"), int):
        item.played_at, item.clock = float(record["at"]), "device"
    _insert(conn, device, sync_id, item, kept, item.digest, True)


# -- reading -------------------------------------------------------------------------
def select_matches(store: Store, game: str | None = None, player: str | None = None,
                   since: float | None = None, until: float | None = None,
                   match_id: int | None = None, clashes: bool = False) -> list[dict]:
    """`clashes`: only matches that share their store and number with another."""
    where, args = [], []
    if clashes:
        where.append("EXISTS (SELECT 1 FROM matches o WHERE o.device_id = m.device_id AND "
                     "o.seq = m.seq AND o.id != m.id)")
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
    sql = ("SELECT m.id, COALESCE(d.board_id, m.device_id), m.seq, m.game, m.config, m.ended, "
           "m.played_at, m.clock, m.device_result, m.replayed_result, m.agrees, m.problem, "
           "m.device_id, m.digest, (SELECT group_concat(o.id) FROM matches o WHERE "
           "o.device_id = m.device_id AND o.seq = m.seq AND o.id != m.id) "
           "FROM matches m LEFT JOIN devices d ON d.id = m.device_id")
    if where:
        sql += " WHERE " + " AND ".join(where)
    sql += " ORDER BY m.played_at IS NULL, m.played_at, m.device_id, m.seq, m.id"
    out = []
    for row in store.conn.execute(sql, args):
        same = sorted(int(i) for i in row[14].split(",")) if row[14] else []
        out.append({"id": row[0], "device": row[1], "seq": row[2], "game": row[3],
                    "config": json.loads(row[4]), "ended": row[5], "played_at": row[6],
                    "clock": row[7], "device_result": json.loads(row[8]),
                    "replayed_result": json.loads(row[9]), "agrees": bool(row[10]),
                    "problem": row[11], "store": row[12], "digest": row[13],
                    "same_number": same, "players": []})
    if len(out) > FEW:
        # The players of thousands of matches in one pass, not a query a match.
        seated = {m["id"]: m["players"] for m in out}
        for match_id, s, n, t, w in store.conn.execute(
                "SELECT mp.match_id, mp.seat, p.name, mp.total, mp.winner FROM match_players "
                "mp JOIN players p ON p.id = mp.player_id ORDER BY mp.match_id, mp.seat"):
            players = seated.get(match_id)
            if players is not None:
                players.append({"seat": s, "name": n, "total": t, "winner": bool(w)})
    else:
        for m in out:
            m["players"] = players_of(store, m["id"])
    for m in out:
        if m["game"] == "poker":
            _most_up_wins(m["players"])
    return out


# Up to this many matches, each one's players are a query of their own.
FEW = 50


def _most_up_wins(players: list[dict]) -> None:
    # A Poker session stored before its winner was marked: the players most up won.
    from ..replay import most_up

    if not any(p["winner"] for p in players):
        for seat in most_up([p["total"] for p in players]):
            players[seat]["winner"] = True


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

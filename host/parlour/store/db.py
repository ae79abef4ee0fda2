"""SQLite with its schema kept by version (PRAGMA user_version).

MIGRATIONS[i] takes a database from version i to i + 1, so a database made by any
earlier parlour is brought up to date step by step, each step in one transaction.
A database from a newer parlour is refused, untouched.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path

from ..errors import ParlourError
from .failures import WAIT, busy, failure, refuse_unwritable

V1 = """
CREATE TABLE devices (
    id TEXT PRIMARY KEY,            -- the board's unique id (hex)
    board TEXT, firmware TEXT, protocol INTEGER,
    covered INTEGER NOT NULL DEFAULT 0,   -- every record of the device up to this is here
    first_seen REAL, last_seen REAL
);
CREATE TABLE players (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE       -- one player by name, whichever box they played on
);
CREATE TABLE syncs (
    id INTEGER PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id),
    started REAL NOT NULL, finished REAL,
    received INTEGER NOT NULL DEFAULT 0, added INTEGER NOT NULL DEFAULT 0,
    disagreements INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL DEFAULT 'running'   -- running, done (a killed sync stays running)
);
CREATE TABLE matches (
    id INTEGER PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id),
    seq INTEGER NOT NULL,           -- the device's match number
    game TEXT NOT NULL,
    config TEXT NOT NULL,           -- JSON
    ended TEXT,                     -- won, stopped
    played_at REAL,                 -- when it ended (Unix time), if known
    clock TEXT NOT NULL,            -- device (told by a laptop), learnt (later), unknown
    sync_id INTEGER NOT NULL REFERENCES syncs(id),
    kept TEXT NOT NULL,             -- the device's stored match, as sent (JSON)
    device_result TEXT,             -- JSON: what the device said
    replayed_result TEXT,           -- JSON: what the replay says
    agrees INTEGER NOT NULL,
    problem TEXT NOT NULL DEFAULT '',
    UNIQUE (device_id, seq)
);
CREATE TABLE match_players (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    total INTEGER,
    winner INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    idx INTEGER NOT NULL,
    event TEXT NOT NULL,            -- JSON
    line TEXT NOT NULL,             -- the replay's explanation after it
    PRIMARY KEY (match_id, idx)
);
CREATE TABLE hands (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    hand INTEGER NOT NULL,
    points TEXT NOT NULL,           -- JSON, as the game's view gives it
    totals TEXT,                    -- JSON: the totals after the hand
    after_event INTEGER NOT NULL,   -- the event that ended it (events.idx)
    PRIMARY KEY (match_id, hand)
);
CREATE TABLE clashes (              -- a different match under a number already held
    id INTEGER PRIMARY KEY,         -- (a board whose flash and nvm were both wiped):
    device_id TEXT NOT NULL,        -- kept here, never dropped, and reported
    seq INTEGER NOT NULL,
    kept TEXT NOT NULL,
    sync_id INTEGER NOT NULL REFERENCES syncs(id)
);
CREATE INDEX matches_game ON matches (game, played_at);
"""

# Protocol 2: records are keyed by the device's store identity (devices.id; a
# device row is a store, board_id the board it is on) and told apart by their
# digest; a different match under a number already held is kept as a match marked
# as a clash, so `parlour matches` shows it. The matches table is made again
# (SQLite cannot drop a UNIQUE constraint), keeping every row and its id. A
# database from before keeps its matches: its stores were the boards' ids, and
# firmware speaking protocol 2 names a store made before identities by its board.
V2 = """
ALTER TABLE devices ADD COLUMN board_id TEXT;   -- the board's own id (shown); id: its store
UPDATE devices SET board_id = id;
CREATE TABLE matches_v2 (
    id INTEGER PRIMARY KEY,
    device_id TEXT NOT NULL REFERENCES devices(id),  -- the store identity
    seq INTEGER NOT NULL,           -- the device's match number
    digest TEXT,                    -- CRC-32 of kept, as the device holds it (8 hex digits;
                                    -- NULL: synced before protocol 2, kept re-encoded)
    clash INTEGER NOT NULL DEFAULT 0,   -- 1: another match came earlier under this number
    game TEXT NOT NULL,
    config TEXT NOT NULL,           -- JSON
    ended TEXT,                     -- won, stopped
    played_at REAL,                 -- when it ended (Unix time), if known
    clock TEXT NOT NULL,            -- device (told by a laptop), learnt (later), unknown
    sync_id INTEGER NOT NULL REFERENCES syncs(id),
    kept TEXT NOT NULL,             -- the device's stored match, its bytes as sent (JSON)
    device_result TEXT,             -- JSON: what the device said
    replayed_result TEXT,           -- JSON: what the replay says
    agrees INTEGER NOT NULL,
    problem TEXT NOT NULL DEFAULT '',
    UNIQUE (device_id, seq, digest)
);
INSERT INTO matches_v2 (id, device_id, seq, game, config, ended, played_at, clock, sync_id,
                        kept, device_result, replayed_result, agrees, problem)
    SELECT id, device_id, seq, game, config, ended, played_at, clock, sync_id, kept,
           device_result, replayed_result, agrees, problem FROM matches;
DROP TABLE matches;
ALTER TABLE matches_v2 RENAME TO matches;
CREATE INDEX matches_game ON matches (game, played_at);
"""


def adopt_clashes(conn: sqlite3.Connection) -> None:
    """Version 3: the matches the old `clashes` table held, where no command showed
    them, become matches marked as clashes (replayed like any other)."""
    from .matches import insert_clash

    for device, seq, kept, sync_id in conn.execute(
            "SELECT device_id, seq, kept, sync_id FROM clashes ORDER BY id").fetchall():
        insert_clash(conn, device, seq, kept, sync_id)
    conn.execute("DROP TABLE clashes")


MIGRATIONS: list = [V1, V2, adopt_clashes]
SCHEMA_VERSION = len(MIGRATIONS)


def version_of(conn: sqlite3.Connection) -> int:
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, path: Path, migrations: list = MIGRATIONS) -> int:
    """Bring the schema up to len(migrations); -> the version it was at. A step is SQL,
    or a function given the connection inside the step's transaction."""
    found = version_of(conn)
    if found > len(migrations):
        raise ParlourError(f"the database {path} is from a newer parlour (schema {found}, "
                           f"this one knows {len(migrations)}): upgrade parlour, or give "
                           "--db another file")
    if found == len(migrations):
        return found
    # A table made again (SQLite's own recipe) must not trip its children's foreign
    # keys on the way: off for the steps (it cannot change inside a transaction).
    enforced = conn.execute("PRAGMA foreign_keys").fetchone()[0]
    conn.execute("PRAGMA foreign_keys = OFF")
    try:
        for step in range(found, len(migrations)):
            change = migrations[step]
            if callable(change):
                conn.execute("BEGIN IMMEDIATE")
                try:
                    change(conn)
                    conn.execute(f"PRAGMA user_version = {step + 1}")
                    conn.execute("COMMIT")
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
            else:
                # executescript commits first; the step and its version go in together.
                conn.executescript(f"BEGIN;\n{change}\nPRAGMA user_version = {step + 1};\n"
                                   "COMMIT;")
    finally:
        if enforced:
            conn.execute("PRAGMA foreign_keys = ON")
    return found


class Store:
    def __init__(self, conn: sqlite3.Connection, path: Path):
        self.conn = conn
        self.path = path

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_store(path: Path, create: bool = True, migrations: list = MIGRATIONS, *,
               write: bool = False, wait: float = WAIT,
               waiting: Callable[[], None] | None = None) -> Store:
    """Open (and bring up to date) the database at `path`. `write`: prove now that it
    takes a write, so a sync tells the device nothing before the database can keep
    what it sends. `wait`: seconds another program's write may hold it up; `waiting`
    is called once if it does."""
    path = Path(path)
    if not path.exists() and not create:
        raise ParlourError(f"no database at {path}: run `parlour sync` first, or give --db")
    if not create:
        _refuse_a_stranger(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if write:
            refuse_unwritable(path)   # before SQLite leaves its -wal and -shm beside it
        conn = sqlite3.connect(path, timeout=wait, isolation_level=None)
    except (sqlite3.Error, OSError) as e:
        raise failure(path, e, wait) from None
    try:
        if version_of(conn) <= len(migrations):   # a newer file is left as it is
            conn.execute("PRAGMA journal_mode = WAL")   # a reader never waits for a sync
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn, path, migrations)
        if write:
            _takes_a_write(conn, wait, waiting)
    except sqlite3.Error as e:
        conn.close()
        raise failure(path, e, wait) from None
    except ParlourError:
        conn.close()
        raise
    return Store(conn, path)


def _refuse_a_stranger(path: Path) -> None:
    """A command that only reads leaves a file that is no parlour database as it is
    (SQLite would make an empty file a database, and parlour would give it tables)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except IsADirectoryError:
        raise ParlourError(f"{path} is a folder, not a parlour database: give --db a file "
                           "that `parlour sync` made") from None
    except OSError as e:
        raise failure(path, e) from None
    wal = Path(f"{path}-wal")
    why = ""
    if not head:
        if not (wal.exists() and wal.stat().st_size):   # else its pages are all in the log
            why = "it is empty"
    elif not head.startswith(b"SQLite format 3\x00"):
        why = "it is not an SQLite file"
    elif not _ours(path):
        why = "it is an SQLite database of another program"
    if why:
        raise ParlourError(f"{path} is not a parlour database ({why}); it is left as it "
                           "was: give --db a database that `parlour sync` made")


def _ours(path: Path) -> bool:
    # Asked of SQLite itself, read-only: a header on the disk may be older than the
    # write-ahead log beside it.
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return True     # the open proper says what is wrong
    try:
        if version_of(conn) > 0:
            return True
        return conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'matches'").fetchone() \
            is not None
    except sqlite3.Error:
        return True
    finally:
        conn.close()


def _takes_a_write(conn: sqlite3.Connection, wait: float, waiting) -> None:
    # BEGIN IMMEDIATE alone succeeds on a read-only file: page 1 is written too (its
    # own user_version), then rolled back, so nothing changes.
    if waiting is not None:
        conn.execute("PRAGMA busy_timeout = 0")
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as e:
            if not busy(e):
                raise
            waiting()
        finally:
            conn.execute(f"PRAGMA busy_timeout = {int(wait * 1000)}")
    if not conn.in_transaction:
        conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(f"PRAGMA user_version = {version_of(conn)}")
    finally:
        conn.execute("ROLLBACK")

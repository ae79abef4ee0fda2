"""Sync through a bad cable: a relay between two real pseudo-terminals drops, flips and
repeats bytes and frames, delays them and cuts the line mid-batch, session after
session, while the device keeps playing. No record is lost or stored twice, and the
device frees only what the database holds. Then the laptop's process is killed (a
real SIGKILL) mid-sync: the database stays consistent and the next sync completes.

PARLOUR_FAULT_SESSIONS sets how many sessions (bench/sync.py runs many more)."""

import json
import os
import random
import select
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import tty

from journal_support import STUMP_CONFIG, stump_events
from parlour import sync
from parlour.errors import ParlourError
from parlour.link.serial import SerialTransport
from parlour.sim.pty import PtySerial
from parlour.store import open_store
from parlour_device.app import App
from parlour_device.boards.common import MONO_128X64, Board
from parlour_device.flash import Flash

SESSIONS = int(os.environ.get("PARLOUR_FAULT_SESSIONS", "200"))


class Cable(PtySerial):
    """The device's data port: `plugged` is what DTR says on a real board."""
    plugged = True

    @property
    def connected(self) -> bool:
        return self.plugged and not self.closed


class Bench:
    """A device on its own thread, a relay with faults, and a laptop database."""

    def __init__(self, folder, seed):
        self.rng = random.Random(seed)
        (folder / "flash").mkdir()
        self.cable = Cable()
        board = Board(MONO_128X64, None, self.cable, bytearray(4096), Flash(str(folder / "flash")),
                      "fa0170000000000%d" % (seed % 10))
        self.app = App(board)
        self.lock = threading.Lock()
        self.running = True
        self.created = {}           # match number -> its events
        self.device_fd = os.open(self.cable.path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self.store = open_store(folder / "p.db")
        threading.Thread(target=self._device, daemon=True).start()

    def _device(self):
        while self.running:
            with self.lock:
                self.app.step()
            time.sleep(0.0002)

    def play(self, matches):
        with self.lock:
            for _ in range(matches):
                events = stump_events(self.rng.randrange(1, 6))
                self.app.new_match("stump", STUMP_CONFIG)
                seq = self.app.journal.live_seq
                for event in events:
                    assert self.app.submit(event) is None
                self.app.finish_match()
                self.created[seq] = events

    def session(self, faults):
        """One `parlour sync` through the relay; -> whether it completed."""
        master, slave = os.openpty()
        tty.setraw(slave)
        self._drain()                # what was in flight on the last cable is gone
        self.cable.plugged = True
        relay = Relay(self.device_fd, master, faults, self.rng, self.cable)
        relay.start()
        link = None
        try:
            link = SerialTransport(os.ttyname(slave), timeout=0.15, retries=3)
            sync.run(link, self.store, batch=4)
            return True
        except ParlourError:
            return False
        finally:
            if link is not None:
                link.close()
            relay.stop()
            self.cable.plugged = False
            os.close(master)
            os.close(slave)

    def _drain(self):
        while select.select([self.device_fd], [], [], 0.01)[0]:
            try:
                os.read(self.device_fd, 65536)
            except OSError:
                break

    def check(self):
        with self.lock:
            held = set(self.app.journal.pending())
        rows = self.store.conn.execute("SELECT seq, kept FROM matches").fetchall()
        stored = {seq: json.loads(kept)["record"]["events"] for seq, kept in rows}
        assert len(rows) == len(stored)                            # none stored twice
        assert held | set(stored) == set(self.created)             # none lost
        assert all(stored[s] == self.created[s] for s in stored)   # none stored damaged
        assert set(self.created) - held <= set(stored)             # freed only once stored
        return held, stored

    def close(self):
        self.running = False
        time.sleep(0.01)
        self.store.close()
        os.close(self.device_fd)
        self.cable.close()


class Relay(threading.Thread):
    """Copies bytes both ways, hurting them as `faults` says."""

    def __init__(self, device_fd, laptop_fd, faults, rng, cable):
        super().__init__(daemon=True)
        self.ends = {device_fd: laptop_fd, laptop_fd: device_fd}
        self.faults = faults
        self.rng = random.Random(rng.random())
        self.cable = cable
        self.running = True
        self.started_at = time.monotonic()
        self.last_line = b""

    def run(self):
        f, rng = self.faults, self.rng
        device_fd = next(iter(self.ends))
        while self.running:
            if f.get("cut") is not None and time.monotonic() - self.started_at > f["cut"]:
                self.cable.plugged = False           # the cable is pulled mid-whatever
                return
            ready = select.select(list(self.ends), [], [], 0.005)[0]
            for fd in ready:
                try:
                    data = os.read(fd, 512)
                except OSError:
                    return
                if rng.random() < f.get("delay", 0):
                    time.sleep(rng.random() * 0.03)
                if data and rng.random() < f.get("drop", 0):
                    i = rng.randrange(len(data))
                    data = data[:i] + data[i + 1:]
                if data and rng.random() < f.get("flip", 0):
                    i = rng.randrange(len(data))
                    data = data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]
                if rng.random() < f.get("repeat", 0):
                    data = data + data               # the chunk again, frames and all
                if fd == device_fd and b"\n" in data:
                    if self.last_line and rng.random() < f.get("repeat", 0):
                        data = self.last_line + data  # a whole frame again
                    self.last_line = data[:data.index(b"\n") + 1]
                try:
                    os.write(self.ends[fd], data)
                except OSError:
                    return

    def stop(self):
        self.running = False
        self.join()


def random_faults(rng):
    kind = rng.randrange(6)
    if kind == 0:
        return {}
    faults = {"drop": rng.choice((0, 0.05, 0.2)), "flip": rng.choice((0, 0.05, 0.2)),
              "repeat": rng.choice((0, 0.1, 0.3)), "delay": rng.choice((0, 0.1))}
    if kind >= 4:
        faults["cut"] = rng.random() * 0.15
    return faults


def test_no_record_lost_or_doubled_through_hundreds_of_faulty_sessions(tmp_path):
    bench = Bench(tmp_path, seed=7)
    completed = 0
    try:
        for _ in range(SESSIONS):
            bench.play(bench.rng.randrange(0, 4))
            completed += bench.session(random_faults(bench.rng))
            bench.check()
        assert bench.session({})                         # a good cable at last
        held, stored = bench.check()
    finally:
        bench.close()
    assert held == set() and len(stored) == len(bench.created) > SESSIONS
    assert 0 < completed < SESSIONS                      # the faults did bite, not always


# -- a real kill of the laptop's process --------------------------------------------------
def test_a_sync_killed_mid_way_leaves_a_consistent_database_and_the_next_completes(tmp_path):
    state = tmp_path / "state"
    flash = state / "CIRCUITPY"
    flash.mkdir(parents=True)
    app = App(Board(MONO_128X64, None, None, bytearray(4096), Flash(str(flash)), "00"))
    total = 190              # the device keeps at most 200 finished matches
    for _ in range(total):
        app.new_match("stump", STUMP_CONFIG)
        for event in stump_events(30):
            assert app.submit(event) is None
        app.finish_match()
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"))
    server = subprocess.Popen([sys.executable, "-m", "parlour", "sim", "--serve", "--state",
                               str(state)], stdout=subprocess.PIPE, env=env)
    port = server.stdout.readline().decode().split(": ", 1)[1].strip()
    db = tmp_path / "p.db"
    command = [sys.executable, "-m", "parlour", "sync", "--port", port, "--db", str(db)]
    try:
        laptop = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        at_kill = 0
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and laptop.poll() is None:
            if db.exists():
                try:
                    with sqlite3.connect(db) as conn:
                        at_kill = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
                except sqlite3.OperationalError:
                    at_kill = 0       # not made yet
            if at_kill:
                laptop.send_signal(signal.SIGKILL)
                break
            time.sleep(0.005)
        laptop.wait(timeout=30)
        assert laptop.returncode == -signal.SIGKILL and 0 < at_kill < total
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            rows = conn.execute("SELECT id, seq, kept FROM matches").fetchall()
            for match_id, _, kept in rows:
                events = conn.execute("SELECT COUNT(*) FROM events WHERE match_id = ?",
                                      (match_id,)).fetchone()[0]
                assert events == len(json.loads(kept)["record"]["events"]) == 1 + 30 * 2 + 10
            covered = conn.execute("SELECT covered FROM devices").fetchone()[0]
            seqs = {seq for _, seq, _ in rows}
            assert set(range(1, covered + 1)) <= seqs
            assert conn.execute("SELECT status FROM syncs").fetchall() == [("running",)]
        again = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert again.returncode == 0, again.stderr
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT COUNT(DISTINCT seq) FROM matches").fetchone()[0] == total
            assert conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0] == total
        last = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert "0 received, 0 new" in last.stdout
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

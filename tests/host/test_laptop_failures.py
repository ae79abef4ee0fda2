"""Every way the laptop's side can fail, made real and said in one line: the device's
end of a real pseudo-terminal going away mid-sync, a database the user may not write
(as root, with the capability dropped), one another connection holds, a full disk
under the database and under an export. Each prints `parlour: ...`, exits non-zero,
shows no traceback, and leaves the database, the export and the device as they were;
and the device is told nothing before the database is known to take a write."""

import json
import os
import resource
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import tty

import pytest

from journal_support import STUMP_CONFIG, stump_events
from parlour.cli import main
from parlour.replay import replay
from parlour.sim.pty import PtySerial
from parlour.store import open_store
from parlour.store.matches import Incoming, add_batch, begin_sync, see_device
from parlour_device.app import App
from parlour_device.boards.common import MONO_128X64, Board
from parlour_device.flash import Flash
from parlour_rules.log import MatchLog
from ptydevice import MATCHES, UNPRIVILEGED, Device, one_line


def parlour(*args, limit=None, stdout=subprocess.PIPE, drop=False):
    """The CLI in its own process: `limit` caps the size of any file it writes
    (RLIMIT_FSIZE, as `ulimit -f`), `drop` takes root's power to write any file."""
    command = [sys.executable, "-m", "parlour", *map(str, args)]
    if drop and os.geteuid() == 0:
        command = UNPRIVILEGED + command

    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(command, stdout=stdout, stderr=subprocess.PIPE, text=True,
                          timeout=120, preexec_fn=cap if limit else None)


needs_unprivileged = pytest.mark.skipif(os.geteuid() == 0 and not shutil.which("setpriv"),
                                        reason="root here, and no setpriv to drop its power")



@pytest.fixture
def device(tmp_path):
    d = Device(tmp_path)
    yield d
    d.close()


class Cut(threading.Thread):
    """A cable between the laptop and the device that is pulled at one moment of the
    sync: the laptop's pseudo-terminal loses its far end (its master is closed), as
    when the board is unplugged or the simulator is killed.

    "ack": the laptop's first ack never reaches the device (the batch was stored,
    the cable went as the laptop told the device so). "reply": the ack reaches the
    device, which frees the batch, and its answer never comes back."""

    def __init__(self, device_path, at, on_batch=None):
        super().__init__(daemon=True)
        self.on_batch = on_batch      # called as the first batch's end frame passes
        self.device_fd = os.open(device_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        self.path = os.ttyname(self.slave)
        self.at = at
        self.acked = False
        self.pulled = threading.Event()
        self.start()

    def run(self):
        lines = {self.device_fd: b"", self.master: b""}
        while not self.pulled.is_set():
            for fd in select.select(list(lines), [], [], 0.01)[0]:
                data = os.read(fd, 4096)
                lines[fd] += data
                *whole, lines[fd] = lines[fd].split(b"\n")
                if fd == self.master and any(b'"t": "ack"' in w for w in whole):
                    if self.at == "ack":
                        return self.pull()
                    self.acked = True
                elif fd == self.device_fd and self.acked:
                    return self.pull()          # the device's answer to the ack
                if self.on_batch and fd == self.device_fd and any(
                        b'"t": "end"' in w for w in whole):
                    self.on_batch()
                    self.on_batch = None
                os.write(self.device_fd if fd == self.master else self.master, data)

    def pull(self):
        os.close(self.master)
        self.master = None
        self.pulled.set()

    def close(self):
        self.pulled.set()
        self.join()
        for fd in (self.master, self.slave, self.device_fd):
            if fd is not None:
                os.close(fd)


def stored(db):
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        seqs = [s for (s,) in conn.execute("SELECT seq FROM matches ORDER BY seq")]
    conn.close()
    assert len(seqs) == len(set(seqs))
    return seqs


# -- the cable pulled mid-sync ----------------------------------------------------------
@pytest.mark.parametrize("at", ["ack", "reply"],
                         ids=["after a batch, its ack lost", "during the ack, its answer lost"])
def test_a_cable_pulled_mid_sync_is_one_line_and_the_next_sync_completes(
        device, tmp_path, capsys, at):
    db = tmp_path / "p.db"
    cut = Cut(device.path, at)
    try:
        status = main(["sync", "--port", cut.path, "--db", str(db), "--timeout", "1"])
        pulled = cut.master is None                     # by the cut, not by the test
    finally:
        cut.close()
    assert pulled
    one_line(status, capsys.readouterr().err, "went away", cut.path, "plug it in again")
    first = stored(db)
    assert first == list(range(1, 17))                  # the first batch, whole
    left = device.pending()
    # The device frees only what it was told is stored, and only if it was told: with
    # the ack lost nothing; with its answer lost, what the acks that arrived named
    # (they go in parts that fit the device's receive buffer), all of it stored here.
    if at == "ack":
        assert left == list(range(1, MATCHES + 1))
    else:
        assert left[-(MATCHES - 16):] == list(range(17, MATCHES + 1)) and len(left) < MATCHES
        assert set(range(1, MATCHES + 1)) - set(left) <= set(first)
    status = main(["sync", "--port", device.path, "--db", str(db)])
    out = capsys.readouterr().out
    assert status == 0 and f"{MATCHES - 16} new" in out
    assert stored(db) == list(range(1, MATCHES + 1)) and device.pending() == []


def test_a_port_whose_device_end_is_gone_fails_each_way_in_one_line(tmp_path):
    # Each primitive on a hung-up pseudo-terminal: in_waiting's OSError, write's
    # SerialException (and tcdrain's termios.error behind it), then a quiet close.
    from parlour.errors import ParlourError
    from parlour.link.serial import SerialTransport

    master, slave = os.openpty()
    tty.setraw(slave)
    link = SerialTransport(os.ttyname(slave), timeout=0.2)
    os.close(master)
    with pytest.raises(ParlourError, match="went away"):
        link.recv_frame(0.1)
    with pytest.raises(ParlourError, match="went away"):
        link.send_frame({"v": 1, "n": 1, "t": "hello"})
    link.close()
    os.close(slave)


# -- a database the user may not write ------------------------------------------------------
def heard(cable):
    """What reached the device's data port."""
    got = b""
    while cable.in_waiting:
        got += cable.read(4096)
    return got


@needs_unprivileged
@pytest.mark.parametrize("where", ["file", "folder"])
def test_a_database_the_user_may_not_write_stops_sync_before_the_device_hears_anything(
        tmp_path, where):
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "p.db"
    open_store(db).close()
    before = db.read_bytes()
    (db if where == "file" else folder).chmod(0o444 if where == "file" else 0o555)
    cable = PtySerial()
    try:
        result = parlour("sync", "--port", cable.path, "--db", db, "--timeout", "0.2",
                         drop=True)
        said = heard(cable)
    finally:
        cable.close()
        folder.chmod(0o755)
        db.chmod(0o644)
    one_line(result.returncode, result.stderr, str(db if where == "file" else folder),
             "read-only to you", "--db")
    assert said == b"" and result.stdout == ""          # no hello, no time: nothing at all
    assert db.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == ["p.db"]


@needs_unprivileged
def test_a_database_the_user_may_only_read_can_still_be_listed(tmp_path):
    db = tmp_path / "p.db"
    open_store(db).close()
    db.chmod(0o444)
    result = parlour("matches", "--db", db, drop=True)
    assert result.returncode == 0 and result.stdout == "no matches\n", result.stderr


def test_with_a_writable_database_the_device_does_hear_the_hello(tmp_path):
    # The check above could not fail if nothing ever reached the port: here it does.
    cable = PtySerial()
    try:
        result = parlour("sync", "--port", cable.path, "--db", tmp_path / "p.db",
                         "--timeout", "0.2")
        said = heard(cable)
    finally:
        cable.close()
    one_line(result.returncode, result.stderr, "no whole answer")
    assert b'"t": "hello"' in said


# -- a database another connection is writing ------------------------------------------------
def test_a_database_held_by_another_writer_is_named_waited_for_and_refused(tmp_path, capsys):
    db = tmp_path / "p.db"
    open_store(db).close()
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    cable = PtySerial()
    try:
        started = time.monotonic()
        status = main(["sync", "--port", cable.path, "--db", str(db), "--db-wait", "0.6"])
        waited = time.monotonic() - started
        said = heard(cable)
    finally:
        other.execute("ROLLBACK")
        other.close()
        cable.close()
    one_line(status, capsys.readouterr().err, "busy", str(db), "0.6 s", "--db-wait")
    assert 0.6 <= waited < 5 and said == b""
    assert stored(db) == []
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*) FROM devices").fetchone()[0] == 0
    conn.close()


def test_a_database_taken_by_another_writer_mid_sync_stops_it_and_the_device_frees_nothing(
        device, tmp_path, capsys):
    db = tmp_path / "p.db"
    open_store(db).close()
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    # Taken as the first batch arrives: the laptop cannot store it, so never acks it.
    cut = Cut(device.path, "never", on_batch=lambda: other.execute("BEGIN IMMEDIATE"))
    try:
        status = main(["sync", "--port", cut.path, "--db", str(db), "--db-wait", "0.3"])
    finally:
        cut.close()
        other.execute("ROLLBACK")
        other.close()
    one_line(status, capsys.readouterr().err, "busy", str(db))
    assert stored(db) == [] and device.pending() == list(range(1, MATCHES + 1))


def test_a_writer_that_finishes_within_the_wait_lets_the_sync_go_on(tmp_path, capsys):
    db = tmp_path / "p.db"
    open_store(db).close()
    other = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.3, lambda: other.execute("ROLLBACK"))
    cable = PtySerial()
    try:
        release.start()
        status = main(["sync", "--port", cable.path, "--db", str(db), "--db-wait", "5",
                       "--timeout", "0.2"])
        said = heard(cable)
    finally:
        release.join()
        other.close()
        cable.close()
    one_line(status, capsys.readouterr().err, "no whole answer")   # nobody answers
    assert b'"t": "hello"' in said


def test_the_wait_is_shown_on_a_terminal_and_rubbed_out(tmp_path):
    db = tmp_path / "p.db"
    open_store(db).close()
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    master, slave = os.openpty()
    try:
        proc = subprocess.run([sys.executable, "-m", "parlour", "sync", "--port", "/dev/null",
                               "--db", str(db), "--db-wait", "0.3"], stderr=slave,
                              stdout=subprocess.DEVNULL, timeout=60)
        shown = b""
        while select.select([master], [], [], 0.2)[0]:
            shown += os.read(master, 4096)
    finally:
        other.execute("ROLLBACK")
        other.close()
        os.close(master)
        os.close(slave)
    text = shown.decode()
    assert proc.returncode == 1 and "waiting up to 0.3 s" in text
    notice, rest = text.split("\x1b[2K\r")
    assert notice.startswith("parlour: the database") and rest.strip().startswith(
        "parlour: the database") and "busy" in rest and "\n" not in rest.strip()


# -- a full disk -----------------------------------------------------------------------------
def fill(db, matches=MATCHES, turns=30):
    with open_store(db) as store:
        see_device(store, {"dev": "f011", "proto": 1})
        sync_id = begin_sync(store, "f011")
        batch = []
        for seq in range(1, matches + 1):
            record = {"seq": seq, "end": "stopped",
                      "record": MatchLog("stump", STUMP_CONFIG, stump_events(turns)).record()}
            batch.append(Incoming(seq, record, replay(record), None, "unknown"))
        add_batch(store, "f011", sync_id, batch, matches)


def test_a_database_that_cannot_grow_stops_the_sync_and_the_device_keeps_everything(
        device, tmp_path):
    db = tmp_path / "p.db"
    open_store(db).close()
    size = db.stat().st_size
    # The database and its WAL may not grow past the size it has now: a full disk, as
    # the kernel enforces a file-size limit (a write fails with EFBIG: CPython ignores
    # SIGXFSZ from its start, so the signal kills nothing).
    result = parlour("sync", "--port", device.path, "--db", db, limit=size)
    one_line(result.returncode, result.stderr, f"cannot use the database {db}",
             "disk I/O error", "disk full")
    assert stored(db) == [] and device.pending() == list(range(1, MATCHES + 1))


def test_an_export_that_does_not_fit_leaves_the_old_file_and_no_scraps(tmp_path):
    db = tmp_path / "p.db"
    fill(db)
    out = tmp_path / "all.json"
    out.write_text("the export of last week\n")
    result = parlour("export", "--format", "json", "--db", db, "-o", out, limit=40000)
    one_line(result.returncode, result.stderr, f"cannot write {out}", "File too large",
             "free some space", "as it was")
    assert out.read_text() == "the export of last week\n"
    assert sorted(p.name for p in tmp_path.iterdir() if "all" in p.name) == ["all.json"]
    # The same export into a file the shell opened (`> FILE`).
    with open(tmp_path / "shell.jsonl", "w") as f:
        result = parlour("export", "--format", "jsonl", "--db", db, limit=40000, stdout=f)
    one_line(result.returncode, result.stderr, "standard output", "File too large")
    # and with room, the same export is whole.
    result = parlour("export", "--format", "json", "--db", db, "-o", out)
    assert result.returncode == 0 and len(json.loads(out.read_text())["matches"]) == MATCHES


def test_an_export_to_a_pipe_is_written_into_it_not_renamed_over_it(tmp_path):
    db = tmp_path / "p.db"
    fill(db, matches=3, turns=3)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()), daemon=True)
    reader.start()
    result = parlour("export", "--db", db, "-o", fifo)
    reader.join(timeout=30)
    assert result.returncode == 0 and fifo.is_fifo(), result.stderr
    assert got[0].startswith("match,device,seq") and len(got[0].splitlines()) == 1 + 3 * 2


def test_an_export_to_a_device_that_is_full_says_so_and_the_device_stays(tmp_path):
    import stat

    db = tmp_path / "p.db"
    fill(db, matches=3, turns=3)
    full = tmp_path / "full"                # this test's own /dev/full (ENOSPC on write)
    try:
        os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
        with open(full, "wb", buffering=0) as f, pytest.raises(OSError):
            f.write(b"x")
    except PermissionError:
        pytest.skip("cannot make or open a device node here")
    result = parlour("export", "--db", db, "-o", full)
    one_line(result.returncode, result.stderr, f"cannot write {full}", "No space left",
             "free some space")
    assert full.is_char_device()


@needs_unprivileged
@pytest.mark.parametrize("command", [["sync", "--port", "/dev/null"], ["matches"]])
@pytest.mark.parametrize("what", ["not a database", "a folder", "in a folder not made"])
def test_a_database_path_that_is_no_database_is_one_line(tmp_path, capsys, command, what):
    db = tmp_path / "p.db"
    if what == "not a database":
        db.write_text("my shopping list\n")
    elif what == "a folder":
        db.mkdir()
    else:
        tmp_path.chmod(0o555)
        db = tmp_path / "new" / "p.db"
    try:
        result = parlour(*command, "--db", db, drop=True)
    finally:
        tmp_path.chmod(0o755)
    words = {"not a database": ["not a parlour database"],
             "a folder": ["is a folder"], "in a folder not made": []}[what]
    if command[0] == "sync" or what != "in a folder not made":
        one_line(result.returncode, result.stderr, str(db) if what != "in a folder not made"
                 else str(db.parent), *words)
    else:
        one_line(result.returncode, result.stderr, "no database at", str(db))
    assert not (tmp_path / "new").exists()


@needs_unprivileged
def test_a_port_the_user_may_not_open_says_how_to_get_the_permission(tmp_path):
    cable = PtySerial()
    try:
        os.chmod(cable.path, 0)
        result = parlour("roster", "push", "Ann", "--port", cable.path, drop=True)
    finally:
        cable.close()
    one_line(result.returncode, result.stderr, "no permission to open", cable.path, "dialout")


@pytest.mark.parametrize("command", [["matches"], ["export", "--format", "jsonl"]])
def test_a_reader_that_stops_reading_ends_the_command_quietly(tmp_path, command):
    # `parlour matches | head -1`: the pipe closes under the command's output.
    db = tmp_path / "p.db"
    fill(db, matches=3, turns=3)
    read, write = os.pipe()
    os.close(read)
    try:
        result = parlour(*command, "--db", db, stdout=write)
    finally:
        os.close(write)
    assert result.returncode == 0 and result.stderr == ""


def mountable():
    """A tmpfs of our own (a private mount namespace, gone with the process)."""
    if not shutil.which("unshare"):
        return []
    for prefix in (["unshare", "--mount"], ["unshare", "--map-root-user", "--mount"]):
        probe = subprocess.run(prefix + ["sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
                               capture_output=True)
        if probe.returncode == 0:
            return prefix
    return []


TMPFS = mountable()
needs_tmpfs = pytest.mark.skipif(not TMPFS, reason="cannot mount a tmpfs here")


def on_a_full_disk(folder, room_kb, copy_in, command):
    """`command` run with `folder` a tmpfs of `room_kb` KB holding copies of
    `copy_in`; -> its result, the tmpfs's files then copied to `folder`/../after."""
    after = folder.parent / "after"
    after.mkdir()
    script = "\n".join([f'mount -t tmpfs -o size={room_kb}k tmpfs "{folder}" || exit 99',
                         *(f'cp "{p}" "{folder}"/' for p in copy_in),
                         '"$@"', "rc=$?", f'cp -a "{folder}"/. "{after}"/', "exit $rc"])
    result = subprocess.run(TMPFS + ["sh", "-c", script, "sh", sys.executable, "-m",
                                     "parlour", *map(str, command)],
                            capture_output=True, text=True, timeout=120)
    return result, after


@needs_tmpfs
def test_a_full_disk_under_the_database_stops_the_sync_and_loses_nothing(device, tmp_path):
    db = tmp_path / "p.db"
    open_store(db).close()
    disk = tmp_path / "disk"
    disk.mkdir()
    # Room for the file, SQLite's WAL index and a few pages: not for a batch.
    room = (db.stat().st_size + 32768 + 24576) // 1024
    result, after = on_a_full_disk(disk, room, [db], ["sync", "--port", device.path, "--db",
                                                      disk / "p.db"])
    one_line(result.returncode, result.stderr, f"cannot write the database {disk}/p.db",
             "disk is full", "free some space")
    assert stored(after / "p.db") == [] and device.pending() == list(range(1, MATCHES + 1))


@needs_tmpfs
def test_a_full_disk_under_an_export_says_so(tmp_path):
    db = tmp_path / "p.db"
    fill(db)
    disk = tmp_path / "disk"
    disk.mkdir()
    old = tmp_path / "all.json"
    old.write_text("the export of last week\n")
    result, after = on_a_full_disk(disk, 16, [old], ["export", "--format", "json", "--db", db,
                                                     "-o", disk / "all.json"])
    one_line(result.returncode, result.stderr, f"cannot write {disk}/all.json",
             "No space left on device", "free some space", "as it was")
    assert [p.name for p in after.iterdir()] == ["all.json"]
    assert (after / "all.json").read_text() == "the export of last week\n"


def test_the_simulator_killed_mid_sync_is_one_line_and_a_new_one_finishes_the_sync(tmp_path):
    # The failure as a user meets it: `parlour sim --serve` killed while `parlour sync`
    # is part way. The laptop is frozen between two batches so the kill lands mid-sync.
    state = tmp_path / "state"
    (state / "CIRCUITPY").mkdir(parents=True)
    app = App(Board(MONO_128X64, None, None, bytearray(4096),
                    Flash(str(state / "CIRCUITPY")), "00"))
    total = 80
    for _ in range(total):
        app.new_match("stump", STUMP_CONFIG)
        for event in stump_events(6):
            assert app.submit(event) is None
        app.finish_match()
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"))
    db = tmp_path / "p.db"

    def serve():
        sim = subprocess.Popen([sys.executable, "-m", "parlour", "sim", "--serve", "--state",
                                str(state)], stdout=subprocess.PIPE, env=env)
        return sim, sim.stdout.readline().decode().split(": ", 1)[1].strip()

    sim, port = serve()
    laptop = subprocess.Popen([sys.executable, "-m", "parlour", "sync", "--port", port, "--db",
                               str(db), "--timeout", "1"], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and laptop.poll() is None and not (
                db.exists() and count(db)):
            time.sleep(0.002)
        laptop.send_signal(signal.SIGSTOP)
        sim.kill()
        sim.wait(timeout=30)
        laptop.send_signal(signal.SIGCONT)
        out, err = laptop.communicate(timeout=60)
    finally:
        laptop.kill()
        sim.kill()
    one_line(laptop.returncode, err, "went away", port)
    at_kill = stored(db)
    assert 0 < len(at_kill) < total and out == ""
    sim, port = serve()
    try:
        again = subprocess.run([sys.executable, "-m", "parlour", "sync", "--port", port,
                                "--db", str(db)], capture_output=True, text=True, timeout=120)
    finally:
        sim.send_signal(signal.SIGTERM)
        sim.wait(timeout=30)
    assert again.returncode == 0, again.stderr
    assert stored(db) == list(range(1, total + 1))


def count(db):
    try:
        with sqlite3.connect(db) as conn:
            found = conn.execute("SELECT COUNT(*) FROM matches").fetchone()[0]
        conn.close()
        return found
    except sqlite3.OperationalError:
        return 0        # not made yet

"""`parlour install` end to end against a fake CIRCUITPY folder: a good drive gets the
image and keeps everything of the device's and the user's; a drive with no
boot_out.txt, the wrong CircuitPython, no room, or no write access gets one line
and is left byte for byte as it was; finished matches not in the database are
synced first; and a drive the firmware holds is handed over by the simulator's
data port restarting into maintenance mode, then back into parlour."""

import os
import resource
import select
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from journal_support import STUMP_CONFIG, stump_events
from parlour.cli import main
from parlour.install import MANIFEST, find_drives, read_drive
from parlour.store import open_store
from parlour_device.app import App
from parlour_device.boards.common import MONO_128X64, Board
from parlour_device.flash import Flash
from parlour_device.nvm import maintenance_requested
from ptydevice import UNPRIVILEGED, Device, one_line

ROOT = Path(__file__).resolve().parents[2]
BOOT_OUT = ("Adafruit CircuitPython {v} on 2025-10-17; Adafruit Macropad RP2040 with rp2040\r\n"
            "Board ID:adafruit_macropad_rp2040\r\nUUID:{uuid}\r\n")
HELLO = 'print("Hello World!")\n'     # a fresh CircuitPython drive's code.py


@pytest.fixture(autouse=True)
def no_other_devices(tmp_path, monkeypatch):
    # Only the simulators a test starts are found, never one running elsewhere.
    monkeypatch.setenv("PARLOUR_RUNTIME", str(tmp_path / "run"))


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    target = tmp_path_factory.mktemp("image") / "CIRCUITPY"
    status = main(["image", str(target), "--board", "macropad"])
    assert status == 0 and (target / "lib/parlour_device/app.mpy").is_file()
    return target


def fake_drive(path: Path, version="10.0.3", uuid="E6614C311B4A8C2C", matches=0) -> Path:
    """A CIRCUITPY drive as CircuitPython leaves it, with `matches` finished Stump
    matches the device filed in parlour/ (written by the firmware's own app)."""
    path.mkdir(parents=True, exist_ok=True)
    (path / "boot_out.txt").write_text(BOOT_OUT.format(v=version, uuid=uuid))
    (path / "code.py").write_text(HELLO)
    (path / "lib").mkdir(exist_ok=True)
    if matches:
        app = App(Board(MONO_128X64, None, None, bytearray(4096), Flash(str(path)),
                        uuid.lower()))
        for _ in range(matches):
            app.new_match("stump", STUMP_CONFIG)
            for event in stump_events(12):
                assert app.submit(event) is None
            app.finish_match()
        assert app.journal.pending()
    return path


def snapshot(path: Path) -> dict:
    return {p.relative_to(path).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(path.rglob("*"))}


def install(capsys, *args):
    status = main(["install", *map(str, args)])
    out, err = capsys.readouterr()
    return status, out, err


def parlour(*args, limit=None, drop=False, env=None):
    command = [sys.executable, "-m", "parlour", *map(str, args)]
    if drop and os.geteuid() == 0:
        command = UNPRIVILEGED + command

    def cap():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return subprocess.run(command, capture_output=True, text=True, timeout=120, env=env,
                          preexec_fn=cap if limit else None, stdin=subprocess.DEVNULL)


def test_a_good_drive_gets_the_image_and_keeps_the_devices_data(tmp_path, image, capsys,
                                                                 monkeypatch):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    (drive / "parlour").mkdir()
    (drive / "parlour/settings.json").write_text('{"sound": 0}')
    (drive / "parlour/roster.json").write_text('["Ann", "Bob"]')
    (drive / "notes.txt").write_text("mine")
    kept = {k: v for k, v in snapshot(drive).items() if k.startswith("parlour")}
    monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    assert status == 0, err
    assert "installed parlour for the macropad board" in out and "CircuitPython 10.0.3" in out
    assert "kept parlour/ as it was" in out and "settings" in out and "roster" in out
    for rel, data in snapshot(image).items():
        assert data is None or (drive / rel).read_bytes() == data, rel
    after = snapshot(drive)
    assert {k: v for k, v in after.items() if k.startswith("parlour/")} == \
        {k: v for k, v in kept.items() if k.startswith("parlour/")}
    # CircuitPython's own code.py was not parlour's: kept beside the new one.
    assert (drive / "code.py.before-parlour").read_text() == HELLO
    assert "kept code.py as code.py.before-parlour" in out
    assert (drive / "notes.txt").read_text() == "mine"
    assert not [p for p in after if p.endswith(".parlour-new")]
    listed = (drive / MANIFEST).read_text()
    assert "lib/parlour_device/app.mpy" in listed and "parlour/" not in listed.replace(
        "parlour/ is", "")
    # Again: nothing to write, nothing set aside a second time.
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    assert status == 0 and "0 file(s) written" in out, out + err
    assert snapshot(drive) == after


def test_an_older_parlours_files_go_and_the_users_stay(tmp_path, image, capsys, monkeypatch):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
    assert install(capsys, "--drive", drive, "--image", image)[0] == 0
    # An older parlour installed a module this one has not, and a .py where this
    # image has the .mpy; the user put a library of their own beside them.
    (drive / "lib/parlour_device/gone.mpy").write_bytes(b"C\x06old")
    (drive / "lib/parlour_device/app.py").write_text("old = 1\n")
    (drive / "lib/parlour_device/prefs.py").write_text("mine = 1\n")
    (drive / "lib/my_library.py").write_text("mine = 2\n")
    listed = (drive / MANIFEST).read_text()
    from parlour.install import _digest

    extra = [f"{_digest(drive / rel)} {rel}" for rel in
             ("lib/parlour_device/gone.mpy", "lib/parlour_device/app.py")]
    (drive / MANIFEST).write_text(listed + "\n".join(extra) + "\n")
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    assert status == 0, err
    assert not (drive / "lib/parlour_device/gone.mpy").exists()
    assert not (drive / "lib/parlour_device/app.py").exists()     # it would win over app.mpy
    assert "2 of an older parlour removed" in out
    # Not parlour's: it would shadow prefs.mpy, so it is kept under another name.
    assert not (drive / "lib/parlour_device/prefs.py").exists()
    assert (drive / "lib/parlour_device/prefs.py.before-parlour").read_text() == "mine = 1\n"
    assert (drive / "lib/my_library.py").read_text() == "mine = 2\n"


def test_the_drive_is_found_by_its_boot_out_txt_in_each_systems_layout(tmp_path):
    linux = fake_drive(tmp_path / "media" / "ann" / "CIRCUITPY")
    (tmp_path / "media" / "ann" / "USBSTICK").mkdir()
    mac = fake_drive(tmp_path / "Volumes" / "CIRCUITPY1")
    letter = fake_drive(tmp_path / "E")     # a Windows drive letter is itself the root
    found = find_drives([tmp_path / "media" / "ann", tmp_path / "Volumes", letter,
                         tmp_path / "nowhere"])
    assert found == [linux, mac, letter]
    drive = read_drive(linux)
    assert (drive.major, drive.version, drive.board_id, drive.uuid) == \
        (10, "10.0.3", "adafruit_macropad_rp2040", "e6614c311b4a8c2c")


def test_no_boot_out_txt_is_not_a_drive(tmp_path, image, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    (drive / "boot_out.txt").unlink()
    before = snapshot(drive)
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    one_line(status, err, "no boot_out.txt", "not a CIRCUITPY drive")
    assert snapshot(drive) == before


def test_the_wrong_circuitpython_says_which_to_install_and_where(tmp_path, image, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY", version="8.2.10")
    before = snapshot(drive)
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    one_line(status, err, "CircuitPython 8.2.10", "CircuitPython 9 or 10",
             "https://circuitpython.org/board/adafruit_macropad_rp2040/")
    assert snapshot(drive) == before


def test_an_unknown_board_asks_for_one(tmp_path, image, capsys):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    text = (drive / "boot_out.txt").read_text().replace("adafruit_macropad_rp2040",
                                                        "pimoroni_keybow2040")
    (drive / "boot_out.txt").write_text(text)
    before = snapshot(drive)
    status, out, err = install(capsys, "--drive", drive, "--image", image)
    one_line(status, err, "pimoroni_keybow2040", "--board", "adafruit_macropad_rp2040")
    assert snapshot(drive) == before


def test_a_full_drive_is_refused_before_the_first_byte(tmp_path, image):
    mount = tmp_path / "small"
    mount.mkdir()
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs",
                                            str(mount)], capture_output=True).returncode:
        pytest.skip("no tmpfs mount here: test_a_drive_that_fills_up covers a full drive")
    try:
        drive = fake_drive(mount / "CIRCUITPY")
        before = snapshot(drive)
        result = parlour("install", "--drive", drive, "--image", image,
                         env=dict(os.environ, PARLOUR_DB=str(tmp_path / "db")))
        one_line(result.returncode, result.stderr, "bytes free", "nothing was changed")
        assert snapshot(drive) == before
    finally:
        subprocess.run(["umount", str(mount)], check=True)


def test_a_drive_that_fills_up_midway_is_left_as_it_was(tmp_path, image):
    # The system says there is room, then refuses a file past 4 KB (as a drive that
    # fills up while files are written): what was written under temporary names goes.
    drive = fake_drive(tmp_path / "CIRCUITPY")
    before = snapshot(drive)
    result = parlour("install", "--drive", drive, "--image", image, limit=4096,
                     env=dict(os.environ, PARLOUR_DB=str(tmp_path / "db")))
    one_line(result.returncode, result.stderr, "is full", "nothing was changed")
    assert snapshot(drive) == before


def _read_only(path: Path, on: bool) -> None:
    for p in [path, *path.rglob("*")]:
        mode = p.stat().st_mode
        p.chmod(mode & ~0o222 if not on else mode | 0o200)


@pytest.mark.skipif(os.geteuid() == 0 and not shutil.which("setpriv"),
                    reason="root here, and no setpriv to drop its power")
def test_a_read_only_drive_with_no_data_port_says_how_to_open_it(tmp_path, image):
    drive = fake_drive(tmp_path / "CIRCUITPY")
    _read_only(drive, False)
    try:
        before = snapshot(drive)
        env = dict(os.environ, PARLOUR_DB=str(tmp_path / "db"),
                   PARLOUR_RUNTIME=str(tmp_path / "run"))
        result = parlour("install", "--drive", drive, "--image", image, drop=True, env=env)
        one_line(result.returncode, result.stderr, "read-only", "no data port answers",
                 "hold key 0")
        assert snapshot(drive) == before
    finally:
        _read_only(drive, True)


def test_unsynced_matches_stop_the_install_until_synced(tmp_path, image):
    drive = fake_drive(tmp_path / "CIRCUITPY", matches=2)
    before = snapshot(drive)
    result = parlour("install", "--drive", drive, "--image", image,
                     env=dict(os.environ, PARLOUR_DB=str(tmp_path / "db")))
    one_line(result.returncode, result.stderr, "2 finished match(es)", "not in the database",
             "--yes")
    assert snapshot(drive) == before


def test_yes_syncs_the_drives_matches_first_then_installs(tmp_path, image, capsys,
                                                         monkeypatch):
    import types

    resets = []
    monkeypatch.setitem(sys.modules, "microcontroller",
                        types.SimpleNamespace(reset=lambda: resets.append(True)))
    device = Device(tmp_path, matches=3)        # its flash folder is the drive
    try:
        drive = tmp_path / "flash"
        (drive / "boot_out.txt").write_text(BOOT_OUT.format(v="9.2.1", uuid="1A9709000000001"))
        monkeypatch.setenv("PARLOUR_DB", str(tmp_path / "parlour.db"))
        status, out, err = install(capsys, "--drive", drive, "--image", image, "--yes",
                                   "--port", device.path)
        assert status == 0, err
        assert "synced: 3 received, 3 new" in out and "installed parlour" in out
        assert device.pending() == []
        store = open_store(tmp_path / "parlour.db", create=False)
        assert store.conn.execute("SELECT count(*) FROM matches").fetchone()[0] == 3
        store.close()
        assert (drive / "lib/parlour_device/app.mpy").is_file()
        # The drive was the computer's (maintenance mode): back into parlour after.
        assert "the device restarts into parlour" in out and resets == [True]
    finally:
        device.close()


def _serve(state: Path, env: dict) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "parlour", "sim", "--serve", "--state",
                             str(state)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env=env)
    line = proc.stdout.readline().decode()
    assert line.startswith("data channel: "), (line, proc.stderr.read() if proc.poll() else "")
    return proc, line.split(": ", 1)[1].strip()


@pytest.mark.skipif(os.geteuid() == 0 and not shutil.which("setpriv"),
                    reason="root here, and no setpriv to drop its power")
def test_a_drive_the_firmware_holds_is_opened_over_the_data_port(tmp_path, image):
    """The simulator restarts into maintenance mode when asked; the test plays the
    computer's part of it (the drive mounted again, writable), then the install
    copies and the simulator restarts into parlour."""
    env = dict(os.environ, PARLOUR_RUNTIME=str(tmp_path / "run"),
               PARLOUR_DB=str(tmp_path / "db"))
    state = tmp_path / "state"
    proc, port = _serve(state, env)
    said: list[str] = []
    try:
        uid = (state / "uid.bin").read_bytes().hex().upper()
        drive = fake_drive(tmp_path / "CIRCUITPY", uuid=uid)
        _read_only(drive, False)

        def watch():
            # The board's drive comes back writable when it boots in maintenance mode.
            while proc.poll() is None:
                if not select.select([proc.stdout], [], [], 0.2)[0]:
                    continue
                line = proc.stdout.readline().decode().strip()
                said.append(line)
                if line == "parlour sim: restarted in maintenance mode":
                    _read_only(drive, True)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        result = parlour("install", "--drive", drive, "--image", image, "--wait", "20",
                         drop=True, env=env)
        assert result.returncode == 0, result.stderr
        assert "restarts into maintenance mode" in result.stdout
        assert "the device restarts into parlour" in result.stdout
        assert (drive / "lib/parlour_device/app.mpy").is_file()
        deadline = time.monotonic() + 10
        while "parlour sim: restarted" not in said and time.monotonic() < deadline:
            time.sleep(0.1)
        assert said.index("parlour sim: restarted in maintenance mode") < \
            said.index("parlour sim: restarted"), said
        assert any("maintenance mode" in line and line.startswith("parlour:") for line in said)
        assert not maintenance_requested((state / "nvm.bin").read_bytes())
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        _read_only(tmp_path / "CIRCUITPY", True) if (tmp_path / "CIRCUITPY").exists() else None


def test_the_devices_restart_reply_restarts_it_once_sent(tmp_path, monkeypatch):
    import types

    from parlour_device.link import RX
    from parlour_device.sync import Sync
    from parlour_wire.messages import message

    app = App(Board(MONO_128X64, None, None, bytearray(4096), Flash(str(tmp_path)), "ab12"))
    sync = Sync(app, RX)
    refused = sync.answer(message("restart", 1, {"maint": "yes"}))
    assert b'"code": "fields"' in refused[0] and not maintenance_requested(app.board.nvm)
    resets = []
    monkeypatch.setitem(sys.modules, "microcontroller",
                        types.SimpleNamespace(reset=lambda: resets.append(True)))
    reply = sync.answer(message("restart", 2, {"maint": True}))
    assert maintenance_requested(app.board.nvm)     # boot.py leaves the drive to the computer
    assert b'"t": "ok"' in reply[0] and b'"re": 2' in reply[0] and resets == []
    reply.pop(0)                                     # the link took the whole reply
    assert resets == [True]


def test_the_simulator_restarts_in_place_into_maintenance_mode_and_back(tmp_path):
    from parlour.sim import fakes
    from parlour.sim.device import SimDevice
    from parlour_device.nvm import set_maintenance

    device = SimDevice("macropad", tmp_path, pty=False)
    seen = []
    device.on_restart = lambda d: seen.append(d.maintenance)

    def reset():
        raise fakes.ResetRequested()

    set_maintenance(device.hw.nvm, True)      # as the `restart` request does
    device.app.step = reset
    device.step()
    # The same object (a window or terminal showing it goes on), booted by boot.py.
    assert seen == [True] and device.maintenance and device.hw.boot_ran
    assert not maintenance_requested(device.hw.nvm)     # boot.py took the flag
    device.app.step = reset
    device.step()
    assert seen == [True, False] and not device.maintenance
    device.key(0)       # the restarted firmware takes keys


def test_answering_no_at_the_sync_question_changes_nothing(tmp_path, image):
    drive = fake_drive(tmp_path / "CIRCUITPY", matches=1)
    before = snapshot(drive)
    master, slave = os.openpty()
    os.write(master, b"n\n")
    env = dict(os.environ, PARLOUR_DB=str(tmp_path / "db"),
               PARLOUR_RUNTIME=str(tmp_path / "run"))
    result = subprocess.run([sys.executable, "-m", "parlour", "install", "--drive", str(drive),
                             "--image", str(image)], stdin=slave, capture_output=True, text=True,
                            timeout=120, env=env)
    os.close(master)
    os.close(slave)
    assert "1 finished match(es) on the drive" in result.stdout and "[y/N]" in result.stdout
    one_line(result.returncode, result.stderr, "nothing was changed", "parlour sync")
    assert snapshot(drive) == before


def test_after_the_restart_the_board_is_found_where_the_system_mounts_it(tmp_path,
                                                                         monkeypatch):
    from parlour import install as installer

    before = read_drive(fake_drive(tmp_path / "media" / "CIRCUITPY"))
    shutil.rmtree(before.path)              # the old mount is gone
    fake_drive(tmp_path / "media" / "CIRCUITPY1", uuid="0000000000000001")   # another board
    again = fake_drive(tmp_path / "media" / "CIRCUITPY2")                     # this one
    monkeypatch.setattr(installer, "search_roots", lambda: [tmp_path / "media"])
    assert installer.wait_writable(before, 2, search=True) == again
    assert installer.wait_writable(before, 0.5, search=False) is None


def test_image_never_empties_a_folder_that_is_not_an_image(tmp_path, capsys):
    other = tmp_path / "photos"
    other.mkdir()
    (other / "cat.jpg").write_bytes(b"\xff\xd8")
    drive = fake_drive(tmp_path / "CIRCUITPY")
    for dest, words in ((other, ("holds other files",)), (drive, ("parlour install",))):
        before = snapshot(dest)
        status = main(["image", str(dest)])
        one_line(status, capsys.readouterr().err, *words)
        assert snapshot(dest) == before
    status = main(["image", str(tmp_path / "img"), "--board", "nosuch"])
    one_line(status, capsys.readouterr().err, "no board 'nosuch'", "macropad", "tft")

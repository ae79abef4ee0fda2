"""The simulator: key scripts, the headless face with golden screenshots, the
power cycle, the pty data channel, the terminal and window faces, `parlour sim`."""

import json
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import serial

from journal_support import STUMP_CONFIG, stump_events
from parlour.cli import main
from parlour.sim import terminal
from parlour.sim.device import SimDevice, default_state_dir
from parlour.sim.headless import ExpectationFailed, play, run_script, screen_text
from parlour.sim.script import ScriptError, Step, parse, script_board

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "screens"
MENU_SCRIPT = ROOT / "docs" / "screens" / "menu.txt"
MENU_TFT_SCRIPT = ROOT / "docs" / "screens" / "menu_tft.txt"
MENU_KEPT_SCRIPT = ROOT / "docs" / "screens" / "menu_kept.txt"


@pytest.fixture
def device(tmp_path):
    dev = SimDevice("macropad", tmp_path, seed=1)
    yield dev
    dev.close()


# -- the script format -------------------------------------------------------------------
def test_script_steps_parse_with_names_comments_and_several_keys():
    text = "board tft\n# hello\nkey 1 ok undo menu  # four keys\nturn -2\npress\nwait 5\n" \
           "shot a-b_1\nexpect New match\nreset\n"
    assert script_board(text) == "tft"
    assert [str(s) for s in parse(text)] == ["key 1", "key 11", "key 9", "key 10", "turn -2",
                                             "press", "wait 5", "shot a-b_1",
                                             "expect New match", "reset"]
    assert parse("key 3")[0] == Step("key", 3, 1)


@pytest.mark.parametrize("text, why", [
    ("jump 3", "unknown step"), ("key 12", "no key '12'"), ("key", "needs a key"),
    ("turn x", "whole number"), ("wait -1", "milliseconds"), ("shot a/b", "shot names"),
    ("press 2", "takes nothing"), ("key 1\nboard tft", "before any step"),
    ("board pc", "before any step"),
])
def test_script_errors_name_the_line_and_the_problem(text, why):
    with pytest.raises(ScriptError, match=why):
        parse(text)


def test_a_scripted_devices_clock_moves_only_with_its_wait_steps(tmp_path):
    from parlour.sim.script import parse as parse_steps

    device, _ = play("wait 1500\n", state_dir=tmp_path)
    assert device.app.ticks() == 1500
    device = SimDevice("macropad", tmp_path / "b", pty=False, seed=1, virtual_time=True)
    try:
        before = device.app.ticks()
        time.sleep(0.05)
        assert device.app.ticks() == before
        run_script(device, parse_steps("wait 120\nwait 30\n"))
        assert device.app.ticks() == before + 150
    finally:
        device.close()


# -- the headless face and golden screenshots ------------------------------------------------
def golden_check(name, png):
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PARLOUR_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    assert path.is_file(), f"no golden {path.name}: run with PARLOUR_REGEN_GOLDEN=1"
    assert png == path.read_bytes(), f"{name} differs from its golden PNG"


@pytest.mark.parametrize("script", [MENU_SCRIPT, MENU_TFT_SCRIPT, MENU_KEPT_SCRIPT],
                         ids=["macropad", "tft", "kept"])
def test_menu_scripts_reach_their_screens_and_match_the_goldens(script, tmp_path):
    device, shots = play(script.read_text(), state_dir=tmp_path, named_only=True)
    names = [name for name, _ in shots]
    assert names == [line.split()[1] for line in script.read_text().splitlines()
                     if line.startswith("shot ")]
    for name, png in shots:
        assert png.startswith(b"\x89PNG")
        golden_check(name, png)


def test_every_step_gets_a_png_and_the_expectation_reads_the_screen(device, tmp_path):
    steps = parse("key ok\nexpect Dumbo\nturn 1\nkey undo\nexpect Roster")
    device = run_script(device, steps, tmp_path / "shots")
    assert sorted(p.name for p in (tmp_path / "shots").iterdir()) == [
        "001.png", "002.png", "003.png", "004.png", "005.png"]
    assert device.app.screen.title == "parlour"
    with pytest.raises(ExpectationFailed, match="expected 'Galumphus'.*parlour"):
        run_script(device, parse("expect Galumphus"))


def test_the_tft_board_gets_a_colour_display_through_its_own_driver(tmp_path):
    dev = SimDevice("tft", tmp_path)
    try:
        assert (dev.display.width, dev.display.height, dev.display.colour) == (320, 240, True)
        red, green, blue = dev.display.pixel(2, 2)          # the title bar is BLUE
        assert blue == 255 and red < 60 and 100 < green < 130
        assert dev.app.board.name == "tft" and "New match" in screen_text(dev)
    finally:
        dev.close()


def test_restarting_on_the_same_state_folder_is_a_power_cycle(tmp_path):
    dev = SimDevice("macropad", tmp_path, pty=False)
    dev.app.new_match("stump", STUMP_CONFIG)
    events = stump_events(3)
    for event in events:
        assert dev.app.submit(event) is None
    dev = run_script(dev, parse("reset"))
    assert list(dev.app.match.events) == events                  # straight back into the match
    assert (tmp_path / "CIRCUITPY" / "parlour" / "s0" / "live").is_file()
    assert (tmp_path / "nvm.bin").stat().st_size == 4096
    dev.close()


def test_state_folder_defaults_to_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    if sys.platform != "darwin":
        assert default_state_dir() == tmp_path / "parlour" / "sim"


# -- the data channel ----------------------------------------------------------------------
def test_data_channel_is_a_real_pty_the_laptop_opens_with_pyserial(device):
    assert device.serial_path.startswith("/dev/")
    with serial.Serial(device.serial_path, 115200, timeout=0) as port:
        port.write(b"status\n")
        reply = b""
        deadline = time.monotonic() + 5
        while not reply.endswith(b"\n") and time.monotonic() < deadline:
            device.step()
            reply += port.read(200)
            select.select([], [], [], 0.01)
    status = json.loads(reply)
    assert status["board"] == "macropad" and status["pending"] == 0
    assert status["device"] == device.app.board.uid and len(status["device"]) == 16


def test_nothing_on_the_data_channel_never_blocks_the_loop(device):
    started = time.monotonic()
    for _ in range(200):
        device.step()
    assert time.monotonic() - started < 2


def test_a_laptop_that_stops_reading_never_blocks_the_loop_and_loses_no_reply(device):
    # Far more replies than the pseudo-terminal holds (64 KB on Linux), asked for at
    # once and not read: the device keeps running its loop, and answers the rest as
    # the laptop reads, every reply whole and in order.
    asked = 1000

    def stuck(*_):
        raise AssertionError("the device's loop blocked on its data channel")

    before = signal.signal(signal.SIGALRM, stuck)
    signal.alarm(60)
    try:
        with serial.Serial(device.serial_path, 115200, timeout=0) as port:
            port.write(b"status\n" * asked)
            started = time.monotonic()
            for _ in range(300):
                device.step()
            assert time.monotonic() - started < 5
            replies = b""
            deadline = time.monotonic() + 20
            while replies.count(b"\n") < asked and time.monotonic() < deadline:
                device.step()
                replies += port.read(65536)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
    lines = replies.splitlines()
    assert len(lines) == asked
    assert all(json.loads(line)["device"] == device.app.board.uid for line in lines)


# -- the terminal face -----------------------------------------------------------------------
def test_terminal_draws_the_oled_with_half_blocks(device):
    lines = terminal.halfblocks(device.display)
    assert len(lines) == 32 and all(len(line) == 128 for line in lines)
    # Rows 12..23 are the highlighted first entry: full blocks except the dark text.
    highlight = "".join(lines[6:12])
    assert highlight.count("\u2588") > 0.7 * len(highlight)
    assert set("".join(lines)) <= {" ", "\u2580", "\u2584", "\u2588"}


def test_terminal_draws_the_tft_in_colour_at_half_size(tmp_path):
    dev = SimDevice("tft", tmp_path, pty=False)
    lines = terminal.halfblocks(dev.display, 2)
    assert len(lines) == 60 and "\x1b[38;2;" in lines[0] and lines[0].endswith("\x1b[0m")


def test_terminal_keys_map_to_the_pad(device):
    device = terminal.handle(device, "c")                  # OK on "New match"
    assert device.app.screen.title == "New match"
    device = terminal.handle(device, "\x1b[B")             # arrow down turns the encoder
    assert device.app.screen.index == 1
    device = terminal.handle(device, "z")                  # Undo = back in menus
    assert device.app.screen.title == "parlour"
    assert terminal.handle(device, "Q") is None


def test_every_pad_key_shows_its_number_and_the_keyboard_key_that_presses_it():
    from parlour.sim.window import key_text

    rows = terminal.pad(("Dbl", "", "", "", "", "", "", "", "", "Undo", "Menu", "OK"))
    assert rows[0].split() == ["0", "[1]", "Dbl", "1", "[2]", "2", "[3]"]
    assert rows[3].split() == ["9", "[z]", "Undo", "10", "[x]", "Menu", "11", "[c]", "OK"]
    for key in range(12):
        letter = re.search(r"\[(.)\]", key_text(key, "")).group(1)
        assert terminal.KEYMAP[letter] == key                # the bracketed key presses it
        assert f"{key:2d} [{letter}]" in "  ".join(rows)
        assert key_text(key, "Move").startswith(f"{key} [{letter}]")


# The terminal face at a given size: the screen as text below the size of its pixels.
def test_terminal_face_at_80x24_is_text_and_fits(device):
    face = terminal.TerminalFace(device)
    lines = face.lines(80, 24)
    assert len(lines) <= 24 and max(map(terminal.visible, lines)) <= 80
    plain = [terminal.strip(line) for line in lines]
    assert plain[:4] == ["\u250c" + "\u2500" * 22 + "\u2510", "\u2502parlour" + " " * 15 + "\u2502",
                         "\u2502New match" + " " * 13 + "\u2502", "\u2502Roster" + " " * 16 + "\u2502"]
    assert "\x1b[0;7m" in lines[2]                      # the highlighted row, reversed
    assert " 9 [z] Back   10 [x] Menu   11 [c] OK" in plain
    # Big enough for the pixels: the half-block picture, 128 columns wide.
    big = face.lines(140, 50)
    assert terminal.visible(big[0]) == 128 and set(big[0]) <= {" ", "\u2580", "\u2584", "\u2588"}


def test_terminal_face_shows_the_colour_board_as_text_at_80x24(tmp_path):
    dev = SimDevice("tft", tmp_path, pty=False)
    try:
        lines = terminal.TerminalFace(dev).lines(80, 24)
        plain = [terminal.strip(line) for line in lines]
        assert len(lines) <= 24 and max(map(terminal.visible, lines)) <= 80
        assert plain[1].startswith("\u2502parlour") and plain[2].startswith("\u2502New match")
        assert "\x1b[48;2;48;112;255m" in lines[1]            # the blue title bar
        assert any("9 Back" in line and "11 OK" in line for line in plain)   # its key row
    finally:
        dev.close()


def test_terminal_face_keeps_its_box_as_a_list_scrolls_past_its_end(device):
    face = terminal.TerminalFace(device)
    first = [terminal.strip(line) for line in face.lines(80, 24)]
    box = first.index("\u2514" + "\u2500" * 22 + "\u2518")
    for key in ".." + "c" + "...." + "c" + "." * 12:      # Settings > About, scrolled on
        assert face.press(key)
        device.step()
        lines = [terminal.strip(line) for line in face.lines(80, 24)]
        assert lines[box] == first[box] and len(lines) == len(first), key
        assert sum("data channel" in line for line in lines) == 1
    assert lines[1].startswith("\u2502About")


def test_r_power_cycle_is_shown_in_the_terminal(device):
    face = terminal.TerminalFace(device)
    assert face.press("c") and face.message == ""
    assert face.press("R")
    assert face.device is not device and face.cycles == 1
    assert "power cycle 1: the device booted again from its flash" in face.lines(80, 24)
    dark = face.lines(80, 24, dark=True)
    assert terminal.strip(dark[1]) == "\u2502" + " " * 22 + "\u2502"   # the screen off
    assert face.press("c") and face.message == ""                  # until the next key
    face.device.close()


def _spawn_sim(tmp_path, columns, rows, *extra):
    import fcntl
    import pty
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:
        os.environ["DISPLAY"] = ""
        os.environ.pop("WAYLAND_DISPLAY", None)
        os.execv(sys.executable, [sys.executable, "-m", "parlour", "sim", "--face", "terminal",
                                  "--state", str(tmp_path), *extra])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    return pid, fd


def _read_until(fd, out, done, seconds=30):
    deadline = time.monotonic() + seconds
    while not done(out) and time.monotonic() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                out += os.read(fd, 65536)
            except OSError:
                break
    return out


def _last_frame(out: bytes) -> list[str]:
    """The lines of the last whole frame the face drew (each starts at the top left)."""
    text = out.decode(errors="ignore")
    frames = [f for f in text.split("\x1b[H") if "data channel" in f]
    return [terminal.strip(line.replace("\x1b[K", "").replace("\x1b[J", "").rstrip("\r")) for line in
            frames[-1].replace("\x1b[2J", "").split("\n")]


def _quit(pid, fd):
    os.write(fd, b"Q")
    deadline = time.monotonic() + 30
    status = None
    while time.monotonic() < deadline:
        try:
            if select.select([fd], [], [], 0.2)[0]:
                os.read(fd, 65536)
        except OSError:
            pass
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status)
    os.kill(pid, 9)
    return None


@pytest.mark.heavy
def test_parlour_sim_in_an_80x24_terminal_reads_as_text_and_follows_a_resize(tmp_path):
    import fcntl
    import struct
    import termios

    pid, fd = _spawn_sim(tmp_path, 80, 24)
    out = _read_until(fd, b"", lambda o: b"11 [c] OK" in o)
    frame = _last_frame(out)
    assert len(frame) <= 24 and all(len(line) <= 80 for line in frame)
    assert frame[1].startswith("\u2502parlour") and frame[2].startswith("\u2502New match")
    # Grown to 140 x 50: the pixels, drawn with half blocks; back to 80 x 24: text again.
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 140, 0, 0))
    block = "\u2588".encode()
    out = _read_until(fd, out, lambda o: block in o and b"data channel" in o[o.rfind(block):])
    big = _last_frame(out)
    assert len(big[0]) == 128 and "\u2588" in "".join(big)
    mark = len(out)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    out = _read_until(fd, out, lambda o: b"data channel" in o[o.find("\u2502parlour".encode(), mark):]
                      and "\u2502parlour".encode() in o[mark:])
    assert _last_frame(out)[1].startswith("\u2502parlour")
    # R: a power cycle, said on the screen
    os.write(fd, b"R")
    out = _read_until(fd, out, lambda o: b"data channel" in o[o.find(b"power cycle 1: the"):]
                      and b"power cycle 1: the" in o)
    assert any(line.startswith("power cycle 1") for line in _last_frame(out))
    assert _quit(pid, fd) == 0


def framed(lines):
    # Any of the terminal face's box or its status line ("data channel: ...") still on the
    # terminal. The opening line, printed before the face takes the screen, stays: it is the
    # command's own output, and says where the state folder was.
    return any("\u2502" in line or "data channel:" in line for line in lines)


@pytest.mark.skipif(not shutil.which("tmux"), reason="tmux is not installed")
@pytest.mark.heavy
def test_parlour_sim_in_tmux_at_80x24(tmp_path):
    # A server of its own, so no tmux the user runs is touched.
    tmux = ["tmux", "-L", f"parlour-test-{os.getpid()}"]
    session = "sim"
    command = (f"DISPLAY= {shlex.quote(sys.executable)} -m parlour sim --face terminal "
               f"--state {shlex.quote(str(tmp_path))}; sleep 30")
    subprocess.run([*tmux, "-f", "/dev/null", "new-session", "-d", "-s", session, "-x", "80",
                    "-y", "24", command], check=True, timeout=30)
    try:
        def capture() -> list[str]:
            return subprocess.run([*tmux, "capture-pane", "-t", session, "-p"],
                                  capture_output=True, text=True, timeout=30).stdout.splitlines()

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not any("11 [c] OK" in x for x in capture()):
            time.sleep(0.2)
        subprocess.run([*tmux, "send-keys", "-t", session, "c"], check=True, timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "\u2502New match" not in capture()[1]:
            time.sleep(0.2)
        screen = capture()
        assert screen[:3] == ["\u250c" + "\u2500" * 22 + "\u2510",
                              "\u2502New match             \u2502",
                              "\u2502Dumbo                 \u2502"]
        assert " 9 [z] Back   10 [x] Menu   11 [c] OK" in screen
        assert len(screen) <= 24 and all(len(line) <= 80 for line in screen)
        # Sync status has fewer lines than the menus: nothing of them stays behind
        subprocess.run([*tmux, "send-keys", "-t", session, "x", ".", ".", ".", "c"], check=True,
                       timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and "\u2502Sync status" not in capture()[1]:
            time.sleep(0.2)
        time.sleep(0.5)
        screen = capture()
        assert screen[1].startswith("\u2502Sync status")
        assert sum("data channel" in line for line in screen) == 1, screen
        # Q gives the terminal back as it was: no frame left on it
        subprocess.run([*tmux, "send-keys", "-t", session, "Q"], check=True, timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and framed(capture()):
            time.sleep(0.2)
        screen = capture()
        assert screen[0].startswith("parlour sim: macropad, data channel /dev/"), screen
        assert not framed(screen)
    finally:
        subprocess.run([*tmux, "kill-server"], timeout=30)


# -- the window face (SDL's dummy driver: no display needed) ------------------------------------
def test_window_keys_are_clickable(device, monkeypatch):
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from parlour.sim.window import Window, available

    assert available()
    window = Window(device)
    window.draw()
    rect = window.buttons[("key", 11)]
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)
    assert window.handle(click)
    assert device.app.screen.title == "New match"
    assert window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, unicode="z"))
    assert device.app.screen.title == "parlour"
    assert not window.handle(pygame.event.Event(pygame.QUIT))
    pygame.quit()


def test_window_draws_the_colour_boards_status_light_beside_its_keys(tmp_path, monkeypatch):
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from parlour.sim.window import KEY_FACE, Window

    dev = SimDevice("tft", tmp_path, pty=False)
    window = Window(dev)
    try:
        assert dev.hw.pixels[0]                          # OK does something: the light is on
        window.draw()
        key0 = window.buttons[("key", 0)]
        assert window.surface.get_at((key0.x + 4, key0.bottom - 6))[:3] == KEY_FACE
        light = window.surface.get_at((430, window.screen_h + 40 + 28))[:3]
        assert light[1] == 255 and light[0] < 60            # drawn green, beside the keys
    finally:
        pygame.quit()
        dev.close()


def test_window_r_is_a_power_cycle_and_says_so(device, monkeypatch):
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    from parlour.sim.window import Window

    window = Window(device)
    try:
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, unicode="c"))
        assert window.device.app.screen.title == "New match"
        assert window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, unicode="R"))
        assert window.device is not device and window.device.app.screen.title == "parlour"
        assert window.message == "power cycle 1: the device booted again from its flash"
        window.draw()
        window.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, unicode="c"))
        assert window.message == ""
    finally:
        pygame.quit()
        window.device.close()


# -- the command -------------------------------------------------------------------------------
def test_parlour_sim_script_writes_screenshots(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("key ok\nshot games\n")
    assert main(["sim", "--script", str(script), "--screenshots", str(tmp_path / "out"),
                 "--named-only", "--scale", "2", "--state", str(tmp_path / "st")]) == 0
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["games.png"]
    out = capsys.readouterr().out
    assert "data channel: /dev/" in out and "screen: New match" in out


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_the_readmes_headless_run_never_touches_the_saved_match(tmp_path, monkeypatch, capsys):
    # A match is live in the saved state (as `make sim` leaves it); the README's
    # headless command then plays a whole scripted match of its own.
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    saved = default_state_dir()
    live = SimDevice("macropad", saved, pty=False)
    live.app.new_match("stump", STUMP_CONFIG)
    for event in stump_events(4):
        assert live.app.submit(event) is None
    live.close()
    journal = saved / "CIRCUITPY" / "parlour" / "s0" / "live"
    before, files = journal.read_bytes(), snapshot(saved)
    assert before
    status = main(["sim", "--script", str(ROOT / "sim-scripts" / "stump_match.txt"),
                   "--screenshots", str(tmp_path / "shots"), "--named-only"])
    assert status == 0, capsys.readouterr().err
    assert journal.read_bytes() == before
    assert snapshot(saved) == files
    assert (tmp_path / "shots" / "stump_game_over.png").is_file()


def test_a_script_plays_in_the_state_folder_it_is_given(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("key ok\nkey ok\nreset\nexpect New match\n")
    assert main(["sim", "--script", str(script), "--state", str(tmp_path / "st")]) == 0
    assert (tmp_path / "st" / "CIRCUITPY").is_dir()
    # the power cycle is said, with the line of the script that asked for it
    assert "line 3: power cycle: the device booted again from its flash" in \
        capsys.readouterr().out


def test_parlour_sim_refuses_a_bad_script_with_its_line(tmp_path, capsys):
    script = tmp_path / "s.txt"
    script.write_text("key 1\nfly\n")
    assert main(["sim", "--script", str(script), "--state", str(tmp_path)]) == 2
    assert "line 2: unknown step 'fly'" in capsys.readouterr().err
    assert main(["sim", "--screenshots", str(tmp_path)]) == 2


def test_parlour_sim_without_a_terminal_says_what_to_do(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "parlour", "sim", "--face", "terminal",
                           "--state", str(tmp_path)], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "use --script FILE" in proc.stderr

"""The screen never shows a stack trace: an unexpected error in a screen's keys, in
drawing, in boot's replay or in main.py shows a short message on the top line, adds
one line to parlour/log/errors.log (kept to its last 4 KB, in a file that never
changes size), and the match is still there
after a reset; nothing escapes code.py."""

import runpy
import sys

import pytest

import mprig
from appdriver import Stop, StoppedClock
from doubles.memflash import MemFlash
from doubles.scripted_board import KEY, SimBoard
from journal_support import STUMP_CONFIG, kept_bytes, stump_events
from parlour_device import app as app_module
from parlour_device import errlog, main
from parlour_device.app import FAULTS_LOGGED, App
from parlour_device.journal import encode
from parlour_device.ui.frame import K_MENU, TEXT

EVENTS = stump_events(2)



def boot(files):
    app = App(SimBoard(flash=MemFlash(files)))
    app.step()
    return app


def live(files):
    app = boot(files)
    assert app.new_match("stump", STUMP_CONFIG) is None
    for event in EVENTS:
        assert app.submit(event) is None
    return app


def run_steps(app, count):
    # App.run's loop for `count` passes (its own step, faults caught as on the board)
    passes = []

    def step():
        passes.append(1)
        if len(passes) > count:
            raise Stop()
        App.step(app)

    app.step = step
    with pytest.raises(Stop):
        app.run()
    del app.step


def texts(app):
    app.redraw()
    return [item[3] for item in app.shown if item[0] == TEXT]


def log_lines(files):
    return bytes(files.get(errlog.LOG, b"")).split(b"\x00")[0].decode().splitlines()


def test_a_screen_raising_on_a_key_shows_a_message_logs_a_line_and_the_match_survives():
    files = {}
    app = live(files)

    class Broken(type(app.screen)):
        def on_key(self, key):
            raise ZeroDivisionError("no room")

    app.screen = Broken(app)
    app.board.feed(KEY, 4)
    run_steps(app, 2)
    assert texts(app)[0] == "Error: ZeroDivisionEr"
    assert app.screen.title == "parlour"
    [line] = log_lines(files)
    uptime, rest = line.split(" ", 1)
    assert uptime.isdigit()
    assert rest.startswith("ZeroDivisionError: no room @ test_faults.py:")
    assert list(boot(files).match.events) == EVENTS            # after a reset: still there


def test_a_screen_raising_in_draw_goes_to_the_menu_which_draws():
    files = {}
    app = live(files)

    class Broken(type(app.screen)):
        def draw(self, frame):
            raise KeyError("ring")

    app.screen = Broken(app)
    app.dirty = True
    run_steps(app, 3)
    shown = texts(app)
    assert shown[0] == "Error: KeyError" and "Stump #1" in shown
    assert "KeyError: 'ring' @ test_faults.py:" in log_lines(files)[0]
    assert list(boot(files).match.events) == EVENTS


def test_a_fault_at_boot_shows_on_the_menu_and_the_match_is_there_after_the_next_reset(
        monkeypatch):
    files = {}
    live(files)
    from parlour_device.games import stump

    def broken(app):
        raise RuntimeError("resume")

    monkeypatch.setattr(stump, "resume", broken)
    app = boot(files)
    assert app.screen.title == "parlour" and texts(app)[0] == "Error: RuntimeError"
    assert list(app.match.events) == EVENTS
    assert "RuntimeError: resume @ test_faults.py:" in log_lines(files)[0]
    monkeypatch.undo()
    assert boot(files).screen.title.startswith("Stump")


LIVE_COPIES = ("parlour/s0/live", "parlour/s1/live")


def test_a_match_boot_cannot_replay_is_kept_aside_not_overwritten_by_a_new_one(monkeypatch):
    files = {}
    app = live(files)
    journal = b"".join(encode(record) for record in app.journal.live_records())
    copies = [bytes(files[name]) for name in LIVE_COPIES]

    class Unreadable:
        def __init__(self, *args, **kwargs):
            raise ValueError("replay")

    monkeypatch.setattr(app_module, "MatchLog", Unreadable)
    app = boot(files)
    assert app.match is None and texts(app)[0] == "Error: ValueError"
    assert [bytes(files[name]) for name in LIVE_COPIES] == copies    # untouched: a reset tries again
    monkeypatch.undo()
    assert app.new_match("stump", STUMP_CONFIG) is None
    assert kept_bytes(app.journal, 1) == journal
    assert app.journal.live_seq == 2 and app.journal.kept == [(1, "stump")]


def test_the_log_keeps_its_last_4_kb_in_whole_lines():
    files = {}
    flash = MemFlash(files)
    for n in range(300):
        errlog.note(flash, ValueError("error number %d" % n))
    assert flash.length(errlog.LOG) == errlog.MOST        # its size, always
    data = errlog.text(flash)
    assert len(data) <= errlog.MOST and data.endswith(b"\n")
    lines = data.decode().splitlines()
    assert lines[-1].split(" ", 1)[1].startswith("ValueError: error number 299 @ ")
    numbers = [int(line.split("error number ")[1].split(" ")[0]) for line in lines]
    assert numbers == list(range(300 - len(numbers), 300)) and len(numbers) > 40


def test_a_fault_repeated_every_pass_logs_a_bounded_number_of_lines():
    files = {}
    app = live(files)

    class Broken(type(app.screen)):
        def draw(self, frame):
            raise KeyError("ring")

    app.menu = lambda: Broken(app)        # even the menu fails: every pass faults
    app.screen = Broken(app)
    app.dirty = True
    run_steps(app, 3 * FAULTS_LOGGED)
    assert len(log_lines(files)) == FAULTS_LOGGED


def test_main_never_lets_an_error_escape(monkeypatch, capsys, tmp_path):
    starts = []

    def start(name=None):
        starts.append(1)
        raise OSError("no display")

    monkeypatch.setattr(main, "start", start)
    monkeypatch.setattr(main, "time", StoppedClock)
    (tmp_path / "parlour").mkdir()
    monkeypatch.setattr(main, "DRIVE", str(tmp_path))
    with pytest.raises(Stop):
        main.run()
    assert len(starts) == main.TRIES
    lines = (tmp_path / errlog.LOG).read_text().split("\x00")[0].splitlines()
    assert len(lines) == main.TRIES and "OSError: no display @ test_faults.py:" in lines[0]
    assert capsys.readouterr().out.splitlines()[0] == "parlour: OSError (parlour/log/errors.log)"


def test_code_py_catches_what_main_cannot_and_waits(monkeypatch, capsys):
    def run():
        raise MemoryError()

    monkeypatch.setattr(main, "run", run)
    monkeypatch.setitem(sys.modules, "time", StoppedClock)     # what code.py imports
    with pytest.raises(Stop):
        runpy.run_path(str(mprig.ROOT / "firmware" / "code.py"))
    assert capsys.readouterr().out == "parlour: MemoryError\n"


def test_the_menu_key_after_a_fault_still_resumes_the_match():
    files = {}
    app = live(files)

    class Broken(type(app.screen)):
        def on_key(self, key):
            raise ZeroDivisionError()

    app.screen = Broken(app)
    app.board.feed(KEY, 4)
    run_steps(app, 1)
    app.board.feed(KEY, K_MENU)
    app.step()
    assert app.screen.entries()[0] == "Stump #1"

"""What a real board does that a plain double would hide (CircuitPython 10's own
behaviour, modelled by the simulator's fakes): a key held when `keypad.Keys` is made
raises no press until `reset()`; a pin stays claimed until `deinit()`, so a start
that failed must release the board's pins before trying again; and a drive the code
may not write (maintenance mode) leaves a live match that needs repair readable,
repaired at the next boot that may write."""

import pytest

from appdriver import Stop, StoppedClock, texts
from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG, CutFlash, PowerCut, stump_events
from parlour.sim import fakes
from parlour.sim.device import SimHardware
from parlour_device import errlog, main
from parlour_device.app import App
from parlour_device.boards.common import Board

EVENTS = stump_events(2)
NEXT = stump_events(3)[len(EVENTS)]     # the entry the table makes next
AFTER = stump_events(4)[len(EVENTS) + 1]


@pytest.fixture(params=["macropad", "tft"])
def hardware(request, tmp_path, monkeypatch):
    hw = SimHardware(request.param, tmp_path, pty=False)
    fakes.install(hw)
    if request.param == "macropad":
        fakes.set_display(hw.make_display(128, 64, False))
    monkeypatch.setenv("PARLOUR_BOARD", request.param)
    monkeypatch.setenv("PARLOUR_ROOT", str(tmp_path / "CIRCUITPY"))
    monkeypatch.setattr(main, "DRIVE", str(tmp_path / "CIRCUITPY"))
    (tmp_path / "CIRCUITPY" / "parlour").mkdir(parents=True)
    yield hw
    while Board.claimed:        # what a test's board still holds, as main.run frees it
        Board.claimed.pop().deinit()


# -- keypad: a key down when the scanner is made ---------------------------------------
def test_a_key_held_when_keys_is_made_raises_no_press_until_reset(hardware):
    import board
    import keypad

    hardware.held = {"KEY1"} if hardware.board == "macropad" else {"A0"}
    pin = board.KEY1 if hardware.board == "macropad" else board.A0
    keys = keypad.Keys((pin,), value_when_pressed=False, pull=True)
    assert keys.events.get() is None
    keys.reset()
    event = keys.events.get()
    assert event.pressed and event.key_number == 0
    assert keys.events.get() is None               # one press, however often it is scanned
    keys.deinit()


def test_a_key_still_held_when_the_app_starts_is_no_press_on_its_screen(hardware):
    hardware.held = {"KEY1"} if hardware.board == "macropad" else {"A0", "D24"}
    app = main.start()
    app.step()
    assert app.screen.title == "parlour" and len(hardware.keys().events) == 0


# -- pins: claimed until deinit() ---------------------------------------------------------
def test_a_pin_in_use_is_refused_as_circuitpython_does(hardware):
    import board
    import rotaryio

    pins = (board.ENCODER_A, board.ENCODER_B) if hardware.board == "macropad" else (
        board.RX, board.TX)
    encoder = rotaryio.IncrementalEncoder(*pins)
    with pytest.raises(ValueError, match=r"^(ENCODER_A|RX) in use$"):
        rotaryio.IncrementalEncoder(*pins)
    encoder.deinit()
    rotaryio.IncrementalEncoder(*pins).deinit()


class BrokenApp(App):
    """An app whose start fails after the board has claimed its pins."""

    def __init__(self, board):
        board.play(((440, 10),))           # the speaker's PWM is claimed too
        board.leds(None)
        raise OSError("no room")


def test_a_failed_start_releases_the_pins_so_every_try_meets_the_first_error(
        hardware, monkeypatch, capsys):
    monkeypatch.setattr(main, "App", BrokenApp)
    monkeypatch.setattr(main, "time", StoppedClock)
    with pytest.raises(Stop):
        main.run()
    assert capsys.readouterr().out.splitlines() == ["parlour: OSError (parlour/log/errors.log)"] * 3
    lines = (hardware.state_dir / "CIRCUITPY" / errlog.LOG).read_text().split("\x00")[0].splitlines()
    assert len(lines) == main.TRIES
    for line in lines:
        assert "OSError: no room @ test_board_quirks.py:" in line
    assert hardware.claimed == set() and hardware.scanners == []


def test_a_start_that_failed_once_starts_whole_the_next_time(hardware, monkeypatch):
    started = []

    class FlakyApp(App):
        def __init__(self, board):
            started.append(board)
            if len(started) == 1:
                board.leds(None)
                raise OSError("flash busy")
            super().__init__(board)

        def run(self):
            raise Stop()

    monkeypatch.setattr(main, "App", FlakyApp)
    monkeypatch.setattr(main, "time", StoppedClock)
    with pytest.raises(Stop):
        main.run()
    assert len(started) == 2
    lines = (hardware.state_dir / "CIRCUITPY" / errlog.LOG).read_text().split("\x00")[0].splitlines()
    assert len(lines) == 1 and "OSError: flash busy" in lines[0]
    assert len(hardware.scanners) == 2 and len(hardware.encoders) == 1


# -- maintenance mode: the drive is the computer's --------------------------------------
WRITES = ("write", "append", "rename", "fill", "open_at")


class ReadOnlyFlash(MemFlash):
    """The drive as the code sees it in maintenance mode: every write is EROFS (and
    Flash.remove and Flash.mkdir swallow theirs)."""

    def __getattribute__(self, name):
        if name in WRITES:
            def refused(*args):
                raise OSError(30)
            return refused
        return super().__getattribute__(name)

    def remove(self, name):
        pass

    def mkdir(self, name):
        pass


class MaintenanceBoard(SimBoard):
    def writable(self):
        return False


def torn_live_match():
    # A live match whose last entry a power cut tore mid-write in the second copy
    # (docs/device.md): the first holds it whole, so it is kept, and the copies
    # differ: the live log needs repair at the next boot.
    files = {}
    flash = CutFlash(files)
    app = App(SimBoard(flash=flash))
    app.step()
    assert app.new_match("stump", STUMP_CONFIG) is None
    for event in EVENTS:
        assert app.submit(event) is None
    flash.budget, flash.tear = flash.ops + 1, True
    with pytest.raises(PowerCut):
        app.submit(NEXT)
    assert copies_differ(files)
    return files


def copies_differ(files):
    return bytes(files["parlour/s0/live"]) != bytes(files["parlour/s1/live"])


def snapshot(files):
    return {name: repr(data) for name, data in files.items()}


def test_in_maintenance_a_live_match_needing_repair_comes_back_read_only():
    files = torn_live_match()
    before = snapshot(files)
    app = App(MaintenanceBoard(flash=ReadOnlyFlash(files)))
    app.step()
    held = EVENTS + [NEXT]
    assert app.match is not None and list(app.match.events) == held
    assert app.screen.title.startswith("Stump")
    assert texts(app)[0] == "Maintenance: no save"
    error = app.submit(AFTER)
    assert error is not None and error.code == "read_only"
    assert texts(app)[0] == "Maintenance: no save" and list(app.match.events) == held
    assert app.undo().code == "read_only" and list(app.match.events) == held
    assert app.finish_match("stopped") is app.screen and list(app.match.events) == held
    assert texts(app)[0] == "Maintenance: no save"
    assert snapshot(files) == before


def test_the_next_normal_boot_repairs_the_journal_maintenance_left():
    files = torn_live_match()
    App(MaintenanceBoard(flash=ReadOnlyFlash(files))).step()
    assert copies_differ(files)
    app = App(SimBoard(flash=MemFlash(files)))
    app.step()
    assert not copies_differ(files) and list(app.match.events) == EVENTS + [NEXT]
    assert app.submit(AFTER) is None
    again = App(SimBoard(flash=MemFlash(files)))
    assert list(again.match.events) == EVENTS + [NEXT, AFTER] and again.message == ""

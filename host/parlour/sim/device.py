"""The simulated device: fake hardware, then the real firmware app on top.

SimDevice(board, state_dir) boots the firmware as the board would (code.py's
parlour_device.main.start), with the MacroPad or TFT board module running
against the fakes. key()/turn()/press() act on the simulated keys and encoder;
step() runs one pass of the app's loop. Restarting on the same state folder is a
power cycle: the journal, finished matches and nvm are files in it.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from . import fakes
from .pty import PtySerial
from .script import BOARDS

DRIVE_KB = 7 * 1024    # 8 MB of flash less CircuitPython itself
SIZES = {"macropad": (128, 64, False), "tft": (320, 240, True), "pico": (128, 64, False),
         "rp2350": (320, 240, True)}


def default_state_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    if sys.platform == "darwin":
        base = str(Path.home() / "Library" / "Application Support")
    return Path(base) / "parlour" / "sim"


def firmware_settings() -> dict:
    """firmware/settings.toml, when the firmware folder sits beside the package."""
    import parlour_device

    path = Path(parlour_device.__file__).resolve().parents[2] / "settings.toml"
    if not path.is_file():
        return {}
    with path.open("rb") as f:
        return tomllib.load(f)


class SimHardware:
    def __init__(self, board: str, state_dir: Path, pty: bool = True, seed: int | None = None,
                 virtual_time: bool = False, serial: PtySerial | None = None):
        if board not in BOARDS:
            raise ValueError(f"unknown board {board!r} (choose from {', '.join(BOARDS)})")
        self.board = board
        self.state_dir = state_dir
        (state_dir / "CIRCUITPY").mkdir(parents=True, exist_ok=True)
        self.nvm = fakes.FileNvm(state_dir / "nvm.bin")
        # Scripts (seeded) get a fixed device id so their screenshots repeat.
        self.uid = b"\x5e\xed" + seed.to_bytes(6, "big") if seed else self._uid()
        self.serial = serial or (PtySerial() if pty else None)
        self.boot_ran = False       # boot.py ran: the drive is the computer's unless it remounted
        self.scanners: list = []
        self.encoders: list = []
        self.pixels: list[int] = [0] * 12
        self.tones: list[int] = []
        self.remounts: list = []
        self.cdc_enabled = None
        self.display = None
        self.held: set[str] = set()   # pin names held down (boot.py's maintenance key)
        self.claimed: set[str] = set()  # pin names an undeinited object holds
        self.virtual_time = virtual_time   # the clock moves only with `wait` steps
        self.skipped_ms = 0                # time the `wait` steps moved it on

    def _uid(self) -> bytes:
        path = self.state_dir / "uid.bin"
        if not path.exists():
            path.write_bytes(os.urandom(8))
        return path.read_bytes()

    def make_display(self, width: int, height: int, colour: bool):
        import displayio

        from .display import HeadlessDisplay

        displayio.release_displays()
        self.display = HeadlessDisplay(width, height, colour)
        return self.display

    def keys(self):
        return next(s for s in self.scanners if s.key_count == 12)

    def switch(self):
        return next(s for s in self.scanners if s.key_count == 1)


class SimDevice:
    on_restart = None       # called with the device after each restart the laptop asks

    def __init__(self, board: str = "macropad", state_dir: Path | None = None, pty: bool = True,
                 seed: int | None = None, virtual_time: bool = False,
                 serial: PtySerial | None = None, boot: bool = False):
        self.seed = seed
        self.state_dir = Path(state_dir or default_state_dir())
        self.hw = SimHardware(board, self.state_dir, pty, seed, virtual_time, serial)
        self.board = board
        fakes.install(self.hw)
        if board == "macropad":
            width, height, colour = SIZES[board]
            fakes.set_display(self.hw.make_display(width, height, colour))
        for key, value in firmware_settings().items():
            os.environ.setdefault(key, str(value))
        os.environ["PARLOUR_BOARD"] = board
        if seed:
            os.environ["PARLOUR_SEED"] = str(seed)  # repeatable cuts for scripts
        else:
            os.environ.pop("PARLOUR_SEED", None)
        os.environ["PARLOUR_ROOT"] = str(self.state_dir / "CIRCUITPY")
        os.environ["PARLOUR_DRIVE_KB"] = str(DRIVE_KB)  # an RP2040 board's CIRCUITPY
        if boot:
            self._boot()
        from parlour_device import main

        self.app = main.start()
        self.app.step()

    def _boot(self) -> None:
        # firmware/boot.py, as a reset runs it: maintenance mode when asked.
        import runpy

        import parlour_device

        path = Path(parlour_device.__file__).resolve().parents[2] / "boot.py"
        if path.is_file():
            self.hw.boot_ran = True
            runpy.run_path(str(path))

    def restart(self) -> None:
        """What microcontroller.reset() does: boot.py runs (maintenance mode when the
        laptop or the Settings screen asked), then the firmware, on the same state
        folder and the same data port; this object goes on as the restarted device,
        so a face showing it goes on too."""
        self.__init__(self.board, self.state_dir, seed=self.seed,
                      virtual_time=self.hw.virtual_time, serial=self.hw.serial, boot=True)
        if self.on_restart is not None:
            self.on_restart(self)

    @property
    def maintenance(self) -> bool:
        return not self.app.board.writable()

    # -- the pad ---------------------------------------------------------------------
    @property
    def display(self):
        return self.hw.display

    @property
    def serial_path(self) -> str | None:
        return self.hw.serial.path if self.hw.serial else None

    def key(self, number: int) -> None:
        queue = self.hw.keys().events
        queue.put(fakes.Event(number, True))
        queue.put(fakes.Event(number, False))
        self.step()

    def press(self) -> None:
        queue = self.hw.switch().events
        queue.put(fakes.Event(0, True))
        queue.put(fakes.Event(0, False))
        self.step()

    def turn(self, clicks: int) -> None:
        # Clockwise is positive; the MacroPad's encoder counts the other way round.
        sign = -1 if self.board == "macropad" else 1
        self.hw.encoders[0].position += sign * clicks
        self.step()

    def step(self) -> None:
        try:
            self.app.step()
        except fakes.ResetRequested:     # the laptop asked (`restart`: parlour install)
            self.restart()

    def skip(self, ms: int) -> None:
        # The clock moved on `ms` with no input, the loop running every 50 ms.
        while ms > 0:
            gone = min(ms, 50)
            self.hw.skipped_ms += gone
            ms -= gone
            self.step()

    def png(self, scale: int = 1) -> bytes:
        return self.display.png(scale)

    def close(self) -> None:
        if self.hw.serial:
            self.hw.serial.close()

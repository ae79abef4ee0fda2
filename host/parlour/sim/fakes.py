"""Fake CircuitPython modules for running the real firmware on a laptop.

`install(hardware)` puts board, keypad, rotaryio, usb_cdc, microcontroller (nvm in
a file), storage, supervisor, digitalio, pwmio, neopixel, fourwire and
adafruit_ili9341 into sys.modules. The module objects are made once per process
and re-pointed at each new SimHardware, because firmware modules keep the module
objects they imported. displayio itself is Blinka's, unfaked.
"""

from __future__ import annotations

import sys
import time
import types
from collections import deque

from . import font

_current = None  # the SimHardware the fakes act on
MODULES: dict[str, types.ModuleType] = {}

PINS = {
    "macropad": ["KEY%d" % n for n in range(1, 13)] + [
        "ENCODER_A", "ENCODER_B", "ENCODER_SWITCH", "BUTTON", "ROTA", "ROTB", "NEOPIXEL",
        "SPEAKER", "SPEAKER_ENABLE", "LED", "SDA", "SCL", "OLED_CS", "OLED_DC", "OLED_RESET"],
    "tft": ["A0", "A1", "A2", "A3", "D4", "D5", "D6", "D9", "D10", "D11", "D12", "D13", "D24",
            "D25", "RX", "TX", "SCK", "MOSI", "MISO", "SDA", "SCL", "NEOPIXEL", "LED"],
}
# The Pico build's pins it wires (boards/pico.py); the Feather RP2350 has no D4.
PINS["pico"] = ["GP%d" % n for n in range(23)] + ["GP26", "GP27", "GP28", "LED", "A0", "A1",
                                                  "A2"]
PINS["rp2350"] = [name for name in PINS["tft"] if name != "D4"]
BOARD_IDS = {"macropad": "adafruit_macropad_rp2040", "tft": "adafruit_feather_rp2040",
             "pico": "raspberry_pi_pico", "rp2350": "adafruit_feather_rp2350"}


def hw():
    if _current is None:
        raise RuntimeError("no simulated hardware installed")
    return _current


# -- microcontroller -----------------------------------------------------------------
class Pin:
    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return "board." + self.name


class FileNvm:
    """microcontroller.nvm: 4096 bytes kept in a file, written through like flash."""

    def __init__(self, path, size: int = 4096):
        self.path = path
        data = path.read_bytes() if path.exists() else b""
        self.data = bytearray(data[:size].ljust(size, b"\xff"))
        self.writes = 0

    def __len__(self) -> int:
        return len(self.data)

    def __getitem__(self, index):
        return self.data[index]

    def __setitem__(self, index, value) -> None:
        self.data[index] = value
        self.writes += 1
        tmp = self.path.with_suffix(".tmp")
        tmp.write_bytes(bytes(self.data))
        tmp.replace(self.path)


class ResetRequested(Exception):
    """microcontroller.reset() in the simulator: the caller restarts the device."""


def _reset() -> None:
    raise ResetRequested()


# -- pins -------------------------------------------------------------------------------
def _claim(pins) -> tuple:
    """What CircuitPython's constructors do: every pin is checked free first
    (assert_pin_free: ValueError "<pin> in use"), then all are claimed until
    deinit(). A pin of a scanner or encoder left undeinited stays claimed.
    -> (the hardware, the pins), for _release."""
    owner = hw()
    pins = tuple(pins)
    for pin in pins:
        if pin.name in owner.claimed:
            raise ValueError(f"{pin.name} in use")
    for pin in pins:
        owner.claimed.add(pin.name)
    return owner, pins


def _release(claim) -> tuple:
    # The pins go back to the hardware that claimed them (an older simulated
    # device's objects never free a newer one's pins). -> what is left to release.
    if claim:
        owner, pins = claim
        for pin in pins:
            owner.claimed.discard(pin.name)
    return ()


# -- keypad / rotaryio ------------------------------------------------------------------
class Event:
    def __init__(self, key_number: int = 0, pressed: bool = True, timestamp: int | None = None):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed
        self.timestamp = _ticks_ms() if timestamp is None else timestamp

    def __eq__(self, other) -> bool:
        return (isinstance(other, Event) and other.key_number == self.key_number
                and other.pressed == self.pressed)

    def __hash__(self) -> int:
        return hash((self.key_number, self.pressed))


class EventQueue:
    def __init__(self, max_events: int = 64):
        self._queue: deque = deque()
        self._max = max_events
        self.overflowed = False

    def put(self, event: Event) -> None:
        if len(self._queue) >= self._max:
            self.overflowed = True
            return
        self._queue.append(event)

    def get(self):
        return self._queue.popleft() if self._queue else None

    def get_into(self, event: Event) -> bool:
        if not self._queue:
            return False
        got = self._queue.popleft()
        event.key_number, event.pressed, event.timestamp = (got.key_number, got.pressed,
                                                            got.timestamp)
        event.released = not got.pressed
        return True

    def clear(self) -> None:
        self._queue.clear()
        self.overflowed = False

    def __len__(self) -> int:
        return len(self._queue)

    def __bool__(self) -> bool:
        return bool(self._queue)


class _Scanner:
    """keypad's scanners as CircuitPython 10 runs them (shared-module/keypad/): one
    debounce counter per key, starting at 0, and a scan as the object is made; a
    key already down then only moves its counter, so it raises no press event
    until reset() sets every counter to "released" and scans again. A key held
    at reset is seen only through reset()."""

    def __init__(self, count: int, pins, max_events: int = 64, debounce_threshold: int = 1):
        self.key_count = count
        self.events = EventQueue(max_events)
        self._threshold = debounce_threshold
        self._counters = [0] * count
        self._claimed = _claim(pins)
        hw().scanners.append(self)
        self._scan()

    def _down(self, number: int) -> bool:
        raise NotImplementedError

    def _scan(self) -> None:
        # keypad_debounce(): an event only when a counter crosses 0 to its threshold.
        limit = self._threshold
        for number in range(self.key_count):
            count = self._counters[number]
            if self._down(number):
                if count < limit:
                    count += 1
                    if count == 0:
                        count = limit
                        self.events.put(Event(number, True))
            elif count > -limit:
                count -= 1
                if count == 0:
                    count = -limit
                    self.events.put(Event(number, False))
            self._counters[number] = count

    def deinit(self) -> None:
        if self._claimed and self in self._claimed[0].scanners:
            self._claimed[0].scanners.remove(self)
        self._claimed = _release(self._claimed)

    def reset(self) -> None:
        # common_hal_keypad_generic_reset(): the queue is kept.
        self._counters = [-self._threshold] * self.key_count
        self._scan()


class Keys(_Scanner):
    def __init__(self, pins, *, value_when_pressed: bool, pull: bool = True,
                 interval: float = 0.02, max_events: int = 64, debounce_threshold: int = 1):
        self.pins = tuple(pins)
        super().__init__(len(self.pins), self.pins, max_events, debounce_threshold)

    def _down(self, number: int) -> bool:
        return self.pins[number].name in hw().held


class KeyMatrix(_Scanner):
    def __init__(self, row_pins, column_pins, columns_to_anodes: bool = True,
                 interval: float = 0.02, max_events: int = 64, debounce_threshold: int = 1):
        self.rows = tuple(row_pins)
        self.columns = tuple(column_pins)
        super().__init__(len(self.rows) * len(self.columns), self.rows + self.columns,
                         max_events, debounce_threshold)

    def _down(self, number: int) -> bool:
        held = hw().held
        row, column = divmod(number, len(self.columns))
        return self.rows[row].name in held and self.columns[column].name in held


class IncrementalEncoder:
    def __init__(self, pin_a, pin_b, divisor: int = 4):
        self._claimed = _claim((pin_a, pin_b))
        self.position = 0
        self.divisor = divisor
        hw().encoders.append(self)

    def deinit(self) -> None:
        if self._claimed and self in self._claimed[0].encoders:
            self._claimed[0].encoders.remove(self)
        self._claimed = _release(self._claimed)


# -- supervisor / storage / usb_cdc -----------------------------------------------------
_START = time.monotonic()


def _ticks_ms() -> int:
    # Real time plus what `wait` steps skipped; a scripted device's clock moves only
    # with its `wait` steps, so its timers fire at the same step on any machine.
    h = _current
    if h is None:
        return int((time.monotonic() - _START) * 1000) & 0x1FFFFFFF
    real = 0 if h.virtual_time else int((time.monotonic() - _START) * 1000)
    return (real + h.skipped_ms) & 0x1FFFFFFF


def _remount(path: str, readonly: bool = False, *, disable_concurrent_write_protection=False):
    hw().remounts.append((path, readonly))


def _getmount(path: str):
    # The code may write the simulated drive unless boot.py left it to the computer
    # (a board's default: boot.py remounts it for the code unless maintenance was asked).
    h = hw()
    readonly = h.remounts[-1][1] is True if h.remounts else getattr(h, "boot_ran", False)
    return types.SimpleNamespace(readonly=readonly)


def _enable_cdc(*, console: bool = True, data: bool = False) -> bool:
    hw().cdc_enabled = (console, data)
    return True


# -- digitalio / pwmio / neopixel -------------------------------------------------------
class DigitalInOut:
    def __init__(self, pin):
        self._claimed = _claim((pin,))
        self.pin = pin
        self.value = False
        self.direction = None
        self.pull = None

    def switch_to_output(self, value: bool = False, drive_mode=None) -> None:
        self.value = value

    def switch_to_input(self, pull=None) -> None:
        self.pull = pull

    def deinit(self) -> None:
        self._claimed = _release(self._claimed)


class PWMOut:
    def __init__(self, pin, *, duty_cycle: int = 0, frequency: int = 500,
                 variable_frequency: bool = False):
        self._claimed = _claim((pin,))
        self.pin = pin
        self.frequency = frequency
        self._duty = 0
        self.duty_cycle = duty_cycle

    @property
    def duty_cycle(self) -> int:
        return self._duty

    @duty_cycle.setter
    def duty_cycle(self, value: int) -> None:
        if value and not self._duty:
            hw().tones.append(self.frequency)
        self._duty = value

    def deinit(self) -> None:
        self._claimed = _release(self._claimed)


class NeoPixel(list):
    def __init__(self, pin, n: int, *, bpp: int = 3, brightness: float = 1.0,
                 auto_write: bool = True, pixel_order=None):
        self._claimed = _claim((pin,))   # neopixel.NeoPixel drives its pin through a DigitalInOut
        super().__init__([0] * n)
        self.auto_write = auto_write
        hw().pixels = [0] * n

    def __setitem__(self, index, value) -> None:
        super().__setitem__(index, value)
        if self.auto_write:
            self.show()

    def fill(self, value) -> None:
        for i in range(len(self)):
            super().__setitem__(i, value)
        if self.auto_write:
            self.show()

    def show(self) -> None:
        hw().pixels = [v if isinstance(v, int) else (v[0] << 16 | v[1] << 8 | v[2])
                       for v in self]

    def deinit(self) -> None:
        self._claimed = _release(self._claimed)


# -- the TFT board's display bus and driver ----------------------------------------------
class FourWire:
    def __init__(self, spi_bus, *, command, chip_select, reset=None, baudrate: int = 24000000,
                 polarity: int = 0, phase: int = 0):
        self.spi = spi_bus


def _ili9341(bus, *, width: int = 320, height: int = 240, **kwargs):
    return hw().make_display(width, height, colour=True)


# -- the Pico build's I2C bus and OLED drivers ------------------------------------------
class I2C:
    def __init__(self, scl, sda, *, frequency: int = 100000, timeout: int = 255):
        self._claimed = _claim((scl, sda))

    def deinit(self) -> None:
        self._claimed = _release(self._claimed)


class I2CDisplayBus:
    def __init__(self, i2c_bus, *, device_address: int, reset=None):
        self.i2c = i2c_bus


def _oled(driver: str):
    def make(bus, *, width: int = 128, height: int = 64, **kwargs):
        display = hw().make_display(width, height, colour=False)
        display.driver = driver      # which of the two the board chose (PARLOUR_OLED)
        return display
    return make


class _SPI:
    def deinit(self) -> None:
        pass


# -- assembling the modules -------------------------------------------------------------
def _module(name: str, **attrs) -> types.ModuleType:
    module = MODULES.get(name)
    if module is None:
        module = types.ModuleType(name)
        module.__file__ = f"<parlour sim: {name}>"
        MODULES[name] = module
    for key, value in attrs.items():
        setattr(module, key, value)
    return module


def _build_static() -> None:
    class Direction:
        INPUT, OUTPUT = "input", "output"

    class Pull:
        UP, DOWN = "up", "down"

    class _Cpu:
        @property
        def uid(self) -> bytearray:
            return bytearray(hw().uid)

        temperature = 25
        frequency = 125_000_000

    runtime = types.SimpleNamespace(serial_connected=False, usb_connected=True,
                                    serial_bytes_available=0)
    _module("microcontroller", Pin=Pin, cpu=_Cpu(), reset=_reset, nvm=None)
    _module("keypad", Event=Event, EventQueue=EventQueue, Keys=Keys, KeyMatrix=KeyMatrix)
    _module("rotaryio", IncrementalEncoder=IncrementalEncoder)
    _module("supervisor", ticks_ms=_ticks_ms, runtime=runtime, reload=_reset,
            get_setting=lambda key, default=None: default)
    _module("storage", remount=_remount, getmount=_getmount,
            enable_usb_drive=lambda: None, disable_usb_drive=lambda: None)
    _module("usb_cdc", enable=_enable_cdc, data=None, console=None)
    _module("digitalio", DigitalInOut=DigitalInOut, Direction=Direction, Pull=Pull)
    _module("pwmio", PWMOut=PWMOut)
    _module("neopixel", NeoPixel=NeoPixel, GRB="GRB", RGB="RGB")
    _module("fourwire", FourWire=FourWire)
    _module("adafruit_ili9341", ILI9341=_ili9341)
    _module("busio", I2C=I2C)
    _module("i2cdisplaybus", I2CDisplayBus=I2CDisplayBus)
    _module("adafruit_displayio_ssd1306", SSD1306=_oled("SSD1306"))
    _module("adafruit_displayio_sh1106", SH1106=_oled("SH1106"))
    _module("board")


def install(hardware) -> None:
    """Point the fake modules at `hardware` and put them into sys.modules."""
    global _current
    _current = hardware
    _build_static()
    font.install()
    board = MODULES["board"]
    for name in list(vars(board)):
        if not name.startswith("__"):
            delattr(board, name)
    board.board_id = BOARD_IDS[hardware.board]
    for name in PINS[hardware.board]:
        setattr(board, name, Pin(name))
    if hardware.board in ("tft", "rp2350"):
        board.SPI = lambda: _SPI()
    MODULES["microcontroller"].nvm = hardware.nvm
    MODULES["usb_cdc"].data = hardware.serial
    sys.modules.update(MODULES)


def set_display(display) -> None:
    MODULES["board"].DISPLAY = display

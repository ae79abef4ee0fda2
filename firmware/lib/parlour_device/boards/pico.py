# The DIY build: a Raspberry Pi Pico (RP2040) with a 128x64 I2C OLED (SSD1306, or
# SH1106 with PARLOUR_OLED = "sh1106"), 12 push buttons in a 3x4 grid, a rotary
# encoder with push, a piezo and an optional strip of 12 NeoPixels. The screens are
# the MacroPad's, unchanged. hardware/pico.md has the parts, the wiring and why
# each pin is where it is.
import board
import busio
import displayio
import i2cdisplaybus
import keypad
import microcontroller
import rotaryio
import supervisor
import usb_cdc

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

from ..system import setting
from .common import MONO_128X64, Beeper, Board, flash, uid_hex

# Keys 0..11 read left to right, top row first, as on the MacroPad: GP6..GP15 run down
# the Pico's left edge and GP16/GP17 start its right one, so the ribbon stays in order.
KEY_PINS = (board.GP6, board.GP7, board.GP8, board.GP9, board.GP10, board.GP11,
            board.GP12, board.GP13, board.GP14, board.GP15, board.GP16, board.GP17)
# rotaryio on the RP2040 counts with a PIO state machine: A and B on consecutive GPIOs.
ENCODER_A = board.GP18
ENCODER_B = board.GP19
ENCODER_SWITCH = board.GP20
PIEZO = board.GP21
PIXELS = board.GP22
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_PIXEL_COUNT = const(12)
# I2C0 on GP4 (SDA) and GP5 (SCL); 0x3C is the address almost every such module ships with.
OLED_SDA = board.GP4
OLED_SCL = board.GP5
_OLED_ADDRESS = const(0x3C)


def oled(bus: Any) -> Any:
    # Both drivers take the same arguments; the SH1106's 132 columns start 2 to the left.
    if setting("PARLOUR_OLED", "ssd1306") == "sh1106":
        from adafruit_displayio_sh1106 import SH1106
        return SH1106(bus, width=128, height=64, colstart=2, auto_refresh=False)
    from adafruit_displayio_ssd1306 import SSD1306
    return SSD1306(bus, width=128, height=64, auto_refresh=False)


class Pico(Board):
    name = "pico"

    def __init__(self) -> None:
        # Also frees the display bus's pins when an earlier start failed (main.run).
        displayio.release_displays()
        claimed = self.claimed
        i2c = busio.I2C(OLED_SCL, OLED_SDA, frequency=400000)
        claimed.append(i2c)
        display = oled(i2cdisplaybus.I2CDisplayBus(i2c, device_address=_OLED_ADDRESS))
        super().__init__(MONO_128X64, display, usb_cdc.data, microcontroller.nvm,
                         flash(), uid_hex(microcontroller.cpu.uid))
        self.keys = keypad.Keys(KEY_PINS, value_when_pressed=False, pull=True)
        claimed.append(self.keys)
        self.switch = keypad.Keys((ENCODER_SWITCH,), value_when_pressed=False, pull=True)
        claimed.append(self.switch)
        # Wired as hardware/pico.md says, the count goes up clockwise: no flip.
        self.encoder = rotaryio.IncrementalEncoder(ENCODER_A, ENCODER_B)
        claimed.append(self.encoder)
        self.position = self.encoder.position
        self.event = keypad.Event()
        self.pixels: Any = None
        self.beeper = Beeper(PIEZO, supervisor.ticks_ms)

    def poll(self, app: Any) -> None:
        event = self.event
        while self.keys.events.get_into(event):
            if event.pressed:
                app.key(event.key_number)
        while self.switch.events.get_into(event):
            if event.pressed:
                app.press()
        position = self.encoder.position
        if position != self.position:
            delta = position - self.position
            self.position = position
            app.turn(delta)
        self.beeper.poll()

    def leds(self, colours: Optional[list[int]]) -> None:
        # With no strip fitted the data line drives nothing: the same code either way.
        if self.pixels is None:
            import neopixel
            self.pixels = neopixel.NeoPixel(PIXELS, _PIXEL_COUNT, auto_write=False)
            self.claimed.append(self.pixels)
        for key in range(_PIXEL_COUNT):
            self.pixels[key] = colours[key] if colours is not None else 0
        self.pixels.show()

    def play(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        self.beeper.play(notes)


def maintenance_keys() -> Any:
    # Key 0 alone, read by boot.py to decide maintenance mode.
    return keypad.Keys((board.GP6,), value_when_pressed=False, pull=True)


def make() -> Pico:
    return Pico()

# The roomier colour board: Adafruit Feather RP2350 (520 KB of SRAM) with the same
# 2.4" TFT FeatherWing (ILI9341, 320x240), 3x4 matrix keypad, encoder and piezo as
# the colour board. The Feather RP2350 has no D4, where the colour board's third
# keypad column sits: that column moves to D11, and the piezo from D11 to D13
# (hardware/rp2350.md has the parts and the wiring).
# Keypad 1 2 3 / 4 5 6 / 7 8 9 / * 0 # are keys 0..11: * = Undo, 0 = Menu, # = OK.
import board
import displayio
import fourwire
import keypad
import microcontroller
import rotaryio
import supervisor
import usb_cdc
from adafruit_ili9341 import ILI9341

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

from .common import COLOUR_320X240, Beeper, Board, flash, uid_hex

ROW_PINS = (board.A0, board.A1, board.A2, board.A3)
# D5 and D6 are the FeatherWing's SD card and touch chip selects, D9 and D10 its
# display's; D11 is the free pin nearest D24 and D25 on the header.
COLUMN_PINS = (board.D24, board.D25, board.D11)
ENCODER_SWITCH = board.D12
# The piezo shares D13 with the red LED beside the USB socket: it flickers with a tone.
PIEZO = board.D13


class FeatherRP2350(Board):
    name = "rp2350"

    def __init__(self) -> None:
        # Also frees the display bus's pins when an earlier start failed (main.run).
        displayio.release_displays()
        bus = fourwire.FourWire(board.SPI(), command=board.D10, chip_select=board.D9)
        display = ILI9341(bus, width=320, height=240, auto_refresh=False)
        super().__init__(COLOUR_320X240, display, usb_cdc.data, microcontroller.nvm,
                         flash(), uid_hex(microcontroller.cpu.uid))
        claimed = self.claimed
        self.keys = keypad.KeyMatrix(ROW_PINS, COLUMN_PINS)
        claimed.append(self.keys)
        self.switch = keypad.Keys((ENCODER_SWITCH,), value_when_pressed=False, pull=True)
        claimed.append(self.switch)
        self.encoder = rotaryio.IncrementalEncoder(board.RX, board.TX)
        claimed.append(self.encoder)
        self.position = self.encoder.position
        self.event = keypad.Event()
        self.pixel: Any = None
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
        # One NeoPixel on the Feather: it shows key 11's light (OK, or a claim's
        # result where a screen lights the keys itself).
        if self.pixel is None:
            import neopixel
            self.pixel = neopixel.NeoPixel(board.NEOPIXEL, 1)
            self.claimed.append(self.pixel)
        self.pixel[0] = colours[11] if colours is not None else 0

    def play(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        self.beeper.play(notes)


def maintenance_keys() -> Any:
    # Key 0 alone, read by boot.py to decide maintenance mode.
    return keypad.KeyMatrix((board.A0,), (board.D24,))


def make() -> FeatherRP2350:
    return FeatherRP2350()

# Adafruit MacroPad RP2040: 12 keys (keypad.Keys), the encoder and its switch,
# the built-in 128x64 mono OLED (board.DISPLAY), the speaker and 12 NeoPixels.
import board
import keypad
import microcontroller
import rotaryio
import supervisor
import usb_cdc

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

from .common import MONO_128X64, Beeper, Board, flash, uid_hex

# How often keypad reads the keys: a press waits half of it on average before the app
# sees it (keypad's default, 20 ms, was a fifth of a key's whole wait). Above the 5 ms a
# key switch bounces for, so one scan at most lands in a bounce: no double presses.
SCAN_S = 0.008

KEY_PINS = (board.KEY1, board.KEY2, board.KEY3, board.KEY4, board.KEY5, board.KEY6,
            board.KEY7, board.KEY8, board.KEY9, board.KEY10, board.KEY11, board.KEY12)


class MacroPad(Board):
    name = "macropad"

    def __init__(self) -> None:
        display = board.DISPLAY
        display.auto_refresh = False
        super().__init__(MONO_128X64, display, usb_cdc.data, microcontroller.nvm,
                         flash(), uid_hex(microcontroller.cpu.uid))
        claimed = self.claimed
        self.keys = keypad.Keys(KEY_PINS, value_when_pressed=False, pull=True, interval=SCAN_S)
        claimed.append(self.keys)
        self.switch = keypad.Keys((board.ENCODER_SWITCH,), value_when_pressed=False, pull=True,
                                  interval=SCAN_S)
        claimed.append(self.switch)
        self.encoder = rotaryio.IncrementalEncoder(board.ENCODER_A, board.ENCODER_B)
        claimed.append(self.encoder)
        self.position = -self.encoder.position
        self.event = keypad.Event()
        self.pixels: Any = None
        self.beeper = Beeper(board.SPEAKER, supervisor.ticks_ms)
        self.speaker_on: Any = None

    def poll(self, app: Any) -> None:
        event = self.event
        while self.keys.events.get_into(event):
            if event.pressed:
                app.key(event.key_number)
        while self.switch.events.get_into(event):
            if event.pressed:
                app.press()
        # The MacroPad's encoder counts up anticlockwise (adafruit_macropad flips it too).
        position = -self.encoder.position
        if position != self.position:
            delta = position - self.position
            self.position = position
            app.turn(delta)
        self.beeper.poll()

    def leds(self, colours: Optional[list[int]]) -> None:
        if self.pixels is None:
            import neopixel
            self.pixels = neopixel.NeoPixel(board.NEOPIXEL, 12, auto_write=False)
            self.claimed.append(self.pixels)
        for key in range(12):
            self.pixels[key] = colours[key] if colours is not None else 0
        self.pixels.show()

    def play(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        if self.speaker_on is None:
            import digitalio
            self.speaker_on = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
            self.claimed.append(self.speaker_on)
            self.speaker_on.switch_to_output(value=True)
        self.beeper.play(notes)


def maintenance_keys() -> Any:
    # Key 0 alone, read by boot.py to decide maintenance mode.
    return keypad.Keys((board.KEY1,), value_when_pressed=False, pull=True)


def make() -> MacroPad:
    return MacroPad()

# What every board gives the app: a name, a Layout, the display (or None), the
# data serial port (or None), nvm, the flash, a unique id, and three actions:
# poll(app) feeds input, leds(colours) lights the keys (12 colours, or None: all
# dark), play(notes) sounds a tune of (hertz, ms) notes without blocking.
from ..flash import Flash

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

from ..system import setting, ticks_after, ticks_reached
from ..ui.frame import Layout

# Layouts (see docs/screen-contract.md for the regions).
MONO_128X64 = (128, 64, False, 1, 12, 40)
COLOUR_320X240 = (320, 240, True, 2, 24, 156)

# The app's own tones: an entry taken, an entry refused, a match filed.
TONES = {"ok": ((1760, 30),), "refuse": ((330, 90), (220, 160)),
         "end": ((660, 150), (880, 150), (1320, 300))}
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_REST = const(0)                # a note of 0 Hz is a rest
# A fixed PARLOUR_SEED gives each draw of a boot its own seed: the setting spread
# over 32 bits by Knuth's multiplicative hash (a prime near 2**32 / the golden
# ratio), plus an odd step per draw, so seeds 1, 2, 3 give unrelated draws.
_SEED_SPREAD = const(2654435761)
_SEED_STEP = const(40503)


def layout(spec: Tuple[int, int, bool, int, int, int]) -> Layout:
    return Layout(spec[0], spec[1], spec[2], spec[3], spec[4], spec[5])


class Board:
    name = "board"
    # Every object the board modules made that holds a pin (keypad, rotaryio, pwmio,
    # digitalio, neopixel): CircuitPython frees a pin only on deinit(), so after a
    # start that failed part-way main.run deinits them, or the next start fails with
    # "<pin> in use". One list for the device: a failed start leaves no Board to ask.
    claimed: "list[Any]" = []

    def __init__(self, spec: Tuple[int, int, bool, int, int, int], display: Any, data: Any,
                 nvm: Any, flash: Any, uid: str) -> None:
        self.layout = layout(spec)
        self.display = display
        self.data = data
        self.nvm = nvm
        self.flash = flash
        self.uid = uid
        self.seeds = 0

    def renderer(self) -> Any:
        if self.display is None:
            return None
        from ..ui.render import Renderer
        return Renderer(self.display, self.layout)

    def poll(self, app: Any) -> None:
        pass

    def leds(self, colours: Optional[list[int]]) -> None:
        pass

    def play(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        pass

    def tone(self, kind: str) -> None:
        self.play(TONES.get(kind, TONES["ok"]))

    def ticks(self) -> int:
        # Milliseconds, wrapping at 2**29 (supervisor.ticks_ms).
        import supervisor
        now: int = supervisor.ticks_ms()
        return now

    def writable(self) -> bool:
        # False in maintenance mode: the drive is the computer's until the next reset.
        try:
            import storage
            return not storage.getmount("/").readonly
        except (ImportError, OSError):
            return True

    def seed(self) -> int:
        # PARLOUR_SEED (settings.toml, or the simulator's scripts) makes draws
        # repeatable; otherwise the board's hardware random source.
        fixed = setting("PARLOUR_SEED", "")
        if fixed:
            self.seeds += 1
            value = (int(fixed) * _SEED_SPREAD + self.seeds * _SEED_STEP) & 0xFFFFFFFF
        else:
            import os
            value = int.from_bytes(os.urandom(4), "little")
        return value or 1


class Beeper:
    # A square wave on a PWM pin. A tune is a tuple of (hertz, ms) notes (0 Hz rests);
    # poll() moves to the next note once a note's time is up, so nothing blocks.
    def __init__(self, pin: Any, ticks_ms: Any) -> None:
        self.pin = pin
        self.pwm: Any = None
        self.ticks_ms = ticks_ms
        self.until: int = -1
        self.notes: Tuple[Tuple[int, int], ...] = ()
        self.next = 0

    def play(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        self.notes = notes
        self.next = 0
        self._sound()

    def _sound(self) -> None:
        if self.next >= len(self.notes):
            if self.pwm is not None:
                self.pwm.duty_cycle = 0
            self.until = -1
            return
        frequency, ms = self.notes[self.next]
        self.next += 1
        if self.pwm is None:
            import pwmio
            self.pwm = pwmio.PWMOut(self.pin, frequency=frequency or 440, duty_cycle=0,
                                    variable_frequency=True)
            Board.claimed.append(self.pwm)
        if frequency:
            self.pwm.frequency = frequency
            self.pwm.duty_cycle = 0x8000
        else:
            self.pwm.duty_cycle = 0
        self.until = ticks_after(self.ticks_ms(), ms)

    def poll(self) -> None:
        if self.until < 0 or self.pwm is None:
            return
        if ticks_reached(self.ticks_ms(), self.until):
            self._sound()


def flash() -> Flash:
    # The filesystem root ("/" on the board; the simulator's state folder).
    return Flash(setting("PARLOUR_ROOT", "/"), int(setting("PARLOUR_DRIVE_KB", "0")) * 1024)


def uid_hex(uid: Any) -> str:
    from binascii import hexlify
    return hexlify(bytes(uid)).decode()

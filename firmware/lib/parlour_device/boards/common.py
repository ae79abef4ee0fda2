# What every board gives the app: a name, a Layout, the display (or None), the
# data serial port (or None), nvm, the flash, a unique id, and three actions:
# poll(app) feeds input, leds(labels) lights the keys that do something,
# tone(kind) beeps without blocking.
from ..flash import Flash

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

from ..ui.frame import Layout
from . import setting

# Layouts (see docs/screen-contract.md for the regions).
MONO_128X64 = (128, 64, False, 1, 12, 40)
COLOUR_320X240 = (320, 240, True, 2, 24, 156)

TONES = {"ok": (1760, 30), "refuse": (220, 180), "end": (880, 400)}
LED_OK = 0x002008
LED_UNDO = 0x200800
LED_KEY = 0x080818


def layout(spec: Tuple[int, int, bool, int, int, int]) -> Layout:
    return Layout(spec[0], spec[1], spec[2], spec[3], spec[4], spec[5])


def led_colours(labels: Optional[Tuple[str, ...]]) -> list[int]:
    out: list[int] = []
    for key in range(12):
        label = labels[key] if labels is not None else ""
        if not label:
            out.append(0)
        elif key == 9:
            out.append(LED_UNDO)
        elif key == 11:
            out.append(LED_OK)
        else:
            out.append(LED_KEY)
    return out


class Board:
    name = "board"

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

    def leds(self, labels: Optional[Tuple[str, ...]]) -> None:
        pass

    def tone(self, kind: str) -> None:
        pass

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
            value = (int(fixed) * 2654435761 + self.seeds * 40503) & 0xFFFFFFFF
        else:
            import os
            value = int.from_bytes(os.urandom(4), "little")
        return value or 1


class Beeper:
    # A square wave on a PWM pin, switched off by poll() once its time is up.
    def __init__(self, pin: Any, ticks_ms: Any) -> None:
        self.pin = pin
        self.pwm: Any = None
        self.ticks_ms = ticks_ms
        self.until: int = -1

    def tone(self, kind: str) -> None:
        import pwmio
        frequency, ms = TONES.get(kind, TONES["ok"])
        if self.pwm is None:
            self.pwm = pwmio.PWMOut(self.pin, frequency=frequency, duty_cycle=0,
                                    variable_frequency=True)
        self.pwm.frequency = frequency
        self.pwm.duty_cycle = 0x8000
        self.until = (self.ticks_ms() + ms) & 0x1FFFFFFF

    def poll(self) -> None:
        if self.until < 0 or self.pwm is None:
            return
        # supervisor.ticks_ms wraps at 2**29: compare the wrapped difference.
        late: int = (self.ticks_ms() - self.until) & 0x1FFFFFFF
        if late < 0x10000000:
            self.pwm.duty_cycle = 0
            self.until = -1


def flash() -> Flash:
    # The filesystem root ("/" on the board; the simulator's state folder).
    return Flash(setting("PARLOUR_ROOT", "/"), int(setting("PARLOUR_DRIVE_KB", "0")) * 1024)


def uid_hex(uid: Any) -> str:
    from binascii import hexlify
    return hexlify(bytes(uid)).decode()

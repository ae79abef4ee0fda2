# A board with no hardware at all: input comes from a list, files live in memory
# (or any Flash), and there is no display. The MicroPython bench and the quick
# tests run the whole app on it; the desktop simulator instead fakes CircuitPython's
# own modules and runs the MacroPad and TFT modules themselves.
from doubles.memflash import MemFlash

try:
    from typing import Any, Optional, Tuple  # noqa: F401, UP035  (annotations)
except ImportError:
    pass
from parlour_device.boards.common import COLOUR_320X240, MONO_128X64, Board

KEY = 0
TURN = 1
PRESS = 2
WAIT = 3        # the clock moves on `value` ms with no input


class SimBoard(Board):
    name = "sim"

    def __init__(self, colour: bool = False, flash: Any = None, nvm: Any = None) -> None:
        spec = COLOUR_320X240 if colour else MONO_128X64
        super().__init__(spec, None, None, nvm if nvm is not None else bytearray(4096),
                         flash if flash is not None else MemFlash(), "51a0000000000001")
        self.queue: list[tuple[int, int]] = []
        self.tones: list[Any] = []       # the tunes played, at most 8
        self.lit: list[int] | None = None
        self.clock = 0          # ms: moves only with WAIT

    def feed(self, kind: int, value: int = 0) -> None:
        self.queue.append((kind, value))

    def poll(self, app: Any) -> None:
        queue = self.queue
        while queue:
            kind, value = queue.pop(0)
            if kind == KEY:
                app.key(value)
            elif kind == TURN:
                app.turn(value)
            elif kind == WAIT:
                self.clock += value
                return      # the app checks its screen's due time after this poll
            else:
                app.press()

    def leds(self, colours: list[int] | None) -> None:
        self.lit = colours

    def writable(self) -> bool:
        return True

    def ticks(self) -> int:
        return self.clock & 0x1FFFFFFF

    def tone(self, kind: str) -> None:
        if len(self.tones) < 8:
            self.tones.append(kind)

    def play(self, notes: tuple[tuple[int, int], ...]) -> None:
        if len(self.tones) < 8:
            self.tones.append(notes)


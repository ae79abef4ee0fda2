"""The terminal face: the screen, the pad's keys on the keyboard. Works over SSH and
in tmux.

A terminal big enough for the pixels shows them with Unicode half blocks (two pixel
rows a character; the colour board at half size, where its doubled text keeps every
stroke). A smaller one, down to 80 x 24, shows the screen as text: its words where
the screen has them (textscreen.py). The face follows the terminal's size as it
changes.
"""

from __future__ import annotations

import os
import re
import select
import sys
import termios
import time
import tty

from .device import SimDevice
from .textscreen import text_screen

# The pad's 3x4 keys on the keyboard's left-hand block.
KEY_LETTERS = "123qweasdzxc"
KEYMAP = {"1": 0, "2": 1, "3": 2, "q": 3, "w": 4, "e": 5, "a": 6, "s": 7, "d": 8,
          "z": 9, "x": 10, "c": 11, "\x7f": 9, "\x08": 9, "u": 9, "m": 10}
TURNS = {"\x1b[C": 1, "\x1b[D": -1, "\x1b[A": -1, "\x1b[B": 1, ".": 1, ",": -1,
         ">": 1, "<": -1}
PRESS = ("\r", "\n", " ")
QUIT = ("\x03", "\x04", "Q")
RESET = ("R",)
# Each pad key shows its number (the one the hints name) and, in brackets, the
# keyboard key that presses it.
LEGEND = ("pad key N [keyboard key]   Backspace = 9 Undo   arrows or , . = turn",
          "Enter/Space = press the encoder   R = power cycle   Q = quit")
PAUSE = 0.3          # seconds the screen stays dark in a power cycle
_SGR = re.compile(r"\x1b\[[0-9;]*m")


def halfblocks(display, scale: int = 1, colour: bool | None = None) -> list[str]:
    """The display's framebuffer as lines of text, `scale` pixels per cell column."""
    colour = display.colour if colour is None else colour
    width, height = display.width // scale, display.height // scale
    lines = []
    for row in range(0, height - 1, 2):
        parts: list[str] = []
        for col in range(width):
            top = display.pixel(col * scale, row * scale)
            bottom = display.pixel(col * scale, (row + 1) * scale)
            if colour:
                parts.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm\u2580" % (top + bottom))
            else:
                t, b = top[0] > 127, bottom[0] > 127
                parts.append("\u2588" if t and b else "\u2580" if t else "\u2584" if b else " ")
        lines.append("".join(parts) + ("\x1b[0m" if colour else ""))
    return lines


def pad(labels) -> list[str]:
    rows = []
    for r in range(4):
        cells = []
        for c in range(3):
            key = r * 3 + c
            cells.append("%2d [%s] %-5s" % (key, KEY_LETTERS[key], labels[key][:5]))
        rows.append("  ".join(cells).rstrip())
    return rows


def strip(line: str) -> str:
    """A line without its colour codes."""
    return _SGR.sub("", line)


def visible(line: str) -> int:
    """How many columns a line takes on a terminal (colour codes take none)."""
    return len(strip(line))


def read_keys(fd: int, timeout: float) -> list[str]:
    if not select.select([fd], [], [], timeout)[0]:
        return []
    data = os.read(fd, 64).decode(errors="ignore")
    out, i = [], 0
    while i < len(data):
        if data[i] == "\x1b" and data[i + 1:i + 2] == "[" and i + 2 < len(data):
            out.append(data[i:i + 3])
            i += 3
        else:
            out.append(data[i])
            i += 1
    return out


def handle(device: SimDevice, key: str) -> SimDevice | None:
    """Apply one keyboard key; None means quit; a new device after a power cycle."""
    if key in QUIT:
        return None
    if key in RESET:
        board, state = device.board, device.state_dir
        device.close()
        return SimDevice(board, state)
    if key in KEYMAP:
        device.key(KEYMAP[key])
    elif key.lower() in KEYMAP and key.lower() not in ("q",):
        device.key(KEYMAP[key.lower()])
    elif key in TURNS:
        device.turn(TURNS[key])
    elif key in PRESS:
        device.press()
    return device


class TerminalFace:
    """What the terminal shows for a device, at a given terminal size."""

    def __init__(self, device: SimDevice):
        self.device = device
        self.cycles = 0
        self.message = ""
        self.rows_at: list[int] = []    # the text rows any frame has had: the box's size

    def press(self, key: str) -> bool:
        """One keyboard key; False means quit."""
        was = self.device
        device = handle(was, key)
        if device is None:
            return False
        if device is not was:
            self.cycles += 1
            self.message = (f"power cycle {self.cycles}: the device booted again from its "
                            "flash")
        elif key not in RESET:
            self.message = ""
        self.device = device
        return True

    def picture(self, columns: int, rows: int) -> list[str] | None:
        """The half-block picture, if it fits with the keys under it."""
        display = self.device.display
        scale = 2 if display.colour else 1
        width, height = display.width // scale, display.height // 2 // scale
        if width > columns or height + self._below() > rows:
            return None
        return halfblocks(display, scale)

    def _below(self) -> int:
        return 1 + 4 + len(LEGEND) + 2

    def lines(self, columns: int, rows: int, dark: bool = False) -> list[str]:
        """The whole face for a terminal of `columns` x `rows`, no line wider."""
        device = self.device
        screen = None if dark else self.picture(columns, rows)
        if screen is None:
            text = text_screen(device, self.rows_at)
            self.rows_at = text.starts
            screen = text.lines()
            if dark:
                blank = "\u2502" + " " * text.width + "\u2502"
                screen = [screen[0]] + [blank] * (len(screen) - 2) + [screen[-1]]
        below = pad(device.app.screen.keys()) + list(LEGEND)
        below.append("power cycle: off, and on again..." if dark else self.message)
        below.append("data channel: %s   state: %s" % (device.serial_path, device.state_dir))
        gap = [""] if len(screen) + len(below) < rows else []
        lines = screen + gap + below
        return [self._clip(line, columns) for line in lines[:rows]]

    @staticmethod
    def _clip(line: str, columns: int) -> str:
        if visible(line) <= columns:
            return line
        if "\x1b" not in line:
            return line[:columns]
        # A coloured line: keep its codes, drop the characters past the edge.
        out, seen = [], 0
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b"):
                out.append(part)
            else:
                room = columns - seen
                out.append(part[:max(room, 0)])
                seen += len(part)
        return "".join(out) + "\x1b[0m"


def _size(fd: int) -> tuple[int, int]:
    # A terminal that gives no size (0 x 0, or none at all) is taken as 80 x 24.
    try:
        size = os.get_terminal_size(fd)
    except OSError:
        return 80, 24
    return size.columns or 80, size.lines or 24


def run(device: SimDevice, out=None) -> int:
    out = out or sys.stdout
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    face = TerminalFace(device)
    shown = None
    try:
        tty.setcbreak(fd)
        # The alternate screen: Q gives the terminal back as it was before.
        out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        while True:
            device = face.device
            size = _size(fd)
            picture = (device.display.refreshes, device.app.screen.keys(), device.serial_path,
                       face.message, size)
            if picture != shown:
                if shown is None or size != shown[-1]:
                    out.write("\x1b[2J")           # a resize: nothing of the old layout stays
                shown = picture
                _draw(out, face.lines(*size))
            for key in read_keys(fd, 0.02):
                if key in RESET:
                    # A real power cycle: the screen goes dark before the board boots.
                    _draw(out, face.lines(*size, dark=True), clear=True)
                    time.sleep(PAUSE)
                if not face.press(key):
                    return 0
            face.device.step()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[2J\x1b[?25h\x1b[?1049l")
        out.flush()
        face.device.close()


def _draw(out, lines: list[str], clear: bool = False) -> None:
    # Each line cleared to its end, and everything below the last: a face with
    # fewer lines than the one before leaves none of it behind.
    out.write(("\x1b[2J" if clear else "") + "\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
    out.flush()

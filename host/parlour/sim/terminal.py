"""The terminal face: the screen drawn with Unicode half blocks (two pixel rows per
character row), the pad's keys on the keyboard. Works over SSH and in tmux."""

from __future__ import annotations

import os
import select
import sys
import termios
import time
import tty

from .device import SimDevice

# The pad's 3x4 keys on the keyboard's left-hand block.
KEYMAP = {"1": 0, "2": 1, "3": 2, "q": 3, "w": 4, "e": 5, "a": 6, "s": 7, "d": 8,
          "z": 9, "x": 10, "c": 11, "\x7f": 9, "\x08": 9, "u": 9, "m": 10}
TURNS = {"\x1b[C": 1, "\x1b[D": -1, "\x1b[A": -1, "\x1b[B": 1, ".": 1, ",": -1,
         ">": 1, "<": -1}
PRESS = ("\r", "\n", " ")
QUIT = ("\x03", "\x04", "Q")
RESET = ("R",)
LEGEND = ("keys 1 2 3 / q w e / a s d / z x c = pad keys 0..11   z or Backspace = Undo",
          "x = Menu   c = OK   arrows or , . = turn   Enter/Space = press   R = power cycle"
          "   Q = quit")


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
            cells.append("[%s %-5s]" % ("123qweasdzxc"[key], labels[key][:5]))
        rows.append(" ".join(cells))
    return rows


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


def run(device: SimDevice, out=None) -> int:
    out = out or sys.stdout
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    import shutil

    columns = shutil.get_terminal_size((132, 50)).columns
    scale = max(2 if device.board == "tft" else 1, -(-device.display.width // columns))
    shown = None
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?25l\x1b[2J")
        while True:
            picture = (device.display.refreshes, device.app.screen.keys(), device.serial_path)
            if picture != shown:
                shown = picture
                lines = halfblocks(device.display, scale)
                lines += [""] + pad(device.app.screen.keys()) + [""] + list(LEGEND)
                lines.append("data channel: %s   state: %s" % (device.serial_path,
                                                               device.state_dir))
                out.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K")
                out.flush()
            for key in read_keys(fd, 0.02):
                device = handle(device, key)
                if device is None:
                    return 0
            device.step()
            time.sleep(0)
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[?25h\n")
        out.flush()
        if device is not None:
            device.close()

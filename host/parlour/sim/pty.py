"""The simulated device's data channel: the master side of a real pseudo-terminal,
looking like CircuitPython's usb_cdc.Serial to the firmware. The laptop tools open
the slave path exactly as they would open /dev/ttyACM1."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import termios
import time
import tty


class PtySerial:
    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no newline translation (see the notes)
        self.path = os.ttyname(self.slave)
        os.set_blocking(self.master, False)
        self.timeout = None
        self.write_timeout = None
        self.closed = False

    @property
    def connected(self) -> bool:
        return not self.closed

    @property
    def in_waiting(self) -> int:
        if self.closed or not select.select([self.master], [], [], 0)[0]:
            return 0
        raw = fcntl.ioctl(self.master, termios.FIONREAD, b"\0\0\0\0")
        return struct.unpack("i", raw)[0]

    def read(self, size: int = 1) -> bytes:
        if self.closed or size <= 0:
            return b""
        try:
            return os.read(self.master, size)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> int:
        # As usb_cdc.Serial: write_timeout None waits until all is written, 0 writes
        # what fits now, a number of seconds waits at most that long.
        if self.closed:
            return 0
        deadline = None if self.write_timeout is None else time.monotonic() + self.write_timeout
        written = 0
        while written < len(data):
            try:
                written += os.write(self.master, data[written:])
                continue
            except BlockingIOError:
                pass
            except OSError:
                break
            if deadline is not None and time.monotonic() >= deadline:
                break
            select.select([], [self.master], [], 0.05)
        return written

    def reset_input_buffer(self) -> None:
        while self.in_waiting:
            self.read(self.in_waiting)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            os.close(self.master)
            os.close(self.slave)

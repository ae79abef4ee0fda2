"""The transport over a serial port, opened by URL (pyserial's serial_for_url): a real
path such as /dev/ttyACM1 or COM5, the simulator's pseudo-terminal, or loop:// and
socket:// in tests."""

from __future__ import annotations

import os
import time

import serial

from parlour_wire.frame import Decoder, encode

from ..errors import ParlourError
from .transport import Transport

MAX_FRAME = 4 << 20     # the longest line taken from a device (a match is far less)
TICK = 0.02             # how long one read waits for a first byte

try:    # a port whose device is gone fails in three ways (see _gone)
    import termios

    GONE: tuple[type[BaseException], ...] = (OSError, termios.error)
except ImportError:     # Windows: pyserial's own errors are OSErrors
    GONE = (OSError,)


class SerialTransport(Transport):
    def __init__(self, url: str, timeout: float = 3.0, retries: int = 4):
        super().__init__(timeout, retries)
        self.name = f"device at {url}"
        self.url = url
        try:
            self.port = serial.serial_for_url(url, baudrate=115200, timeout=TICK,
                                              write_timeout=timeout, exclusive=True,
                                              do_not_open=False)
        except serial.SerialException as e:
            raise ParlourError(_open_failure(url, e)) from None
        self.decoder = Decoder(MAX_FRAME)
        self.items: list = []

    def send_frame(self, body: dict) -> None:
        line = encode(body)
        try:
            self.port.write(line)
            self.port.flush()
        except GONE as e:
            raise _gone(self.url, e) from None
        self.sent_bytes += len(line)

    def recv_frame(self, timeout: float):
        deadline = time.monotonic() + timeout
        while not self.items:
            try:   # all that is waiting, or one byte within a tick
                data = self.port.read(self.port.in_waiting or 1)
            except GONE as e:
                raise _gone(self.url, e) from None
            if data:
                self.received_bytes += len(data)
                self.items = self.decoder.feed(data)
            elif time.monotonic() >= deadline:
                return None
        return self.items.pop(0)

    def close(self) -> None:
        try:
            self.port.close()
        except GONE:
            pass    # already gone: there is nothing left to close


def _gone(url: str, error: BaseException) -> ParlourError:
    """The device end went away mid-request (a cable pulled, a board reset, a simulator
    stopped). pyserial says so as an OSError from in_waiting, a SerialException from
    read and write, and termios.error from flush's tcdrain; all are this one message."""
    code = getattr(error, "errno", None)
    if code is None and error.args and isinstance(error.args[0], int):
        code = error.args[0]      # termios.error is (errno, text)
    why = os.strerror(code) if isinstance(code, int) and code > 0 else "disconnected"
    if isinstance(error, serial.SerialTimeoutException):
        why = "it stopped taking data"
    return ParlourError(f"the device at {url} went away ({why}): plug it in again and retry")


def _open_failure(url: str, error: Exception) -> str:
    text = str(error)
    if "denied" in text.lower() or "permission" in text.lower():
        return (f"no permission to open {url}: on Linux, join the group that owns it (often "
                "`sudo usermod -aG dialout $USER`, then log in again)")
    if "lock" in text.lower() or "busy" in text.lower():
        return (f"the port {url} is busy: close the program using it (another `parlour "
                "sync`, a serial terminal), then retry")
    if "No such file" in text or "could not open" in text.lower():
        return f"no device at {url}: is it plugged in? `parlour devices` lists the boards found"
    return f"cannot open {url}: {text}"

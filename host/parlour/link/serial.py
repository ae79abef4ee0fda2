"""The transport over a serial port, opened by URL (pyserial's serial_for_url): a real
path such as /dev/ttyACM1 or COM5, the simulator's pseudo-terminal, or loop:// and
socket:// in tests."""

from __future__ import annotations

import time

import serial

from parlour_wire.frame import encode

from ..errors import ParlourError
from .frames import LineDecoder
from .transport import Transport

MAX_FRAME = 4 << 20     # the longest line taken from a device (a match is far less)
TICK = 0.02             # how long one read waits for a first byte


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
        self.decoder = LineDecoder(MAX_FRAME)
        self.items: list = []

    def send_frame(self, body: dict) -> None:
        line = encode(body)
        try:
            self.port.write(line)
            self.port.flush()
        except serial.SerialException as e:
            raise ParlourError(f"the device at {self.url} went away: {e}") from None
        self.sent_bytes += len(line)

    def recv_frame(self, timeout: float):
        deadline = time.monotonic() + timeout
        while not self.items:
            try:   # all that is waiting, or one byte within a tick
                data = self.port.read(self.port.in_waiting or 1)
            except serial.SerialException as e:
                raise ParlourError(f"the device at {self.url} went away: {e}") from None
            if data:
                self.received_bytes += len(data)
                self.items = self.decoder.feed(data)
            elif time.monotonic() >= deadline:
                return None
        return self.items.pop(0)

    def close(self) -> None:
        try:
            self.port.close()
        except serial.SerialException:
            pass


def _open_failure(url: str, error: Exception) -> str:
    text = str(error)
    if "lock" in text.lower() or "busy" in text.lower() or "denied" in text.lower():
        return (f"the port {url} is busy: close the program using it (another `parlour "
                "sync`, a serial terminal), then retry")
    if "No such file" in text or "could not open" in text.lower():
        return f"no device at {url}: is it plugged in? `parlour devices` lists the boards found"
    return f"cannot open {url}: {text}"

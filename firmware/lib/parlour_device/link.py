# The USB data channel (usb_cdc.data), polled without blocking: timeout 0, read
# only what is waiting, answer whole lines. The laptop's sync protocol plugs in as
# app.on_line; until then the device answers `status` with one JSON line.
import json

try:
    from typing import Any, Optional
except ImportError:
    pass

MAX_LINE = 4096


class Link:
    def __init__(self, serial: Any) -> None:
        self.serial = serial
        serial.timeout = 0
        serial.write_timeout = 0    # a laptop that stops reading must not stall the table
        self.buffer = b""           # requests read and not yet answered
        self.out = b""              # the part of a reply the laptop has not taken yet

    def poll(self, app: Any) -> None:
        # One reply at a time: while the laptop leaves a reply unread, its further
        # requests wait unread (in the USB buffers), so nothing piles up in RAM and
        # nothing is dropped.
        serial = self.serial
        if self.out and not self._flush():
            return
        buffer = self.buffer
        if buffer.find(b"\n") < 0:
            waiting = serial.in_waiting
            if not waiting:
                return
            data = serial.read(waiting)
            if not data:
                return
            buffer += data
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                if len(buffer) > MAX_LINE:
                    buffer = b""        # too long to be a request
                break
            line = buffer[:end].strip()
            buffer = buffer[end + 1:]
            if line:
                reply = answer(app, line)
                if reply is not None:
                    self.out = reply
                    if not self._flush():
                        break
        self.buffer = buffer

    def _flush(self) -> bool:
        # Send what the laptop will take now; True when nothing is left to send.
        serial = self.serial
        if not serial.connected:
            self.out = b""
            return True
        written = serial.write(self.out)
        if written:
            self.out = self.out[written:]
        return not self.out


def answer(app: Any, line: bytes) -> Optional[bytes]:
    handler = getattr(app, "on_line", None)
    if handler is not None:
        reply: Optional[bytes] = handler(line)
        return reply
    if line == b"status":
        return (json.dumps(app.status()) + "\n").encode()
    return b'{"error": "unknown request"}\n'

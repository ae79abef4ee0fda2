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
        self.buffer = b""

    def poll(self, app: Any) -> None:
        serial = self.serial
        waiting = serial.in_waiting
        if not waiting:
            return
        data = serial.read(waiting)
        if not data:
            return
        buffer = self.buffer + data
        while True:
            end = buffer.find(b"\n")
            if end < 0:
                break
            line = buffer[:end].strip()
            buffer = buffer[end + 1:]
            if line:
                reply = answer(app, line)
                if reply is not None and serial.connected:
                    serial.write(reply)
        if len(buffer) > MAX_LINE:
            buffer = b""
        self.buffer = buffer


def answer(app: Any, line: bytes) -> Optional[bytes]:
    handler = getattr(app, "on_line", None)
    if handler is not None:
        reply: Optional[bytes] = handler(line)
        return reply
    if line == b"status":
        return (json.dumps(app.status()) + "\n").encode()
    return b'{"error": "unknown request"}\n'

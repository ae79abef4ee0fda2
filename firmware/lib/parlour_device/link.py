# The USB data channel (usb_cdc.data), polled without blocking: timeout 0, read at
# most a receive buffer's worth a pass, write only what the laptop takes now. Only
# I/O lives here: lines come whole out of parlour_wire's Decoder, and the answers
# from parlour_device.sync, imported when the first frame comes (a device that never
# meets a laptop keeps that code off its heap). A plain `status` line, typed in a
# serial terminal, is answered with one JSON line.
import json

from parlour_wire.frame import Decoder

try:
    from typing import Any
except ImportError:
    pass

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_MAX_LINE = const(1024)     # the longest request taken (the laptop sends at most RX a time)
RX = 256            # bytes read a pass: no more than the USB receive buffer holds


class Link:
    def __init__(self, serial: Any) -> None:
        self.serial = serial
        serial.timeout = 0
        serial.write_timeout = 0    # a laptop that stops reading must not stall the table
        self.decoder = Decoder(_MAX_LINE)
        self.items: list[Any] = []  # requests read and not yet answered
        self.out: list[Any] = []    # the pieces of a reply the laptop has not taken yet
        self.taken = 0              # bytes of out[0] already taken
        self.sync: Any = None

    def poll(self, app: Any) -> None:
        # One reply at a time, and a pull's records one a pass: while the laptop
        # leaves a reply unread, its further requests wait unread (in the USB
        # buffers), so nothing piles up in RAM and nothing is dropped.
        if self.out and not self._flush():
            return
        sync = self.sync
        if sync is not None and sync.sending:
            self._send(sync.next())
            return
        if not self.items:
            serial = self.serial
            waiting = serial.in_waiting
            if not waiting:
                return
            data = serial.read(waiting if waiting < RX else RX)
            if not data:
                return
            self.items = self.decoder.feed(data)
        items = self.items
        while items:
            if not self._send(self.answer(app, items.pop(0))):
                return
            if self.sync is not None and self.sync.sending:
                return

    def answer(self, app: Any, item: Any) -> list[bytes]:
        if type(item) is bytes:
            if not item:
                return []
            if item == b"status":
                return [(json.dumps(app.status()) + "\n").encode()]
            return [b'{"error": "unknown request"}\n']
        if self.sync is None:
            from .sync import Sync
            self.sync = Sync(app, RX)
        reply: list[bytes] = self.sync.answer(item)
        return reply

    def _send(self, pieces: list[bytes]) -> bool:
        # Queue a reply and send what the laptop takes now; True when all went.
        self.out = pieces
        self.taken = 0
        return self._flush()

    def _flush(self) -> bool:
        serial = self.serial
        out = self.out
        if not serial.connected:
            # Nobody at the other end (DTR down): what was going is dropped, and so
            # is a pull under way; the laptop asks again when it comes back.
            self.out = []
            if self.sync is not None:
                self.sync.stop()
            return True
        while out:
            piece = out[0]
            taken = self.taken
            written = serial.write(memoryview(piece)[taken:] if taken else piece)
            if not written:
                return False
            taken += written
            if taken < len(piece):
                self.taken = taken
                return False
            out.pop(0)
            self.taken = 0
        return True

"""Every device operation, built on two primitives.

A Transport subclass supplies only send_frame(body) and recv_frame(timeout); this
base turns them into requests that are matched to their replies by sequence number
("re"), retried when a frame never comes or comes damaged, and refused with one
error a user can act on. The laptop asks, the device answers, one request in
flight at a time, and no request longer than the device's receive buffer.
"""

from __future__ import annotations

import json
import time

from parlour_wire import PROTOCOL, ROSTER_MAX
from parlour_wire.frame import encode
from parlour_wire.messages import message

from ..errors import ParlourError

MIN_PROTOCOL = 1        # the oldest device protocol this laptop speaks
RX_DEFAULT = 256        # a device's receive buffer until its hello says otherwise


class LinkError(ParlourError):
    """The link failed in a way that retrying this session will not mend."""


class FrameTimeout(LinkError):
    pass


class DeviceRefused(LinkError):
    def __init__(self, code: str, text: str):
        if code == "flash":
            message = ("the device's drive is read-only (maintenance mode): reset it without "
                       "holding a key, then try again")
        else:
            message = f"the device refused the request: {text} ({code})"
        super().__init__(message)
        self.code = code


class DeviceTooOld(LinkError):
    pass


class BrokenFrame(Exception):
    """A frame arrived damaged (the decoder's reason); the request is asked again."""


OLD_FIRMWARE = b'{"error": "unknown request"}'


class Transport:
    name = "device"

    def __init__(self, timeout: float = 3.0, retries: int = 4):
        self.timeout = timeout
        self.retries = retries
        self.n = 0
        self.rx = RX_DEFAULT
        self.sent_bytes = 0         # on the wire, both ways: the bench reads these
        self.received_bytes = 0

    # -- the two primitives ----------------------------------------------------------
    def send_frame(self, body: dict) -> None:
        raise NotImplementedError

    def recv_frame(self, timeout: float) -> dict | str | bytes | None:
        """The next item off the wire: a record, the decoder's reason for refusing a
        line (str), a line without a frame head (bytes), or None after `timeout`."""
        raise NotImplementedError

    def close(self) -> None:
        pass

    # -- requests ----------------------------------------------------------------------
    def _send(self, kind: str, fields: dict | None = None) -> int:
        self.n += 1
        body = message(kind, self.n, fields)
        if len(encode(body)) > self.rx:
            raise ValueError(f"a {kind} request longer than the device's receive buffer")
        self.send_frame(body)
        return self.n

    def _reply(self, n: int, deadline: float) -> dict:
        """The frame answering request n, skipping what answers older requests."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            item = self.recv_frame(left)
            if item is None:
                continue
            if isinstance(item, str):
                raise BrokenFrame(item)
            if isinstance(item, bytes):
                if item == OLD_FIRMWARE:
                    raise DeviceTooOld(f"the {self.name} answers only `status`: its firmware "
                                       f"predates sync (protocol {PROTOCOL}); update it with "
                                       "`parlour install`")
                continue
            if item.get("re") != n:
                continue
            if item.get("t") == "error":
                code = str(item.get("code"))
                if code in ("crc", "json", "long"):     # our request arrived damaged
                    raise BrokenFrame(code)
                raise DeviceRefused(code, str(item.get("msg")))
            return item

    def request(self, kind: str, fields: dict | None = None) -> dict:
        for _ in range(self.retries):
            n = self._send(kind, fields)
            try:
                return self._reply(n, time.monotonic() + self.timeout)
            except (TimeoutError, BrokenFrame):
                continue
        raise self.timeout_error()

    def timeout_error(self) -> FrameTimeout:
        return FrameTimeout(f"no whole answer from the {self.name} after {self.retries} tries "
                            f"of {self.timeout:g} s: unplug it and plug it in again, then "
                            "retry")

    # -- operations --------------------------------------------------------------------
    def hello(self) -> dict:
        reply = self.request("hello")
        proto = reply.get("proto")
        if not isinstance(proto, int) or proto < MIN_PROTOCOL:
            raise DeviceTooOld(f"the {self.name} speaks protocol {proto}, this parlour needs "
                               f"{MIN_PROTOCOL} or newer: update its firmware with "
                               "`parlour install`")
        if isinstance(reply.get("rx"), int) and reply["rx"] >= 64:
            self.rx = reply["rx"]
        return reply

    def set_time(self, now: int) -> dict:
        return self.request("time", {"now": now})

    def pull(self, after: int, most: int) -> tuple[list[dict], dict]:
        """One batch: the records after `after` (at most `most`) and the frame that
        ends it. A damaged or missing frame raises BrokenFrame or TimeoutError: the
        caller asks again, so nothing half-received is ever used."""
        n = self._send("pull", {"after": after, "max": most})
        records: list[dict] = []
        deadline = time.monotonic() + self.timeout
        while True:
            frame = self._reply(n, deadline)
            deadline = time.monotonic() + self.timeout   # each frame has its own time
            if frame.get("t") == "end":
                return records, frame
            if frame.get("t") == "rec":
                frame["m"] = self._stored(frame, deadline)
                records.append(frame)

    def _stored(self, head: dict, deadline: float) -> dict:
        """The line after a `rec` frame: the match as the device stores it."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            item = self.recv_frame(left)
            if item is None:
                continue
            if (not isinstance(item, dict) or "t" in item or item.get("seq") != head.get("seq")
                    or not isinstance(item.get("record"), dict)):
                raise BrokenFrame("stored")     # lost, or a repeated frame in its place
            return item

    def ack(self, upto: int) -> dict:
        return self.request("ack", {"upto": upto})

    def push_roster(self, names: list[str]) -> dict:
        if len(names) > ROSTER_MAX:
            raise ParlourError(f"a roster holds at most {ROSTER_MAX} names", exit_code=2)
        parts: list[list[str]] = [[]]
        for name in names:    # as many names a part as fit the receive buffer
            trial = parts[-1] + [name]
            body = message("roster", self.n + 1, {"names": trial, "more": True})
            if parts[-1] and len(encode(body)) > self.rx:
                parts.append([name])
            else:
                parts[-1] = trial
        reply: dict = {}
        for index, part in enumerate(parts):
            reply = self.request("roster", {"names": part, "more": index < len(parts) - 1})
        return reply

    def push_settings(self, settings: dict) -> dict:
        if len(json.dumps(settings)) > self.rx - 60:
            raise ParlourError("those settings do not fit one frame: push fewer at a time",
                               exit_code=2)
        return self.request("settings", {"settings": settings})

    def maintenance(self) -> dict:
        return self.request("maint")

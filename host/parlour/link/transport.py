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
from parlour_wire.messages import ACK_MAX, message

from ..errors import ParlourError

MIN_PROTOCOL = 2        # the oldest device protocol this laptop speaks (2: acks by digest)
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
                if code == "version":
                    raise self.too_old(None)
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
            raise self.too_old(proto)
        if not isinstance(reply.get("store"), str) or not isinstance(reply.get("dev"), str):
            raise DeviceTooOld(f"the {self.name} did not say which store it holds: update its "
                               "firmware with `parlour install`")
        if isinstance(reply.get("rx"), int) and reply["rx"] >= 64:
            self.rx = reply["rx"]
        return reply

    def too_old(self, proto: object) -> DeviceTooOld:
        said = "an older protocol" if proto is None else f"protocol {proto}"
        return DeviceTooOld(f"the {self.name} speaks {said}, this parlour needs "
                            f"{MIN_PROTOCOL} or newer: update its firmware with "
                            "`parlour install`")

    def set_time(self, now: int) -> dict:
        return self.request("time", {"now": now})

    def pull(self, after: int, most: int) -> tuple[list[dict], list[dict], dict]:
        """One batch: the records after `after` (at most `most`), the damaged ones the
        device named and set aside, and the frame that ends it. A damaged or missing
        frame raises BrokenFrame or TimeoutError: the caller asks again, so nothing
        half-received is ever used."""
        n = self._send("pull", {"after": after, "max": most})
        records: list[dict] = []
        damaged: list[dict] = []
        deadline = time.monotonic() + self.timeout
        while True:
            frame = self._reply(n, deadline)
            deadline = time.monotonic() + self.timeout   # each frame has its own time
            kind = frame.get("t")
            if kind == "end":
                return records, damaged, frame
            if kind == "bad":
                damaged.append(frame)
            elif kind == "rec":
                self._stored(frame, deadline)
                records.append(frame)

    def _stored(self, head: dict, deadline: float) -> None:
        """The line after a `rec` frame: the match exactly as the device stores it.
        Its CRC head must be the digest the `rec` frame named; then it is what the
        device holds, kept in head["body"] (text) and, when it is a match record of
        that number, parsed in head["m"] (else None: unusable, and said so)."""
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError
            item = self.recv_frame(left)
            if item is None:
                continue
            line = getattr(item, "line", b"")
            if not isinstance(item, dict) or line[:8].decode("ascii", "replace") != head.get("crc"):
                raise BrokenFrame("stored")     # lost, or a repeated frame in its place
            head["body"] = line[9:].decode("utf-8")
            usable = ("t" not in item and item.get("seq") == head.get("seq")
                      and isinstance(item.get("record"), dict))
            head["m"] = dict(item) if usable else None
            return

    def ack(self, recs: list[list]) -> dict:
        """Let the device free these records, named as [seq, digest]: as many acks as
        the receive buffer needs. -> the total freed and what the device still holds."""
        freed, left = 0, None
        parts: list[list[list]] = []
        for pair in recs:
            trial = (parts[-1] + [pair]) if parts else [pair]
            # Room kept for a retry's longer frame number.
            body = message("ack", self.n + 1000, {"recs": trial})
            if not parts or len(trial) > ACK_MAX or len(encode(body)) > self.rx:
                parts.append([pair])
            else:
                parts[-1] = trial
        for part in parts:
            reply = self.request("ack", {"recs": part})
            freed += int(reply.get("freed") or 0)
            left = reply.get("left")
        return {"freed": freed, "left": left}

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

    def restart(self, maint: bool) -> dict:
        """Restart the device now: into maintenance mode (the drive writable for the
        computer) or, with maint False, into parlour. Asked once: it does not answer
        again from the same boot."""
        n = self._send("restart", {"maint": maint})
        return self._reply(n, time.monotonic() + self.timeout)

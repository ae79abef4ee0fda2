"""The device's link on a serial double that takes only as much as a USB buffer would."""

from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG, stump_events
from parlour_device.app import App
from parlour_device.link import Link
from parlour_wire import frame, messages


class Wire:
    """usb_cdc.Serial as the link sees it: what the laptop sent waits in `incoming`;
    a write takes at most `room` bytes (what the laptop has read so far)."""

    def __init__(self):
        self.incoming = b""
        self.written = b""
        self.connected = True
        self.room = 1 << 30
        self.reads = []

    @property
    def in_waiting(self):
        return len(self.incoming)

    def read(self, n):
        self.reads.append(n)
        data, self.incoming = self.incoming[:n], self.incoming[n:]
        return data

    def write(self, data):
        taken = bytes(data[:self.room])
        self.written += taken
        return len(taken)


def device(matches=0, events=3):
    app = App(SimBoard(flash=MemFlash({}), nvm=bytearray(4096)))
    for _ in range(matches):
        app.new_match("stump", STUMP_CONFIG)
        for event in stump_events(events):
            assert app.submit(event) is None
        app.finish_match()
    wire = Wire()
    return app, wire, Link(wire)


def frames(wire):
    # What the device wrote, each `rec` frame with the stored match after it as "m".
    items = frame.Decoder(1 << 20).feed(wire.written)
    wire.written = b""
    out = []
    for item in items:
        if out and out[-1].get("t") == "rec" and "m" not in out[-1]:
            assert item["seq"] == out[-1]["seq"] and "t" not in item
            out[-1]["m"] = item
        else:
            out.append(item)
    return out


def ask(wire, kind, n, fields=None):
    wire.incoming += frame.encode(messages.message(kind, n, fields))

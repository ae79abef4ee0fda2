"""Shared by the device, journal and simulator tests: a scripted Stump match (real
rules core) and a flash that loses power at a chosen write."""

from doubles.memflash import InPlace, MemFlash
from parlour_rules.log import MatchLog

STUMP_CONFIG = {"players": 2, "dealer": 1}


def stump_events(turns=30):
    """A valid Stump match's events: setup, then turns that shuttle slide 0 between
    1 and 2 (10 stays in the gap, some turns play a gapper)."""
    log = MatchLog("stump", STUMP_CONFIG)
    events = [{"t": "setup", "slides": [1, 20]}]
    log.append(events[0])
    for i in range(turns):
        slide0 = log.view()["ring"]["slides"][0]
        turn = []
        if i % 3 == 0:
            turn.append({"t": "gapper", "card": 10})
        turn.append({"t": "discard", "card": 2 if slide0 == 1 else 1})
        turn.append({"t": "move", "slide": 0})
        for event in turn:
            log.append(event)
            events.append(event)
    return events


class PowerCut(BaseException):
    """The power went: nothing after this runs (BaseException: no handler catches it)."""


class CutFlash(MemFlash):
    """MemFlash that dies at write number `budget` (0-based): cleanly before it, or
    torn (half of an append/write's bytes land) when `tear` is set."""

    def __init__(self, files, budget=None, tear=False):
        super().__init__(files)
        self.budget = budget
        self.tear = tear
        self.ops = 0

    def _due(self):
        return self.budget is not None and self.ops == self.budget

    def _tick(self):
        if self._due():
            raise PowerCut()
        self.ops += 1

    def append(self, name, data):
        if self._due() and self.tear:
            super().append(name, data[: len(data) // 2])
            raise PowerCut()
        self._tick()
        super().append(name, data)

    def write(self, name, data):
        if self._due() and self.tear:
            super().write(name, data[: len(data) // 2])
            raise PowerCut()
        self._tick()
        super().write(name, data)

    def rename(self, old, new):
        self._tick()
        super().rename(old, new)

    def remove(self, name):
        self._tick()
        super().remove(name)

    def open_at(self, name, offset):
        return _CutWriter(self, super().open_at(name, offset))


class _CutWriter:
    """A file of CutFlash written in place: each write() is one of its writes."""

    def __init__(self, flash, out: InPlace):
        self.flash = flash
        self.out = out

    def write(self, data):
        if self.flash._due() and self.flash.tear:
            self.out.write(data[: len(data) // 2])
            raise PowerCut()
        self.flash._tick()
        return self.out.write(data)

    def seek(self, offset):
        self.out.seek(offset)

    def close(self):
        self.out.close()


def kept_bytes(journal, number):
    """A kept match's journal lines as the kept log holds them; None when not kept."""
    from parlour_device.mend import kept_listing, kept_log
    log = kept_log(journal)
    for kept, _, at, length in kept_listing(log):
        if kept == number and type(length) is int:
            return log.read(at, length)
    return None


def damage_kept(files, journal, number):
    """The kept match's lines turned to garbage in both copies of the kept log."""
    from parlour_device.mend import kept_listing, kept_log
    for kept, _, at, length in kept_listing(kept_log(journal)):
        if kept == number:
            for copy in ("parlour/s0/kept", "parlour/s1/kept"):
                data = bytearray(files[copy])
                data[at:at + length] = b"#" * length
                files[copy] = data


def prefs_head(drive):
    """The settings and roster as a drive folder holds them (parlour/s0/prefs)."""
    import json
    line = (drive / "parlour" / "s0" / "prefs").read_bytes().split(b"\n")[0]
    return json.loads(line[9:])

# The device's side of the sync protocol (docs/protocol.md), imported by the link
# when the first frame comes. Every request is checked by parlour_wire.messages
# before anything is done; the answers come from the app's journal, roster and
# settings. A pull is sent one record a pass of the app's loop, so a key never
# waits behind more than one, read from the flash a piece at a time; a record is
# freed only by an ack that names it with the digest of what the flash holds.
from parlour_wire import PROTOCOL, ROSTER_MAX
from parlour_wire.frame import encode, parts
from parlour_wire.messages import check_request, error, message

from . import VERSION
from .nvm import set_maintenance
from .prefs import valid_roster
from .records import free, sealed, set_aside, store_id, where
from .system import mem_free, uptime_ms

try:
    from typing import Any, Optional
except ImportError:
    pass

BATCH = 16      # records a pull sends at most
CHUNK = 512     # bytes of a record read from the flash (and checked, and sent) at a time
TEXTS = {"long": "line too long", "crc": "bad CRC", "json": "not a JSON object",
         "envelope": "needs v, n and t", "version": "newer protocol than the device's",
         "old": "older protocol than the device's: update parlour on the laptop",
         "unknown": "unknown request", "fields": "missing or mistyped fields",
         "roster": "not a roster", "settings": "not settings", "flash": "flash write failed",
         "nvm": "no nvm on this board"}
SWITCHES = ("sound", "lights")


class Sync:
    def __init__(self, app: Any, rx: int) -> None:
        self.app = app
        self.rx = rx            # bytes the link reads a pass: the laptop sends no more
        self.n = 0              # this side's frame count
        self.sending = False    # a pull under way
        self.queue: list[int] = []
        self.re = 0
        self.after = 0
        self.last = 0           # the last record of the pull under way
        self.count = 0
        self.more = 0           # records held after the pull under way
        self.bad = 0            # damaged records set aside in the pull under way
        self.buf: Any = None    # a piece of a record read from the flash (a pull only)
        # The records held, as listed at the session's hello (listing the folder
        # costs a new str per file on the board); a match finished during a sync
        # goes with the next one.
        self.held: "Optional[list[int]]" = None
        self.names: list[str] = []  # a roster arriving in parts

    def _frame(self, kind: str, fields: "Optional[dict[str, Any]]", re: Any) -> list[bytes]:
        self.n += 1
        return [encode(message(kind, self.n, fields, re))]

    def _error(self, code: str, re: Any) -> list[bytes]:
        self.n += 1
        return [encode(error(self.n, code, TEXTS.get(code, code), re))]

    def answer(self, item: Any) -> list[bytes]:
        # A checked frame (dict) or the decoder's reason for refusing one (str).
        if type(item) is str:
            return self._error(item, None)
        re = item.get("n")
        if type(re) is not int:
            re = None
        bad = check_request(item)
        if bad is not None:
            return self._error(bad, re)
        try:
            reply: list[bytes] = getattr(self, "on_" + item["t"])(item, re)
        except OSError:
            return self._error("flash", re)
        return reply

    # -- requests -----------------------------------------------------------------
    def on_hello(self, body: Any, re: int) -> list[bytes]:
        # "store" keys the records on the laptop: the store's identity, or the
        # board's for a store made before identities (it was the key then).
        app = self.app
        journal = app.journal
        held = self.held = journal.pending()
        return self._frame("hello", {
            "dev": app.board.uid, "store": store_id(journal) or app.board.uid, "fw": VERSION,
            "proto": PROTOCOL, "board": app.board.name,
            "oldest": held[0] if held else 0, "newest": held[-1] if held else 0,
            "count": len(held), "live": journal.live_seq, "heap": mem_free(),
            "heap_low": app.mem_low,
            "rx": self.rx, "batch": BATCH, "up": uptime_ms(), "boot": journal.boot,
            "acked": journal.acked(), "settings": app.settings}, re)

    def on_time(self, body: Any, re: int) -> list[bytes]:
        # The laptop's clock (seconds): matches finished from now on carry it.
        self.app.journal.offset = body["now"] * 1000 - uptime_ms()
        return self._frame("ok", None, re)

    def on_pull(self, body: Any, re: int) -> Any:
        after = body["after"]
        most = body["max"]
        if most > BATCH or most < 1:
            most = BATCH
        queue: list[int] = []
        held = self._held()
        more = 0
        for seq in held:
            if seq > after:
                if len(queue) < most:
                    queue.append(seq)
                else:
                    more += 1
        self.queue = queue
        self.more = more
        self.re = re
        self.after = after
        self.last = after
        self.count = 0
        self.bad = 0
        if self.buf is None:
            self.buf = bytearray(CHUNK)
        self.sending = True
        return self.next()

    def _held(self) -> list[int]:
        if self.held is None:
            self.held = self.app.journal.pending()
        return self.held

    def next(self) -> Any:
        # The next record of the pull. It is checked first (its CRC, a buffer at a
        # time, never whole in RAM), then goes as a `rec` frame naming its digest,
        # followed by the stored line itself, read from the flash a buffer at a time
        # as the laptop takes it (Piecewise); a damaged one is set aside and named
        # in a `bad` frame, so it never stands in the way of the rest. Last, the
        # frame that ends the batch.
        journal = self.app.journal
        flash = journal.flash
        buf = self.buf
        while self.queue:
            seq = self.queue.pop(0)
            spot = where(journal, seq)
            if spot is None:
                continue        # freed or set aside since the pull began
            size = spot[2]
            head = sealed(flash, spot, buf)
            self.n += 1
            self.last = seq
            if type(head) is str:
                self.bad += 1
                aside = set_aside(journal, seq, buf)
                self.app.dirty = True
                return [encode(message("bad", self.n, {"seq": seq, "size": size, "why": head,
                                                       "aside": aside}, self.re))]
            self.count += 1
            line: Any = None
            if not head:
                line = parts([(journal.raw(seq) or b"").rstrip(b"\n")])   # plain JSON
                size = 0
                for piece in line:
                    size += len(piece)
                head = line[0][0:8]
            out = parts([b'{"v": %d, "n": %d, "t": "rec", "re": %d, "seq": %d, "size": %d, '
                         b'"crc": "' % (PROTOCOL, self.n, self.re, seq, size) + head + b'"}'])
            return out + line if line else Piecewise(out, flash, spot, buf)
        self.sending = False
        self.buf = None
        return self._frame("end", {"after": self.after, "last": self.last, "count": self.count,
                                   "more": self.more, "bad": self.bad}, self.re)

    def stop(self) -> None:
        self.sending = False
        self.queue = []
        self.buf = None

    def on_ack(self, body: Any, re: int) -> list[bytes]:
        # A record is freed only when the ack names it with the digest of the line
        # the flash holds under its number: the laptop stored exactly those bytes.
        # A number alone frees nothing (a wiped store's old numbers, a second
        # device under the same id).
        app = self.app
        held = self._held()
        freed = free(app.journal, body["recs"], held)
        left = []
        for seq in held:
            if seq not in freed:
                left.append(seq)
        self.held = left
        app.dirty = True        # the Sync status screen counts what is left
        return self._frame("acked", {"freed": len(freed), "left": len(left)}, re)

    def on_roster(self, body: Any, re: int) -> list[bytes]:
        # A roster comes in parts that each fit the receive buffer; the last sets it.
        names = self.names + body["names"]
        if len(names) > ROSTER_MAX:
            self.names = []
            return self._error("roster", re)
        if body["more"]:
            self.names = names
            return self._frame("ok", None, re)
        self.names = []
        app = self.app
        if names and not valid_roster(names):
            return self._error("roster", re)
        if not app.set_roster(names):
            return self._error("flash", re)
        app.show("Names from laptop")
        return self._frame("ok", {"names": len(app.roster)}, re)

    def on_settings(self, body: Any, re: int) -> list[bytes]:
        # Switches are 0 or 1; "defaults" holds each game's option defaults
        # ({game: {option: number}}), kept for the options screens.
        pushed = body["settings"]
        for key in pushed:  # order-free: every key is checked before any is used
            value = pushed[key]
            if key in SWITCHES:
                if value != 0 and value != 1:
                    return self._error("settings", re)
            elif key == "bright":
                if value != 0 and value != 1 and value != 2:
                    return self._error("settings", re)
            elif key != "defaults" or not _defaults_ok(value):
                return self._error("settings", re)
        app = self.app
        for key in pushed:  # order-free
            app.settings[key] = pushed[key]
        if not app.save_settings():
            return self._error("flash", re)
        app.settings_changed()
        app.show("Settings from laptop")
        return self._frame("ok", None, re)

    def on_maint(self, body: Any, re: int) -> list[bytes]:
        if not set_maintenance(self.app.board.nvm, True):
            return self._error("nvm", re)
        self.app.show("Reset: drive opens")
        return self._frame("ok", {"reset": True}, re)

    def on_restart(self, body: Any, re: int) -> Any:
        # `parlour install`: restart now, into maintenance mode (the drive the
        # computer's) when asked, once the laptop has taken the reply.
        if body["maint"] and not set_maintenance(self.app.board.nvm, True):
            return self._error("nvm", re)
        self.app.show("Restarting")
        from .restart import ThenRestart  # loaded only to restart: off a sync's heap
        return ThenRestart(self._frame("ok", {"maint": body["maint"]}, re))


class Piecewise:
    # A record's reply as the link sends a reply (a list of pieces: it takes out[0]
    # and pops it once written): the rec frame, then the stored line read from the
    # flash into one buffer, a piece at a time, only as the laptop takes the last.
    def __init__(self, head: list[bytes], flash: Any, spot: "tuple[str, int, int]",
                 buf: Any) -> None:
        self.head = head
        self.flash = flash
        self.name = spot[0]
        self.at = spot[1]
        self.sent = 0
        self.left = spot[2]
        self.buf = buf
        self.piece: Any = None

    def __len__(self) -> int:
        return len(self.head) + (1 if self.left or self.piece is not None else 0)

    def __getitem__(self, index: int) -> Any:
        if self.head:
            return self.head[0]
        if self.piece is None:
            got = self.flash.read_into(self.name, self.at + self.sent, self.buf)
            if got <= 0:
                # Short of a failing flash this cannot be: end the line, so the
                # laptop sees it broken and asks again.
                self.left = 0
                self.piece = b"\n"
            else:
                if got > self.left:
                    got = self.left
                self.sent += got
                self.left -= got
                self.piece = memoryview(self.buf)[0:got]
        return self.piece

    def pop(self, index: int) -> Any:
        if self.head:
            return self.head.pop(0)
        piece = self.piece
        self.piece = None
        return piece


def _defaults_ok(value: Any) -> bool:
    if type(value) is not dict:
        return False
    for game in value:  # order-free
        options = value[game]
        if type(game) is not str or type(options) is not dict:
            return False
        for name in options:  # order-free
            if type(name) is not str or type(options[name]) is not int:
                return False
    return True

# The app loop: read keys and the encoder -> the current screen -> the rules core
# -> the journal -> redraw only when the frame changed; answer the serial link.
# Nothing here names a pin or blocks: the board module owns the hardware.
import gc

from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog, fold

from . import VERSION
from .games import close_game, forget, mark_resident, name_of, open_game, open_name
from .journal import MIN_ROOM, Entries, Journal
from .system import MEM_FREE, mem_free, ticks_after, ticks_reached
from .twin import ENOSPC
from .ui.caches import remember, room_for
from .ui.frame import (
    BLACK,
    BLUE,
    GREY,
    MEMO_SIZE,
    RECT,
    RED,
    TEXT,
    WHITE,
    Frame,
    dimmed,
    fit,
    led_colours,
)
from .ui.screen import Screen

try:
    from typing import TYPE_CHECKING, Any, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .boards.common import Board

MAX_KEPT = 200          # finished matches kept for the laptop (>= 50 promised)
FAULTS_LOGGED = 16      # faults written to the error log per boot (a loop must not wear the flash)
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_CHROME_KEPT = const(4)        # title lines and hint lines remembered (then started over)
_KEY_TEXTS_KEPT = const(16)    # the colour board's key labels ("7 Exch") remembered
_KEY_BACK = const(0x283040)    # behind a key's label on the colour board


class App:
    def __init__(self, board: "Board") -> None:
        self.board = board
        self.layout = board.layout
        self.flash = board.flash
        self.journal = Journal(board.flash, board.nvm, board.writable())
        self.renderer = board.renderer()
        self.match: Optional[MatchLog] = None
        self.number = 0     # the live match's number, its name from start to filing
        self.screen: Screen = Screen(self)
        self.message = ""
        self.dirty = True
        self.shown: Optional[list[Tuple[Any, ...]]] = None
        self.lit: Any = None            # what the key lights were last worked out from
        self._view: Optional[dict[str, Any]] = None
        self.memo: dict[Any, Any] = room_for(MEMO_SIZE)
        self._frame = Frame(self.layout, self.memo)
        # The title/message lines and the hint/key labels drawn so far, by what they
        # show: screens come and go with the same few, so each is drawn once.
        self._tops: dict[Any, Tuple[Any, ...]] = room_for(_CHROME_KEPT)
        self._bottoms: dict[Any, Tuple[Any, ...]] = room_for(_CHROME_KEPT)
        self._labels: Tuple[str, ...] = ()   # the key labels of the last frame composed
        self._top_message: Any = None        # what the last title part shows, and it
        self._top_title: Any = None
        self._top_part: Tuple[Any, ...] = ()
        self._chrome: Any = None             # the last (hint, labels), and its part
        self._bottom_part: Tuple[Any, ...] = ()
        # the colour board's key labels: their text items by (key, label), their boxes
        self._key_texts: dict[Any, Tuple[Any, ...]] = room_for(_KEY_TEXTS_KEPT)
        self._key_backs: list[Tuple[Any, ...]] = []
        # prefs.py is loaded to read or save them, and let go after: its code need
        # not sit on the heap through a match.
        from . import prefs
        self.settings: dict[str, Any]
        self.roster: list[str]
        self.settings, self.roster = prefs.load(self.journal)
        forget("parlour_device.prefs")
        self.mem_low = mem_free()      # the least free heap seen since boot
        self.measured = True
        self.faults = 0
        self.collect = False         # a collection due at the end of this pass
        self.link: Any = None
        if board.data is not None:
            from .link import Link
            self.link = Link(board.data)
        mark_resident()
        try:
            self.boot()
        except Exception as e:  # a match that cannot come back must not stop the table
            self.fault(e)

    # -- boot: straight back into the match ----------------------------------------
    def boot(self) -> None:
        try:
            records, dropped = self.journal.recover()
        except OSError:
            records, dropped = [], 0
            self.message = "Flash unreadable"
        if records:
            self.replay(records)
        if dropped:
            self.message = "Journal tail dropped"
        if not self.journal.writable:
            self.message = "Maintenance: no save"
        if self.journal.old_kept:
            # Matches kept in files of their own by the firmware before, into the
            # kept log (tried again at the next boot if the flash fails).
            from .kept import move_in
            try:
                move_in(self.journal)
            except OSError:
                pass
            self.journal.old_kept = False
            forget("parlour_device.kept")
            forget("parlour_device.filing")
        screen = None
        if self.match is not None:
            module = open_game(self.match.game_name)
            if module is not None:
                screen = module.resume(self)
        self.screen = screen if screen is not None else self.menu()
        self.screen.on_show()

    def replay(self, records: list[dict[str, Any]]) -> None:
        # The live match back from its log: its head, then its entries read back from
        # the flash as they are folded.
        head = records[0]
        number = head.get("no", head.get("n"))
        self.number = number if type(number) is int else 0
        journal = self.journal
        try:
            self.match = MatchLog(head.get("game"), head.get("config"), Entries(journal),
                                  held=True)
            return
        except OSError:
            self.message = "Match unreadable"
            return
        except RulesError as e:
            index = getattr(e, "index", None)
            if index is None:
                self.message = "Match unreadable"
                return
        good: list[dict[str, Any]] = []
        for event in journal.entries(journal.starts):
            if len(good) == index:
                break
            good.append({"k": "e", "e": event})
        journal.keep_records(head, good)
        self.match = MatchLog(head.get("game"), head.get("config"), Entries(journal), held=True)
        self.message = "Bad entry dropped"

    # -- input (called by the board's poll) ---------------------------------------
    def key(self, key: int) -> None:
        self.message = ""
        self._go(self.screen.on_key(key))

    def turn(self, delta: int) -> None:
        self.message = ""
        self._go(self.screen.on_turn(delta))

    def press(self) -> None:
        self.message = ""
        self._go(self.screen.on_press())

    def _go(self, screen: Optional[Screen]) -> None:
        if screen is not None and screen is not self.screen:
            self.screen = screen
            screen.on_show()
        self.dirty = True

    def step(self) -> None:
        self.board.poll(self)
        due = self.screen.due
        if due >= 0 and ticks_reached(self.board.ticks(), due):
            self.screen.due = -1
            self._go(self.screen.on_due())
        if self.link is not None:
            self.link.poll(self)
        if self.dirty:
            self.redraw()
            self.measured = False
        elif not self.measured:
            # Once after each key's work, while the table is idle (the screen drawn,
            # nothing pending): a collection then leaves only what is held, in one
            # piece with few holes. Left to the allocator, it comes in the middle of a
            # key, around that key's half-built objects, and the heap's free room ends
            # up in pieces too small for the next large block (issue 20: Stump needed
            # 196 KB without it, 142 KB with it, on CircuitPython's VM). It also makes
            # mem_low what is free when nothing but the held objects are left;
            # gc.mem_free() walks the whole heap's block table, so neither is done on
            # a key's own pass. (CPython's heap, in the simulator, needs neither.)
            self.measured = True
            if MEM_FREE is not None:
                gc.collect()
                free = int(MEM_FREE())
                if free < self.mem_low:
                    self.mem_low = free
        if self.collect:
            self.collect = False
            gc.collect()

    def run(self) -> None:
        while True:
            try:
                self.step()
            except Exception as e:  # a fault in one screen must not stop the table
                self.fault(e)

    def fault(self, error: Exception) -> None:
        # Show what went wrong, log it on the drive, and go back to the menu; the
        # journal is untouched, so the live match is still there to resume.
        self.faults += 1
        if self.faults <= FAULTS_LOGGED:
            try:
                from .errlog import note
                note(self.flash, error)
            except Exception:  # no log is better than no table
                pass
        self.screen = self.menu()
        self.message = ("Error: " + type(error).__name__)[:self.layout.cols]
        self.dirty = True

    # -- what screens call ------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        # The match's screen view, cached until the log changes ({} with no match).
        if self._view is None:
            self._view = self.match.screen_view() if self.match is not None else {}
        return self._view

    def read(self, function: Any, *args: Any) -> Any:
        # The live match read through a rules function of its state: a view that
        # takes arguments, or what an entry would do (nothing is entered). Only while
        # a match is live. Both names are CircuitPython's own: no new interned name.
        return function(self.match.state, *args)  # type: ignore[union-attr]

    def submit(self, event: dict[str, Any]) -> Optional[RulesError]:
        match = self.match
        if match is None:
            return self.refuse(RulesError("no_match", "No match running"))
        try:
            match.append(event)     # to the journal too: Entries
        except RulesError as e:
            return self.refuse(e)
        except OSError as e:
            try:
                match.state = fold(match.game, match.config, match.events)
            except OSError:
                pass
            if e.args and e.args[0] == ENOSPC:
                # the live log's fixed room is used up: filing the match still works
                return self.refuse(RulesError("log_full", "Match log full: file it"))
            return self.refuse(RulesError("flash", "Flash write failed"))
        self.changed()
        self.beep("ok")
        return None

    def undo(self) -> Optional[RulesError]:
        match = self.match
        if match is None or not len(match.events):
            return self.refuse(RulesError("no_undo", "Nothing to undo"))
        try:
            dropped = match.undo(1)     # in the journal too: Entries
        except OSError:
            return self.refuse(RulesError("flash", "Flash: not undone"))
        self.changed()
        # named by the screen, against the match as it is again before the event
        self.show("Undone: " + self.screen.describe(dropped[0]))
        return None

    def new_match(self, game: str, config: dict[str, Any]) -> Optional[RulesError]:
        if not self.board.writable():
            return self.refuse(RulesError("read_only", "Maintenance: no save"))
        if len(self.journal.pending()) >= MAX_KEPT or self.journal.room() < MIN_ROOM:
            return self.refuse(RulesError("full", "Full: sync first"))
        try:
            log = MatchLog(game, config)
        except RulesError as e:
            return self.refuse(e)
        if self.match is not None:
            try:
                self.journal.finish(self.match.record(False), "stopped", self.view())
            except OSError:
                return self.refuse(RulesError("flash", "Flash write failed"))
            self.match = None       # archived: what follows cannot go to its journal
            self.changed()
        elif self.journal.live_seq:
            # A match this firmware could not replay: kept for later, not overwritten.
            from .kept import stash
            try:
                stash(self.journal)
            except OSError:
                return self.refuse(RulesError("flash", "Flash write failed"))
        if open_name() != game:
            close_game()
        try:
            self.journal.begin(game, config)
        except OSError:
            return self.refuse(RulesError("flash", "Flash write failed"))
        log.events = Entries(self.journal)     # empty, as the log just begun
        self.match = log
        self.number = self.journal.live_seq
        self.changed()
        return None

    def finish_match(self, end: str = "won") -> Screen:
        if self.match is not None:
            try:
                self.journal.finish(self.match.record(False), end, self.view(), self.number)
            except OSError:
                self.refuse(RulesError("flash", "Flash write failed"))
                return self.screen
            self.match = None
            # The code is freed at the end of this pass of the loop, with no call
            # under way: the bench's WebAssembly collector cannot see the stack.
            close_game(False)
            self.collect = True
            self.changed()
            self.beep("end")
        return self.menu()

    def ticks(self) -> int:
        return self.board.ticks()

    def after(self, ms: int) -> int:
        # The ticks `ms` from now: a screen's `due`.
        return ticks_after(self.board.ticks(), ms)

    def seed(self) -> int:
        # A fresh 32-bit seed (1..2**32-1) for cuts and shuffles (C-3, C-5).
        return self.board.seed()

    def show(self, text: str) -> None:
        self.message = text
        self.dirty = True

    def menu(self) -> Screen:
        # The menus' code is held only while they show: a game's screens opening
        # drop it (games.open_game), and it loads again here.
        from .menus import MainMenu
        return MainMenu(self)

    def keep_for_later(self, swapping: bool) -> bool:
        # The live match kept for later (kept.py: loaded only for it).
        from .kept import keep_live
        return keep_live(self, swapping)

    def resume_kept(self, number: int, game: str) -> Optional[Screen]:
        from .kept import resume
        return resume(self, number, game)

    def match_name(self) -> str:
        # "Stump #7": how every screen names the live match, for its whole life.
        match = self.match
        return name_of(match.game_name if match is not None else "", self.number)

    def beep(self, kind: str) -> None:
        if self.settings.get("sound"):
            self.board.tone(kind)

    def tune(self, notes: Tuple[Tuple[int, int], ...]) -> None:
        # A screen's own tune, (hertz, ms) notes, played without blocking.
        if self.settings.get("sound"):
            self.board.play(notes)

    def refuse(self, error: RulesError) -> RulesError:
        if error.code == "flash" and not self.journal.writable:
            # maintenance mode: the drive is the computer's, the flash is not broken
            error = RulesError("read_only", "Maintenance: no save")
        self.show(error.message)
        self.beep("refuse")
        return error

    def changed(self) -> None:
        self._view = None
        self.dirty = True

    def settings_changed(self) -> None:
        # The key lights follow "lights" and "bright" at the next redraw.
        self.lit = None
        self.dirty = True

    # -- settings and roster (pushed by the laptop, or set on the device) -----------
    def option_default(self, game: str, name: str, fallback: int) -> int:
        # A game option's default as the laptop pushed it (settings "defaults"), else
        # the game's own.
        defaults = self.settings.get("defaults")
        options = defaults.get(game) if type(defaults) is dict else None
        value = options.get(name) if type(options) is dict else None
        return value if type(value) is int else fallback

    def save_settings(self) -> bool:
        from . import prefs
        return self._save(prefs, prefs.SETTINGS, self.settings)

    def set_roster(self, names: list[str]) -> bool:
        # An empty list brings back P1..P8; names that are no roster change nothing.
        from . import prefs
        names = list(names) or prefs.default_roster()
        if not prefs.valid_roster(names):
            forget("parlour_device.prefs")
            self.show("Not a roster")
            return False
        self.roster = names
        return self._save(prefs, prefs.ROSTER, self.roster)

    def _save(self, prefs: Any, name: str, value: Any) -> bool:
        saved = prefs.save(self.journal, name, value)
        forget("parlour_device.prefs")
        forget("parlour_device.mend", "parlour_device.reader")  # (prefs_log read the copies)
        if saved:
            return True
        self.show("Flash is read-only")
        return False

    def status(self) -> dict[str, Any]:
        return {"device": self.board.uid, "board": self.board.name, "firmware": VERSION,
                "pending": len(self.journal.pending()), "live": self.journal.live_seq,
                "mem_free": mem_free(), "mem_low": self.mem_low}

    # -- drawing ------------------------------------------------------------------
    def compose(self) -> Frame:
        # The title (or message) line, the screen's body, the hint and key labels.
        # The app's own parts are remembered by what they show, and the last of each
        # is checked first by identity: a key that changes neither costs two compares.
        frame = self._frame       # one Frame for good, a new list of items each time
        items = frame.items = []
        screen = self.screen
        message = self.message
        title = screen.title
        if message is not self._top_message or title is not self._top_title:
            self._top_message = message
            self._top_title = title
            key: Any = (message, title)
            part = self._tops.get(key)
            if part is None:
                part = remember(self._tops, _CHROME_KEPT, key, self._part(self._top))
            self._top_part = part
        items.extend(self._top_part)
        screen.draw(frame)
        chrome = screen.chrome()
        if chrome is not self._chrome:
            self._chrome = chrome
            self._labels = chrome[1]
            # A mono board draws the hint alone (the labels only light the keys).
            key = chrome if self.layout.colour else chrome[0]
            part = self._bottoms.get(key)
            if part is None:
                part = remember(self._bottoms, _CHROME_KEPT, key, self._part(self._bottom))
            self._bottom_part = part
        items.extend(self._bottom_part)
        return frame

    def _part(self, build: Any) -> Tuple[Any, ...]:
        part = Frame(self.layout)
        build(part)
        return tuple(part.items)

    def _top(self, frame: Frame) -> None:
        lay = self.layout
        message = self.message
        if lay.colour:
            frame.rect(0, 0, lay.width, 24, RED if message else BLUE)
            frame.text(4, 0, fit(message or self.screen.title, lay.cols), WHITE, 2)
        elif message:
            frame.rect(0, 0, lay.width, 12, WHITE)
            frame.text(0, 0, fit(message, lay.cols), BLACK)
        else:
            frame.text(0, 0, fit(self.screen.title, lay.cols), WHITE)
            frame.line(0, 11, lay.width - 1, 11, WHITE)

    def _bottom(self, frame: Frame) -> None:
        lay = self.layout
        hint, labels = self._chrome
        if not lay.colour:
            frame.text(0, lay.height - 12, fit(hint, lay.cols), WHITE)
            return
        hint_y = lay.body_top + lay.body_height
        frame.text(2, hint_y, fit(hint, lay.width // 6), GREY)
        # Each key's "7 Exch" item is kept by key and label: steps come and go with
        # the same few labels, and each one made anew is a new string (~35,000 fuel
        # on the board).
        items = frame.items
        texts = self._key_texts
        backs = self._key_backs
        if not backs:       # each key's box, made once
            for key in range(12):
                x, y, w, h = lay.key_box(key)
                backs.append((RECT, x, y, w, h, _KEY_BACK, True))
        for key in range(12):
            label = labels[key]
            if label:
                named = (key, label)
                item = texts.get(named)
                if item is None:
                    back = backs[key]
                    item = remember(texts, _KEY_TEXTS_KEPT, named,
                                    (TEXT, back[1] + 2, back[2], "%d %s" % named, WHITE, 1, -1))
                items.append(backs[key])
                items.append(item)

    def redraw(self) -> None:
        self.dirty = False
        frame = self.compose()
        if frame.items != self.shown:
            self.shown = frame.items
            if self.renderer is not None:
                self.renderer.draw(frame)
        # The screen's own key lights (whose turn, who deals, a claim's result), else
        # the keys that do something, lit by their role.
        lights = self.screen.lights()
        basis = lights if lights is not None else self._labels
        if basis != self.lit:
            self.lit = basis
            if not self.settings.get("lights"):
                self.board.leds(None)
                return
            colours = list(lights) if lights is not None else led_colours(self._labels)
            self.board.leds(dimmed(colours, self.settings.get("bright", 2)))

# The Great Galumphus's play screen (G-3..G-10): the device deals, calls and
# umpires; the seat keys claim. Timers run on the screen's `due`: a card shown
# long enough, a claim lock run out and the optional close timer each log the
# rules' own event ("timeout", or "next" for the close timer), so the log replays
# without a clock.
#
# One key scan, G-4: the board hands the app one key per call, in the order its
# scanner read them. A seat key is held back until the app's pass over that scan
# is done (the screen's due set to now: the app calls on_due once the board's
# keys are read, in the same pass), and the seat keys of one scan then go to the
# rules' scan(), which takes them in seat order from the dealer's left.

from parlour_rules.cards import GAL_CODES
from parlour_rules.galumphus import scan

from ...ui.frame import BLUE, GREEN, K_MENU, K_OK, K_UNDO, ORANGE, RED, WHITE, YELLOW
from ...ui.screen import Screen, ViewScreen
from . import draw
from .texts import (
    CALLS,
    K_PASS,
    PACK,
    RowLines,
    chromes,
    result_line,
    seat_cards,
    shorts,
    tune_of,
)

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_MASK = const(0x1FFFFFFF)           # the app's ticks wrap at 2**29
_ANIM_STEPS = const(4)              # the Snort Hound's slide, in steps of
_ANIM_MS = const(250)
STARS = ("CRO", "GAL", "TAS", "BUB")
DIM = 0x303030


class GalumphusPlay(ViewScreen):
    title = "Galumphus"

    def __init__(self, app: "Host") -> None:
        super().__init__(app)
        v = app.view()
        self.players: int = v["players"]
        self.short = shorts(v["names"])
        self.chromes = chromes(self.players)
        self._chrome = self.chromes["ready"]
        self.rows: "List[Tuple[str, int]]" = []   # the body lines (show / ready)
        self.head = 0           # lines of `rows` above the shown cards (show)
        self.top = 0            # the first line or page shown
        self.paged = False      # the shown cards paged by hand: no longer by the clock
        self.design = 0         # the design under the encoder (privilege naming)
        self.pending: "List[int]" = []     # seat keys of the scan being read
        self.t0 = 0             # when the phase (a show, a call) began, in ticks
        self.lock_t0 = 0        # when the half-made claim began
        self.anim = -1          # the Snort Hound's step, -1 when not sliding
        self.plain = True       # the last Star called carried its privilege (G-8)
        self._lights: "Any" = None
        self._rows = RowLines(app.layout.cols)
        self._shown_time = ""
        self._settled: "List[Tuple[Any, Tuple[str, int]]]" = []   # (claim, its line)

    # -- following the match ---------------------------------------------------------

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        # Once per new view (an event, an undo, a resume after a power cut: the
        # timers start again from now).
        now = self.app.ticks()
        phase = v["phase"]
        called = v["called"]
        if old is None or old["phase"] != phase or old["calls"] != v["calls"] or \
                old["show"] != v["show"]:
            self.t0 = now
            self.top = 0
            self.paged = False
        if v["lock"] is not None and (old is None or old["lock"] != v["lock"]):
            self.lock_t0 = now
        if old is not None and v["calls"] == old["calls"] + 1 and called is not None:
            # A new call: its tune; a Star carries its privilege unless the card
            # called before it was a Star too (G-8).
            self.plain = called not in STARS or old["called"] not in STARS
            self.app.tune(tune_of(GAL_CODES.index(called)))
            if called == "TAS" and self.plain:
                self.anim = 0
        if v["privilege"] is None or v["privilege"]["pick"] is None:
            self.design = 0
        if v["privilege"] is not None:
            self.title = draw.STAR_TITLES[v["privilege"]["star"]]
        elif old is None or old["privilege"] is None or old["calls"] != v["calls"] or \
                phase != "show":
            self.title = CALLS.text(v["calls"]) if v["calls"] else "Galumphus: deal"
        # else the cards a privilege's end deals show under the Star's title, with
        # what it settled
        self._lights = None
        self._lines(v)
        self._arm()

    def _lines(self, v: "Dict[str, Any]") -> None:
        # The lines of a show or of the wait for a call, made once per view.
        self._chrome = self._pick_chrome(v)
        phase = v["phase"]
        if phase == "over":
            return          # the end has its own screen
        settled = self._results(v)
        if phase != "show" and phase != "ready":
            return          # a call or a privilege is drawn from the view
        short = self.short
        out: "List[Tuple[str, int]]" = []
        if v["calls"] == 0:
            out.append(("Star: " + short[v["dealer"]] + " deals", YELLOW))
        called = v["called"]
        if called == "TAS" and self.plain:
            out.append(("Snort Hound: moved >", ORANGE))
        elif called in STARS and not self.plain:
            out.append(("Star after Star", ORANGE))
            returned = v["returned"]
            out.append(("back: " + " ".join(returned) if returned else "no duplicates",
                        WHITE))
        wrong = False
        for claim, line in settled:
            out.append(line)
            if claim["result"] == "wrong" and claim["card"] is not None:
                wrong = True
        if wrong:
            out.append((short[v["dealer"]] + " deals now", YELLOW))
        if v["phase"] == "show":
            self.head = len(out)
            colour = ORANGE if v["privilege"] is not None else WHITE
            for text in seat_cards(short, v["show"]):
                out.append((text, colour))
        else:
            self.head = len(out)
            if not v["last"] and v["calls"]:
                out.append(("Dealer " + short[v["dealer"]], YELLOW))
            out.append((PACK.text(v["pack"]), WHITE))
            if v["end_offer"]:
                out.append(("quiet pass: 8 ends", ORANGE))
            out.extend(self._rows.lines(v, short))
        self.rows = out

    def _results(self, v: "Dict[str, Any]") -> "List[Tuple[Any, Tuple[str, int]]]":
        # The settled claims' lines, each made once: a claim settled before this
        # view keeps its dict (the rules' screen_view), and so its line. They are
        # made under a privilege too, a naming at a time, so that its end (which
        # shows them all) makes only the last.
        settled = v["last"]
        kept = self._settled
        made: "List[Tuple[Any, Tuple[str, int]]]" = []
        for i in range(len(settled)):
            claim = settled[i]
            if i < len(kept) and kept[i][0] is claim:
                made.append(kept[i])
            else:
                made.append((claim, result_line(v, self.short, claim)))
        self._settled = made
        return made

    def _pick_chrome(self, v: "Dict[str, Any]") -> "Tuple[str, Tuple[str, ...]]":
        ch = self.chromes
        phase = v["phase"]
        if self.anim >= 0:
            return ch["anim"]
        if phase == "show":
            self._shown_time = ""
            return ch["show"]
        if phase == "call":
            return ch["lock"] if v["lock"] is not None else ch["call"]
        if phase == "priv":
            return ch["seat"] if v["privilege"]["pick"] is None else ch["name"]
        return ch["end"] if v["end_offer"] else ch["ready"]

    # -- timers ------------------------------------------------------------------------

    def _since(self, t: int) -> int:
        return (self.app.ticks() - t) & _MASK

    def _room(self) -> int:
        return max(1, self.app.layout.rows - 2)

    def _pages(self) -> int:
        # A page: four seats' cards (G-3) under as many head lines as fit; more
        # head lines than that (a call's results) take further pages.
        cards = len(self.rows) - self.head
        room = self._room()
        return max(1, (cards + 1) // 2, (self.head + room - 1) // room)

    def _arm(self) -> None:
        # The next time something on screen changes by itself: a second of a
        # countdown, a page of shown cards, the end of a show or a lock.
        v = self.sv
        app = self.app
        if self.pending:
            self.due = app.after(0)
            return
        if self.anim >= 0:
            self.due = app.after(_ANIM_MS)
            return
        phase = v["phase"]
        left = -1
        if phase == "show":
            total = v["show_ms"]
            pages = self._pages()
            spent = self._since(self.t0)
            page_ms = max(1, total // pages)
            page = min(spent // page_ms, pages - 1)
            left = min(total - spent, (page + 1) * page_ms - spent)
        elif phase == "call":
            if v["lock"] is not None:
                left = v["lock_ms"] - self._since(self.lock_t0)
            elif v["close_ms"]:
                left = v["close_ms"] - self._since(self.t0)
        if left < 0 and phase != "show" and phase != "call":
            self.due = -1
            return
        if left < 0:
            left = 0
        # the countdown shows whole seconds: wake at the next one
        self.due = app.after(min(left, 1 + (left - 1) % 1000) if left > 0 else 0)

    def on_due(self) -> "Optional[Screen]":
        if self.pending:
            return self._flush()
        if self.anim >= 0:
            self.anim += 1
            if self.anim >= _ANIM_STEPS:
                self.anim = -1
                self.t0 = self.app.ticks()      # the cards dealt after it show now
                self._chrome = self._pick_chrome(self.sv)
            self._arm()
            return None
        v = self.view()
        phase = v["phase"]
        if phase == "show":
            total = v["show_ms"]
            spent = self._since(self.t0)
            if spent >= total:
                return self._submit({"t": "timeout"})
            if not self.paged:
                pages = self._pages()
                page_ms = max(1, total // pages)
                self.top = min(spent // page_ms, pages - 1)
        elif phase == "call":
            if v["lock"] is not None:
                if self._since(self.lock_t0) >= v["lock_ms"]:
                    return self._submit({"t": "timeout"})
            elif v["close_ms"] and self._since(self.t0) >= v["close_ms"]:
                return self._submit({"t": "next"})
        self._arm()
        return None

    def countdown(self) -> str:
        v = self.sv
        if v["phase"] == "show":
            return draw.countdown(v["show_ms"] - self._since(self.t0))
        if v["lock"] is not None:
            return draw.countdown(v["lock_ms"] - self._since(self.lock_t0))
        return draw.countdown(v["close_ms"] - self._since(self.t0))

    # -- input -------------------------------------------------------------------------

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        if self.app.submit(event) is None:
            return self._after()
        return None

    def _after(self) -> "Optional[Screen]":
        if self.view()["phase"] == "over":
            from .results import GameOver
            return GameOver(self.app, self._rows, self.short)
        return None

    def _flush(self) -> "Optional[Screen]":
        # The seat keys of one scan, in seat order from the dealer's left (G-4).
        seats = self.pending
        self.pending = []
        if self.app.match is None:
            return None
        if len(seats) == 1:
            screen = self._submit({"t": "key", "seat": seats[0]})
            self._arm()
            return screen
        _, events, refused = self.app.read(scan, seats)
        for event in events:
            self.app.submit(event)
        if refused:
            self.app.show(refused[0][1].message)
            self.app.beep("refuse")
        screen = self._after()
        self._arm()
        return screen

    def on_key(self, key: int) -> "Optional[Screen]":
        if key < self.players:
            if not self.pending:
                self.due = self.app.after(0)
            if key not in self.pending:
                self.pending.append(key)
            return None
        if self.pending:
            screen = self._flush()
            if screen is not None:
                return screen
        v = self.view()
        if self.anim >= 0:
            # a key ends the Snort Hound's slide and does its own work
            self.anim = -1
            self.t0 = self.app.ticks()
            self._chrome = self._pick_chrome(v)
            self._arm()
        phase = v["phase"]
        if key == K_OK:
            if phase == "priv":
                return self._submit({"t": "name", "card": GAL_CODES[self.design]})
            return self._submit({"t": "next"})
        if key == K_PASS:
            if phase == "ready" and v["end_offer"]:
                return self._submit({"t": "end"})
            return self._submit({"t": "pass"})
        if key == K_UNDO:
            # C-4: only a claim of the open call (or a seat picked under a
            # privilege): a closed call cannot be undone.
            if not v["undo"]:
                # an open call whose claims are all undone, or no call yet: there
                # is nothing to undo; after a call closed, that is why
                closed = v["calls"] and v["phase"] != "call"
                self.app.show("call closed: no undo" if closed else "Nothing to undo")
                self.app.beep("refuse")
                return None
            self.app.undo()
            self.view()
            return None
        if key == K_MENU:
            from .results import GameMenu
            return GameMenu(self.app, self, self._rows, self.short)
        if key < 8:
            self.app.show("no seat on that key")
            self.app.beep("refuse")
        return None

    def on_turn(self, delta: int) -> "Optional[Screen]":
        v = self.view()
        if v["phase"] == "priv":
            self.design = (self.design + delta) % 11
            return None
        if v["phase"] == "show":
            # a page turned by hand stays until the next turn: the clock pages
            # only a show nobody has paged
            self.paged = True
            self.top = (self.top + delta) % self._pages()
            return None
        rows = self.app.layout.rows
        self.top = max(0, min(self.top + delta, len(self.rows) - rows))
        return None

    # -- drawing -----------------------------------------------------------------------

    def hint(self) -> str:
        return self._chrome[0]

    def keys(self) -> "Tuple[str, ...]":
        return self._chrome[1]

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return self._chrome

    def draw(self, frame: "Any") -> None:
        v = self.view()
        if v["phase"] == "over":
            return
        if self.anim >= 0:
            draw.snort(frame, v, self.anim, _ANIM_STEPS)
            return
        phase = v["phase"]
        if phase == "call":
            draw.call(frame, v, self._status(v))
        elif phase == "priv":
            draw.privilege(frame, v, self.short, self.design)
        elif phase == "show":
            self._draw_show(frame)
        else:
            draw.lines(frame, self.rows, self.top)

    def _draw_show(self, frame: "Any") -> None:
        # Four seats a page (G-3) under as many head lines as there is room for,
        # and the time left.
        rows = self.rows
        head = self.head
        room = self._room()
        at = min(self.top * room, max(0, head - room))
        page: "List[Tuple[str, int]]" = list(rows[at:min(head, at + room)])
        card_pages = max(1, (len(rows) - head + 1) // 2)
        start = head + 2 * min(self.top, card_pages - 1)
        page.extend(rows[start:start + 2])
        draw.lines(frame, page, 0)
        lay = frame.layout
        if lay.colour:
            # under the six rows; the hint keeps its key labels drawn once a show
            text = self.countdown()
            if self._pages() > 1:
                text = "%d/%d %s" % (self.top + 1, self._pages(), text)
            frame.text(lay.width - 6 * len(text) - 4, lay.body_top + lay.body_height - 12,
                       text, WHITE, 1)
        else:
            self._show_hint()

    def _show_hint(self) -> None:
        # The page and the time left on the hint line, made again only when they
        # change (once a second at most: a timer's step, never a click).
        text = self.countdown()
        if self._pages() > 1:
            text = "%d/%d %s" % (self.top + 1, self._pages(), text)
        if text != self._shown_time:
            self._shown_time = text
            self._chrome = (("11:hide turn " if self._pages() > 1 else "11:hide ") + text,
                            self.chromes["show"][1])

    def _status(self, v: "Dict[str, Any]") -> "List[Tuple[str, int]]":
        short = self.short
        out: "List[Tuple[str, int]]" = []
        lock = v["lock"]
        if lock is not None:
            out.append((short[lock] + ">? " + self.countdown(), ORANGE))
        claims = v["claims"]
        if claims:
            last = claims[-1]
            out.append(("%d: %s>%s" % (len(claims), short[last[0]], short[last[1]]),
                        WHITE))
        elif lock is None:
            out.append(("dealer " + short[v["dealer"]], YELLOW))
        if v["close_ms"] and lock is None:
            out.append(("closes " + self.countdown(), WHITE))
        return out

    def lights(self) -> "Optional[Tuple[int, ...]]":
        # Seat keys: the dealer yellow; a claimant blue, the one holding the pad
        # orange; after a call, each claimant's key green (right) or red (wrong).
        v = self.view()
        kept: "Optional[Tuple[int, ...]]" = self._lights
        if kept is not None and self.sv is v:
            return kept
        colours = [0] * 12
        for seat in range(self.players):
            colours[seat] = DIM
        colours[v["dealer"]] = YELLOW
        for claim in v["claims"]:
            colours[claim[0]] = BLUE
        if v["lock"] is not None:
            colours[v["lock"]] = ORANGE
        for claim in v["last"]:
            result = claim["result"]
            colours[claim["by"]] = GREEN if result == "right" else (
                RED if result == "wrong" else YELLOW)
        colours[K_UNDO] = WHITE if v["undo"] else 0
        colours[K_MENU] = BLUE
        colours[K_OK] = WHITE
        if v["lock"] is not None or v["phase"] == "priv" or v["end_offer"]:
            colours[K_PASS] = ORANGE
        lit = tuple(colours)
        self._lights = lit
        return lit

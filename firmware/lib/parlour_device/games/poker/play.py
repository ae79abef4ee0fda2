# Poker Rum / Gin's play screen: one show-down entered (R-4..R-7). The caller by
# his seat's key, then every player's deadwood with the encoder (the caller's
# first), seat to seat by key or with OK; once every count is in, the hand's
# payments as the rules core works them out, and OK sends the hand. A caller who
# shows more than the limit made a false call: the screen says so and OK
# sends that instead. Key 8 opens the rest (false call, void, ledger, settle-up).
#
# What costs on the board is a new string: the rows are a seat's text (made once
# per seat and mark) and its count (from a table), so a click makes none; the keys'
# labels and the hints are made once per screen.

from parlour_rules.errors import RulesError
from parlour_rules.poker.score import false_call, hand_deltas, transfers

from ...ui.caches import Numbered, remember, room_for
from ...ui.frame import (
    BLACK,
    BLUE,
    GREEN,
    GREY,
    K_OK,
    K_UNDO,
    LED_OK,
    LED_UNDO,
    RED,
    TEXT,
    WHITE,
    YELLOW,
)
from ...ui.screen import Screen, ViewScreen
from .more import More
from .results import HandDone
from .rows import clamp_top, draw_rows, keep_in_sight, tail_item
from .texts import column, false_line, named, outcome, payment, total_text

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

_K_MORE = const(8)
_SEATS = const(8)               # keys 0..7 are the seats
MOST = 100              # ten cards of at most 10 pips
CALLER = 0              # the stages of an entry: who called,
_COUNTS = const(1)              # every player's deadwood,
_PREVIEW = const(2)             # the payments, before OK sends them

# Key lights (dim, as the app's own, ui/frame.py): whose count is being entered, the caller,
# the dealer, the other seats, and the keys that do something.
_LED_FOCUS = const(0x003010)
_LED_CALLER = const(0x281800)
LED_DEALER = 0x000830
_LED_SEAT = const(0x080808)
_LED_MORE = const(0x081818)

_TITLES = {"rum": Numbered("Rum hand %d", 8), "gin": Numbered("Gin hand %d", 8)}
_OVER = {"rum": "Rum: match over", "gin": "Gin: match over"}
_VALUES = tuple(["%3d" % n for n in range(MOST + 1)])    # a count as a row ends it
_UNSET = "  ?"
_OVER_ROW = ("Match over: 8 settle", YELLOW)
_ROLES = (" ", "C", "D")        # a row's mark: nothing, the caller, the dealer


class PokerPlay(ViewScreen):
    title = "Poker"

    def __init__(self, app: "Host", cut_again: "Any" = None) -> None:
        super().__init__(app)
        # the options screen again when the cut is undone (from __init__.py, which
        # imports this module: passed in, not imported back)
        self.cut_again = cut_again
        self.caller = -1
        self.counts: "List[int]" = []
        self.done: "List[bool]" = []
        self.order: "List[int]" = []   # the seats confirmed, in order: 9 takes the last back
        self.focus = -1
        self.top = 0
        self.stage = CALLER
        self.ver = 0
        # Tables made at their size (a dict that grows frees its old table, and the
        # board's allocator then searches the heap from that hole on).
        self._texts: "Dict[int, str]" = room_for(3 * _SEATS)   # a row's text by seat * 3 + mark
        # the first row, ("Ann deals; who calls?", colour), by dealer
        self._heads: "Dict[int, Tuple[Any, ...]]" = room_for(_SEATS)
        self._lines: "Optional[List[Tuple[Any, ...]]]" = None
        self._event: "Optional[Dict[str, Any]]" = None
        self._refusal = ""
        self._chrome: "Tuple[str, Tuple[str, ...]]" = ("", ())
        # (hint, labels) by stage and whether OK sends: all made with the first view,
        # so the app finds the same tuple again whenever a stage comes back
        self._chromes: "List[Tuple[str, Tuple[str, ...]]]" = []
        self._lights: "Tuple[int, ...]" = ()
        # by stage, focus, caller and dealer in one number (no key tuple per key):
        # kept across hands, the deal goes round
        self._lit: "Dict[int, Tuple[int, ...]]" = room_for(16)
        self._body: "Optional[List[Any]]" = None   # the body's items, drawn at `_drawn`
        self._drawn = -1
        self._patch = False        # a click changed the focused row's count only

    # -- what the screen shows --------------------------------------------------------

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        # Once per new view (an event or an undo): the title, then the entry.
        n = len(v["players"])
        if len(self.counts) != n:
            self._clear(n)
        if not self._chromes:
            self._chromes = [self._make_chrome(v, key >> 1, not key & 1) for key in range(6)]
        self.title = _OVER[v["variant"]] if v["over"] else _TITLES[v["variant"]].text(
            v["hands"] + 1)
        self._changed()

    def _clear(self, n: int) -> None:
        # the lists emptied in place when they have the size (no new ones per hand)
        self.caller = -1
        if len(self.counts) == n:
            counts = self.counts
            done = self.done
            for seat in range(n):
                counts[seat] = 0
                done[seat] = False
            self.order.clear()
        else:
            self.counts = [0] * n
            self.done = [False] * n
            self.order = []
        self.focus = -1
        self.top = 0

    def _changed(self) -> None:
        # The entry changed: its stage, preview, keys and lights worked out again;
        # its rows when they are next drawn.
        v = self.sv
        self.ver += 1
        caller = self.caller
        if caller < 0:
            self.stage = CALLER
        elif (self.done[caller] and self.counts[caller] > v["threshold"]) or all(self.done):
            self.stage = _PREVIEW
        else:
            self.stage = _COUNTS
        self._event = None
        self._refusal = ""
        self._lines = None
        if self.stage == _COUNTS:
            self.top = keep_in_sight(self.top, self.focus, self.app.layout.rows)
        elif self.stage == _PREVIEW:
            self._lines = self._preview_lines(v)
            self.top = 0
        self._chrome = self._chromes[self.stage * 2 + (self._event is None)]
        lit = ((self.stage * 10 + self.focus + 1) * 10 + self.caller + 1) * 10 + v["dealer"]
        lights = self._lit.get(lit)
        if lights is None:
            lights = remember(self._lit, 16, lit, self._make_lights(v))
        self._lights = lights

    def lines(self) -> "List[Tuple[Any, ...]]":
        lines = self._lines
        if lines is None:
            if self.stage == CALLER:
                lines = self._caller_lines(self.sv)
            else:
                rows: "List[Any]" = [None] * len(self.counts)     # made at its size
                for seat in range(len(rows)):
                    rows[seat] = self._count_row(seat)
                lines = rows
            self._lines = lines
        return lines

    def _text(self, seat: int, mark: int) -> str:
        # "2 Cal          C": a seat's key, name and mark, made once per screen.
        text = self._texts.get(seat * 3 + mark)
        if text is None:
            width = self.app.layout.cols - 9
            text = self._texts[seat * 3 + mark] = "%d %s %s" % (
                seat, column(self.sv["players"][seat], width), _ROLES[mark])
        return text

    def _caller_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        names = v["players"]
        totals = v["totals"]
        dealer = v["dealer"]
        out: "List[Any]" = [None] * (len(names) + 1)      # made at its size
        if v["over"]:
            out[0] = _OVER_ROW
        else:
            row = self._heads.get(dealer)
            if row is None:
                head = "%s deals; who calls?" % names[dealer]
                if len(head) >= self.app.layout.cols:     # a long name: the hint asks
                    head = named(names[dealer], " deals", self.app.layout.cols - 1)
                row = self._heads[dealer] = (head, YELLOW)
            out[0] = row
        for seat in range(len(names)):
            out[seat + 1] = (self._text(seat, 2 if seat == dealer else 0),
                             BLUE if seat == dealer else WHITE, total_text(totals[seat]))
        return out

    def _count_row(self, seat: int) -> "Tuple[Any, ...]":
        mark = 1 if seat == self.caller else 2 if seat == self.sv["dealer"] else 0
        shown = self.done[seat] or seat == self.focus
        return (self._text(seat, mark), YELLOW if mark == 1 else WHITE,
                _VALUES[self.counts[seat]] if shown else _UNSET)

    def _preview_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        # The hand's payments as the rules core works them out (R-5..R-7); nothing sent.
        names = v["players"]
        cols = self.app.layout.cols - 1
        caller = self.caller
        counts = self.counts
        cfg = v["cfg"]
        if counts[caller] > v["threshold"]:
            # judged on the deadwood he shows
            deltas = false_call(caller, len(names), cfg["false_call"])
            head = (false_line(names[caller], cols), RED)
            self._event = {"t": "false_call", "caller": caller, "deadwood": counts[caller]}
        else:
            try:
                deltas, winners = hand_deltas(cfg, caller, counts)
            except RulesError as e:
                self._refusal = e.message
                return [(e.message, RED)]
            head = (outcome(names, caller, counts, winners, deltas, cols), GREEN)
            self._event = {"t": "hand", "caller": caller, "deadwood": list(counts)}
        pays = transfers(deltas, caller)
        out: "List[Any]" = [None] * (1 + (len(pays) or 1))     # made at its size
        out[0] = head
        for i in range(len(pays)):
            pay = pays[i]
            out[i + 1] = (payment(names, pay[0], pay[1], pay[2], cols), WHITE)
        if not pays:
            out[1] = ("No payments", GREY)
        return out

    def _make_chrome(self, v: "Dict[str, Any]", stage: int,
                     sends: bool) -> "Tuple[str, Tuple[str, ...]]":
        # once per stage for the screen's life: the names and the seats do not change
        n = len(self.counts)
        labels: "List[str]" = [""] * 12
        for seat in range(n if n < _SEATS else _SEATS):
            labels[seat] = v["players"][seat][:5]
        labels[_K_MORE] = "More"
        labels[K_UNDO] = "Undo" if stage == CALLER else "Back"
        labels[10] = "Menu"
        if stage == CALLER:
            hint = "keys 0-%d: who calls" % (n - 1)
        elif stage == _COUNTS:
            labels[K_OK] = "Next"
            hint = "turn 11:next 0-%d:seat" % (n - 1)
        else:
            labels[K_OK] = "Send" if sends else ""
            hint = "11:send 9:back 8:more"
        return hint, tuple(labels)

    def _make_lights(self, v: "Dict[str, Any]") -> "Tuple[int, ...]":
        n = len(self.counts)
        dealer = v["dealer"]
        out = [0] * 12          # made at its size
        for seat in range(n if n < _SEATS else _SEATS):
            if seat == self.focus and self.stage == _COUNTS:
                out[seat] = _LED_FOCUS
            elif seat == self.caller:
                out[seat] = _LED_CALLER
            elif seat == dealer:
                out[seat] = LED_DEALER
            else:
                out[seat] = _LED_SEAT
        out[_K_MORE] = _LED_MORE
        out[K_UNDO] = LED_UNDO
        out[10] = _LED_SEAT
        out[K_OK] = LED_OK if self.stage != CALLER else 0
        return tuple(out)

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        self.view()
        return self._chrome

    def hint(self) -> str:
        return self.chrome()[0]

    def keys(self) -> "Tuple[str, ...]":
        return self.chrome()[1]

    def lights(self) -> "Optional[Tuple[int, ...]]":
        self.view()
        return self._lights

    def draw(self, frame: "Any") -> None:
        self.view()
        body = self._body
        lines = self.lines()
        if body is None or self._drawn != self.ver:
            start = len(frame.items)
            draw_rows(frame, lines, self.top, self.focus if self.stage == _COUNTS else -1)
            self._body = frame.items[start:]
            self._drawn = self.ver
            self._patch = False
            return
        if self._patch:
            # a click: only the focused row's count is new (highlighted: black)
            self._patch = False
            lay = frame.layout
            item = tail_item(lay, len(lines), self.focus - self.top, lines[self.focus][2],
                             BLACK)
            for i in range(len(body)):
                old = body[i]
                if old[0] == TEXT and old[2] == item[2] and old[1] == item[1]:
                    body[i] = item
                    break
        frame.items.extend(body)

    # -- input ------------------------------------------------------------------------

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.view()
        if self.stage == _COUNTS:
            seat = self.focus
            count = self.counts[seat] + delta
            count = 0 if count < 0 else MOST if count > MOST else count
            if count != self.counts[seat]:
                self.counts[seat] = count
                self.lines()[seat] = self._count_row(seat)
                self._patch = True
        else:
            top = clamp_top(self.top + delta, len(self.lines()), self.app.layout.rows)
            if top != self.top:
                self.top = top
                self.ver += 1
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        self.view()
        if key < _SEATS:
            return self._seat(key)
        if key == K_OK:
            if self.stage == CALLER:
                self._refuse("Caller's key first")
            elif self.stage == _COUNTS:
                self._confirm()
            else:
                return self._send()
            return None
        if key == K_UNDO:
            if self.caller < 0:
                if self.app.undo() is None and self.cut_again is not None:
                    again: "Optional[Screen]" = self.cut_again(self.app)
                    if again is not None:
                        return again
                self.view()
            else:
                self._back()
            return None
        if key == _K_MORE:
            return More(self.app, self)
        return super().on_key(key)

    def _refuse(self, text: str) -> None:
        self.app.show(text)
        self.app.beep("refuse")

    def _seat(self, seat: int) -> "Optional[Screen]":
        n = len(self.counts)
        if seat >= n:
            self._refuse("Seats: keys 0-%d" % (n - 1))
            return None
        if self.sv["over"]:
            self._refuse("Match over: 8 settle")
            return None
        if self.stage == CALLER:
            self.caller = seat
            self.focus = seat
        elif self.stage == _PREVIEW and self._event is not None and \
                self._event["t"] == "false_call":
            # a false call needs no other count: back to the caller's
            self._undone(self.caller)
            self.focus = self.caller
        else:
            if self.stage == _PREVIEW:
                self._undone(seat)
            self.focus = seat
        self._changed()
        return None

    def _undone(self, seat: int) -> None:
        if self.done[seat]:
            self.done[seat] = False
            self.order.remove(seat)

    def _confirm(self) -> None:
        seat = self.focus
        if not self.done[seat]:
            self.done[seat] = True
            self.order.append(seat)
        n = len(self.counts)
        if not (seat == self.caller and self.counts[seat] > self.sv["threshold"]):
            # on to the next seat still to count, leftwards (C-1)
            for step in range(1, n):
                nxt = (seat + step) % n
                if not self.done[nxt]:
                    self.focus = nxt
                    break
        self._changed()

    def _back(self) -> None:
        if self.order:
            seat = self.order.pop()
            self.done[seat] = False
            self.focus = seat
        else:
            self._clear(len(self.counts))
        self._changed()

    def _sent(self, event: "Dict[str, Any]") -> bool:
        # The event sent; the entry starts over under the new view when it is next
        # shown (the hand's page comes first).
        if self.app.submit(event) is not None:
            return False
        self._clear(len(self.counts))
        v = self.app.view()
        if not v["over"]:
            # The next hand's entry made ready with this one (its title, lights and
            # balances), so coming back from the hand's page costs less.
            for total in v["totals"]:
                total_text(total)
            self.view()
        return True

    def _send(self) -> "Optional[Screen]":
        event = self._event
        if event is None:
            self._refuse(self._refusal)
            return None
        return HandDone(self.app, self) if self._sent(event) else None

    def void(self) -> bool:
        # the hand abandoned (the More screen's key).
        return self._sent({"t": "void"})

    def false_call(self) -> bool:
        # R-7 without a count: the table saw the caller was over the limit.
        if self.caller < 0:
            self._refuse("Caller's key first")
            return False
        event: "Dict[str, Any]" = {"t": "false_call", "caller": self.caller}
        if self.done[self.caller]:
            event["deadwood"] = self.counts[self.caller]
        return self._sent(event)

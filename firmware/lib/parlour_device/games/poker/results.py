# Poker's pages of lines: a hand's outcome with the next dealer, the running ledger,
# settle-up (R-8, fewest payments) and the question before the session is filed.
# Each goes back to the screen it was given, so nothing here imports the play screen.

from parlour_rules.settle import settle

from ...ui.caches import Numbered
from ...ui.frame import BLUE, GREEN, GREY, K_OK, K_UNDO, RED, WHITE, YELLOW
from ...ui.screen import Screen
from .rows import clamp_top, draw_rows
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

_K_PAGE = const(8)
# (hint, key labels) of each page, made once: the app finds the same tuple again.
_DONE_CHROME = ("11:next 8:ledger",
                ("", "", "", "", "", "", "", "", "Ledgr", "Undo", "Menu", "Next"))
_OVER_CHROME = ("11:settle 8:ledger",
                ("", "", "", "", "", "", "", "", "Ledgr", "Undo", "Menu", "Settl"))
_LEDGER_CHROME = ("turn 11:back 8:settle",
                  ("", "", "", "", "", "", "", "", "Settl", "Back", "Menu", "Back"))
_SETTLE_CHROME = ("turn 11:back 8:end",
                  ("", "", "", "", "", "", "", "", "End", "Back", "Menu", "Back"))
_FINAL_CHROME = ("11:end 8:end 9:back",
                 ("", "", "", "", "", "", "", "", "End", "Back", "Menu", "End"))
_ASK_CHROME = ("11:file it 9:no", ("", "", "", "", "", "", "", "", "", "No", "Menu", "Yes"))
_LEDGER_TITLES = Numbered("Ledger: %d hands", 4)
_DONE_TITLES = Numbered("Hand %d done", 4)
_TUNE = ((660, 70), (0, 30), (880, 110))     # the deal passes: a rising pair
_NO_PAYMENTS = ("No payments", GREY)
_NO_LINES: "List[Tuple[Any, ...]]" = []     # a page's lines before its first view
# settle-up's first row by the number of payments (at most 7 among 8 seats)
_PAYMENT_ROWS = (("1 payment", YELLOW), ("2 payments", YELLOW), ("3 payments", YELLOW),
                 ("4 payments", YELLOW), ("5 payments", YELLOW), ("6 payments", YELLOW),
                 ("7 payments", YELLOW))


class Rows(Screen):
    # Lines (text, colour) that the encoder scrolls, made once per view.
    def __init__(self, app: "Host", back: Screen) -> None:
        super().__init__(app)
        self.back = back
        self.top = 0
        self._for: "Any" = None
        self._lines: "List[Tuple[Any, ...]]" = _NO_LINES
        self._made = 0             # bumped with each new set of lines
        self._part: "List[Any]" = [-1, None]    # [what was drawn, its items]

    def lines(self) -> "List[Tuple[Any, ...]]":
        v = self.app.view()
        if v is not self._for:
            self._for = v
            self._lines = self.make_lines(v)
            self._made += 1
        return self._lines

    def make_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        return []

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _LEDGER_CHROME      # each page has its own

    def hint(self) -> str:
        return self.chrome()[0]

    def keys(self) -> "Tuple[str, ...]":
        return self.chrome()[1]

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.top = clamp_top(self.top + delta, len(self.lines()), self.app.layout.rows)
        return None

    def draw(self, frame: "Any") -> None:
        # As Frame.keep, keyed by one number (no key or argument tuples per step).
        lines = self.lines()
        drawn = self._made * 256 + self.top
        part = self._part
        if part[0] == drawn:
            frame.items.extend(part[1])
            return
        start = len(frame.items)
        draw_rows(frame, lines, self.top, -1)
        part[0] = drawn
        part[1] = frame.items[start:]


class HandDone(Rows):
    # What the hand came to (its payments, as the rules core made them) and who
    # deals next, with a short rising tune; at the target the leader,
    # and OK goes to settle-up.
    title = "Poker"
    _played = False

    def on_show(self) -> None:
        v = self.app.view()
        last = v["last"]
        hand = last.get("hand", v["hands"]) if last is not None else v["hands"]
        if v["over"]:
            self.title = "Match over"
        elif last is not None and last["t"] == "false_call":
            # a false call ends no hand: the hand it interrupted goes on
            self.title = "Hand %d: false call" % hand
        else:
            self.title = _DONE_TITLES.text(hand)
        if not self._played and last is not None and last["t"] != "false_call":
            self._played = True        # once, not again on coming back from the ledger
            self.app.tune(_TUNE)

    def make_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        names = v["players"]
        cols = self.app.layout.cols - 1
        last = v["last"]
        if last is None or last["t"] == "cut":
            return [(named(names[v["dealer"]], " deals", cols), BLUE)]
        kind = last["t"]
        caller = last["caller"]
        pays = last["payments"]
        out: "List[Any]" = [None] * (2 + (len(pays) or 1))     # made at its size
        if kind == "hand":
            out[0] = (outcome(names, caller, last["deadwood"], last["winners"],
                              last["deltas"], cols), GREEN)
        elif kind == "false_call":
            out[0] = (false_line(names[caller], cols), RED)
        else:
            out[0] = ("Hand %d void" % last["hand"], YELLOW)
        # the dealer before the payments, on screen whatever their number
        if v["over"]:
            leads = v.get("leaders", [])
            # one leader's name as it is (a join makes a new string)
            leaders = names[leads[0]] if len(leads) == 1 else "+".join(
                [names[s] for s in leads])
            out[1] = (named(leaders, " leads", cols), GREEN)
        elif kind == "false_call":
            out[1] = (named(names[v["dealer"]], " still deals", cols), BLUE)
        else:
            out[1] = (named(names[v["dealer"]], " deals next", cols), BLUE)
        for i in range(len(pays)):
            pay = pays[i]
            out[i + 2] = (payment(names, pay[0], pay[1], pay[2], cols), WHITE)
        if not pays:
            out[2] = _NO_PAYMENTS
        return out

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _OVER_CHROME if self.app.view()["over"] else _DONE_CHROME

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            if self.app.view()["over"]:
                return Settle(self.app, self.back)
            self.back.on_show()
            return self.back
        if key == _K_PAGE:
            return Ledger(self.app, self)
        if key == K_UNDO:
            if self.app.undo() is None:
                self.back.on_show()
                return self.back
            return None
        return super().on_key(key)


class Ledger(Rows):
    # Who deals, and every seat's balance (R-8: they sum to zero).
    title = "Ledger"

    def on_show(self) -> None:
        self.title = _LEDGER_TITLES.text(self.app.view()["hands"])

    def make_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        names = v["players"]
        width = self.app.layout.cols - 9
        out: "List[Any]" = [None] * (len(names) + 1)      # made at its size
        out[0] = (named(names[v["dealer"]], " deals", self.app.layout.cols - 1), BLUE)
        for seat in range(len(names)):
            total = v["totals"][seat]
            out[seat + 1] = (column(names[seat], width),
                             GREEN if total > 0 else RED if total < 0 else WHITE,
                             total_text(total))
        return out

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _LEDGER_CHROME

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK or key == K_UNDO:
            self.back.on_show()
            return self.back
        if key == _K_PAGE:
            return Settle(self.app, self.back)
        return super().on_key(key)


class Settle(Rows):
    # Who pays whom with the fewest payments (R-8, parlour_rules.settle); 8 ends the
    # session (asked first); at the target OK does too.
    title = "Settle up"

    def make_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        names = v["players"]
        cols = self.app.layout.cols - 1
        pays = settle(v["totals"])
        if not pays:
            return [("All square", GREEN)]
        out: "List[Any]" = [None] * (1 + len(pays))      # made at its size
        out[0] = _PAYMENT_ROWS[len(pays) - 1]
        for i in range(len(pays)):
            pay = pays[i]
            out[i + 1] = (payment(names, pay[0], pay[1], pay[2], cols), WHITE)
        return out

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _FINAL_CHROME if self.app.view()["over"] else _SETTLE_CHROME

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == _K_PAGE or (key == K_OK and self.app.view()["over"]):
            return EndAsk(self.app, self)
        if key == K_OK or key == K_UNDO:
            self.back.on_show()
            return self.back
        return super().on_key(key)


class EndAsk(Rows):
    # Filing the session is for good (the laptop gets it): asked first.
    title = "End the session?"

    def make_lines(self, v: "Dict[str, Any]") -> "List[Tuple[Any, ...]]":
        return [("11: yes, file it", YELLOW), ("9: no, play on", WHITE),
                ("%d hands played" % v["hands"], GREY)]

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _ASK_CHROME

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            done: Screen = self.app.finish_match("won")
            return done
        if key == K_UNDO:
            self.back.on_show()
            return self.back
        return super().on_key(key)

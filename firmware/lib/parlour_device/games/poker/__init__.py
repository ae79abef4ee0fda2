# Poker Rum and Poker Gin on the device (R-1..R-11): the options before a match
# (here), the show-down entry (play.py), the pages of a hand's outcome, the ledger
# and settle-up (results.py), and key 8's false call, void hand and session end
# (more.py). Seats 0..7 are keys 0..7.

from ...ui.frame import GREY, K_OK, K_UNDO, WHITE, YELLOW
from ...ui.screen import Screen
from .play import PokerPlay
from .results import HandDone, Settle
from .rows import draw_rows, keep_in_sight

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

_RESULTS = ("hand", "false_call", "void")     # the entries a hand's result follows
VARIANTS = ("rum", "gin")
VARIANT_ROWS = ("Game: Poker Rum", "Game: Poker Gin")
TARGETS = (0, 50, 100, 150, 200, 300, 500, 1000)     # 0: no target
OPTIONS = 3                  # variant, target, dealer; the players follow, to read


def start(app: "Host", players: "List[str]") -> Screen:
    return PokerOptions(app, list(players))


def resume(app: "Host") -> Screen:
    again = cut_again(app)
    if again is not None:
        return again
    play = PokerPlay(app, cut_again)
    v = app.view()
    if v["over"]:
        return Settle(app, play)
    # Back on a hand's result when it was showing (its OK enters nothing, so it
    # shows again until the next hand is entered).
    last = v["last"]
    if last is not None and last["t"] in _RESULTS:
        return HandDone(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the rest of it fixed (R-5's first deal: the cut).
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    v = app.view()
    return PokerOptions(app, v["players"], v)


class PokerOptions(Screen):
    # Before the match: Rum or Gin, the target, who deals (a seat, or the cut: C-3),
    # with the players below in seat order (their keys).
    title = "Poker: options"

    def __init__(self, app: "Host", names: "List[str]",
                 live: "Optional[Dict[str, Any]]" = None) -> None:
        super().__init__(app)
        self.names = names
        self.variant = 0
        target = app.option_default("poker", "target", 0)
        self.target = target if target in TARGETS else 0
        self.dealer = -1          # -1: cut for the deal
        self.row = 0
        self.top = 0
        # live: the begun match's config; only its cut is still to come (cut_again)
        self.live = live
        if live is not None:
            self.variant = VARIANTS.index(live["variant"])
            self.target = live["target"] if live["target"] in TARGETS else 0
            self.row = OPTIONS - 1
        self._part: "List[Any]" = [None, None]
        self._seats = ["Key %d: %s" % (seat, names[seat]) for seat in range(len(names))]

    def lines(self) -> "List[Tuple[str, int]]":
        dealer = "Dealer: cut" if self.dealer < 0 else "Dealer: " + self.names[self.dealer]
        # the target's row made as it changes (lines() runs only then: draw keeps
        # the rows), not a table held for the whole match
        target = "Target: %d" % self.target if self.target else "Target: none"
        out = [(VARIANT_ROWS[self.variant], WHITE), (target, WHITE), (dealer, WHITE)]
        out.append(("%d players:" % len(self.names), YELLOW))
        for text in self._seats:
            out.append((text, GREY))
        return out

    def hint(self) -> str:
        return "1/7 row turn 11:start"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.live is not None and self.row < OPTIONS:
            self.app.show("set: match begun")
        elif self.row == 0:
            self.variant = (self.variant + delta) % len(VARIANTS)
        elif self.row == 1:
            i = TARGETS.index(self.target)
            self.target = TARGETS[(i + delta) % len(TARGETS)]
        elif self.row == 2:
            self.dealer = (self.dealer + 1 + delta) % (len(self.names) + 1) - 1
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        count = OPTIONS + 1 + len(self.names)
        if key == 1 or key == 7:
            self.row = (self.row + (1 if key == 7 else -1)) % count
            self.top = keep_in_sight(self.top, self.row, self.app.layout.rows)
            return None
        if key == K_OK:
            return self._start()
        if key == K_UNDO:
            return self.app.menu()
        return super().on_key(key)

    def _start(self) -> "Optional[Screen]":
        config: "Dict[str, Any]" = {"variant": VARIANTS[self.variant],
                                    "players": len(self.names), "names": self.names,
                                    "target": self.target}
        if self.dealer >= 0:
            config["dealer"] = self.dealer
        if self.live is None and self.app.new_match("poker", config) is not None:
            return None
        if self.dealer < 0:
            if self.app.submit({"t": "cut", "seed": self.app.seed()}) is not None:
                return None
            dealer = self.names[self.app.view()["dealer"]]
            self.app.show(("Cut: %s deals" % dealer)[:self.app.layout.cols])
        return PokerPlay(self.app, cut_again)

    def draw(self, frame: "Any") -> None:
        # the rows made again only when an option or the marked row changed
        frame.keep(self._part, (self.variant, self.target, self.dealer, self.row, self.top),
                   self._draw)

    def _draw(self, frame: "Any") -> None:
        draw_rows(frame, self.lines(), self.top, self.row)

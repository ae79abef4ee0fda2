# Dartex on the device (X-1..X-8): the options before a match, the play screen
# (play.py, drawn by draw.py); the table and the hand's end are results.py.

from ...ui.frame import K_OK, K_UNDO
from ...ui.lines import draw_options
from ...ui.screen import Screen
from .play import DartexPlay
from .results import HandOver

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

TARGETS = (100, 200, 250, 300, 400, 500, 750, 1000)


def start(app: "Host", players: "List[str]") -> Screen:
    return DartexOptions(app, list(players))


def resume(app: "Host") -> Screen:
    again = cut_again(app)
    if again is not None:
        return again
    play = DartexPlay(app, cut_again)
    if app.view()["hand_over"]:
        return HandOver(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the target fixed.
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    v = app.view()
    return DartexOptions(app, v["names"], v["target"])


class DartexOptions(Screen):
    # Before the match: the target and who deals: a seat, or a cut (C-3).
    title = "Dartex: options"

    def __init__(self, app: "Host", names: "List[str]", live: int = 0) -> None:
        super().__init__(app)
        self.names = names
        target = app.option_default("dartex", "target", 500)
        self.target = target if target in TARGETS else 500
        self.dealer = -1
        self.row = 0
        self._key: "Any" = None
        self._rows: "List[str]" = []
        # live: the begun match's target; only who deals is still to come (cut_again)
        self.live = live
        if live:
            self.target = live
            self.row = 1

    def rows(self) -> "List[str]":
        # made again only when a value changes (not on every frame), and held by
        # this screen alone: no table of rows stays for the whole match
        key = (self.target, self.dealer)
        if key != self._key:
            self._key = key
            dealer = "Dealer: cut" if self.dealer < 0 else "Dealer: " + self.names[self.dealer]
            self._rows = ["Target: %d" % self.target, dealer]
        return self._rows

    def hint(self) -> str:
        return "turn:change 11:start"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.row == 0 and self.live:
            self.app.show("set: match begun")
        elif self.row == 0:
            i = 0
            for j in range(len(TARGETS)):
                if TARGETS[j] == self.target:
                    i = j
            self.target = TARGETS[(i + delta) % len(TARGETS)]
        else:
            self.dealer = (self.dealer + 1 + delta) % (len(self.names) + 1) - 1
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == 1 or key == 7:
            self.row = 1 - self.row
            return None
        if key == K_OK and self.live:
            # the begun match's deal: by the cut, or the seat chosen (C-3)
            event: "Dict[str, Any]" = {"t": "cut", "seed": self.app.seed()}
            if self.dealer >= 0:
                event = {"t": "cut", "dealer": self.dealer}
            if self.app.submit(event) is not None:
                return None
            return DartexPlay(self.app, cut_again)
        if key == K_OK:
            config: "Dict[str, Any]" = {"players": len(self.names), "names": self.names,
                                        "target": self.target}
            if self.dealer >= 0:
                config["dealer"] = self.dealer
            if self.app.new_match("dartex", config) is not None:
                return None
            if self.dealer < 0 and self.app.submit({"t": "cut", "seed": self.app.seed()}) is not None:
                return None
            return DartexPlay(self.app, cut_again)
        if key == K_UNDO:
            return self.app.menu()
        return super().on_key(key)

    def draw(self, frame: "Any") -> None:
        draw_options(frame, self.rows(), self.row, self.names)

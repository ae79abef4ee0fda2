# Stump on the device (S-1..S-8): the options before a match; the play screen is
# play.py (drawn by draw.py on the ring of ring.py), the results results.py.

from parlour_rules.stump.state import LAST

from ...ui.frame import K_OK
from ...ui.lines import draw_options
from ...ui.screen import Screen
from .play import StumpPlay
from .results import RoundOver

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

TARGETS = (10, 15, 20, 25, 30, 40, 50, 75, 100)


def start(app: "Host", players: "List[str]") -> Screen:
    return StumpOptions(app, list(players))


def resume(app: "Host") -> Screen:
    # Back on the screen the last entry showed: the results when it ended the game
    # or a round (the state's last line says so until the next entry; its
    # Next enters nothing, so it is shown again until the new round's first entry).
    again = cut_again(app)
    if again is not None:
        return again
    play = StumpPlay(app, cut_again)
    if app.view()["over"] or app.match.state[LAST][0] == "round":
        return RoundOver(app, play)
    return play


def cut_again(app: "Host") -> "Optional[Screen]":
    # A match whose cut for the deal was undone (or cut off by a power cut) cuts
    # again from its options screen, the rest of it fixed.
    match = app.match
    if match is None or match.events or "dealer" in match.config:
        return None
    return StumpOptions(app, app.view()["names"], match.config)


class StumpOptions(Screen):
    # Before the match: singles or partnership (four players, S-7), the target
    # (S-8) and who deals: a seat, or a cut for a random seat (C-3).
    title = "Stump: options"

    def __init__(self, app: "Host", names: "List[str]",
                 live: "Optional[Dict[str, Any]]" = None) -> None:
        super().__init__(app)
        self.names = names
        self.pairs = False
        target = app.option_default("stump", "target", 25)
        self.target = target if target in TARGETS else 25
        self.dealer = -1          # -1: cut for the deal
        self.row = 0
        # live: the begun match's config; only who deals is still to come (cut_again)
        self.live = live
        if live is not None:
            self.pairs = live.get("partnership", False)
            self.target = app.view()["target"]
            self.row = len(self.rows()) - 1

    def rows(self) -> "List[str]":
        n = len(self.names)
        out = []
        if n == 4:
            out.append("Play: " + ("partners" if self.pairs else "singles"))
        out.append("Target: %d" % self.target)
        if self.dealer < 0:
            out.append("Dealer: cut")
        else:
            out.append("Dealer: " + self.names[self.dealer])
        return out

    def _kind(self) -> str:
        kinds = ("pairs", "target", "dealer") if len(self.names) == 4 else ("target", "dealer")
        return kinds[self.row]

    def _change(self, delta: int) -> None:
        kind = self._kind()
        if kind == "pairs":
            self.pairs = not self.pairs
            self.target = 50 if self.pairs else 25
        elif kind == "target":
            i = 0
            for j in range(len(TARGETS)):
                if TARGETS[j] == self.target:
                    i = j
            self.target = TARGETS[(i + delta) % len(TARGETS)]
        else:
            self.dealer = (self.dealer + 1 + delta) % (len(self.names) + 1) - 1

    def hint(self) -> str:
        return "turn:change 11:start"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.live is not None and self._kind() != "dealer":
            self.app.show("set: match begun")
            return None
        self._change(delta)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        count = len(self.rows())
        if key == 1:
            self.row = (self.row - 1) % count
            return None
        if key == 7:
            self.row = (self.row + 1) % count
            return None
        if key == K_OK:
            if self.live is not None:
                return self._cut()
            config: "Dict[str, Any]" = {"players": len(self.names), "names": self.names,
                                        "partnership": self.pairs, "target": self.target}
            if self.dealer >= 0:
                config["dealer"] = self.dealer
            if self.app.new_match("stump", config) is not None:
                return None
            if self.dealer < 0 and self.app.submit({"t": "cut", "seed": self.app.seed()}) is not None:
                return None
            return StumpPlay(self.app, cut_again)
        if key == 9:
            return self.app.menu()
        return super().on_key(key)

    def _cut(self) -> "Optional[Screen]":
        # the begun match's deal: by the cut, or the seat chosen (C-3)
        event: "Dict[str, Any]" = {"t": "cut", "seed": self.app.seed()}
        if self.dealer >= 0:
            event = {"t": "cut", "dealer": self.dealer}
        if self.app.submit(event) is not None:
            return None
        return StumpPlay(self.app, cut_again)

    def draw(self, frame: "Any") -> None:
        draw_options(frame, self.rows(), self.row, self.names)

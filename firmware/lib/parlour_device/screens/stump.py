# Stump on the device (S-1..S-8): the options before a match, the play screen
# (stump_play.py), the round's and the game's result, and the scores table.

from .base import GREEN, GREY, K_OK, WHITE, YELLOW, Screen
from .pages import Lines, clip
from .stump_play import StumpPlay

try:
    from typing import Any, Dict, List, Optional, Tuple
except ImportError:
    pass

PLAYERS = (2, 4)
TARGETS = (10, 15, 20, 25, 30, 40, 50, 75, 100)


def start(app: "Any", players: "List[str]") -> Screen:
    return StumpOptions(app, list(players))


def resume(app: "Any") -> Screen:
    play = StumpPlay(app)
    if app.view()["over"]:
        return RoundOver(app, play)
    return play


class StumpOptions(Screen):
    # Before the match: singles or partnership (four players, S-7), the target
    # (S-8) and who deals: a seat, or a cut for a random seat (C-3).
    title = "Stump: options"

    def __init__(self, app: "Any", names: "List[str]") -> None:
        super().__init__(app)
        self.names = names
        self.pairs = False
        self.target = 25
        self.dealer = -1          # -1: cut for the deal
        self.row = 0

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
            config: "Dict[str, Any]" = {"players": len(self.names), "names": self.names,
                                        "partnership": self.pairs, "target": self.target}
            if self.dealer >= 0:
                config["dealer"] = self.dealer
            if self.app.new_match("stump", config) is not None:
                return None
            if self.dealer < 0 and self.app.submit({"t": "cut", "seed": self.app.seed()}) is not None:
                return None
            return StumpPlay(self.app)
        if key == 9:
            return self.app.menu()
        return super().on_key(key)

    def draw(self, frame: "Any") -> None:
        lay = frame.layout
        rows = self.rows()
        for i in range(len(rows)):
            frame.row(i, clip(rows[i], lay.cols), WHITE, i == self.row)
        if lay.colour and lay.rows > len(rows) + 1:
            frame.text(0, lay.row_y(len(rows)) + 8, clip(
                "players: " + " ".join(self.names), 2 * lay.cols), GREY)


class RoundOver(Lines):
    # The round's winner and points (S-6, S-7), cards left in the other hands, the
    # totals; at the game's end (S-8) the winner, and OK files the match.
    title = "Stump"

    def __init__(self, app: "Any", play: StumpPlay) -> None:
        super().__init__(app)
        self.play = play

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        last = v["last_round"]
        sides = v["sides"]
        out: "List[Tuple[str, int]]" = []
        if v["over"]:
            out.append((clip(sides[v["winner"]], 14) + " wins!", GREEN))
        if last is not None:
            out.append(("R%d %s +%d" % (last["round"], clip(sides[last["winner"]], 11),
                                        last["points"]), YELLOW))
            held = []
            pairs = v["mode"] == "partnership"
            for seat in range(v["players"]):
                side = seat % 2 if pairs else seat
                if side != last["winner"]:
                    held.append("%s %d" % (clip(v["names"][seat], 6), last["hands"][seat]))
            out.append(("left " + " ".join(held), WHITE))
        for i in range(len(sides)):
            out.append(("%-12s %4d" % (clip(sides[i], 12), v["totals"][i]),
                        GREEN if v["winner"] == i else WHITE))
        return out

    def hint(self) -> str:
        return "11 finish  9 undo" if self.app.view()["over"] else "11 next round 9 undo"

    def keys(self) -> "Tuple[str, ...]":
        over = self.app.view()["over"]
        return ("", "", "", "", "", "", "", "", "", "Undo", "Menu",
                "Done" if over else "Next")

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            if self.app.view()["over"]:
                result: "Screen" = self.app.finish_match()
                return result
            return self.play
        if key == 9:
            if self.app.undo() is None:
                return self.play
            return None
        return super().on_key(key)

    def on_show(self) -> None:
        v = self.app.view()
        if v["over"]:
            self.title = "Stump: game over"
        elif v["last_round"] is not None:
            self.title = "Stump: round %d over" % v["last_round"]["round"]


class Scores(Lines):
    # Every side's total and hand size; turn to scroll on the small screen.
    title = "Stump: scores"

    def __init__(self, app: "Any", back: Screen) -> None:
        super().__init__(app)
        self.back = back

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        out = [("to %d, round %d" % (v["target"], v["round"]), YELLOW)]
        pairs = v["mode"] == "partnership"
        for i in range(len(v["sides"])):
            if pairs:
                hand = "%d+%d" % (v["hands"][i], v["hands"][i + 2])
            else:
                hand = str(v["hands"][i])
            out.append(("%-10s %3d h%s" % (clip(v["sides"][i], 10), v["totals"][i], hand),
                        WHITE))
        return out

    def hint(self) -> str:
        return "turn scroll 11 back"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "", "", "", "", "Back", "", "", "", "Undo", "Menu", "Back")

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK or key == 5:
            return self.back
        return super().on_key(key)

# Dartex on the device (X-1..X-8): the options before a match, the play screen
# (dartex_play.py, drawn by dartex_draw.py), the throws on the table, and the hand's and the game's end.

from parlour_rules.dartex_view import table_throws

from .base import GREEN, GREY, K_OK, K_UNDO, WHITE, YELLOW, Screen
from .dartex_draw import throw_line
from .dartex_play import SCREENS, DartexPlay
from .pages import Lines, clip

try:
    from typing import Any, Dict, List, Optional, Tuple
except ImportError:
    pass

PLAYERS = (2, 4)
TARGETS = (100, 200, 250, 300, 400, 500, 750, 1000)
TARGET_ROWS = tuple(["Target: %d" % target for target in TARGETS])   # made once
_TARGET_ROW: "Dict[int, str]" = {}     # a target's row, by target
for _i in range(len(TARGETS)):
    _TARGET_ROW[TARGETS[_i]] = TARGET_ROWS[_i]
DEAL_KEYS = ("", "", "", "", "", "", "", "", "Table", "Undo", "Menu", "Deal")
DONE_KEYS = ("", "", "", "", "", "", "", "", "Table", "Undo", "Menu", "Done")
_OVER: "Dict[int, str]" = {}       # "Dartex: hand 2 over", by hand
_DEALERS: "Dict[str, str]" = {}    # "Dealer: Ann", by name (empty at import: see menu.py)
_TO: "Dict[int, str]" = {}         # "to 500", by target


def start(app: "Any", players: "List[str]") -> Screen:
    return DartexOptions(app, list(players))


def resume(app: "Any") -> Screen:
    play = DartexPlay(app)
    if app.view()["hand_over"]:
        return HandOver(app, play)
    return play


class DartexOptions(Screen):
    # Before the match: the target and who deals: a seat, or a cut (C-3).
    title = "Dartex: options"

    def __init__(self, app: "Any", names: "List[str]") -> None:
        super().__init__(app)
        self.names = names
        self.target = 500
        self.dealer = -1
        self.row = 0

    def rows(self) -> "List[str]":
        # from tables: a click makes no string
        target = _TARGET_ROW.get(self.target)
        if target is None:
            target = "Target: %d" % self.target
        if self.dealer < 0:
            return [target, "Dealer: cut"]
        name = self.names[self.dealer]
        dealer = _DEALERS.get(name)
        if dealer is None:
            if len(_DEALERS) >= 32:
                _DEALERS.clear()
            dealer = _DEALERS[name] = "Dealer: " + name
        return [target, dealer]

    def hint(self) -> str:
        return "turn:change 11:start"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "Start")

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.row == 0:
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
        if key == K_OK:
            config: "Dict[str, Any]" = {"players": len(self.names), "names": self.names,
                                        "target": self.target}
            if self.dealer >= 0:
                config["dealer"] = self.dealer
            if self.app.new_match("dartex", config) is not None:
                return None
            if self.dealer < 0 and self.app.submit({"t": "cut", "seed": self.app.seed()}) is not None:
                return None
            play = DartexPlay(self.app)
            return play
        if key == K_UNDO:
            return self.app.menu()
        return super().on_key(key)

    def draw(self, frame: "Any") -> None:
        lay = frame.layout
        rows = self.rows()
        for i in range(len(rows)):
            frame.row(i, clip(rows[i], lay.cols), WHITE, i == self.row)
        if lay.colour:
            frame.text(0, lay.row_y(len(rows)) + 8,
                       clip("players: " + " ".join(self.names), 2 * lay.cols), GREY)


class TableLines:
    # The table screen's lines as a read-only sequence of (text, colour): the pack
    # and hand, then per player his table score and total and his throws on the
    # table (fouled ones grey). A line is formatted the first time it is read.
    def __init__(self, match: "Any", v: "Dict[str, Any]") -> None:
        self.v = v
        specs: "List[Any]" = [None]     # None: the first line; a seat; a throw found
        if match is not None:
            for number in range(v["players"]):
                specs.append(number)
                for found in table_throws(match.state, number):
                    specs.append((number,) + found)
        else:
            for number in range(v["players"]):
                specs.append(number)
        self.specs = specs
        self.made: "List[Any]" = [None] * len(specs)

    def __len__(self) -> int:
        return len(self.specs)

    def __getitem__(self, i: "Any") -> "Any":
        if type(i) is not int:          # a slice, from the line after the first
            stop = len(self.specs) if i.stop is None else i.stop
            return [self[j] for j in range(i.start or 0, stop)]
        line = self.made[i]
        if line is None:
            line = self.made[i] = self._make(self.specs[i])
        return line

    def _make(self, spec: "Any") -> "Tuple[str, int]":
        v = self.v
        names = v["names"]
        if spec is None:
            return ("pack %d  hand %d" % (v["pack"], v["hand"]), YELLOW)
        if type(spec) is int:
            return ("%s table %d tot %d" % (clip(names[spec], 6), v["scores"][spec],
                                             v["totals"][spec]), GREEN)
        return (throw_line(names, spec, " "), GREY if spec[5] else WHITE)


class Table(Lines):
    # Every throw on the table, by player (X-5: fouled ones marked F, count nothing).
    title = "Dartex: table"

    def __init__(self, app: "Any", back: Screen) -> None:
        super().__init__(app)
        self.back = back
        self._table: "Any" = None

    def lines(self) -> "Any":
        # The lines, each formatted when it is first shown (the MacroPad shows three
        # of them): a list-like TableLines, made again per view.
        v = self.app.view()
        if v is not self._for:
            self._for = v
            self._table = TableLines(self.app.match, v)
        return self._table

    def make_lines(self) -> "List[Tuple[str, int]]":
        # every line at once (what lines() gives one by one)
        table = TableLines(self.app.match, self.app.view())
        return [table[i] for i in range(len(table))]

    def hint(self) -> str:
        return "turn scroll 11 back"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "", "", "", "", "", "", "", "Back", "Back", "Menu", "Back")

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK or key == 8 or key == K_UNDO:
            return self.back
        return super().on_key(key)


class HandOver(Lines):
    # the hand's scores (throws in front of each player) and the totals; X-8:
    # the game's winner, or OK deals the next hand (the deal passes left).
    title = "Dartex"

    def __init__(self, app: "Any", play: DartexPlay) -> None:
        super().__init__(app)
        self.play = play

    def on_show(self) -> None:
        v = self.app.view()
        if v["game_over"]:
            self.title = "Dartex: game over"
            return
        title = _OVER.get(v["hand"])
        if title is None:
            title = _OVER[v["hand"]] = "Dartex: hand %d over" % v["hand"]
        self.title = title

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        out: "List[Tuple[str, int]]" = []
        names = v["names"]
        if v["game_over"]:
            out.append((names[v["winner"]] + " wins!", GREEN))
        elif v["ended"] == "out":
            out.append((names[v["out"]] + " is out", YELLOW))
        else:
            out.append(("all passed", YELLOW))
        scores = v["hands"][-1] if v["hands"] else [0] * v["players"]
        for seat in range(v["players"]):
            out.append(("%-8s +%-4d %5d" % (clip(names[seat], 8), scores[seat],
                                            v["totals"][seat]),
                        GREEN if v["winner"] == seat else WHITE))
        to = _TO.get(v["target"])
        if to is None:
            if len(_TO) >= 8:
                _TO.clear()
            to = _TO[v["target"]] = "to %d" % v["target"]
        out.append((to, GREY))
        return out

    def hint(self) -> str:
        return "11 finish  9 undo" if self.app.view()["game_over"] else "11 deal  9 undo"

    def keys(self) -> "Tuple[str, ...]":
        return DONE_KEYS if self.app.view()["game_over"] else DEAL_KEYS

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            if self.app.view()["game_over"]:
                result: "Screen" = self.app.finish_match()
                return result
            if self.app.submit({"t": "deal"}) is None:
                self.play.on_show()
                return self.play
            return None
        if key == 8:
            return Table(self.app, self)
        if key == K_UNDO:
            if self.app.undo() is None:
                self.play.on_show()
                return self.play
            return None
        return super().on_key(key)


SCREENS["table"] = Table
SCREENS["over"] = HandOver

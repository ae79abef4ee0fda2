# Dartex's results on the device: the throws on the table, and the hand's and the
# game's end. The play screen opens them; they go back to the play screen they
# were given, so nothing here imports it.

from parlour_rules.dartex.views import table_throws

from ...ui.frame import GREEN, GREY, K_OK, K_UNDO, WHITE, YELLOW
from ...ui.lines import Lines, clip
from ...ui.screen import Screen
from .draw import throw_line

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host
    from .play import DartexPlay

DEAL_KEYS = ("", "", "", "", "", "", "", "", "Table", "Undo", "Menu", "Deal")
DONE_KEYS = ("", "", "", "", "", "", "", "", "Table", "Undo", "Menu", "Done")
_OVER: "Dict[int, str]" = {}       # "Dartex: hand 2 over", by hand
_TO: "Dict[int, str]" = {}         # "to 500", by target


class TableLines:
    # The table screen's lines as a read-only sequence of (text, colour): the pack
    # and hand, then per player his table score and total and his throws on the
    # table (fouled ones grey). A line is formatted the first time it is read.
    # A throw's line longer than the room goes on in a second, indented line (long
    # names, two aimed cards), put in when the line is made.
    def __init__(self, app: "Host", v: "Dict[str, Any]", room: int) -> None:
        self.v = v
        self.room = room
        self.lead = " " if room > 30 else ""      # the MacroPad has no column to spare
        specs: "List[Any]" = [None]     # None: the first line; a seat; a throw found
        if app.match is not None:
            for number in range(v["players"]):
                specs.append(number)
                for found in app.read(table_throws, number):
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
            out = []
            j = i.start or 0
            # to the end as it grows: a line carried on adds one after it
            while j < (len(self.specs) if i.stop is None else i.stop):
                out.append(self[j])
                j += 1
            return out
        line = self.made[i]
        if line is None:
            line = self.made[i] = self._make(self.specs[i])
            room = self.room
            text = line[0]
            if len(text) > room:
                cut = text.rfind(" ", 0, room + 1)
                if cut <= 0:
                    cut = room
                line = self.made[i] = (text[:cut], line[1])
                # the rest, as a line of its own (itself carried on when too long)
                self.specs.insert(i + 1, ("   " + text[cut:].lstrip(), line[1]))
                self.made.insert(i + 1, None)
        return line

    def _make(self, spec: "Any") -> "Tuple[str, int]":
        v = self.v
        names = v["names"]
        if spec is None:
            return ("pack %d  hand %d" % (v["pack"], v["hand"]), YELLOW)
        if type(spec) is int:
            return ("%s table %d tot %d" % (names[spec], v["scores"][spec],
                                             v["totals"][spec]), GREEN)
        if len(spec) == 2:              # the rest of a line carried on
            rest: "Tuple[str, int]" = spec
            return rest
        return (throw_line(names, spec, self.lead), GREY if spec[5] else WHITE)


class Table(Lines):
    # Every throw on the table, by player (X-5: fouled ones marked F, count nothing).
    title = "Dartex: table"

    def __init__(self, app: "Host", back: Screen) -> None:
        super().__init__(app)
        self.back = back
        self._table: "Any" = None

    def lines(self) -> "Any":
        # The lines, each formatted when it is first shown (the MacroPad shows three
        # of them): a list-like TableLines, made again per view.
        v = self.app.view()
        if v is not self._for:
            self._for = v
            self._table = TableLines(self.app, v, self._room())
        return self._table

    def make_lines(self) -> "List[Tuple[str, int]]":
        # every line at once (what lines() gives one by one)
        table = TableLines(self.app, self.app.view(), self._room())
        return [table[i] for i in range(len(table))]

    def _room(self) -> int:
        # a line's room as ui/lines.py draws it (the colour board's small lines)
        lay = self.app.layout
        return lay.width // 6 - 1 if lay.colour else lay.cols

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

    def __init__(self, app: "Host", play: "DartexPlay") -> None:
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

    def describe(self, event: "Dict[str, Any]") -> str:
        return self.play.describe(event)

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


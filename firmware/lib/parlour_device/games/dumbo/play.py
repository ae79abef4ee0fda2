# Dumbo's counts entry (D-14): the declarer by his key (keys 0-3 are the seats),
# his count and the opponent's with the encoder (the focused one: press the
# declarer's or the opponent's key to switch), Octad and a stuck Joker on keys; the
# hand is explained in one line before OK sends it. Also a wrong declaration (D-8),
# a void hand (D-15) and the card entry (D-14, card_entry.py, loaded when opened).

from parlour_rules.cards import JOKER_COUNT as JOKER
from parlour_rules.dumbo import check
from parlour_rules.dumbo.state import settings
from parlour_rules.dumbo.views import hand_points
from parlour_rules.errors import RulesError

from ...games import forget
from ...ui.frame import BLUE, CYAN, GREEN, GREY, K_MENU, K_OK, K_UNDO, MAGENTA, RED, WHITE, YELLOW
from ...ui.lines import clip
from ...ui.screen import Screen, ViewScreen
from .results import HandOver
from .texts import outcome_row, table_row, totals_row

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

K_JOKER = 4
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_K_OCTAD = const(5)
_K_WRONG = const(6)
_K_VOID = const(7)
_K_CARDS = const(8)
_MAX_D = const(7)        # D-4
_MAX_O = const(84)       # eight cards, the Joker apart (D-14)
DIM = 0x202020

# every count and most points, made once at import: a click makes no text
_NUMS = tuple(["%d" % n for n in range(100)])
_IDLE = ("keys 0-3: declarer", ("", "", "", "", "", "", "", "Void", "", "Undo", "Menu", ""))


_ENTRY = ("turn count 11 OK", ("", "", "", "", "Joker", "Octad", "Wrong", "Void", "Cards",
                                "Back", "Menu", "OK"))
# The colour board shows the hint and every key's label: there one (hint, labels)
# serves both states, so choosing a declarer redraws no label (a new set of labels
# cost ~500,000 fuel there). 9 takes back the declarer chosen, else the last hand.
_BOTH = ("keys 0-3: declarer, turn: count, 11: OK", ("", "", "", "", "Joker", "Octad",
                                                      "Wrong", "Void", "Cards", "Undo",
                                                      "Menu", "OK"))


SEATING = ("parlour_rules.dumbo.seating", "parlour_rules.cut", "parlour_rules.prng")


class DumboPlay(ViewScreen):
    title = "Dumbo"

    def __init__(self, app: "Host", seat_again: "Any" = None) -> None:
        super().__init__(app)
        # the options screen again when the seating is undone (from __init__.py,
        # which imports this module: passed in, not imported back)
        self.seat_again = seat_again
        # The seating's rules (with the cut and the prng) are done with once play
        # begins: a new game or an undone cut loads them again.
        for name in SEATING:
            forget(name)
        self.declarer = -1         # the seat being entered, -1 none yet
        self.opponent = -1
        self.d = 3
        self.o = 0
        self.joker = False
        self.wrong = False         # key 6: a wrong declaration shown, for 11 to enter
        self.focus = 0             # 0 the declarer's count, 1 the opponent's
        self._last_d = 3           # the count an Octad toggled away from
        self._top: "List[Any]" = [None, None]      # the totals and tables (per view)
        self._rows: "List[Any]" = [None, None]     # the entry rows (per entry)
        self._texts: "Tuple[str, ...]" = ("", "", "", "", "")
        self._lights: "Any" = None
        self._lit_for: "Any" = None
        self._chromes: "Any" = None

    # -- the view and the entry ---------------------------------------------------------

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        self._clear()              # a new event or an undo: the entry starts over
        self.d = 3
        self.o = 0
        if v["tables"] and len(v["tables"]) > 1:
            self.title = "Dumbo deal %d" % (v["deal"]["no"] + 1 if v["deal"] else 1)
        elif v["tables"]:
            t = v["tables"][0]
            if v["sits_out"] is not None:
                # 21 columns: "Abcde deals, Abcd out"
                self.title = "%s deals, %s out" % (clip(t["dealer"], 5), clip(v["sits_out"], 4))
            else:
                self.title = "%s deals" % clip(t["dealer"], 12)

    def _table_of(self, seat: int) -> int:
        tables = self.app.view()["tables"]
        for i in range(len(tables)):
            if seat in tables[i]["seats"]:
                return i
        return -1

    def event(self) -> "Dict[str, Any]":
        return {"t": "hand", "declarer": self.declarer, "d": self.d, "o": self.o,
                "joker": self.joker}

    def refusal(self) -> str:
        # Why the rules core refuses the counts entered, or "": only a stuck Joker
        # on top of more than 74 can be refused here (the encoder keeps d in 0..7
        # and o in 0..84), and then the core's own reason is shown.
        if self.app.match is None or not (self.joker and self.o > _MAX_O - JOKER):
            return ""
        try:
            self.app.read(check, self.event())
        except RulesError as e:
            message: str = e.message
            return message
        return ""

    def _names(self) -> None:
        # The texts of this entry's two players, made once per declarer chosen:
        # a click then makes no new text (numbers come from _NUMS).
        names = self.app.view()["names"]
        dn = clip(names[self.declarer], 5)     # "Abcde 7  Fghij 84+Jk": 20 columns
        on = clip(names[self.opponent], 5)
        self._texts = (dn + " ", on + " ", dn, on, "tie: %s wins" % on)

    def _clear(self) -> None:
        self.declarer = -1
        self.opponent = -1
        self.joker = False
        self.wrong = False
        self.focus = 0

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        if self.app.submit(event) is not None:
            return None
        self._clear()
        self.d = 3
        self.o = 0
        if not self.app.view()["over"]:
            # the next hand's title now; after the game's last hand it waits for the
            # new game (on_show and draw follow it then), off the entry's own cost
            self.view()
        return HandOver(self.app, self)

    # -- input ----------------------------------------------------------------------

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.declarer < 0:
            return None
        self.wrong = False
        if self.focus == 0:
            self.d = max(0, min(_MAX_D, self.d + delta))
        else:
            self.o = max(0, min(_MAX_O, self.o + delta))
        return None

    def _seat_key(self, seat: int) -> None:
        v = self.app.view()
        if seat >= len(v["names"]):
            return
        if seat == self.declarer:
            self.focus = 0
        elif seat == self.opponent:
            self.focus = 1
        else:
            index = self._table_of(seat)
            if index < 0:
                self.app.show(clip(v["names"][seat], 12) + " sits out")
                return
            t = v["tables"][index]
            if t.get("done"):
                self.app.show("wait: other table")
                return
            seats = t["seats"]
            self.declarer = seat
            self.opponent = seats[1] if seats[0] == seat else seats[0]
            self._names()
            self.focus = 0
        self.wrong = False

    def on_key(self, key: int) -> "Optional[Screen]":
        v = self.app.view()
        if v.get("over"):
            return HandOver(self.app, self)
        if key < 4:
            self._seat_key(key)
            return None
        if key == K_UNDO:
            if self.declarer >= 0:
                self._clear()
                return None
            if self.app.undo() is None:
                again: "Optional[Screen]" = None
                if self.seat_again is not None:
                    again = self.seat_again(self.app)
                if again is not None:
                    return again
                self.view()
            return None
        if key == K_MENU:
            return super().on_key(key)
        if key == _K_VOID:
            return self._void(v)
        if self.declarer < 0:
            if K_JOKER <= key <= K_OK:      # the entry's keys (Void, Undo, Menu: above)
                self.app.show("who declared? 0-3")
            return None
        if key == K_OK:
            if self.wrong:
                return self._submit({"t": "wrong", "declarer": self.declarer})
            return self._submit(self.event())
        if key == _K_WRONG:
            # D-8 shown first (who scores the penalty); 11 enters it, 6 again takes it back
            self.wrong = not self.wrong
            return None
        self.wrong = False
        if key == K_JOKER:
            self.joker = not self.joker
        elif key == _K_OCTAD:
            if self.d:
                self._last_d = self.d
                self.d = 0
            else:
                self.d = self._last_d
            self.focus = 1
        elif key == _K_CARDS:
            from .card_entry import CardEntry
            return CardEntry(self.app, self, self.declarer, self.opponent)
        return None

    def _void(self, v: "Dict[str, Any]") -> "Optional[Screen]":
        # D-15: at two tables the void table is the declarer's (or the only one
        # still playing); elsewhere the one table.
        event: "Dict[str, Any]" = {"t": "void"}
        if len(v["tables"]) > 1:
            index = self._table_of(self.declarer) if self.declarer >= 0 else -1
            if index < 0:
                open_ = [i for i in range(2) if not v["tables"][i]["done"]]
                if len(open_) != 1:
                    self.app.show("void: whose table?")
                    return None
                index = open_[0]
            event["table"] = index
        return self._submit(event)

    # -- what the keys show -----------------------------------------------------------

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        # made once per match: the players' names on keys 0-3 (one chrome on colour)
        chromes = self._chromes
        if chromes is None:
            names = self.app.view().get("names", [])
            made = []
            both = self.app.layout.colour
            for hint, keys in ((_BOTH,) if both else (_IDLE, _ENTRY)):
                labels = list(keys)
                for i in range(len(names)):
                    labels[i] = clip(names[i], 5)
                made.append((hint, tuple(labels)))
            chromes = self._chromes = (made[0], made[-1])
        chrome: "Tuple[str, Tuple[str, ...]]" = chromes[0] if self.declarer < 0 else chromes[1]
        return chrome

    def hint(self) -> str:
        return self.chrome()[0]

    def keys(self) -> "Tuple[str, ...]":
        return self.chrome()[1]

    def lights(self) -> "Optional[Tuple[int, ...]]":
        # The declarer green, the opponent cyan, whose count is focused yellow, the
        # dealer(s) blue, the others at the table dim; Joker/Octad lit when on.
        v = self.app.view()
        basis = (v, self.declarer, self.opponent, self.focus, self.joker, self.d == 0,
                 self.wrong)
        if basis == self._lit_for and self._lights is not None:
            lights: "Tuple[int, ...]" = self._lights
            return lights
        out = [0] * 12
        for t in v["tables"]:
            for seat in t["seats"]:
                out[seat] = DIM
            if not t.get("done"):
                out[t["seats"][0]] = BLUE
        if self.declarer >= 0:
            out[self.declarer] = GREEN
            out[self.opponent] = CYAN
            out[self.declarer if self.focus == 0 else self.opponent] = YELLOW
            out[K_JOKER] = MAGENTA if self.joker else DIM
            out[_K_OCTAD] = MAGENTA if self.d == 0 else DIM
            out[_K_WRONG] = RED if self.wrong else DIM
            out[_K_CARDS] = WHITE
            out[K_OK] = GREEN
        out[_K_VOID] = DIM
        out[K_UNDO] = RED
        out[K_MENU] = WHITE
        self._lit_for = basis
        lit = tuple(out)
        self._lights = lit
        return lit

    # -- drawing ----------------------------------------------------------------------

    def draw(self, frame: "Any") -> None:
        v = self.view()
        if not v.get("tables"):
            return
        frame.keep(self._top, v, self._draw_top, v)
        if self.declarer < 0:
            key: "Any" = v
        else:
            key = (self.declarer, self.focus, self.d, self.o, self.joker, self.wrong)
        frame.keep(self._rows, key, self._draw_entry, v)

    def _draw_top(self, frame: "Any", v: "Dict[str, Any]") -> None:
        lay = frame.layout
        frame.row(0, clip(totals_row(v), lay.cols), WHITE, True)
        if lay.colour:
            # the colour board has room for the last event in full (the view's lines)
            y = lay.row_y(3) + 4
            for line in v["last"]:
                frame.text(0, y, clip(line, lay.width // 6), WHITE, 1)
                y += 14

    def _draw_entry(self, frame: "Any", v: "Dict[str, Any]") -> None:
        lay = frame.layout
        cols = lay.cols
        if self.declarer < 0:
            tables = v["tables"]
            if len(tables) > 1:
                frame.row(1, clip(table_row(v, 0), cols))
                frame.row(2, clip(table_row(v, 1), cols))
            else:
                frame.row(1, clip(table_row(v, 0), cols))
                h = v.get("last_hand")
                if h is not None:
                    frame.row(2, clip(outcome_row(v["names"], h), cols), GREY)
            return
        texts = self._texts
        y = lay.row_y(1)
        w = lay.char_w
        scale = lay.scale
        if self.wrong:
            self._draw_wrong(frame)
            return
        # the focused count inverse: the declarer's name and count, then the opponent's
        # an Octad is a count of 0 (D-14): the outcome row and the key light say so
        d_text = _num(self.d)
        x2 = (len(texts[0]) + len(d_text) + 2) * w
        jk = "+Jk" if self.joker else ""
        for x, name, count, tail, focused in ((0, texts[0], d_text, "", self.focus == 0),
                                               (x2, texts[1], _num(self.o), jk,
                                                self.focus == 1)):
            width = (len(name) + len(count) + len(tail)) * w
            colour = WHITE
            if focused:
                frame.rect(x, y, width, lay.line_h, YELLOW if lay.colour else WHITE)
                colour = 0
            frame.text(x, y, name, colour, scale)
            x += len(name) * w
            frame.text(x, y, count, colour, scale)
            if tail:
                frame.text(x + len(count) * w, y, tail, colour, scale)
        y = lay.row_y(2)
        refused = self.refusal()
        if refused:
            frame.text(0, y, clip(refused, lay.cols), RED if lay.colour else WHITE, scale)
            return
        # D-7 (views.hand_points): "P1 +14 undercut" drawn in pieces from kept texts
        cfg = self.app.read(settings) if self.app.match is not None else {"octad_bonus": 20,
                                                              "undercut_bonus": 10}
        o_full = self.o + JOKER if self.joker else self.o
        dp, op = hand_points(self.d, o_full, cfg["octad_bonus"], cfg["undercut_bonus"])
        colour = GREEN if lay.colour else WHITE
        if dp:
            pieces: "Tuple[str, ...]" = (texts[2], " +", _num(dp),
                                         " Octad" if self.d == 0 else "")
        elif op:
            pieces = (texts[3], " +", _num(op), " undercut")
        else:
            pieces = (texts[4],)
        x = 0
        for piece in pieces:
            if piece:
                frame.text(x, y, piece, colour, scale)
                x += len(piece) * w


    def _draw_wrong(self, frame: "Any") -> None:
        # D-8 before 11 enters it: "P2 declared wrongly" / "P1 +10 penalty", as the
        # hand's result will say it
        lay = frame.layout
        penalty = self.app.read(settings)["penalty"] if self.app.match is not None else 10
        frame.row(1, clip(self._texts[2] + " declared wrongly", lay.cols),
                  RED if lay.colour else WHITE)
        frame.row(2, clip("%s +%d penalty" % (self._texts[3], penalty), lay.cols),
                  GREEN if lay.colour else WHITE)


def _num(n: int) -> str:
    return _NUMS[n] if 0 <= n < len(_NUMS) else "%d" % n

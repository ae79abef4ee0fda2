# Dartex's play screen (X-1..X-8): a throw is three cards entered in the order laid,
# numbers with the encoder (a Champion with key 6, then its number), the specials on
# keys. Foul and Wire then pick their target among the throws on the table.
# With three cards laid the screen shows the throw's value, or the one-line reason
# the rules refuse it, before OK sends it. Exchange or pass on key 7.

from parlour_rules.dartex import check
from parlour_rules.errors import RulesError
from parlour_rules.tokens import BULL, CHAMP, DOUBLE, FOUL, OFF, TREBLE, WIRE, format_dartex

from .base import GREEN, GREY, K_OK, K_UNDO, RED, WHITE, YELLOW, Screen
from .pages import clip
from .throw import NUMBERS, colour_of, draw_throw, face, parse_face, target_text

try:
    from typing import Any, Dict, List, Optional, Tuple
except ImportError:
    pass

K_CHAMP = 6
K_SWAP = 7
K_TABLE = 8
SPECIAL_KEYS = {0: DOUBLE, 1: TREBLE, 2: BULL, 3: FOUL, 4: OFF, 5: WIRE}


# Drawing is remembered in the app's frame memo under keys holding a generation
# number, bumped whenever the screen sees a new view (see stump_play.py).
_GEN = [0]
_TITLES: "Dict[int, str]" = {}     # "Dartex hand n", made once per hand number
CARD_OF = ("card 1 of 3", "card 2 of 3", "card 3 of 3")


def throw_line(names: "List[str]", throw: "Dict[str, Any]") -> str:
    # "P1#2 DBL 4 5 =13", "F" at the end when fouled
    seat, _, number = throw["id"].partition(".")
    words = ["%s#%s" % (names[int(seat)], number)]
    for token in throw["cards"]:
        card, target = parse_face(token)
        text = face(card)
        if target is not None:
            text += ">" + target_text(names, target)
        words.append(text)
    words.append("=%d" % throw["value"])
    if throw["fouled"]:
        words.append("F")
    return " ".join(words)


class DartexPlay(Screen):
    title = "Dartex"

    def __init__(self, app: "Any") -> None:
        super().__init__(app)
        self.slots: "List[Tuple[int, Any]]" = []   # (card, target) laid so far
        self.idx = 6               # NUMBERS[idx] is the number under the encoder
        self.champ = False         # the next number card is a Champion
        self.aim = 0               # FOUL or WIRE while its target is picked
        self.pick = 0              # index into the view's targets
        self._sv: "Any" = None     # the view the screen last saw
        self.gen = 0               # a number for that view, unique across screens
        self._body: "List[Any]" = [None, None]     # what the view decides (Frame.keep)
        self._lines: "Dict[int, str]" = {}         # target lines of this view, by pick
        self._aims: "Dict[Any, str]" = {}          # aimed card faces of this view
        self._entry: "List[Any]" = [None, None]    # the entry's part (Frame.keep)

    def view(self) -> "Dict[str, Any]":
        v: "Dict[str, Any]" = self.app.view()
        return v

    def on_show(self) -> None:
        self._sync()

    def _sync(self) -> None:
        # Once per new view (an event or an undo): a new number for the frame memo.
        v = self.view()
        if v is self._sv:
            return
        self._sv = v
        _GEN[0] += 1
        self.gen = _GEN[0]
        self._lines = {}
        self._aims = {}
        hand = v["hand"]
        if hand:
            title = _TITLES.get(hand)
            if title is None:
                title = _TITLES[hand] = "Dartex hand %d" % hand
            self.title = title
        else:
            self.title = "Dartex"

    def _clear(self) -> None:
        self.slots = []
        self.champ = False
        self.aim = 0

    # -- the throw being entered -----------------------------------------------------

    def _candidate(self) -> int:
        n = NUMBERS[self.idx]
        return CHAMP + n if self.champ else n

    def event(self) -> "Dict[str, Any]":
        return {"t": "throw", "cards": [format_dartex(c, t) for c, t in self.slots]}

    def preview(self) -> "Tuple[str, int]":
        # The value of three laid cards, or the reason the rules refuse them.
        match = self.app.match
        if len(self.slots) < 3 or match is None:
            return "", WHITE
        try:
            result = check(match.state, self.event())
        except RulesError as e:
            return e.message, RED
        return "= %d" % result["value"], GREEN

    def _targets(self) -> "List[str]":
        t: "List[str]" = self.view()["targets"]
        return t

    def _lay(self, card: int) -> None:
        if len(self.slots) >= 3:
            self.app.show("3 cards: OK or 9")
            return
        if (card == FOUL or card == WIRE) and self._targets():
            # pick the throw it lands on
            self.aim = card
            self.pick = 0
            return
        self.slots.append((card, None))
        self.champ = False

    def _aimed(self) -> None:
        ident = self._targets()[self.pick]
        seat, _, number = ident.partition(".")
        self.slots.append((self.aim, (int(seat), int(number))))
        self.aim = 0

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        if self.app.submit(event) is not None:
            return None
        self._clear()
        self.on_show()
        if self.view()["hand_over"]:
            from .dartex import HandOver
            return HandOver(self.app, self)
        return None

    # -- input ----------------------------------------------------------------------

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.aim:
            count = len(self._targets())
            if count:
                self.pick = (self.pick + delta) % count
        else:
            self.idx = (self.idx + delta) % len(NUMBERS)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        v = self.view()
        if v["hand_over"]:
            from .dartex import HandOver
            return HandOver(self.app, self)
        if key == K_UNDO:
            # 9 takes back what was typed, then (nothing typed) the last event
            if self.aim:
                self.aim = 0
            elif self.champ:
                self.champ = False
            elif self.slots:
                self.slots.pop()
            else:
                self.app.undo()
                self.on_show()
            return None
        if key == K_TABLE:
            from .dartex import Table
            return Table(self.app, self)
        if self.aim:
            if key == K_OK:
                self._aimed()
            return None if key != 10 else super().on_key(key)
        if key in SPECIAL_KEYS:
            self._lay(SPECIAL_KEYS[key])
            return None
        if key == K_CHAMP:
            self.champ = not self.champ
            return None
        if key == K_SWAP:
            kind = "exchange" if v["pack"] > 0 else "pass"
            return self._submit({"t": kind})
        if key == K_OK:
            if len(self.slots) == 3:
                return self._submit(self.event())
            self._lay(self._candidate())
            return None
        return super().on_key(key)

    def keys(self) -> "Tuple[str, ...]":
        if self.aim:
            return ("", "", "", "", "", "", "", "", "Table", "Back", "Menu", "Aim")
        swap = "Exch" if self.view()["pack"] > 0 else "Pass"
        return ("Dbl", "Trbl", "Bull", "Foul", "Off", "Wire", "Champ", swap, "Table",
                "Back" if self.slots or self.champ else "Undo", "Menu",
                "Throw" if len(self.slots) == 3 else "Add")

    def hint(self) -> str:
        if self.aim:
            return "turn: target 11 aim"
        if len(self.slots) == 3:
            return "11 throw  9 back"
        if self.champ:
            return "turn: C= 11 add"
        return "turn no. 11 add 7 exc" if self.view()["pack"] > 0 else "turn no. 11 add 7 pas"

    # -- drawing --------------------------------------------------------------------

    def _faces(self) -> "Tuple[List[str], List[int], int]":
        names = self.view()["names"]
        texts = []
        colours = []
        for card, target in self.slots:
            text = face(card)
            if target is not None:
                text = text[0] + ">" + target_text(names, target)
            texts.append(text)
            colours.append(colour_of(card))
        current = -1
        if len(self.slots) < 3:
            current = len(self.slots)
            if self.aim:
                texts.append(self._aim_face())
                colours.append(colour_of(self.aim))
            else:
                texts.append(face(self._candidate()))
                colours.append(colour_of(self._candidate()))
        return texts, colours, current

    def _target_line(self, v: "Dict[str, Any]") -> str:
        # remembered per view: turning through the targets makes each line once
        line = self._lines.get(self.pick)
        if line is None:
            line = self._lines[self.pick] = self._make_target_line(v)
        return line

    def _aim_face(self) -> str:
        # "F>P2#1": the card being aimed and the throw it lands on (per view, per pick)
        key = (self.aim, self.pick)
        text = self._aims.get(key)
        if text is None:
            ident = self._targets()[self.pick]
            seat, _, number = ident.partition(".")
            text = self._aims[key] = face(self.aim)[0] + ">" + target_text(
                self.view()["names"], (int(seat), int(number)))
        return text

    def _make_target_line(self, v: "Dict[str, Any]") -> str:
        ident = self._targets()[self.pick]
        for seat in v["seats"]:
            for throw in seat["throws"]:
                if throw["id"] == ident:
                    return throw_line(v["names"], throw)
        return ident

    def _status(self, v: "Dict[str, Any]") -> str:
        seat = v["seats"][v["turn"]]
        return "%s h%d %dpt pk%d" % (clip(seat["name"], 6), seat["hand_size"], seat["total"],
                                     v["pack"])

    def _note(self, v: "Dict[str, Any]") -> "Tuple[str, int]":
        if self.aim:
            return self._target_line(v), YELLOW
        text, colour = self.preview()
        if text:
            return text, colour
        if v["first"] and not self.slots:
            return "first: DBL or a pair", YELLOW
        return CARD_OF[len(self.slots)], GREY

    def draw(self, frame: "Any") -> None:
        self._sync()
        v = self.view()
        if v["turn"] is None:
            return
        colour = frame.layout.colour
        frame.keep(self._body, (self.gen, colour), self._draw_view)
        # the number under the encoder shows only while a card is being entered, the
        # target picked only while aiming: a click that changes nothing shown costs
        # a comparison
        aim = self.aim
        entering = len(self.slots) < 3 and not aim
        frame.keep(self._entry, (self.gen, tuple(self.slots), self.idx if entering else -1,
                                 self.champ, aim, self.pick if aim else -1, colour),
                   self._draw_entry)

    def _draw_view(self, frame: "Any") -> None:
        # What only the match decides: whose turn, hand sizes, the pack, the scores.
        v = self.view()
        lay = frame.layout
        if not lay.colour:
            frame.text(0, lay.row_y(0), clip(self._status(v), lay.cols))
            return
        top = lay.body_top
        seat = v["seats"][v["turn"]]
        frame.text(4, top + 2, clip(seat["name"] + " throws", 16), YELLOW, 2)
        frame.text(214, top + 8, "pack %d" % v["pack"], GREY)
        y = top + 108
        frame.text(4, y, "player    hand  table  total", GREY)
        y += 12
        for s in v["seats"]:
            on = s["seat"] == v["turn"]
            mark = ">" if on else ("d" if s["seat"] == v["dealer"] else " ")
            frame.text(4, y, "%s%-8s %4d %6d %6d" % (mark, clip(s["name"], 8), s["hand_size"],
                                                      s["hand_score"], s["total"]),
                       YELLOW if on else WHITE)
            y += 12

    def _draw_entry(self, frame: "Any") -> None:
        # What the entry decides: the three card boxes and the value or the reason.
        v = self.view()
        lay = frame.layout
        texts, colours, current = self._faces()
        note, colour = self._note(v)
        if not lay.colour:
            draw_throw(frame, 0, lay.row_y(1) + 1, 41, 13, 2, texts, colours, current, 1)
            frame.text(0, lay.row_y(2) + 2, clip(note, lay.cols))
            return
        top = lay.body_top
        draw_throw(frame, 4, top + 30, 98, 46, 7, texts, colours, current, 2)
        frame.text(4, top + 82, clip(note, 26), colour, 2 if len(note) <= 26 else 1)

# Dartex's play screen (X-1..X-8): a throw is three cards entered in the order laid,
# numbers with the encoder (a Champion with key 6, then its number), the specials on
# keys. Foul and Wire then pick their target among the throws on the table.
# With three cards laid the screen shows the throw's value, or the one-line reason
# the rules refuse it, before OK sends it. Exchange or pass on key 7.

from parlour_rules.dartex import throw_value
from parlour_rules.errors import RulesError
from parlour_rules.tokens import BULL, CHAMP, DOUBLE, FOUL, OFF, TREBLE, WIRE

from ...ui.caches import Numbered
from ...ui.frame import K_OK, K_UNDO, seat_lights
from ...ui.lines import clip
from ...ui.screen import Screen
from .boxes import NUMBER_COUNT, NUMBERS
from .draw import DartexView, note_item
from .results import HandOver, Table

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import TYPE_CHECKING, Any, Dict, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

_K_CHAMP = const(6)
_K_SWAP = const(7)
_K_TABLE = const(8)
SPECIAL_KEYS = {0: DOUBLE, 1: TREBLE, 2: BULL, 3: FOUL, 4: OFF, 5: WIRE}


_TITLES = Numbered("Dartex hand %d", 16)
_AIM_KEYS: "Tuple[str, ...]" = ("", "", "", "", "", "", "", "", "Table", "Back", "Menu", "Aim")


def _chromes() -> "Tuple[Tuple[str, Tuple[str, ...]], ...]":
    # (hint, key labels) while entering, by exchange (8) or pass, cards laid (4),
    # Champion (2), three laid (1): made once, so a click makes no tuple of them and
    # the app finds the same one again.
    out = []
    for exchange in (False, True):
        swap = "Exch" if exchange else "Pass"
        for laid in (False, True):
            for champ in (False, True):
                back = "Back" if laid or champ else "Undo"
                for three in (False, True):
                    keys = ("Dbl", "Trbl", "Bull", "Foul", "Off", "Wire", "Champ", swap,
                            "Table", back, "Menu", "Throw" if three else "Add")
                    if three:
                        hint = "11 throw  9 back"
                    elif champ:
                        hint = "turn: C= 11 add"
                    else:
                        hint = "11 add no. 7 exchange" if exchange else "11 add no. 7 pass"
                    out.append((hint, keys))
    return tuple(out)


_CHROMES = _chromes()
_LAID_CHROME = (0, 4, 4, 5)     # _CHROMES' offset by cards laid
_AIM_CHROME = ("turn: target 11 aim", _AIM_KEYS)


class DartexPlay(DartexView):
    title = "Dartex"

    def __init__(self, app: "Host", cut_again: "Any" = None) -> None:
        super().__init__(app)
        # the options screen again when the cut is undone (from __init__.py, which
        # imports this module: passed in, not imported back)
        self.cut_again = cut_again
        self._exch = 0             # 8 while the pack has cards (exchange, else pass)
        self._chrome: "Tuple[str, Tuple[str, ...]]" = ("", _AIM_KEYS)
        self._lit: "Tuple[int, ...]" = ()       # the key lights, and what they are for
        self._lit_view: "Any" = None
        self._lit_labels: "Any" = None

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        # Once per new view (an event or an undo): the body and the entry drawn again.
        super().on_view(v, old)
        self._exch = 8 if v["pack"] > 0 else 0
        hand = v["hand"]
        self.title = _TITLES.text(hand) if hand else "Dartex"
        self.changed()

    def changed(self) -> None:
        # the entry changed: its key labels and hint too (worked out here, not per frame)
        super().changed()
        if self.aim:
            chrome = _AIM_CHROME
        else:
            laid = len(self.slots)
            chrome = _CHROMES[self._exch + _LAID_CHROME[laid] + (2 if self.champ else 0)]
        self._chrome = chrome

    def _lay(self, card: int) -> None:
        if len(self.slots) >= 3:
            self.app.show("3 cards: OK or 9")
            return
        if (card == FOUL or card == WIRE) and self.targets():
            # pick the throw it lands on
            self.aim = card
            self.pick = 0
            self.changed()
            return
        self.slots.append((card, None))
        self.champ = False
        entry = self.entry
        self.changed()
        if entry is not None and len(self.slots) < 3:
            self.lay_card(entry, card)     # the drawn entry brought up to date

    def _aimed(self) -> None:
        self.slots.append((self.aim, self.targets()[self.pick]))
        self.aim = 0
        self.changed()

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        if self.app.submit(event) is not None:
            return None
        # the entry starts over under the new view (on_view works the rest out once)
        self.slots = []
        del self.laid[:]
        self.champ = False
        self.aim = 0
        if self.view()["hand_over"]:
            return HandOver(self.app, self)
        return None

    # -- input ----------------------------------------------------------------------

    def on_turn(self, delta: int) -> "Optional[Screen]":
        if self.aim:
            count = len(self.targets())
            if count:
                # only the aimed face and the target line change: draw() redraws
                # the two in the kept entry
                self.pick = (self.pick + delta) % count
                self.ver += 1
        else:
            self.idx = (self.idx + delta) % NUMBER_COUNT
            if len(self.slots) < 3:     # the number shows only while entering
                self.ver += 1
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        v = self.app.view()
        if v["hand_over"]:
            return HandOver(self.app, self)
        if key == K_OK and not self.aim:
            # the usual key first: add the number under the encoder, or throw
            slots = self.slots
            if len(slots) == 3:
                return self._submit(self.event())
            card = NUMBERS[self.idx]
            if self.champ:
                card += CHAMP
                self.champ = False
            slots.append((card, None))
            entry = self.entry
            self.changed()
            if entry is not None and len(slots) < 3:
                # the drawn entry brought up to date in place (a full draw otherwise)
                self.lay_card(entry, card)
            return None
        if key == K_UNDO:
            # 9 takes back what was typed, then (nothing typed) the last event
            if self.aim:
                self.aim = 0
            elif self.champ:
                self.champ = False
            elif self.slots:
                self.slots.pop()
                del self.laid[len(self.slots):]
                entry = self.entry
                self.changed()
                if entry is not None:
                    self.take_back(entry)     # the drawn entry brought up to date
                return None
            else:
                if self.app.undo() is None and self.cut_again is not None:
                    again: "Optional[Screen]" = self.cut_again(self.app)
                    if again is not None:
                        return again
                self.on_show()
            self.changed()
            return None
        if key == _K_TABLE:
            return Table(self.app, self)
        if self.aim:
            if key == K_OK:
                self._aimed()
            return None if key != 10 else super().on_key(key)
        if key in SPECIAL_KEYS:
            self._lay(SPECIAL_KEYS[key])
            return None
        if key == _K_CHAMP:
            self.champ = not self.champ
            self.changed()
            return None
        if key == _K_SWAP:
            # one key that shows little (the pack goes down by one, the turn
            # moves on), so the message line names who exchanged or passed
            name = v["names"][v["turn"]]
            swap = v["pack"] > 0
            nxt = self._submit({"t": "exchange"} if swap else {"t": "pass"})
            if self.sv is not v:       # accepted: _submit synced to the new view
                self.app.show(clip(name, 10) + (" exchanged" if swap else " passed"))
            return nxt
        return super().on_key(key)

    def describe(self, event: "Dict[str, Any]") -> str:
        # "throw =13", "exchange", "pass": read on the view before the event
        # (docs/screen-contract.md), at most 13 characters.
        kind = event.get("t")
        if kind == "throw" and self.app.match is not None:
            try:
                return "throw =%d" % self.app.read(throw_value, event)
            except RulesError:
                return "throw"
        return str(kind)

    def lights(self) -> "Tuple[int, ...]":
        # Whose turn and who deals on the seat keys, worked out again only when the
        # view or the key labels change (the app asks every frame).
        labels = self._chrome[1]
        v = self.sv
        if v is not self._lit_view or labels is not self._lit_labels:
            self._lit_view = v
            self._lit_labels = labels
            self._lit = seat_lights(self._lit, labels, v["turn"], v["dealer"])
        return self._lit

    def keys(self) -> "Tuple[str, ...]":
        return self._chrome[1]

    def hint(self) -> str:
        return self._chrome[0]

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        # (hint, key labels) for the app, made once per change of the entry
        return self._chrome

    # -- drawing --------------------------------------------------------------------

    def draw(self, frame: "Any") -> None:
        v = self.view()
        if v["turn"] is None:
            return
        entry = self.entry
        if entry is None:
            entry = self.draw_entry(frame, v)
        elif self.card_ver != self.ver:
            # a click: only the face of the box being entered changes (a number
            # turned with three cards laid keeps `ver`, so it redraws nothing)
            self.card_ver = self.ver
            at = len(self.slots)
            if at < 3:
                boxes = self.bx
                if self.aim or boxes is None:
                    entry[self.at] = self.current(frame, at)
                    if self.aim:       # the note: the line of the throw aimed at
                        text, colour = self.note(v)
                        entry[len(entry) - 1] = note_item(frame, text, colour)
                else:
                    item = boxes.numbers[(at + 3 if self.champ else at) * NUMBER_COUNT
                                         + self.idx]
                    entry[self.at] = (item if item is not None
                                       else boxes.number(at, self.idx, self.champ))
        frame.items.extend(entry)

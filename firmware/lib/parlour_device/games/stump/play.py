# Stump's play screen: the tray on the device (S-1..S-8). One screen walks every
# step the engine asks for (docs/stump.md): the two turned numbers (S-3), which
# partner plays (S-7), a gapper or a discard (S-4, wild too), the stuck discard, and
# which slide moves, previewing each choice on the ring and marking the narrower gap.
# Numbers are picked with the encoder on the ring's picture (draw.py).

from parlour_rules.stump.ring import HALF, tie_choices

from ...ui.frame import K_OK, seat_lights
from ...ui.lines import clip
from ...ui.screen import Screen
from .draw import StumpView
from .results import RoundOver, Scores
from .ring import RING, ring_step
from .texts import ARROWED

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

_K_DOWN10 = const(0)
_K_GAP = const(1)
_K_UP10 = const(2)
_K_WILD = const(3)
_K_STUCK = const(4)
_K_SCORE = const(5)
K_LEFT = 6
K_RIGHT = 8


# The (hint, key labels) of the steps whose keys never change, made once.
GAPPER_CHROME = ("11 gapper 8 discard", ("-10", "Gap>", "+10", "Wild", "Stuck", "Score", "", "",
                                         "Disc", "Undo", "Menu", "Gapr"))
DISCARD_CHROME = ("turn no. 11 discard", ("-10", "Gap>", "+10", "Wild", "", "Score", "", "",
                                          "Disc", "Undo", "Menu", "Disc"))
SET_A_CHROME = ("turn no. 11 set A", ("-10", "", "+10", "", "", "Score", "", "", "", "Undo",
                                      "Menu", "Set A"))
SET_B_CHROME = ("turn no. 11 set B", ("-10", "", "+10", "", "", "Score", "", "", "", "Undo",
                                      "Menu", "Set B"))
TIE_CHROME = ("6/8 side  11 set", ("", "", "", "", "", "", "Gap<", "", "Gap>", "Back", "Menu",
                                   "Set"))
OVER_CHROME = ("11 result 9 undo", ("", "", "", "", "", "Score", "", "", "", "Undo", "Menu",
                                    "OK"))


class StumpPlay(StumpView):
    def __init__(self, app: "Host", cut_again: "Any" = None) -> None:
        super().__init__(app)
        # the options screen again when the cut is undone (from __init__.py, which
        # imports this module: passed in, not imported back)
        self.cut_again = cut_again
        self._members: "Dict[int, Tuple[str, Tuple[str, ...]]]" = {}   # member chromes by team
        self._lit: "Tuple[int, ...]" = ()       # the key lights, and what they are for
        self._lit_view: "Any" = None
        self._lit_labels: "Any" = None

    # -- input ----------------------------------------------------------------------

    def _submit(self, event: "Dict[str, Any]", said: "Optional[str]" = None) -> "Optional[Screen]":
        # `said`: what an entry whose effect is easy to miss did ("Slide A 20>14"),
        # shown once it is accepted and the round goes on (a round's end has its own
        # screen and title), as Undo would name it.
        before = self.sv                    # the view the entry was made on
        rounds = len(before["rounds"])
        err = self.app.submit(event)
        if err is not None:
            return None
        after = self.view()
        if after["over"] or len(after["rounds"]) != rounds:
            return RoundOver(self.app, self)
        if said is not None and self.sv is not before:
            self.app.show(said)
        return None

    def _token(self, discard: bool) -> "Any":
        # The card as the log keeps it: a number as an int (read with no parsing),
        # a wild in the card notation (S-4).
        if self.wild:
            return "W=%d" % self.n if discard else "W"
        return self.n

    def on_turn(self, delta: int) -> "Optional[Screen]":
        v = self.view()
        step = v["step"]
        if step == "move":
            count = len(v["moves"])
            self.pick = (self.pick + delta) % count
        elif step == "member" or self.ties:
            self.pick = (self.pick + delta) % 2
        elif step != "over":
            self.n = ring_step(self.n, delta)
        return None

    def undone(self) -> "Optional[Screen]":
        # After an undo: the options screen when it took back the cut for the deal.
        if self.cut_again is None:
            return None
        again: "Optional[Screen]" = self.cut_again(self.app)
        return again

    def on_key(self, key: int) -> "Optional[Screen]":
        nxt = self._on_key(key)
        if key == 9 and nxt is None:
            again = self.undone()
            if again is not None:
                return again
        self.view()     # after an undo: the title and the entry follow at once
        return nxt

    def _on_key(self, key: int) -> "Optional[Screen]":
        v = self.view()
        step = v["step"]
        if key == _K_SCORE:
            return Scores(self.app, self)
        if step == "setup":
            return self._key_setup(key)
        if step == "member":
            return self._key_member(key, v)
        if step in ("gapper", "discard"):
            return self._key_card(key, v)
        if step == "move":
            return self._key_move(key, v)
        if step == "over" and key == K_OK:
            return RoundOver(self.app, self)
        return super().on_key(key)

    def _key_number(self, key: int) -> bool:
        if key == _K_DOWN10:
            self.n = ring_step(self.n, -10)
        elif key == _K_UP10:
            self.n = ring_step(self.n, 10)
        else:
            return False
        return True

    def _key_setup(self, key: int) -> "Optional[Screen]":
        # S-3: the dealer turns two cards; the slides go on their numbers.
        if self.ties:
            if key == K_LEFT or key == K_RIGHT:
                self.pick = 0 if key == K_LEFT else 1
                return None
            if key == K_OK:
                return self._submit({"t": "setup", "slides": [self.pending, self.ties[0][2]],
                                     "side": self.ties[self.pick][0]})
            if key == 9:
                self.ties = []
                return None
            return super().on_key(key)
        if self._key_number(key):
            return None
        if key == K_OK:
            if not self.pending:
                self.pending = self.n
                return None
            a, b = self.pending, self.n
            if (b - a) % RING == HALF:
                self.ties = [[c[0], c[1], b] for c in tie_choices(a, b)]
                self.pick = 0
                return None
            return self._submit({"t": "setup", "slides": [a, b]})
        if key == 9 and self.pending:
            self.pending = 0
            return None
        return super().on_key(key)

    def _key_member(self, key: int, v: "Dict[str, Any]") -> "Optional[Screen]":
        # S-7: the team says which member plays the turn.
        team = v["team"]
        if key == K_LEFT or key == K_RIGHT:
            self.pick = 0 if key == K_LEFT else 1
            return None
        if key == K_OK:
            return self._submit({"t": "member", "seat": team + 2 * self.pick})
        return super().on_key(key)

    def _key_card(self, key: int, v: "Dict[str, Any]") -> "Optional[Screen]":
        if self._key_number(key):
            return None
        if key == _K_GAP:
            # the next number of the gap clockwise from the cursor
            gap = v["ring"]["gap"]
            for d in range(1, RING + 1):
                if ring_step(self.n, d) in gap:
                    self.n = ring_step(self.n, d)
                    break
            return None
        if key == _K_WILD:
            self.wild = not self.wild
            return None
        if key == _K_STUCK:
            # S-4: every card is under a slide: discard one of them, no slide moves.
            # One key that changes little on the ring: the message line says what it did.
            event = {"t": "stuck", "card": self._token(True)}
            return self._submit(event, self._named(event, True))
        if key == K_RIGHT or (key == K_OK and v["step"] == "discard"):
            return self._submit({"t": "discard", "card": self._token(True)})
        if key == K_OK:
            return self._submit({"t": "gapper", "card": self._token(False)})
        return super().on_key(key)

    def _key_move(self, key: int, v: "Dict[str, Any]") -> "Optional[Screen]":
        opts = v["moves"]
        if key == K_LEFT or key == K_RIGHT:
            want = 0 if key == K_LEFT else 1
            idxs = [i for i in range(len(opts)) if opts[i][0] == want]
            if len(idxs) == 1:
                self.pick = idxs[0]
                event = self._move_event(opts[idxs[0]])
                return self._submit(event, self._named(event, True))
            # slides 20 apart: the key picks the slide, again for the other side (S-2)
            if self.pick == idxs[0]:
                self.pick = idxs[1]
            else:
                self.pick = idxs[0]
            return None
        if key == K_OK:
            event = self._move_event(opts[self.pick])
            return self._submit(event, self._named(event, True))
        return super().on_key(key)

    def _move_event(self, opt: "Tuple[int, Any, List[int], List[int]]") -> "Dict[str, Any]":
        # (made before the submit, not around it: one frame less on the pystack)
        event: "Dict[str, Any]" = {"t": "move", "slide": opt[0]}
        if opt[1] is not None:
            event["side"] = opt[1]
        return event

    def describe(self, event: "Dict[str, Any]") -> str:
        # "slide A 20>14", "stuck disc 7", "discard W=12": read on the view before
        # the event (docs/screen-contract.md), at most 13 characters.
        return self._named(event, False)

    def _named(self, event: "Dict[str, Any]", said: bool) -> str:
        # describe()'s words, capitalised when `said` on their own after the entry
        # (one formatting: a string costs more than anything else on the board)
        kind = event.get("t")
        card = event.get("card")
        v = self.app.view()
        if kind == "move" and v["step"] == "move":
            slide: int = event["slide"]
            return "%s %s %s>%s" % ("Slide" if said else "slide", "AB"[slide],
                                    v["ring"]["slides"][slide], v["discard"])
        if kind == "stuck":
            return ("Stuck disc %s" if said else "stuck disc %s") % card
        if kind == "gapper" or kind == "discard":
            return "%s %s" % (kind, card)
        if kind == "setup":
            return "slides %s %s" % tuple(event["slides"])
        if kind == "member":
            return "plays: " + clip(v["names"][event["seat"]], 6)
        return str(kind)

    # -- keys and hint --------------------------------------------------------------

    def lights(self) -> "Tuple[int, ...]":
        # Whose turn and who deals on the seat keys, worked out again only when the
        # view or the key labels change (the app asks every frame).
        labels = self.chrome()[1]
        v = self.sv
        if v is not self._lit_view or labels is not self._lit_labels:
            self._lit_view = v
            self._lit_labels = labels
            self._lit = seat_lights(self._lit, labels, v["turn"], v["dealer"])
        return self._lit

    def keys(self) -> "Tuple[str, ...]":
        self.view()
        return self.chrome()[1]

    def hint(self) -> str:
        self.view()
        return self.chrome()[0]

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        # (hint, key labels), remembered per view and entry mode. The app asks right
        # after draw(), so the view is the one draw() saw.
        key = (self.gen, self.pending, len(self.ties))
        if key != self._kkey:
            self._kkey = key
            self._keys = self._make_chrome(self.sv)
        return self._keys

    def _make_chrome(self, v: "Dict[str, Any]") -> "Tuple[str, Tuple[str, ...]]":
        step = v["step"]
        if step == "gapper":
            return GAPPER_CHROME
        if step == "discard":
            return DISCARD_CHROME
        if step == "move":
            slides = v["ring"]["slides"]
            return ("6/8 slide 11 move", ("", "", "", "", "", "Score", ARROWED[slides[0]], "",
                                          ARROWED[slides[1]], "Undo", "Menu", "Move"))
        if step == "setup":
            if self.ties:
                return TIE_CHROME
            return SET_B_CHROME if self.pending else SET_A_CHROME
        if step == "member":
            team = v["team"]
            chrome = self._members.get(team)
            if chrome is None:
                names = v["names"]
                chrome = self._members[team] = (
                    "6/8 who  11 plays", ("", "", "", "", "", "Score", names[team][:5], "",
                                          names[team + 2][:5], "Undo", "Menu", "Plays"))
            return chrome
        return OVER_CHROME

# Stump's play screen: the tray on the device (S-1..S-8). One screen walks every
# step the engine asks for (docs/stump.md): the two turned numbers (S-3), which
# partner plays (S-7), a gapper or a discard (S-4, wild too), the stuck discard, and
# which slide moves, previewing each choice on the ring and marking the narrower gap.
# Numbers are picked with the encoder on the ring's picture (stump_draw.py).

from parlour_rules.stump_ring import HALF, tie_choices

from .base import K_OK, Screen
from .ring import RING, ring_step
from .stump_draw import ARROWED, StumpView

try:
    from typing import Any, Dict, List, Optional, Tuple
except ImportError:
    pass

K_DOWN10 = 0
K_GAP = 1
K_UP10 = 2
K_WILD = 3
K_STUCK = 4
K_SCORE = 5
K_LEFT = 6
K_RIGHT = 8


class StumpPlay(StumpView):
    # -- input ----------------------------------------------------------------------

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        rounds = len(self._sv["rounds"])     # the view the entry was made on
        err = self.app.submit(event)
        if err is not None:
            return None
        after = self.view()
        if after["over"] or len(after["rounds"]) != rounds:
            from .stump import RoundOver
            return RoundOver(self.app, self)
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
            count = len(self.options(v))
            self.pick = (self.pick + delta) % count
        elif step == "member" or self.ties:
            self.pick = (self.pick + delta) % 2
        elif step != "over":
            self.n = ring_step(self.n, delta)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        nxt = self._on_key(key)
        self.view()     # after an undo: the title and the entry follow at once
        return nxt

    def _on_key(self, key: int) -> "Optional[Screen]":
        v = self.view()
        step = v["step"]
        if key == K_SCORE:
            from .stump import Scores
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
            from .stump import RoundOver
            return RoundOver(self.app, self)
        return super().on_key(key)

    def _key_number(self, key: int) -> bool:
        if key == K_DOWN10:
            self.n = ring_step(self.n, -10)
        elif key == K_UP10:
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
        if key == K_GAP:
            # the next number of the gap clockwise from the cursor
            gap = v["ring"]["gap"]
            for d in range(1, RING + 1):
                if ring_step(self.n, d) in gap:
                    self.n = ring_step(self.n, d)
                    break
            return None
        if key == K_WILD:
            self.wild = not self.wild
            return None
        if key == K_STUCK:
            # S-4: every card is under a slide: discard one of them, no slide moves.
            return self._submit({"t": "stuck", "card": self._token(True)})
        if key == K_RIGHT or (key == K_OK and v["step"] == "discard"):
            return self._submit({"t": "discard", "card": self._token(True)})
        if key == K_OK:
            return self._submit({"t": "gapper", "card": self._token(False)})
        return super().on_key(key)

    def _key_move(self, key: int, v: "Dict[str, Any]") -> "Optional[Screen]":
        opts = self.options(v)
        if key == K_LEFT or key == K_RIGHT:
            want = 0 if key == K_LEFT else 1
            idxs = [i for i in range(len(opts)) if opts[i][0] == want]
            if len(idxs) == 1:
                self.pick = idxs[0]
                return self._move(opts[idxs[0]])
            # slides 20 apart: the key picks the slide, again for the other side (S-2)
            if self.pick == idxs[0]:
                self.pick = idxs[1]
            else:
                self.pick = idxs[0]
            return None
        if key == K_OK:
            return self._move(opts[self.pick])
        return super().on_key(key)

    def _move(self, opt: "Tuple[int, Any, List[int], List[int]]") -> "Optional[Screen]":
        event: "Dict[str, Any]" = {"t": "move", "slide": opt[0]}
        if opt[1] is not None:
            event["side"] = opt[1]
        return self._submit(event)

    # -- keys and hint --------------------------------------------------------------

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
            self._keys = (self._hint(self._sv), self._labels(self._sv))
        return self._keys

    def _labels(self, v: "Dict[str, Any]") -> "Tuple[str, ...]":
        step = v["step"]
        if step == "setup":
            if self.ties:
                return ("", "", "", "", "", "", "Gap<", "", "Gap>", "Back", "Menu", "Set")
            return ("-10", "", "+10", "", "", "Score", "", "", "", "Undo", "Menu",
                    "Set B" if self.pending else "Set A")
        if step == "member":
            names = v["names"]
            team = v["team"]
            return ("", "", "", "", "", "Score", names[team][:5], "", names[team + 2][:5],
                    "Undo", "Menu", "Plays")
        if step in ("gapper", "discard"):
            ok = "Gapr" if step == "gapper" else "Disc"
            return ("-10", "Gap>", "+10", "Wild", "Stuck" if step == "gapper" else "",
                    "Score", "", "", "Disc", "Undo", "Menu", ok)
        if step == "move":
            slides = v["ring"]["slides"]
            return ("", "", "", "", "", "Score", ARROWED[slides[0]], "", ARROWED[slides[1]],
                    "Undo", "Menu", "Move")
        return ("", "", "", "", "", "Score", "", "", "", "Undo", "Menu", "OK")

    def _hint(self, v: "Dict[str, Any]") -> str:
        step = v["step"]
        if step == "setup":
            if self.ties:
                return "6/8 side  11 set"
            return "turn no. 11 set B" if self.pending else "turn no. 11 set A"
        if step == "member":
            return "6/8 who  11 plays"
        if step == "gapper":
            return "11 gapper 8 discard"
        if step == "discard":
            return "turn no. 11 discard"
        if step == "move":
            return "6/8 slide 11 move"
        return "11 result 9 undo"

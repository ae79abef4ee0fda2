# Stump's play screen: the tray on the device (S-1..S-8). One screen walks every
# step the engine asks for (docs/stump.md): the two turned numbers (S-3), which
# partner plays (S-7), a gapper or a discard (S-4, wild too), the stuck discard, and
# which slide moves, previewing each choice on the ring and marking the narrower gap.
# Numbers are picked with the encoder on the ring's picture.

from parlour_rules.stump_ring import HALF, tie_choices

from .base import BLACK, CYAN, GREEN, GREY, K_OK, ORANGE, RED, WHITE, YELLOW, Screen
from .ring import RING, RingStyle, dots, draw_marks, label_point, ring_step

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

MONO_RING = RingStyle(tag=1, r=15, dot=0, wedge_in=3, slide_len=3, slide_w=2, cursor=1,
                      labels=False, colours=(WHITE, WHITE, WHITE, WHITE, WHITE, WHITE))
MONO_X = 20         # the ring's centre on the MacroPad: x, and y below the body's top
MONO_DY = 19
MONO_TEXT = 42      # where the text beside it starts
TFT_RING = RingStyle(tag=2, r=54, dot=1, wedge_in=5, slide_len=9, slide_w=2, cursor=4,
                     labels=True, colours=(GREY, WHITE, GREEN, ORANGE, YELLOW, CYAN))


# The ring's numbers as text, made once: the screen builds no string per click.
NUMS = tuple([str(n) for n in range(RING + 1)])
PARTS = 6   # text parts of the pick line

# Drawing is remembered in the app's frame memo under keys holding a generation
# number, bumped whenever a screen sees a new view: text is formatted only when the
# match or the entry changes (string work is what costs most on the board).
_GEN = [0]


def clip(text: str, room: int) -> str:
    return text if len(text) <= room else text[: room - 1] + "~"


class StumpPlay(Screen):
    title = "Stump"

    def __init__(self, app: "Any") -> None:
        super().__init__(app)
        self.n = 1                 # the number under the cursor
        self.wild = False          # the pick is a wild card (S-4)
        self.pending = 0           # setup: the first turned number, once set
        self.ties: "List[Any]" = []  # setup on a tie: [[side, gap], [side, gap]]
        self.pick = 0              # move / member / tie: the highlighted choice
        self.seen: "Any" = None    # the step the entry was last reset for
        self._sv: "Any" = None     # the view the screen last saw
        self.gen = 0               # a number for that view, unique across screens
        self._kkey: "Any" = None
        self._keys: "Tuple[str, ...]" = ()

    # -- what the engine says -------------------------------------------------------

    def view(self) -> "Dict[str, Any]":
        v: "Dict[str, Any]" = self.app.view()
        return v

    def step(self) -> str:
        s: str = self.view()["step"]
        return s

    def on_show(self) -> None:
        self._sync()

    def _sync(self) -> None:
        # Once per new view (an event or an undo): a new step starts its entry afresh.
        v = self.view()
        if v is self._sv:
            return
        self._sv = v
        _GEN[0] += 1
        self.gen = _GEN[0]
        self.title = "Stump R%d" % v["round"] if v["round"] else "Stump"
        key = (v["step"], v["round"], v["turn"], v["discard"])
        if key == self.seen:
            return
        self.seen = key
        self.pick = 0
        self.wild = False
        ring = v["ring"]
        if v["step"] == "move" and v["best"]:
            self.pick = self._best_pick(v)
        elif v["step"] == "gapper" and ring and ring["gap"]:
            self.n = ring["gap"][0]
        if v["step"] != "setup":
            self.pending = 0
            self.ties = []

    # -- the choices at the move step -------------------------------------------------

    def options(self, v: "Dict[str, Any]") -> "List[Tuple[int, Any, List[int], List[int]]]":
        # (slide, side or None, slides after, gap after) for every legal move (S-2, S-4)
        out: "List[Tuple[int, Any, List[int], List[int]]]" = []
        for o in v["options"] or []:
            if o["tie"]:
                for side, gap in o["sides"]:
                    out.append((o["slide"], side, o["slides"], gap))
            else:
                out.append((o["slide"], None, o["slides"], o["gap"]))
        return out

    def _best_pick(self, v: "Dict[str, Any]") -> int:
        opts = self.options(v)
        for i in range(len(opts)):
            if opts[i][0] == v["best"][0]:
                return i
        return 0

    def _narrow(self, v: "Dict[str, Any]", opt: "Tuple[int, Any, List[int], List[int]]") -> bool:
        return len(v["best"]) == 1 and opt[0] == v["best"][0]

    # -- input ----------------------------------------------------------------------

    def _submit(self, event: "Dict[str, Any]") -> "Optional[Screen]":
        before = self.view()
        err = self.app.submit(event)
        if err is not None:
            return None
        self.app.beep("ok")
        after = self.view()
        self._sync()
        if after["over"] or len(after["rounds"]) != len(before["rounds"]):
            from .stump import RoundOver
            return RoundOver(self.app, self)
        return None

    def _token(self, discard: bool) -> str:
        if self.wild:
            return "W=%d" % self.n if discard else "W"
        return str(self.n)

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self._sync()
        step = self.step()
        if step == "move":
            count = len(self.options(self.view()))
            self.pick = (self.pick + delta) % count
        elif step == "member" or self.ties:
            self.pick = (self.pick + delta) % 2
        elif step != "over":
            self.n = ring_step(self.n, delta)
        return None

    def on_key(self, key: int) -> "Optional[Screen]":
        self._sync()
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
        # remembered per view and entry mode (the app asks twice a frame)
        self._sync()
        key = (self.gen, self.pending, len(self.ties))
        if key != self._kkey:
            self._kkey = key
            self._keys = self._labels()
        return self._keys

    def _labels(self) -> "Tuple[str, ...]":
        v = self.view()
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
            return ("", "", "", "", "", "Score", "<%d" % slides[0], "", "<%d" % slides[1],
                    "Undo", "Menu", "Move")
        return ("", "", "", "", "", "Score", "", "", "", "Undo", "Menu", "OK")

    def hint(self) -> str:
        self._sync()
        step = self.step()
        if step == "setup":
            if self.ties:
                return "6/8 side  11 set"
            return "turn no. 11 set " + ("B" if self.pending else "A")
        if step == "member":
            return "6/8 who  11 plays"
        if step == "gapper":
            return "11 gapper 8 discard"
        if step == "discard":
            return "turn no. 11 discard"
        if step == "move":
            return "6/8 slide 11 move"
        return "11 result 9 undo"

    # -- drawing --------------------------------------------------------------------

    def _picture(self, v: "Dict[str, Any]") -> "Tuple[Any, Any, int, int, str]":
        # (slides, gap, cursor, ghost, caption) the ring shows for the current entry
        step = v["step"]
        ring = v["ring"]
        if step == "setup":
            if self.ties:
                side, gap, b = self.ties[self.pick]
                return [self.pending, b], gap, 0, 0, "gap from %d" % side
            slides = [self.pending] if self.pending else None
            return slides, None, self.n, 0, ""
        if step == "move":
            opt = self.options(v)[self.pick]
            moved = v["ring"]["slides"][opt[0]]
            return opt[2], opt[3], 0, moved, ""
        if step in ("gapper", "discard"):
            return ring["slides"], ring["gap"], self.n, 0, ""
        return ring["slides"] if ring else None, ring["gap"] if ring else None, 0, 0, ""

    def _pick_line(self, v: "Dict[str, Any]") -> "Tuple[Tuple[str, ...], int]":
        # What the entry would do, as text parts shown side by side (numbers from a
        # table: no string is built while the encoder turns), with a colour: green
        # fits, red would be refused, yellow asks for a choice.
        step = v["step"]
        ring = v["ring"]
        n = NUMS[self.n]
        if step == "setup":
            if self.ties:
                return ("gap from ", NUMS[self.ties[self.pick][0]], "?"), YELLOW
            if self.pending:
                return ("A ", NUMS[self.pending], "  B ", n, "?"), WHITE
            return ("A ", n, "?"), WHITE
        if step == "member":
            return ("> ", v["names"][v["team"] + 2 * self.pick]), WHITE
        if step in ("gapper", "discard"):
            under = self.n in ring["slides"]
            if step == "gapper":
                if self.wild:
                    # OK plays it as a gapper (W), 8 discards it as W=n
                    return ("W or W=", n), GREEN if ring["gap"] else RED
                if self.n in ring["gap"]:
                    return (n, " in gap"), GREEN
                if under:
                    return (n, " slide"), RED
                return (n, " no gap"), WHITE
            if self.wild:
                return ("W=", n, " slide" if under else ""), RED if under else WHITE
            return (n, " slide" if under else ""), RED if under else WHITE
        if step == "move":
            opt = self.options(v)[self.pick]
            moved = NUMS[ring["slides"][opt[0]]]
            to = NUMS[v["discard"]]
            if opt[1] is not None:
                # S-2: slides 20 apart, the mover picks the side the gap runs from
                return (moved, ">", to, " from ", NUMS[opt[1]]), YELLOW
            if self._narrow(v, opt):
                return (moved, ">", to, " gap ", NUMS[len(opt[3])], "*"), GREEN
            return (moved, ">", to, " gap ", NUMS[len(opt[3])]), WHITE
        return (clip(v["prompt"], 20),), YELLOW

    def _parts(self, frame: "Any", x: int, y: int, parts: "Tuple[str, ...]", colour: int,
               scale: int) -> None:
        # The parts side by side; always PARTS items, so the frame keeps its length.
        for i in range(PARTS):
            part = parts[i] if i < len(parts) else ""
            frame.text(x, y, part, colour, scale)
            x += 6 * scale * len(part)

    def _step_line(self, v: "Dict[str, Any]") -> str:
        step = v["step"]
        names: "List[str]" = v["names"]
        if step == "setup":
            return names[int(v["dealer"])] + " sets"
        if step == "member":
            return "who plays?"
        if step == "over":
            sides: "List[str]" = v["sides"]
            return sides[int(v["winner"])] + " won"
        who = names[int(v["turn"])]
        word = {"gapper": "gapper?", "discard": "discard", "move": "move"}[step]
        return who + " " + word

    def draw(self, frame: "Any") -> None:
        self._sync()
        colour = frame.layout.colour
        frame.memo(("stump-v", self.gen, colour), self._draw_view)
        frame.memo(("stump-e", self.gen, self.n, self.wild, self.pick, self.pending,
                    len(self.ties), colour), self._draw_entry)

    def _draw_view(self, frame: "Any") -> None:
        # What only the match decides: the ring's dots, whose turn, hands, scores.
        v = self.view()
        lay = frame.layout
        if not lay.colour:
            dots(frame, MONO_X, lay.body_top + MONO_DY, MONO_RING)
            room = (lay.width - MONO_TEXT) // lay.char_w
            frame.text(MONO_TEXT, lay.row_y(0), clip(self._step_line(v), room))
            frame.text(MONO_TEXT, lay.row_y(2), clip(self._hands_line(v), room))
            return
        top = lay.body_top
        cy = top + lay.body_height // 2
        cx = cy - top + 2
        dots(frame, cx, cy, TFT_RING)
        x = 2 * cx + 8
        frame.text(x, top + 4, clip(self._step_line(v), (lay.width - x) // 12), WHITE, 2)
        y = top + 72
        names = v["names"]
        pairs = v["mode"] == "partnership"
        small = (lay.width - x) // 6
        frame.text(x, y, clip("player   hand  score", small), GREY)
        y += 14
        for seat in range(v["players"]):
            on = seat == v["turn"]
            side = seat % 2 if pairs else seat
            mark = ">" if on else ("d" if seat == v["dealer"] else " ")
            line = "%s%-8s %3d" % (mark, clip(names[seat], 8), v["hands"][seat])
            if not pairs or seat < 2:
                line += "  %5d" % v["totals"][side]
            frame.text(x, y, line, YELLOW if on else (GREY if v["out"][seat] else WHITE))
            y += 14
        ring = v["ring"]
        if ring and ring["gap"]:
            note = "gap %d..%d (%d)" % (ring["span"][0], ring["span"][1], ring["width"])
        elif ring:
            note = "gap closed"
        else:
            note = "turn up 2 numbers"
        frame.text(x, top + lay.body_height - 14, clip(note + "  to %d" % v["target"], small),
                   GREY)

    def _draw_entry(self, frame: "Any") -> None:
        # What the entry decides: the pick line and the ring's cursor, slides and gap.
        v = self.view()
        lay = frame.layout
        pick, colour = self._pick_line(v)
        slides, gap, cursor, ghost, _ = self._picture(v)
        if not lay.colour:
            y = lay.row_y(1)
            # a pick that fits is shown in inverse video
            fits = colour == GREEN
            frame.rect(MONO_TEXT - 1, y, lay.width - MONO_TEXT + 1, lay.line_h - 1,
                       WHITE if fits else BLACK)
            self._parts(frame, MONO_TEXT, y, pick, BLACK if fits else WHITE, 1)
            draw_marks(frame, MONO_X, lay.body_top + MONO_DY, MONO_RING, slides, gap, cursor,
                       ghost)
            return
        top = lay.body_top
        cy = top + lay.body_height // 2
        cx = cy - top + 2
        x = 2 * cx + 8
        self._parts(frame, x, top + 30, pick, colour, 2)
        narrower = colour == GREEN and v["step"] == "move"
        frame.text(x, top + 56, "* the narrower gap" if narrower else "", GREEN)
        # the slide numbers beside their arrows (always three items: see draw_marks)
        marks = list(slides or [])
        while len(marks) < 2:
            marks.append(0)
        marks.append(ghost)
        for i in range(3):
            n = marks[i]
            s = NUMS[n] if n else ""
            lx, ly = cx, cy
            if n:
                # a label next to an earlier one (slides a number apart) moves out
                out = 0
                for j in range(i):
                    if marks[j] and (n - marks[j]) % RING in (0, 1, RING - 1):
                        out += 14
                lx, ly = label_point(cx, cy, TFT_RING, n, 6 * len(s), 12, out)
            frame.text(lx, ly, s, CYAN if i == 2 else ORANGE)
        draw_marks(frame, cx, cy, TFT_RING, slides, gap, cursor, ghost)

    def _hands_line(self, v: "Dict[str, Any]") -> str:
        # hand sizes (S-5), the player on turn in brackets
        parts = []
        for seat in range(v["players"]):
            h = str(v["hands"][seat])
            parts.append("[%s]" % h if seat == v["turn"] else h)
        return "hand " + " ".join(parts)

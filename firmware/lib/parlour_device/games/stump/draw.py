# Stump's play screen, the part that shows (S-1, S-2, S-5): the ring as a picture
# beside whose turn and which step, what the number under the cursor would do, and
# the hands and scores. play.py adds the keys. Drawing is remembered in two
# parts (what the view decides; what the entry decides) and every text line by what
# it shows, so an encoder click redraws one part from lines already made.

from ...ui.caches import Numbered, remember, room_for
from ...ui.frame import BLACK, CYAN, GREEN, GREY, ORANGE, RECT, RED, TEXT, WHITE, YELLOW
from ...ui.lines import clip
from ...ui.screen import ViewScreen
from .ring import RING, RingStyle, dots, draw_marks, label_point, table
from .texts import (
    BRACKETED,
    IN_GAP,
    LINES_KEPT,
    NO_GAP,
    NUMS,
    UNDER,
    WILD,
    WILD_GAPPER,
    WILD_UNDER,
)

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

MONO_RING = RingStyle(tag=1, r=15, dot=0, wedge_in=3, slide_len=3, slide_w=2, cursor=1,
                      labels=False, colours=(WHITE, WHITE, WHITE, WHITE, WHITE, WHITE))
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_MONO_X = const(20)         # the ring's centre on the MacroPad: x, and y below the body's top
_MONO_DY = const(19)
_MONO_TEXT = const(42)      # where the text beside it starts
TFT_RING = RingStyle(tag=2, r=54, dot=1, wedge_in=5, slide_len=9, slide_w=2, cursor=4,
                     labels=True, colours=(GREY, WHITE, GREEN, ORANGE, YELLOW, CYAN))


# Drawing is remembered under keys holding a generation number, bumped whenever a
# screen sees a new view: parts are drawn again only when the match or the entry
# changes (string work is what costs most on the board).
_GEN = [0]
# Round titles made so far, kept: the same ones come back match after match.
_TITLES = Numbered("Stump R%d", 16)


class StumpView(ViewScreen):
    # The entry being typed and everything drawn from it and the match's view.
    title = "Stump"

    def __init__(self, app: "Host") -> None:
        super().__init__(app)
        self.n = 1                 # the number under the cursor
        self.wild = False          # the pick is a wild card (S-4)
        self.pending = 0           # setup: the first turned number, once set
        self.ties: "List[Any]" = []  # setup on a tie: [[side, gap], [side, gap]]
        self.pick = 0              # move / member / tie: the highlighted choice
        self.seen: "Any" = None    # the step the entry was last reset for
        self._round = -1           # the round its title shows
        self.gen = 0               # a number for that view, unique across screens
        self._kkey: "Any" = None
        self._keys: "Tuple[str, Tuple[str, ...]]" = ("", ())
        self._body: "List[Any]" = [None, None]     # what the view decides (Frame.keep)
        self._entry: "List[Any]" = [None, None]    # the entry's part (Frame.keep)
        # Text lines by what they show: a player's step, the pick line. The same few
        # come back turn after turn (names are fixed for the match, so not in the
        # keys).
        self._steps: "Dict[Any, str]" = room_for(LINES_KEPT)
        self._picks: "Dict[Any, str]" = room_for(LINES_KEPT)
        # Where things go on this board, worked out once: on the MacroPad the ring is
        # left of three text lines, the middle one the pick (inverse when it fits).
        lay = app.layout
        self._mono = not lay.colour
        if self._mono:
            self._cx = _MONO_X
            self._cy = lay.body_top + _MONO_DY
            self._style = MONO_RING
            self._room = (lay.width - _MONO_TEXT) // lay.char_w
            self._rows = (lay.row_y(0), lay.row_y(1), lay.row_y(2))
            self._char_w = lay.char_w
            self._hand_word = (TEXT, _MONO_TEXT, self._rows[2], "hand", WHITE, 1, -1)
            self._hand_x = _MONO_TEXT + 5 * lay.char_w    # after "hand "
            y = lay.body_top + lay.line_h
            self._pick_backs = (
                (RECT, _MONO_TEXT - 1, y, lay.width - _MONO_TEXT + 1, lay.line_h - 1, BLACK, True),
                (RECT, _MONO_TEXT - 1, y, lay.width - _MONO_TEXT + 1, lay.line_h - 1, WHITE, True))
        else:
            self._cy = lay.body_top + lay.body_height // 2
            self._cx = self._cy - lay.body_top + 2
            self._style = TFT_RING
            self._room = (lay.width - (2 * self._cx + 8)) // 12
        self._ring: "Any" = None     # the ring drawing's table (ring.table), once drawn
        self._dots: "Any" = None     # the ring's dots as one item, once drawn
        self._slide_labels: "List[Any]" = [None, None]    # the TFT's slide numbers (keep)
        self._table_rows: "List[Any]" = [None, None, None, None]   # the TFT's player rows

    # -- what the engine says -------------------------------------------------------

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        # Once per new view (an event or an undo): a new step starts its entry afresh.
        _GEN[0] += 1
        self.gen = _GEN[0]
        rnd = v["round"]
        if rnd != self._round:
            self._round = rnd
            self.title = _TITLES.text(rnd) if rnd else "Stump"
        key = (v["step"], v["round"], v["turn"], v["discard"])
        if key == self.seen:
            return
        self.seen = key
        self.pick = 0
        self.wild = False
        step = v["step"]
        if step == "move":
            self.pick = self._best_pick(v)
        elif step == "gapper":
            gap = v["ring"]["gap"]
            if gap:
                self.n = gap[0]
        if step != "setup":
            self.pending = 0
            if self.ties:
                self.ties = []

    # -- the choices at the move step -------------------------------------------------

    def _best_pick(self, v: "Dict[str, Any]") -> int:
        moves = v["moves"]
        best = v["best"][0]
        for i in range(len(moves)):
            if moves[i][0] == best:
                return i
        return 0

    # -- drawing --------------------------------------------------------------------

    def _picture(self, v: "Dict[str, Any]") -> "Tuple[Any, Any, int, int]":
        # (slides, gap, cursor, ghost) the ring shows for the current entry
        step = v["step"]
        ring = v["ring"]
        if step == "gapper" or step == "discard":
            return ring["slides"], ring["gap"], self.n, 0
        if step == "move":
            opt = v["moves"][self.pick]
            return opt[2], opt[3], 0, ring["slides"][opt[0]]
        if step == "setup":
            if self.ties:
                _, gap, b = self.ties[self.pick]
                return [self.pending, b], gap, 0, 0
            return [self.pending] if self.pending else None, None, self.n, 0
        return ring["slides"] if ring else None, ring["gap"] if ring else None, 0, 0

    def _pick_line(self, v: "Dict[str, Any]") -> "Tuple[str, int]":
        # What the entry would do, with a colour: green fits, red would be refused,
        # yellow asks for a choice. A gapper's or discard's line is one of a few per
        # number, each made the first time it is shown and kept (PickTexts); the rest
        # are joined once per distinct pick from parts (numbers from a table).
        step = v["step"]
        ring = v["ring"]
        n = self.n
        if step == "gapper" or step == "discard":
            under = n in ring["slides"]
            if step == "gapper":
                if self.wild:
                    # OK plays it as a gapper (W), 8 discards it as W=n
                    return WILD_GAPPER.text(n), GREEN if ring["gap"] else RED
                if n in ring["gap"]:
                    return IN_GAP.text(n), GREEN
                if under:
                    return UNDER.text(n), RED
                return NO_GAP.text(n), WHITE
            if self.wild:
                return (WILD_UNDER if under else WILD).text(n), RED if under else WHITE
            if under:
                return UNDER.text(n), RED
            return NUMS[n], WHITE
        if step == "move":
            opt = v["moves"][self.pick]
            moved = NUMS[ring["slides"][opt[0]]]
            to = NUMS[v["discard"]]
            if opt[1] is not None:
                # S-2: slides 20 apart, the mover picks the side the gap runs from
                return self._joined((moved, ">", to, " from ", NUMS[opt[1]])), YELLOW
            best = v["best"]
            if len(best) == 1 and opt[0] == best[0]:    # the narrower gap
                return self._joined((moved, ">", to, " gap ", NUMS[len(opt[3])], "*")), GREEN
            return self._joined((moved, ">", to, " gap ", NUMS[len(opt[3])])), WHITE
        if step == "setup":
            if self.ties:
                return self._joined(("gap from ", NUMS[self.ties[self.pick][0]], "?")), YELLOW
            if self.pending:
                return self._joined(("A ", NUMS[self.pending], "  B ", NUMS[n], "?")), WHITE
            return self._joined(("A ", NUMS[n], "?")), WHITE
        if step == "member":
            return self._joined(("> ", v["names"][v["team"] + 2 * self.pick])), WHITE
        return clip(v["prompt"], 20), YELLOW

    def _joined(self, parts: "Tuple[str, ...]") -> str:
        # The pick line as one string, made the first time these parts come up (the
        # same few numbers and words come back click after click).
        text = self._picks.get(parts)
        if text is None:
            text = remember(self._picks, LINES_KEPT, parts, "".join(parts))
        return text

    def _step_line(self, v: "Dict[str, Any]") -> str:
        key = (v["step"], v["turn"], v["dealer"], v["team"], v["winner"])
        text = self._steps.get(key)
        if text is None:
            text = remember(self._steps, LINES_KEPT, key, clip(self._make_step_line(v), self._room))
        return text

    def _hand_items(self, items: "List[Any]", v: "Dict[str, Any]") -> None:
        # The MacroPad's hands line (S-5) as "hand" and one text per seat, each a
        # number made once (NUMS, BRACKETED for the player on turn): a played card
        # makes no string, and the board rebuilds one seat's label. A line longer
        # than the room is one clipped text, then blanks: the count of items stays.
        hands = v["hands"]
        turn = v["turn"]
        texts = []
        end = 4     # "hand"
        for seat in range(v["players"]):
            h = hands[seat]
            if 0 <= h <= RING:
                text = BRACKETED[h] if seat == turn else NUMS[h]
            else:
                text = "[%d]" % h if seat == turn else str(h)
            texts.append(text)
            end += 1 + len(text)
        y = self._rows[2]
        if end > self._room:
            line = clip(" ".join(["hand"] + texts), self._room)
            items.append((TEXT, _MONO_TEXT, y, line, WHITE, 1, -1))
            blank = (TEXT, _MONO_TEXT, y, "", WHITE, 1, -1)
            for _ in texts:
                items.append(blank)
            return
        items.append(self._hand_word)
        x = self._hand_x
        char_w = self._char_w
        for text in texts:
            items.append((TEXT, x, y, text, WHITE, 1, -1))
            x += char_w * (1 + len(text))

    def _ring_dots(self, frame: "Any") -> None:
        item = self._dots
        if item is None:
            dots(frame, self._cx, self._cy, self._style)
            self._dots = frame.items[-1]
        else:
            frame.items.append(item)

    def _marks(self, frame: "Any", slides: "Any", gap: "Any", cursor: int, ghost: int) -> None:
        ring = self._ring
        if ring is None:
            ring = self._ring = table(self._cx, self._cy, self._style)
        draw_marks(frame, ring, slides, gap, cursor, ghost)

    def _make_step_line(self, v: "Dict[str, Any]") -> str:
        step = v["step"]
        names: "List[str]" = v["names"]
        if step == "setup":
            return names[int(v["dealer"])] + " sets"
        if step == "member":
            sides: "List[str]" = v["sides"]
            return sides[int(v["team"])] + " who?"
        if step == "over":
            won: "List[str]" = v["sides"]
            return won[int(v["winner"])] + " won"
        who = names[int(v["turn"])]
        word = {"gapper": "gapper?", "discard": "discard", "move": "move"}[step]
        return who + " " + word

    def draw(self, frame: "Any") -> None:
        # Two remembered parts: what the view decides, drawn once per view, and what
        # the entry decides, drawn again only when the entry changed. (Frame.keep's
        # work, written out: this runs on every key and every click.)
        v = self.view()
        items = frame.items
        body = self._body
        if body[0] != self.gen:
            start = len(items)
            self._draw_view(frame, v)
            body[0] = self.gen
            body[1] = tuple(items[start:])
        else:
            items.extend(body[1])
        entry = self._entry
        key = (self.gen, self.n, self.wild, self.pick, self.pending, len(self.ties))
        if entry[0] != key:
            start = len(items)
            self._draw_entry(frame, v)
            entry[0] = key
            entry[1] = tuple(items[start:])
        else:
            items.extend(entry[1])

    def _draw_view(self, frame: "Any", v: "Dict[str, Any]") -> None:
        # What only the match decides: the ring's dots, whose turn, hands, scores.
        if self._mono:
            self._ring_dots(frame)
            rows = self._rows
            items = frame.items
            items.append((TEXT, _MONO_TEXT, rows[0], self._step_line(v), WHITE, 1, -1))
            self._hand_items(items, v)
            return
        lay = frame.layout
        top = lay.body_top
        cx = self._cx
        self._ring_dots(frame)
        x = 2 * cx + 8
        frame.text(x, top + 4, self._step_line(v), WHITE, 2)
        y = top + 72
        names = v["names"]
        pairs = v["mode"] == "partnership"
        small = (lay.width - x) // 6
        frame.text(x, y, clip("player   hand  score", small), GREY)
        y += 14
        kept = self._table_rows
        items = frame.items
        for seat in range(v["players"]):
            on = seat == v["turn"]
            side = seat % 2 if pairs else seat
            mark = ">" if on else ("d" if seat == v["dealer"] else " ")
            colour = YELLOW if on else (GREY if v["out"][seat] else WHITE)
            hand = v["hands"][seat]
            total = v["totals"][side]       # partners: each member's row, the team's
            row = kept[seat]
            # a row whose player's figures did not change is the item it was: an entry
            # changes one or two rows, and each new one is a new string
            if (row is None or row[0] != mark or row[1] != hand or row[2] != total
                    or row[3] != colour):
                line = "%s%-8s %3d  %5d" % (mark, clip(names[seat], 8), hand, total)
                row = kept[seat] = (mark, hand, total, colour, (TEXT, x, y, line, colour, 1, -1))
            items.append(row[4])
            y += 14
        ring = v["ring"]
        if ring and ring["gap"]:        # one formatting: a string costs most here
            span = ring["span"]
            note = "gap %d..%d (%d)  to %d" % (span[0], span[1], ring["width"], v["target"])
        else:
            note = ("gap closed  to %d" if ring else "turn up 2 numbers  to %d") % v["target"]
        frame.text(x, top + lay.body_height - 14, clip(note, small), GREY)

    def _draw_entry(self, frame: "Any", v: "Dict[str, Any]") -> None:
        # What the entry decides: the pick line and the ring's cursor, slides and gap.
        pick, colour = self._pick_line(v)
        slides, gap, cursor, ghost = self._picture(v)
        if self._mono:
            items = frame.items
            # a pick that fits is shown in inverse video
            if colour == GREEN:
                items.append(self._pick_backs[1])
                items.append((TEXT, _MONO_TEXT, self._rows[1], pick, BLACK, 1, -1))
            else:
                items.append(self._pick_backs[0])
                items.append((TEXT, _MONO_TEXT, self._rows[1], pick, WHITE, 1, -1))
            self._marks(frame, slides, gap, cursor, ghost)
            return
        lay = frame.layout
        top = lay.body_top
        x = 2 * self._cx + 8
        frame.text(x, top + 30, pick, colour, 2)
        narrower = colour == GREEN and v["step"] == "move"
        frame.text(x, top + 56, "* the narrower gap" if narrower else "", GREEN)
        # the slide numbers beside their arrows (always three items: see draw_marks),
        # drawn again only when the slides change (not on a click of the cursor)
        labels = self._slide_labels
        key = (slides[0] if slides else 0, slides[1] if slides and len(slides) > 1 else 0,
               ghost)
        if labels[0] != key:
            start = len(frame.items)
            self._draw_labels(frame, key)
            labels[0] = key
            labels[1] = tuple(frame.items[start:])
        else:
            frame.items.extend(labels[1])
        self._marks(frame, slides, gap, cursor, ghost)

    def _draw_labels(self, frame: "Any", marks: "Tuple[int, int, int]") -> None:
        # The slide numbers (A, B and a move's old place) outside their arrows.
        lay = frame.layout
        top = lay.body_top
        cx = self._cx
        cy = self._cy
        x = 2 * cx + 8
        placed = [(0, 0, 0), (0, 0, 0), (0, 0, 0)]     # each label's x, y and width
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
                # kept in the ring's own room: clear of the title, the hint and the
                # text column beside the ring
                lx = max(0, min(lx, x - 2 - 6 * len(s)))
                ly = max(top, min(ly, top + lay.body_height - 12))
                # pushed against an edge onto an earlier label: a line further in
                for j in range(i):
                    px, py, pw = placed[j]
                    if pw and abs(py - ly) < 12 and lx < px + pw and px < lx + 6 * len(s):
                        ly = py + 12 if py + 24 <= top + lay.body_height else py - 12
                placed[i] = (lx, ly, 6 * len(s))
            frame.text(lx, ly, s, CYAN if i == 2 else ORANGE)

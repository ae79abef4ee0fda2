# The Dartex play screen's entry and what it draws (play.py adds the keys): the
# throw being entered, the status or the colour board's body (what the match
# decides), and the entry (what the keys decide): the three card boxes
# (boxes.Boxes) and the note line under them, the throw's value, the reason the
# rules refuse it, or a Foul's or Wire's target. Parts are kept on the screen until
# what they show changes.

from parlour_rules.dartex import throw_value
from parlour_rules.dartex.views import aims as aims_of
from parlour_rules.dartex.views import table_throw
from parlour_rules.errors import RulesError
from parlour_rules.tokens import FOUL

from ...ui.caches import Numbered, emptied, remember, room_for
from ...ui.frame import GREEN, GREY, RED, TEXT, WHITE, YELLOW
from ...ui.lines import clip
from ...ui.screen import ViewScreen
from .boxes import NUMBER_COUNT, NUMBER_FACES, Boxes, face, target_text, token

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

CARD_OF = ("card 1 of 3", "card 2 of 3", "card 3 of 3")
# The entry's card boxes, drawn so far, per board (mono or colour): a click costs
# lookups instead of drawing (throw.Boxes).
_BOXES: "Dict[bool, Boxes]" = {}
# The note line's item under the boxes, by board (-1 mono, else the colour), by text.
_NOTES: "Dict[int, Dict[str, Tuple[Any, ...]]]" = {}
_NOTES_KEPT = const(32)
_AIMS_KEPT = const(12)
# The plain notes' items ("card n of 3" by n - 1, the first throw's at 3), by board
# (colour, mono).
_PLAIN: "Tuple[List[Any], List[Any]]" = ([None] * 4, [None] * 4)
# "= 13": a throw's value as its preview shows it, made at import up to 63 (~2 KB;
# nearly every throw's value, and a string made per throw costs ~30,000 fuel on the
# board), larger ones once per value
_VALUE_TEXTS = tuple(["= %d" % value for value in range(64)])
_VALUES = Numbered("= %d", 32)


def throw_line(names: "List[str]", found: "Tuple[Any, ...]", lead: str = "",
               aims: "Optional[Dict[Any, str]]" = None) -> str:
    # "P1#2 DBL 4 5 =13", "F" at the end when fouled, "F>P2#1" for a Foul aimed
    # at P2's first throw: one throw of parlour_rules.dartex.views.table_throws of a seat, (seat,
    # number, cards, targets, value, fouled), made in one formatting (faces come from
    # tables; an aimed face from `aims`, the play screen's, where it was made).
    seat, number, cards, targets, value, fouled = found
    first = face(cards[0])
    second = face(cards[1])
    third = face(cards[2])
    if targets is not None:
        if targets[0] is not None:
            first = _aimed(names, cards[0], targets[0], aims)
        if targets[1] is not None:
            second = _aimed(names, cards[1], targets[1], aims)
        if targets[2] is not None:
            third = _aimed(names, cards[2], targets[2], aims)
    return "%s%s#%d %s %s %s =%d%s" % (lead, names[seat], number, first, second, third,
                                      value, " F" if fouled else "")


def _aimed(names: "List[str]", card: int, target: "Tuple[int, int]",
           aims: "Optional[Dict[Any, str]]") -> str:
    # "F>P2#1", as the card's box shows it (FOUL or WIRE by its initial): the one
    # aim_face made when the card was laid, else made here
    key = (card, target)
    text = aims.get(key) if aims is not None else None
    if text is None:
        text = "%s>%s#%d" % ("F" if card == FOUL else "W", names[target[0]], target[1])
        if aims is not None:
            remember(aims, _AIMS_KEPT, key, text)
    return text


def note_item(frame: "Any", text: str, colour: int) -> "Tuple[Any, ...]":
    # The note line's item, made once per board, text and colour.
    lay = frame.layout
    mono = not lay.colour
    notes = _NOTES.get(-1 if mono else colour)
    if notes is None:
        notes = _NOTES[-1 if mono else colour] = room_for(_NOTES_KEPT)
    elif len(notes) >= _NOTES_KEPT:
        emptied(notes)
    item = notes.get(text)
    if item is None:
        items = frame.items
        start = len(items)
        if mono:
            frame.text(0, lay.row_y(2) + 2, clip(text, lay.cols))
        else:
            frame.text(4, lay.body_top + 82, clip(text, 26), colour, 2 if len(text) <= 26 else 1)
        item = notes[text] = items[start]
        del items[start:]
    return item


class DartexView(ViewScreen):
    # The throw being entered, and everything drawn from it and the match's view.

    def __init__(self, app: "Host") -> None:
        super().__init__(app)
        self.slots: "List[Tuple[int, Any]]" = []   # (card, target) laid so far
        self.idx = 6               # NUMBERS[idx] is the number under the encoder
        self.champ = False         # the next number card is a Champion
        self.aim = 0               # FOUL or WIRE while its target is picked
        self.pick = 0              # index into the view's targets
        self.ver = 0               # bumped whenever the card being entered may change
        # Parts of the frame, kept until what they show changes: the body (per view)
        # and the entry's items (the body's, the three boxes', then the note line's,
        # in one list made at its size once, `store`), made again when the entry
        # changes; a turn of the encoder replaces the face of the box being entered
        # in place (at `at`; `ver` moves, `card_ver` tells the entry's box).
        self.body: "Optional[Tuple[Any, ...]]" = None
        self.entry: "Optional[List[Any]]" = None
        self.store: "Optional[List[Any]]" = None
        self.shown: "List[Any]" = [None, None, None]   # the part in each box of store
        self.start = 0            # where the boxes start in store (after the body)
        self.at = 0
        self.card_ver = -1
        self.target_lines: "Dict[int, str]" = {}         # target lines of this view, by pick
        self._aimlist: "Optional[List[Any]]" = None   # the throws on the table (per view)
        # aimed faces, by card and target: a few a match, in a table made at its size
        # once (grown on a target click, it cost that click a heap search, ~180,000)
        self.aims: "Dict[Any, str]" = room_for(_AIMS_KEPT)
        self._event: "Optional[Dict[str, Any]]" = None   # the throw of 3 laid cards
        self._preview: "Optional[Tuple[str, int]]" = None
        self.short: "Optional[List[str]]" = None   # the names cut to 6 (the status line)
        self.bx: "Optional[Boxes]" = None
        self.laid: "List[Tuple[Any, ...]]" = []   # the laid boxes' items, by slot

    def on_view(self, v: "Dict[str, Any]", old: "Any") -> None:
        # A new view (an event or an undo): the body and the targets read again.
        self.body = None
        self._aimlist = None
        if self.target_lines:            # a new table only where lines were made
            self.target_lines = {}

    def changed(self) -> None:
        # The entry (or the view under it) changed: its parts, preview and event go.
        self.ver += 1
        self.entry = None
        self._event = None
        self._preview = None

    # -- the throw being entered -----------------------------------------------------

    def event(self) -> "Dict[str, Any]":
        # The throw of the cards laid, made once for its preview and its sending.
        event = self._event
        if event is None:
            cards = []
            for card, target in self.slots:
                # a number's token is its face (from the table), the rest token()'s
                cards.append(NUMBER_FACES[card] if 0 < card <= 25 and target is None
                             else token(card, target))
            event = self._event = {"t": "throw", "cards": cards}
        return event

    def preview(self) -> "Tuple[str, int]":
        # The value of three laid cards, or the reason the rules refuse them.
        if len(self.slots) < 3 or self.app.match is None:
            return "", WHITE
        found = self._preview
        if found is not None:
            return found
        try:
            value = self.app.read(throw_value, self.event())
        except RulesError as e:
            found = (e.message, RED)
        else:
            found = (_VALUE_TEXTS[value] if 0 <= value < 64 else _VALUES.text(value), GREEN)
        self._preview = found
        return found

    def targets(self) -> "List[Any]":
        # The throws on the table as (seat, number), read once per view.
        aims = self._aimlist
        if aims is None:
            aims = self._aimlist = self.app.read(aims_of) if self.app.match is not None else []
        return aims

    # -- what it draws ---------------------------------------------------------------

    def target_line(self, v: "Dict[str, Any]") -> str:
        # The throw the Foul or Wire lands on (a throw on the table: aims() gives only
        # those), remembered per view: turning through the targets makes each once.
        line = self.target_lines.get(self.pick)
        if line is None:
            seat, number = self.targets()[self.pick]
            if self.app.match is not None:
                line = throw_line(v["names"], (seat,) + self.app.read(table_throw, seat, number),
                                  "", self.aims)
            else:
                line = target_text(v["names"], (seat, number))
            self.target_lines[self.pick] = line
        return line

    def aim_face(self, card: int, target: "Tuple[int, int]") -> str:
        # "F>P2#1": a Foul or Wire and the throw it lands on (made once a match)
        return _aimed(self.view()["names"], card, target, self.aims)

    def status(self, v: "Dict[str, Any]") -> str:
        # "Ann h9 93pt pk28": one formatting, the names cut once a match
        turn = v["turn"]
        short = self.short
        if short is None:
            short = self.short = [clip(name, 6) for name in v["names"]]
        return "%s h%d %dpt pk%d" % (short[turn], v["sizes"][turn], v["totals"][turn], v["pack"])

    def note(self, v: "Dict[str, Any]") -> "Tuple[str, int]":
        if self.aim:
            return self.target_line(v), YELLOW
        if len(self.slots) == 3:
            text, colour = self.preview()
            if text:
                return text, colour
        if v["first"] and not self.slots:
            return "first: DBL or a pair", YELLOW
        return CARD_OF[len(self.slots)], GREY

    def boxes_of(self, frame: "Any") -> Boxes:
        boxes = self.bx
        if boxes is not None:
            return boxes
        lay = frame.layout
        mono = not lay.colour
        boxes = _BOXES.get(mono)
        if boxes is None:
            if mono:
                boxes = Boxes(frame, 0, lay.row_y(1) + 1, 41, 13, 2, 1)
            else:
                boxes = Boxes(frame, 4, lay.body_top + 30, 98, 46, 7, 2)
            _BOXES[mono] = boxes
        self.bx = boxes
        return boxes

    def current(self, frame: "Any", at: int) -> "Tuple[Any, ...]":
        # The face of the card being entered (or aimed) in box `at`: its text item.
        boxes = self.bx
        if boxes is None:
            boxes = self.boxes_of(frame)
        if self.aim:
            return boxes.face(at, self.aim_face(self.aim, self.targets()[self.pick]), self.aim, 1)
        return boxes.number(at, self.idx, self.champ)

    def draw_view(self, frame: "Any", v: "Dict[str, Any]") -> "Tuple[Any, ...]":
        # What only the match decides: whose turn, hand sizes, the pack, the scores;
        # -> its items (not added to the frame).
        lay = frame.layout
        if not lay.colour:
            text = self.status(v)
            return ((TEXT, 0, lay.body_top, text if len(text) <= lay.cols else clip(text, lay.cols),
                     WHITE, 1, -1),)
        items = frame.items
        start = len(items)
        top = lay.body_top
        turn = v["turn"]
        names = v["names"]
        frame.text(4, top + 2, clip(names[turn] + " throws", 16), YELLOW, 2)
        frame.text(214, top + 8, "pack %d" % v["pack"], GREY)
        y = top + 108
        frame.text(4, y, "player    hand  table  total", GREY)
        y += 12
        sizes = v["sizes"]
        scores = v["scores"]
        totals = v["totals"]
        for seat in range(v["players"]):
            on = seat == turn
            mark = ">" if on else ("d" if seat == v["dealer"] else " ")
            frame.text(4, y, "%s%-8s %4d %6d %6d" % (mark, clip(names[seat], 8), sizes[seat],
                                                      scores[seat], totals[seat]),
                       YELLOW if on else WHITE)
            y += 12
        part = tuple(items[start:])
        del items[start:]
        return part

    def draw_entry(self, frame: "Any", v: "Dict[str, Any]") -> "List[Any]":
        # The items the screen shows: the body (made once per view), then what the
        # entry decides: the three card boxes (laid, being entered, empty) and the
        # value or the reason under them. They go into one list kept by the screen, made
        # at its size once (a list grown item by item frees its table as it grows), where
        # only the boxes that changed are written again (`self.shown`: the part in each);
        # a turn of the encoder then replaces the face at `self.at` in place.
        boxes = self.bx
        if boxes is None:
            boxes = self.boxes_of(frame)
        size = boxes.size
        # made with the body (below), so there is one from the first entry on
        entry: "List[Any]" = self.store  # type: ignore[assignment]
        shown = self.shown
        body = self.body
        if body is None:
            body = self.body = self.draw_view(frame, v)
            count = len(body)
            if entry is None or len(entry) != count + 3 * size + 1:
                entry = self.store = [None] * (count + 3 * size + 1)
                shown[0] = shown[1] = shown[2] = None
            for j in range(count):
                entry[j] = body[j]
            self.start = count
        slots = self.slots
        laid = len(slots)
        shells = boxes.shells
        kept = self.laid
        j = self.start
        for i in range(3):
            if i == laid:
                part = shells[i + i + 1]
            elif i > laid:
                part = boxes.blanks[i]
            elif i < len(kept):
                part = kept[i]      # a laid box is kept by its slot until it is taken back
            else:
                card, target = slots[i]
                if target is None and 0 < card <= 25:
                    part = boxes.laid_number(i, card)
                else:
                    part = shells[i + i] + (boxes.face(i, face(card) if target is None
                                                       else self.aim_face(card, target), card, 0),)
                kept.append(part)
            if part is not shown[i]:
                shown[i] = part
                k = j
                for item in part:
                    entry[k] = item
                    k += 1
            if i == laid:
                self.at = j + size - 1
                if self.aim:
                    entry[j + size - 1] = self.current(frame, i)
                else:
                    # the number's face from the boxes' table (boxes.number fills it)
                    item = boxes.numbers[(i + 3 if self.champ else i) * NUMBER_COUNT + self.idx]
                    entry[j + size - 1] = (item if item is not None
                                           else boxes.number(i, self.idx, self.champ))
            j += size
        if self.aim or laid == 3:
            text, colour = self.note(v)
            entry[j] = note_item(frame, text, colour)
        else:
            # the plain notes (card n of 3, the first throw's) from a table per board
            k = 3 if laid == 0 and v["first"] else laid
            plain = _PLAIN[0 if frame.layout.colour else 1]
            item = plain[k]
            if item is None:
                text, colour = self.note(v)
                item = plain[k] = note_item(frame, text, colour)
            entry[j] = item
        self.entry = entry
        self.card_ver = self.ver
        return entry

    def lay_card(self, entry: "List[Any]", card: int) -> None:
        # A card (no target) just laid in box `at`, the next box now the one being
        # entered: the entry drawn before (`entry`, still whole) gets those two boxes
        # and the note, as draw_entry would write them; the entry is kept again. Where
        # the next face or the note is not in a table yet, the entry is left to
        # draw_entry.
        boxes = self.bx
        at = len(self.slots) - 1
        kept = self.laid
        if boxes is None or self.aim or len(kept) != at:
            return
        item = _PLAIN[0 if boxes.colour else 1][at + 1]
        shows = boxes.numbers[(at + 4 if self.champ else at + 1) * NUMBER_COUNT + self.idx]
        if item is None or shows is None:
            return
        size = boxes.size
        shown = self.shown
        if 0 < card <= 25:
            part = boxes.laid_number(at, card)
        else:
            part = boxes.shells[at + at] + (boxes.face(at, face(card), card, 0),)
        kept.append(part)
        shown[at] = part
        j = self.start + at * size
        for one in part:
            entry[j] = one
            j += 1
        part = shown[at + 1] = boxes.shells[at + at + 3]
        for one in part:
            entry[j] = one
            j += 1
        entry[j] = shows
        self.at = j
        entry[self.start + 3 * size] = item
        self.entry = entry
        self.card_ver = self.ver

    def take_back(self, entry: "List[Any]") -> None:
        # The card in box `at` just taken back (9), that box now the one being entered
        # and the next one empty: the entry drawn before gets those two boxes and the
        # note, as draw_entry would write them, and is kept again (else left to it).
        boxes = self.bx
        at = len(self.slots)
        if boxes is None or self.aim or self.sv is None:
            return
        item = _PLAIN[0 if boxes.colour else 1][3 if at == 0 and self.sv["first"] else at]
        shows = boxes.numbers[(at + 3 if self.champ else at) * NUMBER_COUNT + self.idx]
        if item is None or shows is None:
            return
        size = boxes.size
        shown = self.shown
        j = self.start + at * size
        part = shown[at] = boxes.shells[at + at + 1]
        for one in part:
            entry[j] = one
            j += 1
        entry[j] = shows
        self.at = j
        j += 1
        if at < 2:
            part = shown[at + 1] = boxes.blanks[at + 1]
            for one in part:
                entry[j] = one
                j += 1
        entry[self.start + 3 * size] = item
        self.entry = entry
        self.card_ver = self.ver

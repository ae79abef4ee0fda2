# What the Dartex play screen (play.py) draws: the status or the colour
# board's body (what the match decides), and the entry (what the keys decide): the
# three card boxes (throw.Boxes) and the note line under them, the throw's value,
# the reason the rules refuse it, or a Foul's or Wire's target. Parts are kept on
# the screen until what they show changes.

from parlour_rules.dartex.views import table_throw
from parlour_rules.tokens import FOUL

from ...ui.caches import emptied, remember, room_for
from ...ui.frame import GREY, TEXT, WHITE, YELLOW
from ...ui.lines import clip
from .boxes import NUMBER_COUNT, Boxes, face, target_text

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
    from .play import DartexPlay

CARD_OF = ("card 1 of 3", "card 2 of 3", "card 3 of 3")
# The entry's card boxes, drawn so far, per board (mono or colour): a click costs
# lookups instead of drawing (throw.Boxes).
_BOXES: "Dict[bool, Boxes]" = {}
# The note line's item under the boxes, by board (-1 mono, else the colour), by text.
_NOTES: "Dict[int, Dict[str, Tuple[Any, ...]]]" = {}
_NOTES_KEPT = const(32)
AIMS_KEPT = 12
# The plain notes' items ("card n of 3" by n - 1, the first throw's at 3), by board
# (colour, mono).
_PLAIN: "Tuple[List[Any], List[Any]]" = ([None] * 4, [None] * 4)


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
            remember(aims, AIMS_KEPT, key, text)
    return text


def target_line(sc: "DartexPlay", v: "Dict[str, Any]") -> str:
    # remembered per view: turning through the targets makes each line once
    line = sc.target_lines.get(sc.pick)
    if line is None:
        line = sc.target_lines[sc.pick] = _make_target_line(sc, v)
    return line


def aim_face(sc: "DartexPlay", card: int, target: "Tuple[int, int]") -> str:
    # "F>P2#1": a Foul or Wire and the throw it lands on (made once a match)
    return _aimed(sc.view()["names"], card, target, sc.aims)


def _make_target_line(sc: "DartexPlay", v: "Dict[str, Any]") -> str:
    # (a target is a throw on the table: aims() gives only those)
    seat, number = sc.targets()[sc.pick]
    match = sc.app.match
    if match is not None:
        return throw_line(v["names"], (seat,) + table_throw(match.state, seat, number), "",
                          sc.aims)
    return target_text(v["names"], (seat, number))


def status(sc: "DartexPlay", v: "Dict[str, Any]") -> str:
    # "Ann h9 93pt pk28": one formatting, the names cut once a match
    turn = v["turn"]
    short = sc.short
    if short is None:
        short = sc.short = [clip(name, 6) for name in v["names"]]
    return "%s h%d %dpt pk%d" % (short[turn], v["sizes"][turn], v["totals"][turn], v["pack"])


def note(sc: "DartexPlay", v: "Dict[str, Any]") -> "Tuple[str, int]":
    if sc.aim:
        return target_line(sc, v), YELLOW
    if len(sc.slots) == 3:
        text, colour = sc.preview()
        if text:
            return text, colour
    if v["first"] and not sc.slots:
        return "first: DBL or a pair", YELLOW
    return CARD_OF[len(sc.slots)], GREY


def boxes_of(sc: "DartexPlay", frame: "Any") -> Boxes:
    boxes = sc.bx
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
    sc.bx = boxes
    return boxes


def current(sc: "DartexPlay", frame: "Any", at: int) -> "Tuple[Any, ...]":
    # The face of the card being entered (or aimed) in box `at`: its text item.
    boxes = sc.bx
    if boxes is None:
        boxes = boxes_of(sc, frame)
    if sc.aim:
        return boxes.face(at, aim_face(sc, sc.aim, sc.targets()[sc.pick]), sc.aim, 1)
    return boxes.number(at, sc.idx, sc.champ)


def draw_view(sc: "DartexPlay", frame: "Any", v: "Dict[str, Any]") -> "Tuple[Any, ...]":
    # What only the match decides: whose turn, hand sizes, the pack, the scores;
    # -> its items (not added to the frame).
    lay = frame.layout
    if not lay.colour:
        text = status(sc, v)
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


def draw_entry(sc: "DartexPlay", frame: "Any", v: "Dict[str, Any]") -> "List[Any]":
    # The items the screen shows: the body (made once per view), then what the
    # entry decides: the three card boxes (laid, being entered, empty) and the
    # value or the reason under them. They go into one list kept by the screen, made
    # at its size once (a list grown item by item frees its table as it grows), where
    # only the boxes that changed are written again (`sc.shown`: the part in each);
    # a turn of the encoder then replaces the face at `sc.at` in place.
    boxes = sc.bx
    if boxes is None:
        boxes = boxes_of(sc, frame)
    size = boxes.size
    # made with the body (below), so there is one from the first entry on
    entry: "List[Any]" = sc.store  # type: ignore[assignment]
    shown = sc.shown
    body = sc.body
    if body is None:
        body = sc.body = draw_view(sc, frame, v)
        count = len(body)
        if entry is None or len(entry) != count + 3 * size + 1:
            entry = sc.store = [None] * (count + 3 * size + 1)
            shown[0] = shown[1] = shown[2] = None
        for j in range(count):
            entry[j] = body[j]
        sc.start = count
    slots = sc.slots
    laid = len(slots)
    shells = boxes.shells
    kept = sc.laid
    j = sc.start
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
                                                   else aim_face(sc, card, target), card, 0),)
            kept.append(part)
        if part is not shown[i]:
            shown[i] = part
            k = j
            for item in part:
                entry[k] = item
                k += 1
        if i == laid:
            sc.at = j + size - 1
            if sc.aim:
                entry[j + size - 1] = current(sc, frame, i)
            else:
                # the number's face from the boxes' table (boxes.number fills it)
                item = boxes.numbers[(i + 3 if sc.champ else i) * NUMBER_COUNT + sc.idx]
                entry[j + size - 1] = (item if item is not None
                                       else boxes.number(i, sc.idx, sc.champ))
        j += size
    if sc.aim or laid == 3:
        text, colour = note(sc, v)
        entry[j] = note_item(frame, text, colour)
    else:
        # the plain notes (card n of 3, the first throw's) from a table per board
        k = 3 if laid == 0 and v["first"] else laid
        plain = _PLAIN[0 if frame.layout.colour else 1]
        item = plain[k]
        if item is None:
            text, colour = note(sc, v)
            item = plain[k] = note_item(frame, text, colour)
        entry[j] = item
    sc.entry = entry
    sc.card_ver = sc.ver
    return entry


def lay_card(sc: "DartexPlay", entry: "List[Any]", card: int) -> None:
    # A card (no target) just laid in box `at`, the next box now the one being
    # entered: the entry drawn before (`entry`, still whole) gets those two boxes
    # and the note, as draw_entry would write them; the entry is kept again. Where
    # the next face or the note is not in a table yet, the entry is left to
    # draw_entry.
    boxes = sc.bx
    at = len(sc.slots) - 1
    kept = sc.laid
    if boxes is None or sc.aim or len(kept) != at:
        return
    item = _PLAIN[0 if boxes.colour else 1][at + 1]
    shows = boxes.numbers[(at + 4 if sc.champ else at + 1) * NUMBER_COUNT + sc.idx]
    if item is None or shows is None:
        return
    size = boxes.size
    shown = sc.shown
    if 0 < card <= 25:
        part = boxes.laid_number(at, card)
    else:
        part = boxes.shells[at + at] + (boxes.face(at, face(card), card, 0),)
    kept.append(part)
    shown[at] = part
    j = sc.start + at * size
    for one in part:
        entry[j] = one
        j += 1
    part = shown[at + 1] = boxes.shells[at + at + 3]
    for one in part:
        entry[j] = one
        j += 1
    entry[j] = shows
    sc.at = j
    entry[sc.start + 3 * size] = item
    sc.entry = entry
    sc.card_ver = sc.ver


def take_back(sc: "DartexPlay", entry: "List[Any]") -> None:
    # The card in box `at` just taken back (9), that box now the one being entered
    # and the next one empty: the entry drawn before gets those two boxes and the
    # note, as draw_entry would write them, and is kept again (else left to it).
    boxes = sc.bx
    at = len(sc.slots)
    if boxes is None or sc.aim or sc.sv is None:
        return
    item = _PLAIN[0 if boxes.colour else 1][3 if at == 0 and sc.sv["first"] else at]
    shows = boxes.numbers[(at + 3 if sc.champ else at) * NUMBER_COUNT + sc.idx]
    if item is None or shows is None:
        return
    size = boxes.size
    shown = sc.shown
    j = sc.start + at * size
    part = shown[at] = boxes.shells[at + at + 1]
    for one in part:
        entry[j] = one
        j += 1
    entry[j] = shows
    sc.at = j
    j += 1
    if at < 2:
        part = shown[at + 1] = boxes.blanks[at + 1]
        for one in part:
            entry[j] = one
            j += 1
    entry[sc.start + 3 * size] = item
    sc.entry = entry
    sc.card_ver = sc.ver

# A Dartex throw on screen (X-1, X-2, Card notation): three card boxes in the order
# laid, each with a short face ("DBL", "7", "C=18", "F>P2#1") and, on colour
# screens, the colour of its kind. Pure drawing into a Frame.

from parlour_rules.tokens import (
    BULL,
    CHAMP,
    DOUBLE,
    FOUL,
    OFF,
    SPECIAL_WORDS,
    TREBLE,
    WIRE,
    format_dartex,
)

from .base import BLACK, CYAN, GREY, MAGENTA, ORANGE, RED, WHITE, YELLOW

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

# the numbers a number card (or a Champion) can be, in sequence order
NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25)
_FACES = ((DOUBLE, "DBL"), (TREBLE, "TRB"), (FOUL, "FOUL"), (OFF, "OFF"), (WIRE, "WIRE"),
          (BULL, "BULL"))


_NUM_FACES = tuple([str(n) for n in range(26)])   # made once: no string per frame


_SHORT: "dict[int, str]" = {}   # a special's face ("DBL"), by its code
for _code, _word in _FACES:
    _SHORT[_code] = _word
_CHAMP_FACES: "dict[int, str]" = {}     # "C=18", made once per number


def face(card: int) -> str:
    # The short face of a card: 3 to 4 characters for specials, "C=18" for a Champion.
    if 0 < card <= 25:
        return _NUM_FACES[card]
    word = _SHORT.get(card)
    if word is not None:
        return word
    if card > CHAMP:
        word = _CHAMP_FACES.get(card)
        if word is None:
            word = _CHAMP_FACES[card] = "C=%d" % (card - CHAMP)
        return word
    return str(card)


_WORDS: "dict[int, str]" = {}   # a special's token ("DOUBLE"), by its code
for _word, _code in SPECIAL_WORDS:
    _WORDS[_code] = _word
_CHAMPS: "dict[int, str]" = {}  # "CHAMP=18", made once per number


def token(card: int, target: "Optional[Tuple[int, int]]") -> str:
    # The card's token in a throw event, as tokens.format_dartex writes it, from
    # tables (only a Foul or Wire with a target makes a new string).
    if target is None:
        if 0 < card <= 25:
            return _NUM_FACES[card]
        word = _WORDS.get(card)
        if word is not None:
            return word
        if card > CHAMP:
            word = _CHAMPS.get(card)
            if word is None:
                word = _CHAMPS[card] = "CHAMP=%d" % (card - CHAMP)
            return word
    text: str = format_dartex(card, target)
    return text


def colour_of(card: int) -> int:
    if card == DOUBLE or card == TREBLE:
        return CYAN
    if card == BULL:
        return RED
    if card == FOUL:
        return MAGENTA
    if card == WIRE:
        return ORANGE
    if card == OFF:
        return GREY
    if card > CHAMP:
        return YELLOW
    return WHITE


def target_text(names: "List[str]", target: "Optional[Tuple[int, int]]") -> str:
    # A throw on the table as players say it: "P2#3" is P2's third throw of the hand.
    if target is None:
        return "none"
    return "%s#%d" % (names[target[0]], target[1])


def parse_face(token: str) -> "Tuple[int, Optional[Tuple[int, int]]]":
    # A view's card token ("FOUL@1.2", "CHAMP=18", "DOUBLE", "7") -> (card, target).
    from parlour_rules.tokens import parse_dartex
    card, target = parse_dartex(token)
    return card, target


def draw_card(frame: "Any", x: int, y: int, w: int, h: int, text: str, colour: int,
              current: bool, scale: int) -> None:
    # One card box. Mono: an outline, the slot being entered in inverse video.
    lay = frame.layout
    if not lay.colour:
        if current:
            frame.rect(x, y, w, h, WHITE)
        else:
            frame.rect(x, y, w, h, WHITE, False)
        room = (w - 2) // 6
        t = text if len(text) <= room else text[:room]
        frame.text(x + (w - 6 * len(t)) // 2, y + (h - 12) // 2, t, BLACK if current else WHITE)
        return
    frame.rect(x, y, w, h, 0x202830)
    frame.rect(x, y, w, h, YELLOW if current else GREY, False)
    cw = 6 * scale
    room = (w - 4) // cw
    if len(text) > room and scale > 1:
        scale = 1
        cw = 6
        room = (w - 4) // cw
    t = text if len(text) <= room else text[:room]
    frame.text(x + (w - cw * len(t)) // 2, y + (h - 12 * scale) // 2, t, colour, scale)


class Boxes:
    # The three card boxes of a throw at one place and size, side by side. Each box
    # drawn is kept by its face (which decides its colour), its slot and whether it
    # is the one being entered: the same few faces come back click after click, and
    # a box from here costs a lookup instead of its drawing.
    def __init__(self, x: int, y: int, w: int, h: int, gap: int, scale: int) -> None:
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.gap = gap
        self.scale = scale
        self.kept: "dict[str, List[Any]]" = {}

    def box(self, frame: "Any", i: int, text: str, card: int,
            current: bool) -> "Tuple[Any, ...]":
        # Box i (0..2) showing `card` as `text` (its colour comes from the card, so
        # it is looked up only when the box is drawn); -> its items.
        kept = self.kept
        parts = kept.get(text)
        if parts is None:
            if len(kept) >= CARDS_KEPT:
                kept.clear()
            parts = kept[text] = [None, None, None, None, None, None]
        slot = i + i + (1 if current else 0)
        part: "Optional[Tuple[Any, ...]]" = parts[slot]
        items = frame.items
        if part is None:
            start = len(items)
            draw_card(frame, self.x + i * (self.w + self.gap), self.y, self.w, self.h, text,
                      colour_of(card), current, self.scale)
            part = parts[slot] = tuple(items[start:])
            return part
        items.extend(part)
        return part

    def part(self, frame: "Any", i: int, text: str, card: int,
             current: bool) -> "Tuple[Any, ...]":
        # Box i's items, not added to the frame.
        items = frame.items
        start = len(items)
        part = self.box(frame, i, text, card, current)
        del items[start:]
        return part


CARDS_KEPT = 48     # faces a Boxes keeps before starting over

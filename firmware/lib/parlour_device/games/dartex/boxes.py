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

from ...ui.caches import Numbered
from ...ui.frame import BLACK, CYAN, GREY, MAGENTA, ORANGE, RECT, RED, TEXT, WHITE, YELLOW

try:
    from typing import Any, List, Optional, Tuple
except ImportError:
    pass

# the numbers a number card (or a Champion) can be, in sequence order
NUMBERS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 25)
NUMBER_COUNT = len(NUMBERS)     # a row of Boxes.numbers and Boxes.laid_number
_FACES = ((DOUBLE, "DBL"), (TREBLE, "TRB"), (FOUL, "FOUL"), (OFF, "OFF"), (WIRE, "WIRE"),
          (BULL, "BULL"))


_NUM_FACES = tuple([str(n) for n in range(26)])   # made once: no string per frame
NUMBER_FACES = _NUM_FACES    # a number card's face ("7"), by its number


_SHORT: "dict[int, str]" = {}   # a special's face ("DBL"), by its code
for _code, _word in _FACES:
    _SHORT[_code] = _word
_CHAMP_FACES = Numbered("C=%d", NUMBER_COUNT)     # "C=18", made once per number


def face(card: int) -> str:
    # The short face of a card: 3 to 4 characters for specials, "C=18" for a Champion.
    if 0 < card <= 25:
        return _NUM_FACES[card]
    word = _SHORT.get(card)
    if word is not None:
        return word
    if card > CHAMP:
        return _CHAMP_FACES.text(card - CHAMP)
    return str(card)


_WORDS: "dict[int, str]" = {}   # a special's token ("DOUBLE"), by its code
for _word, _code in SPECIAL_WORDS:
    _WORDS[_code] = _word
_CHAMPS = Numbered("CHAMP=%d", NUMBER_COUNT)  # "CHAMP=18", made once per number


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
            return _CHAMPS.text(card - CHAMP)
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


def face_item(colour_board: bool, x: int, y: int, w: int, h: int, text: str, colour: int,
              current: bool, scale: int) -> "Tuple[Any, ...]":
    # A box's face as a frame item (Frame.text's), centred and cut to the box: mono
    # black on the current box, colour at `scale` (1 when the face does not fit).
    if not colour_board:
        room = (w - 2) // 6
        t = text if len(text) <= room else text[:room]
        return (TEXT, x + (w - 6 * len(t)) // 2, y + (h - 12) // 2, t,
                BLACK if current else WHITE, 1, -1)
    cw = 6 * scale
    room = (w - 4) // cw
    if len(text) > room and scale > 1:
        scale = 1
        cw = 6
        room = (w - 4) // cw
    t = text if len(text) <= room else text[:room]
    return (TEXT, x + (w - cw * len(t)) // 2, y + (h - 12 * scale) // 2, t, colour, scale, -1)


class Boxes:
    # The three card boxes of a throw at one place and size, side by side. A box is
    # its shell (by slot and whether it is the one being entered, made once) and its
    # face, one text item made per card shown: no cache to fill, so no table grows
    # while a match is played (a growing table frees its old block, and MicroPython
    # then searches the heap from there for every larger block).
    def __init__(self, frame: "Any", x: int, y: int, w: int, h: int, gap: int,
                 scale: int) -> None:
        self.colour = frame.layout.colour
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.gap = gap
        self.scale = scale
        shells: "List[Tuple[Any, ...]]" = []
        empties = []
        colour = self.colour
        for i in range(3):
            left = x + i * (w + gap)
            # mono an outline (filled when current), colour a dark fill and an outline
            # (yellow when current)
            if colour:
                fill = (RECT, left, y, w, h, 0x202830, True)
                shells.append((fill, (RECT, left, y, w, h, GREY, False)))
                shells.append((fill, (RECT, left, y, w, h, YELLOW, False)))
            else:
                shells.append(((RECT, left, y, w, h, WHITE, False),))
                shells.append(((RECT, left, y, w, h, WHITE, True),))
            empties.append(face_item(colour, left, y, w, h, "", WHITE, False, scale))
        self.shells = tuple(shells)      # box i's shell: shells[2 * i + current]
        self.empties = tuple(empties)    # an empty box's face, by slot
        # an empty box's items (its shell and face), by slot
        self.blanks = tuple([shells[i + i] + (empties[i],) for i in range(3)])
        self.size = len(shells[0]) + 1   # items a box takes
        # A face that fits at the box's scale is placed by its length alone: its x in
        # box i by length (xs[i][n]), and its y, worked out here once.
        cw = 6 * scale
        self.room = (w - (4 if self.colour else 2)) // cw
        xs = []
        for i in range(3):
            left = x + i * (w + gap)
            xs.append(tuple([left + (w - cw * n) // 2 for n in range(self.room + 1)]))
        self.xs = tuple(xs)
        self.ty = y + (h - 12 * scale) // 2
        # The face of the box being entered, by box (+ 3 for a Champion) times NUMBER_COUNT
        # plus the index of its number in NUMBERS, in a list made at its size: the
        # plain numbers' faces (as number() makes them) made here in line, since a
        # turn of the encoder mostly comes to a number not yet shown in that box; a
        # Champion's when it first comes up.
        numbers: "List[Any]" = [None] * (6 * len(NUMBERS))
        self.numbers = numbers
        at = 0
        ty = self.ty
        fg = WHITE if colour else BLACK
        size = scale if colour else 1
        room = self.room
        for i in range(3):
            places = xs[i]
            for card in NUMBERS:
                text = _NUM_FACES[card]
                if len(text) <= room:
                    numbers[at] = (TEXT, places[len(text)], ty, text, fg, size, -1)
                at += 1
        # A laid number card's box (shell and face), by box times 26 plus the
        # number, filled as they come up in a list made at its size.
        self.laid: "List[Any]" = [None] * 78

    def laid_number(self, i: int, card: int) -> "Tuple[Any, ...]":
        # Box i's items with the number `card` (1..25) laid in it.
        part: "Tuple[Any, ...]" = self.laid[i * 26 + card]
        if part is None:
            part = self.laid[i * 26 + card] = (self.shells[i + i]
                                                + (self.face(i, _NUM_FACES[card], card, 0),))
        return part

    def number(self, i: int, idx: int, champ: bool) -> "Tuple[Any, ...]":
        # Box i's face while NUMBERS[idx] (a Champion's with `champ`) is entered.
        at = (i + 3 if champ else i) * len(NUMBERS) + idx
        item: "Tuple[Any, ...]" = self.numbers[at]
        if item is None:
            card = NUMBERS[idx]
            text = _NUM_FACES[card]
            n = len(text)
            if champ or n > self.room:
                card = card + CHAMP if champ else card
                item = self.face(i, face(card), card, 1)
            else:   # a number's face as face() makes it, in line (colour_of: WHITE)
                colour = self.colour
                item = (TEXT, self.xs[i][n], self.ty, text, WHITE if colour else BLACK,
                        self.scale if colour else 1, -1)
            self.numbers[at] = item
        return item

    def face(self, i: int, text: str, card: int, current: int) -> "Tuple[Any, ...]":
        # Box i's face showing `card` as `text` (current 1: the box being entered),
        # as face_item makes it.
        n = len(text)
        if n <= self.room:
            if self.colour:
                return (TEXT, self.xs[i][n], self.ty, text, colour_of(card), self.scale, -1)
            return (TEXT, self.xs[i][n], self.ty, text, BLACK if current else WHITE, 1, -1)
        return face_item(self.colour, self.x + i * (self.w + self.gap), self.y, self.w, self.h,
                         text, colour_of(card) if self.colour else WHITE, current == 1,
                         self.scale)

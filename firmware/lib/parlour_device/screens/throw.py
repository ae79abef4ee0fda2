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


def face(card: int) -> str:
    # The short face of a card: 3 to 4 characters for specials, "C=18" for a Champion.
    if 0 < card <= 25:
        return _NUM_FACES[card]
    for code, word in _FACES:
        if card == code:
            return word
    if card > CHAMP:
        return "C=%d" % (card - CHAMP)
    return str(card)


_WORDS = {}                     # a special's token ("DOUBLE"), by its code
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
                word = _CHAMPS[card] = format_dartex(card)
            return word
    return format_dartex(card, target)


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


def draw_throw(frame: "Any", x: int, y: int, w: int, h: int, gap: int,
               texts: "List[str]", colours: "List[int]", current: int, scale: int,
               cache: "dict[str, List[Any]]") -> None:
    # Three boxes side by side; `current` (0..2, or -1) is the slot being entered.
    # `cache` (the caller's, one per place and size of the boxes) keeps the boxes
    # drawn so far by their face (which decides the colour): the same few faces come
    # back click after click, and a box from there costs a lookup, not its drawing.
    items = frame.items
    for i in range(3):
        text = texts[i] if i < len(texts) else ""
        slot = i + i + (1 if i == current else 0)
        parts = cache.get(text)
        if parts is None:
            if len(cache) >= CARDS_KEPT:
                cache.clear()
            parts = cache[text] = [None, None, None, None, None, None]
        part = parts[slot]
        if part is None:
            start = len(items)
            draw_card(frame, x + i * (w + gap), y, w, h, text,
                      colours[i] if i < len(colours) else WHITE, i == current, scale)
            part = parts[slot] = tuple(items[start:])
        items.extend(part)


CARDS_KEPT = 48     # faces a cache keeps before starting over

# One Dartex throw on its own: parse three tokens, check the shape, the first
# throw's Double or pair and score it. No match state here: the CLI and
# the device's throw screen call these directly; parlour_rules.dartex adds the table.
#
# This is the fold's hot path on the board, so it is written for MicroPython's
# costs: few calls, no substrings on the common tokens (every new str is looked up
# in the interned-string pools), one pass over the cards.

from ..errors import RulesError, clip
from ..tokens import (
    OFF,
    parse_dartex,
)

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

# The card codes of parlour_rules.tokens as compile-time constants for the hot path
# (tests/rules/test_dartex_throw.py checks they agree).
_BULL = const(50)
_CHAMP = const(100)
_DOUBLE = const(-2)
_TREBLE = const(-3)
_FOUL = const(-4)
_WIRE = const(-6)
_THROW = const(3)
# The tokens a log holds, as format_dartex writes them (Champions included), by dict
# lookup; a target (FOUL@2.3) is read from bytes; anything else (lower case, spaces)
# goes through tokens.parse_dartex, which has the last word.
PLAIN = {"BULL": _BULL, "DOUBLE": _DOUBLE, "TREBLE": _TREBLE, "FOUL": _FOUL, "OFF": OFF,
          "WIRE": _WIRE, "25": 25, "CHAMP=25": _CHAMP + 25}
for _n in range(1, 21):
    PLAIN[str(_n)] = _n
    PLAIN["CHAMP=%d" % _n] = _CHAMP + _n
_ZERO = const(48)  # ord("0")


def parse_card(token):
    # One token -> (card, target), exactly as tokens.parse_dartex reads it: PLAIN,
    # then a target with a one-digit seat and throw (FOUL@2.3) read from bytes,
    # then parse_dartex for anything else.
    if type(token) is not str:
        raise RulesError("bad_card", clip("bad card: ", token))
    card = PLAIN.get(token)
    if card is not None:
        return card, None
    data = token.encode()
    size = len(data)
    if size == 8 and data[4] == 64 and data[6] == 46:  # "@" and "."
        # a one-digit seat and throw, "FOUL@2.3"
        seat = data[5] - _ZERO
        number = data[7] - _ZERO
        if 0 <= seat <= 9 and 0 < number <= 9:
            if data[0] == 70 and token.startswith("FOUL@"):  # 70: "F"
                return _FOUL, (seat, number)
            if data[0] == 87 and token.startswith("WIRE@"):  # 87: "W"
                return _WIRE, (seat, number)
    return parse_dartex(token)


def read_rest(tokens, cards):
    # Fill in the cards a lookup in PLAIN left as None (Champions, targets, other
    # spellings); -> the targets, a list of three, or None when no card names one.
    targets = None
    for i in range(_THROW):
        if cards[i] is None:
            card, target = parse_card(tokens[i])
            cards[i] = card
            if target is not None:
                if targets is None:
                    targets = [None, None, None]
                targets[i] = target
    return targets


def read_throw(tokens, first=False):
    # Tokens as laid -> (cards, targets or None, value); RulesError if it is no throw.
    # ["FOUL@2.3", "10", "11"] -> ([FOUL, 10, 11], [(2, 3), None, None], 21).
    # Bad tokens: RulesError "bad_card".
    if type(tokens) is not list or len(tokens) != _THROW:
        raise RulesError("bad_throw", "a throw is 3 cards")
    try:
        cards = [PLAIN.get(tokens[0]), PLAIN.get(tokens[1]), PLAIN.get(tokens[2])]
    except TypeError:  # a list or a dict among the tokens
        raise RulesError("bad_card", "bad card in throw") from None
    targets = None
    if None in cards:
        targets = read_rest(tokens, cards)
    return cards, targets, score_throw(cards, first)


def parse_throw(tokens):
    # -> (cards, targets): targets a list of three, None where a card names none.
    if type(tokens) is str:
        tokens = tokens.replace(",", " ").split()
    if (type(tokens) is not list and type(tokens) is not tuple) or len(tokens) != _THROW:
        raise RulesError("bad_throw", "a throw is 3 cards")
    cards = []
    targets = []
    for token in tokens:
        card, target = parse_dartex(token)
        cards.append(card)
        targets.append(target)
    return cards, targets


def _no_sequence(base):
    # "no sequence: 7 9 10"; three two-digit numbers need the short form to fit a line.
    text = " ".join([str(n) for n in base if 0 < n < _BULL])
    message = "no sequence: " + text
    if len(message) > 20:
        message = "no seq: " + text
    return message


def score_throw(cards, first=False):
    # The value of a legal throw, or RulesError with the reason it is not legal.
    # `first`: the player's first throw of the hand (X-3: a Double, or the pair form).
    # Written out card by card: this runs for every throw of a fold on the board.
    try:
        a, b, c = cards
    except ValueError:
        raise RulesError("bad_throw", "a throw is 3 cards") from None
    # A Champion counts as the number it stands for; after that a number card is
    # 1..25, Bull is 50 and every other special is below 0.
    if a > _CHAMP:
        a -= _CHAMP
    if b > _CHAMP:
        b -= _CHAMP
    if c > _CHAMP:
        c -= _CHAMP
    if 0 < a < _BULL and 0 < b < _BULL and 0 < c < _BULL:
        # three number cards: on a first throw the pair form, else a sequence
        if a == b or b == c or a == c:
            if not first:
                raise RulesError("pair_not_first", "pair: 1st throw only")
            # the pair counts only as a double on the third card (4 4 9 = 18, 4 4 4 = 8)
            return 2 * (c if a == b else (a if b == c else b))
        if first:
            raise RulesError("first_double", "first needs a double")
        # in sequence: consecutive places in the order 1, 2, ..., 20, 25 (25 is the
        # 21st and nothing follows it), whatever the laid order; no two are equal here,
        # so the lowest and highest are 2 apart (6 when the highest is 25: 19 20 25)
        low = a
        high = a
        if b < low:
            low = b
        else:
            high = b
        if c < low:
            low = c
        elif c > high:
            high = c
        if high - low != (6 if high == 25 else 2):
            raise RulesError("no_sequence", _no_sequence((a, b, c)))
        return a + b + c
    return _score_mixed(cards, first, a, b, c)


def _score_mixed(cards, first, a, b, c):
    # A throw with Bull or a special among its cards (a, b, c: Champions as numbers).
    na = 0 < a < _BULL
    nb = 0 < b < _BULL
    nc = 0 < c < _BULL
    numbers = na + nb + nc
    bulls = (a == _BULL) + (b == _BULL) + (c == _BULL)
    if numbers == 2 and bulls == 1:
        # X-3 pair form with a Bull: the pair doubles the Bull (4 4 BULL = 100)
        third = 0
        if a == b and na:
            third = c
        elif b == c and nb:
            third = a
        elif a == c and na:
            third = b
        if third:
            if not first:
                raise RulesError("pair_not_first", "pair: 1st throw only")
            return 2 * third
    if first and a != _DOUBLE and b != _DOUBLE and c != _DOUBLE:
        raise RulesError("first_double", "first needs a double")
    # X-2 shapes: three in sequence; one special and two in sequence; two specials and
    # one number; two specials other than Bull and one Bull (Bull counts as a special).
    # Two numbers are in sequence when their places (25 is the 21st) are next.
    if numbers == 2:
        if na and nb:
            p = a
            q = b
        else:
            p = a if na else b
            q = c
        if p == 25:
            p = 21
        if q == 25:
            q = 21
        if p - q != 1 and q - p != 1:
            raise RulesError("no_sequence", _no_sequence((a, b, c)))
    elif numbers == 0:
        if bulls == 0:
            raise RulesError("no_number", "no number or Bull")
        if bulls > 1:
            raise RulesError("no_number", "two Bulls: no number")
    if a < 0:
        if a == _DOUBLE or a == _TREBLE:
            return _multiplied(cards, a, b, c)
        a = 0
    if b < 0:
        if b == _DOUBLE or b == _TREBLE:
            return _multiplied(cards, a, b, c)
        b = 0
    if c < 0:
        if c == _DOUBLE or c == _TREBLE:
            return _multiplied(cards, a, b, c)
        c = 0
    return a + b + c


def _multiplied(cards, a, b, c):
    base = [a if a > 0 else 0, b if b > 0 else 0, c if c > 0 else 0]
    _multiply(cards, base)
    return base[0] + base[1] + base[2]


def _multiply(cards, base):
    # Double and Treble multiply the next number or Bull after them in the laid
    # order, or, with none after, the last one before; multipliers compound.
    for i in range(_THROW):
        card = cards[i]
        if card != _DOUBLE and card != _TREBLE:
            continue
        hit = -1
        for j in range(i + 1, _THROW):
            if base[j]:
                hit = j
                break
        if hit < 0:
            for j in range(i - 1, -1, -1):
                if base[j]:
                    hit = j
                    break
        if hit >= 0:
            base[hit] *= 2 if card == _DOUBLE else 3


def cards_in_front(cards):
    # The cards of a throw left in front of its owner: Foul and Wire cards go across
    # or alongside their target, or leave play. _FOUL _WIRE 20 leaves one.
    count = 0
    for card in cards:
        if card != _FOUL and card != _WIRE:
            count += 1
    return count

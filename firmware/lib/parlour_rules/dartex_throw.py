# One Dartex throw on its own: parse three tokens, check the shape, the first
# throw's Double or pair and score it. No match state here: the CLI and
# the device's throw screen call these directly; parlour_rules.dartex adds the table.

from .errors import RulesError, clip
from .tokens import BULL, DOUBLE, FOUL, TREBLE, WIRE, dartex_number, format_dartex, parse_dartex

THROW = 3


def parse_throw(tokens):
    # ["FOUL@2.3", "10", "11"] -> ([FOUL, 10, 11], [(2, 3), None, None]).
    # A string is split on spaces and commas. Bad tokens: RulesError "bad_card".
    if type(tokens) is str:
        tokens = tokens.replace(",", " ").split()
    if type(tokens) is not list and type(tokens) is not tuple:
        raise RulesError("bad_throw", "a throw is 3 cards")
    if len(tokens) != THROW:
        raise RulesError("bad_throw", "a throw is 3 cards")
    cards = []
    targets = []
    for token in tokens:
        if type(token) is not str:
            raise RulesError("bad_card", clip("bad card: ", token))
        card, target = parse_dartex(token)
        cards.append(card)
        targets.append(target)
    return cards, targets


def format_throw(cards, targets=None):
    words = []
    for i in range(len(cards)):
        words.append(format_dartex(cards[i], targets[i] if targets else None))
    return " ".join(words)


def _position(n):
    # Sequence order 1, 2, ..., 20, 25: 25 is the 21st place, nothing follows it.
    return 21 if n == 25 else n


def _in_sequence(numbers):
    low = 99
    high = 0
    for n in numbers:
        p = _position(n)
        if p < low:
            low = p
        if p > high:
            high = p
    if high - low != len(numbers) - 1:
        return False
    # consecutive and no value twice: with 2 or 3 values, a span of len-1 and no equal pair
    for i in range(len(numbers)):
        for j in range(i + 1, len(numbers)):
            if numbers[i] == numbers[j]:
                return False
    return True


def _no_sequence(numbers):
    # "no sequence: 7 9 10"; three two-digit numbers need the short form to fit a line.
    text = " ".join([str(n) for n in numbers])
    message = "no sequence: " + text
    if len(message) > 20:
        message = "no seq: " + text
    return message


def _pair_third(cards):
    # X-3 pair form: two number cards of one value and a third number or Bull.
    # -> the third card (number or BULL), or 0 when the cards are not a pair form.
    values = []
    for card in cards:
        n = dartex_number(card)
        if n:
            values.append(n)
        elif card == BULL:
            values.append(BULL)
        else:
            return 0
    for i in range(THROW):
        a = values[(i + 1) % THROW]
        b = values[(i + 2) % THROW]
        if a == b and a != BULL:
            return values[i]
    return 0


def check_shape(cards):
    # three in sequence; one special and two in sequence; two specials and one
    # number; two specials other than Bull and one Bull. Bull counts as a special.
    numbers = []
    bulls = 0
    for card in cards:
        n = dartex_number(card)
        if n:
            numbers.append(n)
        elif card == BULL:
            bulls += 1
    if len(numbers) >= 2:
        if not _in_sequence(numbers):
            raise RulesError("no_sequence", _no_sequence(numbers))
    elif not numbers:
        if bulls == 0:
            raise RulesError("no_number", "no number or Bull")
        if bulls > 1:
            raise RulesError("no_number", "two Bulls: no number")


def value_of(cards):
    # numbers count their number (Champion as declared), Bull 50. Double and
    # Treble multiply the next number or Bull after them in the laid order, or with
    # none after, the last one before; multipliers compound. The rest count nothing.
    factors = [1, 1, 1]
    for i in range(THROW):
        card = cards[i]
        if card != DOUBLE and card != TREBLE:
            continue
        hit = -1
        for j in range(i + 1, THROW):
            if dartex_number(cards[j]) or cards[j] == BULL:
                hit = j
                break
        if hit < 0:
            for j in range(i - 1, -1, -1):
                if dartex_number(cards[j]) or cards[j] == BULL:
                    hit = j
                    break
        if hit >= 0:
            factors[hit] *= 2 if card == DOUBLE else 3
    total = 0
    for i in range(THROW):
        card = cards[i]
        base = BULL if card == BULL else dartex_number(card)
        total += base * factors[i]
    return total


def score_throw(cards, first=False):
    # The value of a legal throw, or RulesError with the reason it is not legal.
    # `first`: the player's first throw of the hand (X-3: a Double, or the pair form).
    if len(cards) != THROW:
        raise RulesError("bad_throw", "a throw is 3 cards")
    third = _pair_third(cards)
    if third:
        if not first:
            raise RulesError("pair_not_first", "pair: 1st throw only")
        # the pair counts only as a double on the third card (4 4 9 = 18, 4 4 BULL = 100)
        return 2 * third
    if first and DOUBLE not in cards:
        raise RulesError("first_double", "first needs a double")
    check_shape(cards)
    return value_of(cards)


def is_foul_or_wire(card):
    return card == FOUL or card == WIRE


def cards_in_front(cards):
    # The cards of a throw left in front of its owner: Foul and Wire cards go across
    # or alongside their target, or leave play. FOUL WIRE 20 leaves one.
    count = 0
    for card in cards:
        if not is_foul_or_wire(card):
            count += 1
    return count

# Tokens for the two games whose sheets give no pack composition (Card notation):
# Stump's ring numbers and wilds, and Dartex's numbers, Bull, Champion and specials.

from .errors import refuse

# -- Stump -----------------------------------------------------------------------
RING = 40


def parse_stump(token):
    # -> (number, wild). "17" -> (17, False); "W" -> (0, True); "W=9" -> (9, True).
    word = str(token).strip().upper()
    if word == "W":
        return 0, True
    wild = word.startswith("W=")
    digits = word[2:] if wild else word
    if not digits.isdigit() or digits[0] == "0" or int(digits) > RING:
        refuse("bad_card", "bad card: ", token)
    return int(digits), wild


def format_stump(number, wild):
    if wild:
        return "W=%d" % number if number else "W"
    return str(number)


# -- Dartex ------------------------------------------------------------------------
# A Dartex card is an int: a number card its value (1..20, 25), Bull 50, a Champion
# standing for n is CHAMP + n, and the specials small negative codes.
BULL = 50
CHAMP = 100
DOUBLE = -2
TREBLE = -3
FOUL = -4
OFF = -5
WIRE = -6
SPECIAL_WORDS = (("DOUBLE", DOUBLE), ("TREBLE", TREBLE), ("FOUL", FOUL),
                 ("OFF", OFF), ("WIRE", WIRE), ("BULL", BULL))


def dartex_value_ok(n):
    return 1 <= n <= 20 or n == 25


def _dartex_number(digits, token):
    if not digits.isdigit() or digits[0] == "0" or not dartex_value_ok(int(digits)):
        refuse("bad_card", "bad card: ", token)
    return int(digits)


def _dartex_target(text, token):
    # "2.3" -> (seat 2, throw 3)
    seat, dot, throw = text.partition(".")
    if not dot or not seat.isdigit() or not throw.isdigit() or int(throw) < 1:
        refuse("bad_card", "bad target: ", token)
    return int(seat), int(throw)


def parse_dartex(token):
    # -> (card, target); target is (seat, throw) for FOUL@s.t / WIRE@s.t, else None.
    word = str(token).strip().upper()
    word, at, target_text = word.partition("@")
    target = None
    for name, code in SPECIAL_WORDS:
        if word == name:
            if at:
                if code != FOUL and code != WIRE:
                    refuse("bad_card", "bad card: ", token)
                target = _dartex_target(target_text, token)
            return code, target
    if at:
        refuse("bad_card", "bad card: ", token)
    if word.startswith("CHAMP="):
        return CHAMP + _dartex_number(word[6:], token), None
    return _dartex_number(word, token), None


def format_dartex(card, target=None):
    for name, code in SPECIAL_WORDS:
        if card == code:
            if target is not None:
                return "%s@%d.%d" % (name, target[0], target[1])
            return name
    if card > CHAMP:
        return "CHAMP=%d" % (card - CHAMP)
    return str(card)


def dartex_number(card):
    # The number a number card stands for, or 0 for Bull and the specials.
    if card > CHAMP:
        return card - CHAMP
    if card == BULL or card < 0:
        return 0
    return card

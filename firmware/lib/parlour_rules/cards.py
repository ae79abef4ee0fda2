# Card notation (RULES.md "Card notation") for the three packs the sheets give:
# the standard pack (Poker Rum / Gin), Dumbo's 45 cards and Galumphus's 48.
# A card is a small int so solvers and logs stay cheap on the board:
#   standard   suit * 13 + rank - 1   (rank 1..13, Ace low; suits S H D C)
#   dumbo      suit * 11 + number - 1 (suits SQ CI DI ST); the Joker is 44
#   galumphus  its kind: designs 0..10 in notation order, Stars 11..14
# Stump and Dartex cards have their own tokens (tokens.py): the sheets give no pack.

from .errors import RulesError, refuse

STANDARD = "standard"
DUMBO = "dumbo"
GALUMPHUS = "galumphus"
PACKS = (STANDARD, DUMBO, GALUMPHUS)

STD_SUITS = "SHDC"
STD_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

DUMBO_SUITS = ("SQ", "CI", "DI", "ST")
DUMBO_SUIT_NAMES = ("Square", "Circle", "Diamond", "Star")
JOKER = 44
JOKER_COUNT = 10  # D-3: the Joker counts 10 when not welded
MAY_DECLARE = 7  # D-4: a player may declare with a count of 7 or less

GAL_CODES = (
    "PUS", "CLI", "PAI", "CIS", "HAI", "FLY", "LON", "SCR", "LUN", "PUT", "SPO",
    "CRO", "GAL", "TAS", "BUB",
)
GAL_NAMES = (
    "Pushfoot Polliwog", "Climbing Chumtrunk", "Painted Pooh-Pooh",
    "Cissling Sand-Snapper", "Hairless Hunkum", "Flying Umbratunk",
    "Long Eared Scootler", "Scru-Wuzzium", "Lunar Lumpkin", "Putty Faced Popcat",
    "Spotted Sniffle-Grub", "Crowned Cornubian", "The Great Galumphus",
    "Tasselled Snort Hound", "Bubbling Water-Hog",
)
GAL_DESIGNS = 11
GAL_FIRST_STAR = 11


# -- standard pack ---------------------------------------------------------

def std_card(rank, suit):
    return suit * 13 + rank - 1


def std_rank(card):
    return card % 13 + 1


def pip_value(card):
    # Ace 1, 2-10 face value, J Q K 10.
    rank = card % 13 + 1
    return 10 if rank > 10 else rank


def _parse_standard(token):
    suit = STD_SUITS.find(token[-1:]) if len(token) > 1 else -1
    rank = token[:-1]
    if rank == "T":
        rank = "10"
    if suit < 0 or rank not in STD_RANKS:
        refuse("bad_card", "bad card: ", token)
    return std_card(STD_RANKS.index(rank) + 1, suit)


def _format_standard(card):
    return STD_RANKS[card % 13] + STD_SUITS[card // 13]


# -- Dumbo pack -------------------------------------------------------------

def dumbo_card(number, suit):
    return suit * 11 + number - 1


def dumbo_number(card):
    return card % 11 + 1


def dumbo_suit(card):
    return card // 11


def _parse_dumbo(token):
    if token == "JOKER" or token == "JK":
        return JOKER
    number = token[:-2]
    suit = token[-2:]
    if suit not in DUMBO_SUITS or not number.isdigit() or number[0] == "0":
        refuse("bad_card", "bad card: ", token)
    n = int(number)
    if n > 11:
        refuse("bad_card", "bad card: ", token)
    return dumbo_card(n, DUMBO_SUITS.index(suit))


def _format_dumbo(card):
    if card == JOKER:
        return "JOKER"
    return str(card % 11 + 1) + DUMBO_SUITS[card // 11]


# -- Galumphus pack ---------------------------------------------------------

def _squash(text):
    return text.upper().replace(" ", "").replace("-", "")


def _without_the(squashed):
    return squashed[3:] if squashed.startswith("THE") else squashed


def _parse_galumphus(token):
    word = _squash(token)
    if word in GAL_CODES:
        return GAL_CODES.index(word)
    word = _without_the(word)
    found = -1
    if word:
        for kind in range(len(GAL_NAMES)):
            if _without_the(_squash(GAL_NAMES[kind])).startswith(word):
                if found >= 0:
                    refuse("ambiguous_card", "which card? ", token)
                found = kind
    if found < 0:
        refuse("bad_card", "bad card: ", token)
    return found


def is_star(kind):
    return kind >= GAL_FIRST_STAR


# -- any pack -----------------------------------------------------------------

def _check_pack(pack):
    if pack not in PACKS:
        raise RulesError("bad_pack", "unknown pack")


def parse_card(token, pack):
    _check_pack(pack)
    if type(token) is not str:
        refuse("bad_card", "bad card: ", token)
    if pack == GALUMPHUS:
        return _parse_galumphus(token.strip())
    word = token.strip().upper()
    if pack == STANDARD:
        return _parse_standard(word)
    return _parse_dumbo(word)


def format_card(card, pack):
    _check_pack(pack)
    if pack == STANDARD:
        return _format_standard(card)
    if pack == DUMBO:
        return _format_dumbo(card)
    return GAL_CODES[card]


def card_name(card, pack):
    # The long form a screen or report spells out.
    if pack == GALUMPHUS:
        return GAL_NAMES[card]
    if pack == DUMBO and card != JOKER:
        return str(card % 11 + 1) + " " + DUMBO_SUIT_NAMES[card // 11]
    return format_card(card, pack)


def split_tokens(text, pack):
    # Galumphus names hold spaces, so its lists are comma-separated only.
    if pack == GALUMPHUS:
        parts = text.split(",")
    else:
        parts = text.replace(",", " ").split()
    return [p.strip() for p in parts if p.strip()]


def parse_cards(text_or_list, pack):
    # A hand written as text, or a list of tokens or already-parsed cards.
    if type(text_or_list) is str:
        items = split_tokens(text_or_list, pack)
    else:
        items = text_or_list
    size = pack_size(pack)
    out = []
    for item in items:
        if type(item) is int:
            if item < 0 or item >= size:
                refuse("bad_card", "bad card: ", item)
            out.append(item)
        else:
            out.append(parse_card(item, pack))
    return out


def format_cards(cards, pack):
    sep = ", " if pack == GALUMPHUS else " "
    return sep.join([format_card(c, pack) for c in cards])


def parse_groups(text, pack):
    # "(6H 7H 8H 9H) (JC QC KC) 2S 2D 5C" -> ([[groups]], [loose cards]).
    groups = []
    loose = []
    rest = text
    while rest:
        open_at = rest.find("(")
        close_at = rest.find(")")
        if open_at < 0:
            if close_at >= 0:
                raise RulesError("bad_group", "unmatched )")
            loose.extend(parse_cards(rest, pack))
            break
        if close_at < 0:
            raise RulesError("bad_group", "unmatched (")
        if close_at < open_at:
            raise RulesError("bad_group", "unmatched )")
        loose.extend(parse_cards(rest[:open_at], pack))
        inner = rest[open_at + 1:close_at]
        if "(" in inner:
            raise RulesError("bad_group", "nested (")
        group = parse_cards(inner, pack)
        if not group:
            raise RulesError("bad_group", "empty ()")
        groups.append(group)
        rest = rest[close_at + 1:]
    return groups, loose


def format_groups(groups, loose, pack):
    parts = ["(" + format_cards(g, pack) + ")" for g in groups]
    if loose:
        parts.append(format_cards(loose, pack))
    return " ".join(parts)


def pack_size(pack):
    _check_pack(pack)
    if pack == STANDARD:
        return 52
    if pack == DUMBO:
        return 45
    return len(GAL_CODES)


def new_pack(pack, copies=1):
    # The unshuffled order of Card notation; index 0 is the top card.
    _check_pack(pack)
    if pack == GALUMPHUS:
        cards = []
        for kind in range(GAL_DESIGNS):
            cards.extend([kind] * 4)
        cards.extend(range(GAL_FIRST_STAR, len(GAL_CODES)))
        return cards
    cards = list(range(pack_size(pack)))
    return cards * copies


def check_copies(cards, pack, copies=1):
    # One pack allows each card once in all hands entered together; a double pack twice.
    limit = 4 if pack == GALUMPHUS else copies
    seen = {}
    for card in cards:
        n = seen.get(card, 0) + 1
        if pack == GALUMPHUS and card >= GAL_FIRST_STAR:
            n_max = 1
        else:
            n_max = limit
        if n > n_max:
            prefix = "card twice: " if n_max == 1 else "too many: "
            refuse("dup_card", prefix, format_card(card, pack))
        seen[card] = n
    return cards

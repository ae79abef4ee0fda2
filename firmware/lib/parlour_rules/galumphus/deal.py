# The Great Galumphus: configuration, the pack, dealing and the end of a call
# (G-1, G-2, G-3, G-6, G-9, G-10). The state is a dict of small lists; every
# function that changes a list first replaces it with a copy, so the state an
# event was applied to is never touched (the match log's contract).

from ..cards import GAL_CODES, GAL_DESIGNS, GALUMPHUS, is_star, new_pack, parse_card
from ..errors import LINE, RulesError

STARS = 4
try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_PACK_SIZE = const(48)
TARGETS = (5, 7, 11)
_SHOW_MS = const(2000)
_LOCK_MS = const(3000)

CRO = 11
GAL = 12
TAS = 13
BUB = 14


def _int_option(config, key, default, low, high, message):
    value = config.get(key, default)
    if type(value) is not int or value < low or value > high:
        raise RulesError("bad_config", message)
    return value


def make_config(config):
    # G-1 players 4..8; G-9 N by table size unless chosen; G-3/G-4 timers in ms.
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    n = _int_option(config, "players", None, 4, 8, "players: 4 to 8")
    target = config.get("target", 7 if n <= 6 else 5)
    if target not in TARGETS or type(target) is not int:
        raise RulesError("bad_config", "target: 5, 7 or 11")
    given = config.get("names")
    if given is not None and (type(given) is not list or len(given) != n):
        raise RulesError("bad_config", "one name a seat")
    names = []
    for seat in range(n):
        # C-2: an unnamed seat shows P1, P2, ...
        word = given[seat] if given is not None else None
        if type(word) is not str or not word.strip():
            word = "P%d" % (seat + 1)
        names.append(word.strip())
    return {
        "players": n,
        "target": target,
        "names": names,
        "show_ms": _int_option(config, "show_ms", _SHOW_MS, 0, 60000, "show_ms: 0..60000"),
        "lock_ms": _int_option(config, "lock_ms", _LOCK_MS, 500, 60000, "lock_ms: 500..60000"),
        "close_ms": _int_option(config, "close_ms", 0, 0, 600000, "close_ms: 0..600000"),
    }


def fixed_pack(config, n):
    # A test option: the pack after G-2's second shuffle, top first, and the dealer.
    pack = config.get("pack")
    if type(pack) is not list or len(pack) != _PACK_SIZE:
        raise RulesError("bad_config", "pack: 48 cards")
    cards = [parse_card(c, GALUMPHUS) if type(c) is str else c for c in pack]
    for card in cards:
        if type(card) is not int or card < 0 or card >= len(GAL_CODES):
            raise RulesError("bad_config", "pack: bad card")
    if sorted(cards) != new_pack(GALUMPHUS):
        raise RulesError("bad_config", "pack: not the pack")
    dealer = config.get("dealer", 0)
    if type(dealer) is not int or dealer < 0 or dealer >= n:
        raise RulesError("bad_config", "dealer: a seat")
    return cards, dealer


def name(state, seat):
    return state["cfg"]["names"][seat]


def says(state, seat, words):
    # "<name> <words>" on one display line, the name clipped to fit.
    room = LINE - len(words) - 1
    who = name(state, seat)
    if len(who) > room:
        who = who[: room - 1] + "~"
    return who + " " + words


def left_order(state, dealer=None):
    # Seats from the dealer's left round to the dealer himself (C-1, G-3).
    n = state["cfg"]["players"]
    if dealer is None:
        dealer = state["dealer"]
    return [(dealer + 1 + i) % n for i in range(n)]


def pack_has_design(pack):
    # Stars never leave the pack (G-6), so it holds a design exactly when it
    # holds more than the four Stars.
    return len(pack) > STARS


def deal_seat(pack, seats, seat):
    # G-6: a Star met goes to the bottom and the next card is dealt; with no
    # design card in the pack the seat stays empty. `pack`/`seats` are owned copies.
    if not pack_has_design(pack):
        return False
    card = pack.pop(0)
    while is_star(card):
        pack.append(card)
        card = pack.pop(0)
    seats[seat] = card
    return True


def fill_empty(state, pack, seats, dealt):
    # G-5/G-6/G-7: every seat still empty is dealt, in seat order from the
    # dealer's left, while the pack holds a design card.
    if -1 not in seats or not pack_has_design(pack):
        return
    for seat in left_order(state):
        if seats[seat] < 0 and deal_seat(pack, seats, seat):
            dealt.append(seat)


def bits(mask):
    # Set bits counted by clearing the lowest each turn: bin(mask).count("1") makes
    # a string, and a string costs more on the board than the eleven turns do.
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def distinct(row):
    seen = 0
    for card in row:
        seen |= 1 << card
    return bits(seen)


def completes(state, row):
    return distinct(row) >= state["cfg"]["target"]


def win(s, seat):
    # G-9: the first completed row ends the game at once.
    s["phase"] = "over"
    s["lock"] = -1
    s["claims"] = []
    s["show"] = []
    s["priv"] = None
    s["result"] = {"reason": "row", "winners": [seat]}


def standings(rows):
    # G-10 result: most different designs, then most cards; ties share.
    best = None
    winners = []
    for seat in range(len(rows)):
        key = distinct(rows[seat]) * 64 + len(rows[seat])
        if best is None or key > best:
            best = key
            winners = [seat]
        elif key == best:
            winners.append(seat)
    return winners


def stalemate(s, reason):
    s["phase"] = "over"
    s["lock"] = -1
    s["claims"] = []
    s["show"] = []
    s["priv"] = None
    s["result"] = {"reason": reason, "winners": standings(s["rows"])}


def out_of_reach(rows, target):
    # G-10(a): a design is out of a player's reach when he lacks it and its
    # four copies lie as the only copy of it in four other rows. True when no
    # player can still reach N designs.
    cards = 0
    for row in rows:
        cards += len(row)
    if cards < 4 * (GAL_DESIGNS + 1 - target):
        # Each player must lack 12 - N locked designs, four row cards each.
        return False
    masks = []
    locked = 0
    counts = [[0] * GAL_DESIGNS for _ in rows]
    for seat in range(len(rows)):
        for card in rows[seat]:
            counts[seat][card] += 1
    for design in range(GAL_DESIGNS):
        singles = 0
        for seat in range(len(rows)):
            if counts[seat][design] == 1:
                singles += 1
        if singles == 4:
            locked |= 1 << design
    if not locked:
        return False
    for seat in range(len(rows)):
        mask = 0
        for card in rows[seat]:
            mask |= 1 << card
        masks.append(mask)
        lacking = bits(locked & ~mask)
        if GAL_DESIGNS - lacking >= target:
            return False
    return True


def has_duplicate(rows):
    for row in rows:
        if distinct(row) != len(row):
            return True
    return False


def finish_call(s, dealt, rows_changed, busy):
    # The end of every call (G-5, G-7, G-8): empty seats dealt, stalemate
    # checked (G-10 a, b), the quiet count for G-10(c) kept, the new deal shown.
    # The caller owns s["pack"] and s["seats"] (fresh copies for this event).
    pack = s["pack"]
    seats = s["seats"]
    fill_empty(s, pack, seats, dealt)
    s["priv"] = None
    s["lock"] = -1
    s["claims"] = []
    s["quiet"] = 0 if busy else s["quiet"] + 1
    if rows_changed and out_of_reach(s["rows"], s["cfg"]["target"]):
        stalemate(s, "reach")
        return
    if s["star_run"] and not pack_has_design(pack) and not has_duplicate(s["rows"]):
        stalemate(s, "stars")
        return
    show(s, dealt)


def show(s, dealt):
    # G-3: the cards just dealt are shown together, then hidden on NEXT or time.
    if dealt:
        s["phase"] = "show"
        s["show"] = dealt
    else:
        s["phase"] = "ready"
        s["show"] = []

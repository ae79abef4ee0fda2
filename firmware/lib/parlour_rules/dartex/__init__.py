# Dartex (RULES.md X-1..X-8): the device scores every throw and tracks hand sizes
# and the pack; it never knows which cards a player holds.
#
# Config: {"players": 2..4, "target": 500, "dealer": seat (optional), "names": [...]}.
# Events (a dict with "t"):
#   {"t": "cut", "seed": 1..2^32-1}  dealer by a random seat (C-3, C-5), or
#   {"t": "cut", "dealer": seat}     the dealer as agreed at the table
#   {"t": "throw", "cards": ["FOUL@2.3", "10", "11"]}   three tokens in the order laid
#   {"t": "exchange"}                discard one face up, take the top of the pack
#   {"t": "pass"}                    only with the pack empty
#   {"t": "deal"}                    start the next hand once a hand is over
# apply() checks the whole event first and raises RulesError with the state untouched;
# a valid event then updates the state in place and returns it.

from ..errors import RulesError, clip
from ..prng import Xorshift32, check_seed, cut_seat
from .throw import (
    PLAIN,
    read_rest,
    read_throw,
    score_throw,
)
from .views import screen_view, view  # noqa: F401  (the game face: new_match, apply, view)

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_TARGET = const(500)
_PACK = const(52)
_FOUL = const(-4)  # tokens.FOUL and tokens.WIRE, inlined
_WIRE = const(-6)
# a throw on the table: [cards, targets or None, value, status]; status bits below
CARDS = const(0)
TARGETS = const(1)
VALUE = const(2)
STATUS = const(3)
FOULED = const(1)
PICKED_UP = const(2)


def hand_size(players):
    # 12 cards each for two players, 9 for three or four.
    return 12 if players == 2 else 9


def _check_config(config):
    if type(config) is not dict:
        raise RulesError("bad_config", "config not an object")
    n = config.get("players")
    if type(n) is not int or n < 2 or n > 4:
        raise RulesError("bad_players", "players: 2 to 4")
    target = config.get("target", _TARGET)
    if type(target) is not int or target < 1:
        raise RulesError("bad_target", "target must be > 0")
    dealer = config.get("dealer")
    if dealer is not None and (type(dealer) is not int or dealer < 0 or dealer >= n):
        raise RulesError("bad_dealer", "dealer: no such seat")
    names = config.get("names")
    if names is not None:
        if type(names) is not list or len(names) != n:
            raise RulesError("bad_names", "names: one a seat")
        for name in names:
            if type(name) is not str or not name:
                raise RulesError("bad_names", "names must be text")
    return n, target, dealer


def new_match(config):
    n, target, dealer = _check_config(config)
    names = config.get("names")
    if names is None:
        names = ["P%d" % (seat + 1) for seat in range(n)]  # C-2
    state = {
        "n": n, "target": target, "names": list(names),
        "phase": "cut", "hand": 0, "dealer": None, "turn": None,
        "sizes": [0] * n, "pack": 0, "discards": 0, "passes": 0,
        "started": [False] * n, "throws": [[] for _ in range(n)],
        "banked": [0] * n, "hands": [], "winner": None, "ended": None,
        "last": None,
    }
    if dealer is not None:
        _start_hand(state, dealer)
        state["last"] = ("cut", dealer)
    return state


def _start_hand(state, dealer):
    n = state["n"]
    size = hand_size(n)
    state["phase"] = "play"
    state["hand"] += 1
    state["dealer"] = dealer
    state["turn"] = (dealer + 1) % n  # the player on the dealer's left throws first
    state["sizes"] = [size] * n
    state["pack"] = _PACK - size * n
    state["discards"] = 0
    state["passes"] = 0
    state["started"] = [False] * n
    throws = []
    for _ in range(n):
        throws.append([])
    state["throws"] = throws
    state["ended"] = None


def _table_empty(state, gone):
    # True when no throw is on the table, counting the throws in `gone` as picked up.
    for seat in range(state["n"]):
        number = 0
        for throw in state["throws"][seat]:
            number += 1
            if throw[STATUS] & PICKED_UP == 0 and (seat, number) not in gone:
                return False
    return True


def _id(target):
    return "%d.%d" % (target[0], target[1])


def _short_id(target):
    text = _id(target)
    return text if len(text) <= 7 else text[:6] + "~"


def _exchange(state):
    # discard one face up, take the top of the pack; the hand size stays.
    seat = state["turn"]
    state["pack"] -= 1
    state["discards"] += 1
    state["passes"] = 0
    state["last"] = ("exchange", seat)
    state["turn"] = (seat + 1) % state["n"]


def _throw(state, event, commit):
    # A throw checked in full (nothing changes if it is refused); made when `commit`.
    # -> its value. One function for both, so the fold pays for one call.
    seat = state["turn"]
    sizes = state["sizes"]
    if sizes[seat] < 3:
        size = sizes[seat]
        raise RulesError("few_cards", "only %d card%s in hand" % (size, "" if size == 1 else "s"))
    tokens = event.get("cards")
    first = not state["started"][seat]
    cards = None
    if type(tokens) is list and len(tokens) == 3:
        try:  # the usual tokens by lookup, as read_throw does
            get = PLAIN.get
            cards = [get(tokens[0]), get(tokens[1]), get(tokens[2])]
        except TypeError:
            cards = None
    if cards is None:
        cards, targets, value = read_throw(tokens, first)  # refuses it, saying why
    else:
        targets = read_rest(tokens, cards) if None in cards else None
        value = score_throw(cards, first)
    effects = None
    if targets is not None or _FOUL in cards or _WIRE in cards:
        effects = _aim(state, cards, targets)
    if not commit:
        return value
    sizes[seat] -= 3
    state["started"][seat] = True
    throws = state["throws"]
    returned = 0
    if effects is not None:
        for card, owner, throw in effects:
            if card == _FOUL:
                throw[STATUS] |= FOULED
            else:
                # Wire: the owner takes back the cards of that throw still in front of
                # him; its own Foul and Wire cards went across or left play
                count = 0
                for other in throw[CARDS]:
                    if other != _FOUL and other != _WIRE:
                        count += 1
                sizes[owner] += count
                returned += count
                throw[STATUS] |= PICKED_UP
    throws[seat].append([cards, targets, value, 0])
    state["passes"] = 0
    state["last"] = ("throw", seat, len(throws[seat]), returned)
    state["turn"] = (seat + 1) % state["n"]
    if sizes[seat] == 0:
        _end_hand(state, "out")  # X-7, after the throw's Foul or Wire
    return value


def _aim(state, cards, targets):
    # Foul and Wire act in the order laid; each names a throw on the table at the
    # moment it acts, or, with none there, is played without effect (no target).
    # -> [(card, owner seat, throw record)] for the cards that hit a throw.
    effects = []
    gone = []  # targets a Wire of this throw has already sent back
    table = state["throws"]
    for i in range(3):
        card = cards[i]
        if card != _FOUL and card != _WIRE:
            continue  # (the tokens give targets to Foul and Wire only)
        target = targets[i] if targets is not None else None
        if target is None:
            if not _table_empty(state, gone):
                raise RulesError("no_target", ("FOUL" if card == _FOUL else "WIRE") + " needs a target")
            continue  # played without effect, it leaves play
        seat, number = target
        throw = None
        if seat < state["n"] and number <= len(table[seat]) and target not in gone:
            throw = table[seat][number - 1]
        if throw is None or throw[STATUS] & PICKED_UP:
            raise RulesError("bad_target", _short_id(target) + " not on table")
        if card == _WIRE:
            gone.append(target)
        effects.append((card, seat, throw))
    return effects


def check(state, event):
    # What an event would do, without doing it (a screen's preview); RulesError if refused.
    # A throw -> {"t": "throw", "value": 13, "first": False}; others -> {"t": kind}.
    kind = _check_turn(state, event)
    if kind == "throw":
        value = _throw(state, event, False)
        return {"t": "throw", "value": value, "first": not state["started"][state["turn"]]}
    return {"t": kind}


def throw_value(state, event):
    # check()'s "value" for a throw, without the dict (a screen's preview, on every
    # third card laid); RulesError if it is refused.
    if _check_turn(state, event) != "throw":
        raise RulesError("bad_event", "not a throw")
    return _throw(state, event, False)


def _check_turn(state, event):
    # The event's kind if it may happen now (a throw's cards are checked later).
    kind = event.get("t")
    phase = state["phase"]
    if phase == "play":
        if kind == "throw":
            return kind
        seat = state["turn"]
        if kind == "exchange":
            if state["pack"] == 0:
                raise RulesError("pack_empty", "pack empty: pass")
            if state["sizes"][seat] == 0:
                raise RulesError("few_cards", "no card to discard")
            return kind
        if kind == "pass":
            if state["pack"] > 0:
                raise RulesError("pack_left", "pack not empty")
            return kind
    if kind == "cut":
        if phase != "cut":
            raise RulesError("not_now", "dealer already cut")
        if "seed" in event:
            check_seed(event["seed"])
        else:
            dealer = event.get("dealer")
            if type(dealer) is not int or dealer < 0 or dealer >= state["n"]:
                raise RulesError("bad_dealer", "dealer: no such seat")
        return kind
    if kind == "deal":
        if phase == "game_over":
            raise RulesError("game_over", "the game is over")
        if phase != "hand_over":
            raise RulesError("not_now", "hand not over")
        return kind
    if kind != "throw" and kind != "exchange" and kind != "pass":
        raise RulesError("bad_event", clip("no event ", kind))
    if phase == "cut":
        raise RulesError("not_now", "cut for the deal")
    if phase == "hand_over":
        raise RulesError("not_now", "hand over: deal")
    raise RulesError("game_over", "the game is over")


def apply(state, event):
    kind = event.get("t")
    if state["phase"] == "play":  # the common cases first, checked in full
        if kind == "throw":
            _throw(state, event, True)
            return state
        if kind == "exchange" and state["pack"] and state["sizes"][state["turn"]]:
            _exchange(state)
            return state
    kind = _check_turn(state, event)
    if kind == "exchange":
        _exchange(state)
    elif kind == "pass":
        seat = state["turn"]
        state["passes"] += 1
        state["last"] = ("pass", seat)
        state["turn"] = (seat + 1) % state["n"]
        if state["passes"] == state["n"]:
            _end_hand(state, "passes")  # every player passed in succession
    elif kind == "deal":
        _start_hand(state, (state["dealer"] + 1) % state["n"])  # the deal passes left
        state["last"] = ("deal", state["dealer"])
    else:
        if "seed" in event:
            dealer = cut_seat(state["n"], Xorshift32(event["seed"]))["dealer"]
        else:
            dealer = event["dealer"]
        _start_hand(state, dealer)
        state["last"] = ("cut", dealer)
    return state


def table_score(state, seat):
    # The throws in front of a player that count: on the table and not fouled.
    total = 0
    for throw in state["throws"][seat]:
        if throw[STATUS] == 0:
            total += throw[VALUE]
    return total


def _end_hand(state, why):
    n = state["n"]
    banked = state["banked"]
    scores = [0] * n
    best = -1
    leaders = 0
    for seat in range(n):
        score = table_score(state, seat)
        scores[seat] = score
        banked[seat] += score
        if banked[seat] > best:
            best = banked[seat]
            leaders = 1
            winner = seat
        elif banked[seat] == best:
            leaders += 1
    state["hands"].append(scores)
    state["ended"] = why
    state["turn"] = None
    # the first to the target at the end of a hand; several: the highest total;
    # tied for highest, another hand is played.
    if best >= state["target"] and leaders == 1:
        state["phase"] = "game_over"
        state["winner"] = winner
    else:
        state["phase"] = "hand_over"

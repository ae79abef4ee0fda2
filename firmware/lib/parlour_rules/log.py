# The match log (C-4): an append-only list of events; the state is always a fold
# of the log with a game module's new_match / apply. Every game module keeps the
# contract that apply() leaves the state untouched when it raises RulesError.

from .errors import RulesError, clip

try:
    from micropython import const
except ImportError:
    def const(value):
        return value

_LOG_VERSION = const(1)
# The games, in the menus' order: the one list the device and the laptop read.
GAMES = ("dumbo", "poker", "stump", "dartex", "galumphus")
NAMES = {"dumbo": "Dumbo", "poker": "Poker Rum/Gin", "stump": "Stump",
         "dartex": "Dartex", "galumphus": "Galumphus"}
# How many may play each (known before the game's rules load).
PLAYERS = {"stump": (2, 4), "dartex": (2, 4), "dumbo": (2, 4), "poker": (2, 8),
           "galumphus": (4, 8)}


_LOADED = {}     # game modules found so far, by name (an import by name costs)


def load_game(name):
    if name not in GAMES:   # first: a record's "game" may be anything, even unhashable
        raise RulesError("bad_game", clip("no game: ", name))
    game = _LOADED.get(name)
    if game is not None:
        return game
    package = __import__("parlour_rules." + name)
    game = _LOADED[name] = getattr(package, name)
    return game


def forget_games():
    # The device drops a game's modules when its match ends (one game in memory).
    _LOADED.clear()


def check_event(event):
    # __class__ rather than type(): one call fewer on every event of every fold.
    if event.__class__ is not dict or event.get("t").__class__ is not str:
        raise RulesError("bad_event", "event needs a type")
    return event


def fold(game, config, events, upto=-1):
    # A refused event raises with its index in the log. `upto`: only the events
    # before that index (an undo's state, made before anything is taken back).
    state = game.new_match(config)
    index = 0
    for event in events:
        if index == upto:
            break
        try:
            state = game.apply(state, check_event(event))
        except RulesError as e:
            e.index = index
            raise
        index += 1
    return state


class MatchLog:
    def __init__(self, game_name, config, events=(), game=None, held=False):
        # `game` overrides the lookup by name (a test's own toy game, say). `held`:
        # `events` is a container the caller keeps (the device's journal, which
        # holds them on its flash), taken as it is rather than copied; it has
        # len(), iteration, [index], append() and pop(), as a list has.
        self.game_name = game_name
        self.game = game if game is not None else load_game(game_name)
        self.config = config
        # What a device screen reads, where the game has a leaner view (looked up once).
        self._screen_view = getattr(self.game, "screen_view", None) or self.game.view
        # A game whose apply() never changes the state it is given (PURE) lets undo
        # take back the state before the last event instead of folding the whole log
        # again: the one state kept shares all but what that event changed.
        self._pure = getattr(self.game, "PURE", False)
        self._before = None
        self.events = events if held else list(events)
        self.state = fold(self.game, config, self.events)

    def append(self, event):
        # Refused events raise RulesError and change nothing. An error from the
        # events' container (the device's flash) leaves the state to be folded again:
        # apply() may have changed it in place.
        before = self.state
        state = self.game.apply(before, check_event(event))
        self.events.append(event)
        self.state = state
        if self._pure:
            self._before = before
        return state

    def undo(self, steps=1):
        if steps < 1 or steps > len(self.events):
            raise RulesError("no_undo", "nothing to undo")
        # The state first: where the events are read back from a flash that fails,
        # the undo is refused before anything is taken back.
        state = self._before
        if steps > 1 or state is None:
            state = fold(self.game, self.config, self.events, len(self.events) - steps)
        dropped = []
        while len(dropped) < steps:
            dropped.insert(0, self.events.pop())
        self._before = None
        self.state = state
        return dropped

    def view(self):
        return self.game.view(self.state)

    def screen_view(self):
        # What a device screen reads, where the game has a leaner one (read only).
        return self._screen_view(self.state)

    def record(self, copy=True):
        # copy=False: the log's own events (the device streams them to the flash).
        return {"v": _LOG_VERSION, "game": self.game_name, "config": self.config,
                "events": list(self.events) if copy else self.events}


def from_record(record):
    # A stored or synced record -> a MatchLog, refusing anything that does not replay.
    if type(record) is not dict:
        raise RulesError("bad_record", "record not an object")
    if record.get("v") != _LOG_VERSION:
        raise RulesError("bad_record", clip("log version ", record.get("v")))
    events = record.get("events")
    if type(events) is not list:
        raise RulesError("bad_record", "record has no events")
    return MatchLog(record.get("game"), record.get("config"), events)

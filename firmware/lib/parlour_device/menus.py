# The app's own screens: main menu, new match, player setup, the live-match
# question, roster, settings and sync status. In menus key 9 (Undo) steps back and
# key 10 returns to the top. Loaded only while they show (App.menu).
import gc

from parlour_rules.log import GAMES, PLAYERS

from . import VERSION
from .games import game_name, has_screens, name_of, open_game
from .system import mem_free
from .ui.frame import K_MENU, K_UNDO
from .ui.screen import ListScreen, Screen

try:
    from typing import TYPE_CHECKING, Any, Callable, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .app import App

SOUND = ("Sound: off", "Sound: on")
LIGHTS = ("Key lights: off", "Key lights: on")
BRIGHT = ("Brightness: low", "Brightness: mid", "Brightness: full")
# Menu lines are made once and kept (a new string is what costs most on the board):
# a menu's entries are worked out again after every key. What is known at import
# (the games, the default roster P1..P8) is made then, once at boot; the rest is
# kept as the menus are used, in tables that start empty: a list or dict made at
# import and grown later frees its first block low in the heap, and MicroPython
# then looks for every larger block from there up.
MAIN = ["New match", "Roster", "Settings", "Sync status"]
MAIN_ACTIONS = ["new", "roster", "settings", "sync"]
_MENU: "list[Any]" = [0, None, None]    # the main menu's (key, lines, actions) last made
_GAMES: "Optional[list[str]]" = None    # New match's lines
_TITLES: "dict[str, str]" = {}           # "Dartex players", by game
for _game in GAMES:
    _TITLES[_game] = game_name(_game) + " players"
STARTS = tuple(["Start (%d players)" % n for n in range(9)])
TO_SYNC = tuple(["To sync: %d match%s" % (n, "" if n == 1 else "es") for n in range(10)])
_FREE: "dict[str, str]" = {}             # "- Ann": a name not seated
for _n in range(1, 9):                   # (the roster until names come from the laptop)
    _FREE["P%d" % _n] = "- P%d" % _n
_SEATED: "dict[int, dict[str, str]]" = {}   # "2 Ann": by seat, by name
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_KEPT = const(64)                                # names kept before starting over
_K_START = const(8)
LIVE_CHOICES = ["Keep it for later", "End it (stopped)", "Back"]


def _free(name: str) -> str:
    text = _FREE.get(name)
    if text is None:
        if len(_FREE) >= _KEPT:
            _FREE.clear()
        text = _FREE[name] = "- " + name
    return text


def _seated(place: int, name: str) -> str:
    table = _SEATED.get(place)
    if table is None:
        table = _SEATED[place] = {}
    text = table.get(name)
    if text is None:
        if len(table) >= _KEPT:
            table.clear()
        text = table[name] = "%d %s" % (place + 1, name)
    return text


class MenuScreen(ListScreen):
    # The app's own screens: they may use all of it (roster, settings, journal).
    app: "App"

    def __init__(self, app: "App", back: Optional[Screen] = None) -> None:
        super().__init__(app)
        self.back = back

    def hint(self) -> str:
        return "turn:pick OK 9:back"

    def keys(self) -> Tuple[str, ...]:
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "OK")

    def on_key(self, key: int) -> Optional[Screen]:
        if key == K_UNDO:
            return self.back
        if key == K_MENU:
            return self.app.menu()
        return super().on_key(key)


class MainMenu(MenuScreen):
    # The live match, New match, then the matches kept for later (newest first),
    # each by its name ("Stump #7"), then Roster, Settings, Sync status: New match
    # stays one turn from the top.
    title = "parlour"

    def _lists(self) -> "Tuple[list[str], list[Any]]":
        app = self.app
        match = app.match
        kept = app.journal.kept
        key = (match.game_name if match is not None else None, app.number, kept)
        if _MENU[0] != key:
            entries: list[str] = []
            actions: list[Any] = []
            if match is not None:
                entries.append(app.match_name())
                actions.append("resume")
            entries.append(MAIN[0])
            actions.append(MAIN_ACTIONS[0])
            for item in kept:
                entries.append(name_of(item[1], item[0]))
                actions.append(item)
            entries.extend(MAIN[1:])
            actions.extend(MAIN_ACTIONS[1:])
            _MENU[0] = key
            _MENU[1] = entries
            _MENU[2] = actions
        return _MENU[1], _MENU[2]

    def actions(self) -> "list[Any]":
        return self._lists()[1]

    def entries(self) -> list[str]:
        return self._lists()[0]

    def choose(self, index: int) -> Optional[Screen]:
        action = self.actions()[index]
        app = self.app
        if action == "resume":
            module = open_game(app.match.game_name) if app.match else None
            if module is None:
                app.show("No screen for game")
                return None
            screen: Screen = module.resume(app)
            return screen
        if type(action) is tuple:       # a match kept for later (asks if one is live)
            number, game = action

            def back_in() -> Optional[Screen]:
                return app.resume_kept(number, game)

            if app.match is not None:
                return LiveQuestion(app, self, back_in, True)
            return back_in()
        if action == "new":
            return NewMatch(app, self)
        if action == "roster":
            return RosterScreen(app, self)
        if action == "settings":
            return SettingsScreen(app, self)
        return SyncScreen(app, self)


class NewMatch(MenuScreen):
    title = "New match"

    def entries(self) -> list[str]:
        global _GAMES
        if _GAMES is None:
            out = []
            for game in _offered():
                out.append(game_name(game))
            _GAMES = out
        return _GAMES

    def choose(self, index: int) -> Optional[Screen]:
        return PlayerSetup(self.app, self, _offered()[index])


def _offered() -> list[str]:
    # The rules core's games that this device has screens for, in its order.
    out = []
    for game in GAMES:
        if has_screens(game):
            out.append(game)
    return out


class PlayerSetup(MenuScreen):
    # Pick who plays, in seat order: OK on a name seats it (again: unseats it).
    def __init__(self, app: "App", back: Screen, game: str) -> None:
        super().__init__(app, back)
        self.game = game
        self.seated: list[int] = []
        title = _TITLES.get(game)
        if title is None:
            title = _TITLES[game] = game_name(game) + " players"
        self.title = title

    def entries(self) -> list[str]:
        out = []
        roster = self.app.roster
        seated = self.seated
        for i in range(len(roster)):
            if i in seated:
                out.append(_seated(seated.index(i), roster[i]))
            else:
                out.append(_free(roster[i]))
        count = len(seated)
        out.append(STARTS[count] if count < len(STARTS) else "Start (%d players)" % count)
        return out

    def hint(self) -> str:
        return "OK:seat 8:start"

    def keys(self) -> Tuple[str, ...]:
        return ("", "Up", "", "", "", "", "", "Down", "Start", "Back", "Menu", "Seat")

    def on_key(self, key: int) -> Optional[Screen]:
        # 8 starts with the players seated, wherever the list is scrolled to.
        if key == _K_START:
            return self.start()
        return super().on_key(key)

    def choose(self, index: int) -> Optional[Screen]:
        roster = self.app.roster
        if index < len(roster):
            if index in self.seated:
                self.seated.remove(index)
            else:
                self.seated.append(index)
            return None
        return self.start()

    def start(self) -> Optional[Screen]:
        # A live match is kept or ended first, as the players say (LiveQuestion).
        low, high = PLAYERS[self.game]
        count = len(self.seated)
        if count < low or count > high:
            if low == high:
                self.app.show("Needs %d players" % low)
            else:
                self.app.show("Needs %d-%d players" % (low, high))
            return None
        if self.app.match is not None:
            return LiveQuestion(self.app, self, self.begin)
        return self.begin()

    def begin(self) -> Optional[Screen]:
        roster = self.app.roster
        players = []
        for i in self.seated:
            players.append(roster[i])
        screen: Screen = open_game(self.game).start(self.app, players)
        return screen


class RosterScreen(MenuScreen):
    title = "Roster"

    def entries(self) -> list[str]:
        out = []
        roster = self.app.roster
        for i in range(len(roster)):
            out.append("%d %s" % (i + 1, roster[i]))
        return out

    def choose(self, index: int) -> Optional[Screen]:
        self.app.show("Names: from laptop")
        return None


class SettingsScreen(MenuScreen):
    title = "Settings"

    def entries(self) -> list[str]:
        s = self.app.settings
        level = s.get("bright", 2)
        return [SOUND[1 if s.get("sound") else 0], LIGHTS[1 if s.get("lights") else 0],
                BRIGHT[level if 0 <= level < len(BRIGHT) else 2], "Maintenance mode", "About"]

    def choose(self, index: int) -> Optional[Screen]:
        app = self.app
        if index < 2:
            name = "sound" if index == 0 else "lights"
            app.settings[name] = 0 if app.settings.get(name) else 1
            app.save_settings()
            app.settings_changed()
            if name == "sound" and app.settings[name]:
                app.beep("ok")      # what "on" sounds like
            return None
        if index == 2:
            level = app.settings.get("bright", 2)
            app.settings["bright"] = (level + 1) % len(BRIGHT) if type(level) is int else 2
            app.save_settings()
            app.settings_changed()
            return None
        if index == 3:
            from .nvm import set_maintenance
            if set_maintenance(app.board.nvm, True):
                app.show("Reset: drive opens")
            else:
                app.show("Hold key 0 at reset")
            return None
        return AboutScreen(app, self)


class InfoScreen(MenuScreen):
    # Read-only lines; turning scrolls.
    def lines(self) -> list[str]:
        return []

    def entries(self) -> list[str]:
        return self.lines()

    def hint(self) -> str:
        return "turn:scroll 9:back"

    def choose(self, index: int) -> Optional[Screen]:
        return self.back


class AboutScreen(InfoScreen):
    title = "About"

    def lines(self) -> list[str]:
        board = self.app.board
        return ["parlour " + VERSION, "Board: " + board.name, "Id: " + board.uid,
                "Free: %d B" % mem_free(), "Least: %d B" % self.app.mem_low,
                "Keys: 9 Undo 10 Menu"]


class SyncScreen(InfoScreen):
    title = "Sync status"

    def lines(self) -> list[str]:
        app = self.app
        journal = app.journal
        pending = len(journal.pending())
        if pending < len(TO_SYNC):
            out = [TO_SYNC[pending]]
        else:
            out = ["To sync: %d matches" % pending]
        if journal.kept:
            out.append("Kept for later: %d" % len(journal.kept))
        if app.match is not None:
            out.append("Playing:")          # the name alone may fill a line
            out.append(app.match_name())
        # The room left for finished matches (the drive's own free space no longer
        # changes as matches are filed: their log is made at its size).
        out.append("Free: %d KB" % (journal.room() // 1024))
        out.append("Id: " + app.board.uid)
        return out


class LiveQuestion(MenuScreen):
    # "Stump #7" is live: keep it for later, end it, or go back; then `then()`.
    def __init__(self, app: "App", back: Screen, then: "Callable[[], Optional[Screen]]",
                 swapping: bool = False) -> None:
        super().__init__(app, back)
        self.then = then
        self.swapping = swapping
        self.title = app.match_name()

    def entries(self) -> list[str]:
        return LIVE_CHOICES

    def choose(self, index: int) -> Optional[Screen]:
        app = self.app
        if index == 0:
            if not app.keep_for_later(self.swapping):
                return None
        elif index == 1:
            app.finish_match("stopped")
            if app.match is not None:       # the flash refused: nothing changed
                return None
            gc.collect()                    # its game's code, before the next loads
        else:
            return self.back
        return self.then()

# The app's own screens: main menu, new match, player setup, roster, settings and
# sync status. In menus key 9 (Undo) steps back and key 10 returns to the top.
from parlour_rules.log import GAMES

from ..journal import set_maintenance
from .base import K_MENU, K_UNDO, ListScreen

NAMES = {"dumbo": "Dumbo", "poker": "Poker Rum/Gin", "stump": "Stump",
         "dartex": "Dartex", "galumphus": "Galumphus"}


def game_name(game):
    return NAMES.get(game, game)


class MenuScreen(ListScreen):
    def __init__(self, app, back=None):
        super().__init__(app)
        self.back = back

    def hint(self):
        return "turn:pick OK 9:back"

    def keys(self):
        return ("", "Up", "", "", "", "", "", "Down", "", "Back", "Menu", "OK")

    def on_key(self, key):
        if key == K_UNDO:
            return self.back
        if key == K_MENU:
            return self.app.menu()
        return super().on_key(key)


class MainMenu(MenuScreen):
    title = "parlour"

    def actions(self):
        out = []
        if self.app.match is not None:
            out.append("resume")
        out.append("new")
        out.append("roster")
        out.append("settings")
        out.append("sync")
        return out

    def entries(self):
        out = []
        for action in self.actions():
            if action == "resume":
                out.append("Resume " + game_name(self.app.match.game_name))
            elif action == "new":
                out.append("New match")
            elif action == "roster":
                out.append("Roster")
            elif action == "settings":
                out.append("Settings")
            else:
                out.append("Sync status")
        return out

    def choose(self, index):
        action = self.actions()[index]
        app = self.app
        if action == "resume":
            from ..app import game_module
            module = game_module(app.match.game_name)
            if module is None:
                app.show("No screen for game")
                return None
            return module.resume(app)
        if action == "new":
            return NewMatch(app, self)
        if action == "roster":
            return RosterScreen(app, self)
        if action == "settings":
            return SettingsScreen(app, self)
        return SyncScreen(app, self)


class NewMatch(MenuScreen):
    title = "New match"

    def entries(self):
        from ..app import game_module
        out = []
        for game in GAMES:
            name = game_name(game)
            if game_module(game) is None:
                name = "%-15s soon" % name
            out.append(name)
        return out

    def choose(self, index):
        from ..app import game_module
        game = GAMES[index]
        module = game_module(game)
        if module is None:
            self.app.show(game_name(game) + " comes later")
            return None
        return PlayerSetup(self.app, self, game, module)


class PlayerSetup(MenuScreen):
    # Pick who plays, in seat order: OK on a name seats it (again: unseats it).
    def __init__(self, app, back, game, module):
        super().__init__(app, back)
        self.game = game
        self.module = module
        self.seated = []
        self.title = game_name(game) + ": players"

    def entries(self):
        out = []
        roster = self.app.roster
        for i in range(len(roster)):
            if i in self.seated:
                out.append("%d %s" % (self.seated.index(i) + 1, roster[i]))
            else:
                out.append("- " + roster[i])
        out.append("Start (%d players)" % len(self.seated))
        return out

    def hint(self):
        return "OK:seat  Start:go"

    def choose(self, index):
        roster = self.app.roster
        if index < len(roster):
            if index in self.seated:
                self.seated.remove(index)
            else:
                self.seated.append(index)
            return None
        low, high = self.module.PLAYERS
        count = len(self.seated)
        if count < low or count > high:
            if low == high:
                self.app.show("Needs %d players" % low)
            else:
                self.app.show("Needs %d-%d players" % (low, high))
            return None
        players = []
        for i in self.seated:
            players.append(roster[i])
        return self.module.start(self.app, players)


class RosterScreen(MenuScreen):
    title = "Roster"

    def entries(self):
        out = []
        roster = self.app.roster
        for i in range(len(roster)):
            out.append("%d %s" % (i + 1, roster[i]))
        return out

    def choose(self, index):
        self.app.show("Names: from laptop")
        return None


class SettingsScreen(MenuScreen):
    title = "Settings"

    def entries(self):
        s = self.app.settings
        return ["Sound: " + ("on" if s.get("sound") else "off"),
                "Key lights: " + ("on" if s.get("lights") else "off"),
                "Maintenance mode",
                "About"]

    def choose(self, index):
        app = self.app
        if index < 2:
            name = "sound" if index == 0 else "lights"
            app.settings[name] = 0 if app.settings.get(name) else 1
            app.save_settings()
            app.lit = None
            return None
        if index == 2:
            if set_maintenance(app.board.nvm, True):
                app.show("Reset: drive opens")
            else:
                app.show("Hold key 0 at reset")
            return None
        return AboutScreen(app, self)


class InfoScreen(MenuScreen):
    # Read-only lines; turning scrolls.
    def lines(self):
        return []

    def entries(self):
        return self.lines()

    def hint(self):
        return "turn:scroll 9:back"

    def choose(self, index):
        return self.back


class AboutScreen(InfoScreen):
    title = "About"

    def lines(self):
        from .. import VERSION
        board = self.app.board
        return ["parlour " + VERSION, "Board: " + board.name, "Id: " + board.uid,
                "Keys: 9 Undo 10 Menu"]


class SyncScreen(InfoScreen):
    title = "Sync status"

    def lines(self):
        app = self.app
        journal = app.journal
        pending = len(journal.pending())
        out = ["To sync: %d match%s" % (pending, "" if pending == 1 else "es")]
        if journal.live_seq:
            out.append("Playing: #%d" % journal.live_seq)
        free = app.flash.free()
        if free >= 0:
            out.append("Free: %d KB" % (free // 1024))
        out.append("Id: " + app.board.uid)
        return out

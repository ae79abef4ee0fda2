"""Every game's screens have one shape (docs/device.md, "The code's layout"): a folder
games/<game>/ with `__init__.py` (start, resume), `options.py` (the options as data on
ui.options.Options, loaded only while they show), `play.py` (a screen that follows
its match through ui.screen.ViewScreen) and `results.py`, then its own parts. Each
options screen behaves the same on the keys, its settings read from the match it
began once it is begun. The rules side has one shape too: parlour_rules/<game>/ with
the engine in `__init__.py` and what a match shows in `views.py`, then its own parts."""

import ast
import importlib
from pathlib import Path

import pytest

from parlour_device.ui.options import Options
from parlour_device.ui.screen import ViewScreen
from parlour_rules.log import GAMES, PLAYERS
from screens_support import Pad

GAMES_DIR = Path(__file__).resolve().parents[2] / "firmware" / "lib" / "parlour_device" / "games"
SKELETON = ("__init__.py", "options.py", "play.py", "results.py")


def classes(module, base):
    return [value for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, base) and value is not base
            and value.__module__ == module.__name__]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_skeleton(game):
    folder = GAMES_DIR / game
    assert [name for name in SKELETON if not (folder / name).is_file()] == []
    package = importlib.import_module("parlour_device.games." + game)
    assert callable(package.start) and callable(package.resume)
    options = importlib.import_module("parlour_device.games.%s.options" % game)
    found = classes(options, Options)
    assert len(found) == 1 and found[0].game == game
    play = importlib.import_module("parlour_device.games.%s.play" % game)
    assert any(issubclass(cls, ViewScreen) for cls in vars(play).values()
               if isinstance(cls, type))


RULES_DIR = GAMES_DIR.parents[1] / "parlour_rules"


@pytest.mark.parametrize("game", GAMES)
def test_every_games_rules_have_the_same_skeleton(game):
    # The rules side too: the engine in the package (new_match, apply, and the view
    # the log and the laptop read), and what a match shows in views.py.
    assert (RULES_DIR / game / "__init__.py").is_file() and (RULES_DIR / game / "views.py").is_file()
    rules = importlib.import_module("parlour_rules." + game)
    views = importlib.import_module("parlour_rules.%s.views" % game)
    assert callable(rules.new_match) and callable(rules.apply) and callable(rules.view)
    assert callable(views.view)
    defined = [node.name for node in ast.parse((RULES_DIR / game / "__init__.py").read_text()).body
               if isinstance(node, ast.FunctionDef)]
    # (Dumbo's package view() only loads views.py on first use: its engine runs
    # without it on the laptop's replay.)
    assert "screen_view" not in defined and ("view" not in defined or game == "dumbo")


def test_no_game_screen_module_keeps_its_options_in_play():
    # The options live in options.py alone: the modules held while a match plays
    # hold none of them (they are unloaded once play begins).
    for game in GAMES:
        for name in ("__init__", "play", "results"):
            module = importlib.import_module("parlour_device.games.%s%s" % (
                game, "" if name == "__init__" else "." + name))
            assert classes(module, Options) == [], (game, name)


MENU_INDEX = {"dumbo": 0, "poker": 1, "stump": 2, "dartex": 3, "galumphus": 4}


def options_pad(game, players):
    index = MENU_INDEX[game]
    pad = Pad(False)
    pad.do("k11 " + ("t%d " % index if index else "") + "k11 "
           + " ".join(["k11"] + ["t1 k11"] * (players - 1)) + " k8")
    return pad


@pytest.mark.parametrize("game", GAMES)
def test_every_options_screen_moves_turns_and_goes_back_the_same_way(game):
    pad = options_pad(game, PLAYERS[game][0])
    screen = pad.app.screen
    assert isinstance(screen, Options) and screen.row == 0
    rows = len(screen.settings)
    first = pad.frame_text()
    pad.do("k1")                                    # Up from the first: round the end
    assert pad.app.screen.row > 0
    pad.do("k7")                                    # and Down back to the first
    assert pad.app.screen.row == 0
    pad.do(" ".join(["k7"] * (rows - 1)))           # Down to the last setting
    assert pad.app.screen.row == rows - 1
    pad.do("t1")                                    # the last row turns
    assert pad.frame_text() != first
    pad.do("t-1")
    assert pad.frame_text() == first
    assert pad.app.screen.keys()[9] == "Back" and pad.app.screen.keys()[11] == "Start"
    pad.do("k9")                                    # Back: the menu, nothing begun
    assert not isinstance(pad.app.screen, Options) and pad.app.match is None


@pytest.mark.parametrize("game", GAMES)
def test_a_begun_match_comes_back_to_its_options_with_every_row_but_the_last_fixed(game):
    pad = options_pad(game, PLAYERS[game][0])
    pad.do("t1")                                    # the first setting changed
    config = pad.app.screen.config()
    assert pad.app.new_match(game, config) is None  # begun, its first entry not made
    screen = importlib.import_module("parlour_device.games." + game).resume(pad.app)
    pad.app.screen = screen
    assert isinstance(screen, Options) and screen.live is pad.app.match.config
    assert screen.row == len(screen.settings) - 1
    for kind in screen.settings[:-1]:
        assert screen.value(kind) == config[kind]
    pad.do("k1")
    shown = list(screen.rows())
    pad.do("t1")                                    # a fixed row does not turn
    assert pad.app.message == "set: match begun" and screen.rows() == shown


def state_reads(source):
    # `x.state` and `x.game.<anything>` read in a module's source: a match's insides.
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and (
                node.attr == "state"
                or isinstance(node.value, ast.Attribute) and node.value.attr == "game"):
            found.append("%d %s" % (node.lineno, ast.unparse(node)))
    return found


def test_the_state_reader_sees_a_state_read_and_a_call_into_the_game():
    source = "def f(app):\n    m = app.match\n    return m.game.apply(m.state, {})\n"
    assert sorted(state_reads(source)) == ["3 m.game.apply", "3 m.state"]


def test_game_screens_read_a_match_through_its_view_and_the_apps_read():
    # The rules say to read a match through its view (rules/stump/state.py); a
    # preview or a view that takes arguments is a rules function the app answers
    # from the state (Host.read).
    found = []
    for path in sorted(GAMES_DIR.rglob("*.py")) + [GAMES_DIR.parent / "menus.py"]:
        found.extend("%s:%s" % (path.relative_to(GAMES_DIR.parent), where)
                     for where in state_reads(path.read_text()))
    assert found == []

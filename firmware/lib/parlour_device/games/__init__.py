# The games this device has screens for, and the one game held in memory.
# On an RP2040 every imported module's bytecode lives in RAM, so a game's screens
# (parlour_device.games.<game>) and rules (parlour_rules.<game>, with the solver
# and the card modules it brings) are imported when its match starts or resumes
# (open_game) and leave sys.modules when the match is filed or another game
# starts (close_game). Interned names stay; everything else is collected.
import gc
import sys

from parlour_rules.log import NAMES, PLAYERS

try:
    from typing import Any, Optional
except ImportError:
    pass

MENU = "parlour_device.menus"   # the menus: not needed while a game's screens show
_open: "list[Any]" = [None, None]       # [game, its screens module]
_resident: "list[Any]" = [set()]        # our modules that stay: what boot loaded


def game_name(game: str) -> str:
    return NAMES.get(game, game)


def name_of(game: str, number: int) -> str:
    # A match's one name ("Stump #7"), from the number it got when it started.
    return "%s #%d" % (NAMES.get(game, game or "Match"), number)


def has_screens(game: str) -> bool:
    # Every game of the rules core has screens here (a record may name any game).
    return game in PLAYERS


def open_game(game: str) -> Any:
    # The game's screens module (start, resume), loaded now if another game or none
    # is in memory; None for a game without screens.
    if game not in PLAYERS:
        return None
    forget(MENU)       # (App.menu loads it again; the screen showing it may finish)
    if _open[0] == game:
        return _open[1]
    close_game()
    package = __import__("parlour_device.games." + game)
    _open[0] = game
    _open[1] = getattr(package.games, game)
    return _open[1]


def mark_resident() -> None:
    # Called once the app is up, before any match is replayed: what is loaded now
    # stays loaded; whatever a game brings in after this goes when it closes.
    _resident[0] = _ours()


def open_name() -> Optional[str]:
    game: Optional[str] = _open[0]
    return game


def close_game(collect: bool = True) -> None:
    # Every module of ours loaded since the first game opened goes, and with it
    # the rules core's cache of game modules; then one collection frees the code
    # (or the caller's, later: collect=False).
    if _open[0] is None:
        return
    _open[0] = None
    _open[1] = None
    resident = _resident[0]
    for name in _ours():
        if name not in resident:
            forget(name)
    from parlour_rules.log import forget_games
    forget_games()
    if collect:
        gc.collect()


def forget(*names: str) -> None:
    # Modules of ours unloaded, each with its package's own reference to it.
    for name in names:
        if name not in sys.modules:
            continue
        del sys.modules[name]
        parent, _, child = name.rpartition(".")
        holder = sys.modules.get(parent)
        if holder is not None:
            try:
                delattr(holder, child)
            except (AttributeError, KeyError):  # CircuitPython: a module's missing name
                pass


def _ours() -> "set[str]":
    out = set()
    for name in sys.modules:
        if name.startswith("parlour_rules.") or name.startswith("parlour_device."):
            out.add(name)
    return out

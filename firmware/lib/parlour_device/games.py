# Which games have screens on this device: parlour_device.screens.<game> modules,
# looked up once each (a failed import searches the filesystem every time).
try:
    from typing import Any
except ImportError:
    pass

NAMES = {"dumbo": "Dumbo", "poker": "Poker Rum/Gin", "stump": "Stump",
         "dartex": "Dartex", "galumphus": "Galumphus"}
_screens: "dict[str, Any]" = {}


def game_name(game: str) -> str:
    return NAMES.get(game, game)


def game_module(game: str) -> Any:
    # The game's screen module (PLAYERS, start, resume), or None while it has none.
    if game not in _screens:
        try:
            package = __import__("parlour_device.screens." + game)
            _screens[game] = getattr(package.screens, game, None)
        except ImportError:
            _screens[game] = None
    return _screens[game]

# The device's own settings and roster, kept whole on the flash (flash.replace): the
# laptop pushes them, Settings and Roster change them, boot reads them back. A file
# that is damaged, foreign or of the wrong kind boots with the defaults.
import json

from parlour_wire import NAME_MAX, ROSTER_MAX

from .flash import read_replaced, replace

try:
    from typing import Any
except ImportError:
    pass

SETTINGS = "parlour/settings.json"
ROSTER = "parlour/roster.json"
DEFAULT_SETTINGS = {"sound": 1, "lights": 1, "bright": 2}


def default_roster() -> list[str]:
    return ["P%d" % n for n in range(1, 9)]


def valid_roster(names: Any) -> bool:
    # A list of 1..ROSTER_MAX names, each text of 1..NAME_MAX characters: the menus
    # and the rules take nothing else (a damaged or foreign file is not a roster).
    if type(names) is not list or not 0 < len(names) <= ROSTER_MAX:
        return False
    for name in names:
        if type(name) is not str or not 0 < len(name) <= NAME_MAX:
            return False
    return True


def load_settings(flash: Any) -> dict[str, Any]:
    settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
    settings.update(_load(flash, SETTINGS, {}))
    return settings


def load_roster(flash: Any) -> list[str]:
    roster = _load(flash, ROSTER, None)
    return roster if valid_roster(roster) else default_roster()


def save(flash: Any, name: str, value: Any) -> bool:
    # False when the flash took nothing (maintenance mode: the drive is read-only).
    try:
        replace(flash, name, json.dumps(value).encode())
    except OSError:
        return False
    return True


def _load(flash: Any, name: str, default: Any) -> Any:
    data = read_replaced(flash, name)
    if data is None:
        return default
    try:
        value = json.loads(data.decode())
    except ValueError:
        return default
    if default is not None and type(value) is not type(default):
        return default
    return value

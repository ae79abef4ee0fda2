# The device's own settings and roster: the laptop pushes them, Settings and Roster
# change them, boot reads them back. Both are the head line of a log of their own,
# kept twice in files whose size never changes (twin.py: parlour/s0|s1/prefs), so a
# save is one head written over copy 0 and then over copy 1, in place: a power cut
# takes at most the copy being written, and the other holds what was saved before.
# No file is made, renamed or removed as they change (that writes the directory's
# and the FAT's sectors, and a cut there can take every file they list). A value
# that is damaged, foreign or of the wrong kind boots with the defaults.
#
# The files of the layout before (parlour/settings.json and roster.json, each
# replaced whole through a .tmp) move in at the first boot that may write, and are
# removed. Loaded to read or save them, and let go after (App).
import json

from parlour_wire import NAME_MAX, ROSTER_MAX

from .flash import read_replaced
from .twin import PREFS_SIZE, Twin

try:
    from typing import Any
except ImportError:
    pass

SETTINGS = "settings"
ROSTER = "roster"
OLD_FILES = ("parlour/settings.json", "parlour/roster.json")
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


def prefs_log(journal: Any) -> Twin:
    # The settings' and roster's log: made when needed, not held. The reading code
    # goes with the game's close, or with the journal's own at boot (Journal.recover).
    from .mend import side_log
    return side_log(journal, "prefs", PREFS_SIZE)


def load(journal: Any) -> "tuple[dict[str, Any], list[str]]":
    # -> (settings, roster) as saved, the defaults where nothing valid is.
    log = prefs_log(journal)
    head = dict(log.head)
    # (Read-only, in maintenance mode, the old files are read but stay.)
    if move_in(journal.flash, head) and journal.writable:
        try:
            # The finished matches' log first: a store made before identities is
            # told by these files (identity.store_head).
            journal.pending()
            write(log, head)
            for name in OLD_FILES:  # order-free
                journal.flash.remove(name)
                journal.flash.remove(name + ".tmp")
        except OSError:     # read from the old files again at the next boot
            pass
    settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
    saved = head.get(SETTINGS)
    if type(saved) is dict:
        settings.update(saved)
    roster: Any = head.get(ROSTER)
    return settings, roster if valid_roster(roster) else default_roster()


def save(journal: Any, name: str, value: Any) -> bool:
    # False when the flash took nothing (maintenance mode: the drive is read-only;
    # a value too long for a head line): what was saved before stands.
    log = prefs_log(journal)
    head = dict(log.head)
    head[name] = value
    try:
        write(log, head)
    except OSError:
        return False
    return True


def write(log: Any, head: "dict[str, Any]") -> None:
    clean = {"k": "p"}
    for key in (SETTINGS, ROSTER):
        if key in head:
            clean[key] = head[key]
    log.reset(clean)


def move_in(flash: Any, head: "dict[str, Any]") -> bool:
    # The old layout's files into `head`, where the log holds nothing of its own
    # yet. -> whether there were any.
    found = False
    for key, name in ((SETTINGS, OLD_FILES[0]), (ROSTER, OLD_FILES[1])):
        data = read_replaced(flash, name)
        if data is None:
            continue
        found = True
        if key in head:
            continue
        try:
            value = json.loads(data.decode())
        except (ValueError, UnicodeError):
            continue
        if type(value) is (dict if key == SETTINGS else list):
            head[key] = value
    return found

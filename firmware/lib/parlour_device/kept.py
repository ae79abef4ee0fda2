# Matches kept for later: starting or resuming another match while one is live
# asks first (menus.LiveQuestion), and a kept match's journal is moved aside whole
# into the kept matches' log until it is resumed (App.keep_for_later,
# App.resume_kept). A match's number is the one it got when it started: its name on
# every screen, kept in its head ("no") when the journal files it under another.
# Imported only when a match is kept or resumed (and once at boot, to move in the
# kept files of the layout before), and unloaded with the game (games.close_game).
#
# The kept matches' log is kept twice in files whose size never changes (twin.py:
# parlour/s0|s1/kept), as the finished matches' log is: each kept match a payload
# (its live log's records, a journal line each) after a record line
# {"k": "k", "n": number, "game": game}; a match brought back is marked
# {"k": "r", "n": number}. Every change is written to copy 0, then to copy 1, in
# place: no file is made, renamed or removed (which writes the sectors of the
# directory and the FAT, and a cut there can take every file they list). The log
# starts over (a new generation, empty) only when it holds no kept match.
#
# Moving a journal aside (stash): its records into the kept log, read back, then the
# live log cleared. Bringing it back (restore): the live log written with the kept
# records under a head that names the kept match ("from"), then the kept match
# marked brought back. Nothing is entered while both stand, so after a power cut
# between the two, boot drops the live log (mend.recover_journal) and the kept match,
# which is whole, stands: a cut at any write leaves the match live or kept, never
# lost or doubled.
from binascii import crc32

from parlour_rules.errors import RulesError

from .games import close_game, has_screens, open_game, open_name
from .journal import EIO, encode
from .mend import kept_listing, kept_log
from .twin import OLD_KEPT, decode

try:
    from typing import TYPE_CHECKING, Any, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .app import App
    from .journal import Journal
    from .twin import Twin
    from .ui.screen import Screen

FOR_LATER = 4       # matches kept for later at most (a fifth is refused)


def stash(journal: "Journal") -> None:
    # The live match, as the flash holds it, moved aside into the kept log.
    records = journal.live_records()
    head = records[0]
    if head.get("k") != "m":
        raise OSError(EIO)
    game = head.get("game")
    number = head.get("no", journal.live_seq)
    put(journal, number, game if type(game) is str else "match", records)
    journal.clear_live()
    journal.kept = journal.list_kept()


class Lines:
    # A kept match's payload, written a record's line at a time; its CRC as made,
    # to check against what the flash holds.
    def __init__(self, records: "list[dict[str, Any]]") -> None:
        self.records = records
        self.crc = 0

    def write(self, stream: Any) -> None:
        crc = 0
        for record in self.records:
            line = encode(record)
            crc = crc32(line, crc)
            stream.write(line)
        self.crc = crc & 0xFFFFFFFF


def put(journal: "Journal", number: int, game: str, records: "list[dict[str, Any]]") -> None:
    # The match's records kept as `number`; OSError when the flash did not take
    # them whole (then nothing is kept: the live log still holds the match).
    from .filing import payload
    log = kept_log(journal)
    if not kept_listing(log):
        log.reset({})       # nothing kept: start over, all its room free again
    lines = Lines(records)
    record: "dict[str, Any]" = {"k": "k", "n": number, "game": game}
    payload(log, record, lines.write)
    if record.get("crc") != lines.crc:      # what the flash holds, read back
        raise OSError(EIO)


def drop(log: "Twin", number: int) -> None:
    # The match `number` no longer kept (brought back: the live log holds it now).
    log.append(log.line({"k": "r", "n": number}))


def floor(journal: "Journal") -> int:
    # The highest number the laptop may have pulled: every match it has seen is
    # still held or was acknowledged.
    seq = journal.acked()
    pending = journal.pending()
    if pending and pending[-1] > seq:
        seq = pending[-1]
    return seq


def restore(journal: "Journal", number: int, game: str) -> "tuple[list[dict[str, Any]], int]":
    # The kept match back as the live journal: (its records, bytes of a bad tail
    # left behind); no records when it cannot be read (it is marked brought back).
    # A match filed at or below what the laptop may have pulled already is filed
    # under a new seq (the laptop pulls only seqs above the last it holds); its
    # number, its name, stays.
    log = kept_log(journal)
    data = None
    for item in kept_listing(log):
        if item[0] == number and type(item[3]) is int:
            data = log.read(item[2], item[3])
    if data is None:
        raise OSError(EIO)
    records, good = decode(data)
    if not records or records[0].get("k") != "m":
        drop(log, number)
        journal.kept = journal.list_kept()
        return [], len(data)
    head = records[0]
    seq = head.get("n")
    new = seq if type(seq) is int and seq > floor(journal) else journal.next_seq()
    head["n"] = new
    head["no"] = number
    head["from"] = number       # the kept match: boot drops live while it stands
    journal.keep_records(head, records[1:])
    try:
        drop(log, number)
    except OSError:     # both would stand: boot would drop the live one
        journal.clear_live()
        raise
    journal.live_seq = new
    journal.kept = journal.list_kept()
    return records, len(data) - good


def move_in(journal: "Journal") -> None:
    # The layout before's kept files, each into the log and then removed (a cut
    # between the two: the next boot finds it kept already, and removes the file).
    flash = journal.flash
    held = journal.list_kept()
    for name in flash.listdir(OLD_KEPT):  # order-free: each kept by its number
        path = OLD_KEPT + "/" + name
        number, _, game = name[:-4].partition("-")
        data = flash.read(path) if name.endswith(".jnl") else None
        if data is not None and number.isdigit() and game:
            records = decode(data)[0]
            if records and (int(number), game) not in held:
                put(journal, int(number), game, records)
        flash.remove(path)      # (a .tmp a cut left: its match is still live)
    journal.kept = journal.list_kept()


# What App.keep_for_later and App.resume_kept do: here rather than in App, so the
# code is on the heap only while a match is kept or resumed.
def keep_live(app: "App", swapping: bool) -> bool:
    # The live match kept for later; `swapping`: a kept one comes back in its place.
    journal = app.journal
    if not app.board.writable():
        app.refuse(RulesError("read_only", "Maintenance: no save"))
        return False
    if len(journal.kept) >= FOR_LATER and not swapping:
        app.refuse(RulesError("kept", "%d kept: end one first" % FOR_LATER))
        return False
    try:
        stash(journal)
    except OSError:
        app.refuse(RulesError("flash", "Flash write failed"))
        return False
    app.match = None
    app.number = 0
    close_game()
    app.changed()
    return True


def resume(app: "App", number: int, game: str) -> "Optional[Screen]":
    # The kept match `number` live again, on the screen its game shows for where it
    # is; it keeps its number (the journal may file it under a new seq).
    if not has_screens(game):
        app.show("No screen for game")
        return None
    if not app.board.writable():
        app.refuse(RulesError("read_only", "Maintenance: no save"))
        return None
    try:
        records, dropped = restore(app.journal, number, game)
    except OSError:
        app.refuse(RulesError("flash", "Flash write failed"))
        return None
    if not records:
        app.show("Kept #%d unreadable" % number)
        return None
    if open_name() != game:
        close_game()
    app.replay(records)
    app.changed()
    if dropped:
        app.show("Journal tail dropped")
    if app.match is None:
        return app.menu()
    screen: Screen = open_game(game).resume(app)
    return screen

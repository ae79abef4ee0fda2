# Matches kept for later: starting or resuming another match while one is live
# asks first (menus.LiveQuestion), and a kept match's journal is moved aside whole,
# to parlour/kept/<number>-<game>.jnl, until it is resumed (App.keep_for_later,
# App.resume_kept). A match's number is the one it got when it started: its name on
# every screen, kept in its head ("no") when the journal files it under another.
# Imported only when a match is kept or resumed, and unloaded with the game
# (games.close_game).
#
# Moving a journal aside (stash): its lines to kept/<n>-<game>.jnl.tmp, renamed to
# .jnl, then the live log cleared. Bringing it back (restore): the live log written with the
# kept bytes under a head that names the kept file ("from"), then the kept file
# removed. Nothing is entered while both files exist, so after a power cut between
# the two, boot drops live.jnl (journal.recover) and the kept file, which is whole,
# stands: a cut at any write leaves the match live or kept, never lost or doubled.
from parlour_rules.errors import RulesError

from .games import close_game, has_screens, open_game, open_name
from .journal import EIO, KEPT, decode, encode

try:
    from typing import TYPE_CHECKING, Any, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .app import App
    from .journal import Journal
    from .ui.screen import Screen

FOR_LATER = 4       # matches kept for later at most (a fifth is refused)


def stash(journal: "Journal") -> None:
    # The live match, as the flash holds it, moved aside to kept/.
    flash = journal.flash
    records = journal.live_records()
    head = records[0]
    if head.get("k") != "m":
        raise OSError(EIO)
    game = head.get("game")
    number = head.get("no", journal.live_seq)
    name = KEPT + "/%d-%s" % (number, game if type(game) is str else "match")
    lines = []
    for record in records:
        lines.append(encode(record))
    flash.write(name + ".tmp", b"".join(lines))
    flash.rename(name + ".tmp", name + ".jnl")
    journal.clear_live()
    journal.kept = journal.list_kept()


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
    # left behind); no records when its file cannot be read (the file is removed).
    # A match filed at or below what the laptop may have pulled already is filed
    # under a new seq (the laptop pulls only seqs above the last it holds); its
    # number, its name, stays.
    flash = journal.flash
    name = KEPT + "/%d-%s.jnl" % (number, game)
    data = flash.read(name)
    if data is None:
        raise OSError(EIO)
    records, good = decode(data)
    if not records or records[0].get("k") != "m":
        flash.remove(name)
        journal.kept = journal.list_kept()
        return [], len(data)
    head = records[0]
    seq = head.get("n")
    new = seq if type(seq) is int and seq > floor(journal) else journal.next_seq()
    head["n"] = new
    head["no"] = number
    head["from"] = number       # the kept file's name: boot drops live while it stands
    journal.keep_records(head, records[1:])
    flash.remove(name)
    if flash.read(name) is not None:    # both would stand: boot would drop the live one
        journal.clear_live()
        raise OSError(EIO)
    journal.live_seq = new
    journal.kept = journal.list_kept()
    return records, len(data) - good


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

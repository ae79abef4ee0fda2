# Matches kept for later: starting or resuming another match while one is live
# asks first (LiveQuestion), and a kept match's journal is moved aside whole, to
# parlour/kept/<n>-<game>.jnl, until it is resumed. Imported only when the question
# is asked or a kept match resumed, and unloaded with the game (games.close_game).
#
# Moving a journal aside (stash): its lines to kept/<n>-<game>.jnl.tmp, renamed to
# .jnl, then the live log cleared. Bringing it back (restore): the live log written with the
# kept bytes under a head that names the kept file ("from"), then the kept file
# removed. Nothing is entered while both files exist, so after a power cut between
# the two, boot drops live.jnl (journal.recover) and the kept file, which is whole,
# stands: a cut at any write leaves the match live or kept, never lost or doubled.
import gc

from parlour_rules.errors import RulesError

from .games import close_game, game_name, has_screens, open_game, open_name
from .journal import EIO, KEPT, decode, encode
from .ui.frame import fit
from .ui.menu import MenuScreen

try:
    from typing import TYPE_CHECKING, Any, Callable, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from .app import App
    from .journal import Journal
    from .ui.screen import Screen

FOR_LATER = 4       # matches kept for later at most (a fifth is refused)
CHOICES = ["Keep it for later", "End it (stopped)", "Back"]


def stash(journal: "Journal") -> None:
    # The live match, as the flash holds it, moved aside to kept/.
    flash = journal.flash
    records = journal.live_records()
    head = records[0]
    if head.get("k") != "m":
        raise OSError(EIO)
    game = head.get("game")
    name = KEPT + "/%d-%s" % (journal.live_seq, game if type(game) is str else "match")
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


def restore(journal: "Journal", seq: int, game: str) -> "tuple[list[dict[str, Any]], int]":
    # The kept match back as the live journal: (its records, bytes of a bad tail
    # left behind); no records when its file cannot be read (the file is removed).
    # A match numbered at or below what the laptop may have pulled already takes a
    # new number: the laptop pulls only numbers above the last it holds.
    flash = journal.flash
    name = KEPT + "/%d-%s.jnl" % (seq, game)
    data = flash.read(name)
    if data is None:
        raise OSError(EIO)
    records, good = decode(data)
    if not records or records[0].get("k") != "m":
        flash.remove(name)
        journal.kept = journal.list_kept()
        return [], len(data)
    head = records[0]
    new = journal.next_seq() if seq <= floor(journal) else seq
    head["n"] = new
    head["from"] = seq
    journal.keep_records(head, records[1:])
    flash.remove(name)
    if flash.read(name) is not None:    # both would stand: boot would drop the live one
        journal.clear_live()
        raise OSError(EIO)
    journal.live_seq = new
    journal.kept = journal.list_kept()
    return records, len(data) - good


def keep_live(app: "App", swapping: bool) -> bool:
    # The live match kept for later; `swapping`: a kept one comes back in its place.
    journal = app.journal
    if not app.board.writable():
        app._refuse(RulesError("read_only", "Maintenance: no save"))
        return False
    if len(journal.kept) >= FOR_LATER and not swapping:
        app._refuse(RulesError("kept", "%d kept: end one first" % FOR_LATER))
        return False
    try:
        stash(journal)
    except OSError:
        app._refuse(RulesError("flash", "Flash write failed"))
        return False
    app.match = None
    close_game()
    app._changed()
    return True


def resume(app: "App", seq: int, game: str) -> "Optional[Screen]":
    # The kept match `seq` live again, on the screen its game shows for where it is.
    if not has_screens(game):
        app.show("No screen for game")
        return None
    if not app.board.writable():
        app._refuse(RulesError("read_only", "Maintenance: no save"))
        return None
    journal = app.journal
    try:
        records, dropped = restore(journal, seq, game)
    except OSError:
        app._refuse(RulesError("flash", "Flash write failed"))
        return None
    if not records:
        app.show("Kept #%d unreadable" % seq)
        return None
    if open_name() != game:
        close_game()
    app._replay(records)
    app._changed()
    if dropped:
        app.show("Journal tail dropped")
    elif journal.live_seq != seq:
        app.show(fit("#%d is now #%d" % (seq, journal.live_seq), app.layout.cols))
    if app.match is None:
        return app.menu()
    screen: Screen = open_game(game).resume(app)
    return screen


def from_menu(app: "App", menu: "Screen", seq: int, game: str) -> "Optional[Screen]":
    # The main menu's "Resume Stump #7": asks first while another match is live.
    def back_in() -> "Optional[Screen]":
        return resume(app, seq, game)

    if app.match is not None:
        return LiveQuestion(app, menu, back_in, True)
    return back_in()


class LiveQuestion(MenuScreen):
    # "Stump #7 is live": keep it for later, end it, or go back; then `then()`.
    def __init__(self, app: "App", back: "Screen", then: "Callable[[], Optional[Screen]]",
                 swapping: bool = False) -> None:
        super().__init__(app, back)
        self.then = then
        self.swapping = swapping
        match = app.match
        name = game_name(match.game_name) if match is not None else "Match"
        title = "%s #%d is live" % (name, app.journal.live_seq)
        if len(title) > app.layout.cols:
            title = fit("%s #%d live" % (name, app.journal.live_seq), app.layout.cols)
        self.title = title

    def entries(self) -> list[str]:
        return CHOICES

    def choose(self, index: int) -> "Optional[Screen]":
        app = self.app
        if index == 0:
            if not keep_live(app, self.swapping):
                return None
        elif index == 1:
            app.finish_match("stopped")
            if app.match is not None:       # the flash refused: nothing changed
                return None
            gc.collect()                    # its game's code, before the next loads
        else:
            return self.back
        return self.then()

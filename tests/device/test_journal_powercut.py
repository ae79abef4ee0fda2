"""A power cut at every write of a scripted match, cleanly between writes and in
the middle of one (a torn write), loses nothing the screen confirmed: the device
boots straight back into the match as the screen last confirmed it, or with the
entry being written when one copy of it was whole."""

from pathlib import Path

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import KEY, PRESS, TURN, SimBoard
from journal_support import STUMP_CONFIG, CutFlash, PowerCut, stump_events
from parlour_device.app import App
from parlour_rules.log import MatchLog

EVENTS = stump_events(12)
UNDO_AFTER = {5, 6, 20}     # undo these events and enter them again (undo is journalled too)


def play(flash, nvm, confirmed):
    """The script: new match, every event (with some undos), finish. `confirmed`
    mirrors what the screen has confirmed so far."""
    app = App(SimBoard(flash=flash, nvm=nvm))
    assert app.new_match("stump", STUMP_CONFIG) is None
    confirmed["live"] = True
    # "after": what the entry being written makes of it (each is written to two
    # copies: a cut between them leaves it in one, and boot takes that one).
    for i, event in enumerate(EVENTS):
        confirmed["after"] = confirmed["events"] + [event]
        assert app.submit(event) is None
        confirmed["events"].append(event)
        if i in UNDO_AFTER:
            confirmed["after"] = confirmed["events"][:-1]
            assert app.undo() is None
            confirmed["events"].pop()
            confirmed["after"] = confirmed["events"] + [event]
            assert app.submit(event) is None
            confirmed["events"].append(event)
    confirmed["after"] = None
    app.finish_match()
    confirmed["finished"] = True
    return flash.ops


def total_writes():
    return play(CutFlash({}), bytearray(4096), {"events": []})


def reboot(files, nvm):
    app = App(SimBoard(flash=MemFlash(files), nvm=nvm))
    app.step()
    return app


def check(app, confirmed):
    events = confirmed["events"]
    pending = app.journal.pending()
    if confirmed.get("finished"):
        assert app.match is None and pending == [1]
        assert app.journal.load(1)["record"]["events"] == events
        return
    if app.match is None:
        # Only while the match was being started or archived can there be no live match.
        if pending:
            assert pending == [1] and app.journal.load(1)["record"]["events"] == events
        else:
            assert events == []
        return
    assert pending == []
    if list(app.match.events) != events:
        events = confirmed.get("after")
    assert list(app.match.events) == events
    assert app.match.view() == MatchLog("stump", STUMP_CONFIG, events).view()


WRITES = total_writes()


@pytest.mark.parametrize("tear", [False, True], ids=["between-writes", "torn-write"])
def test_power_cut_at_every_write_loses_at_most_the_event_being_written(tear):
    assert WRITES > len(EVENTS)
    for budget in range(WRITES + 1):
        files, nvm, confirmed = {}, bytearray(4096), {"events": []}
        try:
            play(CutFlash(files, budget, tear), nvm, confirmed)
        except PowerCut:
            pass
        app = reboot(files, nvm)
        check(app, confirmed)
        if app.match is not None:
            # ...and the match goes on from there, surviving the next reboot too.
            done = len(confirmed["events"])
            if done < len(EVENTS) and app.submit(EVENTS[done]) is None:
                confirmed["events"].append(EVENTS[done])
                check(reboot(files, nvm), confirmed)


def test_power_cut_while_recovering_a_torn_tail_is_survived():
    # Tear the 10th write, then cut the boot's own repair at each of its writes.
    files, nvm, confirmed = {}, bytearray(4096), {"events": []}
    with pytest.raises(PowerCut):
        play(CutFlash(files, 10, tear=True), nvm, confirmed)
    for budget in range(4):
        copy = dict(files)
        try:
            App(SimBoard(flash=CutFlash(copy, budget, tear=True), nvm=bytearray(nvm)))
        except PowerCut:
            pass
        check(reboot(copy, bytearray(nvm)), confirmed)


# -- the same through the Stump screens, driven by their key script ----------------------
class Recording(App):
    """The app, noting what the screen has confirmed after each call returns."""

    def __init__(self, board, confirmed):
        self.confirmed = confirmed
        super().__init__(board)

    def _note(self, result):
        if result is None:
            self.confirmed["events"] = list(self.match.events) if self.match else []
            self.confirmed["live"] = self.match is not None
        return result

    # "after": what the call under way makes of the match; a cut between its two
    # copies' writes leaves it whole in one, and boot takes that one.
    def submit(self, event):
        self.confirmed["after"] = (list(self.match.events) if self.match else []) + [event]
        return self._note(super().submit(event))

    def undo(self):
        self.confirmed["after"] = list(self.match.events)[:-1] if self.match else []
        return self._note(super().undo())

    def new_match(self, game, config):
        self.confirmed["after"] = []
        self.confirmed["starting"] = True
        return self._note(super().new_match(game, config))

    def finish_match(self, end="won"):
        screen = super().finish_match(end)
        if self.match is None:
            self.confirmed["finished"] = True
        return screen


def key_script():
    from parlour.sim.script import parse

    path = Path(__file__).resolve().parents[2] / "sim-scripts" / "stump_match.txt"
    kinds = {"key": KEY, "turn": TURN, "press": PRESS}
    return [(kinds[s.kind], int(s.value)) for s in parse(path.read_text()) if s.kind in kinds]


def play_keys(flash, nvm, confirmed, script):
    app = Recording(SimBoard(flash=flash, nvm=nvm), confirmed)
    for kind, value in script:
        app.board.feed(kind, value)
        app.step()
    return flash.ops


def test_power_cut_at_every_write_of_the_scripted_stump_match_on_the_keys(monkeypatch):
    monkeypatch.setenv("PARLOUR_SEED", "1")
    script = key_script()
    confirmed = {"events": []}
    writes = play_keys(CutFlash({}), bytearray(4096), confirmed, script)
    assert confirmed.get("finished") and len(confirmed["events"]) > 30
    for tear in (False, True):
        for budget in range(writes):
            files, nvm, confirmed = {}, bytearray(4096), {"events": []}
            with pytest.raises(PowerCut):
                play_keys(CutFlash(files, budget, tear), nvm, confirmed, script)
            app = reboot(files, nvm)
            if confirmed.get("finished") or (app.match is None and app.journal.pending()):
                assert app.journal.load(1)["record"]["events"] == confirmed["events"]
            elif confirmed.get("live"):
                assert app.match is not None
                assert list(app.match.events) in (confirmed["events"], confirmed.get("after"))
                assert app.screen.title.startswith("Stump")     # straight back into the match
            elif app.match is not None:                 # started: its head in one copy
                assert confirmed.get("starting") and list(app.match.events) == []
            else:
                assert app.journal.pending() == []


@pytest.mark.parametrize("tear", [False, True], ids=["between-writes", "torn-write"])
def test_a_power_cut_while_saving_the_roster_or_settings_keeps_the_old_or_the_new(tear):
    # A save writes the head line over copy 0 of the settings' log, then over copy 1,
    # in place (parlour/s0|s1/prefs): cut at each of those, the names or the
    # settings are the old ones or the new ones at boot, never the defaults; and a
    # save is those two writes and no more.
    for name, save, read, old, new in (
            ("roster", lambda app, v: app.set_roster(v), lambda app: app.roster,
             ["Ann", "Bo"], ["Cy", "Di", "Ed"]),
            ("settings", lambda app, v: app.settings.update(v) or app.save_settings(),
             lambda app: {k: app.settings[k] for k in ("sound", "lights")},
             {"sound": 0, "lights": 1}, {"sound": 0, "lights": 0})):
        for budget in range(3):
            files, nvm = {}, bytearray(4096)
            app = App(SimBoard(flash=MemFlash(files), nvm=nvm))
            assert save(app, old)
            flash = CutFlash(files, budget, tear)
            app = App(SimBoard(flash=flash, nvm=nvm))
            flash.ops = 0
            if budget == 2:
                assert save(app, new) and read(reboot(files, nvm)) == new
                continue
            with pytest.raises(PowerCut):
                save(app, new)
            assert read(reboot(files, nvm)) in (old, new), (name, budget)


@pytest.mark.parametrize("tear", [False, True], ids=["between-writes", "torn-write"])
def test_a_power_cut_while_acknowledging_never_lets_a_match_number_repeat(tear):
    # Cut at each write of an acknowledgement (the number written down, then the
    # matches' files removed), with the nvm counter wiped too: the next match is 4.
    from parlour_device.journal import Journal
    cuts = 0
    for budget in range(8):
        files, nvm = {}, bytearray(4096)
        app = App(SimBoard(flash=MemFlash(files), nvm=nvm))
        for _ in range(3):
            app.new_match("stump", STUMP_CONFIG)
            app.finish_match()
        journal = Journal(CutFlash(files, budget, tear), nvm)
        try:
            journal.ack(3)
        except PowerCut:
            cuts += 1
        nvm[:] = bytes(4096)
        app = reboot(files, nvm)
        assert app.new_match("stump", STUMP_CONFIG) is None
        assert app.journal.live_seq == 4, budget
    assert cuts == 2        # the finished matches' log made anew: its head in each copy

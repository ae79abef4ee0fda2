"""The menus are quick to walk: on both boards every menu's lines fit the width
(a list longer than the screen keeps a column for its ^/v marks), titles fit the
title line, and New match is one turn from the top however many matches are kept."""

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG, stump_events
from parlour_device.app import App
from parlour_device.kept import FOR_LATER
from parlour_device.menus import (
    AboutScreen,
    LiveQuestion,
    MainMenu,
    NewMatch,
    PlayerSetup,
    RosterScreen,
    SettingsScreen,
    SyncScreen,
)
from parlour_device.ui.screen import ListScreen
from parlour_rules.log import NAMES


def busy_app(colour):
    # a live match, four kept for later, one finished: every menu at its longest
    app = App(SimBoard(colour=colour, flash=MemFlash({})))
    for _ in range(FOR_LATER):
        assert app.new_match("stump", STUMP_CONFIG) is None
        assert app.keep_for_later(False)
    assert app.new_match("stump", STUMP_CONFIG) is None
    app.finish_match("stopped")
    assert app.new_match("stump", STUMP_CONFIG) is None
    for event in stump_events(1):
        assert app.submit(event) is None
    # numbers as long as a busy device's: four kept matches numbered in the hundreds
    app.journal.kept = [(seq + 120, game) for seq, game in app.journal.kept]
    app.journal.live_seq += 120
    app.number += 120
    return app


def menus(app):
    main = MainMenu(app)
    out = [main, NewMatch(app, main), RosterScreen(app, main), SettingsScreen(app, main),
           SyncScreen(app, main), AboutScreen(app, main),
           LiveQuestion(app, main, lambda: None)]
    for game in NAMES:
        out.append(PlayerSetup(app, main, game))
    return out


@pytest.mark.parametrize("colour", [False, True], ids=["macropad", "tft"])
def test_every_menu_line_and_title_fits_its_display(colour):
    app = busy_app(colour)
    lay = app.layout
    for screen in menus(app):
        assert len(screen.title) <= lay.cols, screen.title
        assert len(screen.hint()) <= lay.cols, screen.title
        assert isinstance(screen, ListScreen)
        rows = screen.entries()
        room = lay.cols - 1 if len(rows) > lay.rows else lay.cols
        for row in rows:
            assert len(row) <= room, "%s: %r" % (screen.title, row)


def test_the_main_menu_lists_kept_matches_newest_first_after_new_match():
    app = busy_app(False)
    entries = MainMenu(app).entries()
    assert entries[:2] == ["Stump #126", "New match"]
    assert entries[2:6] == ["Stump #124", "Stump #123", "Stump #122", "Stump #121"]
    assert entries[6:] == ["Roster", "Settings", "Sync status"]


def test_every_match_and_every_player_screen_is_named_one_way_whatever_its_length():
    app = App(SimBoard(flash=MemFlash({})))
    app.journal.kept = [(123, "poker"), (7, "galumphus")]
    assert MainMenu(app).entries()[1:3] == ["Poker Rum/Gin #123", "Galumphus #7"]
    assert PlayerSetup(app, None, "poker").title == "Poker Rum/Gin players"
    assert PlayerSetup(app, None, "stump").title == "Stump players"


def test_a_menu_longer_than_the_screen_marks_the_rows_out_of_sight():
    app = busy_app(False)
    app.screen = MainMenu(app)
    app.screen.on_show()
    app.redraw()
    marks = [item[3] for item in app.shown if item[0] == 0 and item[3] in ("^", "v")]
    assert marks == ["v"]
    app.screen.index = 4
    app.redraw()
    marks = [item[3] for item in app.shown if item[0] == 0 and item[3] in ("^", "v")]
    assert marks == ["^", "v"]

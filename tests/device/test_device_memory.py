"""What the device holds in its heap: the menus' code is out of memory while a game's
screens show and comes back only after a filed match's game has gone; Stump and
Dartex never load the card packs. (The heap each match needs on CircuitPython's own
VM is held by tests/device/test_cpvm.py.)"""

import subprocess
import sys
from pathlib import Path

import pytest

from doubles.memflash import MemFlash
from doubles.scripted_board import KEY, PRESS, TURN, WAIT, SimBoard
from parlour.sim.script import parse
from parlour_device.app import App
from parlour_device.games import MENU, open_name

ROOT = Path(__file__).resolve().parents[2]
KINDS = {"key": KEY, "turn": TURN, "press": PRESS, "wait": WAIT}


def play_script(game, check):
    # The game's MacroPad key script through the app, one pass of the loop a step,
    # and an idle pass after it as the board's loop makes; check(app) after each.
    # -> the app, and the modules loaded before it (other tests' imports stay).
    before = set(sys.modules)
    app = App(SimBoard(flash=MemFlash({})))
    app.step()
    for step in parse((ROOT / "sim-scripts" / f"{game}_match.txt").read_text()):
        if step.kind not in KINDS:
            continue
        app.board.feed(KINDS[step.kind], int(step.value))
        app.step()
        app.step()
        check(app)
    return app, before


@pytest.mark.parametrize("game", ["stump", "galumphus"])
def test_the_menus_code_leaves_while_a_game_plays_and_returns_after_the_game_has_gone(game):
    seen = {"play": 0}

    def check(app):
        if app.match is not None and app.match.events:
            # a match under way: its game's screens show, and the menus' code is out
            assert MENU not in sys.modules
            assert open_name() == game
            seen["play"] += 1

    app, before = play_script(game, check)
    assert seen["play"] > 20
    # filed: the main menu shows, and the game's code is gone
    assert app.match is None and app.journal.pending() == [1]
    assert open_name() is None
    assert not [m for m in sys.modules
                if m.startswith(f"parlour_device.games.{game}") and m not in before]
    assert MENU in sys.modules
    assert type(app.screen).__name__ == "MainMenu"
    assert "New match" in [item[3] for item in app.shown if item[0] == 0]


def test_stump_and_dartex_cut_for_the_deal_without_the_card_packs():
    # On the board every imported module's code is held in RAM: cards.py (the three
    # packs) is no part of a Stump or Dartex match.
    code = ("import sys\nfrom parlour_rules.log import MatchLog\n"
            "MatchLog('stump', {'players': 3}).append({'t': 'cut', 'seed': 5})\n"
            "MatchLog('dartex', {'players': 3}).append({'t': 'cut', 'seed': 5})\n"
            "print(sorted(m for m in sys.modules if m.startswith('parlour_rules')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT / "firmware" / "lib").stdout
    loaded = eval(out)
    assert "parlour_rules.stump" in loaded and "parlour_rules.dartex" in loaded
    assert "parlour_rules.cards" not in loaded and "parlour_rules.cut" not in loaded


def test_the_cut_module_still_offers_the_seat_cut():
    from parlour_rules import cut, prng
    assert cut.cut_seat is prng.cut_seat
    rng = prng.Xorshift32(5)
    assert cut.cut_seat(3, rng) == {"dealer": prng.Xorshift32(5).below(3)}

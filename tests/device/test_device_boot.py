"""boot.py on the simulated boards: the data channel is enabled, and the drive
is writable by the code unless maintenance was asked for (key 0 held at reset,
or the nvm flag the laptop or the Settings screen sets, which lasts one boot)."""

import runpy
from pathlib import Path

import pytest

from appdriver import texts
from doubles.scripted_board import SimBoard
from journal_support import STUMP_CONFIG
from parlour.sim import fakes
from parlour.sim.device import SimHardware
from parlour_device import boards
from parlour_device.app import App
from parlour_device.nvm import maintenance_requested, set_maintenance

BOOT = str(Path(__file__).resolve().parents[2] / "firmware" / "boot.py")
HELD = {"macropad": {"KEY1"}, "tft": {"A0", "D24"}, "pico": {"GP6"}, "rp2350": {"A0", "D24"}}


@pytest.fixture(params=sorted(HELD))
def hardware(request, tmp_path, monkeypatch):
    hw = SimHardware(request.param, tmp_path, pty=False)
    fakes.install(hw)
    monkeypatch.setenv("PARLOUR_BOARD", request.param)
    return hw


def test_boot_enables_the_data_channel_and_lets_the_code_write(hardware):
    runpy.run_path(BOOT)
    assert hardware.cdc_enabled == (True, True)
    assert hardware.remounts == [("/", False)]


def test_key_0_held_at_reset_leaves_the_drive_to_the_computer(hardware, capsys):
    hardware.held = HELD[hardware.board]
    runpy.run_path(BOOT)
    assert hardware.remounts == []
    assert "maintenance mode" in capsys.readouterr().out


def test_the_nvm_flag_asks_for_maintenance_once(hardware):
    assert boards.choose() == hardware.board
    set_maintenance(hardware.nvm, True)
    runpy.run_path(BOOT)
    assert hardware.remounts == [] and not maintenance_requested(hardware.nvm)
    runpy.run_path(BOOT)
    assert hardware.remounts == [("/", False)]


class ReadOnlyBoard(SimBoard):
    def writable(self):
        return False


def test_in_maintenance_the_app_says_it_cannot_save_and_refuses_a_match():
    app = App(ReadOnlyBoard())
    app.step()
    assert texts(app)[0] == "Maintenance: no save"
    assert app.new_match("stump", STUMP_CONFIG).code == "read_only" and app.match is None

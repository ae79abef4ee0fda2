"""The DIY Pico build and the Feather RP2350 in the simulator: each board module
claims the pins hardware/ documents (and only pins its board has), boots to the
menu on its own display, and the keys, the encoder, the lights and the piezo reach
the app as on the reference boards."""

import pytest

from appdriver import texts
from parlour.sim.device import SimDevice
from parlour_device import boards
from parlour_device.boards.common import Board


@pytest.fixture
def device(request, tmp_path, monkeypatch):
    made = []

    def start(name, **env):
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        dev = SimDevice(name, tmp_path / name, pty=False, seed=1, virtual_time=True)
        made.append(dev)
        return dev

    yield start
    for dev in made:
        dev.close()
    while Board.claimed:        # what a test's board still holds, as main.run frees it
        Board.claimed.pop().deinit()


# The pins hardware/pico.md and hardware/rp2350.md give, as the board modules claim them.
# The piezo's pin is claimed at the first tone.
PICO_PINS = {f"GP{n}" for n in range(4, 21)} | {"GP22"}
RP2350_PINS = {"A0", "A1", "A2", "A3", "D24", "D25", "D11", "D12", "RX", "TX", "NEOPIXEL"}


def test_the_pico_build_boots_on_its_oled_with_the_pins_its_page_gives(device):
    dev = device("pico")
    assert dev.app.board.name == "pico"
    assert (dev.display.width, dev.display.height, dev.display.colour) == (128, 64, False)
    assert dev.display.driver == "SSD1306"
    # The I2C bus, the 12 keys, the encoder and its switch, the NeoPixels' line.
    assert dev.hw.claimed == PICO_PINS
    assert "New match" in texts(dev.app)


def test_the_pico_build_takes_an_sh1106_oled_by_its_setting(device):
    dev = device("pico", PARLOUR_OLED="sh1106")
    assert dev.display.driver == "SH1106"
    assert (dev.display.width, dev.display.height) == (128, 64)


def test_the_pico_builds_keys_encoder_lights_and_piezo_reach_the_app(device):
    dev = device("pico")
    menu = dev.app.screen
    first = menu.index
    dev.turn(1)                 # clockwise moves down the list (no MacroPad flip)
    assert menu.index == (first + 1) % len(menu.rows())
    dev.turn(-1)
    assert menu.index == first
    dev.key(11)                 # OK: the first entry, New match
    assert dev.app.screen is not menu
    assert len(dev.hw.pixels) == 12 and any(dev.hw.pixels)
    before = len(dev.hw.tones)
    dev.app.board.tone("ok")
    assert dev.hw.tones[before:] == [1760] and "GP21" in dev.hw.claimed


def test_the_rp2350_board_boots_without_d4_on_its_colour_display(device):
    import board

    dev = device("rp2350")
    assert not hasattr(board, "D4")     # the Feather RP2350 has none
    assert dev.app.board.name == "rp2350"
    assert (dev.display.width, dev.display.height, dev.display.colour) == (320, 240, True)
    assert dev.hw.claimed == RP2350_PINS
    assert "New match" in texts(dev.app)
    dev.key(11)
    assert dev.hw.pixels[0] != 0        # the Feather's one NeoPixel shows key 11's light
    dev.app.board.tone("refuse")
    assert dev.hw.tones[-1] == 330 and "D13" in dev.hw.claimed


@pytest.mark.parametrize(("board_id", "name"), sorted(boards.BOARD_IDS.items()))
def test_auto_picks_each_board_by_the_id_circuitpython_reports(board_id, name, monkeypatch):
    import sys
    import types

    monkeypatch.setenv("PARLOUR_BOARD", "auto")
    monkeypatch.setitem(sys.modules, "board", types.SimpleNamespace(board_id=board_id))
    assert boards.choose() == name


def test_every_board_is_built_simulated_and_measured():
    # One list in each place a board must be named; a board left out of one of them
    # would ship unchecked.
    import sys
    from pathlib import Path

    from parlour.image import BOARD_LIBRARIES, BOARDS
    from parlour.sim import device

    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "bench"))
    import cpvm
    import device as bench

    assert set(BOARDS) == set(BOARD_LIBRARIES) == set(device.BOARDS) == set(device.SIZES)
    assert set(BOARDS) == set(cpvm.BOARDS) == set(cpvm.HEAP_BUDGET) == set(bench.BOARDS)
    assert set(BOARDS) == set(boards.BOARD_IDS.values())
    for name in BOARDS:
        assert (root / "firmware/lib/parlour_device/boards" / f"{name}.py").is_file()
    ini = {p.name for p in root.glob("mypy-firmware*.ini")}
    assert len(ini) == len(BOARDS)
    make = (root / "Makefile").read_text()
    assert all(f"--config-file {name}" in make for name in ini)

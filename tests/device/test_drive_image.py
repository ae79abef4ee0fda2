"""The drive image (`make firmware`) as the board gets it, run on MicroPython from the
image's own files: every module imports, one game is in memory at a time, and
booting through loading a game stays within the import budget."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "host"))

import device as bench  # noqa: E402
from parlour.image import BUILT_IN, build  # noqa: E402

BOARDS = bench.BOARDS
# The added boards play one game in `make test`; every other under -m slow.
ONE_GAME = ("pico", "rp2350")


def board_games():
    for board in BOARDS:
        for game in bench.GAMES:
            slow = board in ONE_GAME and game != "stump"
            yield pytest.param(board, game, marks=[pytest.mark.slow] if slow else [],
                               id=f"{game}-{board}")


@pytest.fixture(scope="module", params=BOARDS)
def image(request, tmp_path_factory):
    target = tmp_path_factory.mktemp(request.param) / "CIRCUITPY"
    return request.param, target, build(target, request.param)


def test_the_image_holds_mpy_only_beside_boot_and_code(image):
    board, target, files = image
    sources = [f for f in files if f.endswith(".py")]
    assert sorted(sources) == ["boot.py", "code.py"]
    mpys = [f for f in files if f.endswith(".mpy")]
    assert "lib/parlour_device/app.mpy" in mpys and "lib/parlour_device/ui/render.mpy" in mpys
    for name in mpys:
        assert (target / name).read_bytes()[:2] == b"C\x06", name   # CircuitPython's, mpy v6
    boards = [f for f in files if f.startswith("lib/parlour_device/boards/")]
    assert sorted(boards) == sorted(["lib/parlour_device/boards/__init__.mpy",
                                     f"lib/parlour_device/boards/{board}.mpy",
                                     "lib/parlour_device/boards/common.mpy"])
    assert ("lib/adafruit_ili9341.mpy" in files) == (board in bench.COLOUR)
    assert ("lib/adafruit_displayio_ssd1306.mpy" in files) == (board == "pico")
    # What only the laptop and the tests run is not on the drive.
    assert not [f for f in files if "fastmelds" in f or "doubles" in f]
    # Dumbo plays on the device: its screens, its rules and the solver its card entry
    # loads (D-14) are on the drive.
    for name in ("parlour_device/games/dumbo/play", "parlour_device/games/dumbo/card_entry",
                 "parlour_rules/dumbo/cards", "parlour_rules/melds/search"):
        assert f"lib/{name}.mpy" in mpys, name


def test_async_code_is_refused_by_the_image(tmp_path):
    from parlour.errors import ParlourError
    from parlour.image import compile_mpy

    source = tmp_path / "x.py"
    source.write_text("async def f():\n    pass\n")
    with pytest.raises(ParlourError, match="async"):
        compile_mpy(source, tmp_path / "x.mpy", "x.py")


def _modules(files):
    out = []
    for name in files:
        if name.startswith("lib/") and name.endswith(".mpy"):
            parts = name[4:-4].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            out.append(".".join(parts))
    return sorted(out)


# These import the board's own C modules (board, keypad, digitalio, neopixel_write,
# busdisplay), which the rig has no stand-ins for.
ON_HARDWARE = {"neopixel", "adafruit_ili9341", "adafruit_displayio_ssd1306",
               "adafruit_displayio_sh1106", "parlour_device.boards.macropad",
               "parlour_device.boards.tft", "parlour_device.boards.pico",
               "parlour_device.boards.rp2350", "parlour_device.keys_at_boot"}


def test_every_module_of_the_image_imports_on_micropython(image):
    board, _, files = image
    modules = [m for m in _modules(files) if m.split(".")[0] not in BUILT_IN
               and m not in ON_HARDWARE]
    assert len(modules) > 40
    body = "".join(f"    __import__({m!r})\n    runner.emit('OK\\t{m}')\n" for m in modules)
    lines = bench.run(board, body)
    imported = [line.split("\t")[1] for line in lines if line.startswith("OK\t")]
    assert imported == modules


def test_after_stump_is_filed_and_dartex_started_no_stump_module_is_loaded():
    # This rig's collector traps on an import made after a collection (the board's
    # does not), so here close_game's collection is left to the end of the run.
    body = """    import parlour_device.games
    from parlour_device.games import open_game, open_name
    class Later:
        def collect():
            pass
    parlour_device.games.gc = Later
    app = cases_device.bench_app(False)
    app.new_match('stump', cases_device.STUMP)
    open_game('stump').resume(app)
    loaded = [n for n in sys.modules if 'stump' in n]
    runner.emit('LIVE\\t' + ' '.join(sorted(loaded)))
    app.finish_match('stopped')
    runner.emit('FILED\\t' + ' '.join(sorted([n for n in sys.modules if 'stump' in n])))
    open_game('dartex')
    app.new_match('dartex', {'players': 2, 'dealer': 0})
    runner.emit('NOW\\t%s\\t' % open_name() + ' '.join(sorted([n for n in sys.modules if 'stump' in n])))
"""
    lines = {line.split("\t")[0]: line.split("\t")[1:] for line in bench.run("macropad", body)}
    assert "parlour_rules.stump" in lines["LIVE"][0].split()
    assert "parlour_device.games.stump" in lines["LIVE"][0].split()
    assert lines["FILED"] == [""]
    assert lines["NOW"] == ["dartex", ""]


@pytest.mark.parametrize(("board", "game"), list(board_games()))
def test_boot_through_loading_a_game_allocates_within_the_import_budget(board, game):
    peak = bench.import_peak(board, game)
    assert 60 * 1024 < peak <= bench.PEAK_BUDGETS[board]


@pytest.mark.parametrize(("board", "game"), list(board_games()))
def test_the_scripted_match_holds_within_the_heap_budget_at_every_step(board, game):
    # Code as shipped, the renderer, the app's and the match's objects and the display
    # objects' allowance, at the worst step of the game's scripted match.
    held = bench.held(board, game)
    assert 60 * 1024 < held <= bench.HELD_BUDGETS[board]

"""The firmware on CircuitPython's own VM (10.3's unix port, tests/support/cpvm.py): the
drive images' modules import from their own .mpy files, the rules core folds the
golden matches as CPython does, every scripted match gives the CPython simulator's
screens and files, and every game's matches fit the board's heap."""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))

import cpvm  # noqa: E402

# Of the 163 KB the MacroPad has free at its bare REPL, a fifth is kept back for
# what this VM does not model: the board's split heap (no object spans two
# areas), the display objects' real sizes, CircuitPython's own allocations.
# cpvm.HEAP_BUDGET has each board's (the Feather RP2350's scaled to its RAM).
HEAP_BUDGET = cpvm.HEAP_BUDGET["macropad"]

# CI has the VM beside the checkout; elsewhere PARLOUR_NO_CPVM=1 skips these
# tests by choice, never by accident.
if os.environ.get("PARLOUR_NO_CPVM") == "1":
    pytest.skip("PARLOUR_NO_CPVM=1: CircuitPython's VM left out", allow_module_level=True)


def test_what_runs_on_the_vm_passes_the_portable_lint():
    # The player and the stand-ins run on CircuitPython: the same lint as the
    # firmware, with the hardware modules they stand in for as their imports.
    from portable_lint import SHARED_IMPORTS, lint_tree

    own = {path.stem for path in cpvm.STANDINS.glob("*.py")}
    findings = lint_tree(cpvm.STANDINS, SHARED_IMPORTS | own | {"os", "displayio",
                                                                 "parlour_device"})
    assert not findings, "\n".join(map(str, findings))


def _modules(board):
    lib = cpvm.image(board) / "CIRCUITPY" / "lib"
    out = []
    for path in sorted(lib.rglob("*.mpy")):
        parts = list(path.relative_to(lib).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append(".".join(parts))
    return out


@pytest.mark.parametrize("board", cpvm.BOARDS)
def test_every_module_of_the_image_imports_on_the_vm_from_its_mpy(board):
    modules = _modules(board)
    assert "parlour_device.boards." + board in modules and "neopixel" in modules
    code = "import cpvm_site\nimport sys\n" + "".join(
        f"__import__({m!r})\nprint('OK', {m!r}, sys.modules[{m!r}].__file__)\n"
        for m in modules)
    result = cpvm.run(board, ["-c", code])
    assert result.code == 0, result.failure()
    seen = {}
    for line in result.lines:
        if line.startswith("OK "):
            _, name, path = line.split(" ")
            seen[name] = path
    assert sorted(seen) == modules
    lib = str(cpvm.image(board) / "CIRCUITPY" / "lib")
    assert all(p.startswith(lib) and p.endswith(".mpy") for p in seen.values()), seen


def test_the_vm_refuses_micropythons_mpy_and_loads_the_images(tmp_path):
    # The image's first byte is CircuitPython's 'C'; MicroPython's 'M' would not load.
    lib = cpvm.image("macropad") / "CIRCUITPY" / "lib"
    data = (lib / "parlour_rules" / "errors.mpy").read_bytes()
    (tmp_path / "m_errors.mpy").write_bytes(b"M" + data[1:])
    (tmp_path / "c_errors.mpy").write_bytes(data)
    code = ("import sys\nsys.path.insert(0, %r)\nimport c_errors\nprint('C ok')\n"
            "try:\n    import m_errors\nexcept ValueError as e:\n    print('M refused', e)\n"
            % str(tmp_path))
    result = cpvm.run("macropad", ["-c", code])
    assert result.lines[:2] == ["C ok", "M refused MicroPython .mpy file; use CircuitPython "
                                "mpy-cross"], result.out + result.err


def test_the_rules_core_folds_every_golden_match_as_cpython_does():
    from parlour_rules.log import MatchLog

    golden = cpvm.golden_matches()
    assert len(golden) == 24
    folded = cpvm.fold_on_vm(list(golden.values()))
    assert len(folded) == len(golden)
    for (name, (game, config, events)), views in zip(golden.items(), folded, strict=True):
        log = MatchLog(game, config)
        expected = [json.loads(json.dumps(log.view()))]
        for event in events:
            log.append(event)
            expected.append(json.loads(json.dumps(log.view())))
        assert len(views) == len(events) + 1, name
        for i, (got, want) in enumerate(zip(views, expected, strict=True)):
            assert got == want, f"{name}: the view after event {i}"


def test_the_stand_ins_overhead_is_measured_and_small():
    # It is left out of every heap figure: it must be real and stay a small part.
    for board in cpvm.BOARDS:
        assert 2 * 1024 < cpvm.overhead(board) < 24 * 1024


# The Pico build and the RP2350 play one game in `make test` (their screens are
# the MacroPad's and the colour board's, checked for every game); the rest is slow.
ONE_GAME = {"pico": "stump", "rp2350": "stump"}
PAIRS = [(board, game) for board in cpvm.BOARDS for game in cpvm.GAMES
         if ONE_GAME.get(board, game) == game]


def all_pairs():
    for board in cpvm.BOARDS:
        for game in cpvm.GAMES:
            slow = (board, game) not in PAIRS
            yield pytest.param(board, game, marks=[pytest.mark.slow] if slow else [],
                               id=f"{board}-{game}")


def long_pairs():
    # A long match runs for minutes on the VM: the added boards' are all slow.
    for board in cpvm.BOARDS:
        for game in cpvm.GAMES:
            slow = board in ONE_GAME
            yield pytest.param(board, game, marks=[pytest.mark.slow] if slow else [],
                               id=f"{board}-{game}")


@pytest.fixture(scope="module")
def played():
    """Each scripted match played by the CPython simulator and on the VM, two at a
    time (the VM's run and the simulator's overlap): {(board, game): (simulator
    screens, simulator files, VM run, VM files)}."""
    def both(pair):
        board, game = pair
        script = cpvm.script_path(board, game)
        sim_state = cpvm.scratch("sim-")
        sim = cpvm.sim_play(board, script, sim_state)
        result, vm_state = cpvm.play(board, script, screens=True)
        out, err = sim.communicate(timeout=300)
        if sim.returncode:
            raise subprocess.SubprocessError(f"the simulator failed on {script}:\n{err[-2000:]}")
        return pair, (json.loads(out), cpvm.files_of(sim_state), result,
                      cpvm.files_of(vm_state))

    for board in cpvm.BOARDS:
        cpvm.image(board)
    with ThreadPoolExecutor(2) as pool:
        found = dict(pool.map(both, PAIRS))

    def get(pair):
        if pair not in found:       # a slow pair, played when asked for
            found[pair] = both(pair)[1]
        return found[pair]
    return get


def filed(files):
    # A finished match's record line in the finished matches' log (both copies).
    return all(any(kind == "json" and type(value) is dict and value.get("k") == "d"
                   for kind, value in cpvm.content(files.get(f"parlour/s{copy}/done", b"")))
               for copy in (0, 1))


@pytest.mark.parametrize(("board", "game"), list(all_pairs()))
def test_the_scripted_match_gives_the_simulators_screens_and_files(played, board, game):
    sim_screens, sim_files, result, vm_files = played((board, game))
    assert cpvm.done(result), result.failure()
    vm_screens = cpvm.screens_of(result)
    assert len(vm_screens) == len(sim_screens) > 20
    for i, (got, want) in enumerate(zip(vm_screens, sim_screens, strict=True)):
        assert got == want, f"screen after step {i}"
    assert sorted(vm_files) == sorted(sim_files)
    assert filed(vm_files)
    for name in sim_files:
        assert cpvm.content(vm_files[name]) == cpvm.content(sim_files[name]), name


# The heap each match needs where it is still over the budget (bench/cpheap.py,
# less the stand-ins' own heap, rounded up to 1 KB, 2026-12-04): each may not grow
# by more than 4 KB until it fits; every other match must complete within the
# budget itself. A figure moves by up to 3 KB from run to run (the cut's seed comes
# from the boot, and where a large block fits in the fragmented heap follows it).
# Issue 20's figures before its work, the MacroPad's scripted matches: Stump 208 KB,
# Dartex 154, Dumbo 158, Galumphus 239; long matches 0.6-6 MB.
OVER_SCRIPTED_KB = {("macropad", "stump"): 140, ("macropad", "dumbo"): 133,
                    ("tft", "stump"): 147, ("tft", "dartex"): 131,
                    # Within the budget by less than that run-to-run spread: held to
                    # its figure, with the same slack as the others. Since the live
                    # match's entries are read back from the flash to file it, its
                    # filing completed at 130 KB in one run and not in another.
                    ("macropad", "galumphus"): 129,
                    # Over since their import first needs a seventh pool of interned
                    # names on this VM (its qstr pools double: ~9.5 KB at once,
                    # docs/device.md, "Interned names"). The emulated MacroPad, whose
                    # build interns fewer names, shows no such step. Poker's views in a
                    # module of their own (320 B more held) moved it 133 -> 139 KB.
                    ("tft", "poker"): 139, ("tft", "galumphus"): 143,
                    # Completes at 131 KB in one run, yet fails at 133 KB in half of
                    # them (the cut's seed comes from the boot): its test runs at
                    # 135 KB, where six runs in six passed, as at 134 and 136 KB
                    # (2026-12-04).
                    ("tft", "dumbo"): 131,
                    # The Pico build: the MacroPad's screens, but its OLED's driver is
                    # Python on the heap (3 KB at boot) where the MacroPad's is C.
                    ("pico", "stump"): 142, ("pico", "dartex"): 140, ("pico", "dumbo"): 134,
                    ("pico", "poker"): 130, ("pico", "galumphus"): 137}
# Long matches are entered on the play screen, as a table plays them (before
# 2026-12-04 the VM's runs left them on the options screen, which holds less).
OVER_LONG_KB = {("macropad", "stump"): 164, ("macropad", "dartex"): 168,
                ("macropad", "dumbo"): 159, ("macropad", "poker"): 164,
                ("macropad", "galumphus"): 134, ("tft", "stump"): 170,
                ("tft", "dartex"): 176, ("tft", "dumbo"): 176, ("tft", "poker"): 171,
                ("tft", "galumphus"): 147, ("pico", "stump"): 166, ("pico", "dartex"): 179,
                ("pico", "dumbo"): 170, ("pico", "poker"): 175, ("pico", "galumphus"): 145}
# The Feather RP2350 (320 KB budget) has none: its largest, Dumbo's long match, is
# 180,608 B (bench/cpheap.py, 2026-12-04).


def heap_for(board: str, over: dict, key: tuple) -> int:
    # what the board may spend: the budget, or the figure it is still held to
    kb = over.get(key)
    budget = cpvm.HEAP_BUDGET[board]
    allowed = budget if kb is None else max(budget, (kb + 4) * 1024)
    return allowed + cpvm.overhead(board)       # the stand-ins are C on the board


@pytest.mark.parametrize(("board", "game"), list(all_pairs()))
def test_the_scripted_match_completes_in_the_boards_heap(board, game):
    # As the board's loop runs it: no collection but the app's own and the
    # allocator's, files on the flash (a host folder), display objects as on the board.
    heap = heap_for(board, OVER_SCRIPTED_KB, (board, game))
    result, state = cpvm.play(board, cpvm.script_path(board, game), heap)
    assert cpvm.done(result), f"at -X heapsize={heap}:\n{result.failure()}"
    assert filed(cpvm.files_of(state))


# An evening at the table: the five scripted matches in one boot. Interned names
# stay until a reset and their pools double as they fill, so this needs more than
# any one game from a fresh boot (docs/device.md, "Interned names"); held to the
# figure bench/cpheap.py measured (2026-12-04), plus 4 KB.
EVENING_KB = {"macropad": 152, "tft": 156}


@pytest.mark.parametrize("board", sorted(EVENING_KB))
def test_an_evening_of_all_five_games_completes_in_the_boards_heap(board):
    heap = heap_for(board, EVENING_KB, board)
    result, state = cpvm.play(board, cpvm.evening_script(board), heap)
    assert cpvm.done(result), f"at -X heapsize={heap}:\n{result.failure()}"
    assert filed(cpvm.files_of(state))


# What the heap a long match holds may gain each 100 entries, from the 100th on.
# The entries themselves stay on the flash (journal.Entries): before, they took
# 3.6 KB (Stump) to 8 KB (Dartex, Poker) each 100 entries. Dumbo's state and view
# keep every finished game of the match (40 of them by its 500th entry); Galumphus's
# state and view stay flat, and its 1.6 KB between entries 100 and 200 (its game
# ends at 259) were not traced further.
GROWTH_PER_100 = {"stump": 1024, "dartex": 1024, "poker": 1024, "dumbo": 3072,
                  "galumphus": 2048}


@pytest.mark.parametrize(("board", "game"), list(long_pairs()))
def test_a_long_match_completes_in_the_boards_heap(board, game):
    entries = cpvm.long_entries(game)
    heap = heap_for(board, OVER_LONG_KB, (board, game))
    result, state = cpvm.play(board, None, heap, entries=entries)
    assert cpvm.done(result), f"at -X heapsize={heap}:\n{result.failure()}"
    held = held_beside_names(result.lines)
    assert len(held) >= 2
    gained = held[-1][1] - held[0][1]
    allowed = GROWTH_PER_100[game] * (held[-1][0] - held[0][0]) // 100
    assert gained <= allowed, f"held heap, less the interned names' pools {held}"


def held_beside_names(lines):
    # [entry, heap held less the interned names' pools] from each HELD line and the
    # qstr_info line after it: when a module first loaded late in the match needs a
    # new pool of names (~9.5 KB at once) is no gain of the match's own.
    out = []
    for line, after in zip(lines, lines[1:], strict=False):
        if line.startswith("HELD\t"):
            count, held = (int(x) for x in line.split("\t")[1:])
            names = int(after.rpartition("n_total_bytes=")[2])
            out.append([count, held - names])
    return out


def test_the_held_heap_is_read_less_the_names_pools():
    lines = ["HELD\t100\t136560", "qstr pool: n_pool=6, n_qstr=1190, n_str_data_bytes=15000,"
             " n_total_bytes=24000", "HELD\t200\t146720",
             "qstr pool: n_pool=7, n_qstr=1265, n_str_data_bytes=15910, n_total_bytes=33910"]
    assert held_beside_names(lines) == [[100, 112560], [200, 112810]]

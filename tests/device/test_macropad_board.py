"""The MacroPad in the loop (tests/support/emurig.py): the drive image as shipped, on
CircuitPython 10.3 built for the MacroPad, in the RP2040 emulator, plays the scripted
matches of the games with the least free heap (bench/macropad.py measures all five)
on the board's keys and encoder. Each must run to its end with no allocation failure
and no parlour/log/errors.log, keep 32 KB of the board's heap free at its worst step, and
leave on the drive the finished match the simulator files for the same script.

The two games play at once, one on each core: about 4 minutes of wall time. When the
emulator is missing the tests fail (CI has it): `make emulator`.
"""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import emurig

pytestmark = pytest.mark.board

# The least free heap at their worst step, of the five (bench/macropad.py).
LOWEST = ("dumbo", "stump")


def need_emulator() -> None:
    why = emurig.missing()
    if why is not None:
        pytest.fail(f"the emulated MacroPad is not set up: {why}", pytrace=False)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    need_emulator()
    base = tmp_path_factory.mktemp("macropad")
    drive = emurig.build_image(base / "CIRCUITPY")
    refs = {game: emurig.reference(game) for game in LOWEST}
    with ThreadPoolExecutor(max_workers=len(LOWEST)) as pool:
        played = pool.map(lambda game: emurig.play(game, drive, base / game, refs[game]), LOWEST)
        return {run.game: (run, refs[run.game]) for run in played}


@pytest.mark.parametrize("game", LOWEST)
def test_scripted_match_runs_to_its_end_on_the_board(runs, game):
    run, ref = runs[game]
    where = f"(the run is in {run.out})"
    assert run.failure is None, f"{game}: {run.failure} {where}"
    assert run.malloc_fails == [], f"{game}: allocation failures {run.malloc_fails} {where}"
    assert run.errors_log == "", f"{game}: parlour/log/errors.log: {run.errors_log} {where}"
    assert run.mem_low >= emurig.MEM_LOW_BUDGET, f"{game}: mem_low {run.mem_low} B {where}"
    # The key that loads the game was found and measured: the bench reports it.
    assert run.start_ms is not None and run.start_ms > 0
    assert ref.done, f"the simulator filed no match for {game}'s script"
    assert sorted(run.done) == sorted(ref.done), where
    for seq, record in ref.done.items():
        board = run.done[seq]
        assert board is not None, f"{game}: match {seq} on the drive fails its CRC"
        assert emurig.same_record(board, record), (
            f"{game}: the drive's match {seq} differs from the simulator's: "
            f"{json.dumps(board)[:300]} against {json.dumps(record)[:300]}")


def fat_image(path: Path, store: Path, files: dict[str, bytes]) -> None:
    # A FAT drive as the tool leaves it, made with the same tools: a store's parlour/
    # folder copied in whole, and the files given.
    subprocess.run(["mkfs.fat", "-C", "-n", "CIRCUITPY", str(path), "4096"],
                   check=True, capture_output=True)
    subprocess.run(["mcopy", "-s", "-i", str(path), str(store / "parlour"), "::/"], check=True)
    for name, data in files.items():
        local = path.parent / name.replace("/", "_")
        local.write_bytes(data)
        subprocess.run(["mcopy", "-o", "-i", str(path), str(local), "::/" + name], check=True)


def a_store_with_one_filed_match(folder: Path) -> dict:
    # The firmware's own journal files a match; -> the record as the drive holds it.
    from parlour_device.flash import Flash
    from parlour_device.journal import Journal
    journal = Journal(Flash(str(folder)))
    journal.recover()
    journal.begin("dumbo", {"players": 2})
    journal.finish({"v": 1, "game": "dumbo", "config": {"players": 2}, "events": []}, "won")
    return emurig.filed(folder)[1]


def test_the_rig_sees_what_the_board_got_wrong(tmp_path):
    # A run the board got wrong in every way the bench fails: the rig must say so
    # (from the tool's own result.json layout and a real FAT image).
    need_emulator()
    store = tmp_path / "store"
    store.mkdir()
    filed = a_store_with_one_filed_match(store)
    ref = emurig.Reference(start_input=1, done={1: dict(filed, up=900, boot=3),
                                                2: dict(filed, seq=2)})
    result = {"failure": None, "consoleHits": [],
              "expects": [{"line": 9, "text": "parlour", "found": False, "screen": "New match"}],
              "statuses": [{"mem_low": 40000}, {"mem_low": 900}],
              "actions": [{"op": "key", "spiLast": 30.0}, {"op": "turn", "spiLast": 90.0},
                          {"op": "key", "spiLast": 300.0}, {"op": "expect"}],
              "mallocFails": [{"bytes": 1136, "line": 141, "stackWords": ["mp_str_print_json"]}]}
    (tmp_path / "result.json").write_text(json.dumps(result))
    fat_image(tmp_path / "drive.img", store,
              {"parlour/log/errors.log": b"1 MemoryError: memory allocation\n" + bytes(4000)})
    run = emurig.read("dumbo", tmp_path, ref)
    assert run.mem_low == 900
    assert run.key_ms == [30.0, 300.0]
    assert run.start_ms == 90.0            # the second input step, a turn here
    assert run.done == {1: filed}
    assert run.failure == "the drive holds finished matches [1], the simulator filed [1, 2]"
    assert run.notes == ["line 9: 'parlour' not read on the modelled OLED, which reads "
                         "'New match' (see shots/)"]
    problems = run.problems()
    assert len(problems) == 4
    assert "1136 bytes at script line 141" in problems[1]
    assert "MemoryError" in problems[2]
    assert "mem_low 900 B" in problems[3]
    assert run.line() == ("board macropad dumbo mem_low=900 key_ms_median=165 key_ms_p90=30 "
                          "start_ms=90")
    # Filed alike but for when it ended: the same record; any other field: not.
    assert emurig.same_record(filed, ref.done[1])
    assert not emurig.same_record(filed, dict(filed, end="stopped"))
    assert not emurig.same_record(None, filed)


def test_the_rig_says_when_a_long_match_was_not_filed_whole():
    # bench/macropad_long.py's verdict, from what the board printed and what its drive
    # holds: every entry taken, and the match filed with them all.
    entries = [{"game": "dumbo", "config": {"players": 2}}, {"t": "cut"}, {"t": "hand"}]
    whole = {1: {"up": 9, "record": {"game": "dumbo", "events": [{"t": "cut"}, {"t": "hand"}]}}}
    run = emurig.BoardRun("dumbo", Path("."), mem_low=40000, entries=2, done=whole)
    console = "HELD 50 1 2 3\nLONGDONE 2 40000 50000\n"
    assert emurig.long_unfinished(run, entries, console) is None
    assert run.long_line() == "board macropad dumbo long mem_low=40000 entries=2"
    assert (emurig.long_unfinished(run, entries, "LONGFAILED entry 1 refused: turn\n")
            == "on the board: entry 1 refused: turn")
    short = emurig.BoardRun("dumbo", Path("."), entries=1, done=whole)
    assert (emurig.long_unfinished(short, entries, console)
            == "the board took 1 of the match's 2 entries")
    cut = emurig.BoardRun("dumbo", Path("."), entries=2,
                          done={1: {"record": {"game": "dumbo", "events": [{"t": "cut"}]}}})
    assert (emurig.long_unfinished(cut, entries, console)
            == "the drive does not hold the match, filed with every entry")
    damaged = emurig.BoardRun("dumbo", Path("."), entries=2, done={1: None})
    assert emurig.long_unfinished(damaged, entries, console) is not None

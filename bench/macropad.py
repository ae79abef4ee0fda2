"""The MacroPad in the loop: the drive image as shipped (`make firmware`) on CircuitPython
10.3 built for the Adafruit MacroPad RP2040, in the RP2040 emulator of
../shared/tools/macropad-emulator, playing every game's scripted match
(sim-scripts/<game>_match.txt) on the board's keys and encoder. One line per game:

    board macropad GAME mem_low=BYTES key_ms_median=MS key_ms_p90=MS start_ms=MS

mem_low: the least free heap the app saw (gc.mem_free() on the board's own allocator,
its `status` answer, asked every 10 steps and at the end). Budget: 32 KB (32,768 B).
key_ms: from a key's (or the encoder switch's) pin going low to the end of the OLED's
redraw, in the board's time (Cortex-M0+ cycles at 125 MHz), median and 90th percentile.
start_ms: the same for the key that starts the match (the first after which a match is
live in the simulator playing the same script): a game's code is loaded then, and it is
the longest wait a player has at the table. Reported.

Exits 1 (OVER BUDGET) when a game does not run to its end (the runner stops, a fault on
the console, or the drive lacks the simulator's finished match, the same record but for
when it ended), has an allocation failure (even one the code caught), writes
parlour/errors.log, or has mem_low under the budget. An `expect` line the tool could not
read on the modelled OLED is noted. Runs two games at a time
(`--jobs`); each run is kept in build/macropad-emu/<game>/ (result.json, console.txt,
shots/ of the OLED, drive.img). Needs `make emulator`.

    .venv/bin/python bench/macropad.py [GAME ...] [--jobs N] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import emurig  # noqa: E402


def main(argv: list[str], long: bool = False, doc: str = __doc__) -> int:
    """Each game's scripted match (or, `long`, its long match: bench/macropad_long.py)."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", help="; ".join(emurig.GAMES))
    parser.add_argument("--jobs", type=int, default=2, help="games at a time (2)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "macropad-emu")
    args = parser.parse_args(argv)
    games = args.games or list(emurig.GAMES)
    unknown = [g for g in games if g not in emurig.GAMES]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (one of {', '.join(emurig.GAMES)})")
    why = emurig.missing()
    if why:
        print(f"macropad: cannot run: {why}")
        return 1
    drive = emurig.build_image(Path(tempfile.mkdtemp(prefix="parlour-emu-")) / "CIRCUITPY")
    refs = {} if long else {game: emurig.reference(game) for game in games}
    began = time.monotonic()

    def one(game: str) -> emurig.BoardRun:
        if long:
            run = emurig.play_long(game, drive, args.out / f"long-{game}")
        else:
            run = emurig.play(game, drive, args.out / game, refs[game])
        print(f"  {game}: {run.wall_s:.0f} s of wall time", file=sys.stderr, flush=True)
        return run

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        runs = list(pool.map(one, games))
    ok = True
    for run in runs:
        print(run.long_line() if long else run.line())
        for problem in run.problems():
            ok = False
            print(f"  {run.game}: {problem}")
        for note in run.notes:
            print(f"  {run.game}: note: {note}")
    print(f"  {len(games)} games in {time.monotonic() - began:.0f} s, runs kept in {args.out}",
          file=sys.stderr)
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

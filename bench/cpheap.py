"""The smallest heap the app needs on CircuitPython's own VM (tests/support/cpvm.py), for
each board and game, found with `-X heapsize` in 1 KB steps by bisection:

    cpheap BOARD GAME scripted=BYTES long=BYTES

scripted: the game's key script in sim-scripts/ played to its end (the match
filed); long: a long match (Stump, Dartex, Dumbo and Poker at 500 entries, an
eight-seat Galumphus game to its end) entered and filed. Each run is the app as
the board's loop runs it, from the drive image's .mpy files: no collection but
the app's own and the allocator's, files on a host folder through the firmware's
Flash, display objects sized as on the board; each figure less the heap the
hardware modules' stand-ins take (C on the board). Budget: the board's
(cpvm.HEAP_BUDGET: 128 KB on the RP2040 boards, 320 KB on the Feather RP2350);
exits 1, "OVER BUDGET", above it.

Then one line per board for an evening at the table, reported:

    cpheap BOARD evening=BYTES

the five scripted matches played back to back in one boot. Interned names stay
until a reset and their pools double as they fill, so this peak is higher than
any one game's from a fresh boot (docs/device.md, "Interned names").

    python bench/cpheap.py [BOARD ...]      (every board when none is named)
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))

import cpvm  # noqa: E402

STEP = 1024
LOW, HIGH = 32 * 1024, 8 * 1024 * 1024  # the search's bounds


def completes(board: str, game: str, kind: str, heap: int) -> bool:
    if kind == "evening":
        result, _ = cpvm.play(board, cpvm.evening_script(board), heap)
    elif kind == "scripted":
        result, _ = cpvm.play(board, cpvm.script_path(board, game), heap)
    else:
        result, _ = cpvm.play(board, None, heap, entries=cpvm.long_entries(game))
    return cpvm.done(result)


def smallest(board: str, game: str, kind: str) -> int:
    """The least heap (a multiple of 1 KB) at which the run completes; -1 when not
    even at HIGH."""
    low, high = LOW // STEP, HIGH // STEP        # low fails (assumed), high must pass
    if not completes(board, game, kind, high * STEP):
        return -1
    while high - low > 1:
        middle = (low + high) // 2
        if completes(board, game, kind, middle * STEP):
            high = middle
        else:
            low = middle
    return high * STEP


def measure(pair: tuple[str, str]) -> str:
    # Less the stand-ins' own heap (cpvm.overhead): on the board they are C.
    board, game = pair
    figures = [smallest(board, game, kind) for kind in ("scripted", "long")]
    scripted, long = [f - cpvm.overhead(board) if f > 0 else f for f in figures]
    return f"cpheap {board} {game} scripted={scripted} long={long}"


def measure_evening(board: str) -> str:
    figure = smallest(board, "all", "evening")
    return f"cpheap {board} evening={figure - cpvm.overhead(board) if figure > 0 else figure}"


def main() -> int:
    try:
        cpvm.vm()
    except cpvm.VMMissing as e:
        print(f"cpheap: {e}")
        return 1
    boards = sys.argv[1:] or list(cpvm.BOARDS)
    unknown = sorted(set(boards) - set(cpvm.BOARDS))
    if unknown:
        print(f"cpheap: no board {unknown[0]!r}: choose from {', '.join(cpvm.BOARDS)}")
        return 2
    for board in boards:
        cpvm.image(board)
    pairs = [(board, game) for board in boards for game in cpvm.GAMES]
    ok = True
    with ThreadPoolExecutor(2) as pool:
        for line in pool.map(measure, pairs):
            print(line, flush=True)
            figures = [int(part.split("=")[1]) for part in line.split()[3:]]
            ok &= all(0 < f <= cpvm.HEAP_BUDGET[line.split()[1]] for f in figures)
        for line in pool.map(measure_evening, boards):
            print(line, flush=True)
    print("within budget" if ok else "OVER BUDGET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())

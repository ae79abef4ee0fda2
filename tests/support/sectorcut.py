"""Power cuts at every sector program of a scripted match, on CircuitPython's own VM
and FAT over a double of the RP2040's flash (tests/support/sectorvm/). Shared by
tests/device/test_sectorcut.py and bench/sectorcut.py."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests" / "support"
VM_NAME = "circuitpython-10.3-unix-i386"
# CI has shared/ beside the checkout; a worktree's is two levels up.
VM_PLACES = (ROOT.parent / "shared/tools/circuitpython" / VM_NAME,
             ROOT.parent.parent / "shared/tools/circuitpython" / VM_NAME,
             Path("/work/shared/tools/circuitpython") / VM_NAME)
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
# Not a game: the settings and the roster saved, a match kept for later and the one
# kept before brought back in its place (tests/support/sectorvm/guest.py, store_steps).
STORE = "store"
MODES = ("erased", "half")
DRIVE = 7 * 1024 * 1024     # a real MacroPad's CIRCUITPY (FAT16, 1 KB clusters)
HEAP = "24m"                # the drive's bytearray and the recorded programs


def vm() -> Path | None:
    for place in VM_PLACES:
        if place.exists():
            return place
    return None


@dataclass
class Outcome:
    game: str
    programs: int = 0
    entries: int = 0
    filed: int = 0
    # mode -> (cuts, lost, failed boots, unmountable)
    modes: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)     # CUT, REF and SCREEN lines

    @property
    def cuts(self) -> int:
        return sum(m[0] for m in self.modes.values())

    @property
    def lost(self) -> int:
        return sum(m[1] for m in self.modes.values())

    @property
    def failed_boots(self) -> int:
        return sum(m[2] for m in self.modes.values())

    @property
    def programs_per_entry(self) -> float:
        return self.programs / self.entries if self.entries else 0.0

    def line(self) -> str:
        return (f"sectorcut {self.game} cuts={self.cuts} lost={self.lost} "
                f"failed_boots={self.failed_boots} "
                f"programs_per_entry={self.programs_per_entry:.2f}")


@functools.cache
def image(board: str = "macropad") -> Path:
    sys.path.insert(0, str(ROOT / "host"))
    from parlour.image import build

    target = Path(tempfile.mkdtemp(prefix="parlour-sector-")) / "CIRCUITPY"
    build(target, board)
    return target


def inputs(game: str) -> list[tuple[int, int]]:
    sys.path.insert(0, str(ROOT / "bench"))
    import device

    return device.inputs(device.script_path("macropad", game))


def run(game: str, modes: tuple[str, ...] = MODES, stride: int = 1, show: int = 20,
        drive: int = DRIVE) -> Outcome:
    """Play `game`'s scripted MacroPad match once, then boot after a cut at every
    `stride`-th sector program, in each of `modes`."""
    program = vm()
    if program is None:
        raise FileNotFoundError(f"{VM_NAME} not found beside the checkout")
    built = image()
    job = {
        "image": str(built),
        # The app as the drive image holds it (.mpy), the scripted board beside it.
        "path": [str(TESTS / "doubles" / "circuitpython"), str(TESTS),
                 str(built / "lib"), str(TESTS / "sectorvm")],
        "game": game, "inputs": [] if game == STORE else inputs(game),
        "modes": list(modes), "stride": stride,
        "show": show, "size": drive,
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(job, f)
    try:
        done = subprocess.run([str(program), "-X", f"heapsize={HEAP}",
                               str(TESTS / "sectorvm" / "guest.py"), f.name],
                              capture_output=True, text=True, timeout=1800,
                              env={**os.environ, "MICROPYPATH": ""})
    finally:
        os.unlink(f.name)
    out = Outcome(game)
    for line in done.stdout.splitlines():
        parts = line.split("\t")
        if parts[0] == "PROGRAMS":
            out.programs = int(parts[1])
        elif parts[0] == "ENTRIES":
            out.entries, out.filed = int(parts[1]), int(parts[2])
        elif parts[0] == "RESULT":
            out.modes[parts[1]] = (int(parts[2]), int(parts[3]), int(parts[4]), int(parts[5]))
        elif parts[0] in ("CUT", "REF", "SCREEN"):
            out.failures.append(line)
    if done.returncode != 0 or len(out.modes) != len(modes):
        raise RuntimeError(f"the sector-cut guest for {game} stopped: "
                           f"{done.stdout[-2000:]}{done.stderr[-3000:]}")
    return out

"""Run programs on CircuitPython's own VM (10.3's unix port, 32-bit like the RP2040:
its .mpy loader, collector, json and FAT) from a board's drive image as shipped.

    python tests/cpvm.py [--board tft] [--heap 128k] sim-scripts/stump_match.txt

plays a key script through the firmware on the VM and prints the screens.

The VM is ../shared/tools/circuitpython/circuitpython-10.3-unix-i386 beside the
checkout (PARLOUR_CPVM names another). A program runs with MICROPYPATH set to the
image's lib/ and the stand-ins for the board's hardware modules the VM lacks
(tests/doubles/cpvm/, compiled to .mpy like the image, so that compiling them
takes no heap), and `-X heapsize=N`: the VM's whole heap, collected only when
an allocation does not fit, as on the board.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STANDINS = Path(__file__).resolve().parent / "doubles" / "cpvm"
VM_NAME = "circuitpython-10.3-unix-i386"
BOARDS = ("macropad", "tft")
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
SEED = 1                        # the simulator's scripts run with seed 1
UID = "5eed000000000001"        # and so get this device id
DRIVE_KB = 7 * 1024             # parlour.sim.device.DRIVE_KB
STEP_KINDS = {"key": "k", "turn": "t", "press": "p", "wait": "w", "reset": "r"}

sys.path.insert(0, str(ROOT / "host"))


class VMMissing(RuntimeError):
    pass


def vm() -> Path:
    """The VM program, with its run bit (copied to a cache when it has none)."""
    named = os.environ.get("PARLOUR_CPVM")
    path = Path(named) if named else ROOT.parent / "shared" / "tools" / "circuitpython" / VM_NAME
    if not path.is_file():
        raise VMMissing(f"CircuitPython's VM is not at {path} (PARLOUR_CPVM names another)")
    if os.access(path, os.X_OK):
        return path
    cache = Path(tempfile.gettempdir()) / f"parlour-{VM_NAME}"
    if not cache.exists() or cache.stat().st_size != path.stat().st_size:
        shutil.copy(path, cache)
        cache.chmod(cache.stat().st_mode | stat.S_IXUSR)
    return cache


@functools.cache
def image(board: str) -> Path:
    """The board's drive image (parlour.image.build) and the stand-ins as .mpy, in a
    folder of their own for this process: IMAGE/lib and IMAGE/standins."""
    from parlour.image import build, compile_mpy

    top = Path(tempfile.mkdtemp(prefix=f"parlour-cpvm-{board}-"))
    build(top / "CIRCUITPY", board)
    for source in sorted(STANDINS.glob("*.py")):
        compile_mpy(source, top / "standins" / (source.stem + ".mpy"), source.name)
    return top


def path_for(board: str) -> str:
    top = image(board)
    return f"{top / 'standins'}:{top / 'CIRCUITPY' / 'lib'}"


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.out.splitlines()

    def failure(self) -> str:
        """The last lines of the error (a traceback's), or '' when the run ended well."""
        return "" if self.code == 0 else "\n".join(self.err.strip().splitlines()[-4:])


def run(board: str, args: list[str], heap: int | str = "8m", state: Path | None = None,
        env: dict | None = None, timeout: float = 300) -> Run:
    """Run `args` (a program file, or ["-m", module, ...], or ["-c", code]) on the VM
    with the board's image and stand-ins on its path; its files in `state`."""
    state = state or Path(tempfile.mkdtemp(prefix="parlour-cpvm-state-"))
    drive = state / "CIRCUITPY"
    drive.mkdir(parents=True, exist_ok=True)
    full = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "MICROPYPATH": path_for(board), "PARLOUR_BOARD": board,
            "PARLOUR_ROOT": str(drive), "PARLOUR_DRIVE_KB": str(DRIVE_KB),
            "PARLOUR_SEED": str(SEED), "PARLOUR_UID": UID,
            "PARLOUR_NVM": str(state / "nvm.bin")}
    full.update(env or {})
    proc = subprocess.run([str(vm()), "-X", f"heapsize={heap}", *args], env=full, cwd=state,
                          capture_output=True, timeout=timeout, check=False)
    return Run(proc.returncode, proc.stdout.decode("utf-8", "replace"),
               proc.stderr.decode("utf-8", "replace"))


def script_steps(script: Path) -> str:
    """A key script (parlour.sim.script) as the player's step lines."""
    from parlour.sim.script import parse

    out = []
    for step in parse(script.read_text()):
        if step.kind in STEP_KINDS:
            kind = STEP_KINDS[step.kind]
            out.append(kind if kind in "pr" else f"{kind} {int(step.value)}")
    return "\n".join(out) + "\n"


def script_path(board: str, game: str) -> Path:
    return ROOT / "sim-scripts" / (f"{game}_match_tft.txt" if board == "tft" else
                                   f"{game}_match.txt")


def play(board: str, script: Path, heap: int | str = "8m", screens: bool = False,
         entries: list | None = None, state: Path | None = None) -> tuple[Run, Path]:
    """Play a key script (and then, for a long match, `entries`: [head, event, ...])
    through the firmware on the VM; -> (the run, its state folder)."""
    state = state or Path(tempfile.mkdtemp(prefix="parlour-cpvm-state-"))
    state.mkdir(parents=True, exist_ok=True)
    steps = state / "steps.txt"
    steps.write_text(script_steps(script) if script is not None else "")
    args = ["-m", "cpvm_play", str(steps), "screens" if screens else "quiet"]
    if entries is not None:
        lines = state / "entries.jsonl"
        lines.write_text("".join(json.dumps(e) + "\n" for e in entries))
        args.append(str(lines))
    return run(board, args, heap, state), state


def screens_of(result: Run) -> list[str]:
    return [line[2:] for line in result.lines if line.startswith("S\t")]


def done(result: Run) -> bool:
    return result.code == 0 and any(line.startswith("DONE\t") for line in result.lines)


def mem_low(result: Run) -> int:
    for line in result.lines:
        if line.startswith("DONE\t"):
            return int(line.split("\t")[1])
    return -1


def files_of(state: Path) -> dict[str, bytes]:
    """Every file the device left: the drive's, and nvm."""
    out = {p.relative_to(state / "CIRCUITPY").as_posix(): p.read_bytes()
           for p in sorted((state / "CIRCUITPY").rglob("*")) if p.is_file()}
    out["<nvm>"] = (state / "nvm.bin").read_bytes()
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", type=Path)
    parser.add_argument("--board", choices=BOARDS, default="macropad")
    parser.add_argument("--heap", default="8m", help="the VM's heap, e.g. 128k")
    args = parser.parse_args(argv)
    result, state = play(args.board, args.script, args.heap, screens=True)
    for text in screens_of(result):
        print(" | ".join(text.split("\x1e")))
    if result.code:
        print(result.err, file=sys.stderr, end="")
    print(f"state folder: {state}", file=sys.stderr)
    return 0 if done(result) else 1


if __name__ == "__main__":
    sys.exit(main())

"""The MacroPad in the loop: parlour's drive image on CircuitPython 10.3 for the MacroPad,
booted in the RP2040 emulator of ../shared/tools/macropad-emulator (its README says what
it models), playing a key script on the board's pins.

`play(game, drive, out)` plays sim-scripts/<game>_match.txt and reads back what the
board did; `reference(game)` plays the same script in the desktop simulator, for the
record the board must file and for which key starts the match. bench/macropad.py and
tests/device/test_macropad_board.py are built on these.

Set up with `make emulator` (node 20+ and npm, dosfstools and mtools, and rp2040js from
npm into the emulator's cache).
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
# The same place on a developer's machine (beside the worktrees) and in CI (beside the
# checkout); PARLOUR_MACROPAD_EMULATOR points elsewhere.
TOOL = Path(os.environ.get("PARLOUR_MACROPAD_EMULATOR")
            or ROOT.parent / "shared" / "tools" / "macropad-emulator")
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
MEM_LOW_BUDGET = 32 * 1024
# rp2040js runs the board at ~0.3x its speed: a match is 2-4 minutes of wall time, more
# when both cores are busy.
WALL_LIMIT_S = 3600
# When a match began and ended: the board's uptime differs from the simulator's.
WHEN_KEYS = ("up", "boot", "at", "from")


def cache_dir() -> Path:
    # Where the tool's `play` installs rp2040js (the same rule).
    if os.environ.get("PARLOUR_EMU_CACHE"):
        return Path(os.environ["PARLOUR_EMU_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "parlour-macropad-emulator"


def missing() -> str | None:
    """What the emulator lacks on this machine, as one line, or None when all is there."""
    if not (TOOL / "play").is_file():
        return f"the MacroPad emulator is not at {TOOL} (set PARLOUR_MACROPAD_EMULATOR)"
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        return "the MacroPad emulator needs node 20+ and npm"
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout
    if int(version.strip().lstrip("v").split(".")[0] or 0) < 20:
        return f"the MacroPad emulator needs node 20+ (this is {version.strip()})"
    for tool, package in (("mkfs.fat", "dosfstools"), ("mcopy", "mtools"), ("mtype", "mtools")):
        if shutil.which(tool, path=os.environ.get("PATH", "") + ":/usr/sbin:/sbin") is None:
            return f"the MacroPad emulator needs {tool}: `make emulator` (apt-get install {package})"
    if not (cache_dir() / "node_modules" / "rp2040js").is_dir():
        return f"rp2040js is not installed in {cache_dir()}: run `make emulator`"
    if not list((ROOT / ".venv").rglob("ter-u12n.bdf")):
        return "the font ter-u12n.bdf is not in .venv: run `make .venv/.installed`"
    return None


def build_image(target: Path) -> Path:
    """The MacroPad's CIRCUITPY drive as `make firmware` builds it."""
    subprocess.run([sys.executable, "-m", "parlour", "image", str(target), "--board", "macropad"],
                   check=True, capture_output=True, cwd=ROOT)
    return target


def script(game: str) -> Path:
    return ROOT / "sim-scripts" / f"{game}_match.txt"


def mtools(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True)


@dataclass
class BoardRun:
    """What the emulated board did with one game's script."""
    game: str
    out: Path
    failure: str | None = None           # why the script did not run to its end
    mem_low: int = -1                    # the least free heap the app saw (its status)
    key_ms: list[float] = field(default_factory=list)   # key / switch press to screen
    start_ms: float | None = None        # the key that starts the match, press to screen
    malloc_fails: list[dict[str, Any]] = field(default_factory=list)
    errors_log: str = ""
    done: dict[int, dict[str, Any] | None] = field(default_factory=dict)  # on the drive
    notes: list[str] = field(default_factory=list)       # reported, not failed
    wall_s: float = 0.0
    entries: int = -1                    # a long match's entries, taken and filed

    def line(self) -> str:
        lat = sorted(self.key_ms)
        median = statistics.median(lat) if lat else -1
        # The tool's own p90 (its README's figures), so the two compare.
        p90 = lat[int(0.9 * len(lat)) - 1] if lat else -1
        start = -1 if self.start_ms is None else self.start_ms
        return (f"board macropad {self.game} mem_low={self.mem_low} key_ms_median={median:.0f} "
                f"key_ms_p90={p90:.0f} start_ms={start:.0f}")

    def long_line(self) -> str:
        return f"board macropad {self.game} long mem_low={self.mem_low} entries={self.entries}"

    def problems(self) -> list[str]:
        """Every way this run breaks the board's budget (none: within it)."""
        out = []
        if self.failure:
            out.append(self.failure)
        if self.malloc_fails:
            first = self.malloc_fails[0]
            out.append(f"{len(self.malloc_fails)} allocation failure(s), the first of "
                       f"{first['bytes']} bytes at script line {first.get('line')} "
                       f"({', '.join(first.get('stackWords', [])[:4])})")
        if self.errors_log:
            out.append("parlour/log/errors.log written: "
                       + self.errors_log.splitlines()[-1][:160])
        if self.mem_low < MEM_LOW_BUDGET:
            out.append(f"mem_low {self.mem_low} B under {MEM_LOW_BUDGET:,} B")
        return out


@dataclass
class Reference:
    """The same script in the desktop simulator."""
    start_input: int | None      # the key that loads the game, among key/turn/press steps
    done: dict[int, dict[str, Any] | None]        # the finished matches it filed


INPUTS = ("key", "turn", "press")


def reference(game: str) -> Reference:
    """Play the game's script in the simulator: the key that starts the game (its code is
    loaded then: Start on the seats screen) and the records it files. It plays in a
    process of its own: the device drops a game's modules as it closes, which must not
    reach the modules the tests in this process hold."""
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--reference", game],
                         capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        raise RuntimeError(f"the simulator could not play {game}'s script:\n{out.stderr}")
    found = json.loads(out.stdout.strip().splitlines()[-1])
    return Reference(found["start"], {int(seq): r for seq, r in found["done"].items()})


def _play_reference(game: str) -> dict[str, Any]:
    from parlour.sim.device import SimDevice
    from parlour.sim.headless import apply
    from parlour.sim.script import parse
    from parlour_device import games

    state = Path(tempfile.mkdtemp(prefix=f"parlour-ref-{game}-"))
    try:
        device = SimDevice("macropad", state, pty=False, seed=1, virtual_time=True)
        start, index, was = None, 0, games.open_name()
        try:
            for step in parse(script(game).read_text()):
                device = apply(device, step)
                if step.kind not in INPUTS:
                    continue
                now = games.open_name()
                if start is None and now == game and was != game:
                    start = index
                was, index = now, index + 1
        finally:
            device.close()
        return {"start": start, "done": filed(state / "CIRCUITPY")}
    finally:
        shutil.rmtree(state, ignore_errors=True)


def filed(drive: Path) -> dict[int, dict[str, Any] | None]:
    """The finished matches a drive's store holds, read as maintenance mode reads them
    (nothing written)."""
    from parlour_device.flash import Flash
    from parlour_device.journal import Journal

    journal = Journal(Flash(str(drive)), None, False)
    return {seq: journal.load(seq) for seq in journal.pending()}


def play(game: str, drive: Path, out: Path, ref: Reference | None = None) -> BoardRun:
    """Boot the drive image on the emulated MacroPad and play the game's script; out
    keeps the tool's result.json, run.log, console.txt, shots/ and drive.img."""
    return read(game, out, ref, run_tool(drive, script(game), out))


def run_tool(drive: Path, steps: Path, out: Path) -> str:
    """The tool's `play` on a drive and a script, its runs kept in out; -> what it said."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # Each run copies the runner into its cache before node reads it: two runs sharing
    # one cache could read a half-copied file. Each gets its own, with the one rp2040js.
    own = out / ".emu"
    own.mkdir()
    (own / "node_modules").symlink_to(cache_dir() / "node_modules")
    env = dict(os.environ, VIRTUAL_ENV=str(ROOT / ".venv"), PARLOUR_EMU_CACHE=str(own),
               PARLOUR_EMU_TIMEOUT=str(WALL_LIMIT_S))
    env["PATH"] = env.get("PATH", "") + ":/usr/sbin:/sbin"
    proc = subprocess.run([str(TOOL / "play"), str(drive), str(steps), str(out)],
                          capture_output=True, text=True, cwd=ROOT, env=env)
    return (proc.stdout + proc.stderr).strip()


# A long match on the board: tests/support/onboard/long_match.py as code.py, the
# match's entries in /long.jsonl (cpvm.long_entries: the same matches as the VM's long
# runs), and a script that only waits, in the board's time: the 500 entries and the
# filing take 85-120 s of it (Dumbo, Poker, Dartex, Stump), Galumphus's game 50 s; a
# game takes 8-14 minutes of wall time on a shared 2-core machine.
LONG_WAIT_S = 150


def play_long(game: str, drive: Path, out: Path) -> BoardRun:
    """The game's long match played on the emulated MacroPad from a copy of the drive
    image; -> the run, its `entries` the count the board took and filed."""
    import cpvm

    entries = cpvm.long_entries(game)
    work = out.parent / f".{out.name}-drive"
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(drive, work)
    shutil.copy(ROOT / "tests" / "support" / "onboard" / "long_match.py", work / "code.py")
    shutil.copy(ROOT / "tests" / "support" / "onboard" / "long_entries.py", work / "long_entries.py")
    (work / "long.jsonl").write_text("".join(json.dumps(e, separators=(",", ":")) + "\n"
                                             for e in entries))
    steps = out.parent / f".{out.name}-wait.txt"
    steps.write_text("wait 5000\n" * (LONG_WAIT_S // 5))
    try:
        run = read(game, out, None, run_tool(work, steps, out))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        steps.unlink()
    console = (out / "console.txt").read_text(errors="replace") if (out / "console.txt").exists() else ""
    ends = [line.split() for line in console.splitlines() if line.startswith("LONGDONE")]
    run.entries = int(ends[-1][1]) if ends else -1
    if run.failure is None:
        run.failure = long_unfinished(run, entries, console)
    return run


def long_unfinished(run: BoardRun, entries: list[Any], console: str) -> str | None:
    refused = [line for line in console.splitlines() if line.startswith("LONGFAILED")]
    if refused:
        return "on the board: " + refused[0][len("LONGFAILED "):]
    if run.entries != len(entries) - 1:
        return f"the board took {run.entries} of the match's {len(entries) - 1} entries"
    # A filed match: its record (game, config, events) beside when and how it ended.
    records = [r.get("record") for r in run.done.values() if r is not None]
    if len(records) != 1 or type(records[0]) is not dict or records[0].get("events") != entries[1:]:
        return "the drive does not hold the match, filed with every entry"
    return None


def read(game: str, out: Path, ref: Reference | None = None, said: str = "") -> BoardRun:
    """A run's figures and verdict from what the tool left in out."""

    run = BoardRun(game, out)
    try:
        result = json.loads((out / "result.json").read_text())
    except (OSError, ValueError):
        run.failure = "the emulator gave no result: " + " / ".join(said.splitlines()[-3:])
        return run
    run.wall_s = result.get("wallSeconds", 0.0)
    lows = [s["mem_low"] for s in result["statuses"] if "mem_low" in s]
    run.mem_low = min(lows) if lows else -1
    inputs = [a for a in result["actions"] if a["op"] in INPUTS]
    run.key_ms = [a["spiLast"] for a in inputs
                  if a["op"] in ("key", "press") and a.get("spiLast") is not None]
    if ref is not None and ref.start_input is not None and ref.start_input < len(inputs):
        run.start_ms = inputs[ref.start_input].get("spiLast")
    run.malloc_fails = result.get("mallocFails") or []
    img = str(out / "drive.img")
    # The log's lines, without the zero bytes that keep its size (errlog.py).
    run.errors_log = mtools("mtype", "-i", img, "::/parlour/log/errors.log").stdout.split(
        "\x00")[0].strip()
    copy = Path(tempfile.mkdtemp(prefix="parlour-drive-"))
    try:
        if subprocess.run(["mcopy", "-s", "-n", "-i", img, "::/parlour", str(copy)],
                          capture_output=True).returncode == 0:
            run.done = filed(copy)
    finally:
        shutil.rmtree(copy, ignore_errors=True)
    # The tool reads the OLED with a 6x12 grid that misses a row drawn closer than 12
    # pixels to the next (the main menu's title above its highlighted line): a missed
    # `expect` is noted, and the match's record on the drive says whether it went right.
    run.notes = [f"line {e['line']}: {e['text']!r} not read on the modelled OLED, which "
                 f"reads {e['screen']!r} (see shots/)"
                 for e in result.get("expects", []) if not e.get("found")]
    run.failure = why_unfinished(result, run, ref)
    return run


def why_unfinished(result: dict[str, Any], run: BoardRun, ref: Reference | None) -> str | None:
    if result.get("failure"):
        return "stopped at " + str(result["failure"])
    faults = [h for h in result.get("consoleHits", [])
              if any(w in h["text"] for w in ("Traceback", "Hard fault", "safe mode"))]
    if faults:
        text = " ".join(faults[0]["text"].split())
        return f"a fault on the console at script line {faults[0].get('line')}: {text[:200]}"
    if ref is not None and sorted(run.done) != sorted(ref.done):
        return (f"the drive holds finished matches {sorted(run.done)}, the simulator filed "
                f"{sorted(ref.done)}")
    if ref is not None:
        for seq, record in sorted(run.done.items()):
            if not same_record(record, ref.done[seq]):
                return f"finished match {seq} on the drive is not the one the simulator filed"
    return None


def same_record(board: dict[str, Any] | None, sim: dict[str, Any] | None) -> bool:
    """The filed match is the simulator's, but for when it ended."""
    if board is None or sim is None:
        return False
    return ({k: v for k, v in board.items() if k not in WHEN_KEYS}
            == {k: v for k, v in sim.items() if k not in WHEN_KEYS})


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--reference":
        sys.path.insert(0, str(ROOT / "tests" / "support"))
        print(json.dumps(_play_reference(sys.argv[2])))

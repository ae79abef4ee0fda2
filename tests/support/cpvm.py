"""Run programs on CircuitPython's own VM (10.3's unix port, 32-bit like the RP2040:
its .mpy loader, collector, json and FAT) from a board's drive image as shipped.

    python tests/support/cpvm.py [--board tft] [--heap 128k] sim-scripts/stump_match.txt
    python tests/support/cpvm.py --long dumbo --heap 4m

plays a key script (or a game's long match, bench/cpheap.py's) through the
firmware on the VM and prints the screens after each key and the device's mem_low.

The VM is ../shared/tools/circuitpython/circuitpython-10.3-unix-i386 beside the
checkout (PARLOUR_CPVM names another). A program runs with MICROPYPATH set to the
image's lib/ and the stand-ins for the board's hardware modules the VM lacks
(tests/support/onvm/, compiled to .mpy like the image, so that compiling them
takes no heap), and `-X heapsize=N`: the VM's whole heap, collected only when
an allocation does not fit, as on the board.
"""

from __future__ import annotations

import atexit
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

ROOT = Path(__file__).resolve().parents[2]
STANDINS = Path(__file__).resolve().parent / "onvm"
VM_NAME = "circuitpython-10.3-unix-i386"
BOARDS = ("macropad", "tft", "pico", "rp2350")
COLOUR = ("tft", "rp2350")      # they play the colour board's key scripts (*_tft.txt)
# What the app may hold on each board, of the heap CircuitPython leaves free at a
# bare REPL less a fifth kept back for what this VM does not model (the split heap,
# the display objects' real sizes, CircuitPython's own allocations). The RP2040
# boards: 163 KB free on the MacroPad -> 128 KB. The Feather RP2350: its 520 KB of
# SRAM less the ~100 KB CircuitPython keeps for itself on the RP2040 boards leaves
# about 420 KB -> 320 KB (an estimate from the datasheets, not a board's REPL figure).
HEAP_BUDGET = {"macropad": 128 * 1024, "tft": 128 * 1024, "pico": 128 * 1024,
               "rp2350": 320 * 1024}
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
SEED = 1                        # the simulator's scripts run with seed 1
UID = "5eed000000000001"        # and so get this device id
DRIVE_KB = 7 * 1024             # parlour.sim.device.DRIVE_KB
STEP_KINDS = {"key": "k", "turn": "t", "press": "p", "wait": "w", "reset": "r"}

sys.path.insert(0, str(ROOT / "host"))


@functools.cache
def _scratch() -> Path:
    # One folder a process for the images and the runs' files, gone at its exit.
    top = Path(tempfile.mkdtemp(prefix="parlour-cpvm-"))
    atexit.register(shutil.rmtree, top, True)
    return top


def scratch(prefix: str) -> Path:
    """A new folder under this process's scratch folder."""
    return Path(tempfile.mkdtemp(prefix=prefix, dir=_scratch()))


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

    top = scratch(f"{board}-")
    build(top / "CIRCUITPY", board)
    for source in sorted(STANDINS.glob("*.py")):
        compile_mpy(source, top / "standins" / (source.stem + ".mpy"), source.name)
    return top


@functools.cache
def overhead(board: str) -> int:
    """The heap the stand-ins and the player take before the app starts: on the
    board those modules are C in flash (no heap), so a heap figure leaves it out.
    Every stand-in is counted, whether or not a run imports it."""
    names = sorted(p.stem for p in STANDINS.glob("*.py") if p.stem != "cpvm_fold")
    code = ("import gc\ngc.collect()\nbase = gc.mem_alloc()\n"
            + "".join(f"import {name}\n" for name in names)
            + "gc.collect()\nprint(gc.mem_alloc() - base)\n")
    result = run(board, ["-c", code])
    if result.code:
        raise RuntimeError("the stand-ins did not load on the VM:\n" + result.failure())
    return int(result.lines[0])


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
        return self.out.split("\n")    # (not splitlines: the screens join texts with \x1e)

    def failure(self) -> str:
        """The last lines of the error (a traceback's), or '' when the run ended well."""
        return "" if self.code == 0 else "\n".join(self.err.strip().splitlines()[-4:])


def run(board: str, args: list[str], heap: int | str = "8m", state: Path | None = None,
        env: dict | None = None, timeout: float = 300) -> Run:
    """Run `args` (a program file, or ["-m", module, ...], or ["-c", code]) on the VM
    with the board's image and stand-ins on its path; its files in `state`."""
    state = state or scratch("state-")
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
    return ROOT / "sim-scripts" / (f"{game}_match_tft.txt" if board in COLOUR else
                                   f"{game}_match.txt")


def evening_script(board: str) -> Path:
    """Every game's key script, one after the other, as one evening at the table:
    each ends on the main menu. A script names its board before its first step, so
    only the first may."""
    target = scratch(f"evening-{board}-") / "evening.txt"
    lines: list[str] = []
    for n, game in enumerate(GAMES):
        text = script_path(board, game).read_text().splitlines()
        lines += [line for line in text if n == 0 or not line.startswith("board ")]
    target.write_text("\n".join(lines) + "\n")
    return target


def play(board: str, script: Path, heap: int | str = "8m", screens: bool = False,
         entries: list | None = None, state: Path | None = None) -> tuple[Run, Path]:
    """Play a key script (and then, for a long match, `entries`: [head, event, ...])
    through the firmware on the VM; -> (the run, its state folder)."""
    state = state or scratch("state-")
    state.mkdir(parents=True, exist_ok=True)
    steps = state / "steps.txt"
    steps.write_text(script_steps(script) if script is not None else "")
    args = ["-m", "cpvm_play", str(steps), "screens" if screens else "quiet"]
    if entries is not None:
        lines = state / "entries.jsonl"
        lines.write_text("".join(json.dumps(e) + "\n" for e in entries))
        args.append(str(lines))
    return run(board, args, heap, state), state


LONG_ENTRIES = 500


def long_entries(game: str) -> list:
    """A long match: [{"game", "config"}, event, ...]: Stump, Dartex, Dumbo and Poker
    at 500 entries (the portable cases' generators and bots), and Galumphus the
    eight-seat golden game from its shuffle to its end."""
    sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))
    if game == "stump":
        from cases_device import STUMP, stump_events
        # 220 turns make 515 entries; the game ends a little after.
        config, events = dict(STUMP), stump_events(220)[:LONG_ENTRIES]
    elif game == "poker":
        import cases_poker_bench as poker
        config, events = poker.config(4), poker.match_events(4, LONG_ENTRIES)
    elif game == "dartex":
        import cases_dartex_play as dartex
        config = {"players": 4, "target": 10**6}     # a target no one reaches
        events = dartex.play(4, 8, target=10**6, events=LONG_ENTRIES, check_every=0)[1].events
    elif game == "dumbo":
        config, events = {"players": 4, "tables": 1}, _dumbo_events(LONG_ENTRIES)
    elif game == "galumphus":
        from cases_galumphus import parse_script
        golden = json.loads((ROOT / "tests" / "golden" / "galumphus" /
                             "eight_players_row_of_5.json").read_text())
        config, events = golden["config"], parse_script(golden["script"])
    else:
        raise ValueError(f"no game {game!r}")
    return [{"game": game, "config": config}, *events]


def _dumbo_events(count: int) -> list:
    # The playout bot's good events (tests/support/portable/cases_dumbo_play.py), games
    # following one another, from a cut.
    import cases_dumbo_play as dumbo

    from parlour_rules.log import MatchLog
    from parlour_rules.prng import Xorshift32

    rng = Xorshift32(7)
    ref = dumbo.Ref(4, 1, dict(dumbo.VALUES_DEFAULT))
    match = MatchLog("dumbo", {"players": 4, "tables": 1})
    event = {"t": "cut", "seed": 7}
    while True:
        match.append(event)
        dumbo._follow(ref, event, match.state)
        if len(match.events) >= count:
            return match.events
        event = dumbo._good_event(rng, ref)


SIM_PLAYER = """
import json, sys
from pathlib import Path
from parlour.sim.device import SimDevice
from parlour.sim.headless import apply
from parlour.sim.script import parse
board, script, state, kinds = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4]

def texts(items, out):
    for item in items:
        if item[0] == 0:
            out.append(item[3])
        elif item[0] == 5:
            texts(item[1], out)
    return out

device = SimDevice(board, state, pty=False, seed=%d, virtual_time=True)
screens = ["\\x1e".join(texts(device.app.shown or (), []))]
for step in parse(script.read_text()):
    device = apply(device, step)
    if step.kind in kinds.split(","):
        screens.append("\\x1e".join(texts(device.app.shown or (), [])))
device.close()
print(json.dumps(screens))
""" % SEED


def sim_play(board: str, script: Path, state: Path) -> subprocess.Popen:
    """The CPython simulator (parlour sim --script, headless) playing the same
    script into `state`: a process whose output is the screens' texts after each
    step, as JSON."""
    return subprocess.Popen([sys.executable, "-c", SIM_PLAYER, board, str(script), str(state),
                             ",".join(STEP_KINDS)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


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


# What a finished match's record says of the clock it was filed by (the boot's id and
# the time since it): the run's own wall clock, different on every run.
CLOCKS = ("boot", "up")


def golden_matches() -> dict[str, list]:
    """Every golden match of tests/golden: {game/name: [game, config, events]}, the
    events read as each game's golden test reads them."""
    sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))
    golden = ROOT / "tests" / "golden"
    out: dict[str, list] = {}
    for path in sorted((golden / "stump").glob("*.json")):
        data = json.loads(path.read_text())
        out["stump/" + path.stem] = ["stump", data["config"],
                                     [step["event"] for step in data["steps"]]]
    for path in sorted((golden / "dartex").glob("*.json")):
        data = json.loads(path.read_text())
        out["dartex/" + path.stem] = ["dartex", data["config"], data["events"]]
    from cases_galumphus import parse_script
    for path in sorted((golden / "galumphus").glob("*.json")):
        data = json.loads(path.read_text())
        out["galumphus/" + path.stem] = ["galumphus", data["config"],
                                         parse_script(data["script"])]
    import cases_dumbo
    for name, (_, config, events) in sorted(cases_dumbo.matches().items()):
        out["dumbo/" + name] = ["dumbo", config, events]
    import cases_poker_golden
    for name, (_, config, events) in sorted(cases_poker_golden.MATCHES.items()):
        out["poker/" + name] = ["poker", config, events]
    return out


def fold_on_vm(matches: list[list], board: str = "macropad") -> list[list]:
    """The views of each match folded on the VM (JSON values), before any event and
    after each."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "matches.jsonl"
        path.write_text("".join(json.dumps(m) + "\n" for m in matches))
        result = run(board, ["-m", "cpvm_fold", str(path)], "8m", Path(tmp))
    if result.code:
        raise RuntimeError("the fold failed on the VM:\n" + result.failure())
    out: list[list] = [[]]
    for line in result.lines:
        if line == "END":
            out.append([])
        elif line:
            out[-1].append(json.loads(line))
    return out[:-1]


def content(data: bytes) -> list:
    """A file's lines as the journal writes them ("<crc32 hex> <JSON>", the CRC seeded
    with 0 or, in the two-copy logs, with a generation up to the head's): each line
    whose CRC holds as its JSON value (two interpreters order a dict's keys each
    their own way, so the same record is not the same bytes), any other as bytes.
    In a two-copy log only its valid part counts: what follows (the unwritten zeros,
    a former match's lines half overwritten by a shorter head) is not read by the
    device either. Left out too is what differs by run or by key order alone: the
    clocks, the store's random identity, a filed record's length and CRC."""
    import binascii

    out: list = []
    seeds = [0]
    log = False
    for line in data.rstrip(b"\0").split(b"\n"):
        crc, _, payload = line.partition(b" ")
        whole = False
        try:
            if len(crc) == 8:
                want = int(crc, 16)
                for seed in seeds:
                    if binascii.crc32(payload, seed) == want:
                        value = json.loads(payload)
                        whole = True
                        break
        except ValueError:
            whole = False
        if not whole:
            if log:
                break               # the log's valid part ends here
            out.append(["bytes", line.hex()])
            continue
        if type(value) is dict:
            if not out and type(value.get("g")) is int:     # a log's head: its generation
                seeds = [0, value["g"]]
                log = True
            if "up" in value:       # a filed record: "from", the uptime it began at
                value.pop("from", None)
            for clock in (*CLOCKS, "store"):
                value.pop(clock, None)
            if value.get("k") == "d":
                value.pop("len", None)
                value.pop("crc", None)
        out.append(["json", value])
    return out


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", type=Path, nargs="?", help="a key script (sim-scripts/)")
    parser.add_argument("--long", choices=GAMES, help="then enter and file the game's long match")
    parser.add_argument("--board", choices=BOARDS, default="macropad")
    parser.add_argument("--heap", default="8m", help="the VM's heap, e.g. 128k")
    parser.add_argument("--state", type=Path, help="the folder the device's files go to "
                        "(kept; by default a scratch folder, removed)")
    args = parser.parse_args(argv)
    if args.script is None and args.long is None:
        parser.error("give a key script, --long GAME, or both")
    entries = long_entries(args.long) if args.long else None
    result, state = play(args.board, args.script, args.heap, screens=True, entries=entries,
                         state=args.state)
    for text in screens_of(result):
        print(" | ".join(text.split("\x1e")))
    if result.code:
        print(result.err, file=sys.stderr, end="")
    print(f"mem_low={mem_low(result)}", file=sys.stderr)
    return 0 if done(result) else 1


if __name__ == "__main__":
    sys.exit(main())

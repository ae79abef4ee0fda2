"""Every case in tests/portable runs on CPython and on real MicroPython; the outputs
must be identical (CPython is the oracle)."""

import importlib
import sys

import pytest

import mprig
from parlour_rules.errors import LINE

sys.path.insert(0, str(mprig.PORTABLE))


def _case_ids():
    ids = []
    for module_name in mprig.case_modules():
        module = importlib.import_module(module_name)
        ids += [f"{module_name}.{n}" for n in dir(module) if n.startswith(("case_", "keep_"))]
    return sorted(ids)


CASES = _case_ids()


@pytest.mark.parametrize("case", CASES)
def test_same_outcome_on_micropython(portable_runs, case):
    cpython, micropython = portable_runs
    assert case in cpython and case in micropython, "case did not run on both interpreters"
    assert micropython[case].outcome == cpython[case].outcome


@pytest.mark.parametrize("case", [c for c in CASES if ".case_refuse_" in c])
def test_refusals_are_rules_errors_that_fit_a_line(portable_runs, case):
    for run in portable_runs:
        outcome = run[case].outcome
        assert "err" in outcome, f"{case} was not refused with a RulesError: {outcome}"
        assert 0 < len(outcome["msg"]) <= LINE


def test_micropython_reports_fuel_per_case(portable_runs):
    _, micropython = portable_runs
    fuel = [r.fuel for r in micropython.values() if "exc" not in r.outcome]
    assert fuel and all(f > 0 for f in fuel)


def _imports(path):
    import ast

    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # from .x import y inside a shared package
                found |= {node.module} if node.module else {a.name for a in node.names}
            elif node.module and node.module.split(".")[0] in mprig.SHARED_PACKAGES:
                parts = node.module.split(".")
                found |= {parts[1]} if len(parts) > 1 else {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.split(".")[0] in mprig.SHARED_PACKAGES and "." in a.name}
    return found


@pytest.mark.parametrize("package", [p for p in mprig.SHARED_PACKAGES if (mprig.LIB / p).is_dir()])
def test_every_shared_module_is_reached_by_a_portable_case(package):
    root = mprig.LIB / package
    modules = {p.stem for p in root.glob("*.py")} - {"__init__"}
    reached = set()
    for case_file in mprig.PORTABLE.glob("cases_*.py"):
        reached |= _imports(case_file)
    frontier = set(reached)
    while frontier:  # what those modules import in turn
        name = frontier.pop()
        path = root / f"{name}.py"
        if path.exists():
            new = _imports(path) - reached
            reached |= new
            frontier |= new
    assert modules <= reached, f"not run on MicroPython: {sorted(modules - reached)}"

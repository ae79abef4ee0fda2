"""Every case in tests/support/portable runs on CPython and on real MicroPython; the outputs
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


def _module_names(root):
    # Every module of a package by its dotted name inside it ("errors", "stump",
    # "stump.ring"): a subpackage's __init__ is the subpackage itself.
    names = set()
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            names.add(".".join(parts))
    return names


def _imports(path, root, package, modules):
    # The package's modules that `path` imports, as dotted names inside it (and, for
    # each, the packages above it, whose __init__ runs first).
    import ast

    here = list(path.relative_to(root).parent.parts) if path.is_relative_to(root) else []
    found = set()

    def add(dotted):
        if dotted in modules:
            parts = dotted.split(".")
            for n in range(1, len(parts) + 1):
                found.add(".".join(parts[:n]))

    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:  # from .x import y inside the package
                base = here[:len(here) - (node.level - 1)] if node.level > 1 else list(here)
            elif node.module and node.module.split(".")[0] == package:
                base = []
                node.module = node.module[len(package) + 1:] if "." in node.module else ""
            else:
                continue
            prefix = ".".join(base + ([node.module] if node.module else []))
            add(prefix)
            for alias in node.names:    # from pkg import module
                add(prefix + "." + alias.name if prefix else alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == package and "." in alias.name:
                    add(alias.name[len(package) + 1:])
    return found


@pytest.mark.parametrize("package", [p for p in mprig.SHARED_PACKAGES if (mprig.LIB / p).is_dir()])
def test_every_shared_module_is_reached_by_a_portable_case(package):
    root = mprig.LIB / package
    modules = _module_names(root)
    reached = set()
    for case_file in mprig.PORTABLE.glob("cases_*.py"):
        reached |= _imports(case_file, root, package, modules)
    frontier = set(reached)
    while frontier:  # what those modules import in turn
        name = frontier.pop()
        path = root.joinpath(*name.split("."))
        path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
        new = _imports(path, root, package, modules) - reached
        reached |= new
        frontier |= new
    assert modules <= reached, f"not run on MicroPython: {sorted(modules - reached)}"


def test_the_reach_check_looks_into_subfolders(tmp_path):
    # A module two folders down that no case imports is found missing.
    (tmp_path / "game" / "deep").mkdir(parents=True)
    for name in ("game/__init__.py", "game/deep/__init__.py", "game/deep/part.py", "top.py"):
        (tmp_path / name).write_text("")
    modules = _module_names(tmp_path)
    assert modules == {"game", "game.deep", "game.deep.part", "top"}
    case = tmp_path / "case.py"
    case.write_text("from pkg.game import deep\nimport pkg.top\n")
    assert _imports(case, tmp_path, "pkg", modules) == {"game", "game.deep", "top"}

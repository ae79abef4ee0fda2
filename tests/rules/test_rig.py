"""The rig itself: it must really execute the shared code on MicroPython."""

import shutil

import pytest

import mprig


def _lib_with(tmp_path, module, old, new):
    lib = tmp_path / "lib"
    shutil.copytree(mprig.LIB / "parlour_rules", lib / "parlour_rules")
    path = lib / "parlour_rules" / module
    source = path.read_text()
    assert old in source
    path.write_text(source.replace(old, new, 1))
    return lib


def test_cpython_only_method_in_shared_code_is_caught(tmp_path):
    # str.ljust exists on CPython only: the same case now differs between interpreters.
    lib = _lib_with(tmp_path, "cards.py", "def _format_standard(card):\n",
                    "def _format_standard(card):\n    'pad'.ljust(5)\n")
    only = ["cases_cards.case_standard_pack_order"]
    cpython = mprig.run_cpython(["cases_cards"], lib=lib, only=only)
    micropython = mprig.run_micropython(["cases_cards"], lib=lib, only=only)
    name = only[0]
    assert "ok" in cpython[name].outcome
    assert micropython[name].outcome == {"exc": "AttributeError"}


def test_cpython_only_import_in_shared_code_fails_the_run(tmp_path):
    lib = _lib_with(tmp_path, "errors.py", "LINE = 20\n", "import dataclasses\nLINE = 20\n")
    with pytest.raises(mprig.GuestError):
        mprig.run_micropython(["cases_prng"], lib=lib)


def test_fuel_is_deterministic():
    only = ["cases_prng.case_shuffle_standard_pack", "cases_cards.case_groups"]
    first = mprig.run_micropython(["cases_cards", "cases_prng"], only=only)
    second = mprig.run_micropython(["cases_cards", "cases_prng"], only=only)
    assert {k: v.fuel for k, v in first.items()} == {k: v.fuel for k, v in second.items()}
    assert all(v.fuel > 10_000 for v in first.values())


def test_heap_figures_are_measured():
    assert 0 < mprig.import_heap("parlour_rules.cards") < 64_000
    assert mprig.heap_retained("cases_prng", "case_shuffle_standard_pack") > 0

"""The hands the portable meld cases solve on MicroPython, checked here against the
brute-force reference: test_portable.py shows MicroPython gives CPython's answers,
this shows CPython's answers are right (R-3, R-6, D-2..D-6)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from melds_reference import brute, check_layout
from parlour_rules import melds
from parlour_rules.cards import DUMBO, STANDARD

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support" / "portable"))

import cases_melds  # noqa: E402
import cases_melds_dumbo  # noqa: E402


def _cases(module):
    return sorted(n for n in dir(module) if n.startswith("case_") and n[-3:-2] == "_"
                  and n[-2:].isdigit())


def _args(fn):
    # The constants of `return solve_all(variant, seed, layout[, n])`.
    consts = fn.__code__.co_consts
    ints = [c for c in consts if type(c) is int]
    variant = [c for c in consts if type(c) is str][0]
    return variant, ints[0], ints[1] if len(ints) > 1 else None


@pytest.mark.parametrize("name", _cases(cases_melds))
def test_rummy_case_hands_match_every_partition(name):
    fn = getattr(cases_melds, name)
    variant, seed, n = _args(fn)
    hands = cases_melds.hands(variant, seed, n or cases_melds.N)
    got = fn()
    assert len(got) == len(hands)
    for (hand, caller, double), value in zip(hands, got, strict=True):
        r = melds.solve_rummy(hand, double, caller)
        assert r.deadwood == brute(hand, STANDARD, double, caller or ()), (hand, caller)
        assert value in (r.deadwood, cases_melds.digest(r))
        check_layout(r, hand, STANDARD, double, caller or ())


@pytest.mark.parametrize("name", _cases(cases_melds_dumbo))
def test_dumbo_case_hands_match_every_partition(name):
    fn = getattr(cases_melds_dumbo, name)
    variant, seed, _ = _args(fn)
    hands = cases_melds_dumbo.hands(variant, seed)
    got = fn()
    for (hand, welds, octad), value in zip(hands, got, strict=True):
        r = melds.solve_dumbo(hand, welds, octad)
        want = brute(hand, DUMBO, False, () if octad or not welds else welds)
        assert r.count == want, (hand, welds, octad)
        assert value in (r.count, cases_melds_dumbo.digest(r))
        check_layout(r, hand, DUMBO, False, welds or ())

import pytest

import mprig
from portable_lint import SHARED_IMPORTS, lint_source, lint_tree


def test_shared_packages_pass_the_lint():
    findings = []
    for package in mprig.SHARED_PACKAGES:
        if (mprig.LIB / package).is_dir():
            findings += lint_tree(mprig.LIB / package)
    # Portable cases may import each other, the device app and the guest's `host` bridge.
    siblings = {path.stem for path in mprig.PORTABLE.glob("*.py")}
    findings += lint_tree(mprig.PORTABLE,
                          SHARED_IMPORTS | siblings | {"host", "parlour_device", "doubles"})
    # The test doubles run in the guest too.
    findings += lint_tree(mprig.DOUBLES, SHARED_IMPORTS | {"parlour_device", "doubles"})
    assert not findings, "\n".join(map(str, findings))


REFUSED = {
    "import dataclasses": "no dataclasses",
    "import enum": "no enum",
    "from typing import List": "typing",
    "from traceback import print_exception": "only print_exception and format_exception",
    "from __future__ import annotations": "__future__",
    "import itertools": "itertools",
    "import functools": "functools",
    "import random": "prng",
    "from collections import defaultdict": "only namedtuple",
    "x = 'a'.ljust(3)": "ljust",
    "x = (5).bit_count()": "bit_count",
    "_POP = int.bit_count": "int.bit_count",
    "x = str.ljust": "str.ljust",
    "x = 'abc'[::-1]": "step",
    "x = 1.5": "integer-only",
    "x = 7 / 2": "true division",
    "x = [*a, 1]": "unpack",
    "x = {**a}": "unpack",
    "def f(a, /): pass": "positional-only",
    "match x:\n    case 1: pass": "match",
    "x = sorted(a, key=len)": "not stable",
    "a.sort(key=len)": "not stable",
    "for k in d.items(): pass": "insertion-ordered",
    "x = [k for k in d.keys()]": "insertion-ordered",
    "x = vars(a)": "vars",
    "x = format(3, 'x')": "format",
    "x = list(zip(a, b, strict=True))": "strict",
    "import json\nx = json.dumps(a, sort_keys=True)": "sort_keys",
    "x = [y for y in a if (z := y)]": ":=",
    "x = f'{a=}'": "'='",
    "x = '\\N{BULLET}'": "\\N",
    "class E(Exception):\n    def __init__(self, a):\n        Exception.__init__(self, a)": "super",
    "import os": "not among",
}


@pytest.mark.parametrize("source", sorted(REFUSED))
def test_lint_refuses_with_its_reason(source):
    findings = lint_source(source, allowed_imports=SHARED_IMPORTS)
    assert findings, f"not refused: {source!r}"
    assert any(REFUSED[source] in f.reason for f in findings), [f.reason for f in findings]


ALLOWED = [
    "try:\n    from typing import List\nexcept ImportError:\n    pass",
    "try:\n    from traceback import print_exception\nexcept ImportError:\n    pass",
    "from collections import OrderedDict",
    "x = sorted(a, key=len)  # total order: lengths differ",
    "for k in sorted(d.items()): pass",
    "for k in d.values():  # order-free\n    pass",
    "x = 7 // 2",
    "x = 'ab'[1:]",
    "x = f'{a:>4}'",
    "class E(Exception):\n    def __init__(self, a):\n        super().__init__(a)",
]


@pytest.mark.parametrize("source", ALLOWED)
def test_lint_allows_what_circuitpython_has(source):
    assert lint_source(source, allowed_imports=SHARED_IMPORTS) == []


def test_a_field_named_like_a_missing_method_is_not_a_call():
    assert lint_source("x = screen.title", allowed_imports=SHARED_IMPORTS) == []
    assert lint_source("x = self.bit_count", allowed_imports=SHARED_IMPORTS) == []
    assert lint_source("x = name.title()", allowed_imports=SHARED_IMPORTS)

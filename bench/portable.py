"""Device cost of every portable case: deterministic MicroPython fuel and heap bytes
allocated per case, and the heap each shared module keeps after import. Run: `make bench` or
`python bench/portable.py [substring]`."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import mprig  # noqa: E402


def shared_modules() -> list[str]:
    names = []
    for package in mprig.SHARED_PACKAGES:
        root = mprig.LIB / package
        names += [f"{package}.{p.stem}" for p in sorted(root.glob("*.py")) if p.stem != "__init__"]
    return names


def main(argv: list[str]) -> int:
    pattern = argv[0] if argv else ""
    results = mprig.run_micropython()
    print(f"{'case':60} {'fuel':>12} {'allocated':>10}")
    for name in sorted(results):
        if pattern in name:
            r = results[name]
            mark = "" if "exc" not in r.outcome else f"  ({r.outcome['exc']})"
            print(f"{name:60} {r.fuel:>12,} {r.allocated:>10,}{mark}")
    print()
    print(f"{'module import (heap kept on MicroPython)':60} {'bytes':>12}")
    for module in shared_modules():
        if pattern in module or not pattern:
            print(f"{module:60} {mprig.import_heap(module):>12,}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

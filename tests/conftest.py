import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

import mprig  # noqa: E402
import parlour.fastmelds  # noqa: E402,F401  (the laptop's solves, as the CLI uses them)


@pytest.fixture(scope="session")
def portable_runs():
    """Every portable case, run once on CPython and once (batched) on MicroPython."""
    return mprig.run_cpython(), mprig.run_micropython()

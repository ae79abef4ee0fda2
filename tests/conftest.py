import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "support"))

import mprig  # noqa: E402
import parlour.fastmelds  # noqa: E402,F401  (the laptop's solves, as the CLI uses them)

# The shared packages, and the laptop's: a laptop module first imported while the device
# had dropped a game's modules would keep that game's copies for good.
SHARED = ("parlour_rules", "parlour_device", "parlour_wire", "parlour.")

# Modules whose every test runs another interpreter or a long randomised run: the
# MicroPython parity run, CircuitPython's VM, the sector cuts, the emulated board, the
# fault relay and the fuzzers. `make test` runs them; `make check` (the quick loop) not.
HEAVY = {
    "test_portable", "test_rig", "test_dumbo_golden", "test_poker_golden", "test_poker_play",
    "test_stump_playouts", "test_galumphus_playouts", "test_melds_portable",
    "test_cpvm", "test_sectorcut", "test_errlog_circuitpython", "test_drive_image",
    "test_device_memory", "test_pystack", "test_board_emulated", "test_macropad_board",
    "test_wire_fuzz", "test_sync_faults", "test_laptop_failures", "test_sync_identity",
}


def pytest_collection_modifyitems(items):
    for item in items:
        if item.path.stem in HEAVY:
            item.add_marker(pytest.mark.heavy)


@pytest.fixture(autouse=True)
def shared_modules_as_imported():
    """The device drops modules it no longer needs (a closed game's, the menus while a
    game plays); in-process that would leave later tests holding classes that a fresh
    import no longer matches. Each test starts with the modules as first imported."""
    before = {n: m for n, m in sys.modules.items() if n.startswith(SHARED)}
    log = before.get("parlour_rules.log")
    games = dict(log._LOADED) if log is not None else None   # its cache of game modules
    yield
    for name in [n for n in sys.modules if n.startswith(SHARED) and n not in before]:
        del sys.modules[name]
    sys.modules.update(before)
    for name, module in before.items():     # and each package's attribute for it
        parent, _, child = name.rpartition(".")
        if parent in before:
            setattr(before[parent], child, module)
    if log is not None:
        log._LOADED.clear()
        log._LOADED.update(games)


@pytest.fixture(scope="session")
def portable_runs():
    """Every portable case, run once on CPython and once (batched) on MicroPython."""
    return mprig.run_cpython(), mprig.run_micropython()

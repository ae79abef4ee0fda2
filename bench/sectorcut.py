"""Power cuts at every sector program of each game's scripted MacroPad match, on
CircuitPython's own VM and FAT over a double of the RP2040's flash (a 7 MB drive,
one 4 KB sector cached). One line per game:

    sectorcut GAME cuts=N lost=N failed_boots=N programs_per_entry=X

cuts: every program of the match, once with its sector left erased and once half
programmed; lost: cuts after which the device, booted, does not hold exactly what the
screen showed before the cut's step began or after it (an unmountable drive and a
failed boot count here too); programs_per_entry: 4 KB sector programs of the whole
match (entries, menus, filing) per accepted entry. Then the same for the small files'
saves (`sectorcut store ...`: the settings, the roster, a match kept for later and one
brought back, from a drive that holds each already). Exits 1 if any cut lost something.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "support"))

import sectorcut  # noqa: E402


def main() -> int:
    if sectorcut.vm() is None:
        print("sectorcut: CircuitPython's VM is not beside the checkout; skipped")
        return 0
    status = 0
    for game in sectorcut.GAMES + (sectorcut.STORE,):
        outcome = sectorcut.run(game, show=0)
        print(outcome.line(), flush=True)
        if outcome.lost or outcome.failed_boots:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())

"""A long match on the MacroPad itself: the drive image as shipped on CircuitPython 10.3
built for the Adafruit MacroPad RP2040, in the RP2040 emulator of
../shared/tools/macropad-emulator, given each game's long match (the matches of
`bench/cpheap.py`'s long runs: Stump, Dartex, Dumbo and Poker at 500 entries, Galumphus
the eight-seat golden game from its shuffle to its end) an entry at a time through the
app, with the app's loop passing after each, then filed. One line per game:

    board macropad GAME long mem_low=BYTES entries=N

mem_low: the least free heap the app saw (its own idle reading, after a collection,
as in bench/macropad.py). Budget: 32 KB (32,768 B), as for the scripted matches.
entries: how many the board took and filed. Exits 1 (OVER BUDGET) when a match is not
filed whole (an entry refused, the drive without the match and every entry), on an
allocation failure (even one the code caught), a fault or parlour/errors.log, or
mem_low under the budget. Each run is kept in build/macropad-emu/long-<game>/.

    .venv/bin/python bench/macropad_long.py [GAME ...] [--jobs N] [--out DIR]
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import macropad  # noqa: E402

if __name__ == "__main__":
    sys.exit(macropad.main(sys.argv[1:], long=True, doc=__doc__))

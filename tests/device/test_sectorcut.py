"""Power cuts at the level of flash sectors, on CircuitPython's own VM and FAT over a
double of the RP2040's flash (tests/support/sectorvm/flashdouble.py): a scripted match of
every game, a cut at sector programs (the sector left erased, and half programmed),
then the firmware booted from that flash. After every cut the drive mounts, the app
boots to a usable screen, and it holds exactly what the screen had shown before the
cut's step began or after it: every entry, finished match, kept match, setting and
roster name. The same for the small files' saves (sectorcut.STORE): the settings,
the roster, a match kept for later and another brought back in its place.

The quick run checks every 5th program (every 37th of Galumphus's long match, ~40 s
on one core); the exhaustive run (`-m slow`, ~5 minutes on one core) every program.
"""

import subprocess

import pytest

import sectorcut

pytestmark = pytest.mark.skipif(sectorcut.vm() is None,
                                reason="CircuitPython's VM is not beside the checkout")

QUICK_STRIDE = {"galumphus": 37}


def _check(outcome):
    assert outcome.entries > 3, outcome      # the script played its match ...
    assert outcome.filed == 2, outcome       # ... and filed it beside the earlier one
    assert outcome.cuts > 0
    assert (outcome.lost, outcome.failed_boots) == (0, 0), "\n".join(outcome.failures)


@pytest.mark.parametrize("game", sectorcut.GAMES)
def test_a_cut_at_sampled_sector_programs_loses_nothing_and_boots(game):
    _check(sectorcut.run(game, stride=QUICK_STRIDE.get(game, 5)))


@pytest.mark.slow
@pytest.mark.parametrize("game", sectorcut.GAMES)
def test_a_cut_at_every_sector_program_loses_nothing_and_boots(game):
    _check(sectorcut.run(game, stride=1))


def test_a_cut_at_every_program_of_a_settings_roster_keep_and_resume_loses_nothing():
    # Each save of the small files, from a drive holding settings, a roster, a
    # finished match and a kept one: the settings, the roster, a new match kept for
    # later (the kept log written and read back, then the live log cleared), the one
    # kept before brought back (the live log written, then the kept one marked), the
    # settings and roster again, and the match filed. Every program, both modes.
    outcome = sectorcut.run(sectorcut.STORE, stride=1)
    assert outcome.entries == 4 and outcome.filed == 2, outcome
    assert outcome.cuts > 100
    assert (outcome.lost, outcome.failed_boots) == (0, 0), "\n".join(outcome.failures)


DOUBLE = """
import sys
sys.path.insert(0, %r)
from flashdouble import PowerCut, SectorFlash
dev = SectorFlash(bytearray(64 * 512))
block = bytearray(b"A" * 512)
dev.writeblocks(0, block)           # sector 0, cached
dev.writeblocks(1, block)           # the same sector: still cached
print("A", dev.programs)
dev.writeblocks(9, block)           # sector 1: sector 0 is programmed first
print("B", dev.programs, dev.data[0:1], dev.data[4608:4609])
buf = bytearray(512)
dev.readblocks(9, buf)              # a read flushes the cache
print("C", dev.programs, bytes(buf[:1]))
dev.ioctl(3, 0)                     # nothing cached: a sync programs nothing
print("D", dev.programs)
dev.cut_at = dev.programs
dev.cut_mode = "half"
dev.writeblocks(16, block)
dev.writeblocks(23, block)
try:
    dev.ioctl(3, 0)
except PowerCut:
    print("E", dev.programs, dev.data[16 * 512:16 * 512 + 1], dev.data[23 * 512:23 * 512 + 1])
"""


def test_the_double_programs_a_whole_sector_on_a_flush_and_a_cut_leaves_it_torn(tmp_path):
    script = tmp_path / "double.py"
    script.write_text(DOUBLE % str(sectorcut.TESTS / "sectorvm"))
    done = subprocess.run([str(sectorcut.vm()), str(script)], capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.split("\n")[:5] == [
        "A 0", "B 1 bytearray(b'A') bytearray(b'\\x00')", "C 2 b'A'", "D 2",
        # cut while programming sector 2: its first half new, its second half erased
        "E 3 bytearray(b'A') bytearray(b'\\xff')"], done.stdout + done.stderr

"""Key 0 held through a reset on the emulated MacroPad (../shared/tools/macropad-emulator:
CircuitPython 10.3 built for the board, in rp2040js, its real boot.py and keypad):
boot.py leaves the drive to the computer and the app says it cannot save. Before
keys_at_boot.py called keypad's reset(), the board booted normally here."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT.parent / "shared" / "tools" / "macropad-emulator" / "play"
sys.path.insert(0, str(ROOT / "host"))

from parlour.image import build  # noqa: E402


@pytest.mark.slow
def test_key_0_held_through_a_reset_turns_on_maintenance_on_the_emulated_macropad(tmp_path):
    missing = [tool for tool in ("node", "npm", "mkfs.fat", "mcopy", "mtype")
               if shutil.which(tool) is None]
    if not PLAY.is_file() or missing:
        pytest.skip(f"the MacroPad emulator cannot run here ({PLAY}; missing {missing})")
    drive = tmp_path / "CIRCUITPY"
    build(drive, "macropad")
    script = tmp_path / "hold.txt"
    script.write_text("wait 500\n")
    out = tmp_path / "out"
    # --press 1: GPIO 1 (KEY1, the pad's key 0) held low from reset to the end.
    subprocess.run([str(PLAY), str(drive), str(script), str(out), "--press", "1"],
                   cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    boot_out = subprocess.run(["mtype", "-i", str(out / "drive.img"), "::/boot_out.txt"],
                              capture_output=True, text=True, check=False).stdout
    assert "parlour: maintenance mode" in boot_out, boot_out
    screens = [line for line in (out / "run.log").read_text().splitlines()
               if line.startswith("[screen end]")]
    assert screens and "Maintenance: no save" in screens[-1], screens

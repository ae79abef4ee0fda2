"""hardware/keys/: the key layouts and overlays are the firmware's own key maps,
regenerated here; a screen whose keys change without `make hardware` fails."""

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import SimpleNamespace

import pytest

from parlour import hardware_svg

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"

# The key scripts are played through the device's app in a process of their own: the
# app drops each game's modules as it goes, which would leave this process's later
# tests holding copies of them.
DRAWN = """
import json
from parlour import hardware_svg
sheets = hardware_svg.collect()
print(json.dumps({"rendered": hardware_svg.render(),
                  "sheets": {g: [{"where": p.where, "keys": list(p.keys),
                                  "labels": list(p.labels())} for p in panels]
                             for g, panels in sheets.items()}}))
"""


@pytest.fixture(scope="module")
def drawn():
    out = subprocess.run([sys.executable, "-c", DRAWN], capture_output=True, text=True,
                         timeout=600, check=True)
    return json.loads(out.stdout)


@pytest.fixture(scope="module")
def rendered(drawn):
    return drawn["rendered"]


@pytest.fixture(scope="module")
def sheets(drawn):
    return {g: [SimpleNamespace(where=p["where"], keys=tuple(p["keys"]),
                                labels=lambda p=p: tuple(p["labels"])) for p in panels]
            for g, panels in drawn["sheets"].items()}


def test_the_committed_key_layouts_are_the_firmwares(rendered):
    committed = sorted(p.relative_to(HARDWARE).as_posix() for p in HARDWARE.rglob("*.svg"))
    assert committed == sorted(rendered)
    for name, text in rendered.items():
        assert (HARDWARE / name).read_text() == text, f"{name}: run make hardware"


def test_every_game_sheet_shows_its_screens_keys_as_the_firmware_labels_them(rendered, sheets):
    for game in hardware_svg.GAMES:
        panels = sheets[game]
        assert len(panels) >= 5, game
        assert all(p.where.startswith(f"games.{game}.") for p in panels)
        root = ET.fromstring(rendered[f"keys/{game}.svg"])
        words = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
        for panel in panels:
            assert set(panel.labels()) - {""} <= words, panel.where
    # A label that counts is shown by its pattern, not by the first value seen.
    slide = [p for p in sheets["stump"] if "Move" in p.keys]
    assert len(slide) == 1 and slide[0].labels()[6] == "<n"


def test_the_claim_overlay_has_a_key_for_every_galumphus_seat(rendered):
    from parlour_device.games.galumphus.texts import SEAT_KEYS

    root = ET.fromstring(rendered["keys/galumphus-claims.svg"])
    assert root.get("width") == f"{3 * hardware_svg.PITCH + 20:g}mm"     # prints 1:1
    words = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert [w for w in words if w.startswith("Claim P")] == [
        f"Claim P{n}" for n in range(1, SEAT_KEYS + 1)]


def test_a_stale_layout_is_reported_and_the_check_fails(tmp_path, capsys):
    assert hardware_svg.main([str(tmp_path)]) == 0
    assert hardware_svg.main([str(tmp_path), "--check"]) == 0
    (tmp_path / "keys" / "poker.svg").write_text("<svg/>")
    assert hardware_svg.main([str(tmp_path), "--check"]) == 1
    assert "poker.svg differs from the firmware's key maps" in capsys.readouterr().err


def test_the_pico_wiring_diagram_and_page_give_the_board_modules_pins(rendered):
    pins = hardware_svg.pico_pins()
    assert pins["GP6"] == "key 0" and pins["GP17"] == "key 11" and len(pins) == 19
    root = ET.fromstring(rendered["pico-wiring.svg"])
    words = " ".join(t.text for t in root.iter("{http://www.w3.org/2000/svg}text"))
    page = (HARDWARE / "pico.md").read_text()
    for pin, role in pins.items():
        assert role in words and f"| {role} | {pin} |" in page, (pin, role)

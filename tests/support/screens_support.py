"""Shared by the Stump and Dartex screen tests: scripts, goldens, quick devices.

Golden screenshots live in tests/golden/screens/; after a deliberate change to a
screen, regenerate them with

    PARLOUR_REGEN_GOLDEN=1 .venv/bin/python -m pytest tests/device/test_screens_stump.py \
        tests/device/test_screens_dartex.py

and look at the PNGs before committing them.
"""

import json
import os
from pathlib import Path

from doubles.scripted_board import KEY, PRESS, TURN, WAIT, SimBoard
from parlour.sim.device import SimDevice
from parlour.sim.headless import apply, screen_text
from parlour.sim.script import parse
from parlour_device.app import App
from parlour_rules.log import from_record

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "sim-scripts"
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "screens"


def golden_check(name, png):
    path = GOLDEN / f"{name}.png"
    if os.environ.get("PARLOUR_REGEN_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    assert path.is_file(), f"no golden {path.name}: run with PARLOUR_REGEN_GOLDEN=1"
    assert png == path.read_bytes(), f"{name} differs from its golden PNG"


def shot_names(text):
    return [line.split()[1] for line in text.splitlines() if line.startswith("shot ")]


def finished_match(device):
    """The last match the device archived for the laptop: (end, MatchLog)."""
    journal = device.app.journal
    entry = journal.load(journal.pending()[-1])
    return entry["end"], from_record(entry["record"])


def record_of(device):
    match = device.app.match
    return None if match is None else json.dumps(match.record(), sort_keys=True)


def run_to_shot(text, shot, state_dir, board="macropad"):
    """Play a script up to the named shot; -> (device, the match before the last key)."""
    device = SimDevice(board, state_dir, pty=False, seed=1, virtual_time=True)
    before = None
    for step in parse(text):
        if step.kind == "key":
            before = record_of(device)
        device = apply(device, step)
        if step.kind == "shot" and step.value == shot:
            return device, before
    device.close()
    raise AssertionError(f"no shot {shot} in the script")


class Pad:
    """The firmware app on the display-less sim board: quick key-by-key tests."""

    def __init__(self, colour=False):
        self.board = SimBoard(colour=colour)
        self.app = App(self.board)
        self.app.step()

    def do(self, text):
        # "k11 t-3 p w500": keys, encoder turns, presses, 500 ms with no input
        for word in text.split():
            if word[0] == "k":
                self.board.feed(KEY, int(word[1:]))
            elif word[0] == "t":
                self.board.feed(TURN, int(word[1:]))
            elif word[0] == "w":
                self.board.feed(WAIT, int(word[1:]))
            else:
                self.board.feed(PRESS)
            self.app.step()
        return self

    def events(self):
        return list(self.app.match.events) if self.app.match else []

    def view(self):
        return self.app.view()

    def frame_text(self):
        # the frame's text, pieces drawn side by side on one row joined into one line
        lines = []
        end = None
        for item in self.app.compose().items:
            if item[0] != 0:
                continue
            _, x, y, text, _, scale, _ = item
            if lines and end == (x, y):
                lines[-1] += text
            else:
                lines.append(text)
            end = (x + 6 * scale * len(text), y)
        return "\n".join(lines)


__all__ = ("golden_check", "shot_names", "finished_match", "record_of", "run_to_shot",
           "Pad", "SCRIPTS", "screen_text")

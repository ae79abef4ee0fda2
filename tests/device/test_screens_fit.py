"""No text cut off and, on the colour board, no label over another: every frame of
every game's scripted matches on both boards is checked as it is drawn."""

import sys

import pytest

from parlour.sim.device import SimDevice
from parlour.sim.headless import apply
from parlour.sim.script import parse, script_board
from screens_support import SCRIPTS

TEXT = 0
GROUP = 5
CELL_W = 6
CELL_H = 12


def texts(items):
    for item in items:
        if item[0] == GROUP:
            yield from texts(item[1])
        elif item[0] == TEXT and item[3]:
            yield item


def box(item):
    _, x, y, text, _, scale, _ = item
    return x, y, x + CELL_W * scale * len(text), y + CELL_H * scale


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.fixture
def cuts(monkeypatch):
    """Every text that fit() or clip() actually shortened, wherever it was imported."""
    import parlour_device.ui.frame as frame
    import parlour_device.ui.lines as lines

    made = []
    fit, clip = frame.fit, lines.clip

    def fit_seen(text, room):
        if len(text) > room:
            made.append(text)
        return fit(text, room)

    def clip_seen(text, room):
        if len(text) > room:
            made.append(text)
        return clip(text, room)

    for name, module in list(sys.modules.items()):
        if name.startswith("parlour_device"):
            if getattr(module, "fit", None) is fit:
                monkeypatch.setattr(module, "fit", fit_seen)
            if getattr(module, "clip", None) is clip:
                monkeypatch.setattr(module, "clip", clip_seen)
    return made


@pytest.mark.parametrize("script", [game + suffix for game in ("stump", "dartex", "dumbo",
                                                                 "poker", "galumphus")
                                    for suffix in ("_match.txt", "_match_tft.txt")])
def test_every_frame_of_the_scripted_matches_fits_its_board(script, cuts, tmp_path):
    import parlour_device.games  # noqa: F401  (the modules the fixture patches)

    text = (SCRIPTS / script).read_text()
    device = SimDevice(script_board(text) or "macropad", tmp_path, pty=False, seed=1,
                       virtual_time=True)
    frames = 0
    problems = []
    try:
        for number, step in enumerate(parse(text), 1):
            device = apply(device, step)
            app = device.app
            lay = app.layout
            cols = lay.cols
            where = "step %d (%s %s)" % (number, step.kind, step.value)
            screen = app.screen
            shown = [(app.message, cols), (screen.title, cols),
                     (screen.chrome()[0], lay.width // 6 if lay.colour else cols)]
            if hasattr(screen, "lines"):
                # a page's every line, scrolled into sight or not (ui/lines.py: on
                # colour the first is large, the rest small)
                page = screen.lines()[:]
                for i in range(len(page)):
                    shown.append((page[i][0], lay.width // 6 - 1 if lay.colour and i else cols))
            for line, room in shown:
                if len(line) > room:
                    problems.append((where, "long", line))
            boxes = [box(item) for item in texts(app.compose().items)]
            for left, top, right, bottom in boxes:
                if left < 0 or right > lay.width or bottom > lay.height:
                    problems.append((where, "outside", (left, top, right, bottom)))
            if lay.colour:
                for i in range(len(boxes)):
                    for j in range(i):
                        if overlaps(boxes[i], boxes[j]):
                            problems.append((where, "overlap", boxes[i], boxes[j]))
            problems += [(where, "cut", text) for text in cuts]
            del cuts[:]
            frames += 1
    finally:
        device.close()
    assert problems == [], "\n".join(map(str, problems))
    assert frames == len(parse(text)) > 40

"""The renderer's redraws on a headless displayio display (Blinka's, as the simulator
uses): a text that changes in place is written into the grid already shown, a frame
that changes in several places is shown anew, and either way the screen ends up the
pixels a fresh renderer draws for the same frame."""

from __future__ import annotations

import displayio
import pytest

from parlour.sim import font
from parlour.sim.display import HeadlessDisplay
from parlour_device.boards.common import MONO_128X64, layout
from parlour_device.ui.frame import BLACK, WHITE, Frame
from parlour_device.ui.render import Renderer

LAYOUT = layout(MONO_128X64)


def frame_of(rows: list[str], highlight: int = -1) -> Frame:
    frame = Frame(LAYOUT)
    frame.text(0, 0, "Title", WHITE)
    frame.line(0, 11, 127, 11, WHITE)
    for row, text in enumerate(rows):
        frame.row(row, text, WHITE, row == highlight)
    return frame


def shown(frames: list[Frame]) -> tuple[Renderer, HeadlessDisplay]:
    font.install()      # terminalio.FONT as the board has it: one sheet of glyph tiles
    displayio.release_displays()     # (Blinka holds one display at a time)
    display = HeadlessDisplay(128, 64, False)
    renderer = Renderer(display, LAYOUT)
    for frame in frames:
        renderer.draw(frame)
    return renderer, display


def fresh(frame: Frame) -> bytes:
    return bytes(shown([frame])[1].frame)


def test_a_changed_text_is_written_into_the_grid_on_screen():
    first = frame_of(["Ann 12", "Bob 7", "Cy 30"])
    second = frame_of(["Ann 15", "Bob 7", "Cy 3"])   # the same places, one shorter
    renderer, display = shown([first])
    layers = [renderer.group[i] for i in range(len(renderer.group))]
    refreshes = display.refreshes
    renderer.draw(second)
    assert [renderer.group[i] for i in range(len(renderer.group))] == layers
    assert display.refreshes == refreshes + 1
    assert bytes(display.frame) == fresh(second)


def test_a_longer_text_and_a_moved_highlight_draw_what_a_fresh_screen_draws():
    steps = [frame_of(["New match", "Roster", "Settings"], 0),
             frame_of(["New match", "Roster", "Settings"], 1),
             frame_of(["New match", "Roster and more", "Settings"], 1),
             frame_of(["A", "Roster and more"], 0),
             frame_of(["A", "Roster and more", "Settings", "Sync"], 3)]
    for n in range(1, len(steps) + 1):
        _, display = shown(steps[:n])
        assert bytes(display.frame) == fresh(steps[n - 1]), f"after step {n}"


def test_several_layers_replaced_refresh_the_whole_screen_once():
    renderer, display = shown([frame_of(["one", "two", "three"])])
    full = []
    real = display._core.set_root_group

    def noted(group):
        full.append(group)
        return real(group)

    display._core.set_root_group = noted
    renderer.draw(frame_of(["one", "two", "four"]))     # one text, in place
    assert full == []
    renderer.draw(frame_of(["uno"], 0))   # a highlight added, rows gone, the rest moved
    assert full and full[-1] is renderer.group
    assert bytes(display.frame) == fresh(frame_of(["uno"], 0))


@pytest.mark.parametrize("text", ["Zoë 12", "naïve ok"])
def test_text_beyond_ascii_is_drawn_as_a_fresh_renderer_draws_it(text):
    first = frame_of(["Zoe 12", "plain"])
    second = frame_of([text, "plain"])
    _, display = shown([first, second])
    assert bytes(display.frame) == fresh(second)


def test_black_text_on_a_lit_row_changes_in_place():
    first = Frame(LAYOUT)
    first.rect(0, 12, 128, 12, WHITE)
    first.text(0, 12, "Target: 50", BLACK)
    second = Frame(LAYOUT)
    second.rect(0, 12, 128, 12, WHITE)
    second.text(0, 12, "Target: 100", BLACK)
    renderer, display = shown([first])
    grid = renderer.group[1]
    renderer.draw(second)
    # longer than its grid: built anew, and drawn right
    assert renderer.group[1] is not grid
    assert bytes(display.frame) == fresh(second)

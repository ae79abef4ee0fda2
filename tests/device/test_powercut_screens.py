"""Every results screen comes back after a power cut: the scripted matches are cut
(their state folder copied, as the flash holds it, and a new device booted on the
copy) on Stump's round-over and game-over screens and Dartex's hand-over and
game-over screens, on both boards; the rebooted device shows the same picture and
key lights, and its OK goes on: the next round or hand, or the match filed as won."""

import shutil

import pytest

from parlour.sim.device import SimDevice
from parlour.sim.headless import apply
from parlour.sim.script import parse
from parlour_device.ui.frame import K_OK
from screens_support import SCRIPTS

CASES = [
    ("macropad", "stump_match.txt", ["stump_round1_over", "stump_game_over"]),
    ("tft", "stump_match_tft.txt", ["stump_tft_round1_over", "stump_tft_game_over"]),
    ("macropad", "dartex_match.txt", ["dartex_hand_over", "dartex_game_over"]),
    ("tft", "dartex_match_tft.txt", ["dartex_tft_hand_over", "dartex_tft_game_over"]),
]


def after_ok(device):
    device.app.key(K_OK)
    device.app.step()
    journal = device.app.journal
    return (device.app.screen.title, device.png(), journal.live_seq,
            [journal.load(seq)["end"] for seq in journal.pending()])


@pytest.mark.parametrize("board,script,shots", CASES, ids=[c[1] for c in CASES])
def test_a_power_cut_on_a_results_screen_boots_back_onto_it(tmp_path, board, script, shots):
    device = SimDevice(board, tmp_path / "play", pty=False, seed=1, virtual_time=True)
    seen = []
    try:
        for step in parse((SCRIPTS / script).read_text()):
            device = apply(device, step)
            if step.kind != "shot" or step.value not in shots:
                continue
            seen.append(step.value)
            cut = tmp_path / step.value
            shutil.copytree(device.state_dir, cut)
            again = SimDevice(board, cut, pty=False, seed=1, virtual_time=True)
            try:
                assert again.app.screen.title == device.app.screen.title, step.value
                assert again.png() == device.png(), step.value
                assert again.app.lit == device.app.lit, step.value
                went_on = after_ok(again)
            finally:
                again.close()
            title, _, live, ends = went_on
            if step.value.endswith("game_over"):       # OK files the match as won
                assert (title, live, ends[-1]) == ("parlour", 0, "won")
            else:                                      # OK: on with the next round/hand
                assert live == device.app.journal.live_seq and "over" not in title
    finally:
        device.close()
    assert seen == shots

"""The headless face: play a key script, write a PNG of the screen after each step."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from .device import SimDevice
from .script import Step


class ExpectationFailed(AssertionError):
    pass


def screen_text(device: SimDevice) -> str:
    """Every piece of text on the current frame, one per line."""
    from parlour_device.ui.frame import TEXT

    return "\n".join(item[3] for item in device.app.shown or () if item[0] == TEXT)


def run_script(device: SimDevice, steps: list[Step], screenshots: Path | None = None,
               named_only: bool = False, real_time: bool = False, scale: int = 1,
               on_reset: Callable[[Step], None] | None = None) -> SimDevice:
    """Play `steps`; returns the device (a new one after a `reset` step, each of which
    is also told to `on_reset`)."""
    if screenshots is not None:
        screenshots.mkdir(parents=True, exist_ok=True)
    for index, step in enumerate(steps, 1):
        device = apply(device, step, real_time)
        if step.kind == "reset" and on_reset is not None:
            on_reset(step)
        if screenshots is None:
            continue
        if step.kind == "shot":
            (screenshots / f"{step.value}.png").write_bytes(device.png(scale))
        elif not named_only:
            (screenshots / f"{index:03d}.png").write_bytes(device.png(scale))
    return device


def play(text: str, board: str | None = None, state_dir: Path | None = None,
         named_only: bool = False, seed: int = 1) -> tuple[SimDevice, list[tuple[str, bytes]]]:
    """Play a script's text on a fresh device; -> (device, [(name, png), ...]).

    Names are "NNN" (the step number) for every step, or the `shot` names; with
    named_only, only the `shot` steps. The device is closed; its state folder kept.
    """
    import tempfile

    from .script import parse, script_board

    steps = parse(text)
    state = state_dir or Path(tempfile.mkdtemp(prefix="parlour-sim-"))
    device = SimDevice(board or script_board(text) or "macropad", state, pty=False, seed=seed,
                       virtual_time=True)
    shots: list[tuple[str, bytes]] = []
    try:
        for index, step in enumerate(steps, 1):
            device = apply(device, step)
            if step.kind == "shot":
                shots.append((str(step.value), device.png()))
            elif not named_only:
                shots.append((f"{index:03d}", device.png()))
    finally:
        device.close()
    return device, shots


def apply(device: SimDevice, step: Step, real_time: bool = False) -> SimDevice:
    if step.kind == "key":
        device.key(int(step.value))
    elif step.kind == "turn":
        device.turn(int(step.value))
    elif step.kind == "press":
        device.press()
    elif step.kind == "wait":
        if not real_time:
            device.skip(int(step.value))
            return device
        end = time.monotonic() + int(step.value) / 1000
        device.step()
        while time.monotonic() < end:
            time.sleep(0.01)
            device.step()
    elif step.kind == "expect":
        text = screen_text(device)
        if str(step.value) not in text:
            raise ExpectationFailed(f"line {step.line}: expected {step.value!r} on the screen, "
                                    f"which shows: {' | '.join(text.splitlines())}")
    elif step.kind == "reset":
        board, state = device.board, device.state_dir
        device.close()
        device = SimDevice(board, state, pty=device.hw.serial is not None, seed=device.seed,
                           virtual_time=device.hw.virtual_time)
    return device

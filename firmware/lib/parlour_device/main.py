# What code.py runs: pick the board (settings.toml or board.board_id), start the
# app on it (which boots straight back into a live match) and loop forever.
# Nothing escapes to code.py: CircuitPython would put the traceback on the display.
import time

from . import boards
from .app import App

try:
    from typing import Optional
except ImportError:
    pass

TRIES = 3       # starts after an error escaped the app, before the device waits
DRIVE = "/"     # CIRCUITPY, where the error log goes when there is no app to ask


def start(name: Optional[str] = None) -> App:
    return App(boards.make(name))


def run() -> None:
    tries = 0
    while True:
        try:
            tries += 1
            start().run()
        except Exception as e:
            stopped(e)
            if tries >= TRIES:
                idle()


def stopped(error: Exception) -> None:
    # The app could not start (or its loop broke): a short line on the console the
    # board shows, and the error on the drive.
    print("parlour: " + type(error).__name__ + " (parlour/errors.log)")
    try:
        from .errlog import note
        from .flash import Flash
        note(Flash(DRIVE), error)
    except Exception:  # nothing more to be done: the drive may be read-only
        pass


def idle() -> None:
    while True:
        time.sleep(1)

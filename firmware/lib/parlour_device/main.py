# What code.py runs: pick the board (settings.toml or board.board_id), start the
# app on it (which boots straight back into a live match) and loop forever.
# Nothing escapes to code.py: CircuitPython would put the traceback on the display.
import time

from . import boards
from .app import App
from .boards.common import Board

try:
    from typing import Optional
except ImportError:
    pass

TRIES = 3       # starts after an error escaped the app, before the device waits
DRIVE = "/"     # CIRCUITPY, where the error log goes when there is no app to ask


def start(name: Optional[str] = None) -> App:
    return App(boards.make(name))


def run() -> None:
    # An error that escapes the app (it could not start, or its loop broke): a short
    # line on the console the board shows, the error on the drive, and after TRIES
    # of them the device waits for a reset.
    tries = 0
    while True:
        try:
            tries += 1
            start().run()
        except Exception as e:
            # The pins this try claimed go back first: the next try must meet this
            # error again, not "pin in use".
            claimed = Board.claimed
            while claimed:
                try:
                    claimed.pop().deinit()
                except Exception:  # already released: nothing left to free
                    pass
            print("parlour: " + type(e).__name__ + " (parlour/log/errors.log)")
            try:
                from .errlog import note
                from .flash import Flash
                note(Flash(DRIVE), e)
            except Exception:  # nothing more to be done: the drive may be read-only
                pass
            while tries >= TRIES:
                time.sleep(1)

# What code.py runs: pick the board (settings.toml or board.board_id), start the
# app on it (which boots straight back into a live match) and loop forever.
from . import boards
from .app import App

try:
    from typing import Optional
except ImportError:
    pass


def start(name: Optional[str] = None) -> App:
    return App(boards.make(name))


def run() -> None:
    start().run()

"""Where parlour keeps things on the laptop: the database in the user's data folder,
and the notes a running simulator leaves so `parlour devices` (and `sync`, `roster
push`, ...) can find its port."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "parlour"


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP, appauthor=False))


def default_db() -> Path:
    """PARLOUR_DB, else parlour.db in the user's data folder."""
    override = os.environ.get("PARLOUR_DB")
    return Path(override) if override else data_dir() / "parlour.db"


def runtime_dir() -> Path:
    """PARLOUR_RUNTIME, else a folder of the user's state that every shell agrees on.
    Not the runtime folder: that one moves with XDG_RUNTIME_DIR, which one shell may
    set and another not, and a simulator's note must be found from either. A note
    outlives its simulator only until it is next read (its process is gone)."""
    override = os.environ.get("PARLOUR_RUNTIME")
    if override:
        return Path(override)
    return Path(platformdirs.user_state_dir(APP, appauthor=False)) / "simulators"

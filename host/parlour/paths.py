"""Where parlour keeps things on the laptop: the database in the user's data folder,
and the notes a running simulator leaves so `parlour devices` can list its port."""

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
    """PARLOUR_RUNTIME, else the user's runtime folder (gone at log-out, as a pty is)."""
    override = os.environ.get("PARLOUR_RUNTIME")
    if override:
        return Path(override)
    return Path(platformdirs.user_runtime_dir(APP, appauthor=False))

"""Matches out of the database as files: CSV (a row per player per match, or per hand)
and JSON / JSON Lines with the full event logs. Writers only format; the file is
written whole or not at all (a .tmp renamed into place)."""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..errors import ParlourError

FORMATS = ("csv", "json", "jsonl")


def write(target: Path | None, writer: Callable[[TextIO], None]) -> None:
    if target is None:
        writer(sys.stdout)
        return
    target = Path(target)
    if target.is_dir():
        raise ParlourError(f"-o {target} is a folder: give a file name", exit_code=2)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise ParlourError(f"cannot write {target}: {e.strerror}", exit_code=2) from None
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            writer(f)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise

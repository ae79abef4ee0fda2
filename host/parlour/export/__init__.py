"""Matches out of the database as files: CSV (a row per player per match, or per hand)
and JSON / JSON Lines with the full event logs. Writers only format; the file is
written whole or not at all (a .tmp renamed into place)."""

from __future__ import annotations

import errno
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from ..errors import ParlourError

FORMATS = ("csv", "json", "jsonl", "bgstats", "bgg")


def write(target: Path | None, writer: Callable[[TextIO], None]) -> None:
    if target is None:
        _to_stdout(writer)
        return
    target = Path(target)
    if target.is_dir():
        raise ParlourError(f"-o {target} is a folder: give a file name", exit_code=2)
    if target.exists() and not target.is_file():
        _in_place(target, writer)   # a pipe or a device: a rename would replace it
        return
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        # The file is written beside its target first, then renamed over it.
        if not folder.is_dir():
            raise ParlourError(f"cannot write {target}: there is no folder {folder}",
                               exit_code=2) from None
        raise ParlourError(f"cannot write {target}: the folder {folder} takes no new file "
                           f"({(e.strerror or str(e)).lower()}): give -o a file in a folder "
                           "of yours", exit_code=2) from None
    try:
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as f:
            writer(f)
            f.flush()
            os.fsync(f.fileno())    # a full disk says so now, not after the rename
        os.replace(tmp, target)
    except OSError as e:
        _discard(tmp)
        raise ParlourError(f"cannot write {target}: {e.strerror}{_what_to_do(e)} ({target} is "
                           "as it was)") from None
    except BaseException:
        _discard(tmp)
        raise


def _in_place(target: Path, writer: Callable[[TextIO], None]) -> None:
    try:
        with open(target, "w", newline="", encoding="utf-8") as f:
            writer(f)
    except OSError as e:
        raise ParlourError(f"cannot write {target}: {e.strerror}{_what_to_do(e)}") from None


def _to_stdout(writer: Callable[[TextIO], None]) -> None:
    try:
        writer(sys.stdout)
        sys.stdout.flush()
    except BrokenPipeError:
        raise           # the reader stopped reading (`| head`): main() ends quietly
    except OSError as e:
        silence_stdout()
        raise ParlourError(f"cannot write the export to standard output: {e.strerror}"
                           f"{_what_to_do(e)}") from None


def _what_to_do(error: OSError) -> str:
    if error.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", -1)):
        return ": free some space, then export again"
    return ""


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass    # a .tmp name nobody reads; the target itself was never touched


def silence_stdout() -> None:
    # What is still buffered would fail again when Python exits, as a second message.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass    # stdout is not a file (a test's capture): nothing to flush at exit

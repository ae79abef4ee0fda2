"""What went wrong with the database, in one line a user can act on.

SQLite names the failure (sqlite_errorname); the file system says whose fault it is
(a read-only file or folder, a full disk). Every sqlite3 error that leaves the store
becomes one of these, naming the file, so no command shows a traceback for it.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

from ..errors import ParlourError

WAIT = 5.0          # seconds to wait for another program's write (--db-wait)
LOW_SPACE = 1 << 20  # a disk with less free than this is called full


def busy(error: sqlite3.Error) -> bool:
    return getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED"))


def failure(path: Path, error: sqlite3.Error | OSError, wait: float = WAIT) -> ParlourError:
    path = Path(path)
    name = getattr(error, "sqlite_errorname", "")
    if isinstance(error, sqlite3.Error) and busy(error):
        return ParlourError(f"the database {path} is busy: another program kept it for {wait:g} "
                            "s (another `parlour sync`?): retry when it is done, or wait "
                            "longer with --db-wait")
    if name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")) \
            or isinstance(error, PermissionError):
        return ParlourError(_unwritable(path, name))
    if name == "SQLITE_FULL" or getattr(error, "errno", None) == errno.ENOSPC or (
            name.startswith("SQLITE_IOERR") and _free(path) < LOW_SPACE):
        return ParlourError(f"cannot write the database {path}: the disk is full: free some "
                            "space, then retry (nothing was half-written)")
    if name.startswith("SQLITE_IOERR") or isinstance(error, OSError):
        why = getattr(error, "strerror", None) or "disk I/O error"
        return ParlourError(f"cannot use the database {path}: {why} (is its disk full, or "
                            "gone?): free some space or plug it back in, then retry")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return ParlourError(f"the database {path} is damaged or not a parlour database: give "
                            "--db another file (keep this one: `sqlite3 .recover` may save it)")
    return ParlourError(f"cannot use the database {path}: {error}")


def refuse_unwritable(path: Path) -> None:
    """Raise PermissionError when the file or its folder is plainly not writable (as
    access(2) says, capabilities and read-only mounts included); SQLite's own check
    comes later and catches what this cannot see."""
    folder = path.parent
    if not os.access(folder, os.W_OK | os.X_OK) or (
            path.exists() and not os.access(path, os.W_OK)):
        raise PermissionError(errno.EACCES, "read-only", str(path))


def _unwritable(path: Path, name: str) -> str:
    folder = path.parent
    if path.is_dir():
        return f"--db {path} is a folder: give a file name"
    if not folder.is_dir():
        return (f"cannot make the folder {folder} for the database: permission denied: give "
                "--db a file in a folder you can write")
    if name == "SQLITE_READONLY_DIRECTORY" or not os.access(folder, os.W_OK | os.X_OK):
        # SQLite keeps its journal (and the WAL's index) beside the file, so even a
        # reader needs a folder it may write.
        return (f"cannot use the database {path}: its folder {folder} is read-only to you: "
                "give --db a file in a folder you can write (or copy it there)")
    if path.exists() and not os.access(path, os.W_OK):
        return (f"cannot write the database {path}: the file is read-only to you: make it "
                "writable, or give --db another file")
    return f"cannot write the database {path}: permission denied: give --db another file"


def _free(path: Path) -> int:
    try:
        return shutil.disk_usage(path.parent).free
    except OSError:
        return LOW_SPACE

"""`parlour install`: the drive image onto a board's CIRCUITPY drive.

The drive is known by the `boot_out.txt` CircuitPython writes at each start, which
also says the CircuitPython version and the board id. What the device keeps
(`parlour/`: journals, finished and kept matches, settings, roster) is never
written, moved or removed. Every file is first written under a temporary name;
only when all of them are on the drive are they renamed into place, so a full or
read-only drive is left as it was. A manifest on the drive lists what parlour put
there, so the next install removes only its own files that the new image no longer
has; a file parlour did not put there that the image replaces is kept beside it as
`<name>.before-parlour`.
"""

from __future__ import annotations

import errno
import getpass
import hashlib
import os
import re
import shutil
import string
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from .errors import ParlourError

BOOT_OUT = "boot_out.txt"
MANIFEST = "parlour-installed.txt"
USER_DATA = "parlour"           # the device's own folder: never touched
BACKUP = ".before-parlour"
PENDING = ".parlour-new"        # a file written, not yet renamed into place
UF2_PAGE = "https://circuitpython.org/board/{}/"
BY_HAND = ("to enter maintenance mode by hand, hold key 0 (top-left) while you press "
           "reset, then run `parlour install` again")


@dataclass
class Drive:
    path: Path
    version: str            # as boot_out.txt says it, e.g. "10.3.0"
    major: int
    board_id: str           # CircuitPython's, e.g. adafruit_macropad_rp2040
    uuid: str               # the chip's id (lower case), "" when not said


@dataclass
class Plan:
    write: list[str] = field(default_factory=list)      # new or changed image files
    same: list[str] = field(default_factory=list)       # already there, byte for byte
    set_aside: list[str] = field(default_factory=list)  # not parlour's: kept as .before-parlour
    remove: list[str] = field(default_factory=list)     # an older parlour's, not in this image
    need: int = 0                                       # bytes the writes take on the drive
    free: int = 0


# -- finding the drive ----------------------------------------------------------------
def search_roots() -> list[Path]:
    """Where a CIRCUITPY drive is mounted on this system."""
    if sys.platform == "darwin":
        return [Path("/Volumes")]
    if os.name == "nt":
        return [Path(f"{letter}:\\") for letter in string.ascii_uppercase[2:]]
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = ""
    return [Path("/media") / user, Path("/run/media") / user, Path("/media"), Path("/mnt")]


def find_drives(roots: list[Path]) -> list[Path]:
    """The folders holding a boot_out.txt: each root itself (a Windows drive letter)
    or a folder directly in it (a mount point)."""
    found: list[Path] = []
    for root in roots:
        try:
            children = [root] + sorted(p for p in root.iterdir() if p.is_dir())
        except OSError:
            continue
        for path in children:
            if (path / BOOT_OUT).is_file() and path not in found:
                found.append(path)
    return found


def locate(given: Path | None) -> Path:
    if given is not None:
        if not given.is_dir():
            raise ParlourError(f"{given} is not a folder: give the CIRCUITPY drive's folder",
                               exit_code=2)
        return given
    found = find_drives(search_roots())
    if not found:
        raise ParlourError("no CIRCUITPY drive found: plug the board in (with CircuitPython "
                           "on it), or give its folder with --drive")
    if len(found) > 1:
        raise ParlourError(f"{len(found)} CIRCUITPY drives found "
                           f"({', '.join(str(p) for p in found)}): pick one with --drive")
    return found[0]


def read_drive(path: Path) -> Drive:
    try:
        text = (path / BOOT_OUT).read_text(errors="replace")
    except FileNotFoundError:
        raise ParlourError(f"{path} has no {BOOT_OUT}: it is not a CIRCUITPY drive "
                           "(CircuitPython writes that file each time it starts)") from None
    except OSError as e:
        raise ParlourError(f"cannot read {path / BOOT_OUT}: {e.strerror}") from None
    version = re.search(r"CircuitPython (\d+)\.(\d+)\.?(\S*)", text)
    board = re.search(r"^Board ID:\s*(\S+)", text, re.MULTILINE)
    if version is None or board is None:
        raise ParlourError(f"{path / BOOT_OUT} does not say which CircuitPython and board "
                           "it is: press reset so CircuitPython writes it again")
    uuid = re.search(r"^UUID:\s*([0-9A-Fa-f]+)", text, re.MULTILINE)
    said = ".".join(v for v in version.groups() if v).rstrip(";")
    return Drive(path, said, int(version.group(1)), board.group(1),
                 uuid.group(1).lower() if uuid else "")


def check_version(drive: Drive) -> None:
    from .image import CIRCUITPYTHON

    if drive.major in CIRCUITPYTHON:
        return
    wanted = " or ".join(str(m) for m in CIRCUITPYTHON)
    raise ParlourError(f"the board runs CircuitPython {drive.version}, parlour's image is "
                       f"built for CircuitPython {wanted}: install CircuitPython "
                       f"{CIRCUITPYTHON[-1]} (its UF2 is at {UF2_PAGE.format(drive.board_id)}), "
                       "then run `parlour install` again")


def board_name(drive: Drive, asked: str | None) -> str:
    from .image import BOARDS, board_ids

    ids = board_ids()
    known = ids.get(drive.board_id)
    if asked is not None:
        if asked not in BOARDS:
            raise ParlourError(f"no board {asked!r}: choose one of {', '.join(sorted(BOARDS))}",
                               exit_code=2)
        if known is not None and known != asked:
            raise ParlourError(f"the drive is a {known} board ({drive.board_id}), not {asked}: "
                               "leave out --board", exit_code=2)
        return asked
    if known is None:
        table = ", ".join(f"{name}: {board}" for board, name in sorted(ids.items()))
        raise ParlourError(f"parlour does not know the board {drive.board_id} ({table}): "
                           "name the build it is with --board")
    return known


# -- what the drive holds ---------------------------------------------------------------
def unsynced(drive: Path, held, board_uid: str = "") -> tuple[str | None, list[list]]:
    """The drive's store identity and its finished matches ([number, digest]) that
    `held(store, recs)` does not find in the database, read by the firmware's own
    journal as maintenance mode reads it (nothing written). A store made before
    identities is keyed by the board's id, as its hello names it."""
    from parlour_device.flash import Flash
    from parlour_device.journal import Journal
    from parlour_device.records import digest, store_id

    if not (drive / USER_DATA).is_dir():
        return None, []
    try:
        journal = Journal(Flash(str(drive)), None, False)
        recs = [[seq, digest(journal, seq)] for seq in journal.pending()]
        key = store_id(journal) or board_uid or None
    except (OSError, ValueError) as e:
        raise ParlourError(f"cannot read the finished matches on the drive at {drive} ({e}): "
                           "nothing was changed; `parlour sync` first") from None
    if not recs:
        return key, []
    have = held(key, recs) if key else []
    return key, [r for r in recs if r not in have]


def kept_summary(drive: Path) -> str:
    """What the device keeps in parlour/, in words."""
    folder = drive / USER_DATA
    if not folder.is_dir():
        return "nothing of the device's yet (no parlour/ folder)"
    files = [p for p in folder.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    kept = len(list((folder / "kept").glob("*"))) if (folder / "kept").is_dir() else 0
    parts = [f"parlour/ as it was ({len(files)} files, {size:,d} bytes: the journal, "
             "finished matches"]
    if kept:
        parts.append(f", {kept} match(es) kept for later")
    if (folder / "s0" / "prefs").is_file():
        parts.append(", settings and roster")
    for name, what in (("settings.json", "settings"), ("roster.json", "roster")):
        if (folder / name).is_file():      # the layout before: moved in at the next boot
            parts.append(f", {what}")
    return "".join(parts) + ")"


def writable(drive: Path) -> bool:
    """Whether this computer may write the drive: a board whose firmware holds the
    flash shows it read-only."""
    return os.access(drive, os.W_OK)


def wait_writable(drive: Drive, seconds: float, search: bool = False) -> Path | None:
    """Where the drive is once writable, after the board restarted: the same folder,
    or (`search`) wherever the system mounted the same board again; None after
    `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        places = [drive.path]
        if search:
            places += find_drives(search_roots())
        for path in places:
            try:
                if (path / BOOT_OUT).is_file() and writable(path) and (
                        path == drive.path or read_drive(path).uuid == drive.uuid != ""):
                    return path
            except (OSError, ParlourError):
                pass        # the drive is being mounted again
        time.sleep(0.2)
    return None


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def read_manifest(drive: Path) -> dict[str, str]:
    """{path: digest} of what the last install put on the drive ({} if none)."""
    try:
        text = (drive / MANIFEST).read_text()
    except (OSError, UnicodeError):
        return {}
    out = {}
    for line in text.splitlines():
        if line.startswith("#") or " " not in line:
            continue
        digest, rel = line.split(" ", 1)
        if _safe(rel):
            out[rel] = digest
    return out


def _safe(rel: str) -> bool:
    # A path parlour may put or remove: on the drive, and never in the device's folder.
    parts = rel.split("/")
    return (bool(rel) and ".." not in parts and not rel.startswith("/") and "\\" not in rel
            and parts[0] != USER_DATA and rel not in (BOOT_OUT, MANIFEST))


def manifest_text(image: Path, files: list[str], board: str) -> bytes:
    from . import __version__

    lines = [f"# What `parlour install` put on this drive (parlour {__version__}, board "
             f"{board}); the next install removes those the new image no longer has.",
             "# parlour/ is the device's own: no install writes or removes anything in it."]
    lines += [f"{_digest(image / rel)} {rel}" for rel in files]
    return ("\n".join(lines) + "\n").encode()


def plan(drive: Path, image: Path, files: list[str]) -> Plan:
    old = read_manifest(drive)
    out = Plan()
    cluster = _cluster(drive)
    for rel in files:
        if not _safe(rel):
            raise ParlourError(f"the image holds {rel}, which is the device's own: not installed")
        source, target = image / rel, drive / rel
        if target.is_file():
            if target.read_bytes() == source.read_bytes():
                out.same.append(rel)
                continue
            if old.get(rel) != _digest(target):
                out.set_aside.append(rel)       # not parlour's, or changed since
        elif target.exists():
            raise ParlourError(f"{target} is a folder where the image puts a file: move it "
                               "away, then retry (nothing was changed)")
        out.write.append(rel)
        out.need += _rounded(source.stat().st_size, cluster)
    new = set(files)
    for rel in sorted(old):
        if rel not in new and (drive / rel).is_file():
            out.remove.append(rel)
    for rel in files:
        if rel.endswith(".mpy"):
            shadow = rel[:-4] + ".py"       # a .py wins on import over the .mpy
            if shadow not in new and shadow not in out.remove and (drive / shadow).is_file():
                if old.get(shadow) == _digest(drive / shadow):
                    out.remove.append(shadow)
                else:
                    out.set_aside.append(shadow)
    # The manifest, and a cluster for each folder the writes may make.
    folders = {str(Path(rel).parent) for rel in out.write}
    out.need += _rounded(len(manifest_text(image, files, "x")), cluster) + cluster * len(folders)
    out.free = shutil.disk_usage(drive).free
    return out


def _cluster(drive: Path) -> int:
    try:
        return max(512, os.statvfs(drive).f_frsize)
    except (AttributeError, OSError):
        return 4096


def _rounded(size: int, cluster: int) -> int:
    return max(1, -(-size // cluster)) * cluster


def _backup_name(target: Path) -> Path:
    candidate = target.with_name(target.name + BACKUP)
    number = 1
    while candidate.exists():
        number += 1
        candidate = target.with_name(f"{target.name}{BACKUP}-{number}")
    return candidate


def apply(drive: Path, image: Path, files: list[str], steps: Plan, board: str) -> None:
    """Write every file under a temporary name, then rename them into place; on any
    failure before the renames, what was written is removed and the drive is as it was."""
    pending: list[Path] = []
    made: list[Path] = []
    try:
        for rel in steps.write + [MANIFEST]:
            target = drive / rel
            for folder in reversed(target.parents):
                if folder != drive and drive in folder.parents and not folder.exists():
                    folder.mkdir()
                    made.append(folder)
            tmp = target.with_name(target.name + PENDING)
            data = (manifest_text(image, files, board) if rel == MANIFEST
                    else (image / rel).read_bytes())
            pending.append(tmp)
            with open(tmp, "wb") as f:
                f.write(data)
                f.flush()
                os.fsync(f.fileno())
    except OSError as e:
        for tmp in pending:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
        for folder in reversed(made):
            try:
                folder.rmdir()
            except OSError:
                pass
        raise drive_error(drive, e) from None
    for rel in steps.set_aside:
        os.replace(drive / rel, _backup_name(drive / rel))
    for rel in steps.write + [MANIFEST]:
        target = drive / rel
        os.replace(target.with_name(target.name + PENDING), target)
    for rel in steps.remove:
        (drive / rel).unlink(missing_ok=True)


def drive_error(drive: Path, e: OSError) -> ParlourError:
    if e.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", -1)):
        return ParlourError(f"the drive at {drive} is full: nothing was changed; make room "
                            "(not in its parlour/ folder), then retry")
    if e.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
        return ParlourError(f"the drive at {drive} is read-only: nothing was changed; "
                            f"{BY_HAND}")
    return ParlourError(f"cannot write the drive at {drive}: {e.strerror}: nothing was changed")

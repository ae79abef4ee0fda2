"""`parlour install`: parlour onto a board's CIRCUITPY drive, what the device keeps kept."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ..errors import ParlourError
from ..session import add_db, add_port


def register(sub) -> None:
    parser = sub.add_parser(
        "install", help="put parlour on a board's CIRCUITPY drive (the device's matches, "
        "settings and roster are kept)",
        description="Finds the CIRCUITPY drive by its boot_out.txt, checks the CircuitPython "
        "version and board it reports, builds the drive image for that board and copies it, "
        "with the libraries from the installed packages. The device's parlour/ folder is "
        "never touched; finished matches not yet in the database are synced first. When "
        "the firmware holds the drive, the device is asked over its data port to restart "
        "into maintenance mode, and back into parlour after.")
    parser.add_argument("--drive", type=Path, metavar="PATH",
                        help="the CIRCUITPY drive's folder (default: the one found)")
    from ..image import BOARDS

    parser.add_argument("--board", metavar="NAME",
                        help=f"which build: {', '.join(sorted(BOARDS))} (default: from the "
                        "board id in boot_out.txt)")
    parser.add_argument("--image", type=Path, metavar="DIR",
                        help="a drive image `parlour image` built for this board (default: "
                        "build one now)")
    parser.add_argument("--dry-run", action="store_true",
                        help="say what would be written, kept and removed; change nothing")
    parser.add_argument("--yes", action="store_true",
                        help="sync unsynced finished matches without asking")
    parser.add_argument("--wait", type=float, default=60.0, metavar="S",
                        help="seconds to wait for the drive to become writable after the "
                        "device restarts (default 60)")
    add_port(parser)
    add_db(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from .. import install

    drive = install.read_drive(install.locate(args.drive))
    install.check_version(drive)
    board = install.board_name(drive, args.board)
    _check_matches(args, drive)
    with tempfile.TemporaryDirectory(prefix="parlour-image-") as scratch:
        image, files = _image(args.image, board, Path(scratch))
        restarted = False
        if not install.writable(drive.path):
            if args.dry_run:
                print(f"{drive.path} is read-only now (the firmware holds it): the install "
                      "would ask the device to restart into maintenance mode first")
            else:
                _into_maintenance(args, drive)
                restarted = True
        steps = install.plan(drive.path, image, files)
        _say_plan(drive, board, steps, args.dry_run)
        if args.dry_run:
            return 0
        if steps.need > steps.free:
            raise ParlourError(f"the drive at {drive.path} has {steps.free:,d} bytes free and "
                               f"the image needs {steps.need:,d}: nothing was changed; make "
                               "room (not in its parlour/ folder), then retry")
        install.apply(drive.path, image, files, steps, board)
    print(f"installed parlour for the {board} board on {drive.path} (CircuitPython "
          f"{drive.version}): {len(steps.write)} file(s) written, {len(steps.same)} "
          f"unchanged, {len(steps.remove)} of an older parlour removed")
    for rel in steps.set_aside:
        print(f"kept {rel} as {rel}{install.BACKUP} (parlour did not put it there, or it "
              "was changed since)")
    print(f"kept {install.kept_summary(drive.path)}")
    _into_parlour(args, drive, waiting=restarted)
    return 0


def _image(given: Path | None, board: str, scratch: Path) -> tuple[Path, list[str]]:
    """The image to install: the one given (checked to be this board's), or one built."""
    from ..image import build

    if given is None:
        image = scratch / "CIRCUITPY"
        return image, build(image, board)
    if not (given / "lib" / "parlour_device" / "boards" / f"{board}.mpy").is_file():
        raise ParlourError(f"{given} is not a drive image for the {board} board: build one "
                           f"with `parlour image DIR --board {board}`", exit_code=2)
    files = sorted(p.relative_to(given).as_posix() for p in given.rglob("*") if p.is_file())
    return given, files


def _say_plan(drive, board: str, steps, dry_run: bool) -> None:
    if not dry_run:
        return
    print(f"would install parlour for the {board} board on {drive.path} (CircuitPython "
          f"{drive.version}): {len(steps.write)} file(s) to write ({steps.need:,d} bytes of "
          f"{steps.free:,d} free), {len(steps.same)} unchanged")
    for rel in steps.write:
        print(f"  write  {rel}")
    for rel in steps.set_aside:
        print(f"  keep   {rel} as {rel}.before-parlour (not as parlour put it there)")
    for rel in steps.remove:
        print(f"  remove {rel}")
    from ..install import kept_summary

    print(f"would keep {kept_summary(drive.path)}")


def _check_matches(args, drive) -> None:
    """Every finished match on the drive must be in the database, or be synced now."""
    from .. import install
    from ..session import database
    from ..store.matches import held_here

    def held(key, recs):
        with database(args) as store:
            return held_here(store, key, recs)

    key, missing = install.unsynced(drive.path, held, drive.uuid)
    if not missing:
        return
    where = f"{len(missing)} finished match(es) on the drive (store {key or 'unknown'})"
    if args.dry_run:
        print(f"{where} are not in the database yet: the install would offer to sync them")
        return
    if not args.yes:
        if not sys.stdin.isatty():
            raise ParlourError(f"{where} are not in the database yet: nothing was changed; "
                               "run `parlour sync` first, or pass --yes to sync them now")
        try:
            answer = input(f"{where} are not in the database yet. Sync them now? [y/N] ")
        except EOFError:
            answer = ""
        if answer.strip().lower() not in ("y", "yes"):
            raise ParlourError("nothing was changed: run `parlour sync`, then install")
    _sync(args)
    key, missing = install.unsynced(drive.path, held, drive.uuid)
    if missing:
        raise ParlourError(f"{len(missing)} finished match(es) on the drive are still not in "
                           "the database after the sync: nothing was changed; see `parlour "
                           "sync`")


def _sync(args) -> None:
    from .. import sync
    from ..link.transport import DeviceRefused
    from ..session import database, device

    try:
        with database(args, write=True) as store, device(args) as link:
            report = sync.run(link, store)
    except DeviceRefused as e:
        if e.code != "flash":
            raise
        # In maintenance mode the device cannot free what it sent: the database has
        # it all the same, and the next sync frees it.
        return
    print(f"synced: {report.received} received, {report.added} new")


def _ports_of(drive, found: list) -> list:
    # The board's USB serial number is the chip id boot_out.txt names: never another
    # board's port, when the drive says which it is.
    return [f for f in found if not drive.uuid or f.serial.lower() == drive.uuid]


def _into_maintenance(args, drive) -> None:
    from .. import install
    from ..link.ports import find_all

    port = args.port
    if port is None:
        found = _ports_of(drive, find_all())
        if len(found) != 1:
            said = "no data port answers" if not found else f"{len(found)} data ports answer"
            raise ParlourError(f"the drive at {drive.path} is read-only (the firmware holds "
                               f"it) and {said}: {install.BY_HAND}")
        port = found[0].port
    from ..link.serial import SerialTransport
    from ..link.transport import BrokenFrame

    try:
        link = SerialTransport(port, timeout=args.timeout)
        try:
            link.hello()
            try:
                link.restart(maint=True)
            except (TimeoutError, BrokenFrame):
                pass    # restarted before its answer came whole: the drive will tell
        finally:
            link.close()
    except ParlourError as e:
        why = str(e)
        raise ParlourError(f"the drive at {drive.path} is read-only (the firmware holds it) "
                           f"and the device at {port} did not restart ({why}): "
                           f"{install.BY_HAND}") from None
    print(f"the device restarts into maintenance mode: waiting up to {args.wait:g} s for "
          f"{drive.path} to become writable", flush=True)
    back = install.wait_writable(drive, args.wait, search=args.drive is None)
    if back is None:
        raise ParlourError(f"the drive at {drive.path} did not become writable in "
                           f"{args.wait:g} s: nothing was changed; {install.BY_HAND}")
    drive.path = back


def _into_parlour(args, drive, waiting: bool) -> None:
    """Restart into parlour over the data port (`waiting` for it to come back after
    the restart into maintenance mode); else say to press reset, since boot.py, which
    gives the flash to parlour, runs only at a reset."""
    import time

    from ..link.ports import find_all
    from ..link.serial import SerialTransport

    deadline = time.monotonic() + (max(args.timeout * 3, 10.0) if waiting else 0.0)
    while True:
        port = args.port
        if port is None:
            found = _ports_of(drive, find_all())
            port = found[0].port if len(found) == 1 else None
        if port is not None:
            try:
                link = SerialTransport(port, timeout=args.timeout)
                try:
                    link.hello()
                    link.restart(maint=False)
                finally:
                    link.close()
                print("the device restarts into parlour")
                return
            except (ParlourError, TimeoutError):
                pass    # the port is coming back after the restart
        if time.monotonic() >= deadline:
            break
        time.sleep(0.5)
    print("press the board's reset button to start parlour (no data port answered to "
          "restart it)")

"""What the device and database commands share: the --port and --db options, the
device they name (or the one found), and tables that fit a terminal 80 wide."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

from .errors import ParlourError
from .paths import default_db

WIDTH = 80


def add_port(parser) -> None:
    parser.add_argument("--port", metavar="P", help="the data port (default: the one board "
                        "or simulator found; `parlour devices` lists them)")
    parser.add_argument("--timeout", type=float, default=3.0, metavar="S",
                        help="seconds to wait for each frame (default 3)")


def add_db(parser) -> None:
    from .store.failures import WAIT

    parser.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help="the database (default: parlour.db in your data folder)")
    parser.add_argument("--db-wait", type=_seconds, default=WAIT, metavar="S",
                        help=f"seconds to wait while another program writes the database "
                        f"(default {WAIT:g})")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds from 0 to 3600")
    return value


def db_path(args) -> Path:
    return args.db or default_db()


def pick_port(port: str | None) -> str:
    if port:
        return port
    from .link.ports import find_all

    found = find_all()
    if not found:
        raise ParlourError("no device found: plug the board in (boot.py turns its data port "
                           "on) or start `parlour sim`, or give --port")
    if len(found) > 1:
        raise ParlourError(f"{len(found)} devices found ({', '.join(f.port for f in found)}): "
                           "pick one with --port")
    return found[0].port


@contextlib.contextmanager
def device(args) -> Iterator:
    from .link.serial import SerialTransport

    link = SerialTransport(pick_port(args.port), timeout=args.timeout)
    try:
        yield link
    finally:
        link.close()


@contextlib.contextmanager
def database(args, create: bool = True, write: bool = False) -> Iterator:
    """The store, for the block; `write`: known to take a write before the block
    starts. Whatever SQLite raises in the block leaves as one line naming the file."""
    import sqlite3

    from .store import open_store
    from .store.failures import WAIT, failure

    path, wait = db_path(args), getattr(args, "db_wait", WAIT)
    with _notice(f"the database {path} is busy (another program is writing it): waiting up "
                 f"to {wait:g} s") as waiting:
        store = open_store(path, create=create, write=write, wait=wait, waiting=waiting)
    try:
        yield store
    except sqlite3.Error as e:
        raise failure(path, e, wait) from None
    finally:
        try:
            store.close()
        except sqlite3.Error:
            pass    # what was committed is in the file; the rest was never kept


@contextlib.contextmanager
def _notice(text: str) -> Iterator:
    """A waiting line on a terminal, rubbed out when the wait ends, so a failure is
    still the one line `parlour: ...`; nothing where stderr is a file or a pipe."""
    shown = []

    def show() -> None:
        if sys.stderr.isatty():
            sys.stderr.write(f"parlour: {text}\r")
            sys.stderr.flush()
            shown.append(True)

    try:
        yield show
    finally:
        if shown:
            sys.stderr.write("\x1b[2K\r")
            sys.stderr.flush()


def table(headers: list[str], rows: list[list[str]], width: int = WIDTH) -> list[str]:
    """Columns as wide as their widest cell, the widest cut down (with '~') until a
    line fits `width`."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    while sum(widths) + 2 * (len(widths) - 1) > width:
        widest = max(range(len(widths)), key=lambda i: widths[i])
        if widths[widest] <= 4:
            break
        widths[widest] -= 1

    def line(values: list[str]) -> str:
        out = []
        for value, w in zip(values, widths, strict=True):
            out.append(value if len(value) <= w else value[:w - 1] + "~")
            out[-1] = out[-1].ljust(w)
        return "  ".join(out).rstrip()

    return [line(headers)] + [line(r) for r in cells]

"""`parlour sync`: every finished match from the device into the database."""

from __future__ import annotations

import sys

from ..session import add_db, add_port, database, device


def register(sub) -> None:
    parser = sub.add_parser("sync", help="copy every finished match from the device into "
                            "the database, replayed and checked",
                            description="Pulls every match the device holds, replays each "
                            "with the rules core, stores it, and only then lets the device "
                            "free it. Safe to interrupt and to repeat.")
    add_port(parser)
    add_db(parser)
    parser.set_defaults(func=run)


def run(args) -> int:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from .. import sync

    err = Console(stderr=True)
    # Transient: the summary line replaces it, and a failure stays the one line.
    bar = Progress(TextColumn("syncing"), BarColumn(), MofNCompleteColumn(), console=err,
                   transient=True)
    task = None

    def progress(done: int, total: int) -> None:
        # The bar appears once the device has said how much it holds.
        nonlocal task
        if task is None:
            bar.start()
            task = bar.add_task("sync", total=total)
        bar.update(task, completed=done, total=total)

    try:
        with database(args, write=True) as store, device(args) as link:
            report = sync.run(link, store, progress=progress)
    finally:
        bar.stop()
    for line in report.disagreements:
        err.print(f"[bold red]DISAGREES[/] {line}", highlight=False)
    print(f"device {report.device}: {report.received} received, {report.added} new, "
          f"{report.freed} freed on the device")
    if report.disagreements:
        print(f"parlour: {len(report.disagreements)} match(es) above disagree with what the "
              "database holds or replay differently; all are kept: see `parlour matches "
              "--disagree`", file=sys.stderr)
        return 3
    return 0

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
        if task is not None:    # a bar never started leaves nothing, not an empty line
            bar.stop()
    for line in report.disagreements:
        err.print(f"[bold red]DISAGREES[/] {line}", highlight=False, soft_wrap=True)
    for line in report.clashes:
        err.print(f"[bold red]CLASH[/] {line}", highlight=False, soft_wrap=True)
    for line in report.damaged:
        err.print(f"[bold red]DAMAGED[/] {line}", highlight=False, soft_wrap=True)
    print(f"device {report.device} (store {report.store}): {report.received} received, "
          f"{report.added} new, {report.freed} freed on the device"
          + (f", {len(report.damaged)} damaged" if report.damaged else ""))
    if report.disagreements:
        print(f"parlour: {len(report.disagreements)} match(es) above replay differently from "
              "what the device said; all are kept: see `parlour matches --disagree`",
              file=sys.stderr)
    if report.clashes:
        print(f"parlour: {len(report.clashes)} match(es) above came under a number another "
              "match already had; both are kept: see `parlour matches --clashes`",
              file=sys.stderr)
    if report.damaged:
        print(f"parlour: {len(report.damaged)} record(s) above are damaged on the device and "
              "were not synced; the rest were (docs/device.md says where they are kept)",
              file=sys.stderr)
    return 3 if report.disagreements or report.clashes or report.damaged else 0

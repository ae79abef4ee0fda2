"""`parlour devices`: the boards (and running simulators) whose data port is found."""

from __future__ import annotations


def register(sub) -> None:
    parser = sub.add_parser("devices", help="list the boards and simulators to sync with",
                            description="Boards are found by Adafruit's USB vendor id and "
                            "the data port's interface name (CDC2); a running `parlour sim` "
                            "lists its pseudo-terminal.")
    parser.set_defaults(func=run)


def run(args) -> int:
    from ..link.ports import find_all

    found = find_all()
    if not found:
        print("no devices found (plug a board in, or start `parlour sim`)")
        return 1
    from ..tables import print_table

    print_table(["PORT", "KIND", "SERIAL", "WHAT", "FOUND BY"],
                [[f.port, f.kind, f.serial, f.what, f.how] for f in found])
    return 0

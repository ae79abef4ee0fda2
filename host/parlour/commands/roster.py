"""`parlour roster push NAMES...`: the names the device's menus offer."""

from __future__ import annotations

from ..errors import ParlourError
from ..session import add_port, device

ROSTER_MAX = 32
# The characters the device's font draws: CircuitPython's built-in terminalio font
# holds printable ASCII; anything else shows as a blank or a box, and a terminal
# frame of the simulator would be misaligned by it.
DRAWABLE = frozenset(chr(code) for code in range(0x20, 0x7F))


def shown_max() -> int:
    """The longest name the MacroPad shows whole: its roster row ("32 Name") fills
    the 128-pixel screen's line, the narrowest list a name is read from."""
    from parlour_device.boards.common import MONO_128X64, layout

    return layout(MONO_128X64).cols - len("%d " % ROSTER_MAX)


def register(sub) -> None:
    parser = sub.add_parser("roster", help="set the player names on the device")
    verbs = parser.add_subparsers(dest="roster_command", metavar="push",
                                  parser_class=type(parser))
    push = verbs.add_parser("push", help=f"send NAMES (up to {ROSTER_MAX}; none brings back "
                            "P1..P8)", description="Each name: letters, digits, spaces and "
                            "ASCII punctuation (what the device's font draws), no longer than "
                            "the device's roster shows whole (18 characters on the MacroPad).")
    push.add_argument("names", nargs="*", metavar="NAMES")
    add_port(push)
    push.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def check(names: list[str]) -> list[str]:
    names = [n.strip() for n in names]
    if len(names) > ROSTER_MAX:
        raise ParlourError(f"a roster holds at most {ROSTER_MAX} names, not {len(names)}",
                           exit_code=2)
    longest = shown_max()
    for name in names:
        if not name:
            raise ParlourError("a name cannot be empty", exit_code=2)
        odd = [c for c in name if c not in DRAWABLE]
        if odd:
            shown = ", ".join(sorted({f"U+{ord(c):04X}" for c in odd}))
            raise ParlourError(f"the device cannot draw {shown} in {name!r}: a name takes "
                               "letters A-Z and a-z, digits, spaces and ASCII punctuation",
                               exit_code=2)
        if len(name) > longest:
            raise ParlourError(f"{name!r} has {len(name)} characters; the device shows "
                               f"names of 1 to {longest} whole", exit_code=2)
    if len({n.lower() for n in names}) != len(names):
        raise ParlourError("the names must differ", exit_code=2)
    return names


def run(args) -> int:
    names = check(args.names)
    with device(args) as link:
        link.hello()
        link.push_roster(names)
    print(f"roster on the device: {', '.join(names) if names else 'P1..P8'}")
    return 0

"""`parlour roster push NAMES...`: the names the device's menus offer."""

from __future__ import annotations

from ..errors import ParlourError
from ..session import add_port, device

ROSTER_MAX = 32
NAME_MAX = 24


def register(sub) -> None:
    parser = sub.add_parser("roster", help="set the player names on the device")
    verbs = parser.add_subparsers(dest="roster_command", metavar="push",
                                  parser_class=type(parser))
    push = verbs.add_parser("push", help="send NAMES (up to 32; none brings back P1..P8)")
    push.add_argument("names", nargs="*", metavar="NAMES")
    add_port(push)
    push.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def check(names: list[str]) -> list[str]:
    names = [n.strip() for n in names]
    if len(names) > ROSTER_MAX:
        raise ParlourError(f"a roster holds at most {ROSTER_MAX} names, not {len(names)}",
                           exit_code=2)
    for name in names:
        if not 0 < len(name) <= NAME_MAX:
            raise ParlourError(f"a name has 1 to {NAME_MAX} characters: {name!r}", exit_code=2)
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

"""`parlour settings push`: the device's sound, lights, brightness and game defaults."""

from __future__ import annotations

from ..errors import ParlourError
from ..session import add_port, device

BRIGHTNESS = ("low", "mid", "full")     # the device's "bright" setting: 0, 1, 2


def register(sub) -> None:
    parser = sub.add_parser("settings", help="set the device's settings")
    verbs = parser.add_subparsers(dest="settings_command", metavar="push",
                                  parser_class=type(parser))
    push = verbs.add_parser("push", help="send settings to the device")
    push.add_argument("--sound", choices=("on", "off"))
    push.add_argument("--lights", choices=("on", "off"))
    push.add_argument("--brightness", choices=BRIGHTNESS, help="the key lights' brightness")
    push.add_argument("--default", action="append", default=[], metavar="GAME.OPTION=N",
                      help="a game's option default, e.g. stump.target=15 (repeatable)")
    push.add_argument("--maintenance", action="store_true",
                      help="leave the drive writable for this computer after the device's "
                           "next reset (to install firmware)")
    add_port(push)
    push.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def settings_of(args) -> dict:
    out: dict = {}
    for name in ("sound", "lights"):
        value = getattr(args, name)
        if value is not None:
            out[name] = 1 if value == "on" else 0
    if args.brightness is not None:
        out["bright"] = BRIGHTNESS.index(args.brightness)
    defaults: dict = {}
    for text in args.default:
        key, _, number = text.partition("=")
        game, _, option = key.partition(".")
        try:
            value = int(number)
        except ValueError:
            value = None
        if not game or not option or value is None:
            raise ParlourError(f"--default takes GAME.OPTION=N, not {text!r}", exit_code=2)
        defaults.setdefault(game, {})[option] = value
    if defaults:
        out["defaults"] = defaults
    if not out and not args.maintenance:
        raise ParlourError("nothing to push: give --sound, --lights, --brightness, "
                           "--default or --maintenance", exit_code=2)
    return out


def run(args) -> int:
    settings = settings_of(args)
    with device(args) as link:
        link.hello()
        if settings:
            link.push_settings(settings)
        if args.maintenance:
            link.maintenance()
    if settings:
        print("settings on the device: " +
              ", ".join(f"{k}={v}" for k, v in sorted(settings.items())))
    if args.maintenance:
        print("maintenance mode at the next reset: the drive opens for this computer")
    return 0

"""`parlour settings push`: the device's sound, lights, brightness and game defaults."""

from __future__ import annotations

from ..errors import ParlourError
from ..session import add_port, device

BRIGHTNESS = ("low", "mid", "full")     # the device's "bright" setting: 0, 1, 2
GAMES = ("dumbo", "poker", "stump", "dartex", "galumphus")


def register(sub) -> None:
    parser = sub.add_parser("settings", help="set the device's settings")
    verbs = parser.add_subparsers(dest="settings_command", metavar="push",
                                  parser_class=type(parser))
    push = verbs.add_parser("push", help="send settings to the device",
                            description="Each setting given changes that one; the rest, and "
                            "every other game default, stay as the device holds them.")
    push.add_argument("--sound", choices=("on", "off"))
    push.add_argument("--lights", choices=("on", "off"))
    push.add_argument("--brightness", choices=BRIGHTNESS, help="the key lights' brightness")
    push.add_argument("--default", action="append", default=[], metavar="GAME.OPTION=N",
                      help="a game's option default, e.g. stump.target=15 (repeatable): "
                      "dumbo.target, dumbo.octad_bonus, poker.target, stump.target, "
                      "dartex.target, galumphus.target; a value the device's options screen "
                      "does not offer is refused, with the ones it does")
    push.add_argument("--maintenance", action="store_true",
                      help="leave the drive writable for this computer after the device's "
                           "next reset (to install firmware)")
    add_port(push)
    push.set_defaults(func=run)
    parser.set_defaults(func=lambda args: parser.print_help() or 2)


def options() -> dict[str, dict[str, tuple]]:
    """Each game's options a default can be pushed for, with the values the device
    takes: its options screens' own lists (a default not among them is ignored there)."""
    from parlour_device.games.dartex import options as dartex
    from parlour_device.games.dumbo import options as dumbo
    from parlour_device.games.galumphus import options as galumphus
    from parlour_device.games.poker import options as poker
    from parlour_device.games.stump import options as stump

    return {"dumbo": {"target": tuple(dumbo.TARGETS), "octad_bonus": range(0, 1000)},
            "poker": {"target": tuple(poker.TARGETS)},
            "stump": {"target": tuple(stump.TARGETS)},
            "dartex": {"target": tuple(dartex.TARGETS)},
            "galumphus": {"target": tuple(galumphus.TARGETS)}}


def allowed(values) -> str:
    if isinstance(values, range):
        return f"a whole number from {values.start} to {values.stop - 1}"
    return "one of " + ", ".join(str(v) for v in values)


def default_of(text: str, known: dict) -> tuple[str, str, int]:
    key, equals, number = text.partition("=")
    game, _, option = key.strip().partition(".")
    if not equals or not game or not option:
        raise ParlourError(f"--default takes GAME.OPTION=N (e.g. stump.target=15), not "
                           f"{text!r}", exit_code=2)
    if game not in known:
        raise ParlourError(f"--default {text}: there is no game {game!r}; the games are "
                           f"{', '.join(known)}", exit_code=2)
    if option not in known[game]:
        raise ParlourError(f"--default {text}: {game} has no option {option!r}; its options "
                           f"are {', '.join(known[game])}", exit_code=2)
    values = known[game][option]
    try:
        value = int(number.strip())
    except ValueError:
        raise ParlourError(f"--default {text}: {game}.{option} is {allowed(values)}, not "
                           f"{number.strip()!r}", exit_code=2) from None
    if value not in values:
        raise ParlourError(f"--default {text}: {game}.{option} is {allowed(values)}, not "
                           f"{value}", exit_code=2)
    return game, option, value


def settings_of(args) -> dict:
    out: dict = {}
    for name in ("sound", "lights"):
        value = getattr(args, name)
        if value is not None:
            out[name] = 1 if value == "on" else 0
    if args.brightness is not None:
        out["bright"] = BRIGHTNESS.index(args.brightness)
    defaults: dict = {}
    known = options() if args.default else {}
    for text in args.default:
        game, option, value = default_of(text, known)
        defaults.setdefault(game, {})[option] = value
    if defaults:
        out["defaults"] = defaults
    if not out and not args.maintenance:
        raise ParlourError("nothing to push: give --sound, --lights, --brightness, "
                           "--default or --maintenance", exit_code=2)
    return out


def in_words(settings: dict) -> str:
    """"sound on, lights on, brightness full; defaults: dumbo target 75"."""
    said = []
    for name in ("sound", "lights"):
        if name in settings:
            said.append(f"{name} {'on' if settings[name] else 'off'}")
    bright = settings.get("bright")
    if isinstance(bright, int) and 0 <= bright < len(BRIGHTNESS):
        said.append(f"brightness {BRIGHTNESS[bright]}")
    text = ", ".join(said)
    defaults = settings.get("defaults")
    if isinstance(defaults, dict) and defaults:
        each = [f"{game} {option} {value}" for game, opts in sorted(defaults.items())
                if isinstance(opts, dict) for option, value in sorted(opts.items())]
        text += ("; " if text else "") + "game defaults: " + ", ".join(each)
    return text or "nothing"


def merged(held: dict, pushed: dict) -> dict:
    """The settings to push so that only those given change: the device replaces a
    key whole, so a default goes with every other default it holds."""
    out = dict(pushed)
    if "defaults" in pushed and isinstance(held.get("defaults"), dict):
        defaults = {game: dict(options) for game, options in held["defaults"].items()
                    if isinstance(options, dict)}
        for game, options in pushed["defaults"].items():
            defaults.setdefault(game, {}).update(options)
        out["defaults"] = defaults
    return out


def run(args) -> int:
    settings = settings_of(args)
    held = None
    with device(args) as link:
        hello = link.hello()
        held = hello.get("settings")        # a device from before says nothing of them
        if settings:
            if isinstance(held, dict):
                settings = merged(held, settings)
            reply = link.push_settings(settings)
            if isinstance(reply.get("settings"), dict):
                held = reply["settings"]
            elif isinstance(held, dict):
                held = {**held, **settings}
        if args.maintenance:
            link.maintenance()
    if settings and isinstance(held, dict):
        print(f"the device now holds: {in_words(held)}")
    elif settings:
        print(f"settings sent to the device: {in_words(settings)} (its firmware does not "
              "say what it holds: a default pushed replaces those pushed before)")
    if args.maintenance:
        print("maintenance mode at the next reset: the drive opens for this computer")
    return 0

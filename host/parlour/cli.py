"""The `parlour` command: a table of small command modules sharing one parser.

Each module in parlour/commands registers its subcommand; handlers return an exit
status. Only the module of the command being run is imported (COMMANDS holds every
command's one-line help for the listing): `parlour show` does not pay for the meld
tables of `parlour score` nor the report's page. Failures below the CLI raise ParlourError (or the rules core's RulesError),
which main() prints once as `parlour: <what went wrong>` and turns into the status;
with `--json` the same failure is a JSON object on stdout, as a rules refusal is.
"""

from __future__ import annotations

import argparse
import importlib
import sys

from parlour_rules.errors import RulesError

from . import __version__, commands
from .errors import ParlourError


class _Parser(argparse.ArgumentParser):
    # argparse's usage errors share the one-line style, and every parser reports its
    # own: a leaf command refuses a word it does not take with its own usage, where
    # argparse would hand the word up to `parlour` and print the top-level usage.
    has_commands = False

    def add_subparsers(self, **kwargs):
        self.has_commands = True
        return super().add_subparsers(**kwargs)

    def parse_known_args(self, args=None, namespace=None):
        namespace, extras = super().parse_known_args(args, namespace)
        if extras and not self.has_commands:
            self.error("unrecognized arguments: " + " ".join(extras))
        return namespace, extras

    def error(self, message: str):
        self.print_usage(sys.stderr)
        raise ParlourError(message, exit_code=2, code="usage")


# Each command's module under parlour/commands, with the help `parlour --help` lists
# (the module's own add_parser says the same; tests/host/test_described.py holds them
# equal).
COMMANDS = {
    "devices": "list the boards and simulators to sync with",
    "export": "write the synced matches as CSV, JSON or JSON Lines, or for BG Stats "
              "(--format bgstats) or BoardGameGeek (--format bgg)",
    "image": "build the CIRCUITPY drive image for a board",
    "install": "put parlour on a board's CIRCUITPY drive (the device's matches, settings "
               "and roster are kept)",
    "matches": "list the synced matches",
    "report": "the synced matches as one HTML page: standings, ratings and charts, every "
              "match hand by hand",
    "roster": "set the player names on the device",
    "score": "score a hand, a throw or a gap typed as cards",
    "settings": "set the device's settings",
    "show": "one synced match, hand by hand",
    "sim": "run the device firmware in a window, the terminal, or from a key script",
    "stats": "wins, margins, streaks, highlights and ratings per player and game, worked "
             "out from the synced matches",
    "sync": "copy every finished match from the device into the database, replayed and "
            "checked",
}


def chosen(words: list[str]) -> str | None:
    """The command the words run: the first word that is not an option (`parlour`
    itself takes no option with a value)."""
    for word in words:
        if not word.startswith("-"):
            return word
    return None


def build_parser(words: list[str] | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (given the words) one whose only full command is the one
    they run: every other is listed by name and help alone."""
    parser = _Parser(prog="parlour", description="parlour: the laptop side of the card-table "
                     "device: score a hand typed as cards, or run the device in a simulator")
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser,
                                required=True)
    wanted = None if words is None else chosen(words)
    for name, text in COMMANDS.items():
        if words is None or name == wanted:
            importlib.import_module(f"{commands.__name__}.{name}").register(sub)
        else:
            sub.add_parser(name, help=text)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(words)
    args = None
    try:
        args = parser.parse_args(words)
        status = int(args.func(args) or 0)
        _flush_stdout()
        return status
    except RulesError as e:
        return _failed(args, words, e.code, e.message, 2)
    except ParlourError as e:
        return _failed(args, words, e.code, str(e), e.exit_code)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:     # the reader of our output left (`| head`): not a failure
        from .export import silence_stdout

        silence_stdout()
        return 0
    except OSError as e:        # the system refused something no layer below foresaw
        import errno

        where = f": {e.filename}" if e.filename else ""
        full = e.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", -1))
        advice = ": free some space, then retry" if full else ""
        return _failed(args, words, "os", f"{e.strerror or e}{where}{advice}", 1)


def _flush_stdout() -> None:
    # Said here, once, rather than as "Exception ignored" when Python exits.
    from .export import silence_stdout

    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as e:
        silence_stdout()
        raise ParlourError(f"cannot write to standard output: {e.strerror}") from None


def _failed(args, words: list[str], code: str, message: str, status: int) -> int:
    # A usage error comes before there are args to ask: --json among the words is
    # asked for all the same (the usage itself has gone to stderr).
    wants_json = getattr(args, "json", False) if args is not None else "--json" in words
    if wants_json:
        from .score import print_json

        print_json({"error": code, "reason": message})
    else:
        print(f"parlour: {message}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

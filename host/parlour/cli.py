"""The `parlour` command: a table of small command modules sharing one parser.

Each module in parlour/commands registers its subcommand; handlers return an exit
status. Failures below the CLI raise ParlourError (or the rules core's RulesError),
which main() prints once as `parlour: <what went wrong>` and turns into the status.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from parlour_rules.errors import RulesError

from . import __version__, commands
from .errors import ParlourError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's usage errors share the one-line style
        self.print_usage(sys.stderr)
        raise ParlourError(message, exit_code=2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="parlour", description="parlour: the laptop side of the card-table "
                     "device (scoring, simulator, sync, export, reports)")
    parser.add_argument("--version", action="version", version=f"parlour {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in sorted(m.name for m in pkgutil.iter_modules(commands.__path__)):
        importlib.import_module(f"{commands.__name__}.{module}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if not getattr(args, "func", None):
            parser.print_help()
            return 2
        return int(args.func(args) or 0)
    except RulesError as e:
        print(f"parlour: {e.message}", file=sys.stderr)
        return 2
    except ParlourError as e:
        print(f"parlour: {e}", file=sys.stderr)
        return e.exit_code
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())

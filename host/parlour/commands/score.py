"""`parlour score GAME ...`: score a hand, a throw or a gap typed on the laptop.

Each module in parlour/score registers its own `score` subcommands.
"""

from __future__ import annotations

import importlib
import pkgutil

from .. import score


def register(sub) -> None:
    parser = sub.add_parser("score", help="score a hand, a throw or a gap typed as cards")
    games = parser.add_subparsers(dest="score_command", metavar="WHAT",
                                  parser_class=type(parser), required=True)
    for module in sorted(m.name for m in pkgutil.iter_modules(score.__path__)):
        importlib.import_module(f"{score.__name__}.{module}").register(games)
    for command in games.choices.values():
        command.set_defaults(func=score.on_the_laptop(command.get_default("func")))

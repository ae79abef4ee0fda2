"""`parlour score` subcommands, one module per game; each defines register(subparsers).

Shared presentation helpers live here.
"""

from __future__ import annotations

import json
import sys

from .. import fastmelds  # noqa: F401  (the laptop's table-driven solves, registered on import)


def print_json(value) -> None:
    json.dump(value, sys.stdout)
    sys.stdout.write("\n")

"""`parlour score` subcommands, one module per game; each defines register(subparsers).

Shared presentation and input helpers live here.
"""

from __future__ import annotations

import contextlib
import json
import re
import sys

from parlour_rules import errors
from parlour_rules.errors import RulesError

from .. import fastmelds  # noqa: F401  (the laptop's table-driven solves, registered on import)

# Far more than any message: the laptop prints refusals whole.
WHOLE = 1 << 20
# What separates cards in any argument: spaces, commas, ';' between hands, '|' and
# parentheses between melds.
_SEPARATORS = re.compile(r"[\s,;|()]+")


def print_json(value) -> None:
    json.dump(value, sys.stdout)
    sys.stdout.write("\n")


@contextlib.contextmanager
def whole_messages():
    """Refusals from the rules core, unclipped while the block runs.

    The core clips the token it names to the device's 20-character line
    (errors.clip reads errors.LINE when it raises); a laptop has room for all of it.
    The device, in the simulator too, keeps its 20 characters: the width is put back.
    """
    line = errors.LINE
    errors.LINE = WHOLE
    try:
        yield
    finally:
        errors.LINE = line


def on_the_laptop(run):
    """A `parlour score` handler that sees the rules core's refusals whole."""
    def handler(args):
        with whole_messages():
            return run(args)
    return handler


def shown(token: str) -> str:
    return token if token.strip() else '""'


def bad_card(token: str) -> RulesError:
    return RulesError("bad_card", "bad card: " + shown(token))


def ascii_cards(*texts: str | None) -> None:
    """Refuse any card written with a character outside ASCII.

    Card notation is ASCII; Python's str.isdigit() also takes superscripts, circled
    and other scripts' digits (², ①, ٣, 𝟒), which int() then refuses or reads as a
    number. So only ASCII reaches the parsers.
    """
    for text in texts:
        if text is None or text.isascii():
            continue
        for token in _SEPARATORS.split(text):
            if not token.isascii():
                raise bad_card(token)


def card_count(text: str) -> int:
    """How many cards a hand's text holds, melds in parentheses included."""
    return sum(1 for token in _SEPARATORS.split(text) if token)

"""What the laptop prints: tables as wide as the terminal (COLUMNS honoured, 80 where
the output is a pipe or a file and COLUMNS is unset, never fewer), cells wrapped
rather than cut, and a reader that stops reading (`| head -1`) ending us quietly."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table

NARROWEST = 80


class _Console(Console):
    def on_broken_pipe(self) -> None:
        # rich would exit with status 1; main() ends quietly instead.
        self.quiet = True
        raise BrokenPipeError


def width() -> int:
    return max(NARROWEST, Console(file=sys.stdout).width)


def console() -> Console:
    return _Console(file=sys.stdout, width=width(), highlight=False, markup=False,
                    emoji=False, soft_wrap=False)


def lines_of(renderable) -> list[str]:
    """A table as the lines it prints, without the spaces rich pads them with."""
    import io

    buffer = io.StringIO()
    Console(file=buffer, width=width(), highlight=False, markup=False, emoji=False,
            color_system=None).print(renderable)
    return [line.rstrip() for line in buffer.getvalue().splitlines()]


def table(headers: list[str], rows: list[list[str]], *, wrap: tuple[int, ...] = ()) -> Table:
    """Columns as wide as their cells; where the line would be wider than the
    terminal, the columns in `wrap` (by index; default: every column) wrap."""
    out = Table(box=None, pad_edge=False, padding=(0, 2, 0, 0), header_style="bold",
                expand=False)
    for index, header in enumerate(headers):
        bends = not wrap or index in wrap
        out.add_column(header, no_wrap=not bends, overflow="fold")
    for row in rows:
        out.add_row(*[str(c) for c in row])
    return out


def print_table(headers: list[str], rows: list[list[str]], **kw) -> None:
    for line in lines_of(table(headers, rows, **kw)):
        print(line)


def print_wrapped(text: str) -> None:
    """A line of words, wrapped at the terminal's width (continued indented)."""
    import textwrap

    for line in textwrap.wrap(text, width(), subsequent_indent="  ", break_long_words=False,
                              break_on_hyphens=False) or [""]:
        print(line)

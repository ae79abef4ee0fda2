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
    for line in laid_out(headers, rows, **kw):
        print(line)


def laid_out(headers: list[str], rows: list[list[str]], *,
             wrap: tuple[int, ...] = ()) -> list[str]:
    """The lines of table(headers, rows) as rich prints them. Laid out by rich, a
    match of a thousand events takes a second; here rich sizes the columns from a
    stand-in of two rows (the longest line and the longest word of each column: what
    it measures a column by) and lays out only the rows that must wrap, each alone at
    those widths; every other row is its cells padded to them (all ASCII: a
    character a column)."""
    cells = [[str(c) for c in row] for row in [headers, *rows]]
    if not all(c.isascii() and c.replace("\n", "").isprintable() for row in cells
               for c in row):
        return lines_of(table(headers, rows, wrap=wrap))
    longest, widest = [""] * len(headers), [""] * len(headers)
    for row in cells:
        for index, cell in enumerate(row):
            for line in cell.split("\n"):
                if len(line) > len(longest[index]):
                    longest[index] = line
            for word in cell.split():
                if len(word) > len(widest[index]):
                    widest[index] = word
    stand_in = table(headers, [longest, widest], wrap=wrap)
    screen = Console(width=width(), highlight=False, markup=False, emoji=False,
                     color_system=None)
    try:
        sizes = stand_in._calculate_column_widths(screen, screen.options)
    except (AttributeError, TypeError):     # a rich that sizes columns another way
        return lines_of(table(headers, rows, wrap=wrap))
    # Each column's text width: less the two spaces after it (none after the last).
    room = [w - (2 if i < len(sizes) - 1 else 0) for i, w in enumerate(sizes)]
    out = []
    for index, row in enumerate(cells):
        split = [cell.split("\n") for cell in row]
        if any(len(line) > w for lines, w in zip(split, room, strict=False) for line in lines):
            if index == 0:      # the header itself wraps: rich lays out the whole table
                return lines_of(table(headers, rows, wrap=wrap))
            alone = table(headers, [row], wrap=wrap)
            alone.show_header = False
            for column, w in zip(alone.columns, room, strict=False):
                column.width = w
            out.extend(lines_of(alone))
            continue
        for n in range(max(len(lines) for lines in split)):
            out.append("  ".join((lines[n] if n < len(lines) else "").ljust(w)
                                 for lines, w in zip(split, room, strict=False)).rstrip())
    return out


def print_wrapped(text: str) -> None:
    """A line of words, wrapped at the terminal's width (continued indented)."""
    import textwrap

    for line in textwrap.wrap(text, width(), subsequent_indent="  ", break_long_words=False,
                              break_on_hyphens=False) or [""]:
        print(line)

# Caches that never grow while the app runs. A dict that grows frees its old table,
# and MicroPython then searches the heap from that hole upwards for every larger
# block it is asked for, so a cache growing during a match costs such a search each
# time; clear() frees the table too. A cache made here at its size and emptied in
# place keeps one table for good.

try:
    from typing import Any
except ImportError:
    pass


_EMPTY: "dict[int, dict[Any, Any]]" = {}   # one empty table of each size made so far


def room_for(size: int) -> "dict[Any, Any]":
    # An empty dict whose table already holds `size` entries: filled to no more than
    # that, it never grows. The first of each size is emptied key by key; the rest
    # are copies of it (a copy keeps the size of the table, in one move).
    empty = _EMPTY.get(size)
    if empty is None:
        empty = _EMPTY[size] = _emptied_at(size)
    return empty.copy()


def _emptied_at(size: int) -> "dict[Any, Any]":
    try:
        table: "dict[Any, Any]" = dict.fromkeys(range(-size, 0))   # made at that size
    except AttributeError:  # a port built without dict.fromkeys: grown to it, once
        table = {}
        for i in range(-size, 0):
            table[i] = None
    for i in range(-size, 0):
        del table[i]
    return table


def emptied(table: "dict[Any, Any]") -> "dict[Any, Any]":
    # Every entry taken out, the table kept.
    for key in list(table):  # order-free
        del table[key]
    return table


def remember(table: "dict[Any, Any]", size: int, key: Any, value: Any) -> Any:
    # `value` kept under `key` in a table of `size` (started over in place when full).
    if len(table) >= size:
        emptied(table)
    table[key] = value
    return value


class Numbered:
    # Texts made from a format and a number ("Stump R%d"), each made the first time
    # its number comes up and kept (up to `size` of them, then started over in
    # place): the same few come back screen after screen.
    def __init__(self, form: str, size: int) -> None:
        self.form = form
        self.size = size
        self.texts: "dict[int, str]" = room_for(size)

    def text(self, n: int) -> str:
        texts = self.texts
        text = texts.get(n)
        if text is None:
            text = remember(texts, self.size, n, self.form % n)
        return text

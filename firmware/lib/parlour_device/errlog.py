# The error log on the drive (parlour/log/errors.log): one line per unexpected
# error, the newest last, "<uptime s> <type>: <message> @ <file>:<line>", kept to
# its last 4 KB. The file never changes size (zero bytes after the lines): each note
# writes it whole, in place, so a power cut then can take the log's own sector but
# rewrites no FAT sector and no folder that lists the journal's copies (twin.py).
# Imported only when an error comes, and never raises itself.
import sys

from .system import uptime_ms
from .twin import ERRORS, ERRORS_SIZE

try:
    from typing import Any
except ImportError:
    pass

LOG = ERRORS
MOST = ERRORS_SIZE
TEXT = 80       # characters of the message kept


def _show() -> "Any":
    # What prints a traceback to a stream: CircuitPython has no sys.print_exception
    # (and its tracebacks no tb_next/tb_lineno) but a built-in traceback module,
    # which CPython (the simulator) has too; MicroPython has sys.print_exception.
    try:
        from traceback import print_exception

        def show(error: BaseException, out: "Any") -> None:
            # limit=-1: the frame that raised, the one line the log keeps
            print_exception(error, limit=-1, file=out)
        return show
    except ImportError:
        return getattr(sys, "print_exception", None)


def where(error: BaseException) -> str:
    # "file:line" where it was raised: the last frame the traceback names.
    try:
        from io import StringIO
        out = StringIO()
        _show()(error, out)
        text = out.getvalue()
    except Exception:
        return "?"
    place = "?"
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith('File "'):
            end = line.find('"', 6)
            path = line[6:end]
            at = line.find("line ", end)
            number = line[at + 5:].split(",")[0] if at >= 0 else "?"
            place = path[path.rfind("/") + 1:] + ":" + number
    return place


def line_for(error: BaseException) -> bytes:
    message = str(error).replace("\n", " ")[:TEXT]
    return ("%d %s: %s @ %s\n" % (uptime_ms() // 1000, type(error).__name__, message,
                                  where(error))).encode()


def text(flash: "Any") -> bytes:
    # The lines the log holds (the zero bytes after them left off).
    data = flash.read(LOG) or b""
    end = data.find(b"\x00")
    return data if end < 0 else data[:end]


def note(flash: "Any", error: BaseException) -> None:
    try:
        line = line_for(error)
        if flash.length(LOG) != MOST:       # a store made before the log had its size
            flash.mkdir(LOG[:LOG.rfind("/")])
            flash.fill(LOG, MOST)
        data = text(flash) + line
        if len(data) > MOST:
            data = data[len(data) - MOST:]
            data = data[data.find(b"\n") + 1:]
        out = flash.open_at(LOG, 0)
        try:
            out.write(data + bytes(MOST - len(data)))
        finally:
            out.close()
    except Exception:  # a full or read-only drive: the screen has said it already
        pass

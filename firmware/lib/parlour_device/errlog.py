# The error log on the drive: one line per unexpected error, the newest last,
# "<uptime s> <type>: <message> @ <file>:<line>", the file cut to its last
# MOST bytes. Imported only when an error comes, and never raises itself.
import sys

from .flash import replace
from .system import uptime_ms

try:
    from typing import Any
except ImportError:
    pass

LOG = "parlour/errors.log"
MOST = 4096
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


def note(flash: "Any", error: BaseException) -> None:
    try:
        line = line_for(error)
        old = flash.read(LOG) or b""
        if len(old) + len(line) <= MOST:
            flash.append(LOG, line)
            return
        tail = old[len(old) + len(line) - MOST:]
        replace(flash, LOG, tail[tail.find(b"\n") + 1:] + line)
    except Exception:  # a full or read-only drive: the screen has said it already
        pass

# A new store's identity (docs/protocol.md, "Store identity"): loaded only when the
# finished matches' log is made for the first time (mend.recover), so neither boot
# nor play holds it otherwise.
import os

from .flash import read_replaced
from .system import boot_id, uptime_ms
from .twin import DIR, OLD_STORE

try:
    from typing import Any
except ImportError:
    pass

# What parlour/ holds before a new store's log is made (make_store and Journal).
OURS = ("pad", "s0", "s1", "kept", "damaged", "store", "log")


def store_head(flash: Any) -> "dict[str, Any]":
    # The head of a new store's finished-matches log, with the store's identity:
    # random, so no two stores (two boards, one board wiped and refilled, two
    # simulator folders) share one. A store of the layout before it keeps the
    # identity it had (parlour/store) or, made before identities, none: the hello
    # then names the board, as the laptop keyed its matches then.
    old = read_replaced(flash, OLD_STORE)
    if old is not None:
        try:
            text = old.decode()
            int(text, 16)
            if len(text) == 16:
                return {"store": text}
        except (ValueError, UnicodeError):
            pass
    for name in flash.listdir(DIR):  # order-free: any one will do
        if name.partition("/")[0] not in OURS:    # (the tests' MemFlash lists deep)
            return {}       # settings, a roster, old files: a store older than identities
    try:
        value = int.from_bytes(os.urandom(8), "little")
    except (AttributeError, NotImplementedError, OSError):   # a port without urandom
        value = boot_id() << 40 | uptime_ms() & 0xFFFFFFFFFF
    return {"store": "%016x" % value}

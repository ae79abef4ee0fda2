# What the device asks of the interpreter and the chip it runs on: free heap,
# clocks, the settings.toml values, and the layout of microcontroller.nvm (4 KB,
# written once per match: a magic, a flags byte with the maintenance request
# boot.py reads, and the match counter). Imported by the app, the link's answers,
# the journal, boot.py and the boards alike, so it imports nothing of ours; one
# module rather than two, as each module held costs the board heap.
import gc
import os
import time

try:
    from typing import Any
except ImportError:
    pass

# gc.mem_free on the board; None where there is none (CPython: the simulator).
MEM_FREE = getattr(gc, "mem_free", None)
TICKS_MASK = 0x1FFFFFFF    # supervisor.ticks_ms wraps at 2**29: times are compared
TICKS_HALF = 0x10000000    # by their wrapped difference
BOOT_ID_MASK = 0xFFFFFF    # a boot id is 3 random bytes


def mem_free() -> int:
    return int(MEM_FREE()) if MEM_FREE is not None else -1


def ticks_reached(now: int, due: int) -> bool:
    # True once `now` is at or past `due`, both wrapped ticks.
    return (now - due) & TICKS_MASK < TICKS_HALF


def ticks_after(now: int, ms: int) -> int:
    return (now + ms) & TICKS_MASK


def uptime_ms() -> int:
    # Milliseconds since power-up (CircuitPython and CPython have monotonic_ns;
    # MicroPython builds without it have ticks_ms).
    try:
        return time.monotonic_ns() // 1000000
    except AttributeError:
        ticks: int = time.ticks_ms()  # type: ignore[attr-defined]
        return ticks


def boot_id() -> int:
    # Tells one power-up from the next, so an uptime is read against the right boot.
    try:
        return int.from_bytes(os.urandom(3), "little")
    except (AttributeError, NotImplementedError, OSError):
        return uptime_ms() & BOOT_ID_MASK


def setting(name: str, default: str) -> str:
    try:
        value = os.getenv(name)  # CircuitPython: from settings.toml
    except AttributeError:
        return default
    return default if value is None else value


# -- microcontroller.nvm -------------------------------------------------------
NVM_MAGIC = b"PRL1"
NVM_FLAGS = 4
NVM_SEQ = 8
NVM_USED = 12
FLAG_MAINTENANCE = 1


def _formatted(nvm: Any) -> bool:
    return bytes(nvm[0:4]) == NVM_MAGIC


def _format(nvm: Any) -> None:
    if not _formatted(nvm):
        nvm[0:NVM_USED] = NVM_MAGIC + bytes(NVM_USED - 4)


def read_seq(nvm: Any) -> int:
    # The last match number handed out (0 on a blank or absent nvm).
    if nvm is None or not _formatted(nvm):
        return 0
    return int.from_bytes(bytes(nvm[NVM_SEQ:NVM_SEQ + 4]), "little")


def write_seq(nvm: Any, seq: int) -> None:
    if nvm is None:
        return
    _format(nvm)
    nvm[NVM_SEQ:NVM_SEQ + 4] = seq.to_bytes(4, "little")


def maintenance_requested(nvm: Any) -> bool:
    return nvm is not None and _formatted(nvm) and bool(nvm[NVM_FLAGS] & FLAG_MAINTENANCE)


def set_maintenance(nvm: Any, on: bool) -> bool:
    # The laptop (or the Settings screen) asks boot.py to leave the drive writable
    # for the computer at the next reset; boot.py clears it again.
    if nvm is None:
        return False
    _format(nvm)
    flags = nvm[NVM_FLAGS]
    nvm[NVM_FLAGS] = (flags | FLAG_MAINTENANCE) if on else (flags & ~FLAG_MAINTENANCE & 0xFF)
    return True

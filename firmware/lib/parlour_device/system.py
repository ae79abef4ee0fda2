# What the device asks of the interpreter and the chip it runs on: free heap,
# clocks and the settings.toml values. Imported by the app, the link's answers,
# the journal and the boards alike, so it imports nothing of ours. (The layout of
# microcontroller.nvm is nvm.py: it is needed only now and then, and so is not
# held.)
import gc
import os
import time

# gc.mem_free on the board; None where there is none (CPython: the simulator).
MEM_FREE = getattr(gc, "mem_free", None)
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_TICKS_MASK = const(0x1FFFFFFF)    # supervisor.ticks_ms wraps at 2**29: times are compared
_TICKS_HALF = const(0x10000000)    # by their wrapped difference
_BOOT_ID_MASK = const(0xFFFFFF)    # a boot id is 3 random bytes


def mem_free() -> int:
    return int(MEM_FREE()) if MEM_FREE is not None else -1


def ticks_reached(now: int, due: int) -> bool:
    # True once `now` is at or past `due`, both wrapped ticks.
    return (now - due) & _TICKS_MASK < _TICKS_HALF


def ticks_after(now: int, ms: int) -> int:
    return (now + ms) & _TICKS_MASK


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
        return uptime_ms() & _BOOT_ID_MASK


def setting(name: str, default: str) -> str:
    try:
        value = os.getenv(name)  # CircuitPython: from settings.toml
    except AttributeError:
        return default
    return default if value is None else value

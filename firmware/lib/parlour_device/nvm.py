# The layout of microcontroller.nvm (4 KB, written once per match): a magic, a
# flags byte with the maintenance request boot.py reads, and the match counter.
# Loaded when a match is numbered, at boot and when maintenance is asked for, and
# let go after (games.forget): it is not held through a match.
try:
    from typing import Any
except ImportError:
    pass

NVM_MAGIC = b"PRL1"
try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_NVM_FLAGS = const(4)
_NVM_SEQ = const(8)
_NVM_USED = const(12)
_FLAG_MAINTENANCE = const(1)


def _formatted(nvm: Any) -> bool:
    return bytes(nvm[0:4]) == NVM_MAGIC


def _format(nvm: Any) -> None:
    if not _formatted(nvm):
        nvm[0:_NVM_USED] = NVM_MAGIC + bytes(_NVM_USED - 4)


def read_seq(nvm: Any) -> int:
    # The last match number handed out (0 on a blank or absent nvm).
    if nvm is None or not _formatted(nvm):
        return 0
    return int.from_bytes(bytes(nvm[_NVM_SEQ:_NVM_SEQ + 4]), "little")


def write_seq(nvm: Any, seq: int) -> None:
    if nvm is None:
        return
    _format(nvm)
    nvm[_NVM_SEQ:_NVM_SEQ + 4] = seq.to_bytes(4, "little")


def maintenance_requested(nvm: Any) -> bool:
    return nvm is not None and _formatted(nvm) and bool(nvm[_NVM_FLAGS] & _FLAG_MAINTENANCE)


def set_maintenance(nvm: Any, on: bool) -> bool:
    # The laptop (or the Settings screen) asks boot.py to leave the drive writable
    # for the computer at the next reset; boot.py clears it again.
    if nvm is None:
        return False
    _format(nvm)
    flags = nvm[_NVM_FLAGS]
    nvm[_NVM_FLAGS] = (flags | _FLAG_MAINTENANCE) if on else (flags & ~_FLAG_MAINTENANCE & 0xFF)
    return True

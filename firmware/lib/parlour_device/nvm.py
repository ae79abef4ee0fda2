# The layout of microcontroller.nvm (4 KB, written once per match): a magic, a
# flags byte with the maintenance request boot.py reads, and the match counter.
# Loaded when a match is numbered, at boot and when maintenance is asked for, and
# let go after (games.forget): it is not held through a match.
try:
    from typing import Any
except ImportError:
    pass

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

# Files on the flash filesystem, behind five operations so the journal can be
# tested with a power cut at any write (the tests replace Flash with their MemFlash
# and cut it). On the board the root is "/" (CIRCUITPY, made writable by boot.py); the
# simulator points it at its --state folder.
import os

try:
    from typing import Any, Optional
except ImportError:
    pass


ENOSPC = 28


def _whole(written: Optional[int], data: bytes) -> None:
    # A write that took only part of the bytes and said so is a failed write.
    # (CircuitPython's FAT files raise ENOSPC themselves, after writing what fit;
    # this covers a stream that returns the short count instead.)
    if written is not None and written != len(data):
        raise OSError(ENOSPC)


def replace(flash: Any, name: str, data: bytes) -> None:
    # `name` holds `data` whole, or what it held before: the bytes go to a .tmp
    # first, then the old file is removed (FAT renames onto no existing name) and
    # the .tmp renamed. read_replaced() reads either way a power cut leaves it.
    flash.write(name + ".tmp", data)
    flash.remove(name)
    flash.rename(name + ".tmp", name)


def read_replaced(flash: Any, name: str) -> Optional[bytes]:
    # What replace() last put in `name`; its .tmp when the power went between the
    # remove and the rename (the .tmp is whole by then).
    data: Optional[bytes] = flash.read(name)
    if data is None:
        data = flash.read(name + ".tmp")
    return data


class Flash:
    def __init__(self, root: str, size: int = 0) -> None:
        # size: the drive's bytes when statvfs cannot tell (the simulator's folder).
        self.root = root.rstrip("/")
        self.size = size

    def path(self, name: str) -> str:
        return self.root + "/" + name

    def read(self, name: str) -> Optional[bytes]:
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def read_into(self, name: str, offset: int, buf: Any) -> int:
        # Up to len(buf) bytes of a file from `offset` into `buf`, so a file larger
        # than a piece is never held whole: the bytes read, or -1 when it is not there.
        try:
            with open(self.path(name), "rb") as f:
                f.seek(offset)
                return int(f.readinto(buf) or 0)
        except OSError:
            return -1

    def append(self, name: str, data: bytes) -> None:
        with open(self.path(name), "ab") as f:
            _whole(f.write(data), data)

    def write(self, name: str, data: bytes) -> None:
        with open(self.path(name), "wb") as f:
            _whole(f.write(data), data)

    def rename(self, old: str, new: str) -> None:
        os.rename(self.path(old), self.path(new))

    # -- files of a fixed size, written in place (twin.py): no cluster is allocated
    # or freed, so neither the FAT nor sector 0 is written again.
    def length(self, name: str) -> int:
        try:
            return int(os.stat(self.path(name))[6])
        except OSError:
            return -1

    def fill(self, name: str, size: int) -> None:
        # A new file of `size` zero bytes, a block at a time.
        block = bytes(512)
        with open(self.path(name), "wb") as f:
            left = size
            while left > 0:
                part = block if left >= 512 else block[:left]
                _whole(f.write(part), part)
                left -= len(part)

    def read_at(self, name: str, offset: int, count: int) -> Optional[bytes]:
        try:
            with open(self.path(name), "rb") as f:
                f.seek(offset)
                data: bytes = f.read(count)
                return data
        except OSError:
            return None

    def open_read(self, name: str) -> Any:
        # The file open for reading (seek(), read(), close()), or None.
        try:
            return open(self.path(name), "rb")
        except OSError:
            return None

    def open_at(self, name: str, offset: int) -> Any:
        # The file open for writing in place at `offset`: write(), seek(), close().
        f = open(self.path(name), "r+b")
        f.seek(offset)
        return f

    def remove(self, name: str) -> None:
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def mkdir(self, name: str) -> None:
        try:
            os.mkdir(self.path(name))
        except OSError:
            pass

    def listdir(self, name: str) -> list[str]:
        try:
            return os.listdir(self.path(name))
        except OSError:
            return []

    def free(self) -> int:
        # Free bytes on the filesystem, or -1 when it cannot tell.
        if self.size:
            used = 0
            for folder in ("parlour", "parlour/done", "parlour/kept"):
                for name in self.listdir(folder):  # order-free: a sum
                    try:
                        info = os.stat(self.path(folder + "/" + name))
                    except OSError:
                        continue
                    if info[0] & 0x8000:    # files only: a folder's size is the host's
                        used += info[6]
            return self.size - used
        try:
            st = os.statvfs(self.root or "/")
            return int(st[0] * st[3])
        except (OSError, AttributeError):
            return -1

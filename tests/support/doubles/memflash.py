# Files in memory behind the five operations of parlour_device.flash.Flash, for
# the tests and the MicroPython rig: the journal's power-cut tests cut it at any
# write. It runs on MicroPython too (the rig stages this folder into the guest).
try:
    from typing import Any, Optional  # noqa: F401  (annotations)
except ImportError:
    pass



SIZES = "\x00sizes"     # in the files dict: no folder's name starts so


class MemFlash:
    # The same operations on a dict of bytes: the MicroPython bench and the tests.
    def __init__(self, files: dict[str, Any] | None = None) -> None:
        self.files = {} if files is None else files
        # Files made at a fixed size (fill) hold only the bytes written so far, the
        # rest reads as zeros: the MicroPython rig's heap has no room for them whole.
        # Their sizes are kept with the files, so a reboot on the same dict sees them.
        sizes = self.files.get(SIZES)
        if sizes is None:
            sizes = self.files[SIZES] = {}
        self.sizes: dict[str, int] = sizes

    def read(self, name: str) -> bytes | None:
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def read_into(self, name: str, offset: int, buf: Any) -> int:
        data = self.files.get(name)
        if data is None:
            return -1
        size = len(data) - offset
        if size > len(buf):
            size = len(buf)
        if size <= 0:
            return 0
        # One copy, as a file's readinto makes (a slice would copy twice, byte by byte).
        memoryview(buf)[0:size] = memoryview(data)[offset:offset + size]
        return size

    def append(self, name: str, data: bytes) -> None:
        old = self.files.get(name)
        if type(old) is bytearray:
            old.extend(data)        # in place: a long match costs no quadratic copying
        else:
            self.files[name] = bytearray(old or b"") + data

    def write(self, name: str, data: bytes) -> None:
        self.files[name] = bytes(data)
        self.sizes.pop(name, None)

    def rename(self, old: str, new: str) -> None:
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, name: str) -> None:
        self.files.pop(name, None)
        self.sizes.pop(name, None)

    def mkdir(self, name: str) -> None:
        pass

    def listdir(self, name: str) -> list[str]:
        prefix = name + "/"
        out = []
        for key in self.files:  # order-free: callers sort
            if key.startswith(prefix):
                out.append(key[len(prefix):])
        return out

    def free(self) -> int:
        return -1

    def length(self, name: str) -> int:
        data = self.files.get(name)
        if data is None:
            return -1
        size = self.sizes.get(name, 0)
        return size if size > len(data) else len(data)

    def fill(self, name: str, size: int) -> None:
        self.files[name] = bytearray()
        self.sizes[name] = size

    def read_at(self, name: str, offset: int, count: int) -> bytes | None:
        data = self.files.get(name)
        if data is None:
            return None
        part = bytes(memoryview(data)[offset:offset + count])    # one copy, as a file read
        size = self.length(name)
        if len(part) < count and offset + len(part) < size:
            end = offset + count if offset + count < size else size
            part = part + bytes(end - offset - len(part))
        return part

    def open_read(self, name: str) -> Any:
        return None if name not in self.files else Reading(self, name)

    def open_at(self, name: str, offset: int) -> "InPlace":
        if name not in self.files:
            raise OSError(2)
        if type(self.files[name]) is not bytearray:
            self.files[name] = bytearray(self.files[name])
        return InPlace(self, name, offset)


class Reading:
    # A file of MemFlash open for reading.
    def __init__(self, flash: MemFlash, name: str) -> None:
        self.flash = flash
        self.name = name
        self.at = 0

    def seek(self, offset: int) -> None:
        self.at = offset

    def read(self, count: int) -> bytes:
        part = self.flash.read_at(self.name, self.at, count) or b""
        self.at += len(part)
        return part

    def close(self) -> None:
        pass


class InPlace:
    # A file of MemFlash open for writing in place; it never grows (a fixed file).
    def __init__(self, flash: MemFlash, name: str, offset: int) -> None:
        self.flash = flash
        self.name = name
        self.at = offset

    def write(self, data: bytes) -> int:
        buf = self.flash.files[self.name]
        take = len(data)
        if self.at + take > self.flash.length(self.name):
            raise OSError(28)
        if self.at + take > len(buf):
            buf.extend(bytes(self.at + take - len(buf)))
        buf[self.at:self.at + take] = data
        self.at += take
        return take

    def seek(self, offset: int) -> None:
        self.at = offset

    def close(self) -> None:
        pass

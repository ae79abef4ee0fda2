# Files in memory behind the five operations of parlour_device.flash.Flash, for
# the tests and the MicroPython rig: the journal's power-cut tests cut it at any
# write. It runs on MicroPython too (the rig stages this folder into the guest).
try:
    from typing import Any, Optional  # noqa: F401  (annotations)
except ImportError:
    pass



class MemFlash:
    # The same operations on a dict of bytes: the MicroPython bench and the tests.
    def __init__(self, files: dict[str, Any] | None = None) -> None:
        self.files = {} if files is None else files

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

    def rename(self, old: str, new: str) -> None:
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, name: str) -> None:
        self.files.pop(name, None)

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

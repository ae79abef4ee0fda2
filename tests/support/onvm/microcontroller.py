# Pins, the chip's id and nvm. The board's 4 KB of nvm is flash, not heap: here
# it is a host file (PARLOUR_NVM), read and written at each access.
import os
from binascii import unhexlify


class Pin:
    def __init__(self, name):
        self.name = name


class _Nvm:
    SIZE = 4096

    def __init__(self, path):
        self.path = path
        try:
            open(path, "rb").close()
        except OSError:
            with open(path, "wb") as f:
                f.write(b"\xff" * self.SIZE)

    def __len__(self):
        return self.SIZE

    def _span(self, index):
        if type(index) is int:
            return index, index + 1
        return index.start or 0, self.SIZE if index.stop is None else index.stop

    def __getitem__(self, index):
        start, stop = self._span(index)
        with open(self.path, "rb") as f:
            f.seek(start)
            data = f.read(stop - start)
        return data[0] if type(index) is int else data

    def __setitem__(self, index, value):
        start, stop = self._span(index)
        data = bytes([value]) if type(index) is int else bytes(value)
        if len(data) != stop - start:
            raise ValueError("nvm slice size")
        with open(self.path, "r+b") as f:
            f.seek(start)
            f.write(data)


class _Cpu:
    def __init__(self, uid):
        self.uid = uid


nvm = _Nvm(os.getenv("PARLOUR_NVM") or "nvm.bin")
cpu = _Cpu(unhexlify(os.getenv("PARLOUR_UID") or "5eed000000000001"))


class ResetRequested(Exception):
    pass


def reset():
    raise ResetRequested()

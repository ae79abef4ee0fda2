# Files on the flash filesystem, behind five operations so the journal can be
# tested with a power cut at any write (tests replace Flash with MemFlash and cut
# it). On the board the root is "/" (CIRCUITPY, made writable by boot.py); the
# simulator points it at its --state folder.
import os


class Flash:
    def __init__(self, root):
        self.root = root.rstrip("/")

    def path(self, name):
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self.path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def append(self, name, data):
        with open(self.path(name), "ab") as f:
            f.write(data)

    def write(self, name, data):
        with open(self.path(name), "wb") as f:
            f.write(data)

    def rename(self, old, new):
        os.rename(self.path(old), self.path(new))

    def remove(self, name):
        try:
            os.remove(self.path(name))
        except OSError:
            pass

    def mkdir(self, name):
        try:
            os.mkdir(self.path(name))
        except OSError:
            pass

    def listdir(self, name):
        try:
            return os.listdir(self.path(name))
        except OSError:
            return []

    def free(self):
        # Free bytes on the filesystem, or -1 when it cannot tell.
        try:
            st = os.statvfs(self.root or "/")
            return st[0] * st[3]
        except (OSError, AttributeError):
            return -1


class MemFlash:
    # The same operations on a dict of bytes: the MicroPython bench and the tests.
    def __init__(self, files=None):
        self.files = {} if files is None else files

    def read(self, name):
        data = self.files.get(name)
        return None if data is None else bytes(data)

    def append(self, name, data):
        self.files[name] = self.files.get(name, b"") + data

    def write(self, name, data):
        self.files[name] = bytes(data)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        self.files.pop(name, None)

    def mkdir(self, name):
        pass

    def listdir(self, name):
        prefix = name + "/"
        out = []
        for key in self.files:  # order-free: callers sort
            if key.startswith(prefix):
                out.append(key[len(prefix):])
        return out

    def free(self):
        return -1

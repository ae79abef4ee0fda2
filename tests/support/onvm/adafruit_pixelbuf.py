# The board's PixelBuf is C: it keeps the pixels' bytes in one buffer on the heap.
class PixelBuf:
    def __init__(self, n, brightness=None, byteorder="GRB", auto_write=False, **kwargs):
        self._n = n
        self._bpp = len(byteorder)
        self._buf = bytearray(n * self._bpp)
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self._n

    def __setitem__(self, index, value):
        at = index * self._bpp
        if type(value) is int:
            value = ((value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF)
        for i in range(min(self._bpp, len(value))):
            self._buf[at + i] = value[i]
        if self.auto_write:
            self.show()

    def __getitem__(self, index):
        at = index * self._bpp
        return tuple(self._buf[at:at + self._bpp])

    def fill(self, value):
        for i in range(self._n):
            self[i] = value

    def show(self):
        self._transmit(self._buf)

    def _transmit(self, buffer):
        pass

# CircuitPython's displayio, as far as importing the display libraries needs it in
# the MicroPython rig (their classes subclass these). On the board it is C, held
# in flash; the heap its objects take is the bench's stated display allowance.
class Group:
    def __init__(self, *args, **kwargs):
        pass


class Palette:
    def __init__(self, count):
        pass


class Bitmap:
    def __init__(self, width, height, colours):
        pass


class TileGrid:
    def __init__(self, *args, **kwargs):
        pass

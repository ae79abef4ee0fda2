# displayio for the player: this VM has CircuitPython's own Bitmap and Palette (C,
# sized as on the board) but no Group or TileGrid, so those two are stand-ins that
# take the board's C objects' heap (cases_device's display allowance): a Group
# ~48 B and its members' list, a TileGrid ~96 B and a byte a tile. The player
# puts this module in sys.modules["displayio"] before the firmware imports it.
import displayio as _real

Bitmap = _real.Bitmap
Palette = _real.Palette
ColorConverter = _real.ColorConverter


def release_displays():
    pass


class Group:
    def __init__(self, scale=1, x=0, y=0):
        self._members = []     # with the instance: ~64 B and 4 B a member

    def append(self, layer):
        self._members.append(layer)

    def insert(self, index, layer):
        self._members.insert(index, layer)

    def pop(self, index=-1):
        return self._members.pop(index)

    def remove(self, layer):
        self._members.remove(layer)

    def __len__(self):
        return len(self._members)

    def __getitem__(self, index):
        return self._members[index]

    def __setitem__(self, index, layer):
        self._members[index] = layer


class TileGrid:
    def __init__(self, bitmap, pixel_shader=None, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        # With the instance and its six fields: ~96 B and a byte a tile.
        self._tiles = bytearray(width * height)
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = False

    @property
    def width(self):
        # Tiles across (the renderer's grids are one row): a field would cost heap
        # the board's C object does not have.
        return len(self._tiles)

    def __setitem__(self, index, tile):
        self._tiles[index] = tile

    def __getitem__(self, index):
        return self._tiles[index]

# The built-in 6x12 font: its glyph sheet is in flash on the board (no heap); a
# glyph asked for is a new small object each time, as the board's get_glyph makes.
class Glyph:
    def __init__(self, tile_index):
        self.tile_index = tile_index


class _Font:
    bitmap = None

    def get_bounding_box(self):
        return (6, 12)

    def get_glyph(self, codepoint):
        if codepoint < 32 or codepoint > 0x2FFF:
            return None
        return Glyph(codepoint - 32 if codepoint < 127 else 0)


FONT = _Font()

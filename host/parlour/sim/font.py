"""terminalio.FONT as CircuitPython has it: one bitmap holding every glyph as a tile
(`FONT.bitmap`), and each glyph's `tile_index` into it. Blinka's font keeps a bitmap
per glyph instead, so the simulator lays Blinka's glyphs out on one sheet; the
firmware draws text as a TileGrid over that sheet, exactly as on the board."""

from __future__ import annotations

from collections import namedtuple

import displayio

Glyph = namedtuple("Glyph", "bitmap tile_index width height dx dy shift_x shift_y")
FIRST, LAST = 32, 255       # the printable Latin-1 range: terminalio's own font covers it


class SheetFont:
    def __init__(self, font) -> None:
        width, height = font.get_bounding_box()[:2]
        self._box = (width, height)
        found = [(code, font.get_glyph(code)) for code in range(FIRST, LAST + 1)]
        found = [(code, glyph) for code, glyph in found if glyph is not None]
        self.bitmap = displayio.Bitmap(width * len(found), height, 2)
        self._glyphs: dict[int, Glyph] = {}
        for index, (code, glyph) in enumerate(found):
            self._copy(glyph, index * width, width, height)
            self._glyphs[code] = Glyph(self.bitmap, index, width, height, 0, glyph.dy,
                                       width, 0)

    def _copy(self, glyph, left: int, width: int, height: int) -> None:
        # terminalio's glyphs each fill their 6x12 cell (dx 0, dy -2: the cell is
        # ascent plus descent), so a glyph's pixels are its cell's.
        source = glyph.bitmap
        for y in range(min(glyph.height, height)):
            for x in range(min(glyph.width, width)):
                if source[x, y]:
                    self.bitmap[left + x, y] = 1

    def get_bounding_box(self) -> tuple[int, int]:
        return self._box

    def get_glyph(self, codepoint: int) -> Glyph | None:
        return self._glyphs.get(codepoint)


def install() -> None:
    import terminalio

    if not isinstance(terminalio.FONT, SheetFont):
        terminalio.FONT = SheetFont(terminalio.FONT)

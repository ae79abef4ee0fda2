"""A displayio display with no hardware behind it: Blinka's BusDisplay renders
into an RGB framebuffer that the faces read (PNG, terminal, window)."""

from __future__ import annotations

import struct
import sys
import zlib

import busdisplay
from displayio._area import Area


def _rgb565_table() -> list[bytes]:
    # Indexed by the word as read natively from the big-endian pixels.
    table = []
    for word in range(65536):
        v = word if sys.byteorder == "big" else ((word & 0xFF) << 8) | (word >> 8)
        r, g, b = (v >> 11) << 3, ((v >> 5) & 0x3F) << 2, (v & 0x1F) << 3
        table.append(bytes((r | r >> 5, g | g >> 6, b | b >> 5)))
    return table


_RGB565 = _rgb565_table()
_MONO = [b"".join(b"\xff\xff\xff" if byte >> bit & 1 else b"\0\0\0" for bit in range(8))
         for byte in range(256)]


class HeadlessDisplay(busdisplay.BusDisplay):
    def __init__(self, width: int, height: int, colour: bool):
        options: dict = {"color_depth": 16}
        if not colour:
            # The MacroPad OLED: 1 bit per pixel through the same grayscale conversion.
            options = {"color_depth": 1, "grayscale": True, "pixels_in_byte_share_row": True,
                       "reverse_pixels_in_byte": False}
        super().__init__(None, b"", width=width, height=height, auto_refresh=False, **options)
        self.colour = colour
        self.frame = bytearray(width * height * 3)
        self.refreshes = 0

    def _write(self, *args, **kwargs) -> None:  # no bus
        pass

    def _refresh_display(self):
        self.refreshes += 1
        return super()._refresh_display()

    def _refresh_area(self, area) -> bool:
        core = self._core
        clipped = Area()
        if not core.clip_area(area, clipped):
            return True
        width, size = clipped.width(), clipped.size()
        depth = core.colorspace.depth
        words = (size * depth + 31) // 32
        buffer = memoryview(bytearray(words * 4)).cast("I")
        mask = memoryview(bytearray(((size // 32) + 1) * 4)).cast("I")
        core.fill_area(clipped, mask, buffer)
        raw = buffer.tobytes()
        if depth == 1:
            # 1 bit a pixel, LSB first: each byte becomes 8 RGB pixels.
            rgb = b"".join(map(_MONO.__getitem__, raw))
        else:
            # Big-endian RGB565: each 16-bit word becomes one RGB pixel.
            rgb = b"".join(map(_RGB565.__getitem__, memoryview(raw[:size * 2]).cast("H")))
        frame, stride, row = self.frame, self.width * 3, width * 3
        x = clipped.x1 * 3
        for y in range(clipped.y1, clipped.y2):
            start = (y - clipped.y1) * row
            frame[y * stride + x:y * stride + x + row] = rgb[start:start + row]
        return True

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = (y * self.width + x) * 3
        return self.frame[i], self.frame[i + 1], self.frame[i + 2]

    def png(self, scale: int = 1) -> bytes:
        return png_bytes(self.frame, self.width, self.height, scale)


def png_bytes(rgb: bytes | bytearray, width: int, height: int, scale: int = 1) -> bytes:
    """RGB888 rows -> a PNG file (stdlib only; identical bytes for identical pixels)."""
    rows = []
    for y in range(height):
        row = bytes(rgb[y * width * 3:(y + 1) * width * 3])
        if scale > 1:
            row = b"".join(row[i:i + 3] * scale for i in range(0, len(row), 3))
        rows.extend([b"\x00" + row] * scale)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", width * scale, height * scale, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))

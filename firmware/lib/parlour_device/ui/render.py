# Frames -> displayio. Item i of the frame is layer i of the root group; a layer
# is rebuilt only when its item changed, and the display refreshes once per frame.
# Everything is drawn with CircuitPython's own C objects: text as a TileGrid over
# the built-in font's glyph sheet (terminalio's way), shapes as vectorio shapes.
# No display library is imported: on an RP2040 their bytecode would take ~26 KB
# of the heap, and a label object ~0.9 KB a line of text.
import displayio
import terminalio
import vectorio

from .frame import BLACK, CIRCLE, GROUP, POLY, RECT, TEXT, WHITE, Frame, Layout

try:
    from typing import Any, Tuple
except ImportError:
    pass


class Renderer:
    def __init__(self, display: Any, layout: Layout) -> None:
        self.display = display
        self.colour = layout.colour
        self.width = layout.width
        self.group = displayio.Group()
        self.items: list[Tuple[Any, ...]] = []
        self.palettes: dict[Any, displayio.Palette] = {}
        font = terminalio.FONT
        self.font = font
        box = font.get_bounding_box()
        self.cell_w = box[0]
        self.cell_h = box[1]
        # (circuitpython-stubs' Glyph takes tile_index but does not declare it)
        self.space = font.get_glyph(32).tile_index  # type: ignore[attr-defined]
        display.root_group = self.group

    def ink(self, colour: int) -> int:
        # The mono OLED lights anything that is not black.
        if not self.colour and colour != BLACK:
            return WHITE
        return colour

    def palette(self, colour: int, background: int = -2) -> displayio.Palette:
        # One palette per colour (shapes), or per colour on a background (text: -1
        # leaves what is beneath showing), shared by every layer that uses it.
        key: Any = colour if background == -2 else (colour, background)
        palette = self.palettes.get(key)
        if palette is None:
            if background == -2:
                palette = displayio.Palette(1)
                palette[0] = colour
            else:
                palette = displayio.Palette(2)
                palette[0] = max(background, 0)
                if background < 0:
                    palette.make_transparent(0)
                palette[1] = colour
            self.palettes[key] = palette
        return palette

    def text(self, x: int, y: int, text: str, colour: int, scale: int, background: int) -> Any:
        font = self.font
        count = len(text) or 1
        grid = displayio.TileGrid(
            font.bitmap, pixel_shader=self.palette(
                self.ink(colour), self.ink(background) if background >= 0 else -1),
            width=count, height=1, tile_width=self.cell_w, tile_height=self.cell_h,
            default_tile=self.space)
        self.write(grid, text, 0)
        if scale == 1:
            grid.x = x
            grid.y = y
            return grid
        group = displayio.Group(scale=scale, x=x, y=y)
        group.append(grid)
        return group

    def write(self, grid: Any, text: str, shown: int) -> None:
        # Only the cells whose glyph changes are set: displayio then redraws just
        # those cells, where a new grid would redraw (and clear) its whole width.
        # Past the text, spaces (the grid's default: only the `shown` cells written
        # before can hold anything else). A grid is only as wide as the text it was
        # made for: on the mono OLED every pixel of a refreshed area is worked out
        # through every layer over it, and wide transparent grids overlapping each
        # other made a whole screen's refresh seven times slower.
        font = self.font
        space = self.space
        count = len(text)
        for i in range(count if count > shown else shown):
            tile = space
            if i < count:
                glyph = font.get_glyph(ord(text[i]))
                if glyph is not None:
                    tile = glyph.tile_index  # type: ignore[attr-defined]
            if grid[i] != tile:
                grid[i] = tile

    def rewrite(self, layer: Any, old: Tuple[Any, ...], item: Tuple[Any, ...]) -> bool:
        # The layer drawn for `old` changed in place to show `item`, when it can be:
        # text in the same place, scale and background (its grid wide enough), or a
        # filled rectangle moved or resized. False: it must be built anew.
        kind = item[0]
        if kind != old[0]:
            return False
        if kind == TEXT:
            if old[1] != item[1] or old[2] != item[2] or old[5] != item[5] or old[6] != item[6]:
                return False
            grid = layer if item[5] == 1 else layer[0]
            if len(item[3]) > grid.width or (item[6] >= 0 and len(item[3]) != len(old[3])):
                return False
            if old[4] != item[4]:
                shader = self.palette(self.ink(item[4]), self.ink(item[6]) if item[6] >= 0 else -1)
                if grid.pixel_shader is not shader:    # (the mono OLED: one white)
                    grid.pixel_shader = shader
            self.write(grid, item[3], len(old[3]))
            return True
        if kind == RECT:
            if not (old[6] and item[6] and old[5] == item[5]):
                return False
            layer.x = item[1]
            layer.y = item[2]
            layer.width = max(1, item[3])
            layer.height = max(1, item[4])
            return True
        return False

    def rectangle(self, x: int, y: int, w: int, h: int, colour: int) -> Any:
        return vectorio.Rectangle(pixel_shader=self.palette(colour), width=max(1, w),
                                  height=max(1, h), x=x, y=y)

    def build(self, item: Tuple[Any, ...]) -> Any:
        kind = item[0]
        if kind == TEXT:
            _, x, y, text, colour, scale, background = item
            return self.text(x, y, text, colour, scale, background)
        if kind == RECT:
            _, x, y, w, h, colour, filled = item
            colour = self.ink(colour)
            if filled or w < 3 or h < 3:
                return self.rectangle(x, y, w, h, colour)
            outline = displayio.Group()     # four 1-pixel sides
            outline.append(self.rectangle(x, y, w, 1, colour))
            outline.append(self.rectangle(x, y + h - 1, w, 1, colour))
            outline.append(self.rectangle(x, y + 1, 1, h - 2, colour))
            outline.append(self.rectangle(x + w - 1, y + 1, 1, h - 2, colour))
            return outline
        if kind == CIRCLE:
            _, x, y, r, colour, filled = item
            disc = vectorio.Circle(pixel_shader=self.palette(self.ink(colour)),
                                   radius=max(1, r), x=x, y=y)
            if filled or r < 2:
                return disc
            ring = displayio.Group()        # an outline: a disc with a black one inside
            ring.append(disc)
            ring.append(vectorio.Circle(pixel_shader=self.palette(BLACK), radius=r - 1,
                                        x=x, y=y))
            return ring
        if kind == GROUP:
            group = displayio.Group()
            for part in item[1]:
                group.append(self.build(part))
            return group
        if kind == POLY:
            _, points, colour = item
            return vectorio.Polygon(pixel_shader=self.palette(self.ink(colour)),
                                    points=list(points), x=0, y=0)
        _, x0, y0, x1, y1, colour = item
        colour = self.ink(colour)
        if x0 == x1 or y0 == y1:
            return self.rectangle(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1,
                                  abs(y1 - y0) + 1, colour)
        # A slanted line as a band one pixel wide.
        return vectorio.Polygon(pixel_shader=self.palette(colour),
                                points=[(x0, y0), (x1, y1), (x1 + 1, y1 + 1), (x0 + 1, y0 + 1)],
                                x=0, y=0)

    def draw(self, frame: Frame) -> None:
        items = frame.items
        group = self.group
        old = self.items
        changed = False
        replaced = 0
        for i in range(len(items)):
            item = items[i]
            if i < len(old):
                was = old[i]
                if was == item:
                    continue
                changed = True
                if self.rewrite(group[i], was, item):
                    continue
                group[i] = self.build(item)
                replaced += 1
            else:
                changed = True
                group.append(self.build(item))
        while len(group) > len(items):
            group.pop()
            changed = True
            replaced += 1
        self.items = list(items)
        if not changed:
            return
        display = self.display
        if replaced > 1:
            # Layers taken out leave one dirty area, their union, and each new layer
            # adds its own: displayio works out the pixels of every area through
            # every layer over it, so two rows apart meant most of the screen, some
            # of it twice. Showing the group anew refreshes the screen once, whole:
            # on the MacroPad half the time or less.
            display.root_group = None
            display.root_group = group
        display.refresh()

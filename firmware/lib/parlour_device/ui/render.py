# Frames -> displayio. Item i of the frame is layer i of the root group; a layer
# is rebuilt only when its item changed, and the display refreshes once per frame.
import displayio
import terminalio
import vectorio
from adafruit_display_shapes.circle import Circle
from adafruit_display_shapes.line import Line
from adafruit_display_shapes.rect import Rect
from adafruit_display_text import bitmap_label

from .frame import BLACK, CIRCLE, GROUP, POLY, RECT, TEXT, WHITE, Frame, Layout

try:
    from typing import Any, Tuple
except ImportError:
    pass


class Renderer:
    def __init__(self, display: Any, layout: Layout) -> None:
        self.display = display
        self.colour = layout.colour
        self.group = displayio.Group()
        self.items: list[Tuple[Any, ...]] = []
        self.palettes: dict[int, displayio.Palette] = {}
        display.root_group = self.group

    def ink(self, colour: int) -> int:
        # The mono OLED lights anything that is not black.
        if not self.colour and colour != BLACK:
            return WHITE
        return colour

    def palette(self, colour: int) -> displayio.Palette:
        palette = self.palettes.get(colour)
        if palette is None:
            palette = displayio.Palette(1)
            palette[0] = colour
            self.palettes[colour] = palette
        return palette

    def build(self, item: Tuple[Any, ...]) -> Any:
        kind = item[0]
        if kind == TEXT:
            _, x, y, text, colour, scale, background = item
            label = bitmap_label.Label(terminalio.FONT, text=text or " ",
                                       color=self.ink(colour), scale=scale,
                                       anchor_point=(0, 0), anchored_position=(x, y))
            if background >= 0:
                label.background_color = self.ink(background)
            return label
        if kind == RECT:
            _, x, y, w, h, colour, filled = item
            if filled:
                return vectorio.Rectangle(pixel_shader=self.palette(self.ink(colour)),
                                          width=max(1, w), height=max(1, h), x=x, y=y)
            return Rect(x, y, max(1, w), max(1, h), outline=self.ink(colour))
        if kind == CIRCLE:
            _, x, y, r, colour, filled = item
            if filled:
                return vectorio.Circle(pixel_shader=self.palette(self.ink(colour)),
                                       radius=max(1, r), x=x, y=y)
            return Circle(x, y, max(1, r), outline=self.ink(colour))
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
        if x0 == x1 or y0 == y1:
            # Straight lines as 1-pixel rectangles (cheaper than a shape bitmap).
            return vectorio.Rectangle(pixel_shader=self.palette(self.ink(colour)),
                                      width=abs(x1 - x0) + 1, height=abs(y1 - y0) + 1,
                                      x=min(x0, x1), y=min(y0, y1))
        return Line(x0, y0, x1, y1, self.ink(colour))

    def draw(self, frame: Frame) -> None:
        items = frame.items
        group = self.group
        old = self.items
        changed = False
        for i in range(len(items)):
            item = items[i]
            if i < len(old) and old[i] == item:
                continue
            layer = self.build(item)
            if i < len(group):
                group[i] = layer
            else:
                group.append(layer)
            changed = True
        while len(group) > len(items):
            group.pop()
            changed = True
        self.items = list(items)
        if changed:
            self.display.refresh()

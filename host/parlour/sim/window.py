"""The window face (pygame): the screen, the pad's twelve keys (clickable, and on
the keyboard as in the terminal face) and the encoder (click its arrows, scroll the
mouse wheel over it, or use the arrow keys; click its centre to press it)."""

from __future__ import annotations

import os

from .device import SimDevice
from .terminal import KEYMAP, PRESS, TURNS

KEY_LETTERS = "123qweasdzxc"
BACKGROUND = (32, 34, 40)
KEY_FACE = (70, 74, 86)
KEY_LIT = (110, 140, 200)
TEXT = (235, 235, 235)


def available() -> bool:
    """pygame is installed and a display can open (X11/Wayland, macOS, Windows)."""
    try:
        import pygame  # noqa: F401
    except ImportError:
        return False
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return True
    if os.name == "nt" or os.uname().sysname == "Darwin":
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class Window:
    def __init__(self, device: SimDevice):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        import pygame

        self.pg = pygame
        pygame.init()
        self.device = device
        self.scale = 4 if device.board == "macropad" else 2
        self.screen_w = device.display.width * self.scale
        self.screen_h = device.display.height * self.scale
        self.size = (max(self.screen_w, 3 * 130) + 40, self.screen_h + 4 * 64 + 110)
        self.surface = pygame.display.set_mode(self.size)
        driver = pygame.display.get_driver()
        if driver in ("offscreen", "dummy", "kmsdrm") and \
                os.environ.get("SDL_VIDEODRIVER") != "dummy":
            pygame.quit()
            raise RuntimeError(f"no desktop to open a window on (SDL driver {driver})")
        pygame.display.set_caption("parlour sim: %s" % device.board)
        self.font = pygame.font.Font(None, 22)
        self.buttons = self._layout()

    def _layout(self) -> dict:
        pg = self.pg
        top = self.screen_h + 40
        buttons = {}
        for key in range(12):
            x = 20 + (key % 3) * 130
            y = top + (key // 3) * 64
            buttons[("key", key)] = pg.Rect(x, y, 120, 56)
        y = top + 4 * 64 + 8
        buttons[("turn", -1)] = pg.Rect(20, y, 120, 40)
        buttons[("press", 0)] = pg.Rect(150, y, 120, 40)
        buttons[("turn", 1)] = pg.Rect(280, y, 120, 40)
        return buttons

    def draw(self) -> None:
        pg, device = self.pg, self.device
        surface = self.surface
        surface.fill(BACKGROUND)
        display = device.display
        image = pg.image.frombuffer(bytes(display.frame), (display.width, display.height), "RGB")
        surface.blit(pg.transform.scale(image, (self.screen_w, self.screen_h)), (20, 20))
        labels = device.app.screen.keys()
        pixels = device.hw.pixels
        for (kind, value), rect in self.buttons.items():
            if kind == "key":
                lit = value < len(pixels) and pixels[value]
                pg.draw.rect(surface, KEY_LIT if lit else KEY_FACE, rect, border_radius=8)
                text = "%s  %s" % (KEY_LETTERS[value], labels[value])
            else:
                pg.draw.rect(surface, KEY_FACE, rect, border_radius=20)
                text = {-1: "<  turn", 0: "press", 1: "turn  >"}[value]
            surface.blit(self.font.render(text, True, TEXT), (rect.x + 10, rect.y + 10))
        status = "data channel: %s" % device.serial_path
        surface.blit(self.font.render(status, True, TEXT), (20, self.size[1] - 24))
        pg.display.flip()

    def handle(self, event) -> bool:
        pg, device = self.pg, self.device
        if event.type == pg.QUIT:
            return False
        if event.type == pg.MOUSEBUTTONDOWN and event.button == 1:
            for (kind, value), rect in self.buttons.items():
                if rect.collidepoint(event.pos):
                    if kind == "key":
                        device.key(value)
                    elif kind == "turn":
                        device.turn(value)
                    else:
                        device.press()
        elif event.type == pg.MOUSEWHEEL:
            device.turn(-event.y)
        elif event.type == pg.KEYDOWN:
            names = {pg.K_LEFT: "\x1b[D", pg.K_RIGHT: "\x1b[C", pg.K_UP: "\x1b[A",
                     pg.K_DOWN: "\x1b[B", pg.K_BACKSPACE: "\x7f", pg.K_RETURN: "\r"}
            key = names.get(event.key, event.unicode)
            if key == "Q" or key == "\x1b":
                return False
            if key in KEYMAP:
                device.key(KEYMAP[key])
            elif key in TURNS:
                device.turn(TURNS[key])
            elif key in PRESS:
                device.press()
        return True

    def run(self) -> int:
        clock = self.pg.time.Clock()
        try:
            while True:
                for event in self.pg.event.get():
                    if not self.handle(event):
                        return 0
                self.device.step()
                self.draw()
                clock.tick(60)
        finally:
            self.pg.quit()
            self.device.close()

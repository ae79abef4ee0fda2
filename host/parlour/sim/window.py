"""The window face (pygame): the screen, the pad's twelve keys (clickable, and on
the keyboard as in the terminal face) and the encoder (click its arrows, scroll the
mouse wheel over it, or use the arrow keys; click its centre to press it).

Each key shows its pad number, the one the hints name, and in brackets the keyboard
key that presses it. The MacroPad's keys light as its LEDs do; the colour board has
one status light, drawn beside its screen, and unlit keys."""

from __future__ import annotations

import os

from .device import SimDevice
from .terminal import KEY_LETTERS, KEYMAP, PRESS, RESET, TURNS

BACKGROUND = (32, 34, 40)
KEY_FACE = (70, 74, 86)
KEY_LIT = (110, 140, 200)
TEXT = (235, 235, 235)
DARK_LIGHT = (20, 20, 24)


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
        self.scale = 4 if device.display.width <= 128 else 2
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
        self.cycles = 0
        self.message = ""

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
        # One LED a key on the MacroPad; any other count is a board's status light.
        key_leds = len(pixels) == len(KEY_LETTERS)
        if not key_leds and pixels:
            x, y = 430, self.screen_h + 40 + 28
            pg.draw.circle(surface, _shown(pixels[0]), (x, y), 10)
            surface.blit(self.font.render("status light", True, TEXT), (x + 18, y - 7))
        for (kind, value), rect in self.buttons.items():
            if kind == "key":
                lit = key_leds and pixels[value]
                pg.draw.rect(surface, KEY_LIT if lit else KEY_FACE, rect, border_radius=8)
                text = key_text(value, labels[value])
            else:
                pg.draw.rect(surface, KEY_FACE, rect, border_radius=20)
                text = {-1: "<  turn", 0: "press", 1: "turn  >"}[value]
            surface.blit(self.font.render(text, True, TEXT), (rect.x + 10, rect.y + 10))
        status = self.message or "data channel: %s" % device.serial_path
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
            self.message = ""
            if key in RESET:
                self.power_cycle()
            elif key in KEYMAP:
                device.key(KEYMAP[key])
            elif key in TURNS:
                device.turn(TURNS[key])
            elif key in PRESS:
                device.press()
        return True

    def power_cycle(self) -> None:
        """R: off (the screen dark for a moment) and on again from the flash."""
        pg = self.pg
        pg.draw.rect(self.surface, (0, 0, 0), (20, 20, self.screen_w, self.screen_h))
        pg.display.flip()
        board, state = self.device.board, self.device.state_dir
        self.device.close()
        pg.time.wait(300)
        self.device = SimDevice(board, state)
        self.cycles += 1
        self.message = "power cycle %d: the device booted again from its flash" % self.cycles

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


def key_text(key: int, label: str) -> str:
    """A pad key's face: its number, the keyboard key in brackets, what it does."""
    return "%d [%s]  %s" % (key, KEY_LETTERS[key], label)


def _shown(colour: int) -> tuple[int, int, int]:
    # An LED's colour at full brightness: the firmware drives them dim.
    if not colour:
        return DARK_LIGHT
    rgb = ((colour >> 16) & 255, (colour >> 8) & 255, colour & 255)
    top = max(rgb)
    return tuple(c * 255 // top for c in rgb)  # type: ignore[return-value]

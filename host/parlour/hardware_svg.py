"""The key layouts in hardware/keys/, drawn from the firmware's own key maps.

Each game's key script (sim-scripts/GAME_match.txt) and the menu scripts
(docs/screens/menu*.txt) are played through the real app on a board with no
display; after every step the screen on show gives its key labels and hint line
(Screen.chrome()). Every different set of labels a screen shows is one panel:
hardware/keys/GAME.svg (and menu.svg for the screens outside the games). The
overlays beside them (galumphus-claims.svg, legend.svg) are printable at 1:1 for
the MacroPad's keys (19.05 mm apart) and, with the keypad's own pitch, the colour
boards' keypads.

    python -m parlour.hardware_svg [DIR]        write the SVGs (default: hardware/)
    python -m parlour.hardware_svg --check      exit 1 when the committed ones differ
"""

from __future__ import annotations

import functools
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from .errors import ParlourError

ROOT = Path(__file__).resolve().parents[2]
HARDWARE = ROOT / "hardware"
GAMES = ("stump", "dartex", "dumbo", "poker", "galumphus")
# The colour boards' phone keypad: keys 0..11 as its legends read.
KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#")
SEED = "1"          # the simulator's scripts are written for seed 1's draws


@dataclass
class Panel:
    where: str              # the screen's module and class, e.g. games.stump.play.StumpPlay
    title: str
    keys: tuple[str, ...]
    hint: str
    steps: list[int] = field(default_factory=list)
    seen: list[set[str]] = field(default_factory=lambda: [set() for _ in range(12)])

    def labels(self) -> tuple[str, ...]:
        # A label that counts (a Stump slide's "<10", "<9" ...) as its pattern: "<n".
        return tuple(next(iter(seen)) if len(seen) == 1 else re.sub(r"\d+", "n", label)
                     for seen, label in zip(self.seen, self.keys, strict=True))


def _shape(keys: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(re.sub(r"\d+", "n", label) for label in keys)


def _board(root: Path):
    # A board with no display: input from a queue, files in a scratch folder.
    from parlour_device.boards.common import MONO_128X64, Board
    from parlour_device.flash import Flash

    class KeysBoard(Board):
        name = "keys"

        def __init__(self) -> None:
            super().__init__(MONO_128X64, None, None, bytearray(4096),
                             Flash(str(root), 7 * 1024 * 1024), "5eed000000000001")
            self.queue: list[tuple[str, int]] = []
            self.clock = 0

        def poll(self, app) -> None:
            while self.queue:
                kind, value = self.queue.pop(0)
                if kind == "key":
                    app.key(value)
                elif kind == "turn":
                    app.turn(value)
                elif kind == "press":
                    app.press()
                elif kind == "wait":
                    self.clock += value
                    return      # the app looks at its screen's due time after a poll

        def ticks(self) -> int:
            return self.clock & 0x1FFFFFFF

        def writable(self) -> bool:
            return True

    return KeysBoard()


def screens(script: Path) -> list[Panel]:
    """The key maps a script shows, each once, in the order they first appear."""
    from parlour_device.app import App

    from .sim.script import parse

    steps = parse(script.read_text())
    saved = os.environ.get("PARLOUR_SEED")
    os.environ["PARLOUR_SEED"] = SEED
    panels: dict[tuple, Panel] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="parlour-keys-") as tmp:
            root = Path(tmp) / "CIRCUITPY"
            root.mkdir()
            board = _board(root)
            app = App(board)
            app.step()
            for number, step in enumerate([None, *steps]):
                if step is not None:
                    if step.kind == "wait":
                        left = int(step.value)
                        while left > 0:     # the loop's 50 ms passes, as the simulator's
                            board.queue.append(("wait", min(left, 50)))
                            left -= 50
                            app.step()
                    elif step.kind in ("key", "turn", "press"):
                        board.queue.append((step.kind, int(step.value or 0)))
                        app.step()
                    else:
                        continue
                screen = app.screen
                hint, keys = screen.chrome()
                kind = type(screen)
                where = kind.__module__.replace("parlour_device.", "") + "." + kind.__name__
                found = panels.get((where, _shape(keys)))
                if found is None:
                    found = panels[(where, _shape(keys))] = Panel(
                        where, screen.title or kind.__name__, tuple(keys), hint)
                found.steps.append(number)
                for position, label in enumerate(keys):
                    found.seen[position].add(label)
    finally:
        if saved is None:
            os.environ.pop("PARLOUR_SEED", None)
        else:
            os.environ["PARLOUR_SEED"] = saved
    return list(panels.values())


@functools.cache
def collect() -> dict[str, list[Panel]]:
    """{sheet name: panels}: one sheet per game, and "menu" for the rest."""
    sheets: dict[str, list[Panel]] = {game: [] for game in GAMES}
    sheets["menu"] = []
    seen: set[tuple] = set()
    scripts = [ROOT / "sim-scripts" / f"{game}_match.txt" for game in GAMES]
    scripts += sorted(p for p in (ROOT / "docs" / "screens").glob("menu*.txt")
                      if "tft" not in p.name)
    for script in scripts:
        if not script.is_file():
            raise ParlourError(f"no key script {script}")
        for panel in screens(script):
            if (panel.where, _shape(panel.keys)) in seen:
                continue
            seen.add((panel.where, _shape(panel.keys)))
            parts = panel.where.split(".")
            sheet = parts[1] if parts[0] == "games" and parts[1] in sheets else "menu"
            sheets[sheet].append(panel)
    return sheets


# -- drawing ------------------------------------------------------------------------------
KEY = 54            # a key's square, in px (user units)
GAP = 8
PANEL_W = 3 * KEY + 2 * GAP + 24
PANEL_H = 4 * KEY + 3 * GAP + 78
COLUMNS = 4
FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
ROLE_FILL = {9: "#fde2c4", 11: "#cdeccf"}     # Undo/Back and OK, as the key lights show


def _key(x: float, y: float, number: int, label: str, size: float = KEY) -> str:
    fill = ROLE_FILL.get(number, "#dfe3f5") if label else "#f4f4f4"
    out = [f"<rect x='{x:g}' y='{y:g}' width='{size:g}' height='{size:g}' rx='6' "
           f"fill='{fill}' stroke='#333' stroke-width='1.2'/>",
           f"<text x='{x + 4:g}' y='{y + 11:g}' font-size='8' fill='#666' {FONT}>"
           f"{number} ({KEYPAD[number]})</text>"]
    if label:
        font = 14 if len(label) <= 4 else 12
        out.append(f"<text x='{x + size / 2:g}' y='{y + size / 2 + 8:g}' font-size='{font}' "
                   f"text-anchor='middle' font-weight='bold' {FONT}>{escape(label)}</text>")
    return "\n".join(out)


def _panel(x: float, y: float, panel: Panel) -> str:
    labels = panel.labels()
    out = ["<g>",
           f"<rect x='{x:g}' y='{y:g}' width='{PANEL_W - 8:g}' height='{PANEL_H - 8:g}' "
           f"rx='8' fill='white' stroke='#999'/>",
           f"<text x='{x + 10:g}' y='{y + 18:g}' font-size='12' font-weight='bold' {FONT}>"
           f"{escape(panel.title[:26])}</text>",
           f"<text x='{x + 10:g}' y='{y + 31:g}' font-size='8' fill='#666' {FONT}>"
           f"{escape(panel.where)}</text>"]
    for number in range(12):
        row, column = divmod(number, 3)
        out.append(_key(x + 12 + column * (KEY + GAP), y + 40 + row * (KEY + GAP), number,
                        labels[number]))
    out.append(f"<text x='{x + 10:g}' y='{y + PANEL_H - 20:g}' font-size='10' "
               f"font-family='DejaVu Sans Mono, monospace'>{escape(panel.hint)}</text>")
    out.append("</g>")
    return "\n".join(out)


def sheet_svg(name: str, panels: list[Panel]) -> str:
    rows = (len(panels) + COLUMNS - 1) // COLUMNS
    width = COLUMNS * PANEL_W + 16
    height = rows * PANEL_H + 56
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}'>",
           f"<rect width='{width}' height='{height}' fill='#fafafa'/>",
           f"<text x='12' y='26' font-size='18' font-weight='bold' {FONT}>parlour: {name} "
           f"keys</text>",
           f"<text x='12' y='42' font-size='10' fill='#555' {FONT}>Every key map the screens "
           f"show (make hardware). Key 0..11: MacroPad, Pico; (1..#): keypad.</text>"]
    for index, panel in enumerate(panels):
        row, column = divmod(index, COLUMNS)
        out.append(_panel(8 + column * PANEL_W, 52 + row * PANEL_H, panel))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- printable overlays (1 user unit = 1 mm) ---------------------------------------------
PITCH = 19.05       # the MacroPad's key pitch (Cherry MX spacing)
CAP = 14.5          # a cut-out a little smaller than a keycap


def _overlay(title: str, labels: tuple[str, ...], note: str) -> str:
    width, height = 3 * PITCH + 20, 4 * PITCH + 34
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:g}mm' "
           f"height='{height:g}mm' viewBox='0 0 {width:g} {height:g}'>",
           f"<rect x='0.5' y='0.5' width='{width - 1:g}' height='{height - 1:g}' rx='3' "
           f"fill='white' stroke='black' stroke-width='0.3'/>",
           f"<text x='{width / 2:g}' y='8' font-size='4.2' text-anchor='middle' "
           f"font-weight='bold' {FONT}>{escape(title)}</text>"]
    for number in range(12):
        row, column = divmod(number, 3)
        cx = 10 + PITCH / 2 + column * PITCH
        cy = 14 + PITCH / 2 + row * PITCH
        out.append(f"<rect x='{cx - CAP / 2:g}' y='{cy - CAP / 2:g}' width='{CAP:g}' "
                   f"height='{CAP:g}' rx='1.5' fill='none' stroke='#888' stroke-width='0.2' "
                   f"stroke-dasharray='1 1'/>")
        label = labels[number]
        if label:
            out.append(f"<text x='{cx:g}' y='{cy - CAP / 2 - 0.8:g}' font-size='3' "
                       f"text-anchor='middle' {FONT}>{escape(label)}</text>")
    out.append(f"<text x='{width / 2:g}' y='{height - 4:g}' font-size='2.6' "
               f"text-anchor='middle' fill='#444' {FONT}>{escape(note)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def overlays(sheets: dict[str, list[Panel]]) -> dict[str, str]:
    """The printable sheets: Galumphus's claim keys (every seat key the game has, G-4,
    as its claim screen labels them, with the seat's number) and a legend of the keys
    the menus share."""
    from parlour_device.games.galumphus.texts import SEAT_KEYS

    claim = next((p for p in sheets["galumphus"] if "Claim" in p.keys), None)
    menu = next((p for p in sheets["menu"] if p.where.endswith("MainMenu")), None)
    if claim is None or menu is None:
        raise ParlourError("no Galumphus claim screen or main menu in the key scripts")
    labels = tuple(f"Claim P{key + 1}" if key < SEAT_KEYS else claim.keys[key]
                   for key in range(12))
    legend = menu.keys
    return {
        "galumphus-claims.svg": _overlay("Galumphus: claim keys", labels,
                                         "print at 100%; cut the dashed squares"),
        "legend.svg": _overlay("parlour: every screen", legend,
                               "9 back (Undo in a match), 10 Menu, 11 OK; 1/7 or the knob move"),
    }


# -- the Pico build's wiring, from the pins its board module names -----------------------
# The Pico's 40 pins: 1..20 down the left edge (USB at the top), 21..40 up the right.
PICO_HEADER = (["GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7", "GP8",
                "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15"]
               + ["GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
                  "GP26", "GP27", "GND", "GP28", "ADC_VREF", "3V3", "3V3_EN", "GND", "VSYS",
                  "VBUS"])


def pico_pins(source: Path | None = None) -> dict[str, str]:
    """{GPn: what the Pico build wires to it}, read from boards/pico.py (its source:
    the module itself imports CircuitPython's board, which a laptop has not got)."""
    import ast

    source = source or ROOT / "firmware/lib/parlour_device/boards/pico.py"
    roles = {"ENCODER_A": "encoder A", "ENCODER_B": "encoder B",
             "ENCODER_SWITCH": "encoder switch", "PIEZO": "piezo +",
             "PIXELS": "NeoPixels DIN", "OLED_SDA": "OLED SDA", "OLED_SCL": "OLED SCL"}
    out: dict[str, str] = {}
    for node in ast.parse(source.read_text()).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)):
            continue
        name = node.targets[0].id
        pins = [n.attr for n in ast.walk(node.value) if isinstance(n, ast.Attribute)]
        if name == "KEY_PINS":
            out.update({pin: f"key {key}" for key, pin in enumerate(pins)})
        elif name in roles and pins:
            out[pins[0]] = roles[name]
    if len(out) != 12 + len(roles):
        raise ParlourError(f"{source}: not every pin of the Pico build was found")
    return out


def _how(role: str) -> str:
    if role.startswith("key") or role == "encoder switch":
        return ": button to GND"
    if role.startswith("encoder"):
        return " (C to GND)"
    if role.startswith("piezo"):
        return " (- to GND)"
    if role.startswith("NeoPixels"):
        return " via 330 ohm"
    return ""


def wiring_svg(pins: dict[str, str]) -> str:
    used = {"3V3": "OLED VCC", "VBUS": "NeoPixels 5V (VBUS = USB 5 V)"}
    pitch, top, width = 22, 104, 960
    body_x, body_w = 370, 220
    height = top + 20 * pitch + 120
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
           f"viewBox='0 0 {width} {height}'>",
           f"<rect width='{width}' height='{height}' fill='white'/>",
           f"<text x='16' y='28' font-size='18' font-weight='bold' {FONT}>parlour: the Pico "
           f"build's wiring</text>",
           f"<text x='16' y='46' font-size='11' fill='#444' {FONT}>From the pins "
           f"firmware/lib/parlour_device/boards/pico.py names (make hardware). Every button, "
           f"the encoder's C pin and the piezo's other leg go to a GND pin.</text>",
           f"<rect x='{body_x}' y='{top - 30}' width='{body_w}' height='{20 * pitch + 40}' "
           f"rx='8' fill='#2e7d32' stroke='#1b5e20'/>",
           f"<rect x='{body_x + body_w / 2 - 18}' y='{top - 42}' width='36' height='20' "
           f"rx='3' fill='#bbb' stroke='#777'/>",
           f"<text x='{body_x + body_w / 2}' y='{top - 2}' font-size='12' fill='white' "
           f"text-anchor='middle' {FONT}>USB</text>",
           f"<text x='{body_x + body_w / 2}' y='{top + 20 * pitch - 4}' font-size='13' "
           f"fill='white' text-anchor='middle' font-weight='bold' {FONT}>Raspberry Pi Pico"
           f"</text>"]
    for index, name in enumerate(PICO_HEADER):
        left = index < 20
        row = index if left else 39 - index
        y = top + row * pitch
        x = body_x if left else body_x + body_w
        number = index + 1
        role = pins.get(name) or used.get(name) or ("GND" if name == "GND" else "")
        colour = "#c62828" if name in used else "#222" if name == "GND" else "#1565c0"
        out.append(f"<circle cx='{x}' cy='{y}' r='5' fill='#ffd54f' stroke='#8d6e00'/>")
        inner = x + 10 if left else x - 10
        anchor = "start" if left else "end"
        out.append(f"<text x='{inner}' y='{y + 4}' font-size='10' fill='white' "
                   f"text-anchor='{anchor}' {FONT}>{number} {escape(name)}</text>")
        if not role:
            continue
        end = x - 120 if left else x + 120
        out.append(f"<line x1='{x}' y1='{y}' x2='{end}' y2='{y}' stroke='{colour}' "
                   f"stroke-width='2'/>")
        label_x = end - 6 if left else end + 6
        anchor = "end" if left else "start"
        detail = "" if name in used or name == "GND" else _how(role)
        out.append(f"<text x='{label_x}' y='{y + 4}' font-size='11' text-anchor='{anchor}' "
                   f"{FONT}>{escape(role + detail)}</text>")
    legend_y = top + 20 * pitch + 40
    notes = ("The 12 buttons sit in 3 columns and 4 rows, key 0 top left, key 11 bottom "
             "right, as on the MacroPad (hardware/keys/ has each screen's labels).",
             "Hold key 0 while plugging in for maintenance mode. The OLED: VCC to 3V3 "
             "(pin 36), GND to a GND pin.",
             "The NeoPixels (optional): 5V to VBUS (pin 40), GND to a GND pin, DIN from "
             "GP22 through a 330 ohm resistor.")
    for line, note in enumerate(notes):
        out.append(f"<text x='16' y='{legend_y + 18 * line}' font-size='11' {FONT}>"
                   f"{escape(note)}</text>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def render() -> dict[str, str]:
    """Every file under hardware/ this module writes: {relative path: text}."""
    sheets = collect()
    out = {f"keys/{name}.svg": sheet_svg(name, panels) for name, panels in sheets.items()}
    out.update({f"keys/{name}": text for name, text in overlays(sheets).items()})
    out["pico-wiring.svg"] = wiring_svg(pico_pins())
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    check = "--check" in args
    rest = [a for a in args if a != "--check"]
    target = Path(rest[0]) if rest else HARDWARE
    try:
        files = render()
    except ParlourError as e:
        print(f"parlour: {e}", file=sys.stderr)
        return 2
    if check:
        stale = [name for name, text in files.items()
                 if not (target / name).is_file() or (target / name).read_text() != text]
        for name in stale:
            print(f"parlour: {target / name} differs from the firmware's key maps "
                  f"(make hardware)", file=sys.stderr)
        return 1 if stale else 0
    for name, text in files.items():
        (target / name).parent.mkdir(parents=True, exist_ok=True)
        (target / name).write_text(text)
    print(f"{target}: {len(files)} key layout files")
    return 0


if __name__ == "__main__":
    sys.exit(main())

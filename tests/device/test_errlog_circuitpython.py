"""parlour/log/errors.log on CircuitPython's own VM (../shared/tools/circuitpython/): it has
no sys.print_exception and its tracebacks no tb_next or tb_lineno, so the log
names the place through its built-in traceback module. The app runs from the
MacroPad drive image's .mpy files, on the tests' SimBoard with the firmware's real
Flash over a host folder; a screen raises on a key, and the log's line names the
error, its file and its line."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VM = ROOT.parent / "shared" / "tools" / "circuitpython" / "circuitpython-10.3-unix-i386"
sys.path.insert(0, str(ROOT / "host"))

from parlour.image import build  # noqa: E402

SCRIPT = '''
from doubles.scripted_board import KEY, SimBoard
from parlour_device.app import App
from parlour_device.flash import Flash
from parlour_device.ui.frame import fit


class Stop(BaseException):
    pass


class Board(SimBoard):
    def poll(self, app):
        if not self.queue:
            raise Stop()
        SimBoard.poll(self, app)


app = App(Board(flash=Flash(DRIVE)))


class Broken(type(app.screen)):
    def on_key(self, key):
        if key == 4:
            raise ZeroDivisionError("no room")  # THE SCREEN'S LINE
        return fit(None, key)     # raises inside the image's ui/frame.mpy


for key in (4, 5):
    app.screen = Broken(app)
    app.board.feed(KEY, key)
    try:
        app.run()
    except Stop:
        pass
    print(app.message)
'''


def line_of(text: str, marker: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if marker in line)


@pytest.fixture(scope="module")
def image(tmp_path_factory):
    target = tmp_path_factory.mktemp("image") / "CIRCUITPY"
    build(target, "macropad")
    return target


def test_a_fault_in_a_screen_is_logged_with_its_file_and_line_on_circuitpython(
        image, tmp_path):
    if not os.access(VM, os.X_OK):
        pytest.skip(f"CircuitPython's VM is not at {VM}")
    drive = tmp_path / "drive"
    (drive / "parlour").mkdir(parents=True)
    script = tmp_path / "vm_fault.py"
    script.write_text(f"DRIVE = {str(drive)!r}\n" + SCRIPT)
    paths = [image / "lib", ROOT / "tests" / "support", ROOT / "tests" / "support" / "doubles" / "circuitpython"]
    env = dict(os.environ, MICROPYPATH=":".join(str(p) for p in paths))
    proc = subprocess.run([str(VM), "-X", "heapsize=400k", str(script)], env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == ["Error:", "ZeroDivisionEr", "Error:", "TypeError"]
    lines = (drive / "parlour" / "log" / "errors.log").read_text().split("\x00")[0].splitlines()
    assert len(lines) == 2
    uptime, rest = lines[0].split(" ", 1)
    assert uptime.isdigit()
    screen_line = line_of(script.read_text(), "THE SCREEN'S LINE")
    assert rest == f"ZeroDivisionError: no room @ vm_fault.py:{screen_line}"
    # The image's own module, named as mpy-cross was told, at the source's line: the
    # frame's fit() hands the text to the one cutter, whose first line reads its length.
    errors_py = (ROOT / "firmware" / "lib" / "parlour_rules" / "errors.py").read_text()
    cut_line = next(node.body[0].lineno for node in ast.parse(errors_py).body
                    if isinstance(node, ast.FunctionDef) and node.name == "cut")
    assert lines[1].endswith(f" @ errors.py:{cut_line}"), lines[1]
    assert lines[1].split(" ", 1)[1].startswith("TypeError: ")

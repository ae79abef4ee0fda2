"""Which serial port is a board's data channel.

CircuitPython's second CDC interface is named "CircuitPython CDC2 control" (Linux,
Windows through adafruit-board-toolkit's lister) or shows "CDC2" in its description
(macOS), and the order of a board's two ports is not guaranteed, so the name decides.
Where no name is reported, the higher-numbered of a board's two ports (same USB
serial number) is the data port. data_ports() is a pure function of a port list, so
it is tested with the lists each system gives; system_ports() reads the real ones.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from typing import Any

from ..paths import runtime_dir

ADAFRUIT_VID = 0x239A
DATA_INTERFACE = "CDC2"


@dataclass(frozen=True)
class Found:
    port: str
    kind: str           # "board" or "simulator"
    serial: str         # the USB serial number (the simulator's device id)
    what: str           # product or board name
    how: str            # how it was recognised


def _number(device: str) -> tuple:
    # "COM10" after "COM9", ttyACM10 after ttyACM9: compare the trailing number.
    match = re.search(r"(\d+)$", device)
    return (re.sub(r"\d+$", "", device), int(match.group(1)) if match else -1)


def _named(port: Any) -> bool:
    return any(DATA_INTERFACE in (getattr(port, field, None) or "")
               for field in ("interface", "description"))


def data_ports(ports: list[Any]) -> list[Found]:
    """The data ports among pyserial-like ports (device, vid, pid, serial_number,
    interface, description), one per board."""
    boards: dict[str, list[Any]] = {}
    seen: set[str] = set()
    for port in ports:
        if getattr(port, "vid", None) != ADAFRUIT_VID or port.device in seen:
            continue
        # macOS lists every port twice, as /dev/cu.X and /dev/tty.X: keep the cu. one.
        if "/tty." in port.device and port.device.replace("/tty.", "/cu.") in \
                {p.device for p in ports}:
            continue
        seen.add(port.device)
        key = getattr(port, "serial_number", None) or port.device
        boards.setdefault(key, []).append(port)
    found: list[Found] = []
    for serial_number, group in sorted(boards.items()):
        named = [p for p in group if _named(p)]
        if named:
            port, how = named[0], "interface CDC2"
        elif len(group) >= 2 and not any(getattr(p, "interface", None) for p in group):
            port, how = max(group, key=lambda p: _number(p.device)), "higher of two ports"
        else:
            continue    # a board with its console only: the data port is off
        what = getattr(port, "product", None) or getattr(port, "description", None) or ""
        found.append(Found(port.device, "board", serial_number, what, how))
    return found


def system_ports() -> list[Any]:
    """Every serial port the system lists: adafruit-board-toolkit's (whose Windows and
    macOS listers report interface names) first, then pyserial's for the rest."""
    from adafruit_board_toolkit import circuitpython_serial
    from serial.tools import list_ports

    ports = list(circuitpython_serial.comports())
    known = {p.device for p in ports}
    return ports + [p for p in list_ports.comports() if p.device not in known]


def announce(path: str, board: str, uid: str) -> os.PathLike:
    """A running simulator's note: its pseudo-terminal, for `parlour devices`."""
    folder = runtime_dir()
    folder.mkdir(parents=True, exist_ok=True)
    note = folder / f"sim-{os.getpid()}.json"
    note.write_text(json.dumps({"port": path, "pid": os.getpid(), "board": board, "uid": uid}))
    return note


def simulators() -> list[Found]:
    """The simulators running now (a note whose process is gone is removed)."""
    folder = runtime_dir()
    found = []
    for note in sorted(folder.glob("sim-*.json")) if folder.is_dir() else ():
        try:
            data = json.loads(note.read_text())
            os.kill(int(data["pid"]), 0)
        except (OSError, ValueError, KeyError, TypeError):
            note.unlink(missing_ok=True)
            continue
        if os.path.exists(data["port"]):
            found.append(Found(data["port"], "simulator", str(data.get("uid", "")),
                               f"parlour sim ({data.get('board')})", f"pid {data['pid']}"))
    return found


def find_all() -> list[Found]:
    return data_ports(system_ports()) + simulators()

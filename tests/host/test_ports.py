"""Finding the board's data port in the lists each system gives (pure function), and
the simulator's pseudo-terminal while it runs."""

import os
from types import SimpleNamespace as Port

from parlour.link.ports import announce, data_ports, simulators

MACROPAD = dict(vid=0x239A, pid=0x8108, product="Macropad RP2040")

LINUX = [
    Port(device="/dev/ttyS0", vid=None, pid=None, serial_number=None, interface=None,
         description="n/a"),
    # The data port listed first: the order is not guaranteed (circuitpython#4364).
    Port(device="/dev/ttyACM1", serial_number="DF6250", interface="CircuitPython CDC2 control",
         description="Macropad RP2040 - CircuitPython CDC2 control", **MACROPAD),
    Port(device="/dev/ttyACM0", serial_number="DF6250", interface="CircuitPython CDC control",
         description="Macropad RP2040 - CircuitPython CDC control", **MACROPAD),
]
MACOS = [   # cu./tty. twins; stock pyserial repeats one interface name for both ports
    Port(device="/dev/cu.usbmodem1101", serial_number="DF6250",
         interface="CircuitPython CDC control", description="Macropad RP2040", **MACROPAD),
    Port(device="/dev/tty.usbmodem1101", serial_number="DF6250",
         interface="CircuitPython CDC control", description="Macropad RP2040", **MACROPAD),
    Port(device="/dev/cu.usbmodem1103", serial_number="DF6250",
         interface="CircuitPython CDC control", description="CircuitPython CDC2 data",
         **MACROPAD),
    Port(device="/dev/tty.usbmodem1103", serial_number="DF6250",
         interface="CircuitPython CDC control", description="CircuitPython CDC2 data",
         **MACROPAD),
]
WINDOWS = [  # stock pyserial: no interface names; two boards, COM10 after COM9
    Port(device="COM9", serial_number="AAA1", interface=None,
         description="USB Serial Device (COM9)", **MACROPAD),
    Port(device="COM10", serial_number="AAA1", interface=None,
         description="USB Serial Device (COM10)", **MACROPAD),
    Port(device="COM3", serial_number="BBB2", interface="CircuitPython CDC2 control",
         description="USB Serial Device (COM3)", **MACROPAD),
    Port(device="COM4", serial_number="BBB2", interface="CircuitPython CDC control",
         description="USB Serial Device (COM4)", **MACROPAD),
    Port(device="COM1", vid=0x0403, pid=0x6001, serial_number="FT1", interface=None,
         description="FTDI"),
]


def ports(found):
    return [(f.port, f.how) for f in found]


def test_linux_picks_cdc2_whatever_the_order():
    assert ports(data_ports(LINUX)) == [("/dev/ttyACM1", "interface CDC2")]
    assert ports(data_ports(list(reversed(LINUX)))) == [("/dev/ttyACM1", "interface CDC2")]


def test_macos_reads_the_description_and_keeps_the_cu_twin():
    assert ports(data_ports(MACOS)) == [("/dev/cu.usbmodem1103", "interface CDC2")]


def test_windows_falls_back_to_the_higher_of_a_boards_two_ports():
    assert ports(data_ports(WINDOWS)) == [("COM10", "higher of two ports"),
                                          ("COM3", "interface CDC2")]


def test_a_board_with_its_console_only_and_other_vendors_are_not_listed():
    console_only = [Port(device="/dev/ttyACM0", serial_number="X", interface=None,
                         description="Macropad", **MACROPAD)]
    assert data_ports(console_only) == [] and data_ports(WINDOWS[-1:]) == []


def test_a_running_simulator_is_listed_and_a_dead_ones_note_is_removed(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_RUNTIME", str(tmp_path))
    master, slave = os.openpty()
    try:
        note = announce(os.ttyname(slave), "macropad", "5eed")
        [found] = simulators()
        assert (found.port, found.kind, found.serial) == (os.ttyname(slave), "simulator", "5eed")
        dead = tmp_path / "sim-999999999.json"
        dead.write_text(note.read_text().replace(str(os.getpid()), "999999999"))
        assert len(simulators()) == 1 and not dead.exists()
    finally:
        os.close(master)
        os.close(slave)

# boot.py's helpers: is the maintenance key held at reset, or did the laptop (or
# the Settings screen) ask for maintenance through nvm? Either way the drive stays
# writable for the computer (and read-only for the code) until the next reset.
import microcontroller
import supervisor

from . import boards
from .nvm import maintenance_requested, set_maintenance


def key_held() -> bool:
    # Key 0 (top-left): KEY1 on the MacroPad, "1" on the colour boards' keypads.
    keys = boards.module(boards.choose()).maintenance_keys()
    # keypad scans once as Keys is made, and a key already down then only primes its
    # debounce counter: no press event, ever, while it stays down. reset() counts
    # every key as released and scans again, so a held key raises its press now.
    keys.reset()
    start = supervisor.ticks_ms()
    while (supervisor.ticks_ms() - start) & 0x1FFFFFFF < 60:
        pass
    event = keys.events.get()
    keys.deinit()
    return event is not None and event.pressed


def maintenance() -> bool:
    nvm = microcontroller.nvm
    if maintenance_requested(nvm):
        set_maintenance(nvm, False)
        return True
    return key_held()

# boot.py's helpers: is the maintenance key held at reset, or did the laptop (or
# the Settings screen) ask for maintenance through nvm? Either way the drive stays
# writable for the computer (and read-only for the code) until the next reset.
import microcontroller
import supervisor

from .journal import maintenance_requested, set_maintenance


def key_held():
    # Key 0 (top-left): KEY1 on the MacroPad, "1" on the TFT board's keypad.
    import board
    import keypad
    if hasattr(board, "KEY1"):
        keys = keypad.Keys((board.KEY1,), value_when_pressed=False, pull=True)
    else:
        keys = keypad.KeyMatrix((board.A0,), (board.D24,))
    start = supervisor.ticks_ms()
    while (supervisor.ticks_ms() - start) & 0x1FFFFFFF < 60:
        pass
    event = keys.events.get()
    keys.deinit()
    return event is not None and event.pressed


def maintenance():
    nvm = microcontroller.nvm
    if maintenance_requested(nvm):
        set_maintenance(nvm, False)
        return True
    return key_held()

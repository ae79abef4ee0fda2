# CircuitPython's terminalio, for importing the renderer in the MicroPython rig.
FONT = None

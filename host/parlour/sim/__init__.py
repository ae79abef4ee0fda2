"""`parlour sim`: the real firmware on the laptop (fake CircuitPython modules, real
displayio) with three faces: a window, the terminal, and headless key scripts."""

# CircuitPython's bitmaptools, for importing the display libraries in the rig.

# CircuitPython's vectorio, for importing the renderer in the MicroPython rig.
class Rectangle:
    pass


class Circle:
    pass


class Polygon:
    pass

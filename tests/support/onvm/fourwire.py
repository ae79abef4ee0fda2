# The display bus: a static object on the board (a display slot), not heap.
class FourWire:
    def __init__(self, spi_bus, command=None, chip_select=None, reset=None, baudrate=24000000,
                 polarity=0, phase=0):
        pass

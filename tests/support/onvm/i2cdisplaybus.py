# The display bus: a static object on the board (a display slot), not heap.
class I2CDisplayBus:
    def __init__(self, i2c_bus, device_address=0x3C, reset=None):
        pass

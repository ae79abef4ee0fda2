class SPI:
    def __init__(self, clock, MOSI=None, MISO=None):
        pass

    def deinit(self):
        pass

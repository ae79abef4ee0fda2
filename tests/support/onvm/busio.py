

class I2C:
    def __init__(self, scl, sda, frequency=100000, timeout=255):
        pass

    def deinit(self):
        pass

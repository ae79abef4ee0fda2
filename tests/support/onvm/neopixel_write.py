def neopixel_write(pin, buf):
    pass

# The serial message format and the CRC line codec, shared by the device and the
# laptop: sans-I/O (fed bytes, gives records), MicroPython-safe.
PROTOCOL = 1

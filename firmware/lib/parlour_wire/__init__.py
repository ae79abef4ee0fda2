# The serial message format and the CRC line codec, shared by the device and the
# laptop: sans-I/O (fed bytes, gives records), MicroPython-safe.
PROTOCOL = 1
ROSTER_MAX = 32     # names a roster may hold
NAME_MAX = 24       # characters a name may have

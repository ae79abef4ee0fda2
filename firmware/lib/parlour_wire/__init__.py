# The serial message format and the CRC line codec, shared by the device and the
# laptop: sans-I/O (fed bytes, gives records), MicroPython-safe.
PROTOCOL = 2        # 2: store identity, acks by digest, damaged records named
ROSTER_MAX = 32     # names a roster may hold
NAME_MAX = 24       # characters a name may have

# Reading one copy of a log (twin.py) a line at a time, and a payload's CRC, in
# CHUNK-byte pieces through one open file: boot (mend.py) and filing (filing.py)
# read with it, and neither loads the other for it. Let go with them.
from binascii import crc32

from .twin import CHUNK, HEX, LINE_MAX

try:
    from typing import Any, Optional
except ImportError:
    pass


class Reader:
    # One copy read a line at a time, CHUNK bytes at a time (no file-sized buffer),
    # through one open file.
    def __init__(self, flash: Any, name: str, size: int) -> None:
        self.file = flash.open_read(name)
        self.size = size
        self.buf = b""
        self.at = 0         # file offset of buf[0]

    def read_at(self, pos: int, count: int) -> bytes:
        if self.file is None:
            return b""
        self.file.seek(pos)
        data: bytes = self.file.read(count)
        return data

    def close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None

    def line(self, pos: int) -> "Optional[bytes]":
        # The line starting at `pos` without its newline, or None. Bytes that cannot
        # begin a line (the zeros of a file never written, an erased sector's 0xff)
        # end it without reading further.
        while True:
            start = pos - self.at
            if 0 <= start < len(self.buf) and self.buf[start:start + 1] not in HEX:
                return None
            if 0 <= start <= len(self.buf):
                end = self.buf.find(b"\n", start)
                if end >= 0:
                    return self.buf[start:end]
                if len(self.buf) - start >= LINE_MAX:
                    return None
                keep = self.buf[start:]
            else:
                keep = b""
            at = pos + len(keep)
            if at >= self.size:
                return None
            more = self.read_at(at, CHUNK)
            if not more:
                return None
            self.buf = keep + more
            self.at = pos

    def crc(self, pos: int, count: int) -> int:
        crc = 0
        while count > 0:
            part = self.read_at(pos, CHUNK if count > CHUNK else count)
            if not part:
                return -1
            crc = crc32(part, crc)
            pos += len(part)
            count -= len(part)
        return crc & 0xFFFFFFFF

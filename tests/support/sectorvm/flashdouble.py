# The RP2040's flash as CircuitPython drives it, as a block device for os.VfsFat on
# CircuitPython's own VM. ports/raspberrypi/supervisor/internal_flash.c keeps one
# 4 KB erase sector in RAM: a block written to another sector first flushes the
# cached one, and so do a read and a sync (every file close). A flush erases the
# whole sector and programs it again; that program is where a power cut strikes.
#
# Every program is counted and can be recorded (sector, bytes); a cut at program K
# leaves that sector erased or half programmed and raises PowerCut. An overlay takes
# the writes of a boot after a cut, so the flash itself is reused for the next cut.
BLOCK = 512
SECTOR = 4096
PER_SECTOR = SECTOR // BLOCK
ERASED = b"\xff" * SECTOR


class PowerCut(Exception):
    pass


def damaged(data, mode):
    # What a cut leaves of a sector being programmed: "erased" (cut during the erase
    # or before the first page), "half" (pages go in order: the first half new, the
    # rest still erased).
    if mode == "erased":
        return ERASED
    return bytes(data[:SECTOR // 2]) + ERASED[SECTOR // 2:]


class SectorFlash:
    def __init__(self, data):
        self.data = data                 # the flash, bytearray
        self.blocks = len(data) // BLOCK
        self.cache = bytearray(SECTOR)
        self.cached = -1                 # the sector held in the cache, or -1
        self.programs = 0
        self.cut_at = -1
        self.cut_mode = "erased"
        self.record = None               # a list: (sector, bytes) of every program
        self.first = None                # a dict: sector -> its bytes before its first program
        self.overlay = None              # a dict: sector -> bytes, over `data`

    # -- the flash itself ------------------------------------------------------------
    def _sector(self, n):
        overlay = self.overlay
        if overlay is not None and n in overlay:
            return overlay[n]
        return memoryview(self.data)[n * SECTOR:(n + 1) * SECTOR]

    def _program(self, n, data):
        k = self.programs
        self.programs = k + 1
        if k == self.cut_at:
            self._put(n, damaged(data, self.cut_mode))
            raise PowerCut()
        if self.first is not None and n not in self.first:
            self.first[n] = bytes(self._sector(n))
        if self.record is not None:
            self.record.append((n, bytes(data)))
        self._put(n, data)

    def _put(self, n, data):
        if self.overlay is not None:
            self.overlay[n] = bytes(data)
        else:
            self.data[n * SECTOR:(n + 1) * SECTOR] = data

    def flush(self):
        if self.cached >= 0:
            n = self.cached
            self.cached = -1
            self._program(n, self.cache)

    # -- the block device os.VfsFat reads and writes ------------------------------------
    def readblocks(self, n, buf):
        self.flush()
        at = 0
        size = len(buf)
        while at < size:
            sector = n // PER_SECTOR
            offset = (n % PER_SECTOR) * BLOCK
            take = min(SECTOR - offset, size - at)
            buf[at:at + take] = self._sector(sector)[offset:offset + take]
            at += take
            n += take // BLOCK

    def writeblocks(self, n, buf):
        at = 0
        size = len(buf)
        while at < size:
            sector = n // PER_SECTOR
            if sector != self.cached:
                self.flush()
                self.cache[:] = self._sector(sector)
                self.cached = sector
            offset = (n % PER_SECTOR) * BLOCK
            self.cache[offset:offset + BLOCK] = buf[at:at + BLOCK]
            at += BLOCK
            n += 1

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 3 or op == 2:      # sync, deinit
            self.flush()
        return 0

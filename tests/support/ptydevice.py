"""The firmware's app on a thread of its own behind a real pseudo-terminal, with
finished matches waiting; and the one-line failure every laptop error must be."""

import threading
import time

from journal_support import STUMP_CONFIG, stump_events
from parlour.sim.pty import PtySerial
from parlour_device.app import App
from parlour_device.boards.common import MONO_128X64, Board
from parlour_device.flash import Flash

MATCHES = 20            # more than one batch of 16


def one_line(status, err, *words):
    lines = err.strip().splitlines()
    assert status not in (0, None) and len(lines) == 1, err
    assert lines[0].startswith("parlour: ") and "Traceback" not in err, err
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


UNPRIVILEGED = ["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all"]


class Device:
    """The firmware's app on its own thread, answering a real pseudo-terminal (the
    simulator's data port), with MATCHES finished matches waiting to be synced."""

    def __init__(self, folder, matches=MATCHES):
        (folder / "flash").mkdir()
        self.cable = PtySerial()
        self.app = App(Board(MONO_128X64, None, self.cable, bytearray(4096),
                             Flash(str(folder / "flash")), "1a9709000000001"))
        for _ in range(matches):
            self.app.new_match("stump", STUMP_CONFIG)
            for event in stump_events(12):
                assert self.app.submit(event) is None
            self.app.finish_match()
        self.lock = threading.Lock()
        self.running = True
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self):
        while self.running:
            with self.lock:
                self.app.step()
            time.sleep(0.0002)

    @property
    def path(self):
        return self.cable.path

    def pending(self):
        with self.lock:
            return self.app.journal.pending()

    def close(self):
        self.running = False
        self.thread.join()
        self.cable.close()

"""The laptop against a simulator over a real pseudo-terminal: `parlour` in a process
of its own, `parlour sim --serve`, the CLI in-process, and a fake far end."""

import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from parlour.cli import main

ROOT = Path(__file__).resolve().parents[2]


SCRIPTS = ROOT / "sim-scripts"


def parlour(*args, env=None, **kwargs):
    return subprocess.run([sys.executable, "-m", "parlour", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=120, **kwargs)


def serve(state: Path, env: dict, script: Path | None = None) -> tuple[subprocess.Popen, str]:
    """`parlour sim --serve` in its own process; -> (process, its pseudo-terminal)."""
    args = [sys.executable, "-m", "parlour", "sim", "--serve", "--state", str(state)]
    if script:
        args += ["--script", str(script)]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    line = b""
    deadline = time.monotonic() + 90
    while not line.endswith(b"\n") and time.monotonic() < deadline:
        if select.select([proc.stdout], [], [], 0.5)[0]:
            line += os.read(proc.stdout.fileno(), 1)
    assert line.startswith(b"data channel: "), (line, proc.stderr.read() if proc.poll() else "")
    return proc, line.split(b": ", 1)[1].strip().decode()


def stop(proc: subprocess.Popen) -> None:
    proc.send_signal(signal.SIGTERM)
    proc.wait(timeout=30)


def run(capsys, *args) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def one_line_failure(status, err, words):
    lines = err.strip().splitlines()
    assert status != 0 and len(lines) == 1 and lines[0].startswith("parlour: "), err
    assert all(w in lines[0] for w in words), lines[0]


class FakeEnd:
    """The far end of a real pseudo-terminal, answering each line with `answer(line)`."""

    def __init__(self, answer):
        self.master, slave = os.openpty()
        import tty
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self.slave = slave
        self.answer = answer
        self.running = True
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        buffer = b""
        while self.running:
            if not select.select([self.master], [], [], 0.05)[0]:
                continue
            try:
                buffer += os.read(self.master, 4096)
            except OSError:
                return
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                reply = self.answer(line)
                if reply:
                    os.write(self.master, reply)

    def close(self):
        self.running = False
        self.thread.join()
        os.close(self.master)
        os.close(self.slave)

"""Drive the firmware app on the scripted board: boot it, feed it inputs, read its
screen; and a clock that stops the device's endless wait."""

from doubles.memflash import MemFlash
from doubles.scripted_board import SimBoard
from parlour_device.app import App
from parlour_device.ui.frame import TEXT


def boot(files=None, colour=False):
    board = SimBoard(colour=colour, flash=MemFlash({} if files is None else files))
    app = App(board)
    app.step()
    return app


def act(app, *inputs):
    for kind, value in inputs:
        app.board.feed(kind, value)
    app.step()


def texts(app):
    return [item[3] for item in app.shown if item[0] == TEXT]



class Stop(BaseException):
    """Ends an endless loop under test (BaseException: no handler of ours takes it)."""


class StoppedClock:
    """A time module whose sleep ends the device's wait (the one module patched: the
    simulator's display thread sleeps too)."""

    @staticmethod
    def sleep(seconds):
        raise Stop()

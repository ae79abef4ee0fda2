# One module per board; the app only sees the Board object a module's make()
# returns. PARLOUR_BOARD in settings.toml picks one ("auto" asks board.board_id).
import os

BOARD_IDS = {"adafruit_macropad_rp2040": "macropad", "adafruit_feather_rp2040": "tft"}


def setting(name, default):
    try:
        value = os.getenv(name)
    except AttributeError:
        return default
    return default if value is None else value


def choose():
    name = setting("PARLOUR_BOARD", "auto")
    if name != "auto":
        return name
    try:
        import board
    except ImportError:
        return "sim"
    return BOARD_IDS.get(getattr(board, "board_id", ""), "macropad")


def make(name=None):
    name = name or choose()
    if name == "tft":
        from . import tft as module
    elif name == "sim":
        from . import sim as module
    else:
        from . import macropad as module
    return module.make()

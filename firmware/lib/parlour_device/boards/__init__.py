# One module per board; the app only sees the Board object a module's make()
# returns. PARLOUR_BOARD in settings.toml picks one ("auto" asks board.board_id).
try:
    from typing import TYPE_CHECKING, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

from ..system import setting

if TYPE_CHECKING:
    from .common import Board

BOARD_IDS = {"adafruit_macropad_rp2040": "macropad", "adafruit_feather_rp2040": "tft"}


def choose() -> str:
    name = setting("PARLOUR_BOARD", "auto")
    if name != "auto":
        return name
    try:
        import board
    except ImportError:
        return "macropad"
    board_id: str = getattr(board, "board_id", "")
    return BOARD_IDS.get(board_id, "macropad")


def make(name: Optional[str] = None) -> "Board":
    name = name or choose()
    if name == "tft":
        from . import tft
        return tft.make()
    from . import macropad
    return macropad.make()

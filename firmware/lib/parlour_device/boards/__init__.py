# One module per board; the app only sees the Board object a module's make()
# returns. PARLOUR_BOARD in settings.toml picks one ("auto" asks board.board_id).
try:
    from typing import TYPE_CHECKING, Any, Optional
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

from ..system import setting

if TYPE_CHECKING:
    from .common import Board

# board.board_id -> the board module's name; hardware/ has a page for each.
BOARD_IDS = {"adafruit_macropad_rp2040": "macropad", "adafruit_feather_rp2040": "tft",
             "raspberry_pi_pico": "pico", "adafruit_feather_rp2350": "rp2350"}


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


def module(name: str) -> Any:
    # The board's module, imported only when it is the one: a module reads its pins
    # as it loads, and another board has not got them.
    if name == "tft":
        from . import tft
        return tft
    if name == "pico":
        from . import pico
        return pico
    if name == "rp2350":
        from . import rp2350
        return rp2350
    from . import macropad
    return macropad


def make(name: Optional[str] = None) -> "Board":
    made: "Board" = module(name or choose()).make()
    return made

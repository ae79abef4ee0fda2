# Key 8 of the play screen: what is not a show-down, each on its own key: a false
# call, a void hand, the ledger, settle-up and the session's end.

from ...ui.frame import K_OK, K_UNDO
from ...ui.screen import ListScreen, Screen
from .results import EndAsk, HandDone, Ledger, Settle

try:
    from typing import TYPE_CHECKING, Any, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

ENTRIES = ["0 False call", "1 Void hand", "2 Ledger", "3 Settle up", "4 End session"]
_CHROME = ("0-4, or turn and 11",
           ("False", "Void", "Ledgr", "Settl", "End", "", "", "", "", "Back", "Menu", "OK"))


class More(ListScreen):
    title = "Poker: more"

    def __init__(self, app: "Host", play: "Any") -> None:
        super().__init__(app)
        self.play = play
        self.armed = -1       # 0: the false call asked once, to be pressed again

    def entries(self) -> "List[str]":
        return ENTRIES

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        return _CHROME

    def hint(self) -> str:
        return _CHROME[0]

    def keys(self) -> "Tuple[str, ...]":
        return _CHROME[1]

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.armed = -1
        return super().on_turn(delta)

    def on_key(self, key: int) -> "Optional[Screen]":
        if key < len(ENTRIES):
            return self.choose(key)
        if key != K_OK:
            self.armed = -1
        if key == K_UNDO:
            self.play.on_show()
            back: Screen = self.play
            return back
        if key == 7:        # the list's Down; 1 is False call here
            return None
        return super().on_key(key)

    def choose(self, index: int) -> "Optional[Screen]":
        play = self.play
        if index == 0 and self.armed != 0:
            # a false call costs the caller points: entered on a second press,
            # the first saying what it will enter
            if play.caller < 0:
                self.app.show("Caller's key first")
                self.app.beep("refuse")
                return None
            self.armed = 0
            self.app.show("0 again: false call")
            return None
        self.armed = -1
        if index == 0:
            return HandDone(self.app, play) if play.false_call() else None
        if index == 1:
            return HandDone(self.app, play) if play.void() else None
        if index == 2:
            return Ledger(self.app, play)
        if index == 3:
            return Settle(self.app, play)
        return EndAsk(self.app, play)

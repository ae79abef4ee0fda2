# The Great Galumphus's end (G-9, G-10) and its menu (MENU > END by agreement).
# Neither imports the play screen: the menu goes back to the screen it was given.

from ...ui.frame import GREEN, K_OK, K_UNDO, ORANGE, WHITE
from ...ui.lines import Lines
from ...ui.screen import ListScreen, Screen
from .texts import RowLines, shorts

try:
    from typing import TYPE_CHECKING, Any, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

REASONS = {"row": "row complete", "reach": "stalemate: no reach", "stars": "stalemate: stars",
           "pass": "stalemate: quiet", "agreed": "ended by agreement"}


class GameOver(Lines):
    # The winner (or who shares it), why the game ended, and every row; OK files it.
    title = "Galumphus: over"

    def __init__(self, app: "Host", rows: "Optional[RowLines]" = None,
                 short: "Optional[List[str]]" = None) -> None:
        # `rows`, `short`: the play screen's, so that only the rows the last event
        # changed are made again (a string is the dearest thing to make)
        super().__init__(app)
        self.row_lines = rows if rows is not None else RowLines(app.layout.cols)
        self.short = short
        self.armed = False      # the encoder pressed once (it also scrolls: a slip)

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        short = self.short if self.short is not None else shorts(v["names"])
        result = v["result"]
        winners = result["winners"]
        if len(winners) == 1:
            head = short[winners[0]] + " wins!"
        else:
            head = "shared: " + " ".join([short[s] for s in winners])
        out: "List[Tuple[str, int]]" = [(head, GREEN)]
        out.append((REASONS.get(result["reason"], result["reason"]), ORANGE))
        out.extend(self.row_lines.lines(v, short))
        return out

    def hint(self) -> str:
        return "11:file turn:scroll"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "", "", "", "", "", "", "", "", "", "Menu", "File")

    def lights(self) -> "Optional[Tuple[int, ...]]":
        return None

    def on_press(self) -> "Optional[Screen]":
        # The hint names 11; the encoder that scrolls the rows files only when
        # pressed a second time
        if not self.armed:
            self.armed = True
            self.app.show("press again: file it")
            return None
        return self.on_key(K_OK)

    def on_turn(self, delta: int) -> "Optional[Screen]":
        self.armed = False
        return super().on_turn(delta)

    def on_key(self, key: int) -> "Optional[Screen]":
        self.armed = False
        if key == K_OK:
            screen: Screen = self.app.finish_match("won")
            return screen
        if key == K_UNDO:
            self.app.show("game over: no undo")
            self.app.beep("refuse")
            return None
        return super().on_key(key)


class GameMenu(ListScreen):
    # MENU on the play screen: back to the game, END by agreement (G-10; asked
    # twice), or the main menu (the match stays live to resume).
    title = "Galumphus: menu"
    ROWS = ["Back to the game", "End the game", "Main menu"]
    SURE = ["Back to the game", "End: yes, now", "Main menu"]

    def __init__(self, app: "Host", back: Screen, rows: "Optional[RowLines]" = None,
                 short: "Optional[List[str]]" = None) -> None:
        super().__init__(app)
        self.back = back
        self.row_lines = rows   # the play screen's row lines and short names, for
        self.short = short      # the end (GameOver)
        self.sure = False

    def entries(self) -> "List[str]":
        return self.SURE if self.sure else self.ROWS

    def choose(self, index: int) -> "Optional[Screen]":
        if index == 0:
            return self.back
        if index == 2:
            return self.app.menu()
        if not self.sure:
            self.sure = True
            self.app.show("OK again to end")
            return None
        if self.app.submit({"t": "end"}) is not None:
            return None
        return GameOver(self.app, self.row_lines, self.short)

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_UNDO:
            return self.back
        return super().on_key(key)

    def draw(self, frame: "Any") -> None:
        super().draw(frame)
        if frame.layout.colour:
            frame.text(0, frame.layout.row_y(4), "END: most designs wins", WHITE, 2)

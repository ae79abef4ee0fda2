# Dumbo's results: after each entry the hand explained (D-7, D-8, D-15), the
# totals, who deals next and who sits out (D-9, D-11), the deal's net at two
# tables (D-12); at the game's end the winner with the bonuses itemised (D-10),
# then a new game with the same seats (11 twice) or the match filed (8). They go
# back to the play screen they were given, so nothing here imports it.

from ...ui.frame import CYAN, GREEN, K_OK, K_UNDO, WHITE, YELLOW
from ...ui.lines import Lines, clip
from ...ui.screen import Screen
from .texts import counts_row, game_rows, next_row, outcome_row, table_row, totals_row

try:
    from typing import TYPE_CHECKING, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host

try:
    from micropython import const
except ImportError:
    def const(x: int) -> int:  # type: ignore[misc]
        return x

_K_FILE = const(8)
_NEXT = ("turn scroll 11 next", ("", "", "", "", "", "", "", "", "", "Undo", "Menu", "Next"))
_OVER = ("11 new game 8 file", ("", "", "", "", "", "", "", "", "File", "Undo", "Menu", "New"))
_SURE = ("11 again: new game", ("", "", "", "", "", "", "", "", "File", "Undo", "Menu", "Sure"))


class HandOver(Lines):
    title = "Dumbo"

    def __init__(self, app: "Host", play: Screen) -> None:
        super().__init__(app)
        self.play = play
        self.armed = False         # 11 pressed once at the game's end

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        names = v["names"]
        out: "List[Tuple[str, int]]" = []
        h = v["last_hand"]
        if v["over"]:
            rows = game_rows(v)
            out.append((rows[0], GREEN))
            for row in rows[1:]:
                out.append((row, YELLOW))
        if h is not None:
            if not v["over"]:
                out.append((outcome_row(names, h), GREEN))
            out.append((counts_row(names, h), WHITE))
        elif v["last"]:
            # "Hand void: Ann deals again" is longer than a MacroPad line: the words
            # after the colon go on a line of their own
            head, _, rest = v["last"][0].partition(": ")
            if rest and len(v["last"][0]) > 21:
                out.append((head + ":", GREEN))
                out.append((clip(rest, 40), GREEN))
            else:
                out.append((clip(v["last"][0], 40), GREEN))
        deal = v["deal"]
        if deal is not None:
            net = deal["ns"] - deal["ew"]
            if net:
                text = "deal %d: %s +%d" % (deal["no"], "N-S" if net > 0 else "E-W", abs(net))
            else:
                text = "deal %d: level" % deal["no"]
            out.append((text, CYAN))
        out.append((totals_row(v), WHITE))
        nxt = next_row(v)
        if nxt is not None:
            out.append((nxt, WHITE))
        elif not v["over"]:
            for i in range(len(v["tables"])):
                out.append((table_row(v, i), WHITE))
        return out

    def on_show(self) -> None:
        self.armed = False
        self.title = "Dumbo: game over" if self.app.view()["over"] else "Dumbo"

    def chrome(self) -> "Tuple[str, Tuple[str, ...]]":
        if not self.app.view()["over"]:
            return _NEXT
        return _SURE if self.armed else _OVER

    def hint(self) -> str:
        return self.chrome()[0]

    def keys(self) -> "Tuple[str, ...]":
        return self.chrome()[1]

    def on_key(self, key: int) -> "Optional[Screen]":
        over = self.app.view()["over"]
        if key == K_OK:
            if not over:
                return self.play
            if not self.armed:
                self.armed = True
                self.app.show("11 again: new game")
                return None
            if self.app.submit({"t": "new_game"}) is None:
                return self.play
            return None
        if key == _K_FILE and over:
            done: "Screen" = self.app.finish_match()
            return done
        if key == K_UNDO:
            if self.app.undo() is None:
                return self.play
            return None
        if key == 10:
            return super().on_key(key)
        return None

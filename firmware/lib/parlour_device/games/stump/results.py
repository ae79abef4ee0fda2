# Stump's results on the device: the round's and the game's end, and the scores
# table. They go back to the play screen they were given, so nothing here imports it.

from ...ui.frame import GREEN, K_OK, WHITE, YELLOW
from ...ui.lines import Lines, clip
from ...ui.screen import Screen

try:
    from typing import TYPE_CHECKING, Any, Dict, List, Optional, Tuple
except ImportError:
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from ...ui.host import Host


class RoundOver(Lines):
    # The round's winner and points (S-6, S-7), cards left in the other hands, the
    # totals; at the game's end (S-8) the winner, and OK files the match.
    title = "Stump"

    def __init__(self, app: "Host", play: Screen) -> None:
        super().__init__(app)
        self.play = play

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        last = v["last_round"]
        sides = v["sides"]
        out: "List[Tuple[str, int]]" = []
        if v["over"]:
            out.append((clip(sides[v["winner"]], 14) + " wins!", GREEN))
        if last is not None:
            out.append(("R%d %s +%d" % (last["round"], clip(sides[last["winner"]], 11),
                                        last["points"]), YELLOW))
            held = []
            pairs = v["mode"] == "partnership"
            for seat in range(v["players"]):
                side = seat % 2 if pairs else seat
                if side != last["winner"]:
                    held.append("%s %d" % (clip(v["names"][seat], 6), last["hands"][seat]))
            out.append(("left " + " ".join(held), WHITE))
        for i in range(len(sides)):
            out.append(("%-12s %4d" % (clip(sides[i], 12), v["totals"][i]),
                        GREEN if v["winner"] == i else WHITE))
        return out

    def hint(self) -> str:
        return "11 finish  9 undo" if self.app.view()["over"] else "11 next round 9 undo"

    def keys(self) -> "Tuple[str, ...]":
        over = self.app.view()["over"]
        return ("", "", "", "", "", "", "", "", "", "Undo", "Menu",
                "Done" if over else "Next")

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK:
            if self.app.view()["over"]:
                result: "Screen" = self.app.finish_match()
                return result
            return self.play
        if key == 9:
            if self.app.undo() is None:
                return self.play
            return None
        return super().on_key(key)

    def describe(self, event: "Dict[str, Any]") -> str:
        return self.play.describe(event)

    def on_show(self) -> None:
        v = self.app.view()
        if v["over"]:
            self.title = "Stump: game over"
        elif v["last_round"] is not None:
            self.title = "Stump: round %d over" % v["last_round"]["round"]


class Scores(Lines):
    # Every side's total and hand size; turn to scroll on the small screen.
    title = "Stump: scores"

    def __init__(self, app: "Host", back: Screen) -> None:
        super().__init__(app)
        self.back = back

    def make_lines(self) -> "List[Tuple[str, int]]":
        v = self.app.view()
        out = [("to %d, round %d" % (v["target"], v["round"]), YELLOW)]
        pairs = v["mode"] == "partnership"
        for i in range(len(v["sides"])):
            if pairs:
                hand = "%d+%d" % (v["hands"][i], v["hands"][i + 2])
            else:
                hand = str(v["hands"][i])
            out.append(("%-10s %3d h%s" % (clip(v["sides"][i], 10), v["totals"][i], hand),
                        WHITE))
        return out

    def hint(self) -> str:
        return "turn scroll 11 back"

    def keys(self) -> "Tuple[str, ...]":
        return ("", "", "", "", "", "Back", "", "", "", "Undo", "Menu", "Back")

    def describe(self, event: "Dict[str, Any]") -> str:
        return self.back.describe(event)

    def on_key(self, key: int) -> "Optional[Screen]":
        if key == K_OK or key == 5:
            return self.back
        if key == 9:
            # the cut undone from here goes back to the options too (StumpPlay.undone)
            if self.app.undo() is None:
                play: "Any" = getattr(self.back, "play", self.back)
                again: "Optional[Screen]" = play.undone()
                return again
            return None
        return super().on_key(key)

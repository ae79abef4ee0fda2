# Stump's text on the device, made once: the ring's numbers and the pick lines the
# play screen shows for each of them (draw.py), so a click builds no string.

from .ring import RING

try:
    from typing import List, Optional
except ImportError:
    pass

# The ring's numbers as text, made once: the screen builds no string per click.
NUMS = tuple([str(n) for n in range(RING + 1)])
BRACKETED = tuple(["[%d]" % n for n in range(RING + 1)])   # the hand of the player on turn
ARROWED = tuple(["<%d" % n for n in range(RING + 1)])      # key labels: move this slide


class PickTexts:
    # One pick line per ring number ("12 in gap"), made the first time it is shown
    # and kept for good: a list looked up by the number, never emptied.
    def __init__(self, before: str, after: str) -> None:
        self.before = before
        self.after = after
        self.texts: "List[Optional[str]]" = [None] * (RING + 1)

    def text(self, n: int) -> str:
        text: "Optional[str]" = self.texts[n]
        if text is None:
            text = self.before + NUMS[n] + self.after
            self.texts[n] = text
        return text


IN_GAP = PickTexts("", " in gap")
UNDER = PickTexts("", " slide")
NO_GAP = PickTexts("", " no gap")
WILD_GAPPER = PickTexts("W or W=", "")
WILD = PickTexts("W=", "")
WILD_UNDER = PickTexts("W=", " slide")


LINES_KEPT = 16     # text lines a play screen remembers (then it starts over)

# How each phase of The Great Galumphus is drawn: the call (the design's name
# large), a privilege's naming, the Snort Hound's cards moving left, and the pages
# of lines (cards shown, results, rows). Only what the rules' view holds is drawn:
# a face-down card never reaches these functions unless the view shows it. A text
# is cut with fit(): a slice makes a new string even when the whole text fits.

from parlour_rules.cards import GAL_CODES, GAL_NAMES

from ...ui.frame import BLACK, GREY, ORANGE, WHITE, YELLOW, fit
from .texts import SECONDS, name_of

try:
    from typing import Any, Dict, List, Tuple
except ImportError:
    pass

STAR_TITLES = {"GAL": "Great Galumphus", "BUB": "Water-Hog", "CRO": "Crowned Cornubian",
               "TAS": "Snort Hound"}


def lines(frame: "Any", rows: "List[Tuple[str, int]]", top: int) -> None:
    # Body rows from `top`, a mark at the right while more lie below.
    lay = frame.layout
    count = lay.rows
    for i in range(count):
        j = top + i
        if j >= len(rows):
            break
        text, colour = rows[j]
        frame.text(0, lay.row_y(i), fit(text, lay.cols), colour, lay.scale)
    if top + count < len(rows):
        frame.text(lay.width - lay.char_w, lay.row_y(count - 1), "v", WHITE, lay.scale)


def call(frame: "Any", v: "Dict[str, Any]", status: "List[Tuple[str, int]]") -> None:
    # G-4: the called design's name large (its code larger still on the mono pad,
    # where the whole name takes the width of the screen), and the claims so far.
    lay = frame.layout
    code = v["called"]
    name = name_of(code)
    top = lay.body_top
    if lay.colour:
        frame.text(4, top + 4, name, YELLOW, 2)
        frame.text(4, top + 40, code, WHITE, 4)
        y = top + 44
        for text, colour in status:
            frame.text(96, y, fit(text, 18), colour, 2)
            y += 26
        return
    frame.text(0, top, name, WHITE, 1)
    frame.text(0, top + 14, code, WHITE, 2)
    y = top + 14
    for text, colour in status[:2]:
        frame.text(42, y, fit(text, 14), colour, 1)
        y += 12


def privilege(frame: "Any", v: "Dict[str, Any]", short: "List[str]", design: int) -> None:
    # G-7: whose turn, whose card is being named, and the design under the encoder.
    lay = frame.layout
    priv = v["privilege"]
    head = STAR_TITLES[priv["star"]] + ": " + short[priv["turn"]]
    pick = priv["pick"]
    frame.text(0, lay.row_y(0), fit(head, lay.cols), YELLOW, lay.scale)
    if pick is None:
        frame.text(0, lay.row_y(1), "whose card? seat key", WHITE, lay.scale)
        named = priv["named"]
        if named:
            text = "named: " + " ".join([short[s] for s in named])
            frame.text(0, lay.row_y(2), fit(text, lay.cols), GREY, lay.scale)
        return
    # by code and name: the deal and refill screens show the codes, so the picker
    # ties each name to its code; the code on the line above, so the longest name
    # (21 letters) still fits the MacroPad's row whole
    frame.text(0, lay.row_y(1), fit(short[pick] + "'s card is " + GAL_CODES[design], lay.cols),
               WHITE, lay.scale)
    y = lay.row_y(2)
    frame.rect(0, y, lay.width, lay.line_h, WHITE)
    frame.text(0, y, GAL_NAMES[design], BLACK, lay.scale)


def snort(frame: "Any", v: "Dict[str, Any]", step: int, steps: int) -> None:
    # G-7 Tasselled Snort Hound: every seat's place (a box) and its face-down card
    # (a block, never its face) sliding from seat i to seat i+1, the last to seat 0.
    lay = frame.layout
    n = v["players"]
    held = v["held"]
    frame.text(0, lay.row_y(0), "Cards move left", ORANGE, lay.scale)
    width = lay.width // n
    y = lay.body_top + lay.line_h + 6 * lay.scale
    box = width - 4
    high = 12 * lay.scale
    for seat in range(n):
        frame.rect(seat * width + 1, y, box, high, WHITE, False)
    for seat in range(n):
        # held[] is after the move: the card now at `seat` came from seat - 1
        if not held[seat]:
            continue
        start = ((seat - 1) % n) * width
        end = seat * width
        if end < start:         # the last seat's card wraps round to seat 0
            end = n * width
        x = start + (end - start) * step // steps
        if x >= n * width:
            x -= n * width
        frame.rect(x + 4, y + 3, box - 6, high - 6, WHITE, True)


def countdown(ms: int) -> str:
    return SECONDS.text((ms + 999) // 1000)

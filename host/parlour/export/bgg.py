"""A CSV of BoardGameGeek's play-logging fields, a row per play, the players in
numbered columns (player1_name, player1_username, ...): to type or paste into BGG's
own play logger, or for a tool that posts plays. parlour never asks for, nor keeps,
a BGG password."""

from __future__ import annotations

import csv
import datetime as dt
from typing import TextIO

from .bgstats import title, whole_minutes

PLAY_FIELDS = ["date", "game", "quantity", "length", "location", "incomplete", "nowinstats",
               "comments"]
PLAYER_FIELDS = ["name", "username", "startposition", "score", "new", "win"]


def write(played: list[tuple[dict, dict]], out: TextIO) -> None:
    rows = [(m, f) for m, f in played if not f.get("error")]
    most = max((len(f["names"]) for _, f in rows), default=0)
    header = list(PLAY_FIELDS)
    for n in range(1, most + 1):
        header += [f"player{n}_{field}" for field in PLAYER_FIELDS]
    w = csv.writer(out)
    w.writerow(header)
    for m, facts in rows:
        when = m["played_at"]
        day = dt.datetime.fromtimestamp(when).strftime("%Y-%m-%d") if when else ""
        row = [day, title(m), 1, whole_minutes(facts, ""), "Card table", int(not facts["winners"]), 0,
               f"parlour match {m['id']}"]
        for seat, name in enumerate(facts["names"]):
            side = next(i for i, s in enumerate(facts["sides"]) if seat in s["seats"])
            start = "" if facts["start"] is None else str((seat - facts["start"]) % len(
                facts["names"]) + 1)
            row += [name, "", start, facts["totals"][side], 0, int(side in facts["winners"])]
        row += [""] * (len(header) - len(row))
        w.writerow(row)

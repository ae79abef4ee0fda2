"""CSV: one row per player per match ("players"), or per player per hand ("hands")."""

from __future__ import annotations

import csv
import datetime as dt
from typing import TextIO

PLAYER_COLUMNS = ["match", "device", "seq", "game", "ended_at", "clock", "end", "seat",
                  "player", "total", "winner", "replay_agrees", "store", "same_number_as"]
HAND_COLUMNS = ["match", "game", "hand", "seat", "player", "points", "total_after", "kind",
                "scorer", "what"]


def iso(when: float | None) -> str:
    if when is None:
        return ""
    return dt.datetime.fromtimestamp(when).astimezone().isoformat(timespec="seconds")


def players(matches: list[dict], out: TextIO) -> None:
    w = csv.writer(out)
    w.writerow(PLAYER_COLUMNS)
    for m in matches:
        for p in m["players"]:
            w.writerow([m["id"], m["device"], m["seq"], m["game"], iso(m["played_at"]),
                        m["clock"], m["ended"], p["seat"], p["name"],
                        "" if p["total"] is None else p["total"], int(p["winner"]),
                        int(m["agrees"]), m["store"],
                        " ".join(str(i) for i in m["same_number"])])


def hands(matches: list[dict], readings: dict, out: TextIO) -> None:
    """A row per player per hand (a round of Stump, a call of The Great Galumphus):
    that hand in the device's words, the player's points in it and total after it
    (his side's, where the game scores sides). `readings`: {match id: its Reading}."""
    w = csv.writer(out)
    w.writerow(HAND_COLUMNS)
    for m in matches:
        told = readings[m["id"]]
        for h in told.hands:
            for p in m["players"]:
                side = told.seats[p["seat"]] if p["seat"] < len(told.seats) else None
                points = h["points"][side] if side is not None else ""
                total = h["totals"][side] if side is not None else ""
                w.writerow([m["id"], m["game"], h["hand"], p["seat"], p["name"], points, total,
                            h["kind"], told.scorers[side] if side is not None else "",
                            h["what"]])

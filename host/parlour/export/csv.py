"""CSV: one row per player per match ("players"), or per player per hand ("hands")."""

from __future__ import annotations

import csv
import datetime as dt
import json
from typing import TextIO

PLAYER_COLUMNS = ["match", "device", "seq", "game", "ended_at", "clock", "end", "seat",
                  "player", "total", "winner", "replay_agrees", "store", "same_number_as"]
HAND_COLUMNS = ["match", "game", "hand", "seat", "player", "points", "total_after"]


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


def _seat_value(values: object, seat: int) -> str:
    if isinstance(values, list) and seat < len(values):
        value = values[seat]
        return str(value) if isinstance(value, int | str) else json.dumps(value)
    if isinstance(values, dict):
        return json.dumps(values)
    return ""


def hands(matches: list[dict], out: TextIO) -> None:
    w = csv.writer(out)
    w.writerow(HAND_COLUMNS)
    for m in matches:
        for h in m["hands"]:
            for p in m["players"]:
                w.writerow([m["id"], m["game"], h["hand"], p["seat"], p["name"],
                            _seat_value(h["points"], p["seat"]),
                            _seat_value(h["totals"], p["seat"])])

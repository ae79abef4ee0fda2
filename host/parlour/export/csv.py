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
    (his side's, where the game scores sides). `readings`: {match id: its Reading}.

    A million rows on a long history: each field is made CSV once (a name once per
    match, a hand's words once per hand) and the rows joined as text, the bytes
    csv.writer would write (QUOTE_MINIMAL, CRLF) at a third of its time."""
    out.write(",".join(HAND_COLUMNS) + "\r\n")
    for m in matches:
        told = readings[m["id"]]
        lead = f"{_field(m['id'])},{_field(m['game'])},"
        seats = []
        for p in m["players"]:
            side = told.seats[p["seat"]] if p["seat"] < len(told.seats) else None
            scorer = _field(told.scorers[side]) if side is not None else ""
            seats.append((side, f"{_field(p['seat'])},{_field(p['name'])},", scorer))
        chunk = []
        for h in told.hands:
            number, tail = _field(h["hand"]), f",{_field(h['kind'])},"
            what = _field(h["what"])
            points, totals = h["points"], h["totals"]
            for side, who, scorer in seats:
                if side is None:
                    chunk.append(f"{lead}{number},{who},{tail}{scorer},{what}\r\n")
                else:
                    gained, total = points[side], totals[side]
                    gained = str(gained) if type(gained) is int else _field(gained)
                    total = str(total) if type(total) is int else _field(total)
                    chunk.append(f"{lead}{number},{who}{gained},{total}{tail}{scorer},"
                                 f"{what}\r\n")
        out.write("".join(chunk))


def _field(value: object) -> str:
    # csv.writer's QUOTE_MINIMAL: quoted where it holds a comma, a quote or a line end.
    text = "" if value is None else str(value)
    if "," in text or '"' in text or "\n" in text or "\r" in text:
        return '"' + text.replace('"', '""') + '"'
    return text

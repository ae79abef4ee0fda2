"""JSON (one document) and JSON Lines (a match a line), with the full event logs."""

from __future__ import annotations

import json
import time
from typing import TextIO

FORMAT = "parlour-export"
VERSION = 1


def document(m: dict) -> dict:
    """A match whole: its log, and each event and hand in the device's words
    (`lines`: an event's lines joined with "; "; `words`: them one by one)."""
    from ..describe import reading

    told = reading(m)
    return {"id": m["id"], "device": m["device"], "store": m["store"], "seq": m["seq"],
            "digest": m["digest"], "same_number_as": m["same_number"], "game": m["game"],
            "config": m["config"], "end": m["ended"], "ended_at": m["played_at"],
            "clock": m["clock"], "players": m["players"], "device_result": m["device_result"],
            "replayed_result": m["replayed_result"], "replay_agrees": m["agrees"],
            "problem": m["problem"], "events": [e["event"] for e in m["events"]],
            "lines": ["; ".join(e["lines"]) for e in told.events],
            "words": [e["lines"] for e in told.events], "scorers": told.scorers,
            "seats": told.seats, "hands": told.hands}


def whole(matches: list[dict], out: TextIO) -> None:
    # A match a line, each made by json's C encoder in one go (an indented dump runs
    # its Python encoder, ten times slower): one JSON document all the same.
    head = json.dumps({"format": FORMAT, "version": VERSION, "exported_at": int(time.time())})
    out.write(head[:-1] + ', "matches": [')
    for index, m in enumerate(matches):
        out.write(("\n" if index == 0 else ",\n") + json.dumps(document(m)))
    out.write("\n]}\n")


def lines(matches: list[dict], out: TextIO) -> None:
    for m in matches:
        out.write(json.dumps(document(m)) + "\n")

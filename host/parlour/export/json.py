"""JSON (one document) and JSON Lines (a match a line), with the full event logs."""

from __future__ import annotations

import json
import time
from typing import TextIO

FORMAT = "parlour-export"
VERSION = 1


def document(m: dict, events: str, told) -> str:
    """A match whole as one JSON object's text: its log, and each event and hand in
    the device's words (`lines`: an event's lines joined with "; "; `words`: them one
    by one). `events`: the log as a JSON array's text; `told`: parlour.described's
    kept words (Told: the texts of two objects whose keys follow the log)."""
    head = json.dumps({
        "id": m["id"], "device": m["device"], "store": m["store"], "seq": m["seq"],
        "digest": m["digest"], "same_number_as": m["same_number"], "game": m["game"],
        "config": m["config"], "end": m["ended"], "ended_at": m["played_at"],
        "clock": m["clock"], "players": m["players"], "device_result": m["device_result"],
        "replayed_result": m["replayed_result"], "replay_agrees": m["agrees"],
        "problem": m["problem"]})
    return (head[:-1] + ', "events": ' + events + ", " + told.words[1:-1] + ", "
            + told.hands[1:])


def whole(matches: list[dict], events: dict, told: dict, out: TextIO) -> None:
    # A match a line: one JSON document all the same.
    head = json.dumps({"format": FORMAT, "version": VERSION, "exported_at": int(time.time())})
    out.write(head[:-1] + ', "matches": [')
    for index, m in enumerate(matches):
        out.write(("\n" if index == 0 else ",\n") + document(m, events[m["id"]],
                                                               told[m["id"]]))
    out.write("\n]}\n")


def lines(matches: list[dict], events: dict, told: dict, out: TextIO) -> None:
    for m in matches:
        out.write(document(m, events[m["id"]], told[m["id"]]) + "\n")

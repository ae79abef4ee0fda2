"""BG Stats' import / backup JSON (docs/history.md has the field mapping per game).

Integer ids are references inside the file; the uuids are what BG Stats keys plays,
players and games by, so each is a uuid5 of what it stands for: a play of the
device's store identity and match number (and digest, for a clash), a player of
its name, a game of its name. A second export of the same matches gives the same
uuids, and BG Stats skips the plays it already holds."""

from __future__ import annotations

import datetime as dt
import json
import uuid
from typing import TextIO

NAMESPACE = uuid.UUID("6f1c3c52-4a0e-5d5e-9a57-7061726c6f75")    # parlour's own
TITLES = {"dumbo": "Dumbo", "poker": "Poker Rum", "dartex": "Dartex", "stump": "Stump",
          "galumphus": "The Great Galumphus"}
PLAYERS = {"dumbo": (2, 4), "poker": (2, 8), "dartex": (2, 4), "stump": (2, 4),
           "galumphus": (4, 8)}
TEAMS = ("dumbo", "stump")      # the games with partnerships (sides of two)


def title(m: dict) -> str:
    if m["game"] == "poker" and (m.get("config") or {}).get("variant") == "gin":
        return "Poker Gin"
    return TITLES.get(m["game"], m["game"])


def whole_minutes(facts: dict, unknown: int | str = 0) -> int | str:
    """The match's length in whole minutes (at least 1), or `unknown` when the device
    could not time it (resumed after a reboot or kept for later; older firmware)."""
    minutes = facts.get("minutes")
    return unknown if minutes is None else max(1, round(minutes))


def play_uuid(m: dict) -> str:
    key = f"parlour-play:{m['store']}:{m['seq']}"
    if m["same_number"]:
        key += f":{m['digest']}"    # two matches under one number: each its own play
    return str(uuid.uuid5(NAMESPACE, key))


def stamp(when: float | None) -> str:
    if when is None:
        return "1970-01-01 00:00:00"
    return dt.datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M:%S")


def document(played: list[tuple[dict, dict]]) -> dict:
    players: dict[str, dict] = {}
    games: dict[str, dict] = {}
    plays = []
    location = {"id": 1, "uuid": str(uuid.uuid5(NAMESPACE, "parlour-location:table")),
                "name": "Card table", "modificationDate": "1970-01-01 00:00:00"}
    for m, facts in played:
        if facts.get("error"):
            continue
        name = title(m)
        if name not in games:
            low, high = PLAYERS.get(m["game"], (1, 8))
            games[name] = {"id": len(games) + 1,
                           "uuid": str(uuid.uuid5(NAMESPACE, f"parlour-game:{name}")),
                           "name": name, "bggId": 0, "bggName": "", "bggYear": 0,
                           "cooperative": False, "highestWins": True, "noPoints": False,
                           "usesTeams": m["game"] in TEAMS, "minPlayerCount": low,
                           "maxPlayerCount": high, "minPlayTime": 0, "maxPlayTime": 0,
                           "isBaseGame": 1, "isExpansion": 0, "designers": "",
                           "urlImage": "", "urlThumb": "", "copies": [], "rating": 0,
                           "metaData": ""}
        teams = len(facts["sides"]) < len(facts["names"])
        scores = []
        for seat, who in enumerate(facts["names"]):
            if who not in players:
                players[who] = {"id": len(players) + 1,
                                "uuid": str(uuid.uuid5(NAMESPACE, f"parlour-player:{who}")),
                                "name": who, "isAnonymous": False, "bggUsername": "",
                                "modificationDate": stamp(m["played_at"]), "metaData": "",
                                "tags": []}
            side = next(i for i, s in enumerate(facts["sides"]) if seat in s["seats"])
            scores.append({"playerRefId": players[who]["id"],
                           "score": str(facts["totals"][side]),
                           "winner": side in facts["winners"], "rank": facts["ranks"][side],
                           "seatOrder": seat + 1, "startPlayer": seat == facts["start"],
                           "newPlayer": False, "role": "",
                           "team": facts["sides"][side]["name"] if teams else ""})
        when = stamp(m["played_at"])
        plays.append({"uuid": play_uuid(m), "gameRefId": games[name]["id"],
                      "locationRefId": location["id"], "playDate": when, "entryDate": when,
                      "modificationDate": when, "durationMin": whole_minutes(facts), "rounds": facts["hands"],
                      "board": "", "comments": f"parlour match {m['id']} ({m['ended'] or ''})",
                      "usesTeams": teams, "manualWinner": False, "scoringSetting": 0,
                      "ignored": False, "rating": 0, "expansionPlays": [], "playImages": "",
                      "bggId": 0, "bggLastSync": "", "nemestatsId": 0,
                      "importPlayId": 0, "metaData": json.dumps({"parlour": m["id"]}),
                      "playerScores": scores})
    return {"groups": [], "userInfo": {"meRefId": 0}, "players": list(players.values()),
            "locations": [location], "games": list(games.values()), "plays": plays,
            "tags": [], "challenges": []}


def write(played: list[tuple[dict, dict]], out: TextIO) -> None:
    # One string, unindented: json's C encoder (json.dump takes the pure-Python one).
    out.write(json.dumps(document(played)) + "\n")

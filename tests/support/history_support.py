"""Matches of every game stored the way a sync stores them (the device's kept record,
replayed by the laptop, added in batches through the real store): the fixture of the
history tests and of bench/history.py. The matches are the golden logs of
tests/golden, each folded by the rules core, with the players renamed at will."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "portable"))

from parlour.replay import replay  # noqa: E402
from parlour.store import open_store  # noqa: E402
from parlour.store.matches import Incoming, add_batch, begin_sync, see_device  # noqa: E402
from parlour_rules.log import MatchLog  # noqa: E402

STORE = "5a1e7ab1e0000001"      # the fixture's device store identity
DAY = 1_780_000_000             # 2026-05-28, a Thursday: the fixture's first match
DEFAULT_NAMES = {"poker": "players"}


def golden_logs() -> list[tuple[str, str, dict, list]]:
    """(game, name, config, events) of every golden match."""
    import cases_dumbo
    import cases_poker_golden
    from cases_galumphus import parse_script

    out = []
    for name, (_, config, events) in sorted(cases_dumbo.matches().items()):
        out.append(("dumbo", name, config, events))
    for name, (_, config, events) in sorted(cases_poker_golden.MATCHES.items()):
        out.append(("poker", name, config, events))
    for path in sorted((HERE.parent / "golden" / "dartex").glob("*.json")):
        g = json.loads(path.read_text())
        out.append(("dartex", path.stem, g["config"], g["events"]))
    for path in sorted((HERE.parent / "golden" / "stump").glob("*.json")):
        g = json.loads(path.read_text())
        out.append(("stump", path.stem, g["config"], [s["event"] for s in g["steps"]]))
    for path in sorted((HERE.parent / "golden" / "galumphus").glob("*.json")):
        g = json.loads(path.read_text())
        out.append(("galumphus", path.stem, g["config"], parse_script(g["script"])))
    return out


def named(config: dict, names: list[str] | None) -> dict:
    if names is None:
        return dict(config)
    return {**config, "names": list(names[:_seats(config)])}


def _seats(config: dict) -> int:
    return int(config["players"])


def kept(seq: int, game: str, config: dict, events: list, at: int,
         length: int | None = None) -> dict:
    """The device's stored match, as its journal files it (journal.finish); `length`
    (ms): begun and filed in one boot, so it says when it began ("from")."""
    log = MatchLog(game, config, events)
    view = log.screen_view()
    end = "won" if view.get("winner") is not None else "stopped"
    out = {"seq": seq, "end": end, "record": log.record(), "up": 1000 * seq, "boot": 1,
           "at": at, "result": {"totals": view.get("totals"), "winner": view.get("winner")}}
    if length is not None:
        out["from"] = out["up"]
        out["up"] += length
    return out


def store_matches(path: Path, matches: list[tuple[str, dict, list, int]],
                  store_id: str = STORE, batch: int = 200,
                  lengths: dict[int, int] | None = None) -> None:
    """Store (game, config, events, ended at) through a sync's own steps; `lengths`:
    ms each timed match lasted, by its number."""
    with open_store(path) as store:
        see_device(store, {"dev": store_id, "store": store_id, "board": "sim",
                           "fw": "0.1.0", "proto": 2})
        sync_id = begin_sync(store, store_id)
        items = []
        for seq, (game, config, events, at) in enumerate(matches, 1):
            k = kept(seq, game, config, events, at, (lengths or {}).get(seq))
            items.append(Incoming(seq, k, replay(k), float(at), "device"))
            if len(items) >= batch:
                add_batch(store, store_id, sync_id, items, seq)
                items = []
        if items:
            add_batch(store, store_id, sync_id, items, len(matches))


# The fixture: every golden match once, played by these people, a day apart, in
# this order (the hand-worked expectations of tests/host/test_history.py).
PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def fixture(path: Path) -> list[tuple[str, str]]:
    """-> (game, golden name) of each stored match, in order."""
    logs = golden_logs()
    matches = []
    for index, (game, _, config, events) in enumerate(logs):
        matches.append((game, named(config, PEOPLE), events, DAY + 86400 * index))
    store_matches(path, matches)
    return [(game, name) for game, name, _, _ in logs]

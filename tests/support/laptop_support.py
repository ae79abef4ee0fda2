"""A laptop database holding a finished match of every game, folded from the golden
logs with the rules core and stored as a sync stores it (real SQLite)."""

import json
import sys
from pathlib import Path

from parlour.replay import replay
from parlour.store import open_store
from parlour.store.matches import Incoming, add_batch, begin_sync, see_device
from parlour_rules.log import MatchLog

HERE = Path(__file__).resolve().parent
GOLDEN = HERE.parent / "golden"
sys.path.insert(0, str(HERE / "portable"))

# One golden log of each game (and one with sides): name -> (game, golden file).
PICKS = {"dumbo": "dumbo/two.txt", "dumbo_pairs": "dumbo/pairs.txt",
         "poker": "poker/rum_four.txt", "stump": "stump/partnership.json",
         "dartex": "dartex/three.json", "galumphus": "galumphus/four_players_row_of_7.json"}


def golden_record(pick: str) -> dict:
    path = GOLDEN / PICKS[pick]
    game = path.parent.name
    if path.suffix == ".txt":
        config, events = None, []
        for line in path.read_text().splitlines():
            if line.startswith("config: "):
                config = json.loads(line[len("config: "):])
            elif line.startswith("event "):
                events.append(json.loads(line.split(": ", 1)[1]))
    else:
        data = json.loads(path.read_text())
        config = data["config"]
        if game == "stump":
            events = [step["event"] for step in data["steps"]]
        elif game == "galumphus":
            from cases_galumphus import parse_script

            events = parse_script(data["script"])
        else:
            events = data["events"]
    return MatchLog(game, config, events).record()


def kept_match(seq: int, record: dict, at: int = 1_780_000_000) -> Incoming:
    log = MatchLog(record["game"], record["config"], record["events"])
    view = log.screen_view()
    kept = {"seq": seq, "end": "won", "record": record, "up": 5, "boot": 1, "at": at,
            "result": {"totals": view.get("totals"), "winner": view.get("winner")}}
    return Incoming(seq, kept, replay(kept), float(at), "device")


def history_db(path: Path, picks=tuple(PICKS)) -> Path:
    """A database at `path` with the matches `picks` (ids 1.. in that order)."""
    with open_store(path) as store:
        see_device(store, {"dev": "ab12", "board": "sim", "fw": "0.1.0", "proto": 2})
        sync_id = begin_sync(store, "ab12")
        batch = [kept_match(i + 1, golden_record(p), 1_780_000_000 + 60 * i)
                 for i, p in enumerate(picks)]
        add_batch(store, "ab12", sync_id, batch, len(batch))
    return path

"""A synced match replayed with the rules core: the device sent its log and its own
result; the laptop folds the same log with the same code and says whether the two
agree. A disagreement is a bug somewhere, so it is kept and reported, never mended."""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog, from_record


@dataclass
class Replayed:
    game: str
    names: list[str]
    totals: list | None
    winner: object
    winners: list[int]              # the seats that won
    agrees: bool
    problem: str = ""               # why not, in a line
    hands: list[dict] = field(default_factory=list)   # per hand: points, totals
    lines: list[str] = field(default_factory=list)    # per event: the view's last line
    seat_totals: list = field(default_factory=list)   # per seat (a side's, for its players)


def result_of(log: MatchLog) -> dict:
    """What the device keeps as its result: the screen view's totals and winner."""
    view = log.screen_view()
    return {"totals": view.get("totals"), "winner": view.get("winner")}


def sides_of(view: dict) -> list[list[int]] | None:
    """The seats each scorer stands for, where the game scores sides (four-player
    Dumbo, partnership Stump); None where every player scores for himself."""
    names = view.get("names") or []
    scorers = view.get("scorers")
    if isinstance(scorers, list) and 0 < len(scorers) < len(names):
        return [list(s.get("seats") or []) for s in scorers]
    teams = view.get("teams")
    if view.get("mode") == "partnership" and teams:
        return [list(t) for t in teams]
    return None


def seat_totals(view: dict) -> list:
    """Each seat's total: a side's total for each of its players."""
    totals = view.get("totals")
    if not isinstance(totals, list):
        return []
    names = view.get("names") or view.get("players") or []
    sides = sides_of(view)
    if sides is None:
        return list(totals)
    out: list = [None] * len(names)
    for side, seats in enumerate(sides):
        for seat in seats:
            if side < len(totals) and seat < len(out):
                out[seat] = totals[side]
    return out


def most_up(totals: list) -> list[int]:
    """A Poker session's winners: the players most up (all of them on a tie); nobody
    while every balance is the same."""
    numbers = [t for t in totals if isinstance(t, int)]
    if not numbers or min(numbers) == max(numbers):
        return []
    return [seat for seat, t in enumerate(totals) if t == max(numbers)]


def winner_seats(view: dict, winner: object) -> list[int]:
    names = view.get("names") or []
    teams = view.get("teams")
    result = view.get("result")
    if view.get("game") == "poker":
        return most_up(view.get("totals") or [])
    if isinstance(result, dict) and isinstance(result.get("winners"), list):
        return sorted(result["winners"])     # a shared Galumphus stalemate: all of them
    if isinstance(winner, bool) or winner is None:
        return []
    if isinstance(winner, int):
        if teams and view.get("mode") == "partnership" and winner < len(teams):
            return sorted(teams[winner])
        return [winner]
    if isinstance(winner, str):
        sides = sides_of(view)
        if sides is not None:       # four-player Dumbo: the side's name wins
            for scorer, seats in zip(view.get("scorers") or [], sides, strict=False):
                if scorer.get("name") == winner:
                    return sorted(seats)
        return [seat for seat, name in enumerate(names) if name == winner]
    return []


def _hand_list(view: dict) -> list | None:
    for key in ("rounds", "hands", "games"):
        value = view.get(key)
        if isinstance(value, list) and value and isinstance(value[-1], (list, dict)):
            return value
    return None


def replay(kept: dict, detail: bool = True) -> Replayed:
    """`kept`: the device's stored match ({"seq", "end", "record", "result", ...}).
    With detail, the per-event lines and per-hand points are worked out too."""
    record = kept.get("record")
    game = str(record.get("game")) if isinstance(record, dict) else "?"
    device = kept.get("result")
    try:
        if not detail:
            log = from_record(record)
            hands: list[dict] = []
            lines: list[str] = []
        else:
            log, hands, lines = _fold(record)
    except RulesError as e:
        return Replayed(game, [], None, None, [], False, f"does not replay: {e.message}")
    view = log.view()
    mine = result_of(log)
    agrees = device is None or device == mine
    problem = "" if agrees else (f"the device says {device}, the replay says {mine}")
    if device is None:
        problem = "the device kept no result to check"
    return Replayed(game, list(view.get("names") or view.get("players") or []), view.get("totals"),
                    view.get("winner"), winner_seats(view, view.get("winner")),
                    agrees and device is not None, problem, hands, lines, seat_totals(view))


def _fold(record: object) -> tuple[MatchLog, list[dict], list[str]]:
    empty = from_record({**record, "events": []} if isinstance(record, dict) else record)
    log = MatchLog(empty.game_name, empty.config)
    hands: list[dict] = []
    lines: list[str] = []
    seen = 0
    for index, event in enumerate(record["events"]):
        log.append(event)
        view = log.view()
        last = view.get("last")
        if isinstance(last, dict) and "line" in last:   # a game whose last event is a record
            last = last["line"]
        if isinstance(last, list):      # Dumbo's lines; Galumphus's claims (see describe)
            last = "; ".join(x for x in last if isinstance(x, str))
        lines.append(last if isinstance(last, str) else "")
        past = _hand_list(view) or []
        while seen < len(past):
            hands.append({"points": past[seen], "totals": view.get("totals"), "after": index})
            seen += 1
    return log, hands, lines

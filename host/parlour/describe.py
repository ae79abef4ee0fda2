"""A stored match in words: what each event did and how each hand went, for `parlour
show`, the exports and the report.

    from parlour.describe import reading, describe, hands, scorers, seats

    m = parlour.store.matches.match(store, 7)     # or {"game", "config", "events"}
    scorers(m)    -> ["Ann", "Bob"]               # who scores: players, or sides
    seats(m)      -> [0, 1]                       # the scorer each seat scores for
    describe(m)   -> [{"n": 1, "event": {...}, "lines": ["Ann declares 3, Bob 25: Ann +22"]}, ...]
    hands(m)      -> [{"hand": 1, "kind": "hand", "what": "...", "points": [22, 0],
                       "totals": [22, 0], "after": 1, "game": 1}, ...]

Every word comes from folding the stored log again with the rules core: the lines the
device shows (each game's own view), whole (never cut to the device's line width) and
never a Python repr. `points` and `totals` run along `scorers(m)`: a player each, or a
side each where the game scores sides (four-player Dumbo, partnership Stump);
`seats(m)[seat]` is the scorer a seat scores for. A row of `hands()` is what each
game calls a hand: a hand of Dumbo or Poker (a false call or a void hand too), a round
of Stump, a hand of Dartex (its throws, until someone is out or all pass), and a call
of The Great Galumphus (one design called, the claims on it settled; its totals are
the designs in each row). `reading(m)` gives all of it from one fold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour_rules.cards import GAL_CODES, GAL_FIRST_STAR, GAL_NAMES
from parlour_rules.errors import RulesError
from parlour_rules.log import MatchLog
from parlour_rules.tokens import format_stump

KINDS = {"dumbo": "hand", "poker": "hand", "stump": "round", "dartex": "hand",
         "galumphus": "call"}


@dataclass
class Reading:
    game: str
    scorers: list[str]
    seats: list[int]                        # seat -> the scorer it scores for
    events: list[dict] = field(default_factory=list)
    hands: list[dict] = field(default_factory=list)
    problem: str = ""                       # why the fold stopped early, if it did


def reading(m: dict) -> Reading:
    """One fold of the match `m` (a stored match, or a record): its words and hands."""
    game = str(m.get("game"))
    raw = [e["event"] if isinstance(e, dict) and "event" in e and "t" not in e else e
           for e in m.get("events") or []]
    try:
        log = MatchLog(game, m.get("config"))
    except RulesError as e:
        return Reading(game, [], [], problem=e.message)
    telling = _TELLERS[game](log)
    # The Great Galumphus's screen view is made anew only where the state changed
    # (the device's way): a third of the cost of its whole view, event by event.
    look = log.screen_view if game == "galumphus" else log.view
    out = Reading(game, [], [])
    for index, event in enumerate(raw):
        try:
            log.append(event)
        except RulesError as e:
            out.events.append({"n": index + 1, "event": event,
                               "lines": [f"refused: {e.message}"]})
            out.problem = f"event {index + 1} does not replay: {e.message}"
            break
        telling.n = index + 1
        lines, row = telling.step(event, look(), log.state)
        out.events.append({"n": index + 1, "event": event, "lines": lines})
        if row is not None:
            row.setdefault("hand", len(out.hands) + 1)
            row["kind"] = KINDS[game]
            row.setdefault("after", index + 1)
            out.hands.append(row)
    tail = telling.finish()
    if tail is not None:
        tail["kind"] = KINDS[game]
        tail["after"] = len(out.events)
        out.hands.append(tail)
    out.scorers, out.seats = telling.scorers(log.view())
    return out


def scorers(m: dict) -> list[str]:
    return reading(m).scorers


def describe(m: dict) -> list[dict]:
    return reading(m).events


def hands(m: dict) -> list[dict]:
    return reading(m).hands


def seats(m: dict) -> list[int]:
    return reading(m).seats


# -- each game ------------------------------------------------------------------------
class _Teller:
    n = 0       # the event being told (1, 2, ...)

    def __init__(self, log: MatchLog):
        self.log = log

    def finish(self) -> dict | None:
        return None     # the hand under way when the log ends, where a game has one

    def scorers(self, view: dict) -> tuple[list[str], list[int]]:
        names = list(view.get("names") or view.get("players") or [])
        return names, list(range(len(names)))


class _Dumbo(_Teller):
    def step(self, event, view, state):
        lines = list(view.get("last") or [])
        row = None
        if event.get("t") in ("hand", "wrong"):
            row = {"game": view["game_no"], "what": "; ".join(lines),
                   "points": list(view["scored"]), "totals": list(view["totals"])}
        return lines, row

    def scorers(self, view):
        names = view["names"]
        if view["mode"] != "pairs" and len(view["scorers"]) == len(names):
            return list(names), list(range(len(names)))
        out, seats = [], [0] * len(names)
        for index, scorer in enumerate(view["scorers"]):
            members = [names[s] for s in scorer["seats"]]
            for s in scorer["seats"]:
                seats[s] = index
            out.append(scorer["name"] + (f" ({' & '.join(members)})" if members else ""))
        if not view["compass"]:             # never seated: seats alternate sides
            seats = [s % 2 for s in range(len(names))]
        return out, seats


class _Poker(_Teller):
    def step(self, event, view, state):
        last = view.get("last")
        if not isinstance(last, dict):
            return [], None
        names = view["players"]
        lines = [last["line"]] + [f"{names[a]} pays {names[b]} {n}"
                                  for a, b, n in last.get("payments") or []]
        row = None
        if event.get("t") in ("hand", "false_call", "void"):     # (every other is the cut)
            row = {"what": "; ".join(lines),
                   "points": list(last["deltas"]), "totals": list(view["totals"])}
            if "deadwood" in last:
                row["deadwood"] = last["deadwood"]
        return lines, row


class _Stump(_Teller):
    rounds = 0      # rounds told so far

    def step(self, event, view, state):
        from parlour_rules.stump.state import CFG, LAST

        text = _stump_line(state[LAST], state[CFG]["names"], self._sides(view))
        row = None
        if len(view["rounds"]) > self.rounds:
            self.rounds = len(view["rounds"])
            last = view["last_round"]
            points = [0] * len(view["totals"])
            points[last["winner"]] = last["points"]
            held = ", ".join(f"{n} {h}" for n, h in zip(view["names"], last["hands"],
                                                       strict=False))
            row = {"hand": last["round"], "what": f"{text} (cards held: {held})",
                   "points": points, "totals": list(view["totals"])}
        return [text], row

    @staticmethod
    def _sides(view):
        names = view["names"]
        teams = view.get("teams")
        if teams:
            return ["+".join(names[s] for s in members) for members in teams]
        return list(names)

    def scorers(self, view):
        teams = view.get("teams")
        if not teams:
            return self._sides(view), list(range(len(view["names"])))
        seats = [0] * len(view["names"])
        for side, members in enumerate(teams):
            for seat in members:
                seats[seat] = side
        return ["+".join(view["names"][s] for s in members) for members in teams], seats


def _stump_line(last, names, sides) -> str:
    # The words of parlour_rules.stump.views.last_line, with every name whole (the
    # device cuts a name to fit its line).
    what, who, a, b = last
    if what == "new":
        return "new match"
    if what == "setup":
        return "slides %d and %d" % (a, b)
    if what == "round":
        return "%s +%d, round over" % (sides[who], a)
    if what == "game":
        return "%s +%d, game!" % (sides[who], a)
    name = names[who]
    if what == "cut":
        return name + " deals"
    if what == "member":
        return name + " plays"
    if what == "gapper":
        return name + " gapper " + format_stump(a, a == 0)
    if what == "discard":
        return name + " discards " + format_stump(a, b == 1)
    if what == "stuck":
        return "%s stuck on %d" % (name, a)
    if what == "out":
        return name + " is out"
    return "%s moves %d to %d" % (name, a, b)


class _Dartex(_Teller):
    seen = 0        # hands told so far

    def step(self, event, view, state):
        text = view.get("last") or ""
        row = None
        past = view.get("hands") or []
        if len(past) > self.seen:
            self.seen = len(past)
            scores = ", ".join(f"{n} {s}" for n, s in zip(view["names"], past[-1],
                                                         strict=False))
            ended = ("all passed" if view.get("ended") == "passes" else
                     f"{view['names'][view['out']]} out" if view.get("out") is not None
                     else "")
            row = {"hand": len(past), "what": f"{scores}" + (f"; {ended}" if ended else ""),
                   "points": list(past[-1]), "totals": list(view["totals"])}
        return [text] if text else [], row


class _Galumphus(_Teller):
    def __init__(self, log: MatchLog):
        super().__init__(log)
        self.call = 0
        self.open_row: dict | None = None
        self.before: list[int] = []
        self.settled: list | None = None
        self.claim: tuple | None = None

    def step(self, event, view, state):
        names = view["names"]
        lines = []
        row = None
        if view["calls"] > self.call:
            row = self.open_row         # a call's row closes when the next card is called
            if row is not None:
                row["after"] = self.n - 1
            self.call = view["calls"]
            lines.append(f"Call {self.call}: {_design(view['called'])}")
            self.before = list(view["totals"])
            self.open_row = {"hand": self.call, "what": lines[0],
                             "points": [0] * len(names), "totals": list(view["totals"])}
            self.settled, self.claim = None, None
        kind = event.get("t")
        if kind == "key" and view["claims"] and tuple(view["claims"][-1]) != self.claim:
            self.claim = tuple(view["claims"][-1])
            lines.append(f"{names[self.claim[0]]} claims {names[self.claim[1]]}'s card")
        privilege = view["privilege"]
        if kind == "key" and privilege and privilege.get("pick") is not None:
            lines.append(f"{names[privilege['turn']]} picks {names[privilege['pick']]}'s card")
        settled = self.settled or []
        if view["last"] and view["last"] != settled:
            # A Star's claims are settled one by one, each added to those before it.
            fresh = view["last"][len(settled):] if view["last"][:len(settled)] == settled \
                else view["last"]
            self.settled = view["last"]
            said = [_claim_line(names, c) for c in fresh]
            lines.extend(said)
            if self.open_row is not None:
                self.open_row["what"] += "; " + "; ".join(said)
        if self.open_row is not None:
            self.open_row["totals"] = list(view["totals"])
            self.open_row["points"] = [a - b for a, b in zip(view["totals"], self.before,
                                                              strict=False)]
        result = view.get("result")
        if view["phase"] == "over" and result:
            who = " and ".join(names[s] for s in result["winners"])
            verb = "wins" if len(result["winners"]) == 1 else "win"
            lines.append(f"{who} {verb} ({_REASONS.get(result['reason'], result['reason'])})")
        if not lines:
            lines = [_QUIET.get(kind, str(kind))]
        return lines, row

    def finish(self) -> dict | None:
        row, self.open_row = self.open_row, None
        return row


_REASONS = {"row": "a row completed", "reach": "the rest out of reach",
            "stars": "the Stars all called", "pass": "a quiet pass of the pack"}
_QUIET = {"seed": "shuffled and cut", "timeout": "the cards shown are hidden again",
          "next": "claims closed", "pass": "no card named", "end": "match ended",
          "key": "a seat key", "name": "a design named", "seat": "a seat picked"}


def _design(code: str | None) -> str:
    if code not in GAL_CODES:
        return str(code)
    index = GAL_CODES.index(code)
    star = ", a Star" if index >= GAL_FIRST_STAR else ""
    return f"{GAL_NAMES[index]} ({code}{star})"


def _claim_line(names: list[str], claim: dict) -> str:
    # The device's claim line ("Ann>Bob PAI right"), with the names whole.
    by, seat = names[claim["by"]], names[claim["seat"]]
    if claim["result"] == "void":
        return f"{by}>{seat} void"
    if claim["card"] is None:
        return f"{by}>{seat} wrong"
    return f"{by}>{seat} {claim['card']} {claim['result']}"


_TELLERS = {"dumbo": _Dumbo, "poker": _Poker, "stump": _Stump, "dartex": _Dartex,
            "galumphus": _Galumphus}

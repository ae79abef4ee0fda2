"""Writes the key scripts of a whole Galumphus match (sim-scripts/galumphus_match*.txt).

The rules core plays the umpire's part: it knows every face-down card, so the
script's players claim as well as players can, and a few slips are made on
purpose (a wrong claim, a void one, a lock run out, a cancel, an undo, a wrong
privilege naming) so the script reaches every screen. The match is the numbered
deal `seed` (the options' "Deal: no. N"), so the device deals the same cards.

    .venv/bin/python tests/support/galumphus_plan.py [--search]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "firmware" / "lib"))

from parlour_rules import galumphus as g  # noqa: E402
from parlour_rules.cards import GAL_CODES  # noqa: E402
from parlour_rules.galumphus import views as galumphus_views  # noqa: E402

GAME_ROW = 4        # Galumphus in New match's list
SEED = 189          # the numbered deal (found by --search)
PLAYERS = 4
TARGET = 5


class Plan:
    def __init__(self, seed: int, players: int, target: int, shots: bool, board: str):
        self.state = g.new_match({"players": players, "target": target})
        self.seed = seed
        self.players = players
        self.lines: list[str] = []
        self.events: list[dict] = []
        self.shots = shots
        self.board = board
        self.seen: set[str] = set()
        self.slips = {"wrong", "void", "timeout", "cancel", "undo", "badname"}
        self.stars: list[tuple[str, bool]] = []

    def out(self, *lines: str) -> None:
        self.lines.extend(lines)

    def shot(self, name: str) -> None:
        if self.shots and name not in self.seen:
            self.seen.add(name)
            suffix = "_tft" if self.board == "tft" else ""
            self.out(f"shot galumphus_{name}{suffix}")

    def ev(self, event: dict) -> None:
        self.state = g.apply(self.state, event)
        self.events.append(event)

    def key(self, seat: int) -> None:
        self.out(f"key {seat}")
        self.ev({"t": "key", "seat": seat})

    def umpire(self) -> dict:
        return galumphus_views.umpire_view(self.state)

    # -- the menus ---------------------------------------------------------------
    def start(self) -> None:
        n = self.players
        self.out("key 11", f"turn {GAME_ROW}", "key 11", "key 11")
        for _ in range(n - 1):
            self.out("turn 1", "key 11")
        self.out("key 8")
        default = 7 if n <= 6 else 5
        steps = (5, 7, 11).index(TARGET) - (5, 7, 11).index(default)
        if steps:
            self.out(f"turn {steps}")
        self.out("key 7", "key 7")
        tens = (self.seed + 5) // 10
        self.out(*["key 5"] * tens)
        if self.seed - 10 * tens:
            self.out(f"turn {self.seed - 10 * tens}")
        self.shot("options")
        self.out("key 11")
        self.ev({"t": "seed", "seed": self.seed})
        self.shot("deal")
        self.out(f"wait {2000 * n}")
        self.ev({"t": "timeout"})

    # -- play --------------------------------------------------------------------
    def lacks(self, seat: int, card: int) -> bool:
        return card not in [GAL_CODES.index(c) for c in self.umpire()["rows"][seat]]

    def designs(self, seat: int) -> int:
        return self.umpire()["designs"][seat]

    def play(self, limit: int = 400) -> bool:
        while self.state["phase"] != "over" and self.state["calls"] < limit:
            before = self.state["called"]
            self.out("key 11")
            self.ev({"t": "next"})
            called = self.state["called"]
            if called >= 11:
                plain = before < 11 if before >= 0 else True
                self.stars.append((GAL_CODES[called], plain))
                self.star(called, plain)
            else:
                self.call(called)
            self.after_call()
        return self.state["phase"] == "over"

    def after_call(self) -> None:
        while self.state["phase"] == "show":
            if self.state["priv"] is not None:
                self.shot("cornubian")
                self.out("wait 20000")
                self.ev({"t": "timeout"})
            else:
                self.out("key 11")
                self.ev({"t": "next"})

    def call(self, called: int) -> None:
        s = self.state
        dealer = s["dealer"]
        seats = s["seats"]
        holders = [t for t in g.left_order(s) if seats[t] == called]
        free = [p for p in g.left_order(s) if p != dealer]
        self.shot("call")
        claims = []
        for t in holders:
            if not free:
                break
            if t in free and self.lacks(t, called):
                by = t
            else:
                lacking = [p for p in free if self.lacks(p, called)]
                pool = lacking or free
                by = max(pool, key=lambda p: self.designs(p))
            free.remove(by)
            claims.append((by, t))
        if claims and "timeout" in self.slips and free:
            self.slips.discard("timeout")
            self.key(free[0])
            self.shot("lock")
            self.out("wait 3000")
            self.ev({"t": "timeout"})
        if claims and "cancel" in self.slips and free:
            self.slips.discard("cancel")
            self.key(free[0])
            self.out("key 8")
            self.ev({"t": "pass"})
        for by, t in claims:
            self.key(by)
            self.key(t)
        if claims and "undo" in self.slips and free:
            self.slips.discard("undo")
            target = claims[0][1]
            self.key(free[0])
            self.key(target)
            self.shot("claims")
            self.out("key 9")
            self.events.pop()
            self.state = fold(self.events, self.players, TARGET)
            self.out("key 8")
            self.ev({"t": "pass"})
        if claims and "void" in self.slips and free:
            self.slips.discard("void")
            self.key(free.pop(0))
            self.key(claims[0][1])
        elif claims and "wrong" in self.slips and free:
            others = [t for t in range(self.players) if seats[t] >= 0 and seats[t] != called]
            if others:
                self.slips.discard("wrong")
                self.key(free.pop(0))
                self.key(others[0])
                self.out("key 11")
                self.ev({"t": "next"})
                self.shot("results")
                return
        self.out("key 11")
        self.ev({"t": "next"})

    def star(self, star: int, plain: bool) -> None:
        name = {11: "cornubian", 12: "galumphus", 13: "snort", 14: "waterhog"}[star]
        if not plain:
            self.shot("star_after_star")
            return
        if star == 13:
            self.shot("snort")
            return
        if star == 11:
            return
        while self.state["phase"] == "priv":
            priv = self.state["priv"]
            turn = priv["turn"]
            seats = self.state["seats"]
            picks = [t for t in range(self.players) if seats[t] >= 0 and
                     t not in priv.get("named", []) and self.lacks(turn, seats[t])]
            if star == 14 and not picks:
                picks = [t for t in range(self.players) if seats[t] >= 0 and
                         t not in priv.get("named", [])]
            if not picks:
                self.shot(name)
                self.out("key 8")
                self.ev({"t": "pass"})
                continue
            t = picks[0]
            card = seats[t]
            if "badname" in self.slips:
                self.slips.discard("badname")
                card = (card + 1) % 11
            self.key(t)
            if card:
                self.out(f"turn {card}")
            self.shot(name)
            self.out("press")
            self.ev({"t": "name", "card": GAL_CODES[card]})


def fold(events: list[dict], players: int, target: int) -> dict:
    state = g.new_match({"players": players, "target": target})
    for event in events:
        state = g.apply(state, event)
    return state


def plan(seed: int, players: int = PLAYERS, shots: bool = True, board: str = "macropad",
         limit: int = 400) -> Plan:
    p = Plan(seed, players, TARGET, shots, board)
    p.start()
    p.play(limit)
    return p


def good(p: Plan) -> bool:
    kinds = {star for star, plain in p.stars if plain}
    return (p.state["phase"] == "over" and p.state["result"]["reason"] == "row"
            and kinds == {"CRO", "GAL", "TAS", "BUB"}
            and any(not plain for _, plain in p.stars) and not p.slips)


HEAD = """# The Great Galumphus, four players (P1..P4), target 5 designs, the numbered deal
# no. {seed}: a whole match to a winner on the keys, written by tests/galumphus_plan.py.
# Main menu > New match > Galumphus > seat P1..P4 > 8 starts > options.
# Seat keys 0..3 claim (the claimant's key, then the key of the card he claims),
# 8 is PASS (cancel a claim, end a privilege turn), 9 undoes a claim of the open
# call, 11 is NEXT (hide the shown cards, call the next card, close the call).
# Under a privilege: a seat key, the encoder to the design, its press names it.
"""


def write(seed: int) -> None:
    for board, suffix in (("macropad", ""), ("tft", "_tft")):
        p = plan(seed, board=board)
        assert good(p), "the deal no longer reaches every screen"
        head = ("board tft\n" if board == "tft" else "") + HEAD.format(seed=seed)
        body = "\n".join(p.lines)
        shot = "galumphus_over" + suffix
        path = ROOT / "sim-scripts" / f"galumphus_match{suffix}.txt"
        path.write_text(f"{head}{body}\nshot {shot}\nkey 11\nexpect parlour\n")
        print(path.name, len(p.lines), "lines,", p.state["calls"], "calls")


if __name__ == "__main__":
    if "--search" in sys.argv:
        for seed in range(1, 400):
            p = plan(seed, shots=False, limit=200)
            if good(p):
                print(seed, p.state["calls"], len(p.lines))
    else:
        write(SEED)

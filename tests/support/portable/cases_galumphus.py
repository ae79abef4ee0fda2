# The Great Galumphus on both interpreters. First the helpers pytest shares (a
# compact script form of a match log, random table players, a playout checking
# the invariants after every event), then the cases: the seeded deal (G-2, G-3,
# C-5), resolution (G-5), the privileges (G-7), Stars in succession (G-8), the
# key scan (G-4), refusals, random playouts and the 300-event budget match.
import json

from parlour_rules import galumphus as g
from parlour_rules import log
from parlour_rules.cards import GAL_CODES, GAL_DESIGNS, GALUMPHUS, is_star, new_pack
from parlour_rules.errors import RulesError
from parlour_rules.galumphus import views as galumphus_views
from parlour_rules.prng import Xorshift32

# One token an event: S<seed> N(ext) T(imeout) P(ass) E(nd) K<seat> =<design>.
SIMPLE = {"N": "next", "T": "timeout", "P": "pass", "E": "end"}
TOKENS = {"next": "N", "timeout": "T", "pass": "P", "end": "E"}


def parse_script(text):
    events = []
    for token in text.split():
        head = token[0]
        if head in SIMPLE:
            events.append({"t": SIMPLE[head]})
        elif head == "S":
            events.append({"t": "seed", "seed": int(token[1:])})
        elif head == "K":
            events.append({"t": "key", "seat": int(token[1:])})
        elif head == "=":
            events.append({"t": "name", "card": token[1:]})
        else:
            raise ValueError(token)
    return events


def format_script(events):
    out = []
    for e in events:
        t = e["t"]
        if t in TOKENS:
            out.append(TOKENS[t])
        elif t == "seed":
            out.append("S%d" % e["seed"])
        elif t == "key":
            out.append("K%d" % e["seat"])
        else:
            card = e["card"]
            out.append("=" + (GAL_CODES[card] if type(card) is int else card))
    return " ".join(out)


def full_pack(top):
    # A pack order for the `pack` test option: `top` first, the rest unshuffled.
    rest = new_pack(GALUMPHUS)
    for code in top:
        rest.remove(GAL_CODES.index(code))
    return list(top) + [GAL_CODES[c] for c in rest]


def trace_line(state):
    # One golden transcript line per event: phase, card called, dealer, pack
    # size, cards in rows, and the claims of the last call as
    # claimant-seat-result (r right, w wrong, v void).
    called = GAL_CODES[state["called"]] if state["called"] >= 0 else "-"
    won = 0
    for row in state["rows"]:
        won += len(row)
    last = ""
    for c in state["last"]:
        last += " %d%d%s" % (c[0], c[1], c[3][0])
    return "%s %s d%d p%d r%d%s" % (state["phase"], called, state["dealer"],
                                    len(state["pack"]), won, last)


def fold(config, events):
    state = g.new_match(config)
    for e in events:
        state = g.apply(state, e)
    return state


def check_cards(state):
    # G-1/G-6: the 48 cards conserved over pack, seats and rows; no Star held.
    counts = [0] * len(GAL_CODES)
    for card in state["pack"]:
        counts[card] += 1
    for card in state["seats"]:
        if card >= 0:
            if is_star(card):
                raise AssertionError("star in a seat")
            counts[card] += 1
    for row in state["rows"]:
        for card in row:
            if is_star(card):
                raise AssertionError("star in a row")
            counts[card] += 1
    for kind in range(len(GAL_CODES)):
        if counts[kind] != (1 if is_star(kind) else 4):
            raise AssertionError("cards not conserved: " + GAL_CODES[kind])


def _held(state):
    return [s for s in range(len(state["seats"])) if state["seats"][s] >= 0]


def _matching(state, card):
    return [s for s in range(len(state["seats"])) if state["seats"][s] == card]


class Table:
    # Players with a memory: `skill` in 0..100 is how often one remembers right.
    def __init__(self, seed, skill, patience):
        self.rng = Xorshift32(seed)
        self.skill = skill
        self.patience = patience

    def chance(self, percent):
        return self.rng.below(100) < percent

    def pick(self, items):
        return items[self.rng.below(len(items))]

    def guess(self, state, card):
        # A seat believed to hold `card`: the true one if remembered.
        held = _held(state)
        right = _matching(state, card)
        if right and self.chance(self.skill):
            return self.pick(right)
        return self.pick(held)

    def move(self, state):
        phase = state["phase"]
        tired = state["calls"] > self.patience
        if phase == "seed":
            return {"t": "seed", "seed": 1 + self.rng.below(16000) * 7919}
        if phase == "show":
            return {"t": "next" if self.chance(50) else "timeout"}
        if phase == "ready":
            if g.end_offered(state) and (tired or self.chance(30)):
                return {"t": "end"}
            return {"t": "next"}
        if phase == "call":
            return self.claim_move(state, tired)
        return self.privilege_move(state, tired)

    def claim_move(self, state, tired):
        if state["lock"] >= 0:
            if self.chance(8):
                return {"t": "pass" if self.chance(50) else "timeout"}
            return {"t": "key", "seat": self.guess(state, state["called"])}
        n = state["cfg"]["players"]
        done = [c[0] for c in state["claims"]]
        free = [p for p in range(n) if p != state["dealer"] and p not in done]
        hope = 45 if _matching(state, state["called"]) else 12
        if tired or not free or not self.chance(hope):
            return {"t": "next"}
        return {"t": "key", "seat": self.pick(free)}

    def privilege_move(self, state, tired):
        priv = state["priv"]
        if priv["pick"] >= 0:
            card = state["seats"][priv["pick"]]
            if not self.chance(self.skill):
                card = self.rng.below(GAL_DESIGNS)
            return {"t": "name", "card": GAL_CODES[card]}
        held = [s for s in _held(state) if s not in priv["named"]]
        if tired or not held or self.chance(20):
            return {"t": "pass"}
        return {"t": "key", "seat": self.pick(held)}

    def probe(self, state):
        # Any event at all, legal or not: a fuzz step.
        n = state["cfg"]["players"]
        kind = self.rng.below(8)
        if kind == 0:
            return {"t": "seed", "seed": 99}
        if kind == 1:
            return {"t": "name", "card": self.rng.below(len(GAL_CODES))}
        if kind == 2:
            return {"t": "key", "seat": self.rng.below(n + 1)}
        if kind == 3:
            return {"t": "bogus"}
        if kind == 4:
            return {"t": "key", "seat": state["dealer"]}
        return {"t": ("next", "timeout", "pass")[kind - 5]}


def snapshot(state):
    return json.loads(json.dumps(state))


def playout(seed, players, target, skill=70, patience=150, probes=10, undos=5,
            limit=6000, events_out=None):
    # One match from the first shuffle to its end, checking after every event.
    # -> [players, target, reason, winners, events, calls, refused, undone].
    config = {"players": players, "target": target}
    table = Table(seed, skill, patience)
    state = g.new_match(config)
    events = [] if events_out is None else events_out
    refused = 0
    undone = 0
    seen = 0
    while state["phase"] != "over":
        if len(events) >= limit:
            raise AssertionError("match did not end")
        event = None
        if table.chance(probes):
            event = table.probe(state)
            before = snapshot(state)
            new = None
            try:
                new = g.apply(state, event)
            except RulesError as e:
                refused += 1
                event = None
                fits = len(e.message) <= 20
            if event is None and (not fits or state != before):
                raise AssertionError("refusal changed the state")
        if event is None:
            event = table.move(state)
            new = g.apply(state, event)
        events.append(event)
        check_cards(new)
        if galumphus_views.can_undo(new) and table.chance(undos):
            # C-4: undo the claim press by refolding without it, then redo it.
            again = fold(config, events[:-1])
            if again != state:
                raise AssertionError("undo differs")
            if g.apply(again, event) != new:
                raise AssertionError("redo differs")
            undone += 1
        seen |= features(state, new)
        state = new
    result = state["result"]
    return [players, target, result["reason"], result["winners"], len(events),
            state["calls"], refused, undone, seen]


FEATURES = ("GAL", "BUB", "CRO", "TAS", "returned", "right", "wrong", "void",
            "empty seat", "new dealer", "privilege right", "end offered")


def features(old, new):
    # What a step exercised, as bits of FEATURES (playout coverage).
    bits = 0
    if new["calls"] != old["calls"] and new["called"] >= 11:
        bits |= 1 << FEATURES.index(GAL_CODES[new["called"]])
    if new["returned"] and not old["returned"]:
        bits |= 1 << 4
    if new["last"] is not old["last"]:
        for claim in new["last"]:
            bits |= 1 << FEATURES.index(claim[3])
        if old["phase"] == "priv" and new["last"] and new["last"][-1][3] == "right":
            bits |= 1 << 10
    if -1 in new["seats"] and new["phase"] != "seed":
        bits |= 1 << 8
    if new["dealer"] != old["dealer"] and old["phase"] != "seed":
        bits |= 1 << 9
    if g.end_offered(new):
        bits |= 1 << 11
    return bits


# -- cases --------------------------------------------------------------------

DEAL = ["PUS", "CLI", "PAI", "CIS"]


def _table(top, players=4, dealer=0, **options):
    config = {"players": players, "dealer": dealer, "pack": full_pack(top)}
    for key in options:  # order-free
        config[key] = options[key]
    return config


def play(config, script):
    return fold(config, parse_script(script))


def case_g2_seeded_deals_for_every_table_size():
    out = []
    for players in range(4, 9):
        state = play({"players": players}, "S%d" % (players * 1000 + 7))
        view = galumphus_views.umpire_view(state)
        out.append([view["dealer"], view["cut"], view["show"], view["pack_order"][:8]])
    return out


def case_g5_right_void_wrong_and_the_pack_after():
    state = play(_table(DEAL + ["CLI", "HAI", "FLY"]), "N N K3 K2 K1 K2 K2 K3 N")
    return galumphus_views.umpire_view(state)


def case_g7_great_galumphus_turns():
    state = play(_table(DEAL + ["GAL", "HAI", "FLY"], dealer=1), "N N K1 =PUS K3 =CLI P")
    return galumphus_views.umpire_view(state)


def case_g7_water_hog_and_cornubian_and_snort_hound():
    hog = play(_table(DEAL + ["BUB", "HAI", "FLY"]), "N N K0 =CIS K2 =PUS K1 =PUS P")
    cro = play(_table(DEAL + ["CRO"]), "N N")
    tas = play(_table(DEAL + ["TAS"]), "N N")
    return [galumphus_views.umpire_view(hog), g.view(cro), galumphus_views.umpire_view(tas)["seats"]]


def case_g8_stars_in_succession():
    # Seat 1 wins two PUS, a Great Galumphus passes by, Cornubian follows it.
    state = play(_table(DEAL + ["PUS", "PUS", "PUS", "HAI", "GAL", "CRO"]),
                 "N N K1 K1 N T N K1 K1 N T N P P P N")
    return galumphus_views.umpire_view(state)


def case_g4_key_scan_order():
    state = play(_table(DEAL + ["CLI"], dealer=2), "N N")
    state, first, refused1 = g.scan(state, [1, 3])
    state, second, refused2 = g.scan(state, [0, 1])
    return [first, second, [[r[0], r[1].message] for r in refused1 + refused2],
            g.view(state)["claims"]]


def case_c4_undo_flag():
    config = _table(DEAL + ["CLI"])
    flags = []
    state = g.new_match(config)
    for event in parse_script("N N K1 K2 K3 P N T"):
        state = g.apply(state, event)
        flags.append(galumphus_views.can_undo(state))
    return flags


def case_refuse_dealer_claim():
    return play(_table(DEAL + ["CLI"]), "N N K0")


def case_refuse_next_while_claiming():
    return play(_table(DEAL + ["CLI"]), "N N K2 N")


def case_refuse_second_claim():
    return play(_table(DEAL + ["CLI"]), "N N K2 K2 K2")


def case_refuse_claim_while_showing():
    return play(_table(DEAL + ["CLI"]), "K1")


def case_refuse_privilege_needs_a_design():
    return play(_table(DEAL + ["GAL"]), "N N K2 =BUB")


def case_refuse_water_hog_names_a_seat_once():
    return play(_table(DEAL + ["BUB"]), "N N K2 =PUS K2")


def case_refuse_after_the_end():
    return play(_table(DEAL), "N E N")


def case_refuse_second_seed():
    return play({"players": 5}, "S1 S2")


def case_refuse_three_players():
    return g.new_match({"players": 3})


def case_refuse_unknown_event():
    return g.apply(g.new_match({"players": 4}), {"t": "deal"})


# Random matches: one a case keeps each within the guest's allocation budget.
def _run(index):
    # No undo refolds here (each refolds the whole log): case_undo_redo_claims.
    players = 4 + index % 5
    target = (5, 7, 5, 11, 7)[index % 5]
    return playout(7001 + index * 31, players, target, skill=85, patience=70,
                   probes=5, undos=0)


def case_undo_redo_claims():
    # C-4 on the board's own interpreter: undo each claim press of the open
    # calls through the match log, then redo it: the same state both ways.
    config, script = GOLDEN["four_players_row_of_7"]
    events = parse_script(script)[:90]
    match = log.MatchLog("galumphus", config)
    checked = []
    for index in range(len(events)):
        before = match.state
        match.append(events[index])
        after = match.state
        if galumphus_views.can_undo(after) and index > 80:
            match.undo(1)
            same = match.state == before
            match.append(events[index])
            checked.append([index, same, match.state == after])
    return checked


def case_playouts_00():
    return _run(0)


def case_playouts_01():
    return _run(1)


def case_playouts_02():
    return _run(2)


def case_playouts_03():
    return _run(3)


def case_playouts_04():
    return _run(4)


def case_playouts_05():
    return _run(5)


def case_playouts_06():
    return _run(6)


def case_playouts_07():
    return _run(7)


def case_playouts_08():
    return _run(8)


def case_playouts_09():
    return _run(9)


# The budget match (bench/fold_galumphus.py): 300 events of a six-player game,
# decoded at import, so the case fuel is the fold alone.
BENCH_CONFIG = {"players": 6, "target": 7}
SCRIPT_300 = (
    "S41440128 T N N N K1 =CIS K4 =CLI K2 =FLY K0 =LUN K3 =PUT K5 =PUT T N N N N N N "
    "N K0 K5 K3 P N T N K0 K5 N N N N N K5 K2 N T N N N N N N N N N K5 K2 N T N K4 "
    "K0 N T N K4 K1 N T N K2 =PAI K5 =LON K3 =PAI K4 =FLY K0 =CIS N N N N N N K5 K4 "
    "K0 K0 N N N N N N N N N K3 K2 K0 K2 N T N N N N N N N N N P N N N N K2 K0 K1 K3 "
    "N N N N N N N N N N N N N N N K5 P K3 K1 K4 K1 N N N N N N N N N K1 K4 N T N N "
    "N N N N N N N N N K0 K1 N T N N N N N N N N N P N N N N N N N N N N N N K4 K2 "
    "K3 K4 N N N N N N N N N N N N N N N N N N N P K4 =CLI P K1 =CLI K2 =PUT N N N N "
    "N N N N N N N N T N N N K3 =SCR K5 =SPO P N N K5 P N N K0 K1 K2 K5 N T N N N N "
    "N N N N N N N K3 K4 N N N N N N N N N N N K4 =SPO K5 =LUN K0 =LUN K1 =LUN K3 "
    "=CIS T N K2 K2 K3 K2 K5 T N N N "
)
EVENTS_300 = parse_script(SCRIPT_300)


def case_fold_300():
    return galumphus_views.umpire_view(fold(BENCH_CONFIG, EVENTS_300))


def keep_fold_300():
    return fold(BENCH_CONFIG, EVENTS_300)


def keep_fold_view_300():
    # The fold plus one table view (a screen redraw).
    state = fold(BENCH_CONFIG, EVENTS_300)
    g.view(state)
    return state


def keep_log_300():
    # The match as the device holds it: fresh event objects and the state.
    return log.MatchLog("galumphus", BENCH_CONFIG, parse_script(SCRIPT_300))


# Golden matches: tests/golden/galumphus/*.json hold their expected transcripts
# (tests/rules/test_galumphus_golden.py checks CPython against them and regenerates
# this table); each case folds one whole match, trace and final umpire view.
def transcript(name):
    config, script = GOLDEN[name]
    return transcript_of(config, parse_script(script))


def transcript_of(config, events):
    state = g.new_match(config)
    trace = []
    for event in events:
        state = g.apply(state, event)
        trace.append(trace_line(state))
    return {"trace": trace, "umpire": galumphus_views.umpire_view(state)}


def case_golden_eight_players_row_of_5():
    return transcript("eight_players_row_of_5")


def case_golden_five_players_out_of_reach():
    return transcript("five_players_out_of_reach")


def case_golden_five_players_stars_only():
    return transcript("five_players_stars_only")


def case_golden_four_players_quiet_pass_end():
    return transcript("four_players_quiet_pass_end")


def case_golden_four_players_row_of_7():
    return transcript("four_players_row_of_7")


def case_golden_seven_players_row_of_5():
    return transcript("seven_players_row_of_5")


def case_golden_six_players_row_of_7():
    return transcript("six_players_row_of_7")


GOLDEN = {
    'eight_players_row_of_5': [{"players": 8, "target": 5}, (
        'S21294192 T N N N N N K0 K0 N T N K4 T N N K2 =PUT K1 =PUT K5 =PAI K6 =PUT P N N K7 '
        'K2 K3 K2 N T N T N N N N N N N K3 K7 N N N K1 K0 K6 K5 N T N N N K3 K1 K2 K1 N N N N '
        'N N N N N N N N N N N N N N N N K0 T K2 K3 N N N N N N N K4 K7 N T N N N N N N N K5 '
        'K3 N T N K6 K0 K7 K0 K3 K4 K5 P N T N N N K1 K3 N T N N N N N N N K6 K6 N N N N N N '
        'N N N N K4 K1 N T N N N N N N N K3 K1 N N N N N K2 K3 K0 K0 K1 T N N N N N N N K3 K7 '
        'N N N K6 K0 N N N N N N N K5 P N N N N N N N N N N N N N N N K7 K1 N N N N N K0 K6 N '
        'N N K3 =CLI K6 =LUN K4 =HAI P K7 =CLI K1 =SCR K5 =HAI N N N N K6 K5 N N N N N N N N '
        'N N N N N N N N K0 K4 K4 K4 K1 K4 N'
    )],
    'five_players_out_of_reach': [{"players": 5, "target": 11}, (
        'S84535326 T N T N N N N N N N K1 =PUT K0 =CIS K4 =SPO P T N N N N N N N N N N N N N '
        'N N N N N N N N K1 K1 K2 K1 N N N N N N N K1 K0 N T N N N K3 K4 N N N K1 K4 N T N P '
        'N N N N N N N N N N N N N N N N N N N N N K2 K3 N N N N N N N K2 K2 N T N K3 =PAI K2 '
        '=LUN K1 =PAI K0 =PUT T N K4 K0 N T N N N N N K4 K1 N N N K3 K3 N N N N N N N N N N N '
        'N N K4 K4 K0 K4 N T N P N N N K2 K0 N T N K0 K1 N T N N N N N N N N N N N N N N N N '
        'N N N N N K1 =SCR K3 =PUT K4 =CIS K3 =LUN T N K2 K4 N N N N N K4 K0 K3 K0 K0 K2 K1 '
        'K2 N T N N N K4 K1 K3 K4 K1 K4 N T N P N N N N N N N N N N N K3 K2 K1 K4 N N N K3 K3 '
        'K2 K2 N T N N N N N N N K2 =SPO K1 =CIS K0 =SPO K3 =CIS T N K3 K4 N T N N N N N N N '
        'K4 =FLY K0 =LUN K1 =PAI K2 =HAI K3 =PUT T N N N N N K1 K1 N N N N N N N K3 K2 N T N '
        'N N K3 =CLI P P K2 =PUS T N K4 K2 N N N K2 =HAI K4 =PUT K1 =SPO K3 =LON K0 =LON T N '
        'N N K1 K0 K2 K0 K3 K0 N T N K3 K0 N T N K3 =CIS K2 =LON K4 =FLY P N N N N N N N N N '
        'N N N K4 K3 N N N K1 =PAI K4 =FLY K2 =CLI K1 =SCR T N N N N N K4 K4 N N N P K0 =PAI '
        'K2 =LON K4 =SCR'
    )],
    'five_players_stars_only': [{"players": 5, "target": 11}, (
        'S78073422 N N K0 K3 N T N N N N N N N N N N N N N N N K3 K0 N T N N N N N N N N N N '
        'N N N N N N N N N N N K2 K1 K1 K1 N T N N N N N N N N N N N N N N T N K4 K4 N T N N '
        'N N N N N N N K0 K0 N N N N N N N K4 K3 N T N K0 =PUT K3 =HAI K2 =PUS K1 =LON P T N '
        'N N N N N N K3 K0 N T N N N N N N N N N N N N N K4 K3 K2 K3 N N N N N N N N N K4 '
        '=LON K1 =PUT K3 =SPO K3 =CLI T N N N N N K1 K4 N T N K4 K2 N N N N N N N K3 K2 K2 K4 '
        'N T N N N N N N N K2 =CLI K3 =FLY K1 =HAI K4 =FLY K0 =LUN N N N N K3 K0 N T N N N N '
        'N N N K0 K2 N T N N N K1 =PUT K3 =LUN K0 =CIS K1 =CIS N N N N N N N N K2 K2 K4 P K1 '
        'K0 N N N N N N N N N P N K0 K0 K4 K0 N N N K0 K1 N T N N N N N N N N N K3 =SCR K4 '
        '=CLI K0 =FLY K1 =CLI T N N N N N K4 K0 N T N K3 =PUS K2 =HAI K0 =CIS K4 =PUT K1 =PUT '
        'N N K1 K2 N T N K3 K2 K2 K1 N T N K2 K4 N T N K0 =PUT K2 =LON K3 =SPO K1 =SCR K4 '
        '=HAI N N N N N K1 K0 N T N N N N N N N N N N N K0 =FLY K3 =SCR K1 =CLI P T N N N N N '
        'N N K4 =FLY K2 =PUS K3 =FLY K0 =SCR K1 =LUN T N N N N N K1 =SCR K3 =FLY K4 =SPO K2 '
        '=LON T N'
    )],
    'four_players_quiet_pass_end': [{"players": 4, "target": 11}, (
        'S35144523 T N N N N N N N K2 T N N N N N N N N N N N N N N N K2 K1 N T N K0 K2 N T N '
        'N N N N N N N N K3 K2 N N N N N N N N N N N N N N N N N P P P N N N K1 K0 K2 K0 N N '
        'N K1 K1 K3 K1 N N N N N N N N N N N N N K3 K0 K1 K1 N N N N N N N N N N N N K2 K3 N '
        'T N N N N N N N N K0 K2 N N N N N K2 K2 N N N N N N N N N N N N N K3 K1 K0 K1 K1 K2 '
        'N N N K0 K0 N N N N N N N N N K3 =FLY K2 =CLI K0 =SPO T N N N N N N N K1 K1 N N N K0 '
        'K3 N T N N N N N N N N N N N N N N N N N N N N N N N N N N N K2 K2 N N N N N K3 K0 N '
        'T N N N N N N N N N N N N N N N N N N N N N N N K2 =HAI K3 =PUT K2 =SCR T N N N N N '
        'N N N N N N N N N N N N N N N N N N N K2 K2 N T N N N N N N N N N N K0 P N N K3 P K1 '
        'K0 N N N N N N N N N N N N N N N N N N N N N N N N N K0 =LUN P K3 =PUT T N N N K1 K0 '
        'K0 K3 N T N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N '
        'N N N N N N N N N N N N N N N N P P P N N N N N N N N N T N N N E'
    )],
    'four_players_row_of_7': [{"players": 4, "target": 7}, (
        'S21294192 T N N N N N N N N N N N N N K2 K0 N N N N N K3 =FLY P N N N N N N N N N T '
        'N N N N N N N K2 K3 K0 K3 N T N N N K2 K2 N T N N N K0 K0 K3 K1 N T N K3 K3 K1 K3 K2 '
        'K3 N T N N N N N N N N N K1 K3 N N N K1 K1 N N N N N N N K2 =LUN P K1 =LON N N N N N '
        'N K0 K3 N N N N N N N N N N N N N P N K2 K0 N N N K3 K0 N T N T N N N N N N N N N N '
        'N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N N K3 =LUN K0 =CLI K1 '
        '=CIS N N N N K1 K1 N T N N N N N N N N N K1 =SCR P N N N N T N N N N N K1 K3 K2 K3 N '
        'N N N N N N K1 K1 K2 K0 N N N N N N N N N N K2 K3 N N N N N N N N N K0 K1 N T N N N '
        'K2 =SPO P K3 =LON N N N N N N N N N N K1 =PUT P T N N N N N N N N N N N N N N N N N '
        'N K2 K2 N'
    )],
    'seven_players_row_of_5': [{"players": 7, "target": 5}, (
        'S112536910 T N N N N N N N K6 K0 N N N N N N N N N N N K3 K6 N T N N N N N N N K0 K0 '
        'N N N N N N N K2 K1 N T N N N N N N N N N N N N N N N K2 K3 N T N K1 =CIS K2 =LUN P '
        'K3 =SCR P K4 =LUN T N K4 K2 K1 K5 K3 K2 K0 K2 N N N N N P N N N K3 K5 N N N K5 K4 N '
        'N N N N N N K1 K5 N N N N N N K2 K2 N T N N N N N N N K6 K0 N N N N N N N N N K0 K2 '
        'N T N N N N N N N K4 K2 K2 K6 K5 K6 N T N N N N N K5 =FLY K0 =SCR K3 =CIS K1 =LUN P '
        'T N N N K3 K6 N T N N N K2 K6 K6 K6 K4 P N T N N N N N N N N N N N N N N N N N N N N '
        'N N N K1 K2 N N N N N N N N N N K6 K3 N N N K5 =SPO K0 =CLI K4 =LUN K6 =PUT P T N N '
        'N N N K0 K3 K5 P K2 K3 N T N N N N N K5 K1 N T N K1 K5 N T N N N N N N N N N N N N N '
        'N N N N N N N N N N N N N N N K6 =SPO'
    )],
    'six_players_row_of_7': [{"players": 6, "target": 7}, (
        'S21294192 T N N N N N N N N N K2 K0 K4 K4 K0 K2 N T N N N N N N N T N K4 K3 K0 K3 K5 '
        'T N T N K1 K3 N N N K0 K5 K2 K4 N N N N N N N N N N N K4 K1 K2 K1 N N N N N N N N N '
        'N N N K1 K4 K3 K3 N N N K0 K4 N N N N N N N P K3 =SCR K2 =FLY K1 =PUT K4 =SPO T N N '
        'N N N N N K4 K5 K0 K5 N N N N N N N N N P N N N N N N N N N N N N N N N N N N N N N '
        'N N K2 K2 N T N N N N K5 K0 N T N N N N N N N N N N N K5 K3 K1 K3 N N N P K2 =LON P '
        'P K4 =HAI T N N N K5 K5 K1 K2 K4 K4 K0 K2 K2 K2 N N N K3 =CIS K5 =PAI K1 =PUS K2 '
        '=PUT K4 =PUT K0 =SCR T N K0 K1 N T N K4 K1 N T N N N N N K1 K5 K2 K1 K0 K1 K5 K1 N T '
        'N N N N N N N K2 K5 K5 K5 K0 K4 N N N K3 K4 N N N N N K5 =PUT K3 =SCR P N N N N N N '
        'N N N N N N N N N N N N N N N N N K2 K3 N N N N N N N P N N N N N N N N N N N N K0 '
        'K5 N T N N N N N N N N N N N K0 =CLI K2 =HAI K1 =HAI K4 =LON K3 =CLI'
    )],
}


def case_screen_view_agrees_with_the_view_in_order_and_out_of_it():
    # screen_view keeps the last view's fields whose part of the state is the same
    # object (apply is PURE): after every event of a golden, and for its states asked
    # again out of order (an undo goes back), it equals view() on both interpreters.
    config, script = GOLDEN["four_players_row_of_7"]
    states = [g.new_match(config)]
    for event in parse_script(script):
        states.append(g.apply(states[-1], event))
    n = len(states)
    agree = 0
    asked = list(range(n)) + [n * k // 9 for k in (4, 1, 5, 5, 0, 8, 2, 0, 7)]
    for i in asked:
        if g.screen_view(states[i]) == g.view(states[i]):
            agree += 1
    middle = g.screen_view(states[n // 2])
    return [len(asked), agree, middle["rows"], middle["last"], middle["designs"]]

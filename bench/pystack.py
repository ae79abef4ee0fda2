"""The deepest Python call chain the firmware makes, and what it would take of
CircuitPython's pystack.

CircuitPython puts every Python call's state on a fixed pystack (2048 bytes unless
settings.toml sets CIRCUITPY_PYSTACK_SIZE) and fails with "pystack exhausted" past
it. The chains are found on CPython: the scripted matches (sim-scripts/*.txt,
docs/screens/*.txt) are played through the device app on the simulated boards,
the Poker and Dumbo golden matches are folded through the rules (the path from a
logged event down to the meld solver), and the solver's costliest hands are solved;
a sys.setprofile hook counts only frames of code under firmware/. Each frame is
charged what MicroPython's fun_bc_call takes from the pystack for it:

    bytes = round8(28 + 4 * (locals + cells + stack + 3 * loops) + 12 * handlers)

28 B of code state (MicroPython's mp_code_state_t is 5 words; 7 leaves room for a
build with more), 4 B a word of n_state (locals, cells and free variables, and the
value stack, CPython's co_stacksize standing in for MicroPython's own count), 3
words more for each nested `for` (MicroPython keeps a 4-word iterator buffer on
the value stack where CPython keeps 1), 12 B for each nested exception-stack entry
(try, except ... as, finally, each `with` item), rounded up to the pystack's 8-byte
alignment. The chain above what the simulator calls is added as it runs on the
board: code.py, main.run and App.run above App.step; the app's chain down to the
match log above a rules fold; the rules' chain down to the solver above a solve.

Run: `python bench/pystack.py` (or `make bench`): one line per case, then the
worst; exit status 1 if the worst is over the pystack. `--json` prints the figures
as one JSON object instead (the test reads that).
"""

from __future__ import annotations

import ast
import json
import os
import random
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "support" / "portable"))

WORD = 4
CODE_STATE = 7 * WORD
EXC_ENTRY = 3 * WORD      # mp_exc_stack_t: handler, val_sp, prev_exc
ITER_EXTRA = 3            # MP_OBJ_ITER_BUF_NSLOTS (4) less CPython's one slot
ALIGN = 8                 # MICROPY_PYSTACK_ALIGN
DEFAULT_PYSTACK = 2048    # CIRCUITPY_PYSTACK_SIZE, py/circuitpy_mpconfig.h


def pystack_size() -> int:
    with (FIRMWARE / "settings.toml").open("rb") as f:
        return int(tomllib.load(f).get("CIRCUITPY_PYSTACK_SIZE", DEFAULT_PYSTACK))


# -- what one frame costs ----------------------------------------------------------

_OWN = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
        ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_COMP_NAMES = {ast.ListComp: "<listcomp>", ast.SetComp: "<setcomp>",
               ast.DictComp: "<dictcomp>", ast.GeneratorExp: "<genexpr>"}


def _nesting(body: list[ast.stmt]) -> tuple[int, int]:
    """(exception-stack entries, for loops) at the deepest point of a body, not
    looking into nested functions, classes or comprehensions (their own frames)."""
    handlers = loops = 0

    def walk(nodes, h, f):
        nonlocal handlers, loops
        handlers, loops = max(handlers, h), max(loops, f)
        for node in nodes:
            if isinstance(node, _OWN):
                continue
            if isinstance(node, (ast.Try, ast.TryStar)):
                fin = 1 if node.finalbody else 0
                walk(node.body, h + fin + (1 if node.handlers else 0), f)
                for handler in node.handlers:
                    walk(handler.body, h + fin + (1 if handler.name else 0), f)
                walk(node.orelse, h + fin, f)
                walk(node.finalbody, h, f)
            elif isinstance(node, (ast.With, ast.AsyncWith)):
                walk(node.body, h + len(node.items), f)
            elif isinstance(node, (ast.For, ast.AsyncFor)):
                walk(node.body, h, f + 1)
                walk(node.orelse, h, f)
            else:
                walk([c for c in ast.iter_child_nodes(node) if isinstance(c, ast.stmt)], h, f)
        return handlers, loops

    return walk(body, 0, 0)


_SHAPES: dict[str, dict[tuple[str, int], tuple[int, int]]] = {}


def _shapes(filename: str) -> dict[tuple[str, int], tuple[int, int]]:
    # (code name, first line) -> nesting, for every code object a file compiles to
    if filename not in _SHAPES:
        tree = ast.parse(Path(filename).read_text(), filename)
        found = {("<module>", 0): _nesting(tree.body)}
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                found[(node.name, first)] = _nesting(node.body)
            elif isinstance(node, ast.ClassDef):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                found[(node.name, first)] = _nesting(node.body)
            elif type(node) in _COMP_NAMES:
                key = (_COMP_NAMES[type(node)], node.lineno)
                old = found.get(key, (0, 0))
                found[key] = (0, max(old[1], len(node.generators)))
        _SHAPES[filename] = found
    return _SHAPES[filename]


def frame_bytes(code) -> int:
    handlers, loops = _shapes(code.co_filename).get(
        ("<module>", 0) if code.co_name == "<module>" else (code.co_name, code.co_firstlineno),
        (0, 0))
    words = (code.co_nlocals + len(code.co_cellvars) + len(code.co_freevars)
             + code.co_stacksize + ITER_EXTRA * loops)
    size = CODE_STATE + WORD * words + EXC_ENTRY * handlers
    return (size + ALIGN - 1) // ALIGN * ALIGN


# -- the hook ------------------------------------------------------------------------

class Chains:
    """Follows the firmware frames of every call chain while installed.

    `above(code)` -> (bytes, frames, names) that sit on the board's pystack above a
    firmware frame whose caller is not firmware (the simulator or the bench)."""

    def __init__(self, above):
        self.above = above
        self.firmware = str(FIRMWARE) + os.sep
        self.costs: dict = {}
        self.live: dict = {}    # frame -> (bytes, frames, parent frame or None, names above)
        self.worst = (0, 0, [])
        self.deepest = 0
        self.watch: dict = {}   # code name -> (bytes, frames, chain) above it at its worst entry

    def cost(self, code):
        got = self.costs.get(code)
        if got is None:
            got = frame_bytes(code) if code.co_filename.startswith(self.firmware) else -1
            self.costs[code] = got
        return got

    def hook(self, frame, event, arg):
        if event == "call":
            code = frame.f_code
            own = self.cost(code)
            if own < 0:
                return
            parent = frame.f_back
            live = self.live
            while parent is not None and parent not in live:
                parent = parent.f_back
            if parent is None:
                base, depth, names = self.above(code)
            else:
                base, depth, _, names = live[parent]
                names = None
            name = code.co_name
            if name in self.watch and base > self.watch[name][0]:
                self.watch[name] = (base, depth, self.chain(parent) if parent else list(names))
            total = base + own
            live[frame] = (total, depth + 1, parent, names)
            if depth + 1 > self.deepest:
                self.deepest = depth + 1
            if total > self.worst[0]:
                self.worst = (total, depth + 1, self.chain(frame))
        elif event == "return":
            self.live.pop(frame, None)

    def chain(self, frame) -> list[str]:
        out = []
        while frame is not None:
            _, _, parent, names = self.live[frame]
            out.append(label(frame.f_code))
            if parent is None:
                out += list(reversed(names))
            frame = parent
        return out[::-1]

    def run(self, fn, *args):
        sys.setprofile(self.hook)
        try:
            return fn(*args)
        finally:
            sys.setprofile(None)


def label(code) -> str:
    path = Path(code.co_filename)
    try:
        mod = path.relative_to(FIRMWARE / "lib").with_suffix("")
    except ValueError:
        mod = path.relative_to(FIRMWARE).with_suffix("")
    mod_name = ".".join(mod.parts).removesuffix(".__init__")
    return f"{mod_name}:{code.co_qualname}"


# -- the cases ----------------------------------------------------------------------

def board_roots():
    """What CircuitPython runs above the entry points the simulator calls."""
    code_py = compile((FIRMWARE / "code.py").read_text(), str(FIRMWARE / "code.py"), "exec")
    from parlour_device import main
    from parlour_device.app import App

    def frames(*codes):
        return (sum(frame_bytes(c) for c in codes), len(codes), [label(c) for c in codes])

    boot = frames(code_py)                       # code.py importing the app
    start = frames(code_py, main.run.__code__)   # main.run -> start()
    loop = frames(code_py, main.run.__code__, App.run.__code__)   # App.run -> step()
    start_code = main.start.__code__

    def above(code):
        if code.co_name == "<module>":
            return boot
        if code is start_code:
            return start
        return loop
    return above


def script_cases():
    scripts = sorted((ROOT / "sim-scripts").glob("*.txt")) + sorted(
        (ROOT / "docs" / "screens").glob("*.txt"))
    return [(f"script {p.relative_to(ROOT)}", p) for p in scripts]


def play_scripts(above):
    """-> ([(case, bytes, frames, chain)], most bytes above a call into the match log)."""
    from parlour.sim.headless import play

    rows = []
    log_base = (0, 0, [])
    for name, path in script_cases():
        chains = Chains(above)
        entry = {}

        def into_log(frame, event, arg, chains=chains, entry=entry):
            # remember the deepest app chain that calls into parlour_rules/log.py
            if event == "call" and frame.f_code.co_filename.endswith(
                    os.sep.join(("parlour_rules", "log.py"))):
                parent = frame.f_back
                while parent is not None and parent not in chains.live:
                    parent = parent.f_back
                if parent is not None and "parlour_device" in parent.f_code.co_filename:
                    total, depth, _, _ = chains.live[parent]
                    if total > entry.get("bytes", -1):
                        entry.update(bytes=total, frames=depth, chain=chains.chain(parent))
            chains.hook(frame, event, arg)

        with tempfile.TemporaryDirectory() as tmp:
            sys.setprofile(into_log)
            try:
                play(path.read_text(), state_dir=Path(tmp), named_only=True)
            finally:
                sys.setprofile(None)
        rows.append((name, *chains.worst[:2], chains.worst[2]))
        if entry and entry["bytes"] > log_base[0]:
            log_base = (entry["bytes"], entry["frames"], entry["chain"])
    return rows, log_base


def fold_rules(log_base):
    """The Poker and Dumbo golden matches folded from the match log down, as the
    app would append each event: -> ([(case, ...)], {solver: what sits above it at
    its worst entry})."""
    import cases_dumbo
    import cases_poker_golden

    from parlour_rules import log

    matches = [("poker", n, m) for n, m in sorted(cases_poker_golden.MATCHES.items())]
    matches += [("dumbo", n, m) for n, m in sorted(cases_dumbo.matches().items())]
    rows = []
    solve_base = {"solve_rummy": (0, 0, []), "solve_dumbo": (0, 0, [])}
    for game, name, (_, config, events) in matches:
        chains = Chains(lambda code: log_base)
        chains.watch = {"solve_rummy": (-1, 0, []), "solve_dumbo": (-1, 0, [])}

        def fold(config=config, events=events, game=game):
            match = log.MatchLog(game, config)
            for event in events:
                match.append(event)
                match.view()

        chains.run(fold)
        rows.append((f"rules {game} {name}", *chains.worst[:2], chains.worst[2]))
        for solver, base in chains.watch.items():
            if base[0] > solve_base[solver][0]:
                solve_base[solver] = base
    return rows, solve_base


def solver_hands():
    """-> [(case, [(kind, hand, double pack, caller's groups)])]: the costliest
    hands the meld bench found, then seeded sweeps of each kind of hand."""
    from melds_reference import HARD_HANDS
    from parlour_rules.cards import JOKER, STANDARD, parse_cards

    jobs = [(f"solver hard {text}", [("r", parse_cards(text, STANDARD), True, None)])
            for text in HARD_HANDS]
    rng = random.Random(2026)
    deck = list(range(52))
    rich = [s * 13 + r - 1 for s in range(4) for r in range(4, 9)]
    dense = [s * 11 + k for s in range(4) for k in range(2, 7)] + [JOKER]
    sweeps = {
        "plain 10": lambda: ("r", rng.sample(deck, 10), False, None),
        "meld-rich 11": lambda: ("r", rng.sample(rich, 11), False, None),
        "double pack 11": lambda: ("r", rng.sample(deck * 2, 11), True, None),
        "meld-dense double 11": lambda: ("r", rng.sample(rich * 2, 11), True, None),
        "lay-offs 10": lambda: ("r", rng.sample(rich[10:], 10), False, [rich[:3], rich[5:8]]),
        "Dumbo 8 with the Joker": lambda: ("d", rng.sample(dense, 8), False, None),
    }
    for name, make in sweeps.items():
        jobs.append((f"solver sweep {name}", [make() for _ in range(150)]))
    return jobs


def solve_cases(solve_base):
    from parlour_rules import melds
    from parlour_rules.melds import search

    # the laptop's table-driven solves would stand in for the board's search
    assert search._FAST is None, "parlour.fastmelds is registered: the board's solver is not measured"
    rows = []
    for name, hands in solver_hands():
        # each solve sits where the rules call it from: Poker for solve_rummy, Dumbo
        # for solve_dumbo (and solve_rummy's own frame is charged by the hook)
        above = solve_base["solve_dumbo" if hands[0][0] == "d" else "solve_rummy"]
        chains = Chains(lambda code, above=above: above)

        def solve_all(hands=hands):
            for kind, hand, double, groups in hands:
                if kind == "d":
                    melds.solve_dumbo(hand)
                else:
                    melds.solve_rummy(hand, double, melds.lay(groups) if groups else None)

        chains.run(solve_all)
        rows.append((name, *chains.worst[:2], chains.worst[2]))
    return rows


def measure():
    above = board_roots()
    rows, log_base = play_scripts(above)
    rule_rows, solve_base = fold_rules(log_base)
    rows += rule_rows
    rows += solve_cases(solve_base)
    worst = max(rows, key=lambda r: r[1])
    return {
        "pystack": pystack_size(),
        "cases": [{"case": r[0], "bytes": r[1], "frames": r[2], "chain": r[3]} for r in rows],
        "worst": {"case": worst[0], "bytes": worst[1], "frames": worst[2], "chain": worst[3]},
    }


def main(argv):
    figures = measure()
    budget = figures["pystack"]
    worst = figures["worst"]
    if "--json" in argv:
        print(json.dumps(figures))
    else:
        for row in figures["cases"]:
            print(f"pystack {row['case']}: frames={row['frames']} bytes={row['bytes']}")
        print(f"pystack worst {worst['case']}: frames={worst['frames']} bytes={worst['bytes']} "
              f"of {budget} ({100 * worst['bytes'] // budget}%)")
        print("  " + " > ".join(worst["chain"]))
    return 0 if worst["bytes"] <= budget else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

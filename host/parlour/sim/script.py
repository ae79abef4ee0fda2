"""Key scripts: what a player does, one step per line.

    # a comment
    key 4            press and release key 4 (0..11, three columns by four rows)
    key 1 1 11       several keys, one after another (each is a step)
    key ok           named keys: undo (9), menu (10), ok (11)
    turn 3           turn the encoder 3 clicks clockwise (turn -2: anticlockwise)
    press            press the encoder's switch
    wait 500         let the device run for 500 ms (no input)
    shot menu        name the screen after this point (writes menu.png)
    expect New match the screen must show this text, or the script stops there
    reset            power-cycle the device (the journal must bring it back)

A line `board tft` (or `board macropad`) before the first step picks the board
the script is written for (`--board` on the command line wins).
"""

from __future__ import annotations

from dataclasses import dataclass

KEY_NAMES = {"undo": 9, "menu": 10, "ok": 11}
# The boards the simulator runs: parlour.image.BOARDS, each with its board module.
BOARDS = ("macropad", "tft", "pico", "rp2350")
KINDS = ("key", "turn", "press", "wait", "shot", "expect", "reset")


class ScriptError(ValueError):
    pass


@dataclass(frozen=True)
class Step:
    kind: str
    value: int | str
    line: int

    def __str__(self) -> str:
        if self.kind in ("press", "reset"):
            return self.kind
        return f"{self.kind} {self.value}"


def parse(text: str) -> list[Step]:
    steps: list[Step] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word == "board":
            if steps or rest not in BOARDS:
                raise ScriptError(f"line {number}: `board {'|'.join(BOARDS)}` goes before any step")
            continue
        if word not in KINDS:
            raise ScriptError(f"line {number}: unknown step {word!r} (one of {', '.join(KINDS)})")
        if word == "key":
            if not rest:
                raise ScriptError(f"line {number}: key needs a key number or name")
            for token in rest.split():
                steps.append(Step("key", _key(token, number), number))
        elif word in ("turn", "wait"):
            try:
                value = int(rest)
            except ValueError:
                raise ScriptError(f"line {number}: {word} needs a whole number") from None
            if word == "wait" and value < 0:
                raise ScriptError(f"line {number}: wait needs milliseconds >= 0")
            steps.append(Step(word, value, number))
        elif word in ("shot", "expect"):
            if not rest:
                raise ScriptError(f"line {number}: {word} needs a name or text")
            if word == "shot" and not all(c.isalnum() or c in "-_" for c in rest):
                raise ScriptError(f"line {number}: shot names use letters, digits, - and _")
            steps.append(Step(word, rest, number))
        else:
            if rest:
                raise ScriptError(f"line {number}: {word} takes nothing after it")
            steps.append(Step(word, 0, number))
    return steps


def script_board(text: str) -> str | None:
    """The board a script names with `board NAME`, if any."""
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].split()
        if len(line) == 2 and line[0].lower() == "board" and line[1] in BOARDS:
            return line[1]
        if line:
            return None
    return None


def _key(token: str, number: int) -> int:
    token = token.lower()
    if token in KEY_NAMES:
        return KEY_NAMES[token]
    if token.isdigit() and 0 <= int(token) <= 11:
        return int(token)
    raise ScriptError(f"line {number}: no key {token!r} (0..11, undo, menu, ok)")

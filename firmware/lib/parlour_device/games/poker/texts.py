# The lines the Poker screens share: a seat's name in a column, a payment, what a
# hand came to. Made once per entry or per view (a new string is what costs most on
# the board), never per encoder click.

from parlour_rules.poker.score import signed

from ...ui.caches import remember, room_for
from ...ui.lines import clip

try:
    from typing import Dict, List
except ImportError:
    pass

VARIANTS = {"rum": "Rum", "gin": "Gin"}


_COLUMNS = room_for(16)     # names in their column, by (name, width)
_TOTALS: "Dict[int, str]" = room_for(16)    # "+12", "-7": a balance, by its value


def total_text(total: int) -> str:
    # A balance as shown, made once per value while it is on the screens: the play
    # screen, the ledger and the next hand show the same ones.
    text = _TOTALS.get(total)
    if text is None:
        text = str(signed(total))      # the same string (str of a str is itself)
        remember(_TOTALS, 16, total, text)
    return text


def column(name: str, width: int) -> str:
    # The name cut or padded to `width` characters, made once and kept.
    text = _COLUMNS.get((name, width))
    if text is None:
        text = name[:width - 1] + "~" if len(name) > width else \
            name + " " * (width - len(name))
        remember(_COLUMNS, 16, (name, width), text)
    return text


def payment(names: "List[str]", payer: int, payee: int, amount: int, cols: int) -> str:
    # "Dan pays Ann 12", the names cut short where the line would not fit.
    text = "%s pays %s %d" % (names[payer], names[payee], amount)
    if len(text) <= cols:
        return text
    room = (cols - 7 - len(str(amount))) // 2
    return "%s pays %s %d" % (clip(names[payer], room), clip(names[payee], room), amount)


def named(name: str, rest: str, cols: int) -> str:
    # "Ann deals next": a long name is cut (and marked), never what is said of it.
    return clip(name, cols - len(rest)) + rest


def outcome(names: "List[str]", caller: int, deadwood: "List[int]", winners: "List[int]",
            deltas: "List[int]", cols: int) -> str:
    # One short line: who won the show-down and what the caller made of it.
    if winners[0] == caller:
        # nobody below him: "Ann calls 12: +33"
        return named(names[caller], " calls %d: %s" % (deadwood[caller],
                                                     signed(deltas[caller])), cols)
    if len(winners) == 1:
        return named(names[winners[0]], " %d wins" % deadwood[winners[0]], cols)
    if len(winners) == 2:       # the usual tie, without a list and a join
        return clip("%s+%s %d win" % (names[winners[0]], names[winners[1]],
                                      deadwood[winners[0]]), cols)
    who = "+".join([names[s] for s in winners])
    return clip("%s %d win" % (who, deadwood[winners[0]]), cols)


def false_line(name: str, cols: int) -> str:
    return "False call: " + clip(name, cols - 12)

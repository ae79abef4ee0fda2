# The key lights' policy: which colour each of the twelve keys shows (a key that
# does something lit by its role; a game's seat keys by whose turn it is and who
# deals) and how bright. Screens choose, the board only sets the LEDs.
from .caches import remember, room_for

try:
    from typing import Any, Optional, Tuple
except ImportError:
    pass

LED_OK = 0x002008
LED_UNDO = 0x200800
LED_KEY = 0x080818
# The seat keys 0..3 on a game's screen: the player to play, and the dealer.
LED_TURN = 0x202000
LED_DEALER = 0x140020
# Brightness levels: a key light's colour is scaled by LEVELS[level] / 4.
LEVELS = (1, 2, 4)


def led_colours(labels: Optional[Tuple[str, ...]]) -> list[int]:
    # The default lights: a key that does something is lit by its role.
    out: list[int] = []
    for key in range(12):
        label = labels[key] if labels is not None else ""
        if not label:
            out.append(0)
        elif key == 9:
            out.append(LED_UNDO)
        elif key == 11:
            out.append(LED_OK)
        else:
            out.append(LED_KEY)
    return out


# The role colours of the last few key labels (a game's steps come back with the same
# few): a step's lights then cost a copy, not a pass over the twelve keys.
ROLES_KEPT = 6
_BY_ROLE: "dict[Any, list[int]]" = room_for(ROLES_KEPT)


def seat_lights(old: Any, labels: Tuple[str, ...], turn: Any, dealer: Any) -> Tuple[int, ...]:
    # The keys lit by their role, with seat keys 0..3 showing who deals and whose
    # turn it is (the turn's colour wins on the dealer's own turn); `old` itself
    # when nothing differs, so the app sees the same tuple.
    base = _BY_ROLE.get(labels)
    if base is None:
        base = remember(_BY_ROLE, ROLES_KEPT, labels, led_colours(labels))
    out = list(base)
    if type(dealer) is int and 0 <= dealer < 4:
        out[dealer] = LED_DEALER
    if type(turn) is int and 0 <= turn < 4:
        out[turn] = LED_TURN
    lit = tuple(out)
    return old if old == lit else lit


def dimmed(colours: Any, level: int) -> list[int]:
    # Each channel scaled by the brightness level (0 low, 1 middle, 2 full).
    factor = LEVELS[level] if 0 <= level < len(LEVELS) else LEVELS[-1]
    if factor == 4:             # full brightness, the default
        return list(colours)
    out: list[int] = []
    for colour in colours:
        if factor == 4 or not colour:
            out.append(colour)
            continue
        r = ((colour >> 16) & 0xFF) * factor // 4
        g = ((colour >> 8) & 0xFF) * factor // 4
        b = (colour & 0xFF) * factor // 4
        out.append((r << 16) | (g << 8) | b)
    return out

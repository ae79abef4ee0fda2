# xorshift32 (C-5): the same draws on CPython and CircuitPython for a seed, so a
# logged seed replays to the same cards everywhere. Changing it is a new log version.
# The state is kept as two 16-bit halves: CircuitPython's small ints hold 30 bits,
# so whole 32-bit words would allocate a long int at every step of a shuffle.

from .errors import RulesError

SEED_MAX = 0xFFFFFFFF
_HALF = 0xFFFF


def check_seed(seed):
    if type(seed) is not int or seed < 1 or seed > SEED_MAX:
        raise RulesError("bad_seed", "seed not 1..2^32-1")
    return seed


class Xorshift32:
    def __init__(self, seed):
        check_seed(seed)
        self.hi = seed >> 16
        self.lo = seed & _HALF

    def step(self):
        hi = self.hi
        lo = self.lo
        # x ^= x << 13
        hi ^= ((hi << 13) | (lo >> 3)) & _HALF
        lo ^= (lo << 13) & _HALF
        # x ^= x >> 17
        lo ^= hi >> 1
        # x ^= x << 5
        hi ^= ((hi << 5) | (lo >> 11)) & _HALF
        lo ^= (lo << 5) & _HALF
        self.hi = hi
        self.lo = lo

    def next(self):
        self.step()
        return (self.hi << 16) | self.lo

    @property
    def state(self):
        return (self.hi << 16) | self.lo

    def below(self, n):
        # next() mod n (C-5), without building the 32-bit word; n up to 16384.
        self.step()
        return ((self.hi % n) * 65536 + self.lo) % n

    def shuffle(self, items):
        # Fisher-Yates from the last index down, j = next() mod (i + 1), in place.
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items


def shuffled(items, seed):
    return Xorshift32(seed).shuffle(list(items))


def check_players(n, low, high):
    if type(n) is not int or n < low or n > high:
        raise RulesError("bad_players", "players: %d to %d" % (low, high))


def cut_seat(players, rng):
    # Stump and Dartex cut for the deal (C-3): the sheets give no pack, so a random
    # seat deals. Here rather than in cut.py, whose packs (cards.py) these two games
    # never use: on the board every imported module's code is held in RAM.
    check_players(players, 2, 4)
    return {"dealer": rng.below(players)}

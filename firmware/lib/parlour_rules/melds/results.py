# The solver's answers (a result's arrangement is laid out on first use, by
# show.py) and the caller's melds as a solve takes them. Below the searches: each
# search builds its results here, and nothing here imports a search.

from ..cards import DUMBO, MAY_DECLARE, STANDARD
from ..errors import RulesError
from .tables import Laid


class _Result:
    # The solver's answer. The arrangement is laid out on first use (show.py).
    __slots__ = ("plan", "_out")

    def arrangement(self):
        try:
            return self._out
        except AttributeError:
            from . import show as melds_show
            self._out = melds_show.layout(self)
            return self._out

    @property
    def melds(self):
        return self.arrangement()[0]

    @property
    def layoffs(self):
        return self.arrangement()[1]

    @property
    def dead(self):
        return self.arrangement()[2]

    def to_dict(self):
        from . import show as melds_show
        return melds_show.to_dict(self)


class RummyResult(_Result):
    # deadwood; melds: own melds; layoffs: one list per caller meld.
    __slots__ = ("deadwood",)
    pack = STANDARD


class DumboResult(_Result):
    # count (D-4, the Joker 10 when unwelded); layoffs: additions per declarer weld.
    __slots__ = ("count",)
    pack = DUMBO

    @property
    def octad(self):
        return octad_of(self)

    @property
    def may_declare(self):
        return self.count <= MAY_DECLARE


def as_laid(groups, pack, double_pack, octad):
    if type(groups) is Laid:
        if groups.pack != pack or groups.double_pack != double_pack or groups.octad != octad:
            raise RulesError("bad_laid", "laid for other game")
        return groups
    from . import check as melds_check
    return melds_check.lay(groups, pack, double_pack, octad)


def octad_of(r):
    # D-5: all eight cards welded, which is exactly a count of 0.
    if r.count or r.plan[2] is not None:
        return False
    n = 0
    for m in r.melds:
        n += len(m)
    return n == 8

# The meld solver (R-1..R-3, R-6, R-9; D-2..D-6): the least deadwood or count a
# hand can reach, with its arrangement. The one-pack search is search.py; the
# double pack, the contested sets, the checks of laid melds and the layout of a
# result are their own modules, each loaded only when first needed.

from ..errors import RulesError  # noqa: F401  (refusals are RulesErrors)
from .search import (  # noqa: F401  (the solver's face)
    JOKER_COUNT,
    MAY_DECLARE,
    DumboResult,
    Laid,
    RummyResult,
    check_caller_melds,
    check_meld,
    check_weld,
    is_octad,
    lay,
    may_declare,
    solve_dumbo,
    solve_rummy,
    use_fast,
)

"""`parlour show MATCH`: one match hand by hand, with the replay's explanation lines."""

from __future__ import annotations

import json

from ..errors import ParlourError
from ..session import add_db, database
from .matches import played


def register(sub) -> None:
    parser = sub.add_parser("show", help="one synced match, hand by hand")
    parser.add_argument("match", metavar="MATCH", help="its id (from `parlour matches`)")
    add_db(parser)
    parser.set_defaults(func=run)


def clip(text: str, width: int = 80) -> str:
    return text if len(text) <= width else text[:width - 1] + "~"


def render(m: dict) -> list[str]:
    names = [p["name"] for p in m["players"]]
    out = [clip(f"match {m['id']}: {m['game']}, {', '.join(names)}; ended {played(m)} "
                f"({m['ended']}); device {m['device']} #{m['seq']}")]
    out.append(clip("replay agrees with the device" if m["agrees"]
                    else f"replay DISAGREES: {m['problem']}"))
    if m["same_number"]:
        others = ", ".join(str(i) for i in m["same_number"])
        out.append(clip(f"clash: match {others} came under the same number; all are kept"))
    ends = {h["after"]: h for h in m["hands"]}
    for index, e in enumerate(m["events"]):
        out.append(clip(f"{index + 1:>4} {json.dumps(e['event'])[:36]:<36}  {e['line']}"))
        hand = ends.get(index)
        if hand is not None:
            out.append(clip(f"     hand {hand['hand']}: {json.dumps(hand['points'])}, "
                            f"totals {json.dumps(hand['totals'])}"))
    totals = ", ".join(f"{'*' if p['winner'] else ''}{p['name']} {p['total']}"
                       for p in m["players"])
    out.append(clip(f"totals: {totals}"))
    return out


def run(args) -> int:
    from ..store.matches import match

    try:
        match_id = int(args.match)
    except ValueError:
        raise ParlourError(f"MATCH is a number from `parlour matches`, not {args.match!r}",
                           exit_code=2) from None
    with database(args, create=False) as store:
        m = match(store, match_id)
    if m is None:
        raise ParlourError(f"no match {match_id} in the database (see `parlour matches`)",
                           exit_code=2)
    for line in render(m):
        print(line)
    return 0

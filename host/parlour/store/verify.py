"""Replay stored matches again and compare with what the device said."""

from __future__ import annotations

import json

from ..replay import replay
from .db import Store


def verify(store: Store, ids: list[int] | None = None) -> list[str]:
    """-> a line per match whose replay disagrees with the device's result."""
    bad = []
    wanted = None if ids is None else set(ids)
    for match_id, device, seq, kept in store.conn.execute(
            "SELECT id, device_id, seq, kept FROM matches ORDER BY id"):
        if wanted is not None and match_id not in wanted:
            continue
        again = replay(json.loads(kept), detail=False)
        if not again.agrees:
            bad.append(f"match {match_id} ({device}#{seq}, {again.game}): {again.problem}")
    return bad

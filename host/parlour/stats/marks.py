"""A player's highlights in one match: counts added up, bests kept."""

from __future__ import annotations


def add(marks: dict, key: str, by: int = 1) -> None:
    marks[key] = marks.get(key, 0) + by


def best(marks: dict, key: str, value: int) -> None:
    if value > marks.get(key, value - 1):
        marks[key] = value

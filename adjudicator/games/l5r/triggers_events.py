"""Raising events: the one thing effects need from the trigger machinery (no import cycle)."""

from __future__ import annotations

PENDING = "events-pending"


def raise_event(pos, verb: str, copy) -> None:
    pos.memo.setdefault(PENDING, []).append([verb, copy.uid if copy else 0])

"""Raising events: the one thing effects need from the trigger machinery (no import cycle)."""

from __future__ import annotations

PENDING = "events-pending"

#: the verbs of the events the engine raises (effects.py, battle.py): triggers naming other
#: events never fire (see triggers.fires)
RAISED = ("bowed", "straightened", "dishonored", "destroyed", "enters-play", "recruited", "equipped")


def raise_event(pos, verb: str, copy) -> None:
    pos.memo.setdefault(PENDING, []).append([verb, copy.uid if copy else 0])

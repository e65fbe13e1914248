"""A small built-in card pool of invented example cards (not the published game's cards).

They use only the card-text vocabulary of :mod:`.effects`, so every effect is carried out.
Scenario files may override any of them with their own ``card`` statements.
"""

from __future__ import annotations

from ...core.cards import CardDef, CardPool

_CARDS = (
    # name, type, attrs, text
    ("Hourglass", "timer", {"slots": 1, "vp": 0}, ""),
    ("Water Clock", "timer", {"slots": 2, "vp": 1}, ""),
    ("Sundial", "timer", {"slots": 2, "vp": 0}, "Discard: Draw 2 cards."),
    ("Cracked Pendulum", "timer", {"slots": 1, "vp": 0}, "Discard: Gain 1 imaginary time."),
    ("Sleight of Hand", "trick", {"vp": 0}, "Draw a card."),
    ("Deep Breath", "trick", {"vp": 0}, "Restore 1 time."),
    ("Spark of Insight", "knowledge", {"time-cost": 1, "level": 1, "vp": 1}, "Draw a card."),
    ("Echo of Yesterday", "knowledge", {"time-cost": 1, "level": 1, "vp": 0}, ""),
    ("Borrowed Moment", "knowledge", {"time-cost": 2, "level": 2, "vp": 1}, "Gain 1 imaginary time."),
    ("Folded Hour", "knowledge", {"time-cost": 2, "level": 2, "vp": 2}, "Restore 1 time."),
    ("Chronal Lens", "knowledge", {"time-cost": 3, "level": 3, "vp": 3}, "Draw 2 cards."),
    ("Mirror of Ages", "knowledge", {"time-cost": 4, "level": 4, "vp": 5}, ""),
    ("Eternal Return", "knowledge", {"time-cost": 5, "level": 5, "vp": 8}, "Gain 2 time."),
)


def builtin_pool() -> CardPool:
    pool = CardPool()
    for name, kind, attrs, text in _CARDS:
        pool.add(CardDef(name=name, type=kind, attrs=dict(attrs), text=text, source="built-in"))
    return pool

"""Which conditions about the acting player, his Sensei, the board and the card itself the engine
reads (adjudicator/games/l5r/conditions.py)."""

from __future__ import annotations

import pytest

from adjudicator.core.ability import Condition
from adjudicator.games.l5r.conditions import readable


@pytest.mark.parametrize("kind, args", [
    ("effect-if:is", ("effect 0", "your Sensei", "Hikahime")),
    ("effect-if:is", ("effect 1", "he", "unaligned")),
    ("effect-if:you-have", ("effect 0", "a Clan Alignment")),
    ("effect-if:has-printed-keyword", ("effect 1", "this Personality", "Magistrate")),
    ("effect-if:max-hand-size-at-least", ("effect 0", "10")),
    ("effect-if:nobody-controls", ("effect 0", "Political Standoff")),
    ("effect-if:stat-value", ("effect 0", "the current battlefield", "province-strength", ">=", "11")),
    ("effect-if:count-compare", ("effect 1", "the target", "attachments", "<", "this")),
    ("effect-if:has-no-abilities", ("effect 1", "he")),
    ("effect-if:stat-value", ("effect 2", "the target", "force", "=", "0")),
])
def test_read(kind, args):
    assert readable(Condition(kind=kind, args=args, text=""))


@pytest.mark.parametrize("kind, args", [
    ("effect-if:is", ("effect 0", "your Sensei", "a Shugenja")),  # a Sensei's title, not a kind of card
    ("effect-if:you-have", ("effect 0", "Reconnaissance")),  # (no rule says how long it lasts)
    ("effect-if:has-printed-keyword", ("effect 1", "the target", "Magistrate")),
    ("effect-if:stat-value", ("effect 0", "his province", "province-strength", ">=", "11")),
    ("effect-if:count-compare", ("effect 1", "the target", "Weapons", "<", "this")),
    ("effect-if:stat-value", ("effect 2", "the target", "gold-production", "=", "0")),
])
def test_not_read(kind, args):
    assert not readable(Condition(kind=kind, args=args, text=""))

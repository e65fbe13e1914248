"""Engage actions (a battle's Engage Segment) and negating current bonuses/penalties: which lines
the engine claims (effects.executes) and which it leaves out."""

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    "Engage: Give a target enemy Personality -2F.",
    "Engage, Bow this card: Bow a target enemy attachment.",
    "Battle: Negate this Personality's current Force penalties.",
    "Battle: Negate a target card's current Force bonuses or penalties (your choice).",
])
def test_claimed(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    # later changes too: a standing negation the engine does not keep
    "Battle/Open: Choose your performing Personality: Negate all current and new Force penalties on him.",
    # a Province's strength is not a card stat of the modifier layer
    "Battle: Negate the current Province's current strength bonuses or penalties (your choice).",
])
def test_not_claimed(text):
    assert not executes(parse_ability(text))

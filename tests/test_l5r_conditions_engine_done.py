"""Conditions about what the action being resolved has done (conditions.py): "After this destroys
a card, gain 1 Honor" after a lone attack, "if this destroyed a card without abilities"."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.conditions import _after_this_destroys
from adjudicator.games.l5r.effects import executes

CARRIED_OUT = [
    "Battle: Ranged 2 Attack. After this destroys a card, draw a card.",
    "Battle, Bow this card: If Kenji is defending, Ranged 3 Attack. After this destroys a card, gain 1 Honor.",
    "Battle, Bow this card: Ranged 3 Attack. Straighten Kenji if this destroyed a card without abilities.",
]

NOT_CARRIED_OUT = [
    # a second card-changing effect before: what "this" destroyed is no longer the attack's alone
    "Battle: Destroy a target Follower. Ranged 2 Attack. After this destroys a card, draw a card.",
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_claimed(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_not_claimed(text):
    ability = parse_ability(text)
    assert ability.structured
    assert not executes(ability)


def test_trigger_read_as_the_destroyed_test():
    ability = parse_ability("Battle: Ranged 2 Attack. After this destroys a card, draw a card.")
    cond = next(c for c in ability.conditions if c.kind == "effect-trigger")
    assert _after_this_destroys(ability, cond) == "a card"


def test_exactly_one_province_readable():
    from adjudicator.games.l5r.conditions import readable

    ability = parse_ability("Limited: If you have fewer Provinces than each other player, or exactly one Province, "
                            "gain 2 Honor.")
    assert all(readable(c) for c in ability.conditions)
    assert executes(ability)


def test_you_control_units_here_readable():
    from adjudicator.games.l5r.conditions import readable

    ability = parse_ability("Battle: If you control any Cavalry units at the current battlefield, move Kenji there. "
                            "After this moves him, Ranged 4 Attack.")
    assert all(readable(c) for c in ability.conditions if c.kind.startswith("effect-if"))
    assert executes(ability)

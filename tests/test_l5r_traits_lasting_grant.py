"""A lasting trait giving the cards it reaches an action ability ("Your Tacticians have the
ability, "Open: ...""): claimed only for an action the engine carries out in full
(adjudicator/games/l5r/continuous.py lasting_grant_applies, lasting_abilities)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    'Your Shugenja have the ability, "Battle, Bow this card: Ranged 2 Attack."',
    'Each of your Crane Clan Personalities has the ability, "Open: Straighten this Personality."',
])
def test_lasting_grant_of_an_action_is_claimed(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    # a gained Reaction is not offered (only Limited / Open / Battle actions)
    'Your Courtiers have the ability, "Reaction: After a Personality enters play, draw a card."',
    # a designated lasting trait ("Courtesy:") takes effect only as its own words say
    'Courtesy: Your Samurai have the ability, "Open: Draw a card."',
    # the gained action itself is not carried out in full
    'Your Samurai have the ability, "Open: Negate a target action."',
])
def test_lasting_grant_not_claimed(text):
    assert not executes(parse_ability(text))

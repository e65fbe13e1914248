"""Amounts counting what an earlier clause of the same ability did ("the number you discarded"),
and the other amount forms the engine works out from the position (amounts.py)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    "Limited: Discard your hand to draw a number of cards equal to the number you discarded.",
    "Open: Shuffle your hand into your Fate deck: Draw a number of cards equal to the number you shuffled in.",
    ("Limited: Put one to three cards in your hand at the bottom of your deck. Draw cards equal to the number you "
     "put at the bottom."),
    # a count of cards in play elsewhere than the current battlefield
    "Battle: Give your target Samurai +1F for each Personality you control not at the current battlefield.",
    # one of two values of the card, the acting player's choice ("choosing chi")
    "Battle: Bow your target Shugenja: Ranged Attack with strength equal to his Force or Chi.",
    # a card type in "If you control a Personality" (conditions.py), a count with a floor
    ("Open: If you control a Personality, target a Personality and pay Gold equal to the number of Personalities "
     "you control, or 4, whichever is higher: The targeted Personality may not assign to battlefields."),
    # the X of the action's own "Pay X Gold"
    ("Limited, Bow this card, Pay X Gold: Put a number of Wealth tokens on this Holding equal to the amount of "
     "Gold you paid for this action."),
    # the Gold costs of a target unit's cards added up
    "Battle: Pay Gold equal to a target unit's total Gold Cost minus 5: Move it home.",
    # an attack's bonus for each card of this unit
    "Battle, Bow this card: Ranged 2 Attack with +1 strength for each other Follower in this unit.",
])
def test_carried_out(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), ab


@pytest.mark.parametrize("text", [
    # tokens are kept as a number on the card, not one per kind: which were removed is not known
    ("Bow this card: Remove one or more Wealth tokens from this Holding to produce Gold equal to the number "
     "of tokens removed."),
    # a purchase's price is not kept; no "Pay X Gold" to read
    "After this Holding enters play, put a number of Wealth tokens on it equal to the amount of Gold you paid for it.",
    ("Limited, Bow this card: Put a number of Wealth tokens on this Holding equal to the amount of Gold you paid "
     "for this action."),
    # a triggered trait resolves without the procedure's record of what its clauses did
    ("After this Personality enters play, discard your hand and draw a number of cards equal to the number "
     "you discarded."),
    # a Personality or a unit: which of the two the player targeted is not kept
    "Battle: Pay Gold equal to a target Personality or unit's total Gold cost minus 4: Bow it.",
    # "Fortification at this battlefield": the grammar keeps no card type or keyword to count
    "Battle: Ranged 3 Attack with +1 strength for each Fortification at this battlefield.",
])
def test_not_claimed(text):
    assert not executes(parse_ability(text))

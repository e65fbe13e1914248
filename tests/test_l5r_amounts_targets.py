"""Amounts read from a target picked out by words the target test reads (amounts.py, states.py)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    # "opposed" / "performing" / "at any location" / "without attachments": states.fits reads them
    "Battle: Give your target opposed Personality a Force bonus equal to his Personal Honor.",
    "Battle: Give your target performing Monk a Force bonus equal to his Chi.",
    # "Choose your performing Duelist": "him" / "his" are the chosen card (procedure.choose_card)
    "Battle/Open: Choose your performing Duelist: Give him a Force bonus equal to his own base Chi.",
    "Battle: Target an enemy card without attachments and pay Gold equal to its Gold Cost: Destroy it.",
    "Battle: Target your Shugenja at any location. Give this Personality a Force bonus equal to the target's Chi.",
    # "at this battlefield": the current battlefield (states.fits)
    "Battle: Give a target Personality at this battlefield a Force bonus equal to his Chi.",
    # "your Personality" after "Choose your ... Personality": the chosen card, never the enemy target
    ("Battle: Choose your performing unbowed Spider Clan Personality and target an enemy Personality: "
     "Reduce its Force by an amount equal to your Personality's Force."),
])
def test_amount_from_a_target_described_by_checked_words(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    # two cards chosen, or a target of the player's own naming the noun too: which "your Paragon"?
    ("Battle: Choose one or two of your performing Paragons and target an enemy Personality: "
     "Reduce his Force by your Paragon's Force."),
    "Battle: Choose your performing Paragon and target your unbowed Paragon: Reduce his Force by your Paragon's Force.",
])
def test_amount_not_claimed_where_the_card_is_not_picked_out(text):
    assert not executes(parse_ability(text))


@pytest.mark.parametrize("text, claimed", [
    # a triggered trait names no targets: only this card, its bearer, or the card changed
    ("After you Equip this Spell, give this Shugenja a number of +1F tokens equal to his Chi.", True),
    ("After you Equip this Spell, give it a number of tokens equal to this Shugenja's Chi.", True),
    ("After this Personality enters play, gain Honor equal to the Personal Honor of a target Personality.", False),
])
def test_amounts_in_triggered_traits(text, claimed):
    assert executes(parse_ability(text)) is claimed

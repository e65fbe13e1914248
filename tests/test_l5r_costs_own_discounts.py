"""A card's own discounts the engine reads: "You Recruit X for 1 less Gold" (only when Recruited),
"Enters play for 4 less Gold if you are the Defender" (adjudicator/games/l5r/costs.py)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    "You Recruit Akodo Goro for 2 less Gold.",
    "Enters play for 3 less Gold if you are the Defender.",
    "Goro enters play for 1 less Gold if you are the Attacker.",
    # two discounts, each under its own condition
    "Goro enters play for 2 less Gold if any other player is Mantis Clan. Goro enters play for 4 less Gold "
    "if you are the Defender.",
])
def test_claimed(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), text


@pytest.mark.parametrize("text", [
    # two discounts, one under a condition not read when the card is bought
    "Goro enters play for 2 less Gold if he is dishonored. Goro enters play for 4 less Gold "
    "if you are the Defender.",
])
def test_not_claimed(text):
    ab = parse_ability(text)
    assert not (ab.structured and executes(ab)), text

"""A lasting sentence printed after a triggered trait ("After Akuma enters play, lose 4 Honor.
Will not attach cards."): the closing sentence is the card's own lasting trait
(adjudicator/games/l5r/effects_traits.py lasting_tail)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.effects_traits import lasting_tail, with_lasting_tails


@pytest.mark.parametrize("text", [
    "After Akuma enters play, lose 4 Honor. Will not attach cards.",
    "After you Recruit Gekido, lose 3 Honor. Cannot attach Followers or Items.",
])
def test_closing_attach_restriction_is_a_lasting_trait(text):
    ability = parse_ability(text)
    assert lasting_tail(ability) == len(ability.effects) - 1
    assert executes(ability)
    lasting = list(with_lasting_tails([ability]))
    assert len(lasting) == 2 and lasting[1].kind == "continuous" and lasting[1].trigger is None
    assert [c.kind for c in lasting[1].effects] == ["cannot-attach"]


@pytest.mark.parametrize("text", [
    "Will not attach cards.",  # a lasting trait already
    "After Akuma enters play, lose 4 Honor.",  # nothing after the trigger's effect
])
def test_no_closing_sentence(text):
    assert lasting_tail(parse_ability(text)) is None

"""'After engaging': the event raised as the Attacker engages a battlefield (L5R-ATTACK)."""

from __future__ import annotations

from adjudicator.core.ability import Trigger
from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.triggers import fires


def test_engaging_fires_anywhere_or_at_this_cards_battlefield():
    assert fires(Trigger(timing="after", event="engaging", text="after engaging"))
    assert fires(Trigger(timing="after", event="engaging;at=this-card", text="after engaging at this card's battlefield"))
    # "before" an engagement is no moment the engine stops at
    assert not fires(Trigger(timing="before", event="engaging", text="before engaging"))
    # a qualifier the engine does not check is refused
    assert not fires(Trigger(timing="after", event="engaging;by=opponent", text="after another player engages"))


def test_reaction_after_engaging_executes():
    ab = A.parse_ability("Reaction: After engaging at this card's battlefield: Gain 2 Honor.")
    assert ab.trigger.event == "engaging;at=this-card"
    assert executes(ab)

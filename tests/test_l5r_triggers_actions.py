"""Action triggers whose designators or source are read from the trigger's words (triggers.fires)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.triggers import _kind_alternatives, fires


@pytest.mark.parametrize("text", [
    "After a Kiho, Fear, or Maho action resolves, gain 1 Honor.",
    "After your Tactical, Bushido Virtue, or Terrain action resolves: Gain 1 Honor.",
    "Reaction: After your Recon action from a Strategy resolves: Draw a card.",
    "Reaction: After your Tactical action resolves: Gain 2 Honor.",
])
def test_fires(text):
    assert fires(parse_ability(text).trigger)


def test_alternatives_keep_words_of_one_designator_together():
    assert _kind_alternatives("tactical|bushido|virtue|terrain",
                              "after your Tactical, Bushido Virtue, or Terrain action resolves") == [
        ["tactical"], ["bushido", "virtue"], ["terrain"]]
    # words that are not the event's kind, in order: refused
    assert _kind_alternatives("kiho|fear", "after a Fear or Kiho action resolves") is None
    # no "or": not a list of alternatives
    assert _kind_alternatives("kiho|battle", "after a Kiho Battle action resolves") is None

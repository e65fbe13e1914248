"""Describing words of targets read by states.py (dishonorable, another stat of this card, its own
printed value, a named card's army)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.states import checked


@pytest.mark.parametrize("state", [
    "dishonorable", "cmp:force<=this.chi", "cmp:personal-honor<this.chi", "cmp:chi<it.printed-chi",
    "in-army-of:Zenshi",
])
def test_read(state):
    assert checked(state)


@pytest.mark.parametrize("state", [
    # "this army", "your army", "his army" are all written in-army: which army is not kept
    "in-army", "in-army-of:his",
    # the Gold paid, a chosen card's value: not read here
    "cmp:gold-cost<=paid.gold", "cmp:force<=choice.chi",
])
def test_not_read(state):
    assert not checked(state)

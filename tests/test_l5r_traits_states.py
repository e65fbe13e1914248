"""Describing words of targets read by states.py (dishonorable, another stat of this card, its own
printed value, a named card's army)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.states import checked


@pytest.mark.parametrize("state", [
    "dishonorable", "cmp:force<=this.chi", "cmp:personal-honor<this.chi", "cmp:chi<it.printed-chi",
    "in-army-of:Zenshi",
    # "this army", "your army", "his army" are all written in-army: read as the acting player's units
    # at this card's battlefield (states._OWN_ARMY; tests/test_l5r_states_unit_words.py)
    "in-army",
])
def test_read(state):
    assert checked(state)


@pytest.mark.parametrize("state", [
    # another card's army, named by a pronoun
    "in-army-of:his",
    # the Gold paid, a chosen card's value: not read here
    "cmp:gold-cost<=paid.gold", "cmp:force<=choice.chi",
])
def test_not_read(state):
    assert not checked(state)


BATTLEFIELDS = """scenario "t"
game l5r
card "A" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Crane text "Your other Personalities at this battlefield have +1F."
card "A2" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Crane
card "A3" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Crane
card "B" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Crab
player Alice clan Crane family-honor 12
player Bob   clan Crab family-honor 9
phase attack
step engagement
Alice battlefield 1: "A", "A2"
Alice battlefield 2: "A3"
Bob battlefield 1: "B"
Alice engages battlefield 1
expect "A2" force 3
expect "A3" force 2
"""


def test_at_this_battlefield_is_the_current_one():
    from .helpers import run_text

    r = run_text(BATTLEFIELDS)
    assert r.passed, [f.render() for f in r.failures]

"""Keywords a card loses (continuous.lost_keywords): to an effect for its duration unless a later
effect gives the keyword back, and to a lasting trait while its condition holds."""

from __future__ import annotations

import pytest

from adjudicator.core.position import Modifier
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.continuous import NO_KEYWORD
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

CLAIMED = [
    "Kenzo does not have Brash if any other player is Lion Clan.",
    "Your Lion Clan Personalities (in play) have Courtier but do not have Cavalry or Scout.",
    "Open: Target a Personality. Remove Ninja from him.",
]


@pytest.mark.parametrize("text", CLAIMED)
def test_claimed(text):
    assert executes(parse_ability(text))


_SCENARIO = '''scenario "keywords lost"
game l5r
rule L5R-TRAIT
card "Kenzo" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 5 keywords Samurai Brash text "Kenzo does not have Brash if any other player is Lion Clan."
card "Plain Samurai" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Samurai Ninja
player Alice clan Crab family-honor 10
player Bob   clan {clan} family-honor 10
phase action
Alice home: "Kenzo", "Plain Samurai"
'''


def _position(clan):
    return run_text(_SCENARIO.format(clan=clan)).position


def _copy(pos, name):
    return next(c for c in pos.all_copies() if c.name == name)


def test_lasting_loss_follows_its_condition():
    pos = _position("Lion")
    assert not pos.has_keyword(_copy(pos, "Kenzo"), "Brash")
    assert pos.has_keyword(_copy(pos, "Kenzo"), "Samurai")
    pos = _position("Crane")
    assert pos.has_keyword(_copy(pos, "Kenzo"), "Brash")


def test_later_grant_stands_over_an_earlier_removal():
    pos = _position("Crane")
    samurai = _copy(pos, "Plain Samurai")
    pos.modifiers.append(Modifier(samurai.uid, flag=NO_KEYWORD + "Ninja"))
    assert not pos.has_keyword(samurai, "Ninja")
    pos.modifiers.append(Modifier(samurai.uid, keyword="Ninja"))
    assert pos.has_keyword(samurai, "Ninja")
    pos.modifiers.append(Modifier(samurai.uid, flag=NO_KEYWORD + "Ninja"))
    assert not pos.has_keyword(samurai, "Ninja")

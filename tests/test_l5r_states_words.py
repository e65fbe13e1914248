"""Describing words states.py reads from the card itself: its printed abilities' designators, its
printed keywords, how many cards with a keyword are attached to it, and where this card's unit is."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.states import checked, has_ability


@pytest.mark.parametrize("state", [
    "has-ability:Political", "has-exactly-1:Weapon", "printed-keyword:Fire",
    "printed-keyword:Fallen|Fudo|Shadowlands", "at-battlefield-of:this card", "cmp:force!=it.base-force",
    "cmp:chi<=it.base-chi",
    # this card's name (or its bearer's): another card's name is not looked up (fits says None)
    "at-battlefield-of:Takichi",
])
def test_read(state):
    assert checked(state)


@pytest.mark.parametrize("state", [
    # another card's battlefield by pronoun: not looked up here
    "at-battlefield-of:it", "has-ability:political", "has-exactly-one:Weapon",
    # another card's base value: not read here
    "cmp:force!=this.base-force",
])
def test_not_read(state):
    assert not checked(state)


@pytest.mark.parametrize("text, designator, has", [
    ("Political Open, Bow this card: Gain 1 Honor.", "Political", True),
    ("Political Battle/Open: Bow a target Personality.", "Political", True),
    ("Battle/Political Open: Bow a target Personality.", "Political", True),
    ("Battle, Bow this card: Gain 1 Honor.", "Political", False),
    # a trait naming the word is no Political ability
    ("This Personality has +1F while you have a Political ability in play.", "Political", False),
    # the word after the first comma is a cost, not a designator
    ("Open, Political Bow: Gain 1 Honor.", "Political", False),
    ("After this card bows: Straighten it.\nRecon Limited: Draw a card.", "Recon", True),
    ("", "Political", False),
])
def test_has_ability_printed(text, designator, has):
    from types import SimpleNamespace

    from adjudicator.games.l5r.game import _abilities

    game = SimpleNamespace(abilities=lambda copy: _abilities(copy.card.text))
    copy = SimpleNamespace(uid=1, card=SimpleNamespace(text=text))
    assert has_ability(game, SimpleNamespace(modifiers=[]), copy, designator) is has

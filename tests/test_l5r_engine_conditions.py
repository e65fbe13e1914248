"""The engine's side of conditions (adjudicator/games/l5r/conditions.py): tests naming a card
by its title, the Imperial Favor, and the other tests the engine decides on a position."""

from __future__ import annotations

import pytest

from adjudicator.core.ability import Condition
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.conditions import _controlled, readable
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

HEAD = """scenario "t"
game l5r
card "Fuyuko's Fan" holding gold-cost 0 text "Open: If you control Bayushi Fuyuko, gain 2 Honor."
card "Favor Seal" holding gold-cost 0 text "Open: If you control the Imperial Favor, gain 1 Honor."
card "Bayushi Fuyuko" personality force 1 chi 3 honor-requirement 0 personal-honor 2 gold-cost 4 keywords Courtier
card "Fuyuko's Double" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 2 keywords Courtier
"""


@pytest.mark.parametrize("words, what", [
    ("Bayushi Fuyuko", "title"), ("the Ring of Earth", "title"), ("The Sorrow", "title"),
    ("the Imperial Favor", "favor"), ("a Courtier or Magistrate", "kinds"), ("a Death Priest", "kinds"),
    ("any Rings", "kinds"), ("two or more Rings", "count"),
])
def test_what_you_control_is_read(words, what):
    assert _controlled(words)[0] == what
    assert readable(Condition(kind="you-control", args=(words,)))


@pytest.mark.parametrize("words", [
    "any Cavalry units at the current battlefield", "a Terrain or Crab Clan Personality at his battlefield",
    "a Fire or Air Spell", "three or fewer Personalities",
])
def test_what_you_control_is_not_guessed(words):
    assert not readable(Condition(kind="you-control", args=(words,)))


def test_rings_are_counted_as_rings():
    assert _controlled("any Rings") == ("kinds", (("type", "ring"),))


def _run(home: str, more: str = "", player_flags: str = ""):
    text = HEAD + f"player Alice clan Scorpion family-honor 10 {player_flags}\nplayer Bob clan Crab family-honor 9\n" \
        f"phase action\nAlice home: {home}\n{more}"
    return run_text(text)


def test_a_card_named_by_its_title():
    assert executes(parse_ability("Open: If you control Bayushi Fuyuko, gain 2 Honor."))
    r = _run('"Fuyuko\'s Fan", "Bayushi Fuyuko"', 'Alice uses "Fuyuko\'s Fan"\nexpect legal\nexpect Alice family-honor 12\n')
    assert r.passed, [f.render() for f in r.failures]
    # a Courtier of another name is not Bayushi Fuyuko; neither is Bob's copy of her
    r = _run('"Fuyuko\'s Fan", "Fuyuko\'s Double"', 'Bob home: "Bayushi Fuyuko"\nAlice uses "Fuyuko\'s Fan"\n'
             'expect legal\nexpect Alice family-honor 10\n')
    assert r.passed, [f.render() for f in r.failures]


def test_the_imperial_favor_by_its_holder():
    r = _run('"Favor Seal"', 'Alice uses "Favor Seal"\nexpect legal\nexpect Alice family-honor 11\n', "imperial-favor")
    assert r.passed, [f.render() for f in r.failures]
    r = _run('"Favor Seal"', 'Alice uses "Favor Seal"\nexpect legal\nexpect Alice family-honor 10\n')
    assert r.passed, [f.render() for f in r.failures]

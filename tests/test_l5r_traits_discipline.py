"""Discipline (adjudicator/games/l5r/effects_traits.py): a Strategy played from its owner's discard
pile, its Discipline Gold added to the action's cost, then removed from the game (L5R-TRAIT.4)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.effects_traits import discipline_executes

from .helpers import run_text


@pytest.mark.parametrize("text", [
    "If you are a Crane Clan player, this Strategy has Discipline Pay 3 Gold.",
    "Courtesy: Discipline Pay 1 Gold. (Courtesy traits do not take effect if you went first.)",
])
def test_discipline_lines_claimed(text):
    assert discipline_executes(parse_ability(text)) is True
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    "Courtesy: Discipline Pay 1 Gold.",  # no reminder stating when a Courtesy trait takes effect
    "If you control a Merchant, this Strategy has Discipline Pay 1 Gold.",  # a condition discipline_cost does not read
])
def test_discipline_lines_not_claimed(text):
    assert not executes(parse_ability(text))


def test_not_a_discipline_line():
    assert discipline_executes(parse_ability("Your Samurai have +1F.")) is None


COURTESY = """scenario "t"
game l5r
card "Quiet Drill" action gold-cost 0 text "Open: Gain 1 Honor.<br>Courtesy: Discipline Pay 1 Gold. (Courtesy traits do not take effect if you went first.)"
card "Copper Mine" holding gold-cost 0 gold-production 1
player {first} clan Lion family-honor 12
player {second} clan Crab family-honor 9
phase action
active Alice
Alice home: "Copper Mine"
Alice fate-discard: "Quiet Drill"
{rest}
"""


def test_courtesy_discipline_only_for_the_player_who_went_second():
    went_first = run_text(COURTESY.format(first="Alice", second="Bob", rest=(
        'Alice plays "Quiet Drill" from fate-discard with "Copper Mine"\nexpect illegal because L5R-ACT-COND')))
    assert went_first.passed, [f.render() for f in went_first.failures]
    went_second = run_text(COURTESY.format(first="Bob", second="Alice", rest=(
        'Alice plays "Quiet Drill" from fate-discard with "Copper Mine"\nexpect legal\n'
        'expect "Quiet Drill" in Alice removed')))
    assert went_second.passed, [f.render() for f in went_second.failures]

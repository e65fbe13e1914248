"""Invest traits (adjudicator/games/l5r/effects_traits.py): paid with the card's Gold cost, their
effect resolves once the card has entered play."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes
from adjudicator.games.l5r.effects_traits import invest_cost

from .helpers import run_text


def test_invest_cost_read():
    assert invest_cost(parse_ability("Invest Pay 4 Gold: Give this Follower two +1F tokens.")) == 4
    assert invest_cost(parse_ability("Battle: Pay 4 Gold: Bow a target Personality.")) is None


@pytest.mark.parametrize("text", [
    "Invest Pay 4 Gold: Give this Follower two +1F tokens.",
    "Invest Pay 2 Gold: Give this Holding two +1GP Wealth tokens.",
    "Invest Pay 4 Gold: Give this Personality three +1F Fire tokens.",
])
def test_invest_on_its_own_card_executes(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    "Invest Pay 1 Gold: This Shugenja has Cavalry.",
    "Invest Pay 3 Gold: This Shugenja has +2F.",
])
def test_invest_lasting_change_on_its_card_or_bearer_executes(text):
    # applied by continuous.py while the invested card is in play
    assert executes(parse_ability(text))


def test_invest_lasting_change_waits_for_the_investment():
    r = run_text("""scenario "t"
game l5r
card "Adept" personality force 2 chi 3 honor-requirement 0 personal-honor 1 gold-cost 4 keywords Shugenja
card "Flame" spell gold-cost 0 text "Invest Pay 2 Gold: This Shugenja has +2F."
player Alice clan Phoenix family-honor 12
player Bob   clan Crane family-honor 9
phase action
Alice home: "Adept", "Flame" attached-to "Adept"
expect "Adept" force 2
""")
    assert r.passed, [f.render() for f in r.failures]


@pytest.mark.parametrize("text", [
    # on a Strategy added to its action, on other cards resolved once they enter play: both carried out
    "Invest Pay 2 Gold: Draw a card.",
    "Invest Pay 1 Gold: Gain 1 Honor.",
    "Invest Pay 2 Gold: If you are Scorpion Clan, draw a card.",
])
def test_invest_on_the_player_claimed(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", [
    # a target chosen by no action when a card enters play; "the target" of a Strategy's action
    "Invest Pay 2 Gold: Straighten a target Courtier.",
    "Invest Pay 2 Gold: If the target is Void, draw a card.",
    # a choice between two costs; a gained Reaction (only actions are offered)
    "Invest Pay 5 Gold, or Pay 3 Gold if any other player is Crane Clan: Give this Follower two +1F tokens.",
    'Invest Pay 4 Gold: This Shugenja has the ability, "Reaction: After a Personality enters play, draw a card."',
])
def test_invest_not_claimed(text):
    assert not executes(parse_ability(text))


SCN = """scenario "t"
game l5r
card "Inv" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Crab text "{text}"
card "Gold Five" holding gold-cost 0 gold-production 5
player Alice clan Lion family-honor 12
player Bob   clan Crane family-honor 9
phase dynasty
Alice home: "Gold Five"
Alice province 1: "Inv"
{rest}
"""


def test_buy_without_invest_gives_nothing():
    r = run_text(SCN.format(text="Invest Pay 2 Gold: Give Inv two +1F tokens.",
                            rest='Alice buys "Inv" with "Gold Five"\nexpect legal\nexpect "Inv" force 2\n'
                                 'expect "Inv" gold-cost 3'))
    assert r.passed, [f.render() for f in r.failures]


def test_invest_flag_on_a_card_without_invest_is_refused():
    r = run_text(SCN.format(text="Inv has +1F.",
                            rest='Alice buys "Inv" with "Gold Five" invest\nexpect illegal "no Invest trait"'))
    assert r.passed, [f.render() for f in r.failures]


def test_a_strategy_played_with_invest_is_refused():
    text = """scenario "t"
game l5r
card "Study" action gold-cost 0 text "Limited: Gain 1 Honor."
player Alice clan Lion family-honor 12
player Bob   clan Crane family-honor 9
phase action
Alice hand: "Study"
Alice plays "Study" invest
expect illegal "Invest"
Alice plays "Study"
expect legal
expect Alice family-honor 13
"""
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


STRATEGY = """scenario "t"
game l5r
card "Study" action gold-cost 0 text "Limited: Gain 1 Honor.<br>{invest}"
card "Court Aide" personality force 1 chi 2 personal-honor 1 gold-cost 2 keywords Courtier
card "Rich Mine" holding gold-cost 0 gold-production 3
player Alice clan {clan} family-honor 12
player Bob   clan Crane family-honor 9
phase action
Alice home: "Rich Mine", "Court Aide" bowed
Alice hand: "Study"
Alice fate-deck: "Firm Stance"
{rest}
"""


def test_strategy_invest_on_a_card_is_refused():
    # "Straighten a target Courtier" would need a target chosen for the Invest: not added to the action
    r = run_text(STRATEGY.format(invest="Invest Pay 2 Gold: Straighten a target Courtier.", clan="Lion",
                                 rest='Alice plays "Study" with "Rich Mine" invest\nexpect illegal because L5R-TRAIT.3'))
    assert r.passed, [f.render() for f in r.failures]


@pytest.mark.parametrize("clan,hand", [("Scorpion", 1), ("Lion", 0)])
def test_strategy_invest_checks_its_condition(clan, hand):
    r = run_text(STRATEGY.format(invest="Invest Pay 2 Gold: If you are Scorpion Clan, draw a card.", clan=clan,
                                 rest=f'Alice plays "Study" with "Rich Mine" invest\nexpect legal\n'
                                      f'expect Alice family-honor 13\nexpect Alice hand {hand}\nexpect "Rich Mine" bowed'))
    assert r.passed, [f.render() for f in r.failures]

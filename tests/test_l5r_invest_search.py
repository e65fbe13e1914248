"""Invest traits that search a deck and put the card found in hand (effects_traits.search_group):
carried out as an action's search is, the card found named with 'paying'."""

from __future__ import annotations

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import claims_tests, run_text

test_invest_search_to_hand_claimed, test_invest_search_otherwise_not_claimed = claims_tests([
    "Invest Pay 1 Gold: Search your deck for a Spider Elite Sohei, show it, and put it in your hand.",
    "Invest Pay 1 Gold: Search your Fate deck for a Stockpiled Weapon, show it, and put it in your hand.",
    "Invest Pay 1 Gold: Search your Fate deck for a Weapon and put it in your hand.",
], [
    # the card found is not put in hand, or two cards are searched for
    "Invest Pay 1 Gold: Search your Fate deck for a Weapon and show it.",
    "Invest Pay 1 Gold: Search your Fate deck for up to two Weapons and put them in your hand.",
])


SCN = """scenario "t"
game l5r
card "Seeker" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Lion text "{text}"
card "Spear" item force 1 gold-cost 1 keywords Weapon
card "Gold Five" holding gold-cost 0 gold-production 5
player Alice clan Lion family-honor 12
player Bob   clan Crane family-honor 9
phase dynasty
Alice home: "Gold Five"
Alice province 1: "Seeker"
Alice fate-deck: "Spear"
{rest}
"""
TEXT = "Invest Pay 1 Gold: Search your Fate deck for a Weapon, show it, and put it in your hand."


def test_naming_no_card_found_takes_nothing():
    r = run_text(SCN.format(text=TEXT, rest='Alice buys "Seeker" with "Gold Five" invest\nexpect legal\n'
                                            'expect "Seeker" gold-cost 4\nexpect "Spear" in Alice fate-deck'))
    assert r.passed, [f.render() for f in r.failures]


def test_search_then_token_resolve_in_order():
    text = "Invest Pay 1 Gold: Search your Fate deck for a Weapon, put it in your hand, and give Seeker a +1F token."
    r = run_text(SCN.format(text=text, rest='Alice buys "Seeker" with "Gold Five" invest paying "Spear"\n'
                                            'expect legal\nexpect "Spear" in Alice hand\nexpect "Seeker" force 3'))
    assert r.passed, [f.render() for f in r.failures]


STRATEGY = """scenario "t"
game l5r
card "Study" action gold-cost 0 text "Limited: Gain 1 Honor.<br>Invest Pay 2 Gold: Search your Fate deck for a Weapon, show it, and put it in your hand."
card "Spear" item force 1 gold-cost 1 keywords Weapon
card "Rich Mine" holding gold-cost 0 gold-production 3
player Alice clan Lion family-honor 12
player Bob   clan Crane family-honor 9
phase action
Alice home: "Rich Mine"
Alice hand: "Study"
Alice fate-deck: "Spear"
Alice plays "Study" with "Rich Mine" invest paying "Spear"
expect legal
expect Alice family-honor 13
expect "Spear" in Alice hand
expect "Rich Mine" bowed
"""


def test_strategy_invest_search_added_to_the_action():
    r = run_text(STRATEGY)
    assert r.passed, [f.render() for f in r.failures]


def test_invest_discard_pick_claimed():
    assert executes(parse_ability("Invest Pay 2 Gold: Put an Iaijutsu Strategy in your discard pile into your hand."))
    # two cards: not read here
    assert not executes(parse_ability(
        "Invest Pay 2 Gold: Put one or two Iaijutsu Strategies in your discard pile into your hand."))


def test_discard_pick_naming_none_takes_nothing():
    text = "Invest Pay 1 Gold: Put a Weapon in your discard pile into your hand."
    r = run_text(SCN.format(text=text, rest='Alice buys "Seeker" with "Gold Five" invest\nexpect legal\n'
                                            'expect "Seeker" gold-cost 4'))
    assert r.passed, [f.render() for f in r.failures]

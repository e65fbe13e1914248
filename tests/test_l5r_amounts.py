"""Amounts worked out from values of cards (adjudicator/games/l5r/amounts.py)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

BATTLE = """scenario "t"
game l5r
{cards}
player Alice clan Lion family-honor 12
player Bob   clan Crab family-honor 9
phase attack
step combat
priority Alice
"""


def battle(cards: str, rest: str):
    r = run_text(BATTLE.format(cards=cards) + rest)
    assert r.passed, [f.render() for f in r.failures]


@pytest.mark.parametrize("text", [
    "Battle: Give this Personality a Force bonus equal to his Chi.",
    "Battle: Discard a card: Give this card a Force bonus equal to the discarded card's Focus Value.",
    "Battle: Fear equal to twice this Personality's Force.",
    "Battle: Fear equal to the number of Undead cards in this unit.",
    "Open: Target an enemy Personality and pay Gold equal to his Gold Cost: Bow him.",
    ("Political Limited: Target an enemy Personality. His controller loses Honor equal to his printed "
     "Personal Honor or 2, whichever is lower."),
    "This Follower has a Force bonus equal to its Personality's printed Force.",
])
def test_worked_out_amounts_execute(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), text


@pytest.mark.parametrize("text", [
    # a choice between two values besides another choice; nothing named for "his"
    # (a player's starting Honor is now read: test_l5r_amounts_province_and_start.py)
    "Battle: Target your opposed unbowed Paragon. Give him +2F or +2PH. Melee Attack with strength equal to his "
    "Force or Personal Honor.",
    "Reaction: After another player's action targets this card, give him a Force bonus equal to his Chi.",
    # a lasting trait whose amount could itself come from lasting traits (current Force)
    "This Follower has a Force bonus equal to its Personality's Force.",
    # Gold from a source that also bows another card: not a Gold source named in 'with'
    "Bow this card: Bow your target unbowed Courtier. Produce Gold equal to his Chi.",
])
def test_amounts_the_engine_does_not_work_out_are_not_claimed(text):
    ab = parse_ability(text)
    assert ab.structured and not executes(ab), text


def test_minus_with_minimum_zero_and_twice():
    cards = ('card "Grim Bushi" personality force 2 chi 1 honor-requirement 0 personal-honor 0 gold-cost 3 '
             'keywords Samurai text "Battle: Fear equal to twice this Personality\'s Force minus 3."')
    battle(cards, 'Alice battlefield 1: "Grim Bushi"\nBob battlefield 1: "Young Duelist", "Ashigaru Levy"\n'
                  'Alice uses "Grim Bushi" targeting "Young Duelist"\nexpect legal\n'
                  'expect order target, effect "amount 1"\nexpect "Young Duelist" not bowed\n')


def test_amount_read_from_the_target_named_for_it():
    cards = ('card "Blood Price" action gold-cost 0 text "Battle: Fear equal to the Force of your target '
             'Personality; destroy him if he is bowed, and bow him if he is unbowed."')
    battle(cards, 'Alice battlefield 1: "Veteran Sergeant"\nBob battlefield 1: "Young Duelist"\n'
                  'Alice hand: "Blood Price"\n'
                  'Alice plays "Blood Price" targeting "Young Duelist", "Veteran Sergeant"\nexpect legal\n'
                  'expect "Young Duelist" bowed\nexpect "Veteran Sergeant" bowed\n'
                  'expect "Veteran Sergeant" in Alice battlefield 1\n')


def test_each_card_its_own_value():
    cards = ('card "Honor Banner" action gold-cost 0 text "Battle: Give each Personality a Force bonus '
             'equal to his own Personal Honor."')
    ab = parse_ability("Battle: Give each Personality a Force bonus equal to his own Personal Honor.")
    assert executes(ab)
    battle(cards, 'Alice battlefield 1: "Quiet Courtier", "Young Duelist"\nBob battlefield 1: "Wandering Ronin"\n'
                  'Alice hand: "Honor Banner"\nAlice plays "Honor Banner"\nexpect legal\n'
                  'expect "Quiet Courtier" force 3\nexpect "Young Duelist" force 3\n'
                  'expect "Wandering Ronin" force 2\n')


def test_lasting_personal_honor_bonus_follows_the_bearer():
    text = """scenario "t"
game l5r
card "Devoted Guard" follower force 1 gold-cost 2 text "This Follower has a Force bonus equal to this Personality's Personal Honor."
player Alice clan Lion family-honor 12
player Bob   clan Crab family-honor 9
phase action
Alice home: "Quiet Courtier" as QC, "Devoted Guard" as G attached-to QC, "Devoted Guard" as Alone
expect G force 3
expect Alone force 1
"""
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


def test_his_is_the_named_target_not_the_fears():
    cards = ('card "Dark Resolve" action gold-cost 0 text "Battle: Target your unbowed Samurai Personality. '
             'Fear with strength equal to his Force minus 1 (minimum zero)."')
    # the Sergeant (3F) gives Fear 2: enough for the Duelist (2F); the Duelist's own Force would give 1
    battle(cards, 'Alice battlefield 1: "Veteran Sergeant"\nBob battlefield 1: "Young Duelist"\n'
                  'Alice hand: "Dark Resolve"\n'
                  'Alice plays "Dark Resolve" targeting "Veteran Sergeant", "Young Duelist"\nexpect legal\n'
                  'expect "Young Duelist" bowed\n')


def test_the_shown_card_focus_plus_one():
    cards = ('card "Shown Resolve" action gold-cost 0 text "Battle: Show a Kiho card in your hand: Ranged Attack '
             'with strength equal to the card\'s Focus Value plus one."\n'
             'card "Calm Kiho" action gold-cost 0 focus 2 keywords Kiho text "Open: Draw a card."')
    battle(cards, 'Alice battlefield 1: "Veteran Sergeant"\nBob battlefield 1: "Veteran Sergeant" as Foe\n'
                  'Alice hand: "Shown Resolve", "Calm Kiho"\n'
                  'Alice plays "Shown Resolve" targeting Foe paying "Calm Kiho"\nexpect legal\n'
                  'expect order target, cost, effect "amount 3", cleanup\n'
                  'expect Foe in Bob dynasty-discard\nexpect "Calm Kiho" in Alice hand\n')


def test_gold_cost_from_base_personal_honor_minus_one():
    text = """scenario "t"
game l5r
card "Price of Shame" action gold-cost 0 text "Political Limited: Pay Gold equal to a target Personality's base Personal Honor minus 1: Dishonor him."
player Alice clan Scorpion family-honor 12
player Bob   clan Crab family-honor 9
phase action
Alice home: "Rice Paddy"
Bob home: "Quiet Courtier", "Young Duelist"
Alice hand: "Price of Shame" as P1, "Price of Shame" as P2
Alice plays P1 targeting "Young Duelist"
expect legal
expect "Young Duelist" dishonored
expect "Rice Paddy" not bowed
Bob passes
Alice plays P2 targeting "Quiet Courtier"
expect illegal because L5R-GOLD "1 Gold"
Alice plays P2 targeting "Quiet Courtier" with "Rice Paddy"
expect legal
expect "Quiet Courtier" dishonored
"""
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


def test_your_samurai_is_the_target_that_names_him():
    cards = ('card "Borrowed Might" action gold-cost 0 text "Open: Target your unbowed Samurai. Give a target '
             'Personality a Force penalty equal to your Samurai\'s Force."')
    text = f"""scenario "t"
game l5r
{cards}
player Alice clan Lion family-honor 12
player Bob   clan Crab family-honor 9
phase action
Alice home: "Young Duelist"
Bob home: "Veteran Sergeant"
Alice hand: "Borrowed Might"
Alice plays "Borrowed Might" targeting "Young Duelist", "Veteran Sergeant"
expect legal
expect order target, target, effect "amount -2", cleanup
expect "Veteran Sergeant" force 1
expect "Young Duelist" force 2
"""
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


def test_count_of_non_unique_cards_you_control():
    text = """scenario "t"
game l5r
card "Village Muster" action gold-cost 0 text "Open: Target one of your Personalities: Give him +1F for each non-Unique Holding you control."
card "Great Castle" holding gold-cost 5 gold-production 3 unique
player Alice clan Lion family-honor 12
player Bob   clan Crab family-honor 9
phase action
Alice home: "Young Duelist", "Rice Paddy", "Small Market", "Great Castle"
Bob home: "Rice Paddy" as Theirs
Alice hand: "Village Muster"
Alice plays "Village Muster" targeting "Young Duelist"
expect legal
expect order target, effect "amount 2", cleanup
expect "Young Duelist" force 4
"""
    assert executes(parse_ability("Open: Target one of your Personalities: Give him +1F for each non-Unique "
                                  "Holding you control."))
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]

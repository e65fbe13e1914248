"""Gold cost changes of real cards (adjudicator/games/l5r/costs.py): which forms executes()
accepts, and what the engine charges when they are bought or equipped."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

CARRIED_OUT = [
    "Enters play for 1 less Gold if you are a Mantis Clan player.",
    "Enters play paying 2 less Gold if you are a Lion Clan or Scorpion Clan player.",
    "This Holding enters play for 2 less Gold if you control any Port Holdings.",
    "Enters play paying 2 less Gold if you control a Courtier.",
    "Natsuyo enters play for 1 less Gold if another player is Scorpion Clan.",
    "Enters play paying 1 less Gold.",
    "Ririko enters play ignoring Honor Requirement if you are a Unicorn Clan player.",
    "Attaches to a Phoenix Clan Personality for 1 less Gold.",
    "Equips to a Nonhuman Fudo Personality ignoring Gold cost.",
    "Attaches to an Earth Shugenja for 2 less Gold.",
    "Attaches to a Courtier for 2 less Gold.",
    "Bow this card: When paying for a Follower, it enters play for 3 less Gold.",
    "Bow this card: When paying for a Monk, he enters play for 3 less Gold.",
    "Your Holdings enter play for 1 less Gold.",
    "Your other Ronin cards enter play paying 1 less Gold.",
    # (a "while" about the player's cards, asked as the purchase is made)
    ("While you control three or fewer Personalities, your other Nonhuman Personalities and Followers enter play "
     "for 1 less Gold."),
    # a card named by its title in the condition, a bearer named on the card (engine round 4)
    "Nishoji enters play ignoring Gold Cost if you control the Ring of Earth.",
    "Attaches to Yotsu Ueda paying 2 less Gold.",
    "Equips to Kakita Daitsu for 1 less Gold.",
    # a card an effect brings into play, paid for from the action's sources (procedure.bring_into_play)
    "Open: Target a Holding in your discard pile: Bring it into play (bowed), paying all costs.",
    # a title keyword of two words; either of two keywords; a count of the buyer's cards in play
    "Attaches to a Ruby Champion ignoring costs.",
    "Attaches to a Paragon or Kensai paying 3 less Gold.",
    "Attaches to a Fire or Void Shugenja paying 1 less Gold.",
    "This Holding enters play paying 1 less Gold for each Personality you control.",
    # a board discount for cards of a printed Gold cost
    "Your other Personalities with a base Gold Cost of 5 or higher enter play paying 2 less Gold.",
    # a tier for a purchase of a printed Gold Cost of N or more
    ("Bow this card: Produce 3 Gold, or 4 Gold if paying for a card with a printed Gold Cost of 9 or more which may "
     "only pay for that card."),
    # Gold only when paying for such a card
    "Bow this card: When paying for a Spell or Shugenja, produce 5 Gold which may only pay for that card.",
    # a Gold Reaction for a Personality of another clan than the payer's
    "Reaction: When paying for a Personality with a Clan alignment different than your own: Produce 2 Gold.",
    # more Gold Production when the Gold pays for such a card
    "This Holding has +2GP when it pays for a single Shugenja only.",
    "This Holding has +1GP when it pays to Recruit or Equip a single Library or Spell only.",
    # a Personality's trait on attachments going to him, or to any of his controller's Personalities
    "Followers attaching to Misaki enter play paying 2 less Gold.",
    "Non-Unique Weapons attaching to Katagi from your hand enter play paying 4 less Gold.",
    "Cavalry Followers attach to your Personalities paying 2 less Gold.",
    # the buyer's Allegiance: the Allegiance card of that title she has in play
    "Ariyoshi enters play for 1 less Gold if your Allegiance is Progressive.",
    # a Gold source whose Gold is worked out as it bows (costs.take_worked_gold)
    "Bow this card: Produce Gold equal to Nakura's Chi that can only pay for a single Economic action.",
    "Bow this card: Produce Gold equal to Chijin's Chi which can only pay for a single Air or Maho Spell.",
    "Bow this card: Produce 1 Gold, plus 1 additional Gold for each non-Unique Holding you control.",
]

NOT_CARRIED_OUT = [
    # cards it cannot name (the Defender's discount is read now: test_l5r_costs_own_discounts.py)
    "Attaches to a Clan Champion or Magistrate ignoring costs.",
    # which actions are "Kharmic actions" the text does not say
    "This Holding has +1GP when it pays for a single Kharmic action only.",
    # one of two hosts kept by the grammar
    "Followers attaching to Misaki or Kisada enter play paying 2 less Gold.",
    # Gold for an Invest cost (paid with its card's purchase); a count of cards with either keyword
    "Bow this card: Produce Gold equal to Aragaki's Personal Honor, which may only pay for one Invest cost.",
    "Bow this card: Produce 2 Gold, plus 1 Gold for each other Holding you control that is a Market or Port.",
    # reductions for other cards, worked-out amounts, actions and purchases the engine does not make
    "Actions on your Strategies cost 1 less Gold.",
    "Limited, Bow this card: Your Holdings enter play paying 2 less Gold (this turn).",
    "This Holding enters play paying 1 less Gold for each card in your hand.",
    "Bow this card: When paying for an action on a Strategy, it costs 3 less Gold.",
    "Courtesy: Nishigori enters play for 1 less Gold.",
    "Battle/Open, Pay X Gold, Bow this card: Equip a Follower, paying 2 less Gold.",
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_carried_out_forms_execute(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), ab


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_other_forms_do_not(text):
    assert not executes(parse_ability(text))


HEAD = """scenario "t"
game l5r
card "Tsuruchi Yashiro" personality force 3 chi 2 honor-requirement 2 personal-honor 1 gold-cost 7 keywords Samurai Mantis text "Enters play paying 2 less Gold if you are a Lion Clan or Scorpion Clan player."
player Alice clan CLAN family-honor 12
player Bob clan Crab family-honor 9
phase dynasty
Alice stronghold: "Hall of Records"
Alice province 1: "Tsuruchi Yashiro"
"""


@pytest.mark.parametrize("clan,legal", [("Lion", True), ("Scorpion", True), ("Crane", False)])
def test_either_named_clan_lowers_the_price(clan, legal):
    text = HEAD.replace("CLAN", clan) + 'Alice buys "Tsuruchi Yashiro" with "Hall of Records"\n'
    text += "expect legal\n" if legal else "expect illegal because L5R-GOLD\n"
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


def test_reduction_does_not_go_below_zero_and_with_clan_discount():
    # 3 Gold, 2 less for the clan discount (L5R-CLAN), 2 less for its trait: 0, not -1
    text = HEAD.replace("CLAN", "Lion").replace("gold-cost 7 keywords Samurai Mantis", "gold-cost 3 keywords Samurai Lion")
    text += 'Alice buys "Tsuruchi Yashiro" discounted\nexpect legal\nexpect "Tsuruchi Yashiro" in Alice home\n'
    r = run_text(text)
    assert r.passed, [f.render() for f in r.failures]


FOLLOWER = """scenario "t"
game l5r
card "Akodo Dojo" holding gold-cost 4 text "Bow this card: When paying for a Follower, it enters play for 3 less Gold."
card "Bushi" follower force 2 gold-cost 4 keywords Infantry
card "Spear" item force 1 gold-cost 4 keywords Weapon
player Alice clan Lion family-honor 12
player Bob clan Crab family-honor 9
phase action
Alice home: "Young Duelist", "Akodo Dojo", "Rice Paddy"
Alice hand: "Bushi", "Spear"
"""


def test_bowed_dojo_lowers_a_follower_and_is_bowed():
    r = run_text(FOLLOWER + 'Alice equips "Bushi" onto "Young Duelist" with "Akodo Dojo", "Rice Paddy"\n'
                 'expect legal\nexpect "Akodo Dojo" bowed\nexpect "Rice Paddy" bowed\n')
    assert r.passed, [f.render() for f in r.failures]


def test_bowed_dojo_does_not_lower_an_item():
    r = run_text(FOLLOWER + 'Alice equips "Spear" onto "Young Duelist" with "Akodo Dojo", "Rice Paddy"\n'
                 'expect illegal because L5R-GOLD\n')
    assert r.passed, [f.render() for f in r.failures]


def test_bowed_dojo_must_be_unbowed():
    text = FOLLOWER.replace('"Akodo Dojo", "Rice Paddy"', '"Akodo Dojo" bowed, "Rice Paddy"')
    r = run_text(text + 'Alice equips "Bushi" onto "Young Duelist" with "Akodo Dojo", "Rice Paddy"\n'
                 'expect illegal because L5R-ACT-COST\n')
    assert r.passed, [f.render() for f in r.failures]


def test_reduction_to_zero_needs_no_gold_source():
    text = FOLLOWER.replace('"Bushi" follower force 2 gold-cost 4', '"Bushi" follower force 2 gold-cost 3')
    r = run_text(text + 'Alice equips "Bushi" onto "Young Duelist" with "Akodo Dojo", "Rice Paddy"\n'
                 'expect legal\nexpect "Rice Paddy" not bowed\n')
    assert r.passed, [f.render() for f in r.failures]


def test_your_ronin_cards_lower_an_equipped_ronin_follower():
    text = FOLLOWER.replace('"Bushi" follower force 2 gold-cost 4 keywords Infantry',
                            '"Bushi" follower force 2 gold-cost 3 keywords Infantry Ronin')
    text = text.replace('card "Spear"', 'card "Ronin Lord" personality force 2 chi 2 honor-requirement 0 '
                        'personal-honor 0 gold-cost 5 keywords Ronin text "Your other Ronin cards enter play paying '
                        '1 less Gold."\ncard "Spear"')
    text = text.replace('Alice home: "Young Duelist", "Akodo Dojo", "Rice Paddy"',
                        'Alice home: "Young Duelist", "Ronin Lord", "Rice Paddy"')
    r = run_text(text + 'Alice equips "Bushi" onto "Young Duelist" with "Rice Paddy"\nexpect legal\n')
    assert r.passed, [f.render() for f in r.failures]
    r = run_text(text + 'Alice equips "Spear" onto "Young Duelist" with "Rice Paddy"\n'
                 'expect illegal because L5R-GOLD\n')
    assert r.passed, [f.render() for f in r.failures]

"""Actions and Reactions: which real-card forms executes() claims, which it
leaves out, and what the resolver does with them."""

from __future__ import annotations

import pytest


from .helpers import L5R_HEAD, claims_tests, run_text

CARRIED_OUT = [
    # gaining an action ability (L5R-DURATION): the granted action is one the engine carries out
    'Battle: Choose your performing Personality: Give him the ability, "Battle: Target an enemy Personality: '
    'Destroy him."',
    'Open: Target your Personality: Permanently give him the ability, "Limited: Draw a card."',
    # a card brought into play or attached by an effect, paid for (L5R-ACT-EFFECT, L5R-EQUIP)
    "Open: Target a Holding in your discard pile: Bring it into play, paying all costs.",
    "Limited: Destroy this card and target an Oni in your discard pile: Bring it into play, paying 9 less Gold.",
    "Battle: Target a Follower in your discard pile: Attach it to Haruto, paying 2 less Gold.",
    ("Open: Bow this card, choose your performing Personality and target an attachment in your hand: Attach it "
     "to him, paying 2 less Gold, to a minimum of 1."),
    "Open: Choose your performing Personality: Give him +1F.",
    # Gold for some purchases only, and Reactions taken as a payment's Gold source (L5R-GOLD, L5R-REACTION)
    "Bow this card: Produce 2 Gold, which may only pay for one Economic action's cost.",
    "Reaction: When paying a Gold Cost, bow Sakuma: Produce 2 Gold.",
    "Tireless Reaction: When paying for an action, produce 2 Gold which may only pay for that action.",
    "Bow this card: Produce 2 Gold, or 4 Gold if paying for a Holding which may only pay for that card.",
    "Bow this card: Produce 2 Gold, or 3 Gold if you are a Lion Clan player.",
    "Bow this card: Produce 2 Gold and lose 1 Honor.",
    "Bow this card: Produce 2 Gold. Discard this Strategy from play.",
    "Limited: Target one or two face-down cards in provinces: Turn them face-up.",
    # a keyword the acting player picks ("choosing Duelist")
    "Open: Give Aya Cavalry, Duelist, or Tactician.",
    # the Equip procedure in a "Pay X Gold" action: the card's Gold cost must be X (L5R-EQUIP)
    "Battle, Pay X Gold: Equip a target non-Unique Weapon in your discard pile to Katagi.",
    "Earth Battle, Pay X Gold: Equip a target Follower in your hand to your target Personality.",
]

NOT_CARRIED_OUT = [
    # a gained trait or Reaction (the engine reads those from printed text only), a gained action it
    # cannot carry out, a player's ability bowing "this card" (the player has no card of his own)
    'Open: Target your Personality: Give him the ability, "Reaction: After this Personality is bowed: Draw a card."',
    'Open: Target your Personality: Give him the trait, "This Personality has +1F."',
    'Open: Target your Personality: Give him the ability, "Battle: Target an enemy Personality: Kill him loudly."',
    'You have the ability, "Open, Bow this card: Draw a card."',
    # a discount under a condition the grammar puts on the whole effect; a price the player chooses
    # ("Pay X Gold"); a place other than home; a triggered trait
    ("Battle: Target a Follower in your hand: Attach it to Hailung, paying all costs, and paying 4 less Gold if "
     "he is defending or if you are a Crab Clan player."),
    "Battle/Open, Pay X Gold, Bow this card: Equip a Follower, paying 2 less Gold.",
    ("Battle/Open: Destroy Tokiko and target your dead Personality: Bring him into play in your home or at the "
     "current battlefield, paying all costs but paying 7 less Gold."),
    "After the first time each phase Tadama is destroyed, bring him into play in your home, ignoring costs, and bow him.",
    # every province card turned after a refill the reader drops (reminder text in parentheses)
    ("Limited: Put one or more face-up cards in your Provinces at the bottom of your deck (and refill the "
     "Provinces). Turn all cards in your Provinces face-up. Destroy this Holding."),
    # "Pay X Gold" read only as an Equip's price; an Equip at a price the words change only "if ...",
    # or of this card
    "Battle, Pay X Gold: Equip a Weapon to your target Personality, paying 3 less Gold if he is a Kensai and opposed.",
    "Reaction, Pay X Gold: After one of your Personalities enters play, Equip this Item to him.",
    "Economic Battle, Pay X Gold: Move home a target Personality with Chi less than or equal to the amount paid.",
    # a purchase the engine cannot tell; Gold worked out from values; 0 Gold (no payment bows it)
    "Bow this card: Produce 0 Gold. Give this Holding a +1 Gold Production Wealth token.",
    "Reaction: When paying a Gold cost, bow Keigo and discard a card: Produce Gold equal to its Focus Value.",
]


test_forms_carried_out, test_other_forms_do_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


_GIFT = (L5R_HEAD + 'card "Gift" action gold-cost 0 text "Limited: Target your Personality: {how} the ability, '
         '\\"Open: Draw a card.\\""\n'
         'card "Scholar" personality force 2 chi 2 personal-honor 2 gold-cost 4 keywords Samurai\n'
         'phase action\nAlice home: "Scholar"\nAlice hand: "Gift"\nAlice fate-deck: "Firm Stance", "Simple Katana"\n'
         'Alice plays "Gift" targeting "Scholar"\nexpect legal\n')


@pytest.mark.parametrize("how,usable_next_turn", [("Give him", False), ("Permanently give him", True)])
def test_gained_ability_lasts_the_turn_unless_permanent(how, usable_next_turn):
    # next turn Bob is active: Alice's Open action is then refused for its timing (the phase), not
    # for lack of an ability -- which rule refuses it tells whether the ability is still there
    text = _GIFT.format(how=how) + "advance to next turn\nadvance to phase action\n"
    rule = "L5R-ROUND" if usable_next_turn else "L5R-ACT-COND"
    result = run_text(text + f'expect Alice may not use "Scholar" because {rule}\n')
    assert result.passed, result


_REBUILD = (L5R_HEAD + 'card "Rebuild" action gold-cost 2 text "Open: Target a Holding in your discard pile: Bring it '
            'into play, paying all costs."\nphase action\n'
            'Alice home: "Rice Paddy" as Paddy, "Small Market" as Market\nAlice hand: "Rebuild"\n'
            'Alice dynasty-discard: "Small Market" as Old\n')


def test_action_cost_leaves_the_other_sources_for_the_card_it_brings_into_play():
    # the action's own 2 Gold: the Rice Paddy (named first); the Market's 3 Gold pays the 4-Gold
    # Holding only if it were enough -- it is not, so naming both, the payment is refused
    text = _REBUILD + 'Alice plays "Rebuild" targeting Old with Paddy, Market\nexpect illegal because L5R-GOLD\n'
    assert run_text(text).passed
    # with the Stronghold's 5 Gold after the Paddy, the Holding enters play bowed
    text = (_REBUILD + 'Alice stronghold: "Hall of Records" as Hall\n'
            'Alice plays "Rebuild" targeting Old with Paddy, Hall\nexpect legal\n'
            'expect Old in Alice home\nexpect Old bowed\nexpect Hall bowed\nexpect Market not bowed\n')
    result = run_text(text)
    assert result.passed, result


_PATRON = (L5R_HEAD + 'card "Patron" personality force 1 chi 1 personal-honor 1 gold-cost 3 text '
           '"Reaction: When paying for an action, produce 2 Gold which may only pay for that action."\n'
           'Alice home: "Patron", "Young Duelist"\nAlice province 1: "Rice Paddy"\n'
           'Alice hand: "Simple Katana"\nAlice dynasty-deck: "Wandering Ronin"\n')


@pytest.mark.parametrize("line,ok", [
    # Equip is a Limited action (L5R-EQUIP): its Gold pays for an action
    ('phase action\nAlice equips "Simple Katana" onto "Young Duelist" with "Patron"\n', True),
    # buying in the Dynasty phase is not an action under RULES.md (L5R-DYNASTY)
    ('phase dynasty\nAlice buys "Rice Paddy" with "Patron"\n', False),
])
def test_reaction_when_paying_for_an_action(line, ok):
    result = run_text(_PATRON + line + ("expect legal\n" if ok else "expect illegal because L5R-REACTION\n"))
    assert result.passed, result


@pytest.mark.parametrize("clan,ok", [("Lion", True), ("Crab", False)])
def test_gold_more_if_condition_holds(clan, ok):
    # "Produce 2 Gold, or 3 Gold if you are a Lion Clan player": 3 Gold only for a Lion player
    text = (f'scenario "t"\ngame l5r\nplayer Alice clan {clan} family-honor 12\nplayer Bob clan Crane family-honor 9\n'
            'card "Granary" holding gold-cost 3 gold-production 2 text "Bow this card: Produce 2 Gold, or 3 Gold if '
            'you are a Lion Clan player."\ncard "Post" holding gold-cost 3\nphase dynasty\nAlice home: "Granary"\n'
            'Alice province 1: "Post"\nAlice dynasty-deck: "Rice Paddy"\nAlice buys "Post" with "Granary"\n'
            + ("expect legal\n" if ok else "expect illegal because L5R-GOLD\n"))
    result = run_text(text)
    assert result.passed, result


def test_plain_attach_of_a_card_out_of_play_is_paid_for():
    # "Attach it to Jun-Ni" (no paying words): entering play still needs its Gold cost (L5R-ACT-EFFECT);
    # the engine once attached Jun-Ni to himself here
    text = (L5R_HEAD + 'card "Jun-Ni" personality force 2 chi 2 personal-honor 1 gold-cost 5 keywords Samurai '
            'text "Limited: Target a Follower in your discard pile: Attach it to Jun-Ni."\nphase action\n'
            'Alice home: "Jun-Ni", "Rice Paddy"\nAlice fate-discard: "Ashigaru Levy"\n'
            'Alice uses "Jun-Ni" targeting "Ashigaru Levy" with "Rice Paddy"\nexpect legal\n'
            'expect "Ashigaru Levy" attached-to "Jun-Ni"\nexpect "Rice Paddy" bowed\n')
    result = run_text(text)
    assert result.passed, result


def test_cards_named_for_the_limits_block_are_not_the_effects():
    # "Choose your performing Personality" takes the first card named with paying; "Discard a card"
    # after the colon takes the next one, not the Personality again
    text = (L5R_HEAD + 'card "Drill" action gold-cost 0 text "Open: Choose your performing Personality: Give him '
            '+1F. Discard a card."\nphase action\nAlice home: "Wandering Ronin"\n'
            'Alice hand: "Drill", "Fresh Orders"\n'
            'Alice plays "Drill" paying "Wandering Ronin", "Fresh Orders"\nexpect legal\n'
            'expect "Wandering Ronin" force 3\nexpect "Fresh Orders" in Alice fate-discard\n')
    result = run_text(text)
    assert result.passed, result

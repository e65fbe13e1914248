"""Tests the engine reads from tokens on a card, from the turn's record of the player's actions, and
one option of three; and the Gold-cost forms costs.py reads (adjudicator/games/l5r/conditions.py,
history.py, costs.py)."""

from __future__ import annotations

import pytest

from adjudicator.core.ability import Condition
from adjudicator.games.l5r import ability as text, costs, history
from adjudicator.games.l5r.conditions import _token_words, readable
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("words, read", [
    ("a Poison token", ("Poison", ">=", 1)),
    ("any Fire tokens", ("Fire", ">=", 1)),
    ("one or more Madness tokens", ("Madness", ">=", 1)),
    ("two or fewer Respect tokens", ("Respect", "<=", 2)),
    ("no Training tokens", ("Training", "=", 0)),
])
def test_token_words(words, read):
    assert _token_words(words) == read


@pytest.mark.parametrize("words", ["a Weapon", "any Gizmo tokens", "a token", "two Poison tokens"])
def test_not_token_words(words):
    assert _token_words(words) is None  # (a kind no card names; no number said how it compares)


def test_has_token_read():
    assert readable(Condition(kind="effect-if:has", args=("effect 1", "he", "a Poison token"), text=""))
    assert not readable(Condition(kind="effect-if:has", args=("effect 1", "the Ring", "a Poison token"), text=""))


@pytest.mark.parametrize("option, read", [("option 3 of 3", True), ("option 2 of 3", True), ("option 4 of 3", False),
                                          ("option 1 of 1", False)])
def test_options(option, read):
    assert readable(Condition(kind="effect-choice", args=("effect 1", option), text="")) is read


@pytest.mark.parametrize("words, read", [
    ("a Kharmic action", ("Kharmic", "", "")),
    ("an action from a Political Strategy", ("", "Political", "action")),
    ("an action", ("", "", "")),
    ("an Honor action", None),  # ("Honor" is no designator of the pool's abilities, nor a Strategy's keyword)
    ("an action that targeted him", None),
])
def test_action_words(words, read):
    assert history._action_words(words) == read


def test_action_fits_designator():
    political = {"verb": "action-resolves", "type": "action", "kinds": ["political", "open"], "keywords": []}
    kharmic_card = {"verb": "action-resolves", "type": "action", "kinds": ["open"], "keywords": ["Kharmic"]}
    kharmic = {"verb": "action-resolves", "type": "action", "kinds": ["kharmic", "open"], "keywords": []}
    spell = {"verb": "action-resolves", "type": "spell", "kinds": ["political", "battle"], "keywords": []}
    strategy = history._action_words("an action from a Political Strategy")
    assert history._action_fits(political, strategy)
    assert not history._action_fits(kharmic_card, strategy)
    assert not history._action_fits(spell, strategy)  # a Spell is not a Strategy
    assert history._action_fits(kharmic, history._action_words("a Kharmic action"))
    # the Kharmic keyword of a card does not make its Open action a Kharmic one (Comprehensive Rules, "Kharmic")
    assert not history._action_fits(kharmic_card, history._action_words("a Kharmic action"))


@pytest.mark.parametrize("line", [
    "Battle: Give a target enemy Personality -2F. If he has a Poison token, give him a -1F/-1C Poison token.",
    "Tireless Open: If you have resolved an action from a Political Strategy this turn, straighten this Personality.",
    "Battle, Pay X Gold, Bow this card: Equip a Spell to your target opposed Shugenja for 2 less Gold.",
    "Reaction: Even if this card is bowed, when paying for a Spell: Produce 4 Gold.",
    "Battle: Target a Follower in your hand and one of your Personalities: Attach the Follower to the Personality, "
    "paying all costs.",
    "Open: Choose your performing Samurai: Give him +3F. Before this turn ends, destroy his unit.",
    "Limited: Target a card in a Province. If the card is not yours, bow this Holding to turn it face-up; otherwise, "
    "turn it face-up.",
    "Battle: Ranged 2 Attack with +2 strength if it targets a Follower.",
    "Kolat Reaction, Bow this card: When paying for a Holding, produce 2 Gold which may only pay for that card.",
    "This Holding enters play for 1 less Gold if another of your Dojos entered play this turn.",
    "While you control three or fewer Personalities, your other Nonhuman Personalities and Followers enter play for "
    "1 less Gold.",
    "Your Stronghold has no abilities. Your Geisha enter play for 1 less Gold.",
    "Enters play for 2 less Gold if you are Crab Clan or have Compassion or Courtesy. (Compassion takes effect while "
    "you have fewer Provinces than anyone else. Courtesy does not take effect if you went first.)",
    "Battle: Give a target enemy Personality -2F, or -3F if this Personality has a Gaijin or Peasant Weapon attached.",
    "Battle: Fear 2, or Fear 4 if this Personality has a Nonhuman, non-Shadowlands Follower.",
    "Open: Target your Personality: Straighten him. Gain 2 Honor if your Personality is Fallen or a Magistrate.",
    "Thunder Battle, Bow this card: Fear 2. After this bows the target, give this Personality +1F, or +2F if he is "
    "Thunder.",
])
def test_executes(line):
    assert executes(text.parse_ability(line))


@pytest.mark.parametrize("line", [
    # the "if" scopes the whole Equip, not its discount: not carried out
    "Battle, Pay X Gold: Equip a Weapon to your target Personality, paying 3 less Gold if he is a Kensai and opposed.",
    # a payment for a Spell attaching to an opposed Personality: the host is not read
    "Reaction: Even if this card is bowed, when paying for a Spell attaching to an opposed Personality: Produce 4 Gold.",
    # the test is scoped to the targeting only, and "give him -2F" after it would happen regardless
    "Political Battle: Dishonor a target enemy Personality and give him -2F. If this targeted a Crab Clan "
    "Personality, you may target another Personality and give him -2F.",
    # two Ranged Attacks share one implied target description: which card is whose is not told
    "Battle: Destroy this card: Ranged 4 Attack with +2 strength if it targets a Follower. If this Shugenja is Thunder "
    "and the Ranged Attack destroyed a Follower, Ranged 4 Attack.",
])
def test_not_executes(line):
    assert not executes(text.parse_ability(line))


@pytest.mark.parametrize("line", [
    # the reminder of Courtesy is not stated: when it takes effect is not read
    "Enters play for 2 less Gold if you are Crab Clan or have Courtesy.",
    # a "while" about something other than the player's cards in play
    "While this Personality is bowed, your Holdings enter play for 1 less Gold.",
])
def test_cost_forms_not_executed(line):
    assert not executes(text.parse_ability(line))


def test_x_equip_price_words():
    ability = text.parse_ability("Battle, Pay X Gold: Equip a Spell to your target Shugenja for 2 less Gold.")
    assert costs.x_equip_words(ability, 0) == ("less", 2, 0)
    plain = text.parse_ability("Battle, Pay X Gold: Equip a Follower in your hand to your target Personality.")
    assert costs.x_equip_words(plain, 0) == ("all", 0, 0)

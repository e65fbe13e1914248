"""Effects waiting for a moment inside the same action (delayed.follows_move): "After this moves
him, straighten his unit" is carried out right after the move before it, and only if the card
moved; executes() claims it only when the mover is a card the action names."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.delayed import follows_move
from adjudicator.games.l5r.effects import executes

CARRIED_OUT = [
    # a Spell's "this Personality": the Personality it is attached to
    "Air Battle: Move this Personality home. Straighten his unit as he moves.",
    "Battle: Move your target Personality at home to the current battlefield. After this moves him, straighten "
    "his unit.",
    "Battle: Target your Personality at home and move him to this battlefield. After he moves, straighten him.",
    # "it": this card, the subject of the test just before (conditions.leading_subject)
    "Battle: If Natsumi would be opposed, move it to the current battlefield. After this moves it, straighten "
    "its unit.",
]

NOT_CARRIED_OUT = [
    # "move it" with no card named before, nor a test about this card: "it" has nothing to stand for
    "Battle: If any enemy units are at the current battlefield, move it to the current battlefield. After this "
    "moves it, straighten its unit.",
    # a transfer is no move the procedure records
    "Battle: Transfer this Follower to another of your target Personalities. After it transfers, straighten it.",
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_claimed(text):
    ability = parse_ability(text)
    assert ability.structured
    assert any(follows_move(ability, c) for c in ability.conditions)
    assert executes(ability)


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_not_claimed(text):
    ability = parse_ability(text)
    assert not executes(ability)


LATER_CLAIMED = [
    # an Engage action is taken only in a battle's Engage Segment; the Item is attached where he stands
    "Engage, Bow this card: Create and attach a +2F/+0C Armor Item to this Personality. Remove it from the game "
    "after this battle ends.",
    # "its controller": read when the moment comes (delayed._fire)
    "Economic Open, Bow this card: Target a Holding. After the next time this turn it bows, its controller loses "
    "1 Honor.",
    "Open: Target another player's Personality. After the next time this turn he is destroyed during a battle, "
    "gain 2 Honor.",
]


@pytest.mark.parametrize("text", LATER_CLAIMED)
def test_later_moment_claimed(text):
    assert executes(parse_ability(text))


def test_created_at_home_not_claimed_for_the_battle():
    # a created Personality is made at home, not at the battle it should leave after
    text = "Battle: Create a 5F/5C/3PH Samurai Personality. Remove him from the game after the battle ends."
    assert not executes(parse_ability(text))


def test_his_unit_after_the_battle_claimed():
    # "his unit": the unit of the targeted Samurai when the battle has resolved (delayed._fire)
    text = "Battle: Give your target Samurai Conqueror. Straighten his unit after this battle resolves."
    assert executes(parse_ability(text))


def test_his_unit_with_nobody_named_not_claimed():
    text = "Battle: Draw a card. Straighten his unit after this battle resolves."
    ability = parse_ability(text)
    assert ability.structured
    assert not executes(ability)


def test_second_turn_from_now_claimed_for_an_event():
    text = "Open: Put this Event into play. Discard it after your second turn from now begins."
    assert executes(parse_ability(text))


def test_own_may_with_a_later_moment_claimed():
    # the acting player's "you may", decided with the action ("choosing no" declines it)
    text = "Battle: Destroy this card: Ranged 4 Attack. You may put this card into your hand after this battle ends."
    assert executes(parse_ability(text))


def test_each_time_this_turn_claimed_and_without_end_not():
    assert executes(parse_ability("Open: Target a dishonorable Personality. After each time he is assigned (this turn), "
                                  "his controller loses 1 Honor."))
    ability = parse_ability("Open: Target a dishonorable Personality. After each time he is assigned, his controller "
                            "loses 1 Honor.")
    assert ability.structured
    assert not executes(ability)

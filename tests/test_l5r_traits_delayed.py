"""Delayed effects at the end of a battle (delayed.py BATTLE_ENDS)."""

from __future__ import annotations

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


def test_created_at_the_battlefield_then_removed_after_the_battle_executes():
    assert executes(parse_ability("Battle: Create a 2F/2C/2PH Samurai Personality at this battlefield. "
                                  "Remove him from the game after this battle ends."))


def test_created_without_a_place_is_not_claimed():
    # "after the battle ends" means he fought in it; the words do not place him there
    assert not executes(parse_ability("Battle: Create a 2F/2C/2PH Samurai Personality. "
                                      "Remove him from the game after the battle ends."))


def test_not_a_battle_action_is_not_claimed():
    assert not executes(parse_ability("Open: Create a 2F/2C/2PH Samurai Personality at this battlefield. "
                                      "Remove him from the game after this battle ends."))


def test_delayed_effect_on_a_chosen_card_executes():
    # "him" is the card chosen with 'paying' (procedure.choose_card), bound when the effect is set aside
    assert executes(parse_ability("Battle/Open: Choose your performing Samurai: Straighten him and give him +3F. "
                                  "Destroy him before this turn ends."))
    assert executes(parse_ability("Battle: Choose your performing defending Personality: Give him +5F. "
                                  "Straighten him before this battle resolves."))


def test_delayed_effect_on_it_with_nothing_named_before_is_not_claimed():
    assert not executes(parse_ability("Open: Gain 1 Honor. Destroy it before this turn ends."))


def test_a_reaction_to_engaging_is_taken_during_a_battle():
    # "after this battle ends" needs a battle on: a Reaction to engaging is taken as one begins
    assert executes(parse_ability("Reaction: After engaging: Create a 3F/2C/2PH Samurai Personality at the "
                                  "current battlefield. Remove him from the game after this battle ends."))
    assert not executes(parse_ability("Reaction: After your Limited action resolves: Create a 3F/2C/2PH Samurai "
                                      "Personality at the current battlefield. Remove him from the game after this "
                                      "battle ends."))


def test_when_the_turn_ends_is_this_turn():
    # "the turn" is the turn being played, as "this turn"; "your turn" on an Open action is not read
    assert executes(parse_ability("Battle: Target your Personality: Straighten him. Destroy him when the turn ends."))
    assert not executes(parse_ability("Open: Target your Personality: Straighten him. Destroy him before your "
                                      "turn ends."))

"""Actions and Reactions of the e-actions lane: which real-card forms executes() claims, which it
leaves out, and what the resolver does with them."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import L5R_HEAD, run_text

CARRIED_OUT = [
    # gaining an action ability (L5R-DURATION): the granted action is one the engine carries out
    'Battle: Choose your performing Personality: Give him the ability, "Battle: Target an enemy Personality: '
    'Destroy him."',
    'Open: Target your Personality: Permanently give him the ability, "Limited: Draw a card."',
]

NOT_CARRIED_OUT = [
    # a gained trait or Reaction (the engine reads those from printed text only), a gained action it
    # cannot carry out, a player's ability
    'Open: Target your Personality: Give him the ability, "Reaction: After this Personality is bowed: Draw a card."',
    'Open: Target your Personality: Give him the trait, "This Personality has +1F."',
    'Open: Target your Personality: Give him the ability, "Battle: Target an enemy Personality: Kill him loudly."',
    'You have the ability, "Open: Draw a card."',
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_forms_carried_out(text):
    assert executes(parse_ability(text))


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_other_forms_do_not(text):
    assert not executes(parse_ability(text))


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

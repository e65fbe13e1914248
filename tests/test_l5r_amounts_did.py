"""'for each card this bowed': the cards the action's own effects of that kind changed."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.amounts import ability_executes, did_kind


def test_for_each_card_this_bowed_is_read():
    ability = parse_ability("Battle: Target an enemy unit: Bow each card in it with equal or lower Force than "
                            "this card. Gain 1 Honor for each card this bowed.")
    assert did_kind(ability.effects[-1].target) == "bow"
    assert ability_executes(ability)


def test_a_bow_cost_makes_the_count_unclear():
    ability = parse_ability("Battle, Bow this card: Target an enemy unit: Bow each card in it with equal or lower "
                            "Force than this card. Gain 1 Honor for each card this bowed.")
    assert not ability_executes(ability)

"""'with fewer Weapons': read against the Personality whose ability it is, never a card named before."""
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


def test_fewer_weapons_on_a_personality_executes():
    assert executes(parse_ability("Battle: Target an enemy Personality with fewer Weapons: Destroy him."))


def test_fewer_weapons_after_another_target_is_not_claimed():
    # Fighting Unrestrained: fewer Weapons than "your unbowed Personality", which the test does not see
    line = ("Battle, Pay X Gold: Target your unbowed Personality. If the target is Kensai, you may Equip a target "
            "Weapon from your discard pile to him or her. You may target and move home an enemy Personality "
            "with fewer Weapons.")
    assert not executes(parse_ability(line))

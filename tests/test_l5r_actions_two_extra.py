"""'Take two additional Battle actions': read with two, carried out as two (effects_player, game.after_action)."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


def test_two_additional_battle_actions_read_with_two():
    ab = parse_ability("Battle: Take two additional Battle actions.")
    (e,) = ab.effects
    assert (e.kind, e.amount) == ("additional-action", 2)
    assert executes(ab)


def test_one_additional_battle_action_stays_one():
    (e,) = parse_ability("Battle: Take an additional Battle action.").effects
    assert (e.kind, e.amount) == ("additional-action", 1)

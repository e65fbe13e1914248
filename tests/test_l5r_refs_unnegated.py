"""'This movement will not be negated': which words effects_negate reads."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects_negate import unnegated_kinds


def _clause(text):
    ability = parse_ability(text)
    return ability, [c for c in ability.effects if c.kind == "cannot-negate"][0]


def test_movement_of_the_effect_before():
    ability, clause = _clause("Battle: Target an enemy Personality: Move him home. This movement will not be negated.")
    assert unnegated_kinds(ability, clause) == ("move-home", "move-to-battle", "move-to-location")


def test_conditional_words_are_not_read():
    ability, clause = _clause("Battle: Target an enemy Personality: Move him home. This movement will not be "
                              "negated if you have Reconnaissance.")
    assert unnegated_kinds(ability, clause) is None


def test_these_movements_are_every_move_right_before():
    # "these movements": both effects before it ("them" after: both targets, possessive.plural_targets)
    ability, clause = _clause("Ninja Battle: Move home your target Ninja Personality and a target enemy "
                              "Personality; these movements will not be negated. Bow them.")
    assert unnegated_kinds(ability, clause) == ("move-home", "move-to-battle", "move-to-location")
    # "this movement" after two moves: which one, not settled
    ability, clause = _clause("Ninja Battle: Move home your target Ninja Personality and a target enemy "
                              "Personality; this movement will not be negated.")
    assert unnegated_kinds(ability, clause) is None


def test_the_targets_abilities_may_not_be_used():
    from adjudicator.games.l5r.effects import executes

    assert executes(parse_ability("Open: Target a Region and destroy this card: The Region's abilities may not "
                                  "be used."))
    # "your Stronghold's abilities": no target names the card
    assert not executes(parse_ability("Open: Destroy this card: Your Stronghold's abilities may not be used."))

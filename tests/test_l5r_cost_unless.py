"""'Bow this Shugenja unless he is Void:' -- an "unless" on a cost scopes to that cost.

Read as a limits-block requirement it would say the opposite (the action could be taken only
by a Void Shugenja), so the condition must stay with the cost it excuses.
"""
import pytest

from adjudicator.games.l5r import ability as A


@pytest.mark.parametrize("text, kind, args", [
    ("Battle: Bow this Personality unless he is Nonhuman: Melee Attack with strength equal to his Force.",
     "cost-unless:is", ("cost 0", "he", "Nonhuman")),
    ("Battle: Bow Yashiro unless you have Reconnaissance: Ranged 4 Attack.",
     "cost-unless:you-have", ("cost 0", "Reconnaissance")),
])
def test_unless_on_a_cost_is_scoped_to_that_cost(text, kind, args):
    ab = A.parse_ability(text)
    assert ab.structured
    assert [(c.kind, c.args) for c in ab.conditions] == [(kind, args)]



def test_if_in_the_limits_block_is_still_a_requirement_of_the_action():
    ab = A.parse_ability("Battle: If you control the Imperial Favor, bow this card: Draw a card.")
    assert ab.structured
    assert all(not c.kind.startswith("cost-unless:") for c in ab.conditions)
    assert ab.conditions

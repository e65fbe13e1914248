"""Traits lifting a condition on the Stronghold's abilities (effects_restrictions.stronghold_grant)."""

from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r import effects as E
from adjudicator.games.l5r.effects_restrictions import stronghold_grant


def _clause(text: str):
    ab = A.parse_ability(text)
    return ab, ab.effects[0]


def test_tireless_and_twice_are_read():
    ab, clause = _clause("Your Stronghold's abilities have Tireless.")
    assert stronghold_grant(clause) == "tireless" and E.executes(ab)
    ab, clause = _clause("You may use your Stronghold's abilities twice per turn.")
    assert stronghold_grant(clause) == "twice" and E.executes(ab)


def test_other_keywords_and_other_cards_are_not():
    _, clause = _clause("Your Stronghold's abilities have Unstoppable.")
    assert stronghold_grant(clause) is None
    _, clause = _clause("Your Holding's abilities have Tireless.")
    assert stronghold_grant(clause) is None


def test_an_attackers_engage_ban_is_read_only_as_a_trait():
    from adjudicator.games.l5r.effects_restrictions import _ban

    ab, clause = _clause("The Attacker may not take Engage actions at this Item's battlefield.")
    assert _ban(clause) == ("attacker", True) and E.executes(ab)
    # an action's own ban for a while ("until this action ends"): not carried out
    assert not E.executes(A.parse_ability("Battle: Other players may not take Reactions until this action ends. "
                                          "Ranged 5 Attack."))

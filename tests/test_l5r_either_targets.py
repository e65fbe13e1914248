"""'A Region or a Terrain', 'Tomiko or one of her Spells': two descriptions kept as one
"either:" state. When one side names no card type (a keyword, a name), the target's card
types stay open -- the union of the named types alone would shut that side out."""
import pytest

from adjudicator.games.l5r.ability import parse_ability


def _target(text):
    ab = parse_ability(text)
    assert ab.structured
    return next(c.target for c in [*ab.costs, *ab.effects] if c.target is not None
                and any(s.startswith("either:") for s in c.target.states))


@pytest.mark.parametrize("text", [
    "Battle/Open: Target a Region (at any province) or a Terrain: Destroy it.",
    "Battle: Bow Tomiko or one of her Spells: Ranged 6 Attack.",
    "Fire Battle/Engage, Bow this card: Target this Shugenja or your Samurai. Give him +2F/+2C.",
])
def test_a_side_without_a_card_type_leaves_the_type_open(text):
    assert _target(text).card_types == ()


def test_two_typed_sides_keep_both_types():
    spec = _target("Political Battle: Target a dishonorable Personality or a card without attachments in a unit: "
                   "Bow it.")
    assert spec.card_types == ("personality", "card")

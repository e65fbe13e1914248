"""Lines the resolver must not claim to carry out (effects.executes), and the plural reading
that replaced one such claim: each test fails if the gate or the engine change is taken out."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.continuous import plural_possessive
from adjudicator.games.l5r.effects import executes


def test_plural_possessive_reads_the_head_noun():
    (e,) = parse_ability("Limited: Give your non-Unique Holdings +1 Gold Production until your next turn begins.").effects
    assert plural_possessive(e.target) == "your"
    (e,) = parse_ability("Battle: Give your Followers in Barru's army +1F.").effects
    assert plural_possessive(e.target) == "your"
    (e,) = parse_ability("Political Open, Bow this card: Straighten your Sensei.").effects
    assert plural_possessive(e.target) == ""  # one card


def test_plural_your_in_an_action_executes():
    assert executes(parse_ability("Limited: Give your non-Unique Holdings +1 Gold Production until your next turn begins."))


def test_his_plural_cards_are_claimed_only_after_one_named_card():
    # "his Weapons" after a clause on one Personality: every Weapon attached to him (effects_engine)
    assert executes(parse_ability("Battle: Straighten your target Personality, and straighten his Weapons if he "
                                  "is a Kensai."))
    # after "each enemy Personality" (no one card), or with an effect the engine does not fold in
    for text in ("Battle: Bow each enemy Personality, and bow his Weapons.",
                 "Battle: Destroy your target Personality, and destroy his Weapons."):
        ab = parse_ability(text)
        assert ab.structured and not executes(ab)


def test_one_or_more_is_not_claimed_as_one():
    # "one or more" now takes every card named with 'paying' (procedure._open_choice); one that the
    # engine still could not split ("with total Force ...") stays unclaimed
    ab = parse_ability("Open: Put one or more face-up cards in your Provinces at the bottom of your deck.")
    assert ab.structured and executes(ab)
    total = parse_ability("Battle: Destroy one or more target enemy Followers with total Force less than or equal to 3.")
    assert not executes(total)
    assert executes(parse_ability("Open: Put a face-up card in your Provinces at the bottom of your deck."))


def test_a_token_with_different_changes_is_not_claimed():
    ab = parse_ability("Battle: Give a target Personality a -2F/+3C Change token.")
    assert ab.structured and not executes(ab)
    both = parse_ability("Battle: Give a target Personality a -1F/-1C Poison token.")
    assert executes(both) and (both.effects[0].stat, both.effects[0].amount) == ("force/chi", -1)

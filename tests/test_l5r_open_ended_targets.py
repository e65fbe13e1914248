"""'target one or more …': a lone open-ended target takes every card named for it."""
from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r import effects as E
from adjudicator.games.l5r.procedure import at_least, fewest_targets


def _spec(text: str):
    ab = A.parse_ability(text)
    return next(c.target for c in (*ab.costs, *ab.effects) if c.target is not None and c.target.ref == "target")


def test_one_or_more_target_needs_one_and_is_open_ended():
    spec = _spec("Battle: Destroy your performing Yojimbo and target one or more of your Courtier or Shugenja "
                 "Personalities: Move them home.")
    assert at_least(spec) == 1
    assert fewest_targets(spec) == 1


def test_total_force_target_is_open_ended_and_added_up():
    # the Followers named are added up once all are chosen (states.group_total, procedure.choose_targets)
    text = "Battle, Bow this card: Destroy one or more target enemy Followers with total Force less than or equal to Ayahi's Force."
    assert at_least(_spec(text)) == 1
    assert E.executes(A.parse_ability(text))


def test_total_force_of_personalities_is_not_read_as_open_ended():
    # a Personality's total Force is his unit's (states._TOTAL_CMP_RE), not the targets' added up
    text = "Battle: Bow one or more target enemy Personalities with total Force less than or equal to this card's Force."
    assert at_least(_spec(text)) is None


def test_refill_with_a_named_card_is_not_the_deck_refill():
    text = ("Limited: Target your discarded Nonhuman Personality and discard a card in one of your provinces: "
            "Refill the province face-up with the Personality.")
    assert not E.executes(A.parse_ability(text))

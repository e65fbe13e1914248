"""'X will not enter play if …': the card's own trait, read where cards enter play."""

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


def test_own_trait_is_carried_out():
    assert executes(parse_ability("Otani will not enter play if your Family Honor is 0 or above."))


def test_an_action_keeping_cards_out_is_not_claimed():
    # a lasting ban set up by an action: nothing reads it where cards enter play
    assert not executes(parse_ability("Battle: Give this Province +3 strength. Personalities may not enter play "
                                      "this battle."))

"""'the Gold paid' / 'the amount you paid' read the X of the action's own "Pay X Gold" cost."""

from adjudicator.games.l5r import ability as A
from adjudicator.games.l5r import effects as E


def test_gold_paid_in_a_pay_x_action_is_claimed():
    for text in ("Battle, Pay X Gold: Ranged Attack with strength equal to the Gold paid.",
                 "Battle, Pay X Gold: Ranged Attack with strength equal to the amount you paid minus two."):
        assert E.executes(A.parse_ability(text)), text


def test_gold_paid_without_a_pay_x_cost_is_not_claimed():
    # no X was paid, so the words name no amount the engine knows
    assert not E.executes(A.parse_ability("Battle: Ranged Attack with strength equal to the Gold paid."))


def test_price_of_a_purchase_is_still_not_read():
    # "the amount of Gold you paid for it": a purchase's price is not kept
    ab = A.parse_ability("After this Holding enters play, put a number of Wealth tokens on it equal to the amount "
                         "of Gold you paid for it.")
    assert not E.executes(ab)

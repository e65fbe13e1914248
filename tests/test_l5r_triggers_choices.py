"""Triggered traits with choices (L5R-TRAIT.5, pinned from the Comprehensive Rules): which ones
executes() claims, and how the ``answering`` choices of the statement that sets them off are used."""

from __future__ import annotations

import pytest

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import claims_tests

CARRIED_OUT = [
    "After this Follower enters play, lose 1 Honor and discard a card.",
    "After this Holding enters play, a target player gains or loses 1 Honor.",
    "After you Recruit this Holding, you may target and straighten a Duelist.",
    "After this card enters play: Choose a player. He loses 2 Honor.",
]

NOT_CARRIED_OUT = [
    "After your Bushido Virtue action resolves, three times per turn: Give a target Personality +1F.",  # a limit
    "Before a battle resolves, straighten a Follower or Personality.",  # any battle: a moment not read (triggers_moments)
]


test_traits_with_choices_carried_out, test_other_traits_with_choices_are_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


BOARD = """scenario "t"
game l5r
card "Grim Ashigaru" follower force 2 gold-cost 0 keywords Ashigaru text "After this Follower enters play, lose 1 Honor and discard a card."
card "Recruiting Sergeant" personality force 2 chi 1 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Samurai
card "Old Map" action gold-cost 0 focus 1
player Alice clan Lion family-honor 10
player Bob   clan Crab family-honor 9
phase action
Alice home: "Recruiting Sergeant"
Alice hand: "Grim Ashigaru"{hand}
Bob home: "Recruiting Sergeant" as BOBS
Alice equips "Grim Ashigaru" onto "Recruiting Sergeant"{answering}
{expect}
"""


@pytest.mark.parametrize("hand,answering,expect", [
    # the card named is discarded
    (', "Old Map"', ' answering "Old Map"', 'expect legal\nexpect Alice family-honor 9\nexpect "Old Map" in Alice fate-discard'),
    # no card named: the Honor loss happens, the rest of the trait does not
    (', "Old Map"', '', 'expect legal\nexpect Alice family-honor 9\nexpect "Old Map" in Alice hand'),
    # an answer no trait asks for: the statement is rejected (L5R-TRAIT.5)
    ('', ' answering "Old Map", "Old Map"', 'expect illegal'),
])
def test_answering(hand, answering, expect):
    text = BOARD.format(hand=hand, answering=answering, expect=expect)
    if hand == "":  # two answers for one discard, with no such card: the second is left over
        text = text.replace('Alice hand: "Grim Ashigaru"', 'Alice hand: "Grim Ashigaru", "Old Map"')
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_answer_not_fitting_stops_the_trait():
    """A card the trait's words do not allow (another player's hand card is no card of yours to
    discard): the rest of the trait does not happen, and a step says why."""
    text = BOARD.format(hand=', "Old Map"', answering=' answering BOBS',
                        expect='expect legal\nexpect Alice family-honor 9\nexpect "Old Map" in Alice hand\n'
                               'expect BOBS in Bob home')
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


ENTERING = """scenario "t"
game l5r
card "Tamao" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 0 keywords Samurai text "Interrupt: After you Recruit Tamao, create a 2F/2C/3PH Lion Clan • Ancestor • Samurai • Spirit Personality."
player Alice clan Lion family-honor 10
player Bob   clan Crab family-honor 10
phase dynasty
Alice province 1: "Tamao"
Alice buys "Tamao"{flag}
expect legal
expect Alice home {home}
"""


@pytest.mark.parametrize("flag,home", [(" interrupting", 2), ("", 1)])
def test_interrupt_of_a_card_entering_play_is_taken_only_when_said(flag, home):
    result = run_scenario(parse_scenario(ENTERING.format(flag=flag, home=home), "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


@pytest.mark.parametrize("text,carried_out", [
    ("Interrupt, Bow this card: After you Recruit Korimi, draw a card.", True),
    ("Political Interrupt: After Katsue enters play, a target player loses 1 Honor.", True),
    ("Interrupt, Bow this card, Pay 3 Gold: After you Recruit Ikoma, draw a card.", False),  # a Gold cost
    ("Absent Interrupt: After you Recruit Ryushi, give him +2F.", True),  # Absent: presence not needed
    ("Ninja Interrupt: After you Recruit Wateru, give him +2F.", False),  # a designator not read
    ("Interrupt: After the action Recruits a Fortification from a Province, refill it face-up.", False),
])
def test_entering_interrupts(text, carried_out):
    assert executes(parse_ability(text)) is carried_out

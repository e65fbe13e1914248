"""Delayed effects and second triggers of real cards (adjudicator/games/l5r/delayed.py): which
moments executes() accepts, and that the effect happens at that moment, once, not before."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

CARRIED_OUT = [
    "Air Limited: Create a 0F/2C/0PH Bat • Nonhuman • Cavalry Personality. Remove it from the game after your "
    "next turn begins.",
    "Limited, Pay 3 Gold: Draw two additional cards before your turn ends.",
    "Economic Open: Target your Holding. After your next turn begins, give it a +1 Gold Production Wealth token.",
    "Favor Political Limited: Discard the Imperial Favor to draw an additional card during your next End Phase.",
    "Can only attach to a Crab Clan Personality. After you Equip this Item, gain 2 Honor.",
    "Kolat Battle, Pay 4 Gold: Target a Personality. Before this battle resolves, bow him. Lose 1 Honor.",
    # "as he moves": together with the move just before it (effects_engine.simultaneous)
    "Battle: Move home your target Personality. Straighten his unit as he moves.",
    # Courtesy as its reminder states (continuous.designation_holds)
    "Courtesy: After you Recruit Takato, gain 1 Honor. (Courtesy traits do not take effect if you went first.)",
    # "him" is the chosen Samurai, bound from the "Choose" cost (procedure.choose_card)
    "Battle/Open: Choose your performing Samurai: Straighten him and give him +3F. Destroy him before this turn ends.",
    # a trait's draw at the end of its controller's next turn (delayed.NEXT_TURN_ENDS)
    "After this Follower enters play from your hand, draw an additional card before your next turn ends.",
    # a test asked when the moment comes (delayed._moment_holds); "after each time he is assigned to attack"
    "Open: If it is not your turn, target your Fortification. Before this turn ends, if it is still in play, "
    "gain 1 Honor.",
    "Open: Target another player's Personality. After each time he is assigned to attack this turn, gain 2 Honor.",
]

NOT_CARRIED_OUT = [
    # an Event's ability resolves when revealed (turn._resolve_event): only "put itself into play,
    # discard it after your next (or second) turn begins" is carried out there (delayed.event_clause)
    ("Open: Put this Event into play. Discard it before your next turn ends. You may target and dishonor a Crane "
     "Clan Personality."),
    # moments the engine does not fire: movement, battles, targeting, resolution of another action
    "Political Open, Bow this card: Target a Personality. After the next time this turn he attacks you, "
    "dishonor him.",
    # "before this battle resolves" outside a Battle action: there may be no battle
    "Open: Target a Personality. Before this battle resolves, bow him.",
    # "before your turn ends" in an Open action: whose turn is meant is not certain
    "Open: Draw a card before your turn ends.",
    # Courtesy without the reminder that states its rule
    "Courtesy: After you Recruit Takato, gain 1 Honor.",
    # a second trigger whose event the engine never raises ("After this destroys a card" after a lone
    # attack is read as what the attack destroyed: test_l5r_conditions_engine_done)
    "Battle: Fear 3 that may target Items. After this bows a card in a dishonorable Personality's unit, destroy "
    "that card.",
]


@pytest.mark.parametrize("text", CARRIED_OUT)
def test_fired_moments_execute(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), ab


@pytest.mark.parametrize("text", NOT_CARRIED_OUT)
def test_other_moments_do_not(text):
    assert not executes(parse_ability(text))


HEAD = """scenario "t"
game l5r
card "Slow Tide" action gold-cost 0 text "Limited: Gain 1 Honor. Draw a card during your next End Phase."
player Alice clan Crane family-honor 12
player Bob clan Crab family-honor 9
phase action
Alice hand: "Slow Tide"
Alice fate-deck: "Simple Katana", "Firm Stance", "Fresh Orders", "Firm Stance"
Alice plays "Slow Tide"
expect legal
expect Alice family-honor 13
"""


def test_not_before_its_moment():
    r = run_text(HEAD + "advance to phase dynasty\nexpect Alice hand 0\n")
    assert r.passed, [f.render() for f in r.failures]


def test_fires_once_at_its_moment():
    # End phase of turn 1: the delayed draw; then the End phase's own draw; none in Bob's turn
    r = run_text(HEAD + "advance to phase end\nexpect Alice hand 1\nadvance to next turn\nexpect Alice hand 2\n"
                 "advance to next turn\nexpect Alice hand 2\n")
    assert r.passed, [f.render() for f in r.failures]


def test_register_lives_in_memo_as_plain_data():
    import json

    from adjudicator.games.l5r.delayed import KEY

    r = run_text(HEAD)
    assert r.passed, [f.render() for f in r.failures]
    entries = r.position.memo[KEY]
    assert json.loads(json.dumps(entries)) == entries
    assert [e["moment"] for e in entries] == [["during-next", "end-phase"]]
    assert entries[0]["players"] == ["Alice"] and entries[0]["effect"] == 1

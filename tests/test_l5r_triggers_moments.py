"""Triggered traits on moments the turn reaches itself: an Event's own reveal (L5R-EVENTS.4) and a
Terrain's "Before this battle resolves" (L5R-RESOLVE.11) -- which executes() claims, and how
advancing stops before one that asks for a choice."""

from __future__ import annotations

from .helpers import claims_tests, run_text

CARRIED_OUT = [
    "Before this battle resolves, straighten a Follower or Personality.",
    "Before this battle's resolution: You may bow one or two attacking Personalities at the current battlefield.",
    "Before this battle resolves: Give each of your Human Personalities and Followers at the current battlefield "
    "+1F, and give each Nonhuman Personality and Follower there -1F.",
    "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, "
    "choose one of your Personalities in play. Permanently give him Artisan.",
    "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, "
    "gain 2 Honor and search your Fate deck for an Item, show it, and put it into your hand.",
    "After you Recruit this Holding from a Province, refill the Province face-up.",
    "After this Holding enters play from a Province, refill it face-up.",
    "Before you draw cards at the end of your turn, draw a card.",
    "Before your turn ends, if this Strategy is in your discard pile, put it in your hand.",
    "After this battle resolves, if this Terrain is in play, put it into your hand.",
]

NOT_CARRIED_OUT = [
    # any battle, not this card's: not read
    "Before a battle resolves, straighten a Follower or Personality.",
    # two "you may": one answer cannot decline only one of them
    "Before this battle resolves: You may choose and straighten a Samurai Personality at the current "
    "battlefield, and you may choose and bow a non-Samurai Personality there.",
    # "this Province" is not the Event: the card it names is not read
    "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, "
    "you may destroy this Province to draw three cards.",
    # without "if this Event is face-up": the trigger alone is not the Event's own reveal
    "After you reveal cards in your Provinces at the start of your turn, draw a card.",
    # "you may" on the first of several effects: the grammar keeps it on one of them only
    "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, "
    "you may search your Fate deck for an Item, show it, put it in your hand, and discard a card.",
    # a title read as keywords
    "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, "
    "search your Fate deck for a Fine Katana, show it, and put it into your hand.",
    # a named card, not the deck's top; entering play from anywhere
    "After you Recruit this Holding from a Province, refill the Province face-up with a Personality.",
    "After this Holding enters play, refill the Province face-up.",
    # a choice at a moment reached as the game advances; "it" with nothing named
    "Before you draw cards at the end of your turn, you may draw a card.",
    "Before your turn ends, put it in your hand.",
    "After this battle resolves, if you won it, put this Terrain into your hand.",
]

test_moment_traits_carried_out, test_other_moment_traits_are_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


COMBAT = """scenario "t"
game l5r
card "Riverside Camp" action gold-cost 0 keywords Terrain text "Before this battle resolves, straighten a Follower or Personality."
card "Tall Samurai" personality force 3 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4
card "Stout Defender" personality force 4 chi 2 honor-requirement 0 personal-honor 1 gold-cost 4
player Alice clan Lion family-honor 12
player Bob clan Crab family-honor 9
phase attack
step combat
priority Bob
Alice battlefield 1: "Tall Samurai"
Bob battlefield 1: "Stout Defender" bowed
Bob terrain 1: "Riverside Camp"
Bob stronghold: "Hall of Records" province-strength 5
{rest}
"""


def test_advancing_stops_before_the_pass_that_reaches_a_choice():
    # the combat segment would end with Alice's pass: the Terrain's choice needs a statement
    result = run_text(COMBAT.format(rest="Bob passes\nadvance to phase dynasty\nexpect phase attack\n"
                                         "expect step combat\nexpect \"Stout Defender\" bowed"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_the_pass_ending_combat_names_the_choice():
    result = run_text(COMBAT.format(rest="Bob passes\nAlice passes answering \"Stout Defender\"\nexpect legal\n"
                                         "expect \"Tall Samurai\" in Alice dynasty-discard"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_no_answer_the_trait_does_nothing_more():
    # no card named: the non-optional choice fails, so the rest of the trait does not happen (L5R-TRAIT.5)
    result = run_text(COMBAT.format(rest="Bob passes\nAlice passes\nexpect legal\n"
                                         "expect \"Stout Defender\" in Bob dynasty-discard"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_only_the_active_player_passes_in_the_events_phase():
    text = """scenario "t"
game l5r
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 9
phase events
Bob passes
expect illegal because L5R-EVENTS
Alice passes
expect legal
expect phase action
"""
    result = run_text(text)
    assert result.passed, "\n".join(f.render() for f in result.failures)


DESTROYED_DURING = """scenario "t"
game l5r
card "Ancestral Shrine" holding gold-cost 2 gold-production 1 text "After your Ancestor Personality is destroyed during a Combat Segment: Gain 1 Honor."
card "Cut Down" action gold-cost 0 text "Battle: Destroy a target enemy Personality."
card "Spirit Guard" personality force 1 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Ancestor
card "Hida Wall" personality force 9 chi 2 honor-requirement 0 personal-honor 1 gold-cost 6
player Alice clan Lion family-honor 10
player Bob clan Crab family-honor 10
phase attack
step combat
priority Bob
Alice home: "Ancestral Shrine"
Alice battlefield 1: "Spirit Guard" as G1, "Spirit Guard" as G2
Bob battlefield 1: "Hida Wall"
Bob stronghold: "Hall of Records" province-strength 5
Bob hand: "Cut Down"
Bob plays "Cut Down" targeting G1
expect legal
expect Alice family-honor 11
Alice passes
Bob passes
expect G2 in Alice dynasty-discard
expect Alice family-honor 11
"""


def test_destroyed_during_the_combat_segment_not_in_resolution():
    # the action's destruction is in the combat segment; the resolution's is not (L5R-COMBAT, L5R-RESOLVE)
    result = run_text(DESTROYED_DURING)
    assert result.passed, "\n".join(f.render() for f in result.failures)


REVEAL_MAY = """scenario "t"
game l5r
card "Fresh Start" event text "After you reveal cards in your Provinces at the start of your turn, if this Event is face-up in one of them, you may discard your hand (even if it is empty) to draw four cards."
card "Quick Step" action gold-cost 0 focus 1
player Alice clan Crane family-honor 10
player Bob clan Crab family-honor 9
phase events
Alice province 1: "Fresh Start" face-down
Alice hand: "Quick Step" as H1
Alice fate-deck: 5 "Quick Step"
Alice passes{answer}
expect legal
{expect}
"""


def test_one_may_on_both_effects_taken():
    # no answer: the "you may" is taken, as an action's is (L5R-TRAIT.5): the hand goes, four are drawn
    result = run_text(REVEAL_MAY.format(answer="", expect="expect H1 in Alice fate-discard\nexpect Alice hand 4"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_one_may_on_both_effects_declined():
    # one answer declines the one "may": neither the discard nor the draw happens
    result = run_text(REVEAL_MAY.format(answer=" answering no", expect="expect H1 in Alice hand\nexpect Alice hand 1"))
    assert result.passed, "\n".join(f.render() for f in result.failures)

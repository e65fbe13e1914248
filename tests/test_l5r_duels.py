"""Duels (L5R-ACT-EFFECT.5, pinned from the Comprehensive Rules): which challenge forms executes()
claims, and the duel fought by an action -- focus turns, totals, ties, Duelists, consequences."""

from __future__ import annotations

import pytest

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import claims_tests

CARRIED_OUT = [
    "Open: Kenji challenges a target enemy Personality. Destroy the loser.",
    "Battle: Target an enemy Personality: Kenji duels him. Bow the duel's loser. Move him home.",
    "Battle: Your target unbowed Personality challenges a target enemy Personality. The winner gains 2 Honor.",
    "Battle: A target enemy Personality challenges Kenji. Give the winner +2F.",
    "Battle: Kenji challenges a target enemy Personality. He may refuse; if he does, give Kenji +3F.",
    "Battle: Kenji challenges a target enemy Personality. Each player must focus at least once in the duel.",
    # "him" right after the loser's clause: each loser tested on his own (duels._per_loser)
    "Battle: Kenji challenges a target enemy Personality. Bow the loser. Destroy him if he is defending.",
    "After this Personality enters a duel, the other Personality in the duel loses Duelist.",
]

NOT_CARRIED_OUT = [
    # the "if he does" is kept on "dishonor him" only, so "gain 2 Honor" would happen either way
    ("Battle: Kenji challenges a target enemy Personality. He may refuse; if he does, dishonor him and gain 2 Honor. "
     "Bow the loser."),
    "After this duel ends, give its winner +3F.",  # a winner of a duel fought elsewhere
    "Give the winner +2F.",
    # "him" two clauses after the loser's: not read for each loser
    "Battle: Kenji challenges a target enemy Personality. Bow the loser. Gain 1 Honor. Destroy him if he is defending.",
    # "this Personality" on an attachment would be its bearer: not read
    "After this Personality enters a duel, give this Personality +2F.",
]


test_forms_carried_out, test_other_forms_do_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


BOARD = '''scenario "duel"
game l5r
card "Kenji" personality force 2 chi {kenji} honor-requirement 0 personal-honor 2 gold-cost 5 keywords Samurai {kw} text "Open: Kenji challenges a target enemy Personality. Bow the loser. The winner gains 2 Honor."
card "Sora" personality force 3 chi {sora} honor-requirement 0 personal-honor 4 gold-cost 5 keywords Samurai
card "Pebble" action gold-cost 0 focus 1
card "Rock" action gold-cost 0 focus 3
player Alice family-honor 10
player Bob family-honor 10
phase action
priority Alice
Alice home: "Kenji"
Alice hand: "Rock"
Alice fate-deck: "Pebble"
Bob home: "Sora"
Bob hand: "Pebble" as BOB_PEBBLE
Alice uses "Kenji" targeting "Sora"{focusing}
{expect}
'''


def _run(expect: str, *, kenji=2, sora=2, kw="", focusing=""):
    text = BOARD.format(kenji=kenji, sora=sora, kw=kw, focusing=f" focusing {focusing}" if focusing else "",
                        expect=expect)
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


@pytest.mark.parametrize("kenji,sora,focusing,loser,honor", [
    (3, 2, "", "Sora", "Alice family-honor 12"),  # the challenged strikes at once: Chi alone
    (2, 3, "", "Kenji", "Bob family-honor 12"),
    (2, 2, '"Pebble", "Rock", strike', "Sora", "Alice family-honor 12"),  # 2+3 against 2+1
    (2, 2, '"Pebble", top, strike', "Sora", "Alice family-honor 10"),  # 3 against 3: both lose
    (2, 3, 'strike', "Kenji", "Bob family-honor 12"),
])
def test_the_higher_total_wins(kenji, sora, focusing, loser, honor):
    other = "Kenji" if loser == "Sora" else "Sora"
    tie = focusing == '"Pebble", top, strike'
    _run(f'expect legal\nexpect "{loser}" bowed\nexpect "{other}" {"" if tie else "not "}bowed\nexpect {honor}',
         kenji=kenji, sora=sora, focusing=focusing)


def test_a_lone_duelist_wins_a_tie():
    _run('expect legal\nexpect "Sora" bowed\nexpect "Kenji" not bowed\nexpect Alice family-honor 12',
         kw="Duelist")


def test_focused_cards_are_discarded_after_the_consequences():
    _run('expect legal\nexpect "Rock" in Alice fate-discard\nexpect BOB_PEBBLE in Bob fate-discard\n'
         'expect Alice hand 0', focusing='"Pebble", "Rock", strike')


@pytest.mark.parametrize("focusing,why", [
    ('"Rock"', "not in Bob's hand"),  # Bob, the challenged player, has the first turn
    ('strike, top', "more focus choice"),
    ('"Pebble", "Rock", "Rock"', "not in Bob's hand"),
])
def test_impossible_focus_turns_are_refused(focusing, why):
    _run(f'expect illegal because L5R-ACT-EFFECT.5.2 "{why}"', focusing=focusing)


FOCUS_CARRIED_OUT = [
    "As a Focus Effect: After this duel ends, bow its winner.",
    "As a Focus Effect, after this duel ends, if your Personality won it, gain 2 Honor.",
    "As a Focus Effect: After this duel ends, if your Personality won it, you may give a Personality -4F.",
    "As a Focus Effect: After this duel ends, if your Personality lost it, give one of your Personalities a +1F "
    "token.",
    "As a Focus Effect: After this duel ends, the loser's controller draws a card.",
    "As a Focus Effect, after you win this duel, draw a card.",
    # a consequence for the winner: applied once the duel has resolved (L5R-ACT-EFFECT.5.6)
    "As a Focus Effect, give the duel's winner +3F.",
    "As a Focus Effect, the winner gains 2 Honor.",
    "As a Focus Effect, if you win this duel, draw a card.",
    "As a Focus Effect: Give your Personality in this duel Tactician.",
    "As a Focus Effect, give +1 Focus Value to each of your focused cards.",
    # the consequences of losing come later (L5R-ACT-EFFECT.5.6, L5R-DURATION)
    ("As a Focus Effect: You may choose (now) to delay the effects of losing this duel until after the next "
     "Dynasty Phase begins."),
    # choices named with 'answering' (L5R-TRAIT.5)
    "As a Focus Effect: After this duel ends, straighten a Personality.",
    "As a Focus Effect: After this duel ends, choose a player who loses 2 Honor.",
    "As a Focus Effect: After this duel ends, if your Personality won it, gain 2 Honor or draw a card.",
]

FOCUS_NOT_CARRIED_OUT = [
    "As a Focus Effect, give the duel's winner +3F and bow the other Personality.",  # part now, part later
    # an outcome test on one of two effects: not read with the choices (duels._outcome_guard)
    "As a Focus Effect: After this duel ends, if your Personality won it, straighten a Personality. Draw a card.",
]


test_focus_effects_carried_out, test_other_focus_effects_are_not = claims_tests(FOCUS_CARRIED_OUT, FOCUS_NOT_CARRIED_OUT)


EXACTLY_ONCE = BOARD.replace("Bow the loser. The winner gains 2 Honor.",
                             "Each Personality must focus exactly once, if possible. Bow the loser.")


@pytest.mark.parametrize("focusing,expect", [
    ('"Pebble", top, "Rock"', 'expect illegal because L5R-ACT-EFFECT.5.2 "exactly once"'),
    ('strike', 'expect illegal because L5R-ACT-EFFECT.5.2 "must focus"'),
    ('"Pebble", top, strike', 'expect legal\nexpect "Kenji" bowed\nexpect "Sora" bowed'),  # 2+1 against 2+1
])
def test_must_focus_exactly_once(focusing, expect):
    text = EXACTLY_ONCE.format(kenji=2, sora=2, kw="", focusing=f" focusing {focusing}", expect=expect)
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_focus_effects_at_once_and_after_the_end():
    assert executes(parse_ability("As a Focus Effect, bow the other Personality."))
    assert executes(parse_ability("As a Focus Effect: After this duel ends, give your Personality in it +3F."))
    # naming the winner, it is a consequence: it waits for the resolution (L5R-ACT-EFFECT.5.6)
    assert executes(parse_ability("As a Focus Effect, the winner gains 2 Honor."))
    # part of it would happen now and part later: not carried out
    assert not executes(parse_ability("As a Focus Effect, the winner gains 2 Honor and bow the other Personality."))


REFUSAL = BOARD.replace("Bow the loser. The winner gains 2 Honor.",
                        "He may refuse; if he does, draw a card. Bow the loser.")


@pytest.mark.parametrize("flags,expect", [
    (" refusing", 'expect legal\nexpect Alice hand 2\nexpect "Sora" not bowed\nexpect "Kenji" not bowed'),
    ("", 'expect legal\nexpect Alice hand 1\nexpect "Sora" bowed'),  # accepted: Kenji 3 against Sora 2
])
def test_refusal_and_its_consequence(flags, expect):
    text = REFUSAL.format(kenji=3, sora=2, kw="", focusing=flags, expect=expect)
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


DELAYING = """scenario "t"
game l5r
card "Kakita Kenji" personality force 2 chi 4 honor-requirement 0 personal-honor 2 gold-cost 5 keywords Samurai Crane text "Open: Target an enemy Personality: Kenji duels him. Destroy the duel's loser."
card "Matsu Sora" personality force 3 chi 3 honor-requirement 0 personal-honor 2 gold-cost 5 keywords Samurai Lion
card "Stay of Judgement" action gold-cost 0 focus 0 text "As a Focus Effect: You may choose (now) to delay the effects of losing this duel until after the next Dynasty Phase begins."
player Alice clan Crane family-honor 10
player Bob clan Lion family-honor 10
phase action
priority Alice
Alice home: "Kakita Kenji"
Bob home: "Matsu Sora"
Bob hand: "Stay of Judgement"
Alice uses "Kakita Kenji" targeting "Matsu Sora" focusing "Stay of Judgement", strike{answering}
expect legal
{expect}
"""


@pytest.mark.parametrize("answering,expect", [
    ("", 'expect "Matsu Sora" in Bob home'),  # taken by default: the destruction waits
    (" answering no", 'expect "Matsu Sora" in Bob dynasty-discard'),  # declined: destroyed at once
])
def test_delaying_the_effects_of_losing(answering, expect):
    result = run_scenario(parse_scenario(DELAYING.format(answering=answering, expect=expect), "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_delaying_focus_effects_carried_out():
    assert executes(parse_ability("As a Focus Effect: Delay all consequences of losing this duel (from any source) "
                                  "until the end of the turn."))
    # a moment the engine does not fire
    assert not executes(parse_ability("As a Focus Effect: Delay the effects of losing this duel until your next "
                                      "turn ends."))


def test_destroying_an_attachment_not_in_the_duel_is_refused():
    text = open("scenarios/l5r/duels2-focus-destroy-attachment.scn").read()
    text = text.replace('Bob home: "Matsu Sora"', 'Bob home: "Matsu Sora", "Hida Kuroda", "Spare Blade" attached-to "Hida Kuroda"')
    text = text.replace('card "Broken Steel"', 'card "Hida Kuroda" personality force 3 chi 1 honor-requirement 0 '
                        'personal-honor 1 gold-cost 5 keywords Samurai Crab\ncard "Spare Blade" item force 1 gold-cost 1\n'
                        'card "Broken Steel"')
    text = text.replace('strike answering "Kenji\'s Katana"\nexpect legal', 'strike answering "Spare Blade"\nexpect illegal')
    text = text.split("\nexpect illegal")[0] + "\nexpect illegal\n"
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)


OPTIONS = """scenario "t"
game l5r
card "Kakita Kenji" personality force 2 chi 4 honor-requirement 0 personal-honor 2 gold-cost 5 keywords Samurai Crane text "Open: Target an enemy Personality: Kenji duels him. Bow the duel's loser."
card "Matsu Sora" personality force 3 chi 3 honor-requirement 0 personal-honor 2 gold-cost 5 keywords Samurai Lion
card "Fork" action gold-cost 0 focus 1 text "As a Focus Effect: After this duel ends, if your Personality won it, gain 2 Honor or draw a card."
card "Spare" action gold-cost 0
player Alice clan Crane family-honor 10
player Bob clan Lion family-honor 10
phase action
priority Alice
Alice home: "Kakita Kenji"
Alice hand: "Fork"
Alice fate-deck: "Spare"
Bob home: "Matsu Sora"
Bob fate-deck: "Spare"
Alice uses "Kakita Kenji" targeting "Matsu Sora" focusing top, "Fork", strike{answering}
expect legal
expect Alice family-honor {honor}
expect Alice hand {hand}
"""


@pytest.mark.parametrize("answering,honor,hand", [(" answering first", 12, 0), (" answering second", 10, 1), ("", 10, 0)])
def test_focus_effect_options(answering, honor, hand):
    """"gain 2 Honor or draw a card": the option named with answering; none named, neither happens."""
    text = OPTIONS.format(answering=answering, honor=honor, hand=hand)
    result = run_scenario(parse_scenario(text, "test.scn"))
    assert result.passed, "\n".join(f.render() for f in result.failures)

"""Tokens of a kind (adjudicator/games/l5r/tokens.py), stats set to an amount, effects linked by
"to", and player abilities from a lasting trait."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r import tokens
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

HEAD = """scenario "t"
game l5r
{cards}
player Alice clan Lion family-honor 12
player Bob   clan Crab family-honor 9
phase action
priority Alice
"""


def run(cards: str, rest: str):
    return run_text(HEAD.format(cards=cards) + rest)


def passes(cards: str, rest: str) -> None:
    r = run(cards, rest)
    assert r.passed, [f.render() for f in r.failures]


@pytest.mark.parametrize("text", [
    "Battle: Destroy a Fire token on Torazu: Ranged 3 Attack.",
    "Battle: Give a target enemy Personality a Force penalty equal to the number of Madness tokens he has.",
    "Battle: Fear 3 with +1 strength for each of Atsushi's Infamy tokens.",
    "Ninja Battle/Open: Bow a target Personality with a Poison token.",
    "Open: Target a Personality with lower Personal Honor than Soeka's Chi. Set his Force equal to his own Chi.",
    "Void Battle/Open, Bow this card: Raise this Shugenja's Force to equal his Chi.",
    'You have the ability, "Open: Give a target face-up card in your Province Kharmic."',
])
def test_claimed(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), text


@pytest.mark.parametrize("text", [
    # a count of tokens "he has" with no card named before it
    "Battle: Gain Honor equal to the number of Madness tokens he has.",
    # a player's ability that bows "this card": no card of the player's own
    'You have the ability, "Open, Bow this card: Gain 1 Honor."',
    # only Force or Chi is set
    "Open: Target a Personality. Set his Personal Honor equal to his Chi.",
])
def test_not_claimed(text):
    ab = parse_ability(text)
    assert not (ab.structured and executes(ab)), text


def test_kind_of_reads_plural_and_unknown_words():
    assert tokens.kind_of("Madness") == "Madness"
    assert tokens.kind_of("Fires") == "Fire"
    assert tokens.kind_of("Gold") is None
    assert tokens.kind_of(None) is None


TORAZU = ('card "Kaiu Torazu" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 5 '
          'text "Open: Remove a Fire token from Torazu to gain 2 Honor."')


def test_removing_a_token_and_what_depends_on_it():
    passes(TORAZU, 'Alice home: "Kaiu Torazu" fire-tokens 2\n'
                   'Alice uses "Kaiu Torazu"\nexpect legal\n'
                   'expect "Kaiu Torazu" fire-tokens 1\nexpect "Kaiu Torazu" tokens 1\nexpect Alice family-honor 14\n')
    # no Fire token: nothing is removed, so no Honor is gained (L5R-ACT-EFFECT.9)
    passes(TORAZU, 'Alice home: "Kaiu Torazu" tokens 1 madness-tokens 1\n'
                   'Alice uses "Kaiu Torazu"\nexpect legal\n'
                   'expect "Kaiu Torazu" madness-tokens 1\nexpect Alice family-honor 12\n')


def test_giving_a_token_of_a_kind_counts_it_twice():
    cards = ('card "Whisper" action gold-cost 0 text "Open: Give a target Personality a Madness token."\n'
             'card "Quiet Man" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 2')
    passes(cards, 'Bob home: "Quiet Man"\nAlice hand: "Whisper"\nAlice plays "Whisper" targeting "Quiet Man"\n'
                  'expect legal\nexpect "Quiet Man" madness-tokens 1\nexpect "Quiet Man" tokens 1\n')


def test_a_total_below_the_kinds_is_refused():
    from adjudicator.core.errors import ScenarioError

    with pytest.raises(ScenarioError, match="fewer than the 2 tokens of a kind"):
        run('card "Quiet Man" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 2',
            'Alice home: "Quiet Man" tokens 1 fire-tokens 2\n')


@pytest.mark.parametrize("text, index, linked", [
    ("Battle: Discard a card to draw a card.", 1, 0),
    ("Open: Remove a Madness token from Tenburo to give him Cavalry, Conqueror, or Naval.", 1, 0),
    ("Battle: Discard a card. Draw a card.", 1, None),  # two sentences: no "to"
    ("Battle: Bow a target Personality and draw a card.", 1, None),
])
def test_effects_linked_by_to(text, index, linked):
    from adjudicator.games.l5r.effects_engine import contingent_on

    assert contingent_on(parse_ability(text), index) == linked

"""The engine's side of conditions (adjudicator/games/l5r/conditions.py): tests naming a card
by its title, the Imperial Favor, and the other tests the engine decides on a position."""

from __future__ import annotations

import pytest

from adjudicator.core.ability import Condition
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.conditions import _controlled, readable
from adjudicator.games.l5r.effects import executes

from .helpers import run_text

HEAD = """scenario "t"
game l5r
card "Fuyuko's Fan" holding gold-cost 0 text "Open: If you control Bayushi Fuyuko, gain 2 Honor."
card "Favor Seal" holding gold-cost 0 text "Open: If you control the Imperial Favor, gain 1 Honor."
card "Bayushi Fuyuko" personality force 1 chi 3 honor-requirement 0 personal-honor 2 gold-cost 4 keywords Courtier
card "Fuyuko's Double" personality force 1 chi 1 honor-requirement 0 personal-honor 1 gold-cost 2 keywords Courtier
"""


@pytest.mark.parametrize("words, what", [
    ("Bayushi Fuyuko", "title"), ("the Ring of Earth", "title"), ("The Sorrow", "title"),
    ("the Imperial Favor", "favor"), ("a Courtier or Magistrate", "kinds"), ("a Death Priest", "kinds"),
    ("any Rings", "kinds"), ("two or more Rings", "count"), ("three or fewer Personalities", "at-most"),
])
def test_what_you_control_is_read(words, what):
    assert _controlled(words)[0] == what
    assert readable(Condition(kind="you-control", args=(words,)))


@pytest.mark.parametrize("words", [
    # ("any Cavalry units at the current battlefield" is read: unit keywords, test_l5r_conditions_engine_done)
    "a Terrain or Crab Clan Personality at his battlefield",
    "a Fire or Air Spell", "three or fewer Spells of the Void",
])
def test_what_you_control_is_not_guessed(words):
    assert not readable(Condition(kind="you-control", args=(words,)))


def test_rings_are_counted_as_rings():
    assert _controlled("any Rings") == ("kinds", (("type", "ring"),))


def _run(home: str, more: str = "", player_flags: str = ""):
    text = HEAD + f"player Alice clan Scorpion family-honor 10 {player_flags}\nplayer Bob clan Crab family-honor 9\n" \
        f"phase action\nAlice home: {home}\n{more}"
    return run_text(text)


def test_a_card_named_by_its_title():
    assert executes(parse_ability("Open: If you control Bayushi Fuyuko, gain 2 Honor."))
    r = _run('"Fuyuko\'s Fan", "Bayushi Fuyuko"', 'Alice uses "Fuyuko\'s Fan"\nexpect legal\nexpect Alice family-honor 12\n')
    assert r.passed, [f.render() for f in r.failures]
    # a Courtier of another name is not Bayushi Fuyuko; neither is Bob's copy of her
    r = _run('"Fuyuko\'s Fan", "Fuyuko\'s Double"', 'Bob home: "Bayushi Fuyuko"\nAlice uses "Fuyuko\'s Fan"\n'
             'expect legal\nexpect Alice family-honor 10\n')
    assert r.passed, [f.render() for f in r.failures]


def test_the_imperial_favor_by_its_holder():
    r = _run('"Favor Seal"', 'Alice uses "Favor Seal"\nexpect legal\nexpect Alice family-honor 11\n', "imperial-favor")
    assert r.passed, [f.render() for f in r.failures]
    r = _run('"Favor Seal"', 'Alice uses "Favor Seal"\nexpect legal\nexpect Alice family-honor 10\n')
    assert r.passed, [f.render() for f in r.failures]


# ---------------------------------------------------------------- tests decided on a declared position

from adjudicator.core.registry import get_game  # noqa: E402
from adjudicator.games.l5r.conditions import evaluate  # noqa: E402

PLACES = """scenario "t"
game l5r
card "Lone Samurai" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Samurai
card "Dark Samurai" personality force 2 chi 2 honor-requirement 0 personal-honor 1 gold-cost 3 keywords Samurai Shadowlands
player Alice clan Mantis family-honor 12
player Bob   clan Lion   family-honor 9
"""


def _position(rest: str):
    r = run_text(PLACES + rest)
    assert r.passed, [f.render() for f in r.failures]
    return r.position


def _decide(pos, kind: str, *args, actor: str = "Alice", subject=None):
    # as a test on an effect ("..., if he is ..."): pronouns name the target
    return evaluate(Condition(kind=f"effect-if:{kind}", args=("effect 0", *args)), game=get_game("l5r"), pos=pos, actor=actor, source=None,
                    subject_of=lambda word: subject)


def _copy(pos, owner: str, zone: str):
    return next(c for c in pos.all_copies() if c.owner == owner and c.zone == zone)


def test_in_a_province():
    pos = _position('phase action\nAlice province 1: "Lone Samurai"\nBob province 2: "Lone Samurai"\n'
                    'Bob home: "Dark Samurai"\n')
    mine, theirs, home = _copy(pos, "Alice", "province 1"), _copy(pos, "Bob", "province 2"), _copy(pos, "Bob", "home")
    assert readable(Condition(kind="effect-if:in-province", args=("effect 0", "he", "yours")))
    assert _decide(pos, "in-province", "he", "yours", subject=mine) is True
    assert _decide(pos, "in-province", "he", "yours", subject=theirs) is False
    assert _decide(pos, "in-province", "he", "any", subject=theirs) is True
    assert _decide(pos, "in-province", "he", "any", subject=home) is False


def test_is_not():
    pos = _position('phase action\nBob home: "Dark Samurai"\nAlice home: "Lone Samurai"\n')
    dark, lone = _copy(pos, "Bob", "home"), _copy(pos, "Alice", "home")
    assert _decide(pos, "is-not", "he", "Shadowlands", subject=dark) is False
    assert _decide(pos, "is-not", "he", "Shadowlands", subject=lone) is True
    assert _decide(pos, "is-not", "he", "bowed", subject=lone) is True
    assert not readable(Condition(kind="effect-if:is-not", args=("effect 0", "she", "dead")))  # no such state read


def test_the_attacker_and_the_defender_by_clan():
    pos = _position('turn 3\nphase attack\nstep combat\nAlice battlefield 1: "Lone Samurai"\n'
                    'Bob battlefield 1: "Dark Samurai"\n')
    assert readable(Condition(kind="is", args=("the Attacker", "a Mantis Clan player")))
    assert _decide(pos, "is", "the Attacker", "a Mantis Clan player") is True
    assert _decide(pos, "is", "the Defender", "a Mantis Clan player") is False
    assert _decide(pos, "is", "the Defender", "a Lion Clan player") is True
    assert _decide(pos, "is-not", "the Attacker", "a Lion Clan player") is True
    assert _decide(pos, "is", "another player", "a Lion Clan player") is True
    assert _decide(pos, "is", "another player", "a Lion Clan player", actor="Bob") is False
    # outside an attack there is no Attacker: not decided
    pos = _position('phase action\nAlice home: "Lone Samurai"\n')
    assert _decide(pos, "is", "the Attacker", "a Mantis Clan player") is None


def test_one_of_several_keywords():
    pos = _position('phase action\nBob home: "Dark Samurai"\n')
    dark = _copy(pos, "Bob", "home")
    assert _decide(pos, "is", "he", "Fire or Shadowlands", subject=dark) is True
    assert _decide(pos, "is", "he", "Fire or Thunder", subject=dark) is False
    assert not readable(Condition(kind="effect-if:is", args=("effect 0", "he", "Fire or a dishonorable Personality")))

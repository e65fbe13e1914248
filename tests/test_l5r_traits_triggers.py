"""Triggered traits: their own card's destruction, events from the rulebook's own bows."""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.core.ability import Trigger
from adjudicator.games.l5r.triggers import left_play_by


def _copy(uid=7, kind="personality", attached_to=None):
    return SimpleNamespace(uid=uid, card=SimpleNamespace(type=kind), attached_to=attached_to)


def test_own_destruction_implies_the_discard_pile():
    t = Trigger(timing="after", event="this-card-destroyed", text="after this card is destroyed")
    assert left_play_by(_copy(), t, ["destroyed", 7])
    assert not left_play_by(_copy(), t, ["destroyed", 8])  # another card's
    assert not left_play_by(_copy(), t, ["bowed", 7])  # not leaving play


def test_this_personality_is_the_card_itself_only_on_a_personality():
    t = Trigger(timing="after", event="this-personality-destroyed", text="after this Personality is destroyed")
    assert left_play_by(_copy(), t, ["destroyed", 7])
    # on a Follower, "this Personality" is its bearer: the Follower's own leaving is not meant
    assert not left_play_by(_copy(kind="follower", attached_to=3), t, ["destroyed", 7])


def test_equipped_to_a_described_personality_fires():
    from adjudicator.games.l5r.ability import parse_ability as _parse
    from adjudicator.games.l5r.triggers import fires as _fires

    assert _fires(_parse("After you Equip this Spell to a Void Shugenja, draw a card.").trigger)
    # "a Void or Magistrate Shugenja": words the check does not read
    assert not _fires(_parse("After you Equip this Spell to a Void or Magistrate Shugenja, draw a card.").trigger)

"""Events raised in round 6: a card attached, a card destroyed while a battle is fought."""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.core.ability import Trigger
from adjudicator.games.l5r.triggers import fires, left_play_by
from adjudicator.games.l5r.triggers_events import PENDING, raise_event


def _pos(phase, step):
    return SimpleNamespace(memo={}, timing=SimpleNamespace(phase=phase, step=step))


def test_attaches_fires_only_when_the_trigger_names_its_type():
    assert fires(Trigger("after", "this-card-attaches", "after this Item attaches"))
    # "After this card attaches (or transfers)": the reader drops the parenthesis; transfers raise nothing
    assert not fires(Trigger("after", "this-card-attaches", "after this card attaches"))


def test_destroyed_during_battle_is_raised_only_while_a_battle_is_fought():
    card = SimpleNamespace(uid=5)
    for phase, step, expected in (("attack", "combat", True), ("attack", "resolution", True),
                                  ("attack", "infantry", False), ("action", None, False)):
        pos = _pos(phase, step)
        raise_event(pos, "destroyed", card)
        assert (["destroyed-during-battle", 5] in pos.memo[PENDING]) is expected
        assert ["destroyed", 5] in pos.memo[PENDING]


def test_destroyed_during_battle_trait_resolves_from_the_discard_pile():
    t = Trigger("after", "this-card-destroyed-during-battle", "after this Follower is destroyed during battle")
    assert fires(t)
    copy = SimpleNamespace(uid=5, card=SimpleNamespace(type="follower"), attached_to=2)
    assert left_play_by(copy, t, ["destroyed-during-battle", 5])
    assert not left_play_by(copy, t, ["destroyed-during-battle", 6])


def test_enters_discard_pile_only_from_play_fires():
    t = Trigger("after", "this-card-enters-discard-pile;from=play", "after this Weapon enters your discard pile from play")
    assert fires(t)
    copy = SimpleNamespace(uid=4, card=SimpleNamespace(type="item"), attached_to=None)
    assert left_play_by(copy, t, ["discarded-from-play", 4])
    # from anywhere (a hand, a deck): the engine raises nothing for those
    assert not fires(Trigger("after", "this-card-enters-discard-pile", "after Hano enters the discard pile"))

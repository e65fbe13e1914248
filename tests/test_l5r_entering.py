"""The Interrupt of a card entering play (triggers.interrupts_entering): which ones executes() claims,
and the presence an Interrupt needs during a battle unless it is Absent."""

from __future__ import annotations

from types import SimpleNamespace

from adjudicator.core.ruling import Procedure
from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.triggers import _present_for

from .helpers import claims_tests

CARRIED_OUT = [
    "Absent Interrupt: After you Recruit Ryushi, give him +2F.",
    "Interrupt: After you Equip this Follower, gain 2 Honor.",
]

NOT_CARRIED_OUT = [
    # an additional action inside an Interrupt: when it comes against the interrupted action's, not read
    "Absent Interrupt: After you Recruit Jemaru, take an additional action.",
    "Interrupt: After you Equip this Follower, take an additional action.",
    # a designator with a timing of its own
    "Ninja Absent Interrupt: After you Recruit Wateru during battle, take an additional Battle action.",
]

test_entering_interrupts_claimed, test_other_entering_interrupts_are_not = claims_tests(CARRIED_OUT, NOT_CARRIED_OUT)


def _battle(alice_present: bool):
    """A position in a battle's combat segment at battlefield 1; Alice has a unit there or not."""
    ryushi = SimpleNamespace(name="Ryushi", controller="Alice", zone="Alice home")
    bob = SimpleNamespace(name="Bob's Samurai", controller="Bob", zone="battlefield 1")
    guard = SimpleNamespace(name="Alice's Samurai", controller="Alice", zone="battlefield 1")
    copies = [ryushi, bob, *([guard] if alice_present else [])]
    pos = SimpleNamespace(timing=SimpleNamespace(phase="attack", step="combat"), memo={},
                          all_copies=lambda: copies)
    return pos, ryushi


def test_an_interrupt_needs_presence_during_a_battle():
    pos, ryushi = _battle(alice_present=False)
    proc = Procedure()
    assert not _present_for(pos, ryushi, parse_ability("Interrupt: After you Recruit Ryushi, give him +2F."), proc)
    assert "L5R-PRESENCE" in proc.steps[-1].rules


def test_an_absent_interrupt_does_not():
    pos, ryushi = _battle(alice_present=False)
    proc = Procedure()
    assert _present_for(pos, ryushi, parse_ability("Absent Interrupt: After you Recruit Ryushi, give him +2F."), proc)
    assert "L5R-PRESENCE" in proc.steps[-1].rules


def test_presence_at_the_battlefield_is_enough():
    pos, ryushi = _battle(alice_present=True)
    assert _present_for(pos, ryushi, parse_ability("Interrupt: After you Recruit Ryushi, give him +2F."), Procedure())

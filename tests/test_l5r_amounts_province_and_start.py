"""Amounts read from a Province's strength and a player's starting Family Honor, and given to Gold
Cost, Gold Production or a Province's strength (adjudicator/games/l5r/amounts.py)."""

from __future__ import annotations

import pytest

from adjudicator.games.l5r.ability import parse_ability
from adjudicator.games.l5r.effects import executes


@pytest.mark.parametrize("text", [
    "Battle: Melee Attack with strength equal to the current battlefield's province's strength.",
    "Battle: Bow a target enemy Personality. Raise or lower this Province's strength by Goro's Chi.",
    "Open: Target a face-up Personality in a Province. Increase his Gold Cost by half this Shugenja's Chi, rounded up.",
    "Battle: Bow a target enemy Personality. Lose Honor equal to half your starting Honor, rounded up.",
    # the two options share one target spec, which the procedure asks for once (procedure.target_specs)
    "Open: Increase or decrease a target Holding's Gold Production (this turn) by half Goro's Chi, rounded up.",
])
def test_executes(text):
    ab = parse_ability(text)
    assert ab.structured and executes(ab), text


@pytest.mark.parametrize("text", [
    # a lasting trait: the value is not worked out afresh
    "This Holding has a Gold Production bonus equal to half this Shugenja's Chi, rounded up.",
])
def test_not_claimed(text):
    ab = parse_ability(text)
    assert not (ab.structured and executes(ab)), text


def test_starting_honor_adds_the_sensei(tmp_path):
    from types import SimpleNamespace

    from adjudicator.games.l5r.amounts import starting_honor

    def card(kind, **attrs):
        return SimpleNamespace(controller="A", card=SimpleNamespace(type=kind, attrs=attrs))

    castle, sensei = card("stronghold", **{"starting-honor": 7}), card("sensei", **{"starting-honor": -2})
    pos = SimpleNamespace(zone=lambda player, zone: [castle] if zone == "stronghold" else [],
                          all_copies=lambda: [castle, sensei])
    assert starting_honor(pos, "A") == 5
    pos.all_copies = lambda: [castle]
    assert starting_honor(pos, "A") == 7
    pos.zone = lambda player, zone: []
    assert starting_honor(pos, "A") is None

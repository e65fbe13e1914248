"""Protections, «-X от атаки» and armour (defences.py) and what coverage counts for them."""

from __future__ import annotations

from adjudicator.games.berserk.ability import parse_card_text
from adjudicator.games.berserk.defences import reduction_of
from adjudicator.games.berserk.effects import executes


def _executes(text: str) -> list[bool]:
    return [executes(ab) for ab in parse_card_text(text)]


def test_reduction_reads_only_kinds_it_knows():
    assert reduction_of("- 1 от [:atk]") == (1, {"strike"}, set())
    assert reduction_of("-1 от выстрелов и метания") == (1, {"shot", "throw"}, set())
    n, kinds, open_ = reduction_of("-2 от немагических атак")
    assert (n, kinds) == (2, {"strike", "shot", "throw"}) and "discharge" in open_
    assert reduction_of("-1 от [:drs]") is None
    assert reduction_of("-3 от немагических атак проклятых существ") is None


def test_protection_and_armour_lines_execute_but_experience_does_not():
    assert _executes("[:prm]. [:prs]. [:prp]. [:zor]. [:zoz]. [:zomet].") == [True]
    assert _executes("Броня 2.") == [True]
    assert _executes("[:drs].") == [False]  # no defenders in this engine
    assert _executes("Опыт в атаке.") == [False]
    assert _executes("-1 от [:atk].") == [True]
    assert _executes("-1 от [:drs].") == [False]

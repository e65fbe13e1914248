"""Protections, «-X от атаки» and armour (defences.py) and what coverage counts for them."""

from __future__ import annotations

from adjudicator.games.berserk.ability import parse_card_text
from adjudicator.games.berserk.defences import reduction_of
from adjudicator.games.berserk.effects import executes


def _executes(text: str) -> list[bool]:
    return [executes(ab) for ab in parse_card_text(text)]


def test_reduction_reads_only_kinds_it_knows():
    assert reduction_of("- 1 от [:atk]") == (1, {"strike"}, set(), None)
    assert reduction_of("-1 от выстрелов и метания") == (1, {"shot", "throw"}, set(), None)
    n, kinds, open_, who = reduction_of("-2 от немагических атак")
    assert (n, kinds, who) == (2, {"strike", "shot", "throw"}, None) and "discharge" in open_
    # whose attacks: strikes of a card with [:drs], non-magic attacks of cursed creatures
    assert reduction_of("-1 от [:drs]") == (1, {"strike"}, set(), "directed-strike")
    assert reduction_of("-3 от немагических атак проклятых существ")[3] == "cursed-creature"
    assert reduction_of("-1 от немагических атак существ стоимостью 3") is None


def test_protection_armour_attack_and_defence_experience_execute():
    assert _executes("[:prm]. [:prs]. [:prp]. [:zor]. [:zoz]. [:zomet].") == [True]
    assert _executes("Броня 2.") == [True]
    assert _executes("[:drs].") == [True]  # defenders.py: no defender against its strike
    assert _executes("Опыт в атаке.") == [True]  # glossary: does not close after a strike (stack.py)
    assert _executes("Опыт в защите.") == [True]  # defenders.py: does not close as a defender
    assert _executes("Опыт в защите 2.") == [False]  # no glossary entry for the number
    assert _executes("-1 от [:atk].") == [True]
    assert _executes("-1 от [:drs].") == [True]  # strikes of cards with directed strike


def test_coverage_counts_no_ability_the_engine_refuses():
    # not class names: abilities without a mechanic here
    assert _executes("Орда. Маскировка.") == [False]
    assert _executes("Орк. Тролль. Страж леса.") == [True]
    # effect kinds battle._honest refuses
    assert _executes("[:tap]: Добивание на 3.") == [False]
    # [:ovs] (strike through a row) is an attack of its own kind (effects.ATTACK_KINDS)
    assert _executes("[:tap]: [:ovs] на 1-2-3.") == [True]
    assert _executes("При [:ovs] - отравить атакованного на 1.") == [True]
    # a trigger the engine fires itself names its target as it goes onto the stack (stack.push_trigger)
    assert _executes("В начале вашего хода - ранить выбранное существо противника на 1.") == [True]
    # «При гибели» of the card itself fires; of another card («вашего существа», death.py) too; a
    # cause of death («от отравления») is not tracked
    assert _executes("При гибели - возвращается в колоду.") == [True]
    assert _executes("При гибели вашего существа - получает [:cnt].") == [True]
    assert _executes("При гибели от отравления - получает [:cnt].") == [False]
    # what the dead card would do to itself is refused: it is no longer on the field
    assert _executes("При гибели - получает [:cnt].") == [False]


def test_a_card_of_a_description_is_not_the_ability_s_own():
    # «это существо» of a trigger names a card outside the effects; «Лесное существо» some card of
    # that description: neither is the card itself (reader._effect refuses them)
    assert _executes("При гибели в течение хода от атаки существа противника - уничтожить это существо.") == [False]
    assert _executes("[:tap]: Лесное существо теряет отравление.") == [False]
    # «это существо» after a chosen one is that chosen card
    assert _executes("[:tap]: Полностью излечить выбранное существо и отравить это существо на 2.") == [True]
    # «по лесным картам» is the card's own bonus against them
    assert _executes("+1 к [:atk] по лесным картам.") == [True]

"""Berserk ability grammar: real card texts, case/gender variants, robustness, pool coverage."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.ability import Ability, Effect, StatTest, Unparsed
from adjudicator.games.berserk.ability import (
    EFFECT_KINDS,
    grammar_path,
    parse_ability,
    parse_card_text,
    split_sentences,
)


def _shared_berserk() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    if env:
        return Path(env) / "data" / "berserk"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "berserk"


ALL_CARDS = _shared_berserk() / "all_cards.json"


def effects(ab: Ability) -> list[Effect]:
    return [e for e in ab.effects if isinstance(e, Effect)]


# ------------------------------------------------------------------ real sample texts


def test_grammar_file_is_found():
    assert grammar_path().is_file()


def test_kelem_spell_wound_chosen_enemy_creature():
    ab = parse_ability('[:tap]: Заклинание "путь крови" - ранить выбранное существо противника на 1-2-2.')
    assert ab.kind == "action"
    assert ab.structured
    assert [c.kind for c in ab.costs] == ["close"]
    assert ab.costs[0].target.ref == "this"
    (eff,) = effects(ab)
    assert eff.kind == "wound"
    assert eff.values == (1, 2, 2)
    assert eff.target.ref == "target"
    assert eff.target.owner == "opponent"
    assert eff.target.card_types == ("creature",)
    assert "spell" in ab.designators
    assert "name:путь крови" in ab.designators


def test_karaulny_start_of_battle_shot_without_closing():
    ab = parse_ability("В начале боя - выстрел на 1-2-3 (не закрываясь).")
    assert ab.kind == "trait"
    assert ab.trigger is not None and ab.trigger.timing == "start-of-battle"
    (eff,) = effects(ab)
    assert eff.kind == "shot" and eff.values == (1, 2, 3)
    assert "no-close" in ab.designators
    assert ab.structured


def test_kliss_keywords_then_incarnation_trigger():
    abilities = parse_card_text(
        "Ковен. Орда. Проклятие. Инкарнация 1. При инкарнации - выбранное существо противника получает проклятие."
    )
    assert [a.kind for a in abilities] == ["keywords", "trait"]
    kws = effects(abilities[0])
    assert [e.keyword for e in kws][:2] == ["Ковен", "Орда"]
    inc = [e for e in kws if e.keyword == "Инкарнация"]
    assert inc and inc[0].amount == 1
    trig = abilities[1]
    assert trig.trigger.event == "incarnation"
    (eff,) = effects(trig)
    assert eff.kind == "gain-status" and eff.keyword == "curse"
    assert eff.target.ref == "target" and eff.target.owner == "opponent"


def test_keyword_list_one_effect_per_keyword():
    ab = parse_ability("Броня 2. [:rgn]-1.")
    assert ab.kind == "keywords"
    assert [(e.kind, e.keyword, e.amount) for e in ab.effects] == [
        ("keyword", "Броня", 2), ("keyword", "regeneration", 1)]


def test_keyword_without_number():
    for word in ("Ковен", "Орда", "Схрон", "Стойкость"):
        ab = parse_ability(word + ".")
        assert ab.kind == "keywords", word
        assert effects(ab)[0].keyword == word and effects(ab)[0].amount is None


def test_icon_run_keywords():
    ab = parse_ability("[:unq][:prm][:rgn]-2.")
    assert ab.kind == "keywords"
    assert [e.keyword for e in ab.effects] == ["unique", "protection-from-magic", "regeneration"]
    assert ab.effects[-1].amount == 2


def test_token_cost_and_shot_with_range():
    ab = parse_ability("[:cnt][:tap]: Метание на 3, дальность 2.")
    assert [c.kind for c in ab.costs] == ["pay-tokens", "close"]
    (eff,) = effects(ab)
    assert eff.kind == "throw" and eff.amount == 3
    assert StatTest("range", "<=", 2) in eff.target.tests


def test_heal_your_forest_creature():
    ab = parse_ability("[:tap]: Излечить ваше лесное существо на 3.")
    (eff,) = effects(ab)
    assert eff.kind == "heal" and eff.amount == 3
    assert eff.target.owner == "you"
    assert "element:forest" in eff.target.states


def test_cost_restriction_stat_test():
    ab = parse_ability("При гибели от отравления - уничтожить выбранное существо противника стоимостью 4 или менее.")
    (eff,) = effects(ab)
    assert eff.kind == "destroy"
    assert StatTest("cost", "<=", 4) in eff.target.tests


def test_with_icon_restriction():
    ab = parse_ability("[:tap]: Ранить выбранное существо противника с [:prm] на 2.")
    (eff,) = effects(ab)
    assert eff.kind == "wound" and eff.amount == 2
    assert "with:protection-from-magic" in eff.target.states


def test_duration_turn_and_opponent_turn():
    a = parse_ability("При [:atk] - атакованный получает -1 к [:mvt] до конца хода противника.")
    (e,) = effects(a)
    assert e.kind == "modify-stat" and e.stat == "movement" and e.amount == -1
    assert e.duration == "opponent-turn"
    assert e.target.ref == "attacked"
    b = parse_ability("При перемещении - получает +1 [:atk] до конца хода.")
    (e,) = effects(b)
    assert e.duration == "turn" and e.amount == 1


def test_triggers_start_end_of_turn():
    a = parse_ability("В конце хода противника - выбранное существо противника получает отравление на 1.")
    assert a.trigger.timing == "end-of-turn" and a.trigger.event == "turn-end:opponent"
    (e,) = effects(a)
    assert e.kind == "gain-status" and e.keyword == "poison" and e.amount == 1
    b = parse_ability("В начале хода противника - открывается.")
    assert b.trigger.timing == "start-of-turn"
    assert effects(b)[0].kind == "open" and effects(b)[0].target.ref == "this"


def test_lose_protection_from_poison():
    ab = parse_ability("[:tap]: Выбранное существо противника теряет [:prp].")
    (e,) = effects(ab)
    assert e.kind == "lose-keyword" and e.keyword == "protection-from-poison"


def test_close_and_open_attacked():
    assert effects(parse_ability("При [:atk] - закрыть атакованного."))[0].kind == "close"
    assert effects(parse_ability("При [:atk] - открыть атакованного."))[0].kind == "open"


def test_discharge_and_other_attacks():
    kinds = {
        "[:tap]: Разряд на 1-1-2.": "discharge",
        "[:tap]: Магический удар на 2.": "magic-strike",
        "[:tap]: Особый удар на 2.": "special-strike",
        "[:tap]: [:ovs] на 1-2-3.": "strike-through-row",
        "[:tap]: Добивание на 3.": "finish",
    }
    for text, kind in kinds.items():
        assert effects(parse_ability(text))[0].kind == kind, text


def test_move_attacked_card():
    (e,) = effects(parse_ability("При [:atk] - переместить атакованную карту на соседнюю клетку."))
    assert e.kind == "move" and e.target.ref == "attacked"


# ------------------------------------------------------------------ case / gender variants (in the grammar)


@pytest.mark.parametrize(
    "text",
    [
        "[:tap]: Ранить выбранное существо противника на 2.",
        "[:tap]: Усилить отравление выбранного существа противника на 2.",
        "[:tap]: Особый удар на 2 по выбранному существу противника.",
    ],
)
def test_chosen_in_every_case_is_a_target(text):
    ab = parse_ability(text)
    assert ab.structured, ab
    (e,) = effects(ab)
    assert e.target.ref == "target"
    assert e.target.owner == "opponent"
    assert e.target.card_types == ("creature",)


@pytest.mark.parametrize(
    "text",
    [
        "[:tap]: Излечить ваше существо на 2.",
        "[:tap]: Излечить вашего тролля на 2.",
        "[:tap]: Излечить вашу карту на 2.",
        "[:tap]: Излечить ваш артефакт на 2.",
    ],
)
def test_your_in_every_gender(text):
    (e,) = effects(parse_ability(text))
    assert e.kind == "heal" and e.amount == 2 and e.target.owner == "you"


def test_this_creature_is_this():
    (e,) = effects(parse_ability("[:tap]: Ранить это существо на 1."))
    assert e.target.ref == "this"


def test_chosen_creature_any_owner():
    (e,) = effects(parse_ability("[:tap]: Ранить выбранное существо на 1."))
    assert e.target.ref == "target" and e.target.owner == "any"


def test_capitalisation_does_not_matter():
    a = parse_ability("[:tap]: ранить выбранное существо противника на 1.")
    b = parse_ability("[:tap]: Ранить Выбранное существо противника на 1.")
    assert effects(a)[0].target.ref == effects(b)[0].target.ref == "target"


# ------------------------------------------------------------------ splitting / fallbacks


def test_split_keeps_quoted_sentences_together():
    text = 'Если на Дрягве 2 или более [:cnt], получает: "[:tap]: Воздействие "отдышаться" - потерять 3 или менее [:cnt]". Тролль.'
    parts = split_sentences(text)
    assert len(parts) == 2 and parts[1] == "Тролль."


def test_unknown_text_is_kept_unparsed_not_dropped():
    ab = parse_ability("[:tap]: Сделать что-то совершенно непонятное с кракозяброй.")
    assert ab.kind == "action"  # head still recognised
    assert not ab.structured
    frags = ab.unparsed_fragments()
    assert frags and "кракозябр" in " ".join(f.text for f in frags)


def test_empty_and_garbage():
    assert parse_ability("").kind == "unparsed"
    assert parse_card_text("") == []
    assert parse_ability("§§§").kind in ("unparsed", "continuous")


def test_effect_kinds_closed_vocabulary():
    abilities = parse_card_text(
        "[:tap]: Выстрел на 1-2-3. При гибели - возвращается в колоду. Броня 1. "
        "[:2hod]: Начинает бой с [:cnt]. -1 от [:atk]."
    )
    for ab in abilities:
        for e in (*ab.costs, *ab.effects):
            if isinstance(e, Effect):
                assert e.kind in EFFECT_KINDS


# ------------------------------------------------------------------ robustness (hypothesis)

_ALPHABET = st.sampled_from(list("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАВПР -–.,:;()\"«»0123456789+Хx[]"))
_PIECES = st.sampled_from(
    ["[:tap]", "[:cnt]", "[:atk]", "[:rgn]", "[:unq]", ":", " - ", "ранить", "выбранное", "существо",
     "противника", "на", "1-2-2", "2", "Х", "(", ")", ".", ",", "\"", "при этом", "пока", "В начале боя",
     "до конца хода", "получает", "отравление", "Броня", "Прыжок, дальность", "где Х -", "число"]
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=_ALPHABET, max_size=120))
def test_random_text_never_raises(text):
    ab = parse_ability(text)
    abilities = parse_card_text(text)
    assert isinstance(ab, Ability)
    assert all(isinstance(a, Ability) for a in abilities)
    # what is produced: every ability's text comes from the input (how long it takes is
    # benchmarks/bench_berserk_ability.py's business, not a test's)
    assert all(isinstance(a.text, str) for a in abilities)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=25))
def test_mutated_fragments_never_raise(pieces):
    text = " ".join(pieces)
    abilities = parse_card_text(text)
    for ab in abilities:
        assert ab.kind in ("action", "trait", "continuous", "keywords", "unparsed")
        for frag in ab.unparsed_fragments():
            assert isinstance(frag, Unparsed) and isinstance(frag.text, str)
    assert all(a.text.strip() for a in abilities if a.kind != "unparsed")


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=60), st.integers(min_value=1, max_value=20))
def test_deleting_a_slice_of_a_real_text_never_raises(cut, length):
    text = '[:tap]: Заклинание "путь крови" - ранить выбранное существо противника на 1-2-2. Броня 2.'
    mutated = text[:cut] + text[cut + length:]
    assert all(isinstance(a, Ability) for a in parse_card_text(mutated))


# ------------------------------------------------------------------ coverage on the real pool


def test_pool_coverage_skeleton_and_structured():
    if not ALL_CARDS.exists():
        pytest.skip(f"shared Berserk data not found at {ALL_CARDS} (set ADJUDICATOR_SHARED to the shared/ folder)")
    from adjudicator.games.berserk.carddb import load_pool

    pool = load_pool(ALL_CARDS).pool
    abilities = []
    for name in pool.names():
        text = pool.get(name).text
        if text.strip():
            abilities.extend(parse_card_text(text))
    assert len(abilities) > 2000
    skeleton = sum(a.kind != "unparsed" for a in abilities) / len(abilities)
    structured = sum(a.structured for a in abilities) / len(abilities)
    for ab in abilities:
        for e in (*ab.costs, *ab.effects):
            if isinstance(e, Effect):
                assert e.kind in EFFECT_KINDS, e.kind
    assert skeleton == 1.0, f"skeleton {skeleton:.3%}"
    assert structured >= 0.75, f"structured {structured:.3%}"


def test_range_after_the_target_and_poison_verb():
    # «по карте противника, дальность 2»: the comma is not a participle of the noun (COMMA_RANGE)
    (ab,) = parse_card_text("Когда открывается - метание на 1 по карте противника, дальность 2.")
    (eff,) = ab.effects
    assert eff.kind == "throw" and StatTest("range", "<=", 2) in eff.target.tests
    # «отравить X на N» is gaining poison N
    (ab,) = parse_card_text("При [:atk] - отравить атакованного на 2.")
    (eff,) = ab.effects
    assert (eff.kind, eff.keyword, eff.amount, eff.target.ref) == ("gain-status", "poison", 2, "attacked")
    # the clause's own amount, not the cost inside its noun phrase
    (ab,) = parse_card_text("[:tap]: Ранить выбранное существо противника стоимостью 4 или менее на 2.")
    assert ab.effects[0].amount == 2


def test_pronoun_object_is_the_card_named_before():
    # «открыть существо противника, при этом - ранить его на 2-3-3»: «его» is that creature
    (ab,) = parse_card_text("[:tap]: Заклинание - открыть существо противника, при этом - ранить его на 2-3-3.")
    assert [(e.kind, e.target.ref) for e in ab.effects] == [("open", "choice"), ("wound", "it")]
    assert ab.effects[1].values == (2, 3, 3)


def test_aura_each_of_yours_while_named_card_in_squad():
    from adjudicator.games.berserk.reader import parse_abilities

    (ab,) = parse_abilities("Каждый ваш орк получает +1 к [:atk], пока Этген в отряде.")
    assert ab["static"] == "aura-stat" and not ab["unknown"]
    assert ab["while_in_squad"] == ["Этген", False]
    assert ab["effects"][0]["spec"]["classes"] == ["Орк"]
    (kw,) = parse_abilities("Другие ваши члены ковена получают [:prs], пока Лефран в вашем отряде.")
    assert kw["static"] == "aura-keyword" and kw["while_in_squad"] == ["Лефран", True]
    assert kw["effects"][0]["spec"]["states"] == ["other"]


def test_ovs_bonus_is_not_a_strike_bonus():
    from adjudicator.games.berserk.reader import parse_abilities

    (ab,) = parse_abilities("Каждое другое ваше существо получает +1 к [:ovs], пока Зарал в отряде.")
    assert any("[:ovs]" in u for u in ab["unknown"])


def test_aura_reduction_reads_the_minus_x_sentence():
    from adjudicator.games.berserk.reader import parse_abilities

    (ab,) = parse_abilities("Все ваши речные девы получают -1 от выстрелов и метаний.")
    assert ab["static"] == "aura-reduction" and not ab["unknown"]
    assert ab["effects"][0]["reduction"][:2] == [1, ["shot", "throw"]]

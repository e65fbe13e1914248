"""Mechanics added for coverage (issue #5): [:ovs], «Гнев», «Максимум N», «Орда», gained flying.
Each asserts what the engine does, not only what coverage counts."""

from __future__ import annotations

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.berserk import state as S
from adjudicator.games.berserk.ability import parse_card_text
from adjudicator.games.berserk.effects import executes


def _executes(text: str) -> list[bool]:
    return [executes(ab) for ab in parse_card_text(text)]


def run(text: str):
    return run_scenario(parse_scenario('scenario "t"\ngame berserk\nplayer Alice\nplayer Bob\n' + text, "<test>"))


def test_coverage_counts_the_new_mechanics_and_not_their_neighbours():
    assert _executes("[:tap]: [:ovs] на 1-2-2.") == [True]
    assert _executes("Орк. Гнев.") == [True]
    assert _executes("Максимум 11 [:tgh].") == [True]
    assert _executes("Максимум 5 [:cnt].") == [True]
    assert _executes("Орда.") == [True]
    assert _executes("В начале боя - получает [:fly].") == [True]
    # still refused: no mechanic for these
    assert _executes("Орда. Маскировка.") == [False]
    assert _executes("Вампиризм. Максимум 11 [:tgh].") == [False]
    assert _executes("При [:ovs] через свободную клетку – переместить атакованную карту на эту клетку.") == [False]


def test_strike_through_row_is_open_against_armour_and_ranged_protection():
    from adjudicator.games.berserk import defences as D

    assert "strike-through-row" in D.ARMOUR[1]
    assert "strike-through-row" in D.PROTECTIONS["защита от ranged-attack"][1]
    assert "strike-through-row" in D.reduction_of("-1 от атак")[2]


def test_rage_adds_one_only_after_a_wound_this_turn():
    base = ('card "Орк" creature life 5 movement 1 strike 2-2-2 text "Гнев."\n'
            'card "Лучник" creature life 3 movement 1 strike 1-1-1 text "[:tap]: Выстрел на 1."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Орк"\nAlice cell 1.2: "Лучник"\nBob cell 1.1: "Рафаэль"\n')
    plain = run(base + 'Alice acts "Орк" targeting "Рафаэль" choosing weak\nAlice passes\nBob passes\n')
    assert plain.passed
    assert plain.position.copies_named("Рафаэль")[0].counters["wounds"] == 2
    shot = run(base + 'Alice uses "Лучник" targeting "Рафаэль"\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
               'Alice acts "Орк" targeting "Рафаэль" choosing weak\nAlice passes\nBob passes\n')
    assert shot.passed, [f.render() for f in shot.failures]
    assert shot.position.copies_named("Рафаэль")[0].counters["wounds"] == 1 + 3


def test_maximum_lives_and_tokens():
    result = run('card "Скупец" creature life 4 movement 1 strike 1-1-1 text "Максимум 5 [:tgh]. Максимум 2 [:cnt]. '
                 'Начинает бой с 3 [:cnt]."\nphase preliminary\nstep seating\nAlice cell 1.1: "Скупец"\n'
                 'Bob cell 1.1: "Келем"\nadvance to step start-of-battle\n')
    assert result.passed, [f.render() for f in result.failures]
    pos = result.position
    miser = pos.copies_named("Скупец")[0]
    assert miser.counters.get("tokens") == 2
    miser.counters["extra-life"] = 3
    assert S.life_now(pos, miser) == 5
    miser.counters["wounds"] = 2
    assert S.life_now(pos, miser) == 3


def test_a_text_naming_non_flying_creatures_does_not_make_a_flyer():
    result = run('card "Страж" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Выбранное нелетающее существо '
                 'получает +1 к [:atk] до конца хода."\ncard "Птица" creature life 2 movement 1 strike 1-1-1 '
                 'text "Полёт."\nphase main\nstep choice\nAlice cell 1.1: "Страж"\nAlice cell 1.2: "Птица"\n')
    pos = result.position
    assert not S.is_flyer(pos, pos.copies_named("Страж")[0])
    assert S.is_flyer(pos, pos.copies_named("Птица")[0])


def test_next_strike_bonus_is_spent_by_one_strike_and_next_opening_by_one_opening():
    from adjudicator.games.berserk.battle import next_strike_bonus

    result = run('card "Чемпион" creature life 6 movement 2 strike 2-2-2 text "При перемещении - получает +1 к '
                 'следующему [:atk] до конца хода."\nphase main\nstep choice\nAlice cell 1.1: "Чемпион"\n'
                 'Bob cell 1.1: "Рафаэль"\nAlice moves "Чемпион" to cell 2.1\nAlice passes\nBob passes\n'
                 'Alice passes\nBob passes\n')
    assert result.passed, [f.render() for f in result.failures]
    pos = result.position
    champ = pos.copies_named("Чемпион")[0]
    assert pos.memo["next_strike"] == [{"uid": champ.uid, "n": 1, "turn": 1}]
    assert next_strike_bonus(pos, champ) == 1
    assert next_strike_bonus(pos, champ) == 0  # spent
    # «до конца хода»: a bonus from an earlier turn is gone unused
    pos.memo["next_strike"] = [{"uid": champ.uid, "n": 1, "turn": 0}]
    assert next_strike_bonus(pos, champ) == 0
    # what the reader refuses: a «next» one it does not know how to spend
    assert _executes("[:cnt][:tap]: Ваш выбранный демон получает +1 к следующему разряду.") == [False]
    assert _executes("При [:atk] - не открывается в начале вашего следующего хода.") == [True]


def test_token_cost_x_and_no_wounds_read_only_their_plain_forms():
    from adjudicator.games.berserk.reader import parse_abilities

    ab = parse_abilities("Х[:cnt][:tap]: Разряд на Х.")[0]
    assert ab["token_cost_x"] and ab["effects"][0]["amount"] == {"x": "stated"} and not ab["unknown"]
    assert _executes("X[:cnt][:tap]: Добивание на Х.") == [False]  # «добивание» has no mechanic here
    assert _executes("[:tap]: Выбранное другое ваше нелетающее существо не получает ран до конца хода противника.") \
        == [True]
    assert _executes("Не получает ран в свой ход.") == [True]
    assert _executes("Не получает ран в первый ход.") == [False]  # which first turn: not said


def test_squad_has_another_dragon_switches_the_reduction_on():
    from adjudicator.games.berserk import defences as D

    text = ('card "Дракончик" creature life 6 movement 1 strike 1-1-1 keywords Дракон text "-2 от немагических атак, '
            'пока в вашем отряде есть другой дракон."\ncard "Свой дракон" creature life 6 movement 1 strike 1-1-1 '
            'keywords Дракон\nphase main\nstep choice\nAlice cell 1.1: "Дракончик"\n')
    alone = run(text).position
    assert D._reductions(alone, alone.copies_named("Дракончик")[0]) == []
    pair = run(text + 'Alice cell 1.2: "Свой дракон"\n').position
    assert [r[0] for r in D._reductions(pair, pair.copies_named("Дракончик")[0])] == [2]
    # a keyword's number stays with it: «Опыт в атаке 2» is not «Опыт в атаке»
    assert _executes("Опыт в атаке 2, пока носит доспех.") == [False]
    assert _executes("Броня 2, пока носит оружие.") == [True]


def test_while_in_squad_at_the_head_of_the_sentence_and_limit_for_each():
    from adjudicator.games.berserk.reader import parse_abilities

    ab = parse_abilities("Пока Аранта в отряде, все другие члены ковена получают [:prm].")[0]
    assert ab["while_in_squad"] == ["Аранта", False] and ab["static"] == "aura-keyword" and not ab["unknown"]
    ab = parse_abilities("[:tap]: Ваше выбранное существо получает 2 дополнительные [:tgh] "
                         "(1 раз за бой для каждого существа).")[0]
    assert ab["battle_per_target"] and not ab["unknown"]
    # without a chosen target «for each» has nothing to count
    assert _executes("[:tap]: Получает [:cnt] (1 раз за бой для каждого существа).") == [False]


def test_labelled_reduction_own_turn_and_simple_strike_triggers():
    from adjudicator.games.berserk.reader import parse_abilities

    ab = parse_abilities("Бестелесный: -1 от немагических атак.")[0]
    assert ab["static"] == "reduction" and ab["effects"][0]["reduction"][0] == 1
    assert _executes("Бестелесный.") == [False]  # the bare keyword: no text says what it does
    ab = parse_abilities("В начале своего хода - теряет [:cnt].")[0]
    assert (ab["trigger"], ab["whose"]) == ("start-of-turn", "own")
    ab = parse_abilities("При простом ударе - метание на 1, дальность 2 по карте противника.")[0]
    assert (ab["trigger"], ab["attack_kinds"]) == ("on-attack", ["strike"])
    assert _executes("+Х к [:atk], где Х - число нетемных героев в вашем отряде.") == [True]
    assert _executes("[:rgn]-Х, где Х - число троллей в вашем отряде.") == [True]  # X counted now (keyword_amount)


def test_hero_armour_incorporeal_and_equipment_target_states():
    base = ('card "Наставник" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Ваш выбранный герой получает [:cnt]."\n'
            'card "Рыцарь" creature life 5 movement 1 strike 2-2-2 keywords Герой-воин\n'
            'card "Латник" creature life 5 movement 1 strike 1-1-1 text "Броня 1."\n'
            'card "Призрак" creature life 3 movement 1 strike 1-1-1 text "Бестелесный."\n'
            'card "Жнец" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Ранить на 1 каждое существо противника '
            'с броней."\n'
            'card "Изгоняющий" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Ранить каждое бестелесное '
            'существо противника на 1."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Наставник"\nAlice cell 1.2: "Рыцарь" as AR\nAlice cell 1.3: "Латник" as AL\n'
            'Alice cell 1.4: "Жнец"\nAlice cell 1.5: "Изгоняющий"\nBob cell 1.1: "Латник" as BL\n'
            'Bob cell 1.2: "Призрак"\nBob cell 1.3: "Рыцарь" as BR\n')
    r = run(base + 'Alice uses "Наставник" targeting AL\nexpect illegal because B-414 "not a hero"\n'
            'Alice uses "Наставник" targeting "Рыцарь"\nexpect legal\nAlice passes\nBob passes\n'
            'expect "Рыцарь" tokens 1\n'.replace('"Рыцарь"', 'AR'))
    assert r.passed, [f.render() for f in r.failures]
    r = run(base + 'Alice uses "Жнец"\nexpect legal\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
            'Alice uses "Изгоняющий"\nexpect legal\nAlice passes\nBob passes\n'
            'expect BL wounds 1\nexpect BR wounds 0\nexpect AL wounds 0\nexpect "Призрак" wounds 1\n')
    assert r.passed, [f.render() for f in r.failures]


def test_attacks_on_the_closed_card_are_capped_only_while_it_is_closed():
    base = ('card "Акванит" creature life 6 movement 1 strike 1-1-1 text "Все атаки по закрытому Акваниту сводятся к 1."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Келем"\n')
    for flag, wounds in (("", 2), (" closed", 1)):
        r = run(base + f'Bob cell 1.1: "Акванит"{flag}\nAlice acts "Келем" targeting "Акванит" choosing weak\n'
                'Alice passes\nBob passes\n')
        assert r.passed, [f.render() for f in r.failures]
        assert r.position.copies_named("Акванит")[0].counters["wounds"] == wounds


def test_attack_trigger_on_a_target_of_some_cost():
    base = ('card "Фенкер" creature life 5 movement 1 strike 1-1-1 text "При [:atk] по карте стоимостью менее 6 - '
            'атакованный получает отравление на 1."\nphase main\nstep choice\nAlice cell 1.1: "Фенкер"\n'
            'Bob cell 1.1: "Рафаэль"\nBob cell 1.2: "Келем"\n')
    cheap = run(base + 'Alice acts "Фенкер" targeting "Рафаэль"\nexpect stack "Фенкер", "Фенкер"\n')
    assert cheap.passed, [f.render() for f in cheap.failures]
    dear = run(base + 'Alice acts "Фенкер" targeting "Келем"\nexpect stack "Фенкер"\n')  # cost 6: not «менее 6»
    assert dear.passed, [f.render() for f in dear.failures]


def test_special_strike_trigger_on_the_stated_result():
    base = ('card "Плеть" creature life 5 movement 1 strike 1-1-1 text "[:tap]: Особый удар на 1-2-2. '
            'При среднем особом ударе - отравить атакованного на 1."\nphase main\nstep choice\n'
            'Alice cell 1.1: "Плеть"\nBob cell 1.1: "Рафаэль"\n')
    medium = run(base + 'Alice uses "Плеть" ability 1 targeting "Рафаэль" choosing medium\nexpect stack "Плеть", "Плеть"\n'
                 'Alice passes\nBob passes\nexpect "Рафаэль" status poison\n')
    assert medium.passed, [f.render() for f in medium.failures]
    weak = run(base + 'Alice uses "Плеть" ability 1 targeting "Рафаэль" choosing weak\nexpect stack "Плеть"\n')
    assert weak.passed, [f.render() for f in weak.failures]


def test_until_the_end_of_your_first_turn_is_read_and_only_for_no_wounds():
    ab = parse_card_text("Не получает ран до конца вашего первого хода.")[0]
    assert ab.structured and ab.effects[0].duration == "until-end-of-first-turn"
    assert _executes("Не получает ран до конца вашего первого хода.") == [True]
    # another effect with that duration is not carried out (no such Modifier duration)
    assert _executes("[:tap]: Получает +1 к [:atk] до конца вашего первого хода.") == [False]


def test_while_a_terrain_of_a_class_is_in_the_squad():
    base = ('card "Горец" creature life 4 movement 1 strike 1-1-1 text "[:prm], пока в вашем отряде есть местность горы."\n'
            'card "Перевал" terrain silver-cost 1 text "Горы."\ncard "Роща" terrain silver-cost 1 text "Лес."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Горец"\n')

    def has(extra):
        pos = run(base + extra).position
        return S.has_keyword(pos, pos.copies_named("Горец")[0], "protection-from-magic")

    assert not has('Alice auxiliary: "Роща"\n')
    assert not has('Bob auxiliary: "Перевал"\n')  # «в вашем отряде»: Bob's terrain does not count
    assert has('Alice auxiliary: "Перевал"\n')


def test_ignores_all_features_reads_only_the_plain_sentence():
    from adjudicator.games.berserk import defences as D

    assert _executes("Когда атакует существо стоимостью 7 или более - игнорирует все его особенности.") == [True]
    assert _executes("Когда атакует карту - игнорирует ее особенности.") == [True]
    assert _executes("Когда атакует карту - игнорирует все ее особенности, если рядом с Алларом стоит ваш страж "
                     "леса.") == [False]
    pos = run('card "Истребитель" creature life 5 movement 1 strike 3-3-3 text "Когда атакует существо стоимостью 7 '
              'или более - игнорирует все его особенности."\ncard "Дорогой" creature gold-cost 7 life 5 movement 1 '
              'strike 1-1-1\nphase main\nstep choice\nAlice cell 1.1: "Истребитель"\n'
              'Bob cell 1.1: "Келем"\nBob cell 1.2: "Дорогой"\n').position
    hunter, kelem, dear = (pos.copies_named(n)[0] for n in ("Истребитель", "Келем", "Дорогой"))
    assert not D.ignores_all(pos, hunter, kelem)  # cost 6
    assert D.ignores_all(pos, hunter, dear)
    kelem = dear
    assert "everything" in D.ignored_for(pos, hunter, kelem, "strike")
    assert "everything" not in D.ignored_for(pos, hunter, kelem, "wound")  # «ранить» is not an attack

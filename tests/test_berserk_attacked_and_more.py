"""«При атаке по …» (triggers of the attacked side), «При ударе», «При передвижении», statuses for a
time, «выбрать …», «Не может быть вызван», «В начале вашего второго хода», «игнорирует особенности
атакованного»."""

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.berserk.ability import parse_card_text
from adjudicator.games.berserk.effects import executes
from adjudicator.games.berserk.reader import attacked_trigger, names_card, parse_abilities


def _executes(text: str) -> list[bool]:
    return [executes(ab) for ab in parse_card_text(text)]


def run(text: str):
    return run_scenario(parse_scenario('scenario "t"\ngame berserk\nplayer Alice\nplayer Bob\n' + text, "<test>"))


def test_attacked_triggers_read_who_is_attacked_and_by_what():
    assert attacked_trigger("При атаке по Умертвиям")["who"] == "self"
    assert attacked_trigger("При атаке по Умертвиям")["kinds"] == ["strike", "shot"]
    assert attacked_trigger("При дальней атаке по себе")["kinds"] == ["shot", "throw"]
    assert attacked_trigger("При атаке существа противника по хозяину")["who"] == "host"
    assert attacked_trigger("При атаке существа противника по хозяину")["by"]["types"] == ["creature"]
    assert attacked_trigger("При [:atk] существа противника по вашему члену ковена")["classes"] == ["Ковен"]
    assert attacked_trigger("Когда карта противника атакует вашего койара")["classes"] == ["Койар"]
    assert attacked_trigger("При атаке по другому вашему существу рядом") is None
    assert names_card(["Небесной", "Страже"], "Небесная Стража")
    assert not names_card(["Ферросу"], "Умертвия")


def test_coverage_counts_the_new_readings_and_not_their_neighbours():
    assert _executes("При атаке по Сильфиде - атакующий получает уязвимость.") == [True]
    assert _executes("Когда карта противника атакует вашего койара - выстрел на 1-1-2 в эту карту (2 раза за ход).") \
        == [True]
    assert _executes("При ударе - атакованный получает незаживающие раны до конца хода противника.") == [True]
    assert _executes("При передвижении - получает +1 к следующему [:atk] до конца хода.") == [True]
    assert _executes("В начале вашего хода – выбрать существо противника.") == [True]
    assert _executes("Не может быть вызван.") == [True]
    assert _executes("В начале вашего второго хода - полностью излечиться.") == [True]
    assert _executes("При выстреле - игнорирует особенности атакованного.") == [True]
    # still refused
    assert _executes("При слабой немагической атаке по Воину Жлезодрева - излечиться на 2.") == [False]
    assert _executes("В начале боя - выбрать стихию, которая есть на поле боя.") == [False]
    assert _executes("При [:atk] - атакующий получает проклятие.") == [False]  # no attack at this card
    assert _executes("При атаке по Умертвиям - атакованный получает проклятие.") == [False]


def test_ignoring_features_for_one_kind_of_attack_only():
    ab = parse_abilities("При выстреле - игнорирует особенности атакованного.")[0]
    assert ab["static"] == "ignore-all" and ab["effects"][0]["spec"]["attack_kinds"] == ["shot"]
    base = ('card "Стрелок" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Выстрел на 2 по существу '
            'противника. При выстреле - игнорирует особенности атакованного."\n'
            'card "Щитоносец" creature life 6 movement 1 strike 1-1-1 text "Защита от выстрелов."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Стрелок"\nBob cell 1.1: "Щитоносец"\n')
    result = run(base + 'Alice uses "Стрелок" targeting "Щитоносец" ability 1\nexpect legal\nAlice passes\n'
                 'Bob passes\nexpect "Щитоносец" wounds 2\n')
    assert result.passed, result.failures


def test_an_ignoring_attacker_does_not_fire_the_attacked_cards_own_trigger():
    base = ('card "Убийца" creature life 4 movement 1 strike 2-2-2 text "Игнорирует особенности атакованного."\n'
            'card "Умертвия" creature life 6 movement 1 strike 1-1-1 text "При атаке по Умертвиям - атаковавший '
            'получает проклятие."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Убийца"\nBob cell 1.1: "Умертвия"\n')
    result = run(base + 'Alice acts "Убийца" targeting "Умертвия" choosing weak\nexpect legal\n'
                 'expect stack "Убийца"\n')
    assert result.passed, result.failures


def test_choose_keeps_the_choice_and_second_turn_fires_only_then():
    base = ('card "Авгур" creature life 4 movement 1 strike 1-1-1 text "В начале вашего хода – выбрать существо '
            'противника."\n'
            'card "Эхин" creature life 6 movement 1 strike 1-1-1 text "В начале вашего второго хода - полностью '
            'излечиться."\n'
            'phase final\nAlice cell 1.1: "Авгур"\nAlice cell 1.2: "Эхин" wounds 3\nBob cell 1.1: "Гном-воин"\n')
    # turn 1 is Alice's first; her second is turn 3, when «Эхин» heals (not on Bob's turn 2)
    result = run(base + 'advance to next turn\nadvance to step opening\nexpect stack empty\n'
                 'advance to next turn\nadvance to step opening\nexpect stack "Эхин", "Авгур"\n'
                 'Alice passes\nBob passes\nexpect "Эхин" wounds 0\n')
    assert result.passed, result.failures
    # on her third turn (turn 5) only «Авгур» triggers
    result = run(base.replace("phase final", "turn 3\nphase final") + 'advance to next turn\n'
                 'advance to next turn\nadvance to step opening\nexpect active Alice\nexpect stack "Авгур"\n')
    assert result.passed, result.failures



def test_directed_strike_counts_and_unanswered_strike_stays_refused():
    # defenders.py: no defender against a card with [:drs]; the engine deals no counter-strike, so it
    # does nothing «Безответный удар» could shape
    assert _executes("[:unq]. [:drs].") == [True]
    assert _executes("Орк. Безответный удар.") == [False]


def test_target_skips_its_next_opening_and_attack_only_at_an_opponents_card():
    assert _executes("В конце вашего хода - выбранное закрытое отравленное существо противника не открывается в "
                     "свой следующий ход.") == [True]
    assert _executes("При перемещении - выстрел на 1-2-2, дальность 3 (по карте противника).") == [True]
    ab = parse_abilities("При перемещении - выстрел на 1-2-2, дальность 3 (по карте противника).")[0]
    assert ab["effects"][0]["spec"]["owner"] == "opponent" and ab["effects"][0]["spec"]["range"] == 3
    base = ('card "Льер" creature life 6 movement 1 strike 1-1-1 text "В конце вашего хода - выбранное закрытое '
            'отравленное существо противника не открывается в свой следующий ход."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Льер"\nBob cell 1.1: "Гном-воин" as G closed\n'
            'Bob cell 1.2: "Келем" closed\n')
    # not poisoned: no legal target, nothing goes onto the stack; Bob's cards open as usual
    result = run(base + 'Alice passes-turn\nBob passes\nexpect phase final\nexpect stack empty\n'
                 'advance to next turn\nadvance to step opening\nexpect G not closed\n')
    assert result.passed, result.failures


def test_ignoring_protection_from_magic_of_cursed_cards_only():
    from adjudicator.games.berserk import defences as D

    base = ('card "Огненноликий" creature life 6 movement 1 strike 1-1-1 text "Игнорирует [:prm] карт с '
            'проклятием."\ncard "Маг" creature life 6 movement 1 strike 1-1-1 text "[:prm]."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Огненноликий"\nBob cell 1.1: "Маг" as M1\n'
            'Bob cell 1.2: "Маг" as M2\n')
    result = run(base + 'expect M1 keyword protection-from-magic\n')
    pos = result.position if hasattr(result, "position") else None
    if pos is None:
        return
    src = next(c for c in pos.copies.values() if c.name == "Огненноликий")
    m1, m2 = [c for c in pos.copies.values() if c.name == "Маг"]
    pos.memo.setdefault("status", {})[str(m1.uid)] = {"curse": 1}
    assert "protection-from-magic" in D.ignored_for(pos, src, m1, "magic-strike")
    assert "protection-from-magic" not in D.ignored_for(pos, src, m2, "magic-strike")


def test_poisoned_closed_target_stays_closed_at_its_next_opening():
    base = ('card "Льер" creature life 6 movement 1 strike 1-1-1 text "В конце вашего хода - выбранное закрытое '
            'отравленное существо противника не открывается в свой следующий ход."\n'
            'card "Змей" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Выбранное существо противника '
            'получает отравление на 1."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Льер"\nAlice cell 1.2: "Змей"\n'
            'Bob cell 1.1: "Гном-воин" as G closed\nBob cell 1.2: "Келем" closed\n')
    result = run(base + 'Alice uses "Змей" targeting G\nexpect legal\nAlice passes\nBob passes\n'
                 'Alice passes\nBob passes\nAlice passes-turn\nBob passes\nexpect phase final\n'
                 'expect stack "Льер"\nAlice passes\nBob passes\n'
                 'advance to next turn\nadvance to step opening\nexpect G closed\nexpect "Келем" not closed\n')
    assert result.passed, result.failures


def test_strike_changed_by_its_own_tokens_with_a_cap():
    from adjudicator.games.berserk import state as S

    base = ('card "Дрягв" creature life 6 movement 1 strike 3-3-4 text "-Х к своему [:atk], где Х - число [:cnt] на '
            'Дрягве."\ncard "Всепожиратель" creature life 6 movement 1 strike 1-2-3 text "+Х к [:atk] (максимум +5), '
            'где Х - число [:cnt] на Всепожирателе."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Дрягв" tokens 2\nAlice cell 1.2: "Всепожиратель" tokens 7\n'
            'Bob cell 1.1: "Гном-воин"\n')
    result = run(base + 'Alice acts "Дрягв" targeting "Гном-воин" choosing strong\nexpect legal\nAlice passes\n'
                 'Bob passes\nexpect "Гном-воин" wounds 2\n')
    assert result.passed, result.failures
    pos = result.position
    big = next(c for c in pos.copies.values() if c.name == "Всепожиратель")
    assert S.strike_now(pos, big) == (6, 7, 8)
    assert _executes("+Х к [:atk] (максимум +5), где Х - число [:cnt] на Всепожирателе.") == [True]
    assert _executes("При [:atk] - получает +1 к [:rgn] (максимум +3).") == [False]


def test_on_attack_fires_on_a_shot_and_leaves_a_throw_open():
    base = ('card "Копейщик" creature life 6 movement 1 strike 1-1-1 text "[:tap]: Выстрел на 1 по существу '
            'противника. [:tap]: Метание на 1 по существу противника. При атаке - получает [:cnt]."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Копейщик"\nBob cell 1.1: "Гном-воин"\n')
    result = run(base + 'Alice uses "Копейщик" ability 2 targeting "Гном-воин"\nexpect illegal because B-STACK\n'
                 'Alice uses "Копейщик" ability 1 targeting "Гном-воин"\nexpect legal\n'
                 'expect stack "Копейщик", "Копейщик"\nAlice passes\nBob passes\nexpect "Копейщик" tokens 1\n')
    assert result.passed, result.failures


def test_own_named_strong_strike_and_strike_at_a_closed_creature():
    base = ('card "Черный Рыцарь" creature life 6 movement 1 strike 1-2-3 text "При сильном [:atk] Черного Рыцаря - '
            'атакованный получает проклятие."\n'
            'card "Хранитель Магии" creature life 6 movement 1 strike 1-1-1 text "При ударе по закрытому существу - '
            'выбранный линунг получает [:cnt]."\n'
            'card "Линунг" creature life 3 movement 1 strike 1-1-1 keywords Линунг\n'
            'phase main\nstep choice\nAlice cell 1.1: "Черный Рыцарь"\nAlice cell 1.2: "Хранитель Магии"\n'
            'Alice cell 1.3: "Линунг"\nBob cell 1.1: "Гном-воин" as G closed\nBob cell 1.2: "Келем"\n')
    result = run(base + 'Alice acts "Черный Рыцарь" targeting "Келем" choosing weak\nexpect stack "Черный Рыцарь"\n'
                 'Alice passes\nBob passes\nAlice passes\nBob passes\n'
                 'Alice acts "Хранитель Магии" targeting G\nexpect stack "Хранитель Магии", "Хранитель Магии"\n'
                 'Alice passes\nBob passes\nexpect "Линунг" tokens 1\n')
    assert result.passed, result.failures
    result = run(base + 'Alice acts "Черный Рыцарь" targeting "Келем" choosing strong\n'
                 'expect stack "Черный Рыцарь", "Черный Рыцарь"\nAlice passes\nBob passes\n'
                 'expect "Келем" status curse\n')
    assert result.passed, result.failures


def test_wounds_received_trigger_with_x_and_start_of_turn_without_wounds():
    base = ('card "Пожиратель Душ" creature life 8 movement 1 strike 1-1-1 text "Когда другое существо с проклятием '
            'получает Х ран - Пожиратель Душ излечивается на Х (два раза за ход)."\n'
            'card "Ведьма" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Выбранное существо противника '
            'получает проклятие."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Пожиратель Душ" wounds 3\nAlice cell 1.2: "Ведьма"\n'
            'Alice cell 1.3: "Келем"\nBob cell 1.1: "Гном-воин" as G\nBob cell 1.2: "Рафаэль"\n')
    result = run(base + 'Alice uses "Келем" targeting "Рафаэль"\nAlice passes\nBob passes\nexpect stack empty\n'
                 'Alice passes\nBob passes\n'
                 'Alice uses "Ведьма" targeting G\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
                 'Alice passes-turn\nBob passes\nadvance to next turn\nadvance to next turn\nadvance to step choice\n'
                 'Alice uses "Келем" targeting G\nexpect legal\nAlice passes\nBob passes\n'
                 'expect G wounds 2\nexpect stack "Пожиратель Душ"\nAlice passes\nBob passes\n'
                 'expect "Пожиратель Душ" wounds 1\n')
    assert result.passed, result.failures
    troll = ('card "Разбуженный Тролль" creature life 6 movement 1 strike 1-1-1 text "Если в начале вашего хода не '
             'имеет ран - возвращается в колоду."\nphase final\nAlice cell 1.1: "Разбуженный Тролль" as T1\n'
             'Alice cell 1.2: "Разбуженный Тролль" as T2 wounds 1\nBob cell 1.1: "Гном-воин"\n')
    result = run(troll + 'advance to next turn\nadvance to next turn\nadvance to step opening\n'
                 'expect stack "Разбуженный Тролль"\nAlice passes\nBob passes\nexpect T1 in Alice deck\n'
                 'expect T2 in Alice cell 1.2\n')
    assert result.passed, result.failures


def test_when_it_is_healed():
    base = ('card "Егерь" creature life 6 movement 1 strike 1-1-1 text "Когда Егерь излечивается - получает +1 к '
            'своему следующему [:atk]."\n'
            'card "Лекарь" creature life 4 movement 1 strike 1-1-1 text "[:tap]: Излечить выбранное существо на 2."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Егерь" wounds 1\nAlice cell 1.2: "Лекарь" as L1\n'
            'Alice cell 1.3: "Лекарь" as L2\nBob cell 1.1: "Гном-воин"\n')
    result = run(base + 'Alice uses L1 targeting "Егерь"\nAlice passes\nBob passes\nexpect "Егерь" wounds 0\n'
                 'expect stack "Егерь"\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
                 'Alice uses L2 targeting "Егерь"\nAlice passes\nBob passes\nexpect stack empty\n'
                 'Alice passes\nBob passes\n'
                 'Alice acts "Егерь" targeting "Гном-воин" choosing weak\nAlice passes\nBob passes\n'
                 'expect "Гном-воин" wounds 2\n')
    assert result.passed, result.failures


def test_choose_except_another_card_of_that_name():
    base = ('card "Нересса" creature life 6 movement 1 strike 1-1-1 text "[:tap]: Выбрать существо противника '
            '(кроме другой Нерессы)."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Нересса"\nBob cell 1.1: "Нересса" as N\nBob cell 1.2: "Келем"\n')
    assert _executes("В начале боя - выбрать существо противника (кроме другой Нерессы).") == [True]
    result = run(base + 'Alice uses "Нересса" targeting N\nexpect illegal because B-414 "кроме"\n'
                 'Alice uses "Нересса" targeting "Келем"\nexpect legal\n')
    assert result.passed, result.failures


def test_a_second_verb_after_and_shares_the_first_ones_subject():
    ab = parse_abilities('В начале хода противника - воздействие "взгляд Бехолдера" - выбранное существо противника '
                         'с отравлением ранится на 1 и не может двигаться до конца хода.')[0]
    assert [(e["kind"], e["subject"]) for e in ab["effects"]] == [("wound", "target"), ("cannot-move", "target")]
    ab = parse_abilities("[:tap]: Ранить выбранное существо на 1, при этом - получить 1 дополнительную [:tgh].")[0]
    assert [e["subject"] for e in ab["effects"]] == ["target", "self"]


def test_until_the_start_of_your_turn():
    base = ('card "Вихт" creature life 6 movement 1 strike 1-1-1 text "[:tap]: Выбрать существо противника, при этом - '
            'оно не может двигаться до начала вашего хода и получает отравление на 1."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Вихт"\nBob cell 1.1: "Гном-воин" as G\n')
    result = run(base + 'Alice uses "Вихт" targeting G\nexpect legal\nAlice passes\nBob passes\n'
                 'expect G status poison\nAlice passes\nBob passes\nAlice passes-turn\nBob passes\n'
                 'advance to next turn\nadvance to step choice\nexpect active Bob\n'
                 'Bob moves G to cell 2.1\nexpect illegal because B-413 "cannot move"\n')
    assert result.passed, result.failures
    # Alice's next turn (3) begins: the restriction is over, and in Bob's turn 4 G moves
    result = run(base + 'Alice uses "Вихт" targeting G\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
                 'Alice passes-turn\nBob passes\nadvance to next turn\nadvance to next turn\nadvance to next turn\n'
                 'advance to step choice\nexpect active Bob\nBob moves G to cell 2.1\nexpect legal\n')
    assert result.passed, result.failures


def test_reduction_given_until_the_start_of_your_turn():
    assert _executes("В начале боя - каждый ваш инквизитор получает -1 от атак до начала вашего хода.") == [True]
    base = ('card "Страж" creature life 6 movement 1 strike 1-1-1 text "В конце вашего хода - каждое ваше существо '
            'получает -1 от атак до начала вашего хода."\n'
            'card "Бык" creature life 6 movement 1 strike 2-2-2\n'
            'phase main\nstep choice\nAlice cell 1.1: "Страж"\nAlice cell 1.2: "Гном-воин" as G\n'
            'Bob cell 1.1: "Бык" as B1\nBob cell 1.2: "Бык" as B2\n')
    result = run(base + 'Alice passes-turn\nBob passes\nexpect stack "Страж"\nAlice passes\nBob passes\n'
                 'advance to next turn\nadvance to step choice\nexpect active Bob\n'
                 'Bob acts B1 targeting G choosing weak\nBob passes\nAlice passes\nexpect G wounds 1\n'
                 'advance to next turn\nexpect active Alice\n')
    assert result.passed, result.failures
    # Alice's turn has begun: the reductions are over
    assert not [m for m in result.position.modifiers if m.flag and m.flag.startswith("reduction:")]


def test_destroy_equipment_on_the_attacked_card():
    assert _executes("При ударе - уничтожить выбранную экипировку стоимостью 2 или менее на атакованном.") == [True]
    base = ('card "Командор" creature life 6 movement 1 strike 1-1-1 text "При ударе - уничтожить выбранную экипировку '
            'стоимостью 2 или менее на атакованном."\n'
            'card "Кинжал" equipment silver-cost 2\n'
            'phase main\nstep choice\nAlice cell 1.1: "Командор"\n'
            'Bob cell 1.1: "Гном-воин" as G, "Кинжал" as K1 attached-to G\n'
            'Bob cell 1.2: "Келем" as C, "Кинжал" as K2 attached-to C\n')
    result = run(base + 'Alice acts "Командор" targeting G choosing weak\nexpect stack "Командор", "Командор"\n'
                 'Alice passes\nBob passes\nexpect K1 in Bob graveyard\nexpect K2 attached-to \"Келем\"\n')
    assert result.passed, result.failures


def test_bonus_against_creatures_with_fewer_current_lives():
    base = ('card "Лиосс" creature life 6 movement 1 strike 1-1-1 text "+2 к [:atk] по существам с меньшим числом '
            'текущих жизней."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Лиосс" as L1\nAlice cell 1.2: "Лиосс" as L2\n'
            'Bob cell 1.1: "Гном-воин" as G wounds 1\nBob cell 1.2: "Келем" as C\n')
    # G: 6 - 1 = 5 lives < 6: the strike is 1 + 2; Келем has 9: no bonus
    result = run(base + 'Alice acts L1 targeting G choosing weak\nAlice passes\nBob passes\nexpect G wounds 4\n'
                 'Alice passes\nBob passes\nAlice acts L2 targeting C choosing weak\nAlice passes\nBob passes\n'
                 'expect C wounds 1\n')
    assert result.passed, result.failures


def test_attack_of_your_hero_at_an_opponents_creature():
    base = ('card "Тень" creature life 6 movement 1 strike 1-1-1 text "При атаке вашего героя по существу противника - '
            'метание на 1 по атакованному (два раза за ход)."\n'
            'card "Витязь" creature life 6 movement 1 strike 1-1-1 keywords Герой-воин\n'
            'phase main\nstep choice\nAlice cell 1.1: "Тень"\nAlice cell 1.2: "Витязь"\nAlice cell 1.3: "Гном-воин" as A\n'
            'Bob cell 1.1: "Гном-воин" as G\nBob cell 1.2: "Келем" as C\n')
    result = run(base + 'Alice acts A targeting C choosing weak\nexpect stack "Гном-воин"\nAlice passes\nBob passes\n'
                 'Alice passes\nBob passes\nAlice acts "Витязь" targeting G choosing weak\n'
                 'expect stack "Тень", "Витязь"\nAlice passes\nBob passes\nexpect G wounds 1\n'
                 'Alice passes\nBob passes\nexpect G wounds 2\n')
    assert result.passed, result.failures


def test_death_of_a_forest_non_flying_creature_and_of_a_toa_dan():
    base = ('card "Кокон" creature life 6 movement 1 strike 1-1-1 text "При гибели лесного нелетающего существа - '
            'получает [:cnt]."\n'
            'card "Лесовик" creature life 2 movement 1 strike 1-1-1 element forest\n'
            'card "Лесная птица" creature life 2 movement 1 strike 1-1-1 element forest keywords Полёт\n'
            'card "Аль-Джамия" creature life 6 movement 1 strike 1-1-1 text "При гибели вашего члена ордена Тоа-Дана - '
            'получает [:cnt]."\n'
            'card "Воин Тоа-Дана" creature life 2 movement 1 strike 1-1-1 keywords Тоа-Дан\n'
            'phase main\nstep choice\nAlice cell 1.1: "Кокон"\nAlice cell 1.2: "Келем" as K1\nAlice cell 1.3: "Келем" as K2\n'
            'Alice cell 1.4: "Аль-Джамия"\nAlice cell 1.5: "Воин Тоа-Дана" as T\nAlice cell 2.1: "Келем" as K3\n'
            'Bob cell 1.1: "Лесовик" as F\nBob cell 1.2: "Лесная птица" as P\n')
    result = run(base + 'Alice uses K1 targeting P\nAlice passes\nBob passes\nexpect P in Bob graveyard\n'
                 'expect stack empty\nAlice passes\nBob passes\n'
                 'Alice uses K2 targeting F\nAlice passes\nBob passes\nexpect stack "Кокон"\nAlice passes\nBob passes\n'
                 'expect "Кокон" tokens 1\nAlice passes\nBob passes\n'
                 'Alice uses K3 targeting T\nAlice passes\nBob passes\nexpect stack "Аль-Джамия"\n')
    assert result.passed, result.failures


def test_on_movement_or_attack():
    base = ('card "Дрягв" creature life 6 movement 2 strike 1-1-1 text "При передвижении или атаке - получает [:cnt]."\n'
            'phase main\nstep choice\nAlice cell 1.1: "Дрягв"\nBob cell 1.1: "Гном-воин"\n')
    result = run(base + 'Alice moves "Дрягв" to cell 1.2\nAlice passes\nBob passes\nexpect stack "Дрягв"\n'
                 'Alice passes\nBob passes\nexpect "Дрягв" tokens 1\nAlice passes\nBob passes\n'
                 'Alice acts "Дрягв" targeting "Гном-воин" choosing weak\nexpect stack "Дрягв", "Дрягв"\n'
                 'Alice passes\nBob passes\nexpect "Дрягв" tokens 2\n')
    assert result.passed, result.failures


def test_strike_counts_dark_cards_in_your_graveyard():
    from adjudicator.games.berserk import state as S

    base = ('card "Собиратель Душ" creature life 6 movement 1 strike 1-1-1 text "+Х к [:atk], где Х - число тёмных '
            'карт на вашем кладбище."\n'
            'card "Тень" creature life 2 movement 1 strike 1-1-1 element darkness\n'
            'card "Лесовик" creature life 2 movement 1 strike 1-1-1 element forest\n'
            'phase main\nstep choice\nAlice cell 1.1: "Собиратель Душ"\n'
            'Alice graveyard: "Тень", "Тень", "Лесовик"\nBob graveyard: "Тень"\nBob cell 1.1: "Гном-воин"\n')
    result = run(base)
    assert result.passed, result.failures
    pos = result.position
    card = next(c for c in pos.copies.values() if c.name == "Собиратель Душ")
    assert S.strike_now(pos, card) == (3, 3, 3)


def test_every_forest_creature_moves_diagonally():
    base = ('card "Алламор" creature life 6 movement 1 strike 1-1-1 text "Каждое ваше лесное существо может '
            'двигаться по диагонали, пока Алламор в вашем отряде."\n'
            'card "Лесовик" creature life 2 movement 1 strike 1-1-1 element forest\n'
            'card "Степняк" creature life 2 movement 1 strike 1-1-1 element steppe\n'
            'phase main\nstep choice\nAlice cell 1.1: "Алламор"\nAlice cell 2.2: "Лесовик"\nAlice cell 2.4: "Степняк"\n'
            'Bob cell 1.1: "Гном-воин"\n')
    result = run(base + 'Alice moves "Степняк" to cell 3.5\nexpect illegal because B-413 "the move costs 2"\n'
                 'Alice moves "Лесовик" to cell 3.3\nexpect legal\n')
    assert result.passed, result.failures


def test_reduction_by_x_of_its_wounds_or_a_count():
    base = ('card "Алчущие" creature life 9 movement 1 strike 1-1-1 text "-Х от немагических атак, где Х - число ран '
            'на Алчущих."\n'
            'card "Найрунг" creature life 9 movement 1 strike 1-1-1 text "-Х от атак, где Х - количество гномов в '
            'вашем отряде."\n'
            'card "Гном" creature life 3 movement 1 strike 1-1-1 keywords Гном\n'
            'card "Громила" creature life 6 movement 1 strike 4-4-4\n'
            'phase main\nstep choice\nAlice cell 1.1: "Громила" as A1\nAlice cell 1.2: "Громила" as A2\n'
            'Bob cell 1.1: "Алчущие" wounds 2\nBob cell 1.2: "Найрунг"\nBob cell 1.3: "Гном"\nBob cell 1.4: "Гном"\n')
    result = run(base + 'Alice acts A1 targeting "Алчущие" choosing weak\nAlice passes\nBob passes\n'
                 'expect "Алчущие" wounds 4\nAlice passes\nBob passes\n'
                 'Alice acts A2 targeting "Найрунг" choosing weak\nAlice passes\nBob passes\nexpect "Найрунг" wounds 2\n')
    assert result.passed, result.failures


def test_reduction_while_its_lives_are_low():
    base = ('card "Полевица" creature life 9 movement 1 strike 1-1-1 text "-2 от немагических атак, пока у Полевицы 3 '
            'или менее [:tgh]."\n'
            'card "Громила" creature life 6 movement 1 strike 4-4-4\n'
            'phase main\nstep choice\nAlice cell 1.1: "Громила" as A1\nAlice cell 1.2: "Громила" as A2\n'
            'Bob cell 1.1: "Полевица" as P1 wounds 6\nBob cell 1.2: "Полевица" as P2 wounds 1\n')
    result = run(base + 'Alice acts A1 targeting P1 choosing weak\nAlice passes\nBob passes\nexpect P1 wounds 8\n'
                 'Alice passes\nBob passes\nAlice acts A2 targeting P2 choosing weak\nAlice passes\nBob passes\n'
                 'expect P2 wounds 5\n')
    assert result.passed, result.failures


def test_reduction_while_a_creature_of_yours_holds_a_token():
    base = ('card "Голем" creature life 9 movement 1 strike 1-1-1 text "-2 от немагических атак, пока в вашем отряде '
            'есть существо с [:cnt]."\n'
            'card "Громила" creature life 6 movement 1 strike 4-4-4\n'
            'phase main\nstep choice\nAlice cell 1.1: "Громила" as A1\nAlice cell 1.2: "Громила" as A2\n'
            'Bob cell 1.1: "Голем" as G\n')
    result = run(base + 'Alice acts A1 targeting G choosing weak\nAlice passes\nBob passes\nexpect G wounds 4\n')
    assert result.passed, result.failures
    result = run(base.replace('"Голем" as G', '"Голем" as G\nBob cell 1.2: "Гном-воин" tokens 1') +
                 'Alice acts A1 targeting G choosing weak\nAlice passes\nBob passes\nexpect G wounds 2\n')
    assert result.passed, result.failures


def test_starts_with_x_tokens_counting_other_creatures_of_an_element_capped():
    card = ('card "Мастер Ветра" creature life 4 movement 1 strike 1-1-1 element mountains text "Начинает бой с Х '
            '[:cnt], где Х - количество других горных существ в вашем отряде (максимум 3)."\n'
            'card "Горец" creature life 2 movement 1 strike 1-1-1 element mountains\n'
            'card "Лесовик" creature life 2 movement 1 strike 1-1-1 element forest\n')
    two = (card + 'phase preliminary\nstep seating\nAlice cell 1.1: "Мастер Ветра"\nAlice cell 1.2: "Горец"\n'
           'Alice cell 1.3: "Горец"\nAlice cell 1.4: "Лесовик"\nBob cell 1.1: "Келем"\n'
           'advance to step start-of-battle\n')
    result = run(two)
    assert result.passed, result.failures
    assert result.position.copies_named("Мастер Ветра")[0].counters.get("tokens") == 2
    four = two.replace('Alice cell 1.4: "Лесовик"', 'Alice cell 1.4: "Горец"\nAlice cell 1.5: "Горец"')
    result = run(four)
    assert result.position.copies_named("Мастер Ветра")[0].counters.get("tokens") == 3


def test_regeneration_of_x_counted_in_the_squad():
    from adjudicator.games.berserk import state as S

    base = ('card "Ырх" creature life 9 movement 1 strike 1-1-1 keywords Тролль text "[:rgn]-Х, где Х - число троллей '
            'в вашем отряде."\ncard "Сильван" creature life 9 movement 1 strike 1-1-1 text "[:rgn]-Х (максимум 3), '
            'где Х – число героев в вашем отряде."\n'
            'card "Тролль" creature life 3 movement 1 strike 1-1-1 keywords Тролль\n'
            'card "Витязь" creature life 3 movement 1 strike 1-1-1 keywords Герой-воин\n'
            'phase main\nstep choice\nAlice cell 1.1: "Ырх" wounds 5\nAlice cell 1.2: "Тролль"\nAlice cell 1.3: "Сильван"\n'
            'Alice cell 2.1: "Витязь"\nAlice cell 2.2: "Витязь"\nAlice cell 2.3: "Витязь"\nAlice cell 2.4: "Витязь"\n'
            'Bob cell 1.1: "Гном-воин"\n')
    result = run(base)
    pos = result.position
    assert S.keyword_amount(pos, pos.copies_named("Ырх")[0], "regeneration") == 2
    assert S.keyword_amount(pos, pos.copies_named("Сильван")[0], "regeneration") == 3
    result = run(base + 'advance to next turn\nadvance to next turn\nadvance to step opening\n'
                 'expect stack "Сильван", "Ырх"\nAlice passes\nBob passes\nAlice passes\nBob passes\n'
                 'expect "Ырх" wounds 3\n')
    assert result.passed, result.failures


def test_the_attacked_cards_element():
    base = ('card "Уриэль" creature life 9 movement 1 strike 1-1-1 text "При [:atk] - заклинание \\"новый рассвет\\" - '
            'ранить на 1 каждое существо той же стихии, что и атакованный."\n'
            'card "Агат" creature life 9 movement 1 strike 1-1-1 text "При [:atk] - ранить на 2 выбранное существо '
            'противника (кроме существ той же стихии, что и атакованный)."\n'
            'card "Лесовик" creature life 5 movement 1 strike 1-1-1 element forest\n'
            'card "Горец" creature life 5 movement 1 strike 1-1-1 element mountains\n'
            'phase main\nstep choice\nAlice cell 1.1: "Уриэль"\nAlice cell 1.2: "Лесовик" as Own\nAlice cell 1.3: "Агат"\n'
            'Bob cell 1.1: "Лесовик" as F1\nBob cell 1.2: "Лесовик" as F2\nBob cell 1.3: "Горец" as M\n')
    result = run(base + 'Alice acts "Уриэль" targeting F1 choosing weak\nAlice passes\nBob passes\n'
                 'expect F1 wounds 1\nexpect F2 wounds 1\nexpect Own wounds 1\nexpect M wounds 0\n'
                 'Alice passes\nBob passes\nexpect F1 wounds 2\nAlice passes\nBob passes\n'
                 'Alice acts "Агат" targeting F2 choosing weak\nexpect stack "Агат", "Агат"\n'
                 'Alice passes\nBob passes\nexpect M wounds 2\n')
    assert result.passed, result.failures


def test_triggers_on_the_wounds_an_attack_dealt():
    base = ('card "Кулак" creature life 9 movement 1 strike 1-1-1 text "[:tap]: Метание на 1 по существу противника. '
            'Когда наносит атакой 1 или менее рану, получает [:cnt] (3 раза за ход)."\n'
            'card "Горный Орк" creature life 9 movement 1 strike 1-1-1 text "Когда получает от [:atk] 1 рану или не '
            'получает ран - особый удар на 2 по атаковавшему."\n'
            'card "Хельда" creature life 9 movement 1 strike 1-1-1 text "Когда существо противника наносит 4 или более '
            'ран атакой - разряд на 3 по этому существу (один раз за ход)."\n'
            'card "Громила" creature life 9 movement 1 strike 4-4-4\n'
            'phase main\nstep choice\nAlice cell 1.1: "Кулак"\nAlice cell 1.2: "Громила"\n'
            'Bob cell 1.1: "Горный Орк"\nBob cell 1.2: "Хельда"\nBob cell 1.3: "Гном-воин" as G\n')
    result = run(base + 'Alice uses "Кулак" ability 1 targeting G\nexpect illegal because B-414 "does not say"\n'
                 'Alice acts "Кулак" targeting "Горный Орк" choosing weak\nAlice passes\nBob passes\n'
                 'expect "Горный Орк" wounds 1\nexpect stack "Кулак", "Горный Орк"\n'
                 'Alice passes\nBob passes\nexpect "Кулак" tokens 1\nAlice passes\nBob passes\n'
                 'expect "Кулак" wounds 2\nAlice passes\nBob passes\n'
                 'Alice acts "Громила" targeting G choosing weak\nAlice passes\nBob passes\nexpect G wounds 4\n'
                 'expect stack "Хельда"\nAlice passes\nBob passes\nexpect "Громила" wounds 3\n')
    assert result.passed, result.failures


def test_x_of_another_cards_wounds_is_not_read_as_its_own():
    assert _executes("+Х к [:atk], где Х - число ран на атакованном.") == [False]
    assert _executes("-Х к своему [:atk], где Х - число [:cnt] на Дрягве.") == [True]

"""Defenders (glossary «Назначить защитника», «Опыт в защите», «Направленный удар»; B-414, B-STACK):
what the coverage counts, and the verb `defend`."""

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario
from adjudicator.games.berserk.ability import parse_card_text
from adjudicator.games.berserk.effects import executes
from adjudicator.games.berserk.reader import parse_abilities


def _executes(text: str) -> list[bool]:
    return [executes(ab) for ab in parse_card_text(text)]


def run(text: str):
    return run_scenario(parse_scenario('scenario "t"\ngame berserk\nplayer Alice\nplayer Bob\n' + text, "<test>"))


BASE = ('card "Рубака" creature life 5 movement 1 strike 3-3-3 text "TEXT"\n'
        'card "Страж" creature life 6 movement 1 strike 1-1-1 text "DEF"\n'
        'card "Лекарь" creature life 4 movement 1 strike 1-1-1\n'
        'phase main\nstep choice\nAlice cell 1.1: "Рубака"\nBob cell 1.1: "Лекарь"\nBob cell 1.2: "Страж"\n'
        'Alice acts "Рубака" targeting "Лекарь"\nexpect legal\nAlice passes\n')


def _base(attacker: str = "", defender: str = "") -> str:
    return BASE.replace("TEXT", attacker).replace("DEF", defender)


def test_coverage_counts_the_defender_keywords_and_not_their_numbered_neighbours():
    assert _executes("[:drs].") == [True]
    assert _executes("Опыт в защите.") == [True]
    assert _executes("Опыт в атаке. Опыт в защите.") == [True]
    assert _executes("Опыт в атаке и защите.") == [True]
    assert _executes("Не закрывается, выступая защитником.") == [True]
    # no glossary entry for a number after «Опыт в защите», nor for the conditions
    assert _executes("Опыт в защите 2.") == [False]
    assert _executes("Опыт в защите 3 против отравленных существ.") == [False]
    assert _executes("[:drs]. Трупоедство.") == [False]


def test_reader_marks_not_closing_as_defender_as_its_own_static():
    ab = parse_abilities("Не закрывается, выступая защитником.")[0]
    assert ab["static"] == "defends-open" and not ab["unknown"]
    assert parse_abilities("После промаха в свой ход - не закрывается.")[0]["static"] != "defends-open"


def test_a_defender_takes_the_strike_and_closes():
    result = run(_base() + 'Bob defends "Лекарь" with "Страж"\nexpect legal\nexpect "Страж" closed\n'
                 'Alice passes\nBob passes\nexpect "Страж" wounds 3\nexpect "Лекарь" wounds 0\n')
    assert result.passed, result.failures


def test_without_a_defender_the_strike_lands_on_its_target():
    result = run(_base() + 'Bob passes\nexpect "Лекарь" wounds 3\nexpect "Страж" wounds 0\nexpect "Страж" not closed\n')
    assert result.passed, result.failures


def test_defence_experience_keeps_the_defender_open():
    for text in ("Опыт в защите.", "Опыт в атаке и защите.", "Не закрывается, выступая защитником."):
        result = run(_base(defender=text) + 'Bob defends with "Страж"\nexpect legal\nexpect "Страж" not closed\n'
                     'Alice passes\nBob passes\nexpect "Страж" wounds 3\n')
        assert result.passed, (text, result.failures)


def test_directed_strike_forbids_a_defender():
    result = run(_base(attacker="[:drs].") + 'Bob defends "Лекарь" with "Страж"\n'
                 'expect illegal because B-414 "Направленный удар"\n')
    assert result.passed, result.failures


def test_attack_experience_and_defence_together_spares_the_attacker_too():
    result = run(_base(attacker="Опыт в атаке и защите.") + 'Bob passes\nexpect "Рубака" not closed\n')
    assert result.passed, result.failures


def test_a_directed_strike_with_a_limit_is_neither_counted_nor_guessed():
    assert _executes("[:unq]. [:drs] по картам с метанием.") == [False]
    assert _executes("Аккениец. [:drs] по существам с уязвимостью.") == [False]
    keywords = parse_abilities("Слуа. [:drs] и вампиризм по рядовым существам.")[0]["keywords"]
    assert "directed-strike по рядовым существам" in keywords and "directed-strike" not in keywords
    result = run(_base(attacker="[:drs] по картам с метанием.") + 'Bob defends "Лекарь" with "Страж"\n'
                 'expect illegal because B-414 "does not guess"\n')
    assert result.passed, result.failures


def test_a_turn_order_icon_in_the_middle_of_a_keyword_line_is_not_counted():
    # «[:2hod]:» governs what follows it only; the reading would hold it for «Опыт в атаке» too
    assert _executes("Йордлинг. Опыт в атаке. [:2hod]:[:prs] и опыт в защите.") == [False]
    assert _executes("[:unq]. Орк. Не носит экипировку. [:2hod]: [:prs].") == [False]
    assert _executes("[:2hod]: Опыт в защите.") == [True]

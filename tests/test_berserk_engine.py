"""Berserk battle engine: unit tests per rule, every scenario file, and a failing expectation."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.core.runner import run_file, run_scenario
from adjudicator.core.scenario_parser import parse_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios" / "berserk").glob("*.scn"))


def run(text: str):
    return run_scenario(parse_scenario(text, "<test>"))


def head(rest: str) -> str:
    return 'scenario "t"\ngame berserk\nplayer Alice\nplayer Bob\n' + rest


def test_there_are_forty_scenarios():
    assert len(SCENARIOS) >= 40


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_passes(path):
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)


def test_every_rule_is_covered_by_scenarios():
    from adjudicator import rules

    wanted = {r for r in rules.all_rules() if r.startswith("B-")}
    cited = set()
    for path in SCENARIOS:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("rule "):
                cited.update(line.split()[1:])
    assert wanted <= cited, sorted(wanted - cited)


def test_wrong_expectation_fails_on_its_line():
    result = run(head("phase preliminary\nstep roll\nAlice rolls 5\nBob rolls 2\nAlice chooses first\n"
                      "expect Bob gold-crystals 24\n"))
    assert not result.passed
    assert [f.line for f in result.failures] == [10]
    assert "gold-crystals 25" in result.failures[0].found


def test_b402_1_tie_rerolls():
    result = run(head("phase preliminary\nstep roll\nAlice rolls 4\nBob rolls 4\nAlice chooses first\n"
                      "expect illegal because B-402.1\nAlice rolls 6\nexpect legal\n"))
    assert result.passed, [f.render() for f in result.failures]


def test_b402_4_mulligan_pays_gold_and_redeals():
    result = run('scenario "t"\ngame berserk\nplayer Alice gold-crystals 24\nplayer Bob\nphase preliminary\n'
                 'step mulligan\nAlice deck: 20 "Гном-воин"\nAlice deal: 15 "Келем"\nAlice mulligan\nBob keep\n')
    assert result.passed, [f.render() for f in result.failures]
    pos = result.position
    assert pos.players["Alice"].attrs["gold-crystals"] == 23
    assert [c.name for c in pos.zone("Alice", "deal")] == ["Гном-воин"] * 15


def test_b404_1_forbidden_cell():
    result = run('scenario "t"\ngame berserk\nplayer Alice\nplayer Bob forbidden-cells "1.3"\nphase preliminary\n'
                 'step placement\nBob squad: "Гном-воин"\nBob places "Гном-воин" to cell 1.3\n'
                 "expect illegal because B-404.1\n")
    assert result.passed, [f.render() for f in result.failures]


def test_b412_2_choice_cannot_be_passed():
    result = run(head('phase main\nstep choice\nAlice cell 1.1: "Келем"\nAlice passes\n'
                      "expect illegal because B-412.2\n"))
    assert result.passed, [f.render() for f in result.failures]


def test_b411_only_active_in_choice():
    result = run(head('phase main\nstep choice\nBob cell 1.1: "Келем"\nAlice cell 1.1: "Гном-воин"\n'
                      'Bob uses "Келем" targeting "Гном-воин"\nexpect illegal because B-411\n'))
    assert result.passed, [f.render() for f in result.failures]


def test_b414_action_wounds_and_closes():
    result = run(head('phase main\nstep choice\nAlice cell 1.1: "Келем"\nBob cell 1.1: "Гном-воин"\n'
                      'Alice uses "Келем" targeting "Гном-воин"\nexpect step action\nexpect stack "Келем"\n'
                      "Alice passes\nBob passes\n"))
    assert result.passed, [f.render() for f in result.failures]
    pos = result.position
    gnome = pos.copies_named("Гном-воин")[0]
    kelem = pos.copies_named("Келем")[0]
    assert gnome.counters["wounds"] == 2
    assert "closed" in kelem.flags
    assert pos.stack == []


def test_b415_2_raphael_heals_at_next_final():
    result = run(head('phase final\nAlice cell 1.1: "Рафаэль"\nAlice cell 1.2: "Гном-воин" wounds 3\n'
                      'Alice uses "Рафаэль" targeting "Гном-воин"\nBob passes\nAlice passes\n'
                      'expect "Гном-воин" wounds 5\nadvance to phase final\nexpect turn 2\n'
                      'expect stack "Рафаэль"\nexpect priority Bob\nBob passes\nAlice passes\nexpect "Гном-воин" wounds 0\n'))
    assert result.passed, [f.render() for f in result.failures]


def test_b415_3_turn_passes_and_until_end_of_turn_ends():
    result = run(head('card "Жрец" creature life 4 movement 1 strike 1-1-1 text "Внезапное действие: выбранное '
                      'существо получает +2 к жизни до конца хода"\nphase final\nAlice cell 1.1: "Жрец"\n'
                      'Alice uses "Жрец" targeting "Жрец"\nBob passes\nAlice passes\nexpect "Жрец" life 6\n'
                      'Alice passes\nBob passes\nexpect active Bob\nexpect "Жрец" life 4\nexpect phase start\n'))
    assert result.passed, [f.render() for f in result.failures]


def test_rejected_action_changes_nothing():
    text = head('phase main\nstep choice\nAlice cell 1.1: "Келем" closed\nBob cell 1.1: "Гном-воин"\n'
                'Alice uses "Келем" targeting "Гном-воин"\nexpect illegal because B-414\n')
    result = run(text)
    assert result.passed
    assert result.position.copies_named("Гном-воин")[0].counters.get("wounds", 0) == 0


def test_executable_kinds_are_what_the_engine_does():
    from adjudicator.games.berserk.effects import EXECUTABLE_KINDS

    assert {"wound", "heal"} <= EXECUTABLE_KINDS


def test_executable_kinds_belong_to_the_ability_grammar():
    ability = pytest.importorskip("adjudicator.games.berserk.ability")
    from adjudicator.games.berserk.effects import EXECUTABLE_KINDS

    assert EXECUTABLE_KINDS <= set(ability.EFFECT_KINDS)

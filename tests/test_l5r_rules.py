"""L5R rules: unit checks per rule, and the suite's coverage of the rule IDs it must exercise."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.runner import run_file

from .helpers import L5R_HEAD, REPO, run_text

SUITE = sorted((REPO / "scenarios" / "l5r").glob("*.scn"))

#: the rule IDs the foundation slice enforces (issue 2); each needs a scenario and engine citations
FOUNDATION_RULES = ["L5R-TURN", "L5R-STRAIGHTEN", "L5R-ROUND", "L5R-LIMITED", "L5R-OPEN", "L5R-BATTLE",
                    "L5R-ACT-COND", "L5R-ACT-ANNOUNCE", "L5R-ACT-TARGET", "L5R-ACT-COST", "L5R-ACT-EFFECT",
                    "L5R-ACT-CLEANUP", "L5R-DURATION", "L5R-END"]


@pytest.mark.parametrize("path", SUITE, ids=[p.stem for p in SUITE])
def test_shipped_l5r_scenario_passes(path):
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)


def _engine_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "adjudicator" / "games" / "l5r").glob("*.py"))


@pytest.mark.parametrize("rule", FOUNDATION_RULES)
def test_rule_is_cited_by_engine_and_exercised_by_a_scenario(rule):
    assert re.search(rf'"{re.escape(rule)}(\.\d+)?"', _engine_source()), f"the engine never cites {rule}"
    citing = [p for p in SUITE if re.search(rf"^rule .*\b{re.escape(rule)}\b", p.read_text(encoding="utf-8"), re.M)]
    assert citing, f"no shipped scenario is about {rule}"


def test_straighten_only_the_active_players_cards():
    r = run_text(L5R_HEAD + 'Alice home: "Veteran Sergeant" bowed\nBob home: "Young Duelist" bowed\n'
                 'advance to phase events\nexpect "Veteran Sergeant" not bowed\nexpect "Young Duelist" bowed\n')
    assert r.passed, [f.render() for f in r.failures]


def test_action_phase_priority_starts_with_active_player():
    r = run_text(L5R_HEAD + "active Bob\nphase action\nexpect priority Bob\n")
    assert r.passed


def test_end_phase_draws_one_card():
    r = run_text(L5R_HEAD + 'phase end\nAlice fate-deck: "Simple Katana", "Firm Stance"\nadvance to next turn\n'
                 "expect Alice hand 1\nexpect Alice fate-deck 1\nexpect active Bob\n")
    assert r.passed, [f.render() for f in r.failures]


def test_wrong_expectation_in_a_copy_of_a_shipped_scenario_fails_at_its_line(tmp_path):
    text = (REPO / "scenarios" / "l5r" / "round-two-passes-end-phase.scn").read_text(encoding="utf-8")
    broken = text.replace("expect phase attack", "expect phase dynasty")
    path = tmp_path / "broken.scn"
    path.write_text(broken, encoding="utf-8")
    result = run_file(path)
    (failure,) = result.failures
    assert failure.line == broken.splitlines().index("expect phase dynasty") + 1
    assert failure.found == "phase attack"

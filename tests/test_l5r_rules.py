"""L5R rules: unit checks per rule, and the suite's coverage of the rule IDs it must exercise."""

from __future__ import annotations

import re

import pytest

from adjudicator.core.runner import run_file

from .helpers import L5R_HEAD, REPO, run_text, shared_dir

SUITE = sorted((REPO / "scenarios" / "l5r").glob("*.scn"))

def _rules_md_ids() -> list[str]:
    path = shared_dir() / "RULES.md"
    if not path.is_file():
        return []
    return re.findall(r"^\| (L5R-[A-Z-]+) \|", path.read_text(encoding="utf-8"), re.M)


#: every L5R rule of RULES.md (the suite must cite, exercise and, where it forbids, reject)
ALL_RULES = _rules_md_ids()
#: rules that describe what happens with no player choice to refuse: nothing to reject
NO_CHOICE = {"L5R-STRAIGHTEN", "L5R-EVENTS", "L5R-REGION", "L5R-ACT-ANNOUNCE", "L5R-ACT-EFFECT",
             "L5R-ACT-CLEANUP", "L5R-TRAIT", "L5R-DURATION", "L5R-RESOLVE", "L5R-HOLDING"}


@pytest.mark.parametrize("path", SUITE, ids=[p.stem for p in SUITE])
def test_shipped_l5r_scenario_passes(path):
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)


def _engine_source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "adjudicator" / "games" / "l5r").glob("*.py"))


@pytest.mark.parametrize("rule", ALL_RULES or ["(RULES.md absent)"])
def test_rule_is_cited_exercised_and_rejected(rule):
    if not ALL_RULES:
        pytest.skip(f"RULES.md is absent ({shared_dir()})")
    assert re.search(rf'"{re.escape(rule)}(\.\d+)?"', _engine_source()), f"the engine never cites {rule}"
    texts = [p.read_text(encoding="utf-8") for p in SUITE]
    citing = [t for t in texts if re.search(rf"^rule .*\b{re.escape(rule)}\b", t, re.M)]
    assert citing, f"no shipped scenario is about {rule}"
    if rule not in NO_CHOICE:
        rejecting = [t for t in texts if re.search(rf"because [^\"\n]*\b{re.escape(rule)}\b", t)]
        assert rejecting, f"no shipped scenario shows {rule} rejecting an action"


def test_suite_size():
    assert len(SUITE) >= 80


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

"""The CLI through click's CliRunner: exit codes, formats, error rendering."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

import pytest


from .helpers import run_cli, REPO

GOOD = '''scenario "Two passes end the round"
game l5r
rule L5R-ROUND
player Alice
player Bob
phase action
Alice passes
Bob passes
expect phase attack
'''
BAD_EXPECT = GOOD.replace("expect phase attack", "expect phase dynasty")
SYNTAX = 'scenario "x"\ngame l5r\nAlice home: Doji\n'


def run(args, **kwargs):
    return run_cli(args, **kwargs)


@pytest.fixture
def files(tmp_path):
    (tmp_path / "good.scn").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.scn").write_text(BAD_EXPECT, encoding="utf-8")
    (tmp_path / "syntax.scn").write_text(SYNTAX, encoding="utf-8")
    return tmp_path


def test_check_passing_file_exits_0(files):
    res = run(["check", str(files / "good.scn")])
    assert res.exit_code == 0, res.output
    assert "1 passed, 0 failed" in res.output


def test_check_failing_expectation_exits_1_with_file_line(files):
    res = run(["check", str(files / "bad.scn")])
    assert res.exit_code == 1
    assert f"{files / 'bad.scn'}:9: expected phase dynasty" in res.output
    assert "found: phase attack" in res.output


def test_check_syntax_error_exits_2_with_caret(files):
    res = run(["check", str(files / "syntax.scn")])
    assert res.exit_code == 2
    assert f"{files / 'syntax.scn'}:3:13" in res.output
    assert "^" in res.output
    assert "Traceback" not in res.output


def test_check_json_shape(files):
    res = run(["check", "--format", "json", str(files / "good.scn"), str(files / "bad.scn")])
    doc = json.loads(res.output)
    assert (doc["passed"], doc["failed"]) == (1, 1)
    bad = next(s for s in doc["scenarios"] if not s["passed"])
    assert set(bad) >= {"file", "title", "passed", "failures"}
    assert set(bad["failures"][0]) >= {"line", "expected", "found", "rules"}
    assert bad["failures"][0]["line"] == 9


def test_check_junit_shape(files):
    res = run(["check", "--format", "junit", str(files / "good.scn"), str(files / "bad.scn")])
    root = ET.fromstring(res.output)
    assert root.tag == "testsuites"
    suite = root.find("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 2 and sum(1 for c in cases if c.find("failure") is not None) == 1


def test_check_folder_recursive_and_jobs(files):
    (files / "sub").mkdir()
    (files / "sub" / "again.scn").write_text(GOOD, encoding="utf-8")
    (files / "syntax.scn").unlink()
    res = run(["check", "--jobs", "2", str(files)])
    assert "2 passed, 1 failed" in res.output
    assert res.exit_code == 1


def test_missing_path_exits_2(tmp_path):
    res = run(["check", str(tmp_path / "nope.scn")])
    assert res.exit_code == 2


def test_explain_lists_steps_with_rules():
    res = run(["explain", str(REPO / "scenarios" / "l5r" / "spec-example-dishonor-cost.scn")])
    assert res.exit_code == 0, res.output
    assert "[L5R-ACT-COST" in res.output and "announce" in res.output


def test_explain_json():
    res = run(["explain", "--format", "json", str(REPO / "scenarios" / "l5r" / "spec-example-dishonor-cost.scn")])
    doc = json.loads(res.output)
    assert doc["trace"][0]["reasons"][0]["rule"].startswith("L5R-ACT-COST")


def test_parse_prints_the_ast():
    res = run(["parse", "--game", "l5r", "Limited: Draw a card."])
    assert res.exit_code == 0
    assert "Ability" in res.output


def test_parse_berserk_russian_text():
    res = run(["parse", "--game", "berserk", "--format", "json", "При атаке ранит выбранное существо противника на 1."])
    assert res.exit_code == 0, res.output
    assert "выбранное существо" in res.output and '"wound"' in res.output


def test_parse_unknown_game_suggests():
    res = run(["parse", "--game", "l5", "x"])
    assert res.exit_code == 2
    assert "l5r" in res.output


def test_usage_error_is_exit_2():
    res = run(["check"])
    assert res.exit_code == 2

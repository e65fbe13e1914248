"""Scenario and card files are data: paths stay under --root, huge inputs are refused."""

from __future__ import annotations

import pytest

from adjudicator.core import runner as runner_mod
from adjudicator.core.errors import ScenarioError
from adjudicator.core.runner import run_file

from .helpers import run_cli

SCN = 'scenario "t"\ngame here-i-stand\ncards "{path}"\nplayer Ottoman\nexpect active Ottoman\n'


def test_cards_path_cannot_escape_root(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "cards.csv"
    outside.write_text("num,CONSTANT_NAME,css_class_name,name,type,cp,remove\n", encoding="utf-8")
    scn = root / "a.scn"
    scn.write_text(SCN.format(path="../cards.csv"), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_file(scn, root=root)
    assert "outside the allowed root" in info.value.render()
    res = run_cli(["check", "--root", str(root), str(scn)])
    assert res.exit_code == 2 and "outside the allowed root" in res.output


def test_missing_database_is_a_clear_error(tmp_path):
    scn = tmp_path / "a.scn"
    scn.write_text(SCN.format(path="nope.csv"), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_file(scn)
    assert "no card database" in info.value.render() and info.value.line == 3


def test_huge_database_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(runner_mod, "MAX_DATABASE_BYTES", 10)
    db = tmp_path / "cards.csv"
    db.write_text("x" * 100, encoding="utf-8")
    scn = tmp_path / "a.scn"
    scn.write_text(SCN.format(path="cards.csv"), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_file(scn)
    assert "limit" in info.value.render()


def test_huge_scenario_is_refused(tmp_path):
    scn = tmp_path / "big.scn"
    scn.write_bytes(b'scenario "t"\n' + b"# padding\n" * 300_000)
    res = run_cli(["check", str(scn)])
    assert res.exit_code == 2 and "limited to" in res.output


def test_nothing_in_a_scenario_is_executed(tmp_path):
    marker = tmp_path / "pwned"
    scn = tmp_path / "a.scn"
    scn.write_text(f'scenario "__import__(\'os\').system(\'touch {marker}\')"\ngame l5r\nplayer A\nplayer B\n'
                   f'expect active A\n', encoding="utf-8")
    assert run_file(scn).passed
    assert not marker.exists()

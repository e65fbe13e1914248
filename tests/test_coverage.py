"""Coverage measurement and the ``coverage`` command (standalone, via CliRunner)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli.coverage_cmd import coverage
from adjudicator.core.coverage import UnknownGameError, measure, measure_texts


def _shared_l5r() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    if env:
        return Path(env) / "data" / "l5r"
    return Path(__file__).resolve().parents[2] / "shared" / "data" / "l5r"


ORACLE = _shared_l5r() / "oracle_of_the_void_json"


@pytest.fixture
def small_db(tmp_path):
    records = [
        {"title": ["Court Insult"], "type": ["Strategy"],
         "text": ["<b>Political Limited:</b> Dishonor one of your target Personalities: Draw a card."]},
        {"title": ["Odd Card"], "type": ["Strategy"], "text": ["<b>Limited:</b> Frobnicate the wibble."]},
        {"title": ["Two Lines"], "type": ["Holding"],
         "text": [":bow:: Produce 2 Gold.<br><b>Battle:</b> Frobnicate the wibble."]},
        {"type": ["Holding"]},
    ]
    f = tmp_path / "small.json"
    f.write_text(json.dumps(records), encoding="utf-8")
    return f


def test_measure_small_db(small_db):
    r = measure("l5r", [small_db])
    assert r.cards == 3 and r.skipped == 1
    assert r.abilities == 4
    assert r.skeleton == 4
    assert r.structured == 2
    assert r.unparsed["Frobnicate the wibble."] == 2
    assert 0 <= r.executable <= r.structured


def test_measure_texts_counts_lines():
    r = measure_texts("l5r", ["<b>Open:</b> Lose 1 Honor.<br><b>Open:</b> Gain 2 Honor.", ""])
    assert r.abilities == 2 and r.structured == 2


def test_unknown_game():
    with pytest.raises(UnknownGameError):
        measure("chess", [])


def test_cli_text(small_db):
    result = CliRunner().invoke(coverage, ["--game", "l5r", "--cards", str(small_db), "--show", "unparsed"])
    assert result.exit_code == 0, result.output
    assert "skeleton" in result.output and "structured" in result.output
    assert "Frobnicate the wibble." in result.output


def test_cli_json(small_db):
    result = CliRunner().invoke(coverage, ["--game", "l5r", "--cards", str(small_db), "--format", "json", "--limit", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) >= {"game", "abilities", "skeleton", "structured", "executable", "cards", "skipped", "unparsed_top"}
    assert data["game"] == "l5r" and data["cards"] == 3 and data["skipped"] == 1
    assert data["unparsed_top"] == [["Frobnicate the wibble.", 2]]


def test_cli_errors(tmp_path, small_db):
    runner = CliRunner()
    r = runner.invoke(coverage, ["--game", "chess", "--cards", str(small_db)])
    assert r.exit_code == 2 and "unknown game" in r.output
    r = runner.invoke(coverage, ["--game", "l5r", "--cards", str(tmp_path / "missing.json")])
    assert r.exit_code == 2
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    r = runner.invoke(coverage, ["--game", "l5r", "--cards", str(bad)])
    assert r.exit_code == 2 and "bad.json" in r.output and "Traceback" not in r.output
    r = runner.invoke(coverage, ["--game", "l5r"])
    assert r.exit_code == 2


def test_real_pool_skeleton_complete():
    if not ORACLE.exists():
        pytest.skip(f"shared L5R data not found at {ORACLE} (set ADJUDICATOR_SHARED)")
    r = measure("l5r", [ORACLE])
    assert r.cards > 3000 and r.abilities > 4000
    assert r.skeleton <= r.abilities and r.structured <= r.skeleton and r.executable <= r.structured

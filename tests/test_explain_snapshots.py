"""`explain` output pinned by snapshot: the spec's example and one scenario per game.

Regenerate after an intended change with ADJUDICATOR_UPDATE_SNAPSHOTS=1 and review the diff.
"""

from __future__ import annotations

import os

import pytest

from adjudicator.cli.reports import explain_text
from adjudicator.core.runner import run_file

from .helpers import REPO

CASES = {
    "spec-example": "scenarios/l5r/spec-example-dishonor-cost.scn",
    "l5r-battle": "scenarios/l5r/attack-full-battle-attacker-wins.scn",
    "berserk": "scenarios/berserk/27_attack_strike.scn",
    "time-masters": "scenarios/time-masters/32_full_turn.scn",
    "here-i-stand": "scenarios/here-i-stand/26-full-action-phase.scn",
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_explain_snapshot(name, monkeypatch):
    monkeypatch.chdir(REPO)
    text = explain_text(run_file(CASES[name])) + "\n"
    snapshot = REPO / "tests" / "snapshots" / f"explain-{name}.txt"
    if os.environ.get("ADJUDICATOR_UPDATE_SNAPSHOTS") or not snapshot.exists():
        snapshot.write_text(text, encoding="utf-8")
    assert text == snapshot.read_text(encoding="utf-8")

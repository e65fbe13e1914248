"""Scenarios that adjudicate real cards from the shared card databases (never copied here)."""

from __future__ import annotations

import pytest

from adjudicator.core.runner import run_file

from .helpers import REPO, shared_dir

REAL = sorted((REPO / "tests" / "real_cards").glob("*.scn"))


@pytest.mark.parametrize("path", REAL, ids=[p.stem for p in REAL])
def test_real_card_scenario(path):
    if not (shared_dir() / "data").is_dir():
        pytest.skip(f"the shared card data is absent ({shared_dir() / 'data'})")
    result = run_file(path)
    assert result.passed, "\n".join(f.render() for f in result.failures)

"""Shared helpers for tests: run scenario text, find the shared data folder."""

from __future__ import annotations

import os
from pathlib import Path

from adjudicator.core.runner import run_scenario
from adjudicator.core.scenario_parser import parse_scenario

REPO = Path(__file__).resolve().parents[1]


def shared_dir() -> Path:
    env = os.environ.get("ADJUDICATOR_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def claims_tests(carried_out, not_carried_out):
    """The two parametrized tests of an "executes() claims these card texts, not those" list, to be
    bound to test names in the calling module (pytest collects them there)."""
    import pytest

    from adjudicator.games.l5r.ability import parse_ability
    from adjudicator.games.l5r.effects import executes

    @pytest.mark.parametrize("text", carried_out)
    def claimed(text):
        assert executes(parse_ability(text))

    @pytest.mark.parametrize("text", not_carried_out)
    def not_claimed(text):
        assert not executes(parse_ability(text))

    return claimed, not_claimed


def run_text(text: str, file: str = "t.scn"):
    return run_scenario(parse_scenario(text, file))


L5R_HEAD = """scenario "t"
game l5r
player Alice clan Crane family-honor 12
player Bob clan Crab family-honor 9
"""


def run_cli(args, **kwargs):
    """Run the real entry point (error handling and exit codes included) under CliRunner."""
    import click
    from click.testing import CliRunner

    from adjudicator.cli.main import main

    @click.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                     "help_option_names": []})
    @click.pass_context
    def entry(ctx):
        main(list(ctx.args))

    return CliRunner().invoke(entry, args, **kwargs)

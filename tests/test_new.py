"""`adjudicator new`: every game's skeleton passes `check`, is formatted, lists the vocabulary."""

from __future__ import annotations

import pytest

from adjudicator.core.formatter import format_text
from adjudicator.core.registry import available, game_names, get_game
from adjudicator.core.runner import run_file

from .helpers import run_cli


def run(args, **kwargs):
    return run_cli(args, **kwargs)


@pytest.mark.parametrize("game", game_names())
def test_skeleton_passes_check(game, tmp_path):
    if not available(game):
        pytest.skip(f"{game} is not implemented yet")
    out = tmp_path / f"{game}.scn"
    res = run(["new", "--game", game, "--output", str(out)])
    assert res.exit_code == 0, res.output
    result = run_file(out)
    assert result.passed, [f.render() for f in result.failures]
    assert result.expectations >= 3
    res = run(["check", str(out)])
    assert res.exit_code == 0, res.output


@pytest.mark.parametrize("game", game_names())
def test_skeleton_names_the_vocabulary_and_is_formatted(game):
    if not available(game):
        pytest.skip(f"{game} is not implemented yet")
    res = run(["new", "--game", game])
    assert res.exit_code == 0
    text = res.stdout
    g = get_game(game)
    for word in (*g.phases, *g.verbs, *g.zones):
        assert word in text
    assert format_text(text) == text
    assert f"game {game}\n" in text


def test_unknown_game_suggests(tmp_path):
    res = run(["new", "--game", "berzerk"])
    assert res.exit_code == 2
    assert "did you mean 'berserk'" in res.stderr


def test_does_not_overwrite_without_force(tmp_path):
    out = tmp_path / "x.scn"
    out.write_text("mine", encoding="utf-8")
    res = run(["new", "--game", "l5r", "--output", str(out)])
    assert res.exit_code == 2
    assert out.read_text(encoding="utf-8") == "mine"

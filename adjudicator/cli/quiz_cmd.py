"""``adjudicator quiz``: the expectations of scenario files asked as questions.

The right answers are the engine's verdicts; each answer is followed by the engine's
explanation with rule IDs. The session logic lives in :mod:`adjudicator.quiz`.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from ..core.errors import suggestion_text
from ..core.registry import game_names


def _files(paths: tuple[str, ...]) -> list[Path]:
    from ..quiz.session import collect_files, default_scenario_folder

    if not paths:
        folder = default_scenario_folder()
        if folder is None:
            raise click.UsageError("no scenarios folder next to the package; give PATH (files or folders)")
        paths = (str(folder),)
    try:
        return collect_files(paths)
    except FileNotFoundError as exc:
        raise click.UsageError(f"{exc}: no such file or folder") from None


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--game", "-g", "game", help="only scenarios of this game")
@click.option("--rule", "-r", "rules", multiple=True, help="only scenarios about this rule ID (or its sub-rules); repeatable")
@click.option("--count", "-n", type=click.IntRange(1, 10_000), default=10, show_default=True, help="how many questions")
@click.option("--seed", "-s", type=int, help="shuffle seed, to repeat a session")
@click.option("--answers", "answers_file", type=click.Path(exists=True, dir_okay=False),
              help="read answers from this file, one per line (else stdin)")
def quiz(paths, game, rules, count, seed, answers_file):
    """Quiz yourself on rulings: scenarios' expectations asked as questions.

    PATH: scenario files or folders (default: the shipped scenarios). Answers are typed
    (yes/no, an option's number or name, a number, step numbers in order), or piped one
    per line, or read from --answers. Ends with "Score: K/N".
    """
    from ..quiz.session import Printer, answer_source, iter_questions, run_session, select

    if game and game not in game_names():
        hint = suggestion_text(game, game_names())
        raise click.UsageError(f"unknown game '{game}'" + (f"; {hint}" if hint else "")
                               + " (games: " + ", ".join(game_names()) + ")")
    if seed is None:
        seed = random.randrange(1_000_000)
    selection = select(_files(paths), game=game, rules=rules, seed=seed)
    for exc in selection.errors:
        click.echo(exc.render(), err=True)
    reported = len(selection.errors)
    if not selection.scenarios:
        raise click.UsageError("no scenario matches" + (f" --game {game}" if game else "")
                               + "".join(f" --rule {r}" for r in rules))
    out = Printer(colour=sys.stdout.isatty())
    header = (f"Quiz: {len(selection.scenarios)} scenario(s), up to {count} question(s), seed {seed}"
              + " (repeat with --seed)")
    questions = iter_questions(selection, seed, count)
    right, asked = run_session(questions, answer_source(answers_file), out, header=header)
    for exc in selection.errors[reported:]:  # scenarios that failed to run were skipped
        click.echo(exc.render(), err=True)
    if asked == 0:
        click.echo("no question was asked", err=True)
    out.line()
    out.line(f"Score: {right}/{asked}", "bold")

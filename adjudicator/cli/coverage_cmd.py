"""``adjudicator coverage``: how much of a card database a game's ability grammar parses.

    adjudicator coverage --game l5r --cards shared/data/l5r/oracle_of_the_void_json
    adjudicator coverage --game l5r --cards a.json --cards cards-emperor.xml --format json
    adjudicator coverage --game l5r --cards DB --show unparsed --limit 50

Counts ability lines (``abilities``), lines whose skeleton parsed (``skeleton``), lines
with no unparsed fragment (``structured``) and structured lines whose every effect the
game's resolver can execute (``executable``). Exit codes: 0 ok; 2 bad usage, unknown
game or unreadable card database.
"""

from __future__ import annotations

import json
from pathlib import Path

import click


class CoverageError(click.ClickException):
    exit_code = 2


@click.command("coverage")
@click.option("--game", "game", required=True, help="Game name: l5r, berserk, ...")
@click.option(
    "--cards",
    "cards",
    multiple=True,
    required=True,
    type=click.Path(exists=True, path_type=Path),
    help="Card database file or folder (repeatable).",
)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--show", "show", type=click.Choice(["unparsed"]), default=None, help="Also list unparsed fragments.")
@click.option("--limit", "limit", type=click.IntRange(min=0), default=20, show_default=True, help="How many fragments to list.")
def coverage(game: str, cards: tuple[Path, ...], fmt: str, show: str | None, limit: int) -> None:
    """Measure ability-grammar coverage of card databases."""
    from adjudicator.core.coverage import UnknownGameError, game_module, measure

    try:
        game_module(game)
    except UnknownGameError as exc:
        raise click.UsageError(str(exc)) from None
    try:
        report = measure(game, list(cards))
    except UnknownGameError as exc:
        raise CoverageError(str(exc)) from None
    except Exception as exc:  # the loader's CardDatabaseError (message names the file)
        if type(exc).__name__ == "CardDatabaseError" or isinstance(exc, (OSError, ValueError)):
            raise CoverageError(str(exc)) from None
        raise

    if fmt == "json":
        click.echo(json.dumps(report.to_json(limit), ensure_ascii=False, indent=2))
        return

    def line(label: str, n: int) -> str:
        return f"  {label:<11} {n:>6}  {report.percent(n):5.1f} %"

    click.echo(f"{game}: {report.cards} cards, {report.skipped} skipped records, {report.abilities} ability lines")
    click.echo(line("skeleton", report.skeleton))
    click.echo(line("structured", report.structured))
    if report.executable_known:
        click.echo(line("executable", report.executable))
    else:
        click.echo(f"  executable       0  (no executable kinds: {report.executable_note})")
    click.echo(f"  parse time  {report.seconds:.2f} s")
    if show == "unparsed":
        click.echo(f"top {limit} unparsed fragments:")
        for text, count in report.unparsed.most_common(limit):
            click.echo(f"  {count:>5}  {text}")

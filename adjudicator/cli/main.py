"""The ``adjudicator`` command: a thin click layer over the library.

Domain errors become exit codes in one place (:func:`main`): 0 all good, 1 a scenario
failed, 2 bad input or usage.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..core.errors import SourceError

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(click.ClickException):
    exit_code = EXIT_BAD_INPUT


def _utf8_streams() -> None:
    """Russian card names must print on terminals without a UTF-8 locale too."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if (stream.encoding or "").lower().replace("-", "") != "utf8":
                stream.reconfigure(encoding="utf-8")  # type: ignore[attr-defined]
        except (AttributeError, ValueError):
            pass


def collect_scenarios(paths: tuple[str, ...]) -> list[Path]:
    from ..core.files import scenario_files

    try:
        return scenario_files(paths)
    except FileNotFoundError as exc:
        raise BadInput(f"{exc}: no such file or folder") from None


class LazyGroup(click.Group):
    """Commands that live in their own modules are imported only when used (fast start-up)."""

    lazy = {"coverage": "coverage_cmd", "rules": "rules_cmd", "quiz": "quiz_cmd", "fmt": "fmt_cmd",
            "new": "new_cmd"}

    def list_commands(self, ctx):
        names = set(super().list_commands(ctx))
        names.update(n for n in self.lazy if self._module_exists(n))
        return sorted(names)

    def get_command(self, ctx, name):
        if name in self.lazy and name not in self.commands:
            from importlib import import_module

            try:
                command = getattr(import_module(f"adjudicator.cli.{self.lazy[name]}"), name)
            except (ImportError, AttributeError):
                return None
            self.add_command(command, name)
        return super().get_command(ctx, name)

    def _module_exists(self, name: str) -> bool:
        return (Path(__file__).parent / f"{self.lazy[name]}.py").is_file()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="adjudicator")
def cli() -> None:
    """Rules adjudication for card games: L5R CCG, Berserk CCG, Time Masters, Here I Stand.

    Scenario files (*.scn) declare a position, the actions taken and the rulings expected;
    every verdict cites the rule IDs of the rules reference (see `adjudicator rules`).
    """


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "json", "junit"]), default="text", show_default=True,
              help="text for people, json or junit for tools")
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True,
              help="run scenarios in N parallel processes")
@click.option("--cards", "cards", multiple=True, type=click.Path(exists=True),
              help="a card database to name real cards from (repeatable)")
@click.option("--root", type=click.Path(exists=True, file_okay=False),
              help="'cards' paths in scenario files may not point outside this folder")
@click.option("--verbose", "-v", is_flag=True, help="list passing scenarios too")
def check(paths, fmt, jobs, cards, root, verbose):
    """Run scenario files (or folders of them) and report failures with FILE:LINE.

    Exit code 0 when every scenario passes, 1 when any fails, 2 on bad input.
    """
    from .runs import run_many
    from .reports import json_report, junit_report, text_report

    files = collect_scenarios(paths)
    if not files:
        raise BadInput("no *.scn files found in " + ", ".join(paths))
    results, errors = run_many(files, jobs=jobs, cards=cards, root=root)
    if fmt == "json":
        click.echo(json_report(results, errors))
    elif fmt == "junit":
        click.echo(junit_report(results, errors))
    else:
        click.echo(text_report(results, errors, verbose=verbose))
    if errors:
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_OK if all(r.passed for r in results) else EXIT_FAILED)


@cli.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--cards", "cards", multiple=True, type=click.Path(exists=True), help="a card database (repeatable)")
def explain(file, fmt, cards):
    """Show, for every action of a scenario, the procedure step by step with rule IDs.

    Each action's conditions, announcement, targets, costs, effects, cleanup and who may
    act next, every line with its rule IDs; an illegal action shows the check that failed.
    Colour on a terminal, plain text when piped, --format json for tools.
    """
    from .reports import explain_json, explain_text
    from .runs import run_one

    result = run_one(Path(file), cards=cards)
    if fmt == "json":
        click.echo(explain_json(result))
    elif sys.stdout.isatty():
        from .reports import explain_rich

        explain_rich(result)
    else:
        click.echo(explain_text(result))
    sys.exit(EXIT_OK if result.passed else EXIT_FAILED)


@cli.command()
@click.argument("text")
@click.option("--game", "-g", required=True, help="l5r or berserk")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def parse(text, game, fmt):
    """Parse card ability TEXT with a game's ability grammar and print the AST."""
    import dataclasses
    import json

    from ..core.registry import UnknownGame, get_game

    try:
        g = get_game(game)
    except UnknownGame as exc:
        raise BadInput(f"{exc}" + (f"; {exc.suggestion}" if exc.suggestion else "")) from None
    abilities = g.parse_card_text(text)
    if not abilities:
        raise BadInput(f"{game} has no ability grammar, or the text is empty")
    if fmt == "json":
        click.echo(json.dumps([dataclasses.asdict(a) for a in abilities], ensure_ascii=False, indent=2))
        return
    for ability in abilities:
        click.echo(_pretty(ability))


def _pretty(node, indent: int = 0) -> str:
    import dataclasses

    pad = "  " * indent
    if dataclasses.is_dataclass(node):
        lines = [f"{pad}{type(node).__name__}"]
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if value in (None, (), "", 0) and f.name not in ("kind",):
                continue
            if f.name == "span":
                continue
            if dataclasses.is_dataclass(value) or (isinstance(value, tuple) and value
                                                   and dataclasses.is_dataclass(value[0])):
                lines.append(f"{pad}  {f.name}:")
                for item in value if isinstance(value, tuple) else (value,):
                    lines.append(_pretty(item, indent + 2))
            else:
                lines.append(f"{pad}  {f.name}: {value!r}")
        return "\n".join(lines)
    return f"{pad}{node!r}"


def main(argv: list[str] | None = None) -> None:
    """Entry point: runs the click group and maps domain errors to exit codes."""
    _utf8_streams()
    try:
        cli.main(args=argv, prog_name="adjudicator", standalone_mode=False)
    except SourceError as exc:
        click.echo(exc.render(), err=True)
        sys.exit(EXIT_BAD_INPUT)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_BAD_INPUT if exc.exit_code in (1, 2) else exc.exit_code)
    except click.Abort:
        click.echo("aborted", err=True)
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_OK)


if __name__ == "__main__":  # pragma: no cover
    main()

"""``adjudicator fmt``: rewrite scenario files in the canonical layout.

The layout is described in :mod:`adjudicator.core.formatter`. Exit codes: 0 done (or,
with ``--check``, everything already formatted), 1 ``--check`` found files to reformat,
2 a file does not parse (FILE:LINE:COL).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..core.errors import SourceError
from ..core.formatter import format_text


def _files(paths: tuple[str, ...]) -> list[Path]:
    from ..core.files import scenario_files

    try:
        return scenario_files(paths)
    except FileNotFoundError as exc:
        raise click.BadParameter(f"{exc}: no such file or folder", param_hint="PATH") from None


def _read(path: Path) -> str:
    raw = path.read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise SourceError("the file is not UTF-8 text", str(path), line, 1) from None


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--check", is_flag=True, help="change nothing; list the files that are not formatted and exit 1")
@click.option("--diff", "show_diff", is_flag=True, help="print what would change (implies --check)")
def fmt(paths, check, show_diff):
    """Rewrite scenario files (or folders of them) in the one canonical layout.

    Tokens are kept as written; spacing, blank-line runs and comment placement are made
    canonical. The scenario's meaning is verified unchanged before a file is written.
    """
    check = check or show_diff
    files = _files(paths)
    if not files:
        raise click.UsageError("no *.scn files found in " + ", ".join(paths))
    unformatted, errors, changed = [], 0, 0
    for path in files:
        try:
            text = _read(path)
            new = format_text(text, str(path))
        except SourceError as exc:
            click.echo(exc.render(), err=True)
            errors += 1
            continue
        if new == text:
            continue
        if check:
            unformatted.append(path)
            click.echo(f"{path}: not formatted")
            if show_diff:
                import difflib

                click.echo("".join(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                                        str(path), f"{path} (formatted)")), nl=False)
        else:
            path.write_text(new, encoding="utf-8", newline="\n")
            changed += 1
            click.echo(f"{path}: reformatted")
    if errors:
        sys.exit(2)
    if check:
        if unformatted:
            click.echo(f"{len(unformatted)} of {len(files)} file(s) would be reformatted", err=True)
            sys.exit(1)
        click.echo(f"{len(files)} file(s) already formatted")
        return
    click.echo(f"{changed} file(s) reformatted, {len(files) - changed} unchanged")

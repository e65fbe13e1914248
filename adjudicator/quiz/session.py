"""A quiz session: pick scenarios, ask their questions, score the answers.

Answers come from an ``--answers`` file (one per line), from piped stdin (one per line),
or from a person at a terminal (typed; arrow keys pick an option too). Output is plain
text unless stdout is a terminal, when rich colours it.
"""

from __future__ import annotations

import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import click

from ..core import scenario_ast as A
from ..core.errors import SourceError
from ..core.scenario_parser import read_scenario
from .questions import Question, build_question
from .stepper import SteppingRun


def default_scenario_folder() -> Path | None:
    """The repository's scenarios/ next to the package, when it is there."""
    folder = Path(__file__).resolve().parent.parent.parent / "scenarios"
    return folder if folder.is_dir() else None


def collect_files(paths) -> list[Path]:
    """Files as given; folders searched recursively (see :func:`adjudicator.core.files.scenario_files`)."""
    from ..core.files import scenario_files

    return scenario_files(paths)


def rule_matches(wanted: str, rules: tuple[str, ...]) -> bool:
    """``--rule L5R-ACT`` picks scenarios about L5R-ACT, L5R-ACT-COST, L5R-ACT.2 …"""
    w = wanted.casefold()
    return any(r.casefold() == w or r.casefold().startswith((w + "-", w + ".")) for r in rules)


@dataclass
class Selection:
    scenarios: list[A.Scenario]
    errors: list[SourceError] = field(default_factory=list)


def _internal(exc: Exception, file) -> SourceError:
    error = SourceError(f"skipped: the engine failed on this file ({type(exc).__name__}: {exc})", str(file))
    error.kind = "internal error"
    return error


def select(files: list[Path], *, game: str | None, rules: tuple[str, ...], seed: int) -> Selection:
    chosen, errors = [], []
    for path in files:
        try:
            scn = read_scenario(path)
        except SourceError as exc:
            errors.append(exc)
            continue
        except Exception as exc:  # an engine bug must not end the whole session
            errors.append(_internal(exc, path))
            continue
        if game and scn.game != game:
            continue
        if rules and not any(rule_matches(r, scn.rules) for r in rules):
            continue
        chosen.append(scn)
    random.Random(seed).shuffle(chosen)
    return Selection(chosen, errors)


def questions_of(scenario: A.Scenario, seed: int) -> list[Question]:
    """Every question one scenario can give, in file order (raises SourceError on bad content)."""
    run = SteppingRun(scenario)
    run.run()
    out = []
    for moment in run.moments:
        rng = random.Random(f"{seed}:{scenario.file}:{moment.expectation.pos.line}")
        q = build_question(moment, run.game, rng, scenario.title)
        if q is not None:
            out.append(q)
    return out


def iter_questions(selection: Selection, seed: int, count: int) -> Iterator[Question]:
    """Up to ``count`` questions spread over the scenarios: each scenario gives at most
    ceil(count / scenarios) of its questions (its authored ``question`` ones first, the rest
    picked by the seed), asked in file order."""
    per_scenario = -(-count // max(1, min(len(selection.scenarios), count)))
    asked = 0
    for scn in selection.scenarios:
        try:
            qs = questions_of(scn, seed)
        except SourceError as exc:
            selection.errors.append(exc)
            continue
        except Exception as exc:  # an engine bug must not end the whole session
            selection.errors.append(_internal(exc, scn.file))
            continue
        if len(qs) > per_scenario:
            rng = random.Random(f"{seed}:{scn.file}")
            ranked = sorted(range(len(qs)), key=lambda i: (qs[i].generated, rng.random()))
            keep = set(ranked[:per_scenario])
            qs = [q for i, q in enumerate(qs) if i in keep]
        for q in qs:
            if asked >= count:
                return
            asked += 1
            yield q


# ---- output ----------------------------------------------------------------------------


class Printer:
    """Plain lines, or rich styles when stdout is a terminal."""

    def __init__(self, colour: bool):
        self.console = None
        if colour:
            from rich.console import Console

            self.console = Console(highlight=False)

    def line(self, text: str = "", style: str | None = None) -> None:
        if self.console is not None:
            self.console.print(text, style=style, markup=False, highlight=False, soft_wrap=True)
        else:
            click.echo(text)


# ---- answers ---------------------------------------------------------------------------


class LineAnswers:
    """Answers one per line from a file or piped stdin; None when they run out."""

    def __init__(self, lines: Iterator[str]):
        self.lines = lines

    interactive = False

    def ask(self, q: Question, out: Printer) -> str | None:
        try:
            answer = next(self.lines).rstrip("\r\n")
        except StopIteration:
            return None
        out.line(f"Your answer ({q.hint()}): {answer}")
        return answer


_KEY = re.compile(r"\x1b\[[0-9;]*[A-Za-z~]|\x1bO[A-Za-z]|\xe0.|.", re.S)


def _keys(chunk: str) -> list[str]:
    """One read from the terminal may hold several keys (fast typing, pasted text)."""
    return _KEY.findall(chunk)


class TerminalAnswers:
    """A person at a terminal: typed answers; for options, arrow keys and Enter too."""

    interactive = True

    def ask(self, q: Question, out: Printer) -> str | None:
        try:
            if q.kind in ("choice", "yesno"):
                return self._menu(q, out)
            return click.prompt(f"Your answer ({q.hint()}, q to quit)", prompt_suffix=": ")
        except (click.Abort, EOFError, KeyboardInterrupt):
            return None

    def _menu(self, q: Question, out: Printer) -> str | None:
        options = ["yes", "no"] if q.kind == "yesno" else q.options
        chosen = 0
        click.echo(f"Your answer: ↑/↓ and Enter, or type {q.hint()} (q quits)")
        typed = ""

        def draw(first: bool) -> None:
            if not first:
                click.echo(f"\x1b[{len(options) + 1}A", nl=False)
            for i, o in enumerate(options):
                mark = ">" if i == chosen else " "
                click.echo(f"\r\x1b[2K {mark} {i + 1}) {o}")
            click.echo(f"\r\x1b[2K   typed: {typed}")

        draw(True)
        while True:
            for key in _keys(click.getchar()):
                if key in ("\r", "\n"):
                    answer = typed if typed else (str(chosen + 1) if q.kind == "choice" else options[chosen])
                    draw(False)
                    click.echo(f"\x1b[1A\r\x1b[2K   answer: {answer}")
                    return answer
                if key in ("\x1b[A", "\x1bOA", "\xe0H"):
                    chosen, typed = (chosen - 1) % len(options), ""
                elif key in ("\x1b[B", "\x1bOB", "\xe0P"):
                    chosen, typed = (chosen + 1) % len(options), ""
                elif key in ("\x7f", "\x08"):
                    typed = typed[:-1]
                elif key == "\x03":
                    raise KeyboardInterrupt
                elif key == "q" and not typed and q.kind == "choice":
                    return None
                elif len(key) == 1 and key.isprintable():
                    typed += key
                    picked = q.parse(typed)
                    if picked is not None:  # the marker follows what is typed
                        chosen = picked if q.kind == "choice" else (0 if picked else 1)
            draw(False)


# ---- the session -----------------------------------------------------------------------


def run_session(questions: Iterator[Question], answers, out: Printer, *, header: str) -> tuple[int, int]:
    right = asked = 0
    out.line(header, "bold")
    for number, q in enumerate(questions, 1):
        out.line()
        out.line(f"── Question {number} · {q.title} ({q.source})", "bold cyan")
        for line in q.board:
            out.line("  " + line, None if line.startswith(" ") else "bold")
        if q.context:
            out.line("  Then:", "bold")
            for c in q.context:
                out.line(f"    {c}")
        out.line(q.prompt, "bold yellow")
        if q.kind in ("choice", "order") and not (answers.interactive and q.kind == "choice"):
            for i, o in enumerate(q.options, 1):
                out.line(f"  {i}) {o}")
        while True:
            raw = answers.ask(q, out)
            if raw is None or (answers.interactive and raw.strip().casefold() in ("q", "quit")):
                out.line("(no more answers: the session ends here)", "dim")
                return right, asked
            parsed = q.parse(raw)
            if parsed is None and answers.interactive:
                out.line(f"Not understood; please answer {q.hint()}.", "red")
                continue
            break
        asked += 1
        if parsed is not None and q.is_right(parsed):
            right += 1
            out.line("Right.", "bold green")
        else:
            what = "Not understood, counted wrong" if parsed is None else "Wrong"
            out.line(f"{what}: the answer is {q.answer_text()}.", "bold red")
        for line in q.explanation:
            out.line("  " + line, "dim" if line.startswith("  ") else None)
    return right, asked


def answer_source(answers_file: str | None):
    if answers_file:
        text = Path(answers_file).read_text(encoding="utf-8")
        return LineAnswers(iter(text.splitlines()))
    stdin = sys.stdin  # (CliRunner replaces it with the test input)
    if stdin.isatty() and sys.stdout.isatty():
        return TerminalAnswers()
    return LineAnswers(iter(stdin.readline, ""))

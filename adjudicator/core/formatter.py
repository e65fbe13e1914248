"""The canonical layout of scenario files (``adjudicator fmt``).

The formatter works line by line on tokens, never on meaning, and then proves it changed
nothing: the text is parsed before and after and the two ASTs (positions aside) must be
equal, or :class:`FormatChangedMeaning` is raised and the file is left alone.

Canonical form
--------------
* One statement per line, starting in column 1; no trailing whitespace; ``\\n`` line
  ends (CRLF becomes LF, a UTF-8 BOM is dropped); the file ends with exactly one newline.
* Tokens (words, numbers, quoted strings, rule IDs, dashed runs, cells) are kept exactly
  as written (strings with their escapes, verbs in the form the author chose) and are
  separated by exactly one space; alignment padding is removed
  (``player Bob   clan Crab`` → ``player Bob clan Crab``).
* ``,`` and ``:`` take no space before and one space after: ``Alice hand: "A", "B"``;
  an empty zone is ``Alice hand:`` with nothing after the colon.
* A comment on its own line starts in column 1 and keeps its text; a comment after a
  statement is separated from it by two spaces. The text after ``#`` is never touched.
* Blank lines are kept where the author had them (they separate the header, cards,
  players, position, board and actions groups as the author chose), but a run of blank
  lines becomes one, and blank lines at the start and end of the file are dropped. The
  formatter never adds a blank line the author did not write.

``format_text(format_text(x)) == format_text(x)`` for every x that parses.
"""

from __future__ import annotations

import dataclasses
import re

from . import scenario_ast as A
from .errors import SourceError
from .scenario_parser import parse_scenario

# A quoted string (escapes inside), a comma or colon, a comment, or any other run of
# characters that are none of these: the scenario lexer never joins such a run with a
# neighbouring string, comma or colon, so putting one space between them is harmless.
_TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[,:]|#.*|[^\s",:#]+|"')
_NO_SPACE_BEFORE = {",", ":"}


class FormatChangedMeaning(SourceError):
    """A safety net: the formatted text would parse to a different scenario."""

    kind = "internal error"


def _tokens(code: str) -> list[str]:
    return _TOKEN.findall(code)


def format_line(line: str) -> str:
    """One physical line in canonical form ('' for a blank line)."""
    tokens = _tokens(line.strip())
    comment = None
    if tokens and tokens[-1].startswith("#"):
        comment = tokens.pop().rstrip()
    out = ""
    for tok in tokens:
        if not out:
            out = tok
        elif tok in _NO_SPACE_BEFORE:
            out += tok
        else:
            out += " " + tok
    if comment is not None:
        out = f"{out}  {comment}" if out else comment
    return out


def format_text(text: str, file: str = "<input>") -> str:
    """The canonical form of a scenario; raises ScenarioSyntaxError/ScenarioError on bad input."""
    if text.startswith("\ufeff"):
        text = text[1:]
    before = parse_scenario(text, file)
    out: list[str] = []
    for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        line = format_line(raw)
        if line == "" and (not out or out[-1] == ""):
            continue
        out.append(line)
    while out and out[-1] == "":
        out.pop()
    result = "\n".join(out) + "\n"
    after = parse_scenario(result, file)
    if signature(before) != signature(after):
        raise FormatChangedMeaning("formatting would change what this scenario means; left unchanged "
                                   "(please report this file)", file)
    return result


def is_formatted(text: str, file: str = "<input>") -> bool:
    return format_text(text, file) == text


# ---- meaning, positions aside --------------------------------------------------------


def _strip(value):
    if isinstance(value, A.Pos):
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(
            (f.name, _strip(getattr(value, f.name))) for f in dataclasses.fields(value)
            if not f.name.endswith("pos"))
    if isinstance(value, (tuple, list)):
        return tuple(_strip(v) for v in value)
    return value


def signature(scenario: A.Scenario) -> tuple:
    """What a scenario means: its statements and header with every source position removed."""
    return (scenario.title, scenario.game, scenario.rules, scenario.notes, _strip(scenario.statements))

"""Error kinds. The CLI maps each kind to an exit code in one place (``cli/main.py``).

A rejected action is *not* an error: it is a :class:`~adjudicator.core.ruling.Ruling`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field


def did_you_mean(word: str, candidates, n: int = 3) -> list[str]:
    """Close matches for a misspelt word, case-insensitively, best first."""
    cands = list(dict.fromkeys(str(c) for c in candidates))
    folded = {c.casefold(): c for c in cands}
    hits = difflib.get_close_matches(word.casefold(), list(folded), n=n, cutoff=0.6)
    return [folded[h] for h in hits]


def suggestion_text(word: str, candidates) -> str | None:
    hits = did_you_mean(word, candidates)
    if not hits:
        return None
    return "did you mean " + " or ".join(f"'{h}'" for h in hits) + "?"


@dataclass
class SourceError(Exception):
    """An error tied to a place in a file: ``FILE:LINE:COL: message``."""

    message: str
    file: str = "<input>"
    line: int = 0
    column: int = 0
    source_line: str | None = None
    expected: list[str] = field(default_factory=list)
    suggestion: str | None = None
    rules: list[str] = field(default_factory=list)

    kind = "error"

    def __post_init__(self):
        super().__init__(self.message)

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        out = [f"{where}: {self.kind}: {self.message}"]
        if self.source_line is not None and self.line:
            text = self.source_line.rstrip("\n")
            out.append(f"    {text}")
            out.append("    " + " " * max(self.column - 1, 0) + "^")
        if self.expected:
            out.append("  expected: " + ", ".join(self.expected))
        if self.suggestion:
            out.append("  " + self.suggestion)
        if self.rules:
            out.append("  rules: " + ", ".join(self.rules))
        return "\n".join(out)

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "message": self.message,
            "expected": list(self.expected),
            "suggestion": self.suggestion,
            "rules": list(self.rules),
        }


class ScenarioSyntaxError(SourceError):
    """The file does not follow the scenario grammar."""

    kind = "syntax error"


class ScenarioError(SourceError):
    """Valid syntax, impossible content: unknown card, a card in two zones, a label reused."""

    kind = "error"


class AmbiguousReference(ScenarioError):
    """A name matches several copies and the statement cannot tell which is meant."""

    kind = "ambiguous"


class UsageError(Exception):
    """Bad command-line usage that click itself cannot see (unknown game, missing file)."""

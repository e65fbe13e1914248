"""Grouping a flat run of attribute atoms by a game's schema.

The scenario grammar is generic: ``force 3 unique keywords Samurai Crane text "…"`` arrives
as atoms. The game declares which words take a value (and of what type) and which are
bare flags; this module groups the atoms and reports unknown words with suggestions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import ScenarioError, suggestion_text
from .scenario_ast import Atom

# value types a schema may give an attribute word
INT, WORD, STRING, DASHED, KEYWORDS, TEXT, ANY = "int", "word", "string", "dashed", "keywords", "text", "any"


@dataclass
class Grouped:
    values: dict[str, Any] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    keywords: list[str] = field(default_factory=list)


def _is_keyword_atom(atom: Atom) -> bool:
    if atom.kind == "string":
        return True
    return atom.kind == "word" and str(atom.value)[:1].isupper()


def group_atoms(atoms: tuple[Atom, ...], schema: dict[str, str], flags: set[str] | frozenset[str], *,
                what: str, file: str, lines: tuple[str, ...]) -> Grouped:
    """Group atoms into values and flags; raise ScenarioError on anything unknown."""
    out = Grouped()
    i = 0

    def fail(atom: Atom, message: str, suggestion: str | None = None):
        line = lines[atom.pos.line - 1] if 0 < atom.pos.line <= len(lines) else None
        raise ScenarioError(message, file, atom.pos.line, atom.pos.column, line, suggestion=suggestion)

    while i < len(atoms):
        atom = atoms[i]
        if atom.kind != "word":
            fail(atom, f"{atom.text} is a value with no attribute word before it")
        word = str(atom.value)
        if word in flags:
            out.flags.add(word)
            i += 1
            continue
        kind = schema.get(word)
        if kind is None:
            known = sorted(set(schema) | set(flags))
            fail(atom, f"unknown {what} '{word}'", suggestion_text(word, known) or
                 ("known: " + ", ".join(known) if len(known) <= 24 else None))
        if kind == KEYWORDS:
            i += 1
            while i < len(atoms) and _is_keyword_atom(atoms[i]):
                out.keywords.append(str(atoms[i].value))
                i += 1
            continue
        if i + 1 >= len(atoms):
            fail(atom, f"'{word}' needs a value ({kind})")
        value = atoms[i + 1]
        out.values[word] = _convert(value, kind, word, fail)
        i += 2
    return out


def _convert(atom: Atom, kind: str, word: str, fail) -> Any:
    if kind == INT:
        if atom.kind != "int":
            fail(atom, f"'{word}' takes a number, not {atom.text}")
        return atom.value
    if kind == DASHED:
        if atom.kind == "dashed":
            return tuple(atom.value)  # type: ignore[arg-type]
        if atom.kind == "int":
            return (atom.value,)
        fail(atom, f"'{word}' takes a number or a dashed run (1-2-2), not {atom.text}")
    if kind in (STRING, TEXT):
        if atom.kind not in ("string", "word"):
            fail(atom, f"'{word}' takes a quoted text, not {atom.text}")
        return str(atom.value)
    if kind == WORD:
        if atom.kind not in ("word", "string"):
            fail(atom, f"'{word}' takes a word, not {atom.text}")
        return str(atom.value)
    return atom.value

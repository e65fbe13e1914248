"""Finding the ``.lark`` files and building LALR parsers from them (lark caches the tables).

Installed wheels carry the grammar inside the package (``adjudicator/grammar``); a source
checkout or an editable install reads the top-level ``grammar/`` folder.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent


def grammar_path(name: str) -> Path:
    for folder in (_PACKAGE_DIR / "grammar", _PACKAGE_DIR.parent / "grammar"):
        candidate = folder / name
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"grammar file {name!r} is missing from the installation")


def build_lalr(name: str, *, start: str = "start", transformer=None, propagate_positions: bool = True):
    """Build a LALR parser; with ``transformer`` the tree is never built (lark calls it while parsing)."""
    from lark import Lark

    path = grammar_path(name)
    return Lark(
        path.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        start=start,
        propagate_positions=propagate_positions,
        maybe_placeholders=True,
        cache=True,
        transformer=transformer,
        import_paths=[str(path.parent)],
    )

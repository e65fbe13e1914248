"""The project's own English rules reference.

Every rule ID of the rules catalogue (``shared/RULES.md``) has an entry here, written from the
Russian seed documents, plus finer sub-rules (``L5R-ACT-COST.2``, ``B-402.4.1``) where a rule has
clauses a verdict may want to cite one by one.

The data lives in one TOML file per game beside this module (``l5r.toml``, ``berserk.toml``,
``time-masters.toml``, ``here-i-stand.toml``) and is loaded on first use, then cached::

    [[rule]]
    id = "L5R-ACT-COST"
    game = "l5r"
    title = "Paying costs"
    seed = "000 §3 D"
    text = "..."

      [[rule.sub]]            # a finer ID: "<parent>.N"; game and seed default to the parent's
      id = "L5R-ACT-COST.1"
      title = "..."
      text = "..."

Top-level IDs are exactly those of RULES.md; finer IDs are "<parent ID>.N". Berserk's
top-level IDs already contain dots (``B-401.1``, ``B-415.3``): that is why :func:`base_of`
walks down to the nearest *top-level entry* instead of cutting at the first dot.
"""

from __future__ import annotations

import difflib
import re
import shlex
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "GAMES",
    "ReferenceDataError",
    "RuleEntry",
    "all_rules",
    "base_of",
    "children",
    "cites",
    "for_game",
    "get",
    "is_known",
    "normalize_game",
    "search",
    "suggest",
    "top_level",
]

#: Games in reference order; each has a data file ``<game>.toml`` in this package.
GAMES: tuple[str, ...] = ("l5r", "berserk", "time-masters", "here-i-stand")

_GAME_ALIASES: dict[str, str] = {
    "l5r": "l5r",
    "legend-of-the-five-rings": "l5r",
    "berserk": "berserk",
    "b": "berserk",
    "time-masters": "time-masters",
    "timemasters": "time-masters",
    "tm": "time-masters",
    "here-i-stand": "here-i-stand",
    "hereistand": "here-i-stand",
    "his": "here-i-stand",
}

_SUFFIX = re.compile(r"\.(\d+)$")


class ReferenceDataError(ValueError):
    """The shipped reference data is malformed (duplicate ID, bad sub-rule ID, unknown game…)."""


@dataclass(frozen=True)
class RuleEntry:
    """One rule of the reference: a top-level RULES.md ID (``parent is None``) or a finer one."""

    id: str
    game: str
    title: str
    text: str
    seed: str
    parent: str | None = None

    @property
    def is_top_level(self) -> bool:
        return self.parent is None


_cache: dict[str, RuleEntry] | None = None
_upper_index: dict[str, str] | None = None


def _reflow(text: str) -> str:
    """Join wrapped lines; keep blank-line paragraph breaks."""
    paragraphs = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def _read_game_file(game: str) -> dict[str, Any]:
    path = resources.files(__name__).joinpath(f"{game}.toml")
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:  # pragma: no cover - packaging error
        raise ReferenceDataError(f"rules reference data file {game}.toml is missing") from exc
    try:
        return tomllib.loads(raw)
    except tomllib.TOMLDecodeError as exc:
        raise ReferenceDataError(f"{game}.toml: {exc}") from exc


def _add(
    out: dict[str, RuleEntry],
    item: dict[str, Any],
    *,
    file_game: str,
    parent: RuleEntry | None,
) -> None:
    where = f"{file_game}.toml"
    rid = str(item.get("id", "")).strip()
    if not rid:
        raise ReferenceDataError(f"{where}: an entry has no id")
    if rid in out:
        raise ReferenceDataError(f"{where}: duplicate rule ID {rid!r}")
    if parent is not None:
        m = _SUFFIX.search(rid)
        if not m or rid[: m.start()] != parent.id:
            raise ReferenceDataError(
                f"{where}: sub-rule {rid!r} must be named {parent.id!r} + '.N'"
            )
    game = str(item.get("game", parent.game if parent else "")).strip()
    if game != file_game:
        raise ReferenceDataError(f"{where}: {rid}: game {game!r} is not {file_game!r}")
    title = str(item.get("title", "")).strip()
    text = _reflow(str(item.get("text", "")))
    seed = str(item.get("seed", parent.seed if parent else "")).strip()
    if not title or not text or not seed:
        raise ReferenceDataError(f"{where}: {rid}: title, text and seed must not be empty")
    entry = RuleEntry(
        id=rid,
        game=game,
        title=title,
        text=text,
        seed=seed,
        parent=parent.id if parent else None,
    )
    out[rid] = entry
    for sub in item.get("sub", []) or []:
        _add(out, sub, file_game=file_game, parent=entry)


def _load() -> dict[str, RuleEntry]:
    global _cache, _upper_index
    if _cache is None:
        out: dict[str, RuleEntry] = {}
        for game in GAMES:
            data = _read_game_file(game)
            for item in data.get("rule", []):
                _add(out, item, file_game=game, parent=None)
        _upper_index = {rid.upper(): rid for rid in out}
        _cache = out
    return _cache


def all_rules() -> dict[str, RuleEntry]:
    """Every entry, top-level and finer, in reference order (game by game, as in the files)."""
    return dict(_load())


def get(rule_id: str) -> RuleEntry | None:
    """The entry for ``rule_id`` (exact; an all-case variant is accepted too), or None."""
    rules = _load()
    entry = rules.get(rule_id)
    if entry is None and isinstance(rule_id, str):
        assert _upper_index is not None
        canonical = _upper_index.get(rule_id.strip().upper())
        entry = rules.get(canonical) if canonical else None
    return entry


def is_known(rule_id: str) -> bool:
    """True when ``rule_id`` is itself an entry (top-level or finer). Exact spelling only."""
    return rule_id in _load()


def top_level(rule_id: str) -> bool:
    """True when ``rule_id`` is a top-level ID of RULES.md."""
    entry = _load().get(rule_id)
    return entry is not None and entry.parent is None


def base_of(rule_id: str) -> str:
    """The top-level RULES.md ID that ``rule_id`` belongs to.

    Strips trailing ``.N`` parts until a top-level ID is reached: ``"L5R-ACT-COST.2"`` →
    ``"L5R-ACT-COST"``, ``"B-402.4.1"`` → ``"B-402.4"``, while ``"B-401.1"`` (itself top-level)
    stays ``"B-401.1"``. Works for finer IDs that have no entry yet (``"L5R-GOLD.9"`` →
    ``"L5R-GOLD"``). When no prefix is a top-level ID, ``rule_id`` is returned unchanged.
    """
    rules = _load()
    current = rule_id
    while True:
        entry = rules.get(current)
        if entry is not None and entry.parent is None:
            return current
        m = _SUFFIX.search(current)
        if not m:
            return rule_id
        current = current[: m.start()]


def cites(cited: str, wanted: str) -> bool:
    """Does citing ``cited`` satisfy an expectation for ``wanted``?

    Yes when they are equal, or when ``cited`` is a finer sub-rule of ``wanted``
    (``cites("L5R-ACT-COST.2", "L5R-ACT-COST")``). A coarser citation does not satisfy a finer
    expectation (``cites("L5R-ACT-COST", "L5R-ACT-COST.2")`` is False), and only a ``.`` boundary counts:
    ``"B-401.10"`` does not satisfy ``"B-401.1"``.
    """
    cited = cited.strip()
    wanted = wanted.strip()
    return cited == wanted or cited.startswith(wanted + ".")


def children(rule_id: str) -> list[RuleEntry]:
    """The direct finer sub-rules of ``rule_id``, in file order."""
    return [e for e in _load().values() if e.parent == rule_id]


def suggest(rule_id: str, n: int = 3) -> list[str]:
    """"Did you mean" candidates for an unknown ``rule_id`` (case-insensitive, best first)."""
    rules = _load()
    assert _upper_index is not None
    query = rule_id.strip().upper()
    if not query:
        return []
    out: list[str] = []

    def add(rid: str) -> None:
        if rid not in out and rid != rule_id:
            out.append(rid)

    # A case variant of a known ID, or an unknown finer ID of a known rule ("L5R-GOLD.9"):
    # the nearest known ID along its ".N" prefixes comes first.
    probe = query
    while True:
        hit = _upper_index.get(probe)
        if hit:
            add(hit)
            break
        m = _SUFFIX.search(probe)
        if not m:
            break
        probe = probe[: m.start()]
    close = [
        _upper_index[rid]
        for rid in difflib.get_close_matches(query, list(_upper_index), n=n + 6, cutoff=0.6)
    ]
    # Top-level IDs before finer ones, each group keeping difflib's ranking.
    for rid in sorted(close, key=lambda r: rules[r].parent is not None):
        add(rid)
    if len(out) < n:
        # Fall back to IDs that contain the query (e.g. "COST" → L5R-ACT-COST).
        for upper, rid in _upper_index.items():
            if query in upper:
                add(rid)
            if len(out) >= n:
                break
    return out[:n]


def normalize_game(game: str) -> str:
    """Canonical game key for ``game`` (``"TM"`` → ``"time-masters"``); ValueError if unknown."""
    key = game.strip().lower().replace("_", "-").replace(" ", "-")
    try:
        return _GAME_ALIASES[key]
    except KeyError:
        raise ValueError(
            f"unknown game {game!r}; expected one of: {', '.join(GAMES)}"
        ) from None


def for_game(game: str) -> list[RuleEntry]:
    """Every entry (top-level and finer) of ``game``, in file order. Accepts aliases (tm, his)."""
    canonical = normalize_game(game)
    return [e for e in _load().values() if e.game == canonical]


def _split_words(words: str) -> list[str]:
    try:
        parts = shlex.split(words)
    except ValueError:
        parts = words.split()
    return [p.lower() for p in parts if p.strip()]


def search(words: str, game: str | None = None) -> list[RuleEntry]:
    """Entries in which every word occurs (case-insensitive) in the ID, title or text.

    Quoted phrases count as one word (``'"once per turn" bowed'``). An empty query matches
    nothing. ``game`` optionally restricts the search to one game.
    """
    terms = _split_words(words)
    if not terms:
        return []
    canonical = normalize_game(game) if game else None
    found = []
    for entry in _load().values():
        if canonical and entry.game != canonical:
            continue
        hay = f"{entry.id}\n{entry.title}\n{entry.text}".lower()
        if all(t in hay for t in terms):
            found.append(entry)
    return found

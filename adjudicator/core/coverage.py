"""How much of a card pool's ability text a game's grammar understands.

For every ability line of every card (as the game's ``parse_card_text`` splits it):

* **skeleton**   — the line's shape was recognised (designators / trigger / limits block /
  effects split): ``Ability.kind != "unparsed"``;
* **structured** — additionally no :class:`~adjudicator.core.ability.Unparsed` node anywhere;
* **executable** — structured, every Effect kind (costs and effects) is one the game's
  resolver executes (``adjudicator.games.<module>.effects.EXECUTABLE_KINDS``) and every
  condition is one it honours (``EXECUTABLE_CONDITIONS``; none when the module lists none);
  a game whose effects module defines ``executes(ability)`` answers for itself instead. When that
  module or name does not exist (yet), executable is 0 and ``executable_known`` is False.

The game's modules are found by name (``l5r`` -> ``adjudicator.games.l5r``; dashes become
underscores) and must provide ``ability.parse_card_text(text) -> list[Ability]`` and
``carddb.load_pool(path) -> LoadResult`` (``.pool``, ``.skipped``).
"""

from __future__ import annotations

import importlib
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from adjudicator.core.ability import Effect
from adjudicator.core.bulk import parse_all

__all__ = ["CoverageReport", "UnknownGameError", "game_module", "measure"]

#: game name -> package under adjudicator.games
GAME_MODULES: dict[str, str] = {
    "l5r": "l5r",
    "berserk": "berserk",
    "time-masters": "time_masters",
    "here-i-stand": "here_i_stand",
}


class UnknownGameError(LookupError):
    """No ability grammar / card database loader for that game."""


@dataclass
class CoverageReport:
    game: str
    abilities: int = 0
    skeleton: int = 0
    structured: int = 0
    executable: int = 0
    cards: int = 0
    skipped: int = 0
    executable_known: bool = False
    executable_note: str = ""
    unparsed: Counter = field(default_factory=Counter)
    kinds: Counter = field(default_factory=Counter)  # Effect kinds seen in structured lines
    paths: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def percent(self, n: int) -> float:
        return 100.0 * n / self.abilities if self.abilities else 0.0

    def to_json(self, limit: int | None = 20) -> dict[str, Any]:
        top = self.unparsed.most_common(limit) if limit is not None else self.unparsed.most_common()
        return {
            "game": self.game,
            "abilities": self.abilities,
            "skeleton": self.skeleton,
            "structured": self.structured,
            "executable": self.executable,
            "cards": self.cards,
            "skipped": self.skipped,
            "executable_known": self.executable_known,
            "unparsed_top": [[text, count] for text, count in top],
        }


def game_module(game: str) -> str:
    key = game.strip().lower()
    if key in GAME_MODULES:
        return GAME_MODULES[key]
    raise UnknownGameError(f"unknown game {game!r}; known: {', '.join(sorted(GAME_MODULES))}")


def _import(game: str, what: str):
    module = game_module(game)
    name = f"adjudicator.games.{module}.{what}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name == name or name.startswith(exc.name + ".") or exc.name.startswith(name)):
            raise UnknownGameError(f"game {game!r} has no {what} module ({name})") from None
        raise


def executable_kinds(game: str) -> tuple[frozenset[str] | None, str]:
    """The game's EXECUTABLE_KINDS, or (None, why) when it has none yet."""
    name = f"adjudicator.games.{game_module(game)}.effects"
    try:
        mod = importlib.import_module(name)
    except ImportError as exc:
        return None, f"{name} not importable ({exc})"
    kinds = getattr(mod, "EXECUTABLE_KINDS", None)
    if kinds is None:
        return None, f"{name} has no EXECUTABLE_KINDS"
    return frozenset(kinds), ""


def executable_check(game: str):
    """The game's own per-ability answer (``effects.executes(ability)``), when it has one."""
    try:
        mod = importlib.import_module(f"adjudicator.games.{game_module(game)}.effects")
    except ImportError:
        return None
    return getattr(mod, "executes", None)


def executable_conditions(game: str) -> frozenset[str]:
    """Condition kinds the game's resolver honours; an ability with any other is not executable."""
    try:
        mod = importlib.import_module(f"adjudicator.games.{game_module(game)}.effects")
    except ImportError:
        return frozenset()
    return frozenset(getattr(mod, "EXECUTABLE_CONDITIONS", ()))


def measure_texts(game: str, texts: Iterable[str], report: CoverageReport | None = None) -> CoverageReport:
    """Coverage of the given card texts (no database involved)."""
    ability_mod = _import(game, "ability")
    report = report or CoverageReport(game=game)
    kinds, note = executable_kinds(game)
    report.executable_known = kinds is not None
    report.executable_note = note
    parse_card_text = ability_mod.parse_card_text
    conditions = executable_conditions(game)
    executes = executable_check(game)
    start = time.perf_counter()
    warm = getattr(ability_mod, "warm", None)
    for abilities in parse_all(parse_card_text, (text or "" for text in texts), warm=warm):
        for ab in abilities:
            report.abilities += 1
            if ab.kind == "unparsed":
                for frag in ab.unparsed_fragments() or ():
                    report.unparsed[frag.text] += 1
                continue
            report.skeleton += 1
            frags = ab.unparsed_fragments()
            if frags:
                for frag in frags:
                    report.unparsed[frag.text] += 1
                continue
            report.structured += 1
            effect_kinds = [c.kind for c in (*ab.costs, *ab.effects) if isinstance(c, Effect)]
            report.kinds.update(effect_kinds)
            if executes is not None:
                ok = executes(ab)
            else:
                ok = all(c.kind.split(":")[0] in conditions for c in ab.conditions) and all(
                    k in kinds for k in effect_kinds) if kinds is not None else False
            if ok:
                report.executable += 1
    report.seconds += time.perf_counter() - start
    return report


def measure(game: str, paths: list[Path] | list[str]) -> CoverageReport:
    """Load each card database (file or folder) with the game's loader and measure it.

    Raises :class:`UnknownGameError` for an unknown game and lets the loader's own error
    (e.g. ``CardDatabaseError``) through for an unreadable database.
    """
    carddb = _import(game, "carddb")
    report = CoverageReport(game=game)
    for path in paths:
        result = carddb.load_pool(Path(path))
        report.paths.append(str(path))
        report.cards += len(result.pool)
        report.skipped += len(result.skipped)
        texts = (result.pool.get(name).text for name in result.pool.names())
        measure_texts(game, texts, report)
    if not paths:
        _import(game, "ability")
        kinds, note = executable_kinds(game)
        report.executable_known, report.executable_note = kinds is not None, note
    return report

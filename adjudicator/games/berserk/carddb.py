"""Load the classic Berserk card base (``all_cards.json`` of berserktcg.ru) into a CardPool.

The file is a JSON list of records (``type``, ``race``, ``name``, ``desc``, ``crystal``,
``crystalCount``, ``health``, ``kick``, ``steps``, ``fly``, ``abilities``, ``classes`` ...; see
``/work/shared/data/berserk/SOURCE.md``). Each record becomes a :class:`CardDef`:

* ``type``: c -> creature, e -> equipment, t -> terrain, a -> artifact;
* attrs: ``gold-cost`` or ``silver-cost`` (from ``crystal`` + ``crystalCount``), ``life`` (health),
  ``movement`` (steps), ``strike`` (kick, a tuple of 3 ints), ``element`` (race letter ->
  steppe / mountains / forest / darkness / swamp / neutral), ``rarity``, ``series`` when present;
* flags: ``unique`` ([:unq] in the text or engine tag "unique"), ``fly`` (fly == "1"),
  ``horde`` (horde == 1);
* keywords: the record's ``classes`` (engine slugs such as "orc", "forest.guard", kept verbatim);
* text: ``desc`` with its icon tokens kept; source: the file name.

Duplicated names (1,015 records, 1,000 distinct names: reprints in later series) keep the FIRST
record; later ones are reported in ``LoadResult.skipped`` with reason "duplicate name". A record
that cannot be converted is skipped with its reason; the others still load. A file that is not
valid JSON (or not a list/dict of records) raises :class:`CardDatabaseError` naming the file,
line and column.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.core.cards import CardDef, CardPool

__all__ = ["CardDatabaseError", "LoadResult", "load_pool", "record_to_card"]

TYPES = {"c": "creature", "e": "equipment", "t": "terrain", "a": "artifact"}
ELEMENTS = {"s": "steppe", "m": "mountains", "f": "forest", "d": "darkness", "b": "swamp", "n": "neutral"}


class CardDatabaseError(Exception):
    """The card file cannot be read at all (missing, truncated, not JSON, wrong shape)."""


@dataclass
class LoadResult:
    pool: CardPool
    skipped: list[tuple[Any, str]] = field(default_factory=list)
    path: Path | None = None

    def __len__(self) -> int:
        return len(self.pool)


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool):
        raise ValueError(f"{what}: not a number: {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value.strip())
    raise ValueError(f"{what}: not a number: {value!r}")


def record_to_card(rec: Any, source: str = "all_cards.json") -> CardDef:
    """One JSON record -> CardDef; raises ValueError with a readable reason."""
    if not isinstance(rec, dict):
        raise ValueError(f"record is a {type(rec).__name__}, not an object")
    name = rec.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError("missing or empty 'name'")
    code = rec.get("type")
    if code not in TYPES:
        raise ValueError(f"unknown type {code!r} (expected one of {', '.join(TYPES)})")
    attrs: dict[str, Any] = {}
    crystal = rec.get("crystal")
    if crystal is not None or rec.get("crystalCount") is not None:
        if crystal not in ("gold", "silver"):
            raise ValueError(f"unknown crystal {crystal!r} (expected gold or silver)")
        attrs[f"{crystal}-cost"] = _int(rec.get("crystalCount"), "crystalCount")
    if rec.get("health") not in (None, ""):
        attrs["life"] = _int(rec["health"], "health")
    if rec.get("steps") not in (None, ""):
        attrs["movement"] = _int(rec["steps"], "steps")
    kick = rec.get("kick")
    if kick is not None:
        if not isinstance(kick, (list, tuple)) or len(kick) != 3:
            raise ValueError(f"kick must be 3 numbers, got {kick!r}")
        attrs["strike"] = tuple(_int(k, "kick") for k in kick)
    race = rec.get("race")
    if race is not None:
        if race not in ELEMENTS:
            raise ValueError(f"unknown race {race!r}")
        attrs["element"] = ELEMENTS[race]
    for key in ("rarity", "series"):
        if rec.get(key) not in (None, ""):
            attrs[key] = rec[key]
    desc = rec.get("desc") or ""
    if not isinstance(desc, str):
        raise ValueError(f"desc is not text: {desc!r}")
    flags = set()
    tags = rec.get("abilities") or []
    if "[:unq]" in desc or (isinstance(tags, list) and "unique" in tags):
        flags.add("unique")
    if str(rec.get("fly", "0")) == "1":
        flags.add("fly")
    if str(rec.get("horde", "0")) == "1":
        flags.add("horde")
    classes = rec.get("classes") or []
    if not isinstance(classes, list) or not all(isinstance(c, str) for c in classes):
        raise ValueError(f"classes must be a list of strings, got {classes!r}")
    return CardDef(
        name=name.strip(),
        type=TYPES[code],
        attrs=attrs,
        flags=frozenset(flags),
        keywords=tuple(classes),
        text=desc.strip(),
        source=source,
    )


def load_pool(path) -> LoadResult:
    """Read ``path`` (all_cards.json format) into a CardPool; bad records are skipped, not fatal."""
    p = Path(path)
    try:
        raw = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CardDatabaseError(f"{p}: card file not found") from None
    except UnicodeDecodeError as exc:
        raise CardDatabaseError(f"{p}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise CardDatabaseError(f"{p}: cannot read card file: {exc.strerror or exc}") from None
    if not raw.strip():
        raise CardDatabaseError(f"{p}: card file is empty")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        hint = " (file truncated?)" if exc.pos >= len(raw.rstrip()) - 1 else ""
        raise CardDatabaseError(f"{p}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}{hint}") from None
    if isinstance(data, dict):
        # tolerate {"cards": [...]} or {id: record} shapes
        if isinstance(data.get("cards"), list):
            items = list(enumerate(data["cards"]))
        else:
            items = list(data.items())
    elif isinstance(data, list):
        items = list(enumerate(data))
    else:
        raise CardDatabaseError(f"{p}: expected a JSON list of card records, got {type(data).__name__}")
    pool = CardPool()
    skipped: list[tuple[Any, str]] = []
    for index, rec in items:
        ident = rec.get("proto", index) if isinstance(rec, dict) else index
        try:
            card = record_to_card(rec, source=p.name)
        except (ValueError, TypeError) as exc:
            skipped.append((ident, f"record {index}: {exc}"))
            continue
        except Exception as exc:  # CardDef's own validation etc.
            skipped.append((ident, f"record {index}: {type(exc).__name__}: {str(exc).splitlines()[0]}"))
            continue
        if card.name in pool:
            skipped.append((ident, f"record {index}: duplicate name {card.name!r} (first record kept)"))
            continue
        pool.add(card)
    return LoadResult(pool=pool, skipped=skipped, path=p)

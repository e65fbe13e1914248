"""L5R card databases -> :class:`~adjudicator.core.cards.CardPool`.

Two formats are read (see ``shared/data/l5r/SOURCE.md``):

* **Oracle of the Void JSON export** — one ``.json`` file (a list of card records) or a
  folder of them. Most values are 1-element lists: ``{"title": ["Agasha Kodo"], ...}``.
* **Egg of P'an Ku XML** — ``cards*.xml``: ``<cards><card id=".." type="..">`` with child
  elements ``name``, ``text`` (HTML in CDATA), ``cost``, ``force`` ...

Field mapping to :class:`CardDef`:

==================  ==========================  ============================
CardDef             Oracle field                EoPK element
==================  ==========================  ============================
name                ``puretexttitle`` else       ``name``
                    ``title`` (experienced
                    versions: "Akodo Kano - exp",
                    the EoPK spelling too)
type (lower-case)   ``type``                     ``type`` attribute
attrs gold-cost     ``cost``                     ``cost``
attrs focus         ``focus``                    ``focus``
attrs force / chi   ``force`` / ``chi``          ``force`` / ``chi``
honor-requirement   ``honor``                    ``honor_req``
personal-honor      ``ph``                       ``personal_honor``
gold-production     ``production``               ``gold_production``
                    (Holdings: from a plain "Bow this card: Produce N Gold." line)
province-strength   ``strength``                 ``province_strength``
starting-honor      ``startinghonor``            ``starting_honor``
attrs clan          ``clan`` (several joined     ``clan`` (capitalised)
                    with "/")
keywords            ``keywords``                 the bold first line of the
                                                 text ("Dragon Clan • Samurai")
flags               ``unique`` when "Unique" is a keyword
text                ``text``, HTML removed, one ability per line (``\\n``), icons as
                    words (:func:`adjudicator.games.l5r.ability.clean_text`)
source              the file name
==================  ==========================  ============================

Types: ``Strategy`` becomes ``"action"`` (the scenario language's word); every other type
is lower-cased and kept, ``sensei`` and ``celestial`` included.

Numbers: ``"3"`` -> 3; signed follower/item bonuses ``"+2"`` -> 2 (``"-1"`` -> -1); ``"-"``
and ``""`` (no value) are omitted; ``"X"``, ``"*"``, ``"+*"``, ``"2*"`` are kept as strings.

Duplicates: the first record with a given name is kept (within a file in file order,
folders in sorted file-name order); later ones are listed in :attr:`LoadResult.duplicates`.

Errors: a malformed record (no title, a value of the wrong shape) is skipped and listed in
:attr:`LoadResult.skipped` with a reason naming the file and the record; a file that is
not valid JSON/XML, or of the wrong overall shape, raises :class:`CardDatabaseError`.

Abilities are **not** parsed at load time (that is what ``parse_card_text`` is for).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterable

from adjudicator.core.cards import CardDatabaseError, CardDef, CardPool, LoadResult
from adjudicator.games.l5r.ability import clean_text

__all__ = ["CardDatabaseError", "LoadResult", "load_pool", "load_oracle_json", "load_eopk_xml"]


_TYPE_MAP = {"strategy": "action"}

_ORACLE_NUMBERS = {
    "cost": "gold-cost",
    "focus": "focus",
    "force": "force",
    "chi": "chi",
    "honor": "honor-requirement",
    "ph": "personal-honor",
    "production": "gold-production",
    "strength": "province-strength",
    "startinghonor": "starting-honor",
}
_EOPK_NUMBERS = {
    "cost": "gold-cost",
    "focus": "focus",
    "force": "force",
    "chi": "chi",
    "honor_req": "honor-requirement",
    "personal_honor": "personal-honor",
    "gold_production": "gold-production",
    "province_strength": "province-strength",
    "starting_honor": "starting-honor",
}


class _BadRecord(Exception):
    pass


def _number(value: Any, what: str) -> int | str | None:
    """A printed number: int, None (no value) or a kept string ("X", "*", "2*")."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise _BadRecord(f"{what} is a boolean")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else str(value)
    if not isinstance(value, str):
        raise _BadRecord(f"{what} has type {type(value).__name__}")
    v = value.strip()
    if v in ("", "-", "—", "n/a", "N/A"):
        return None
    if re.fullmatch(r"[+\-]?\d+", v):
        return int(v)
    return v  # "X", "*", "+*", "2*": printed as such


def _one(value: Any, what: str) -> Any:
    """Oracle values are mostly 1-element lists; accept a bare value too."""
    if isinstance(value, list):
        if not value:
            return None
        if len(value) > 1:
            raise _BadRecord(f"{what} has {len(value)} values")
        return value[0]
    return value


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise _BadRecord(f"{what} is not a string or a list of strings")


def _card_type(raw: Any, what: str = "type") -> str:
    if not isinstance(raw, str) or not raw.strip():
        raise _BadRecord(f"missing or empty {what}")
    t = raw.strip().lower()
    return _TYPE_MAP.get(t, t)


def _plain_title(raw: str) -> str:
    return " ".join(clean_text(raw).split())


_PRODUCTION_LINE_RE = re.compile(r"^Bow this card: Produce (\d+) Gold\.?$", re.M)


def _derive_production(ctype: str, attrs: dict[str, Any], text: str) -> None:
    """A Holding's printed Gold production is its plain "Bow this card: Produce N Gold."
    line (neither database has a production field for Holdings); it becomes the
    ``gold-production`` attr that pays costs. Lines with conditions or limits ("... which may
    only pay for ...") are abilities, not production, and are left alone."""
    if ctype != "holding" or "gold-production" in attrs:
        return
    m = _PRODUCTION_LINE_RE.search(text)
    if m:
        attrs["gold-production"] = int(m.group(1))


# --------------------------------------------------------------------------- Oracle JSON


def _oracle_record(rec: Any, source: str) -> CardDef:
    if not isinstance(rec, dict):
        raise _BadRecord(f"record is a {type(rec).__name__}, not an object")
    title = _one(rec.get("puretexttitle"), "puretexttitle") or _one(rec.get("title"), "title")
    if not isinstance(title, str) or not title.strip():
        raise _BadRecord("missing title")
    name = _plain_title(title)
    ctype = _card_type(_one(rec.get("type"), "type"))
    attrs: dict[str, Any] = {}
    for key, attr in _ORACLE_NUMBERS.items():
        if key in rec:
            n = _number(_one(rec[key], key), key)
            if n is not None:
                attrs[attr] = n
    clans = _strings(rec.get("clan"), "clan")
    if clans:
        attrs["clan"] = "/".join(c.strip() for c in clans)
    keywords = tuple(_plain_title(k) for k in _strings(rec.get("keywords"), "keywords") if k.strip())
    texts = _strings(rec.get("text"), "text")
    text = "\n".join(t for t in (clean_text(x) for x in texts) if t)
    flags = frozenset({"unique"}) if any(k.casefold() == "unique" for k in keywords) else frozenset()
    _derive_production(ctype, attrs, text)
    return CardDef(name=name, type=ctype, attrs=attrs, flags=flags, keywords=keywords, text=text, source=source)


def _read_json(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CardDatabaseError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise CardDatabaseError(path, f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise CardDatabaseError(path, f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from None


def load_oracle_json(path: Path, result: LoadResult, seen: dict[str, str]) -> None:
    data = _read_json(path)
    if isinstance(data, dict):
        # {"cards": [...]} or {id: record}
        if isinstance(data.get("cards"), list):
            data = data["cards"]
        else:
            data = list(data.values())
    if not isinstance(data, list):
        raise CardDatabaseError(path, f"expected a list of card records, found {type(data).__name__}")
    source = path.name
    for index, rec in enumerate(data):
        rid = f"{source}#{index}"
        if isinstance(rec, dict) and rec.get("cardid") is not None:
            rid = f"{source}#{index} (cardid {rec.get('cardid')})"
        try:
            card = _oracle_record(rec, source)
        except _BadRecord as exc:
            result.skipped.append((rid, f"{path.name}, record {index}: {exc}"))
            continue
        except Exception as exc:  # CardDef's own validation and friends
            result.skipped.append((rid, f"{path.name}, record {index}: invalid card ({type(exc).__name__})"))
            continue
        _add(result, seen, card, rid)


# --------------------------------------------------------------------------- EoPK XML

_KEYWORD_LINE_RE = re.compile(r"^\s*<b>(?P<kw>[^<]*)</b>\s*(<br\s*/?>|$)", re.I)


def _eopk_record(el: Any, source: str) -> CardDef:
    name = (el.findtext("name") or "").strip()
    if not name:
        raise _BadRecord("missing name")
    ctype = _card_type(el.get("type"), "type attribute")
    attrs: dict[str, Any] = {}
    for tag, attr in _EOPK_NUMBERS.items():
        n = _number(el.findtext(tag), tag)
        if n is not None:
            attrs[attr] = n
    clans = [c.text.strip() for c in el.findall("clan") if c.text and c.text.strip()]
    if clans:
        attrs["clan"] = "/".join(c[:1].upper() + c[1:] for c in clans)
    raw = el.findtext("text") or ""
    raw = re.sub(r"<br\s*/?>\s*<br\s*/?>\s*<b>\(MRP\)</b>\s*$", "", raw.strip(), flags=re.I)
    raw = re.sub(r"<b>\(MRP\)</b>", "", raw, flags=re.I)
    keywords: tuple[str, ...] = ()
    m = _KEYWORD_LINE_RE.match(raw)
    if m:
        line = clean_text(m.group("kw"))
        # a keyword line has no sentence punctuation: "Dragon Clan • Samurai", "Unique"
        if line and not re.search(r"[.:]", line):
            keywords = tuple(k.strip() for k in line.split("•") if k.strip())
            raw = raw[m.end() :]
    text = clean_text(raw)
    flags = frozenset({"unique"}) if any(k.casefold() == "unique" for k in keywords) else frozenset()
    _derive_production(ctype, attrs, text)
    return CardDef(
        name=_plain_title(name), type=ctype, attrs=attrs, flags=flags, keywords=keywords, text=text, source=source
    )


def load_eopk_xml(path: Path, result: LoadResult, seen: dict[str, str]) -> None:
    import xml.etree.ElementTree as ET

    try:
        root = ET.parse(path).getroot()
    except OSError as exc:
        raise CardDatabaseError(path, f"cannot read: {exc.strerror or exc}") from None
    except ET.ParseError as exc:
        line, col = getattr(exc, "position", (0, 0))
        raise CardDatabaseError(path, f"invalid XML at line {line} column {col}") from None
    if root.tag != "cards":
        raise CardDatabaseError(path, f"expected a <cards> root element, found <{root.tag}>")
    source = path.name
    for index, el in enumerate(root):
        if el.tag != "card":
            continue
        rid = f"{source}#{index} (id {el.get('id')})" if el.get("id") else f"{source}#{index}"
        try:
            card = _eopk_record(el, source)
        except _BadRecord as exc:
            result.skipped.append((rid, f"{path.name}, card {el.get('id') or index}: {exc}"))
            continue
        except Exception as exc:
            result.skipped.append((rid, f"{path.name}, card {el.get('id') or index}: invalid card ({type(exc).__name__})"))
            continue
        _add(result, seen, card, rid)


# --------------------------------------------------------------------------- entry point


def _add(result: LoadResult, seen: dict[str, str], card: CardDef, rid: str) -> None:
    if card.name in seen:
        result.duplicates.append((card.name, f"{rid} (kept {seen[card.name]})"))
        return
    seen[card.name] = rid
    result.pool.add(card)


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in (".json", ".xml"))
        if not files:
            raise CardDatabaseError(path, "folder holds no .json or .xml card files")
        return files
    if path.is_file():
        return [path]
    raise CardDatabaseError(path, "no such file or folder")


def load_pool(path: str | Path) -> LoadResult:
    """Read an Oracle of the Void JSON file/folder or an EoPK ``cards*.xml`` file."""
    p = Path(path)
    result = LoadResult(pool=CardPool(), path=p)
    seen: dict[str, str] = {}
    for f in _files(p):
        result.files.append(f)
        suffix = f.suffix.lower()
        if suffix == ".xml":
            load_eopk_xml(f, result, seen)
        elif suffix == ".json":
            load_oracle_json(f, result, seen)
        else:
            raise CardDatabaseError(f, "unknown format (expected .json or .xml)")
    return result


def iter_texts(result: LoadResult) -> Iterable[tuple[str, str]]:
    """(card name, text) for every card of a loaded pool (helper for coverage)."""
    for name in result.pool.names():
        card = result.pool.get(name)
        if card is not None:
            yield name, card.text

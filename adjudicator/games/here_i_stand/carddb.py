"""Here I Stand card list (``shared/data/here_i_stand/cards.csv``) -> CardPool.

The CSV comes from the Board Game Arena port (see ``shared/data/here_i_stand/SOURCE.md``);
it is read in place and never copied into this repository. Columns used:

==============  =====================================================================
CSV column      CardDef
==============  =====================================================================
num             attr ``num`` (the printed card number)
name            name (surrounding spaces removed)
type            type: HOME_CARD -> ``home``, MANDATORY_CARD -> ``mandatory``,
                EVENT_CARD -> ``event``, RESPONSE_CARD -> ``response``,
                COMBAT_CARD -> ``combat``. DIPLOMACY_CARD rows (the two-player
                variant's separate deck) are skipped with that reason.
cp              attr ``cp`` (an integer; a missing or non-numeric value makes the row malformed)
remove          ``Yes`` -> flag ``remove-if-event``; ``Leader`` -> the same (a new ruler's
                card leaves the deck once played); ``No`` -> nothing; ``Special`` -> no
                flag, attr ``removal special`` (the card's own text decides; a scenario can
                add ``remove-if-event`` by redefining the card)
==============  =====================================================================

Home cards also get their owner as ``powers`` (from :data:`powers.HOME_CARD_OWNERS`),
since only the owner may play them as events. Other cards' power restrictions are in
their text, which the CSV does not carry: they load unrestricted.

Errors: a missing file or a file without the needed header columns raises
:class:`CardDatabaseError`; a malformed row is skipped and listed in
:attr:`LoadResult.skipped` as ``(row id, "FILE, row N: reason")``; the other rows still load.
"""

from __future__ import annotations

import csv
from pathlib import Path

from adjudicator.core.cards import CardDatabaseError, CardDef, CardPool, LoadResult

from .powers import HOME_CARD_OWNERS

__all__ = ["CardDatabaseError", "LoadResult", "load_pool", "REQUIRED_COLUMNS"]

REQUIRED_COLUMNS = ("num", "name", "type", "cp", "remove")

_TYPES = {
    "HOME_CARD": "home",
    "MANDATORY_CARD": "mandatory",
    "EVENT_CARD": "event",
    "RESPONSE_CARD": "response",
    "COMBAT_CARD": "combat",
}
_SKIPPED_TYPES = {"DIPLOMACY_CARD": "a Diplomacy card of the two-player variant (not part of the Action-phase deck)"}


class _BadRow(Exception):
    pass


def _int(raw: str | None, what: str) -> int:
    text = (raw or "").strip()
    if not text:
        raise _BadRow(f"no {what} value")
    try:
        return int(text)
    except ValueError:
        raise _BadRow(f"{what} '{text}' is not a whole number") from None


def _row_card(row: dict[str, str | None], source: str) -> CardDef | None:
    """One CSV row as a CardDef; None for a row of a type that is skipped on purpose."""
    if None in row:  # csv puts surplus fields under the key None
        raise _BadRow(f"{len(row[None] or [])} more field(s) than the header has")  # type: ignore[arg-type]
    missing = [c for c in REQUIRED_COLUMNS if row.get(c) is None]
    if missing:
        raise _BadRow("too few fields (no " + ", ".join(missing) + ")")
    num = _int(row["num"], "num")
    name = " ".join((row["name"] or "").split())
    if not name:
        raise _BadRow("empty name")
    raw_type = (row["type"] or "").strip()
    if raw_type in _SKIPPED_TYPES:
        return None
    ctype = _TYPES.get(raw_type)
    if ctype is None:
        raise _BadRow(f"unknown type '{raw_type}' (known: {', '.join([*_TYPES, *_SKIPPED_TYPES])})")
    cp = _int(row["cp"], "cp")
    if cp < 0:
        raise _BadRow(f"cp {cp} is negative")
    attrs: dict[str, object] = {"cp": cp, "num": num}
    flags: set[str] = set()
    remove = (row["remove"] or "").strip().casefold()
    if remove in ("yes", "leader"):
        flags.add("remove-if-event")
    elif remove == "special":
        attrs["removal"] = "special"
    elif remove not in ("no", ""):
        raise _BadRow(f"remove '{row['remove']}' is not Yes, No, Leader or Special")
    keywords: tuple[str, ...] = ()
    if ctype == "home":
        owner = HOME_CARD_OWNERS.get(num)
        if owner is None:
            raise _BadRow(f"home card number {num} belongs to no known power")
        keywords = (owner,)
    return CardDef(name=name, type=ctype, attrs=attrs, flags=frozenset(flags), keywords=keywords, source=source)


def load_pool(path: str | Path) -> LoadResult:
    """Read the card list CSV. Malformed rows are skipped and reported; the rest load."""
    p = Path(path)
    result = LoadResult(pool=CardPool(), path=p)
    if not p.is_file():
        raise CardDatabaseError(p, "no such file")
    try:
        text = p.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardDatabaseError(p, f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise CardDatabaseError(p, f"cannot read: {exc.strerror or exc}") from None
    reader = csv.DictReader(text.splitlines())
    header = [h.strip() for h in (reader.fieldnames or [])]
    reader.fieldnames = header
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    if missing:
        raise CardDatabaseError(p, "the header row lacks column(s) " + ", ".join(missing)
                                + f" (found: {', '.join(header) or 'nothing'})")
    seen: dict[str, str] = {}
    for row in reader:
        line = reader.line_num
        rid = f"{p.name}:{line}"
        try:
            card = _row_card(row, p.name)
        except _BadRow as exc:
            result.skipped.append((rid, f"{p.name}, row {line}: {exc}"))
            continue
        except Exception as exc:  # CardDef's own validation and friends
            result.skipped.append((rid, f"{p.name}, row {line}: invalid card ({type(exc).__name__}: {exc})"))
            continue
        if card is None:
            result.skipped.append((rid, f"{p.name}, row {line}: {_SKIPPED_TYPES[(row['type'] or '').strip()]}"))
            continue
        if card.name in seen:
            result.duplicates.append((card.name, f"{rid} (kept {seen[card.name]})"))
            continue
        seen[card.name] = rid
        result.pool.add(card)
    return result

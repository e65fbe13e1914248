"""Card definitions: what a card *is* (printed values), as opposed to a copy's state.

A :class:`CardDef` comes from a scenario's ``card`` statement, a game's built-in pool or a
card database loader. It validates its own fields on construction (a frozen dataclass, so
starting the CLI does not pay for a validation library): names and types are non-empty
text, attribute values are ints, text or tuples of ints, keywords are text. Which
attributes a game has, and of what type, is the game module's table (``Game.card_attrs``),
checked when scenario files are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class CardValueError(ValueError):
    """A card definition with a missing or wrongly typed field."""


def _check_value(card: str, attr: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, str, tuple)):
        raise CardValueError(f'"{card}": attribute {attr!r} has a value of type {type(value).__name__}; '
                             "expected a number, a text or a run of numbers")
    if isinstance(value, tuple) and not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise CardValueError(f'"{card}": attribute {attr!r} must be a run of numbers, not {value!r}')


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as printed.

    ``attrs`` maps the game's attribute words (``force``, ``gold-cost``, ``life``,
    ``strike`` …) to ints, strings or tuples of ints; ``flags`` are bare attribute words
    (``unique``); ``keywords`` keep their printed spelling; ``text`` is the raw ability
    text (HTML already removed by loaders, one ability per line).
    """

    name: str
    type: str
    attrs: dict[str, Any] = field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    keywords: tuple[str, ...] = ()
    text: str = ""
    source: str = "scenario"  # "scenario", "built-in", or the database file it came from

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise CardValueError(f"a card needs a name (got {self.name!r})")
        if not isinstance(self.type, str) or not self.type:
            raise CardValueError(f'"{self.name}": a card needs a type (got {self.type!r})')
        if not isinstance(self.attrs, dict):
            raise CardValueError(f'"{self.name}": attributes must be a mapping')
        for attr, value in self.attrs.items():
            _check_value(self.name, attr, value)
        if not isinstance(self.text, str):
            raise CardValueError(f'"{self.name}": text must be text, not {type(self.text).__name__}')
        object.__setattr__(self, "flags", frozenset(self.flags))
        keywords = tuple(self.keywords)
        if not all(isinstance(k, str) for k in keywords):
            raise CardValueError(f'"{self.name}": keywords must be text')
        object.__setattr__(self, "keywords", keywords)

    def __hash__(self) -> int:
        return hash((self.name, self.type, self.source))

    def value(self, attr: str, default: Any = None) -> Any:
        return self.attrs.get(attr, default)

    def has_keyword(self, keyword: str) -> bool:
        wanted = keyword.casefold()
        return any(k.casefold() == wanted for k in self.keywords)


class CardPool:
    """Cards by name, with "did you mean" for misspelt names."""

    def __init__(self, cards: dict[str, CardDef] | None = None):
        self._cards: dict[str, CardDef] = dict(cards or {})

    def add(self, card: CardDef) -> None:
        self._cards[card.name] = card

    def get(self, name: str) -> CardDef | None:
        return self._cards.get(name)

    def __contains__(self, name: str) -> bool:
        return name in self._cards

    def __len__(self) -> int:
        return len(self._cards)

    def names(self) -> list[str]:
        return list(self._cards)

    def merged(self, other: "CardPool") -> "CardPool":
        """A new pool: this one's cards, overridden by ``other``'s."""
        return CardPool({**self._cards, **other._cards})


class CardDatabaseError(Exception):
    """A card database file could not be read at all (missing, truncated, wrong format)."""

    def __init__(self, path, message: str):
        self.path = str(path)
        self.message = message
        super().__init__(f"{self.path}: {message}")

    def __str__(self) -> str:
        return f"card database {self.path}: {self.message}"


@dataclass
class LoadResult:
    """What a game's ``load_pool`` read: the pool, and what it left out and why."""

    pool: CardPool
    path: Any
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (record id, reason naming file and record)
    duplicates: list[tuple[str, str]] = field(default_factory=list)  # (name, where the later one was)
    files: list[Any] = field(default_factory=list)

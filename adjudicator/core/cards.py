"""Card definitions: what a card *is* (printed values), as opposed to a copy's state.

A :class:`CardDef` comes from a scenario's ``card`` statement, a game's built-in pool or a
card database loader. Values are validated by pydantic; the game module says which
attributes exist and what type each has (see ``Game.card_attrs``).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class CardDef(BaseModel):
    """A card as printed.

    ``attrs`` maps the game's attribute words (``force``, ``gold-cost``, ``life``,
    ``strike`` …) to ints, strings or tuples of ints; ``flags`` are bare attribute words
    (``unique``); ``keywords`` keep their printed spelling; ``text`` is the raw ability
    text (HTML already removed by loaders, one ability per line).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    type: str
    attrs: dict[str, Any] = Field(default_factory=dict)
    flags: frozenset[str] = frozenset()
    keywords: tuple[str, ...] = ()
    text: str = ""
    source: str = "scenario"  # "scenario", "built-in", or the database file it came from

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

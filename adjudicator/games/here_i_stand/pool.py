"""The small built-in card pool: the seven home cards and a handful of invented cards.

The home cards are listed by name with their CP value and owner (facts of the published
game, not card text). The other cards are invented, generic stand-ins for the card types,
so that scenarios can be written without the full card list; a scenario's ``cards
"…/cards.csv"`` statement loads the real deck, and ``card`` statements define any other card.
"Katharina von Bora" is the seed's own example of an event that another power carries out.
"""

from __future__ import annotations

from adjudicator.core.cards import CardDef, CardPool


def _card(name: str, ctype: str, cp: int, *, powers: tuple[str, ...] = (), flags=(), **attrs) -> CardDef:
    return CardDef(name=name, type=ctype, attrs={"cp": cp, **attrs}, flags=frozenset(flags), keywords=powers,
                   source="built-in")


_HOME = [
    ("Janissaries", 5, "Ottoman"),
    ("Holy Roman Emperor", 5, "Hapsburg"),
    ("Six Wives of Henry VIII", 5, "England"),
    ("Patron of the Arts", 5, "France"),
    ("Papal Bull", 4, "Papacy"),
    ("Leipzig Debate", 3, "Papacy"),
    ("Here I Stand", 5, "Protestant"),
]

_INVENTED = [
    _card("Royal Decree", "mandatory", 2, flags=("remove-if-event",)),
    _card("Court Scandal", "mandatory", 2),
    _card("Printing Press Pamphlets", "event", 2, powers=("Protestant",)),
    _card("Pilgrimage", "event", 3),
    _card("Grain Shortage", "event", 2, flags=("remove-if-event",)),
    _card("Royal Treasury", "event", 4, **{"event-cp": 2}),
    _card("Hired Guides", "response", 1),
    _card("Sudden Storm", "response", 2, flags=("response-only",)),
    _card("Flanking March", "combat", 1),
    _card("Veteran Pikemen", "combat", 2),
    _card("Katharina von Bora", "event", 3, flags=("remove-if-event",), **{"acting-power": "Protestant"}),
]


def builtin_pool() -> CardPool:
    pool = CardPool()
    for name, cp, owner in _HOME:
        pool.add(_card(name, "home", cp, powers=(owner,)))
    for card in _INVENTED:
        pool.add(card)
    return pool

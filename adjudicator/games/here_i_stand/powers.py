"""The six major powers and the facts about them the Action phase needs.

The impulse order is fixed by the game (section 3.2, pinned by RULES.md HIS-IMPULSE):
whatever order a scenario declares its players in, the powers act in this order.
"""

from __future__ import annotations

#: impulse order (HIS-IMPULSE)
POWERS: tuple[str, ...] = ("Ottoman", "Hapsburg", "England", "France", "Papacy", "Protestant")

#: the home (national) cards of the printed deck, by card number, and the power that owns each.
#: The card list (cards.csv) does not say whose home card is whose; this is the game's own
#: assignment (each power's card sits on its power card). Papacy has two home cards.
HOME_CARD_OWNERS: dict[int, str] = {
    1: "Ottoman",      # Janissaries
    2: "Hapsburg",     # Holy Roman Emperor
    3: "England",      # Six Wives of Henry VIII
    4: "France",       # Patron of the Arts
    5: "Papacy",       # Papal Bull
    6: "Papacy",       # Leipzig Debate
    7: "Protestant",   # Here I Stand
}


def power_list(value) -> tuple[str, ...]:
    """A card's ``powers`` as a tuple of power names (keywords, or one string "A, B")."""
    if not value:
        return ()
    items = [value] if isinstance(value, str) else list(value)
    out: list[str] = []
    for item in items:
        for part in str(item).replace(",", " ").split():
            if part and part not in out:
                out.append(part)
    return tuple(out)

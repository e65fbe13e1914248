"""A small built-in L5R card pool, written for this project (not taken from any database).

Scenarios may name these cards without defining them; a ``card`` statement overrides one.
"""

from __future__ import annotations

from ...core.cards import CardDef


def builtin_cards() -> list[CardDef]:
    def card(name, type_, text="", keywords=(), **attrs):
        return CardDef(name=name, type=type_, text=text, keywords=tuple(keywords),
                       attrs={k.replace("_", "-"): v for k, v in attrs.items()}, source="built-in")

    return [
        card("Ashigaru Levy", "follower", force=1, gold_cost=2, keywords=["Infantry"]),
        card("Mounted Scouts", "follower", force=1, gold_cost=3, keywords=["Cavalry"]),
        card("Simple Katana", "item", "The bearer gets +1F.", force=1, gold_cost=1, keywords=["Weapon"]),
        card("Rice Paddy", "holding", "Bow this card: Produce 2 Gold.", gold_cost=2, gold_production=2,
             keywords=["Farm"]),
        card("Small Market", "holding", "Bow this card: Produce 3 Gold.", gold_cost=4, gold_production=3),
        card("Family Estate", "holding", "Bow this card: Produce 2 Gold.", gold_cost=0, gold_production=2,
             keywords=["Legacy"]),
        card("Wandering Ronin", "personality", force=2, chi=2, honor_requirement=0, personal_honor=0, gold_cost=4,
             keywords=["Ronin"]),
        card("Young Duelist", "personality", force=2, chi=3, honor_requirement=3, personal_honor=1, gold_cost=5,
             keywords=["Samurai", "Duelist"]),
        card("Veteran Sergeant", "personality", force=3, chi=2, honor_requirement=2, personal_honor=1, gold_cost=6,
             keywords=["Samurai", "Commander"]),
        card("Quiet Courtier", "personality", force=1, chi=3, honor_requirement=4, personal_honor=2, gold_cost=5,
             keywords=["Courtier"]),
        card("Sudden Order", "action", "Limited: Straighten a target Personality.", gold_cost=0),
        card("Firm Stance", "action", "Open: Target one of your Personalities: He gets +2F.", gold_cost=0),
        card("Shameful Rumor", "action", "Political Open: Dishonor a target Personality.", gold_cost=0),
        card("Fresh Orders", "action", "Limited: Draw a card.", gold_cost=0),
        card("Strike Down", "action", "Battle: Bow the target enemy Personality and move him home.", gold_cost=0),
        card("Hall of Records", "stronghold", "Bow this card: Produce 5 Gold.", gold_production=5,
             province_strength=6, starting_honor=7),
    ]

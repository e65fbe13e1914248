"""A few built-in cards for scenarios (stats as printed on the classic cards where known;
ability texts in the card base's Russian, with [:tap] for the closing icon)."""

from __future__ import annotations

from adjudicator.core.cards import CardDef, CardPool

_CARDS = (
    CardDef(name="Рафаэль", type="creature", source="built-in",
            attrs={"gold-cost": 5, "life": 8, "movement": 1, "strike": (1, 2, 2)},
            text="Внезапное действие [:tap]: Ранить ваше существо на 2, в конце хода - излечить его на 5"),
    CardDef(name="Келем", type="creature", source="built-in",
            attrs={"gold-cost": 6, "life": 9, "movement": 1, "strike": (2, 3, 4)},
            text="[:tap]: Ранить выбранное существо на 2"),
    CardDef(name="Гном-воин", type="creature", source="built-in",
            attrs={"silver-cost": 3, "life": 6, "movement": 1, "strike": (1, 2, 3)}),
    CardDef(name="Воительницы Чи", type="creature", source="built-in",
            attrs={"gold-cost": 6, "life": 10, "movement": 1, "strike": (2, 2, 3)},
            text="До начала хода: потерять 2 фишки. В начале вашего хода: излечить её на X, где X — число фишек на ней"),
    CardDef(name="Лесной дух", type="creature", source="built-in", keywords=("Полёт",),
            attrs={"gold-cost": 4, "life": 4, "movement": 0, "strike": (1, 1, 2)}),
    CardDef(name="Болото", type="terrain", source="built-in", attrs={"silver-cost": 2}),
    CardDef(name="Меч героя", type="equipment", source="built-in", attrs={"silver-cost": 2}),
    CardDef(name="Пиявка", type="parasite", source="built-in", attrs={"silver-cost": 1, "life": 1}),
    CardDef(name="Дух огня", type="symbiote", source="built-in", attrs={"silver-cost": 2, "life": 2}),
)


def builtin_pool() -> CardPool:
    return CardPool({c.name: c for c in _CARDS})

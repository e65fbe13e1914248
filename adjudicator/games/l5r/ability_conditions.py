"""Transformer methods for ``grammar/l5r_ability_conditions.lark``: conditions: "If …", "while …", "unless …" and the limits block's requirements.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.
"""

from __future__ import annotations

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()


class Rules:
    pass

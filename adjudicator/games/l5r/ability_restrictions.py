"""Transformer methods for ``grammar/l5r_ability_restrictions.lark``: lasting restrictions and permissions: cannot / may not / must / will not.

Each method is named after an alias (``-> name``) of that grammar file and has the base
transformer's signature ``(self, meta, ch)``; see :func:`adjudicator.games.l5r.ability._build_transformer_class`.
"""

from __future__ import annotations

#: Effect kinds this topic emits (added to ``ability.EFFECT_KINDS``)
KINDS: frozenset[str] = frozenset()


class Rules:
    pass

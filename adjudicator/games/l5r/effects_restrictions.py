"""L5R effects about lasting restrictions and permissions: cannot / may not / must / will not, counting, abilities lost.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).
"""

from __future__ import annotations

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

"""L5R effects about lasting restrictions and permissions: cannot / may not / must / will not, counting, abilities lost.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

What the engine honours here:

* ``play-limit`` ("You may only play one copy of Trade Embargo per turn", "... one Escalating
  Violence per battle"): a card's own limit on how often its player plays it, the "other limit"
  a card may state (L5R-ACT-COND). Checked when the card is played from hand
  (:func:`check_play_limit`, called by the procedure); the plays are counted per player and
  title, per turn or per battle (cleared with the abilities used this turn / this battle).
"""

from __future__ import annotations

from adjudicator.core.ability import TargetSpec

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: a play limit's period -> the memo list the procedure clears with it (procedure.LIMIT_SCOPES)
_PLAY_SCOPES = {"turn": ("used", "this turn"), "battle": ("battle-used", "this battle")}


def play_limit_applies(effect, ref) -> bool:
    """"You may only play one copy of <this card> per turn/battle": a limit the engine counts."""
    obj = effect.values[0] if effect.values else None
    return ref == "you" and effect.keyword in _PLAY_SCOPES and isinstance(obj, TargetSpec) \
        and obj.ref in ("this", "named")


def _title(obj: TargetSpec, source) -> str:
    return source.card.name if obj.ref == "this" else obj.text


def check_play_limit(ctx, source) -> None:
    """A card played from hand whose own trait limits its plays: refuse a play over the limit,
    else count this one (a refused action leaves the position, and so the count, unchanged)."""
    pos, actor = ctx.position, ctx.actor
    limits = [(c, _title(c.values[0], source)) for ability in ctx.game.abilities(source)
              if ability.kind == "continuous" for c in ability.effects
              if getattr(c, "kind", "") == "play-limit" and play_limit_applies(c, c.target.ref if c.target else "")]
    for clause, title in limits:
        scope, words = _PLAY_SCOPES[clause.keyword]
        key = f"play:{actor}:{title}"
        if pos.memo.get(scope, []).count(key) >= 1:
            ctx.reject("L5R-ACT-COND", f"{actor} has already played {title} {words} ('{clause.text}')")
        ctx.step("condition", f"{actor} has not played {title} {words} yet", "L5R-ACT-COND")
    for clause, title in limits:
        pos.memo.setdefault(_PLAY_SCOPES[clause.keyword][0], []).append(f"play:{actor}:{title}")


#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {"play-limit": play_limit_applies}

"""L5R effects about players: Honor, Gold and costs, actions taken, the Imperial Favor, amounts worked out from values.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

Which players a player-level clause applies to (:func:`player_subjects`): the acting player
("you"), the other players ("another player", ref ``opponent``), every player matching the
restrictions ("each player with 21 or more Family Honor", ref ``each`` with card type
``player``), and the controller of a card named before ("his controller", "the winner's
controller"). :func:`player_target_executes` says the same without a position, for
:func:`adjudicator.games.l5r.effects.executes`.
"""

from __future__ import annotations

import re

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

#: the player-level kinds whose subject is a player, not a card
PLAYER_LEVEL = frozenset({"draw", "gain-honor", "lose-honor", "take-favor", "gain-or-lose-honor"})

#: player values a "with ..." test on players can read
_PLAYER_STATS = {"family-honor": "family-honor"}


#: target states this topic's grammar writes that no target test of the engine reads
_UNCHECKED_STATE = re.compile(r"^(in:it|has-no:[A-Z][\w-]*|has:[A-Z][\w-]*|has:attachment|changes-from:.*"
                              r"|performed-by:.*|next-action|at-least:\d+|source-of-honor-change|either:.*|cmp:.*paid(\.gold)?"
                              r"|this-did:.*|controlled-by:.*|controls-at-least:.*|not-targeted-by:.*|in-and-out-of-play|out-of-play)$")


def states_checked(spec) -> bool:
    """False when ``spec`` holds a state of this topic that the engine's target tests cannot read."""
    if spec is None:
        return True
    return not any(_UNCHECKED_STATE.match(s) for s in spec.states) and not any(
        t.stat.startswith(("base-", "printed-")) for t in spec.tests)


def _controller_spec(spec) -> bool:
    """"his controller" (ref it) / "the winner's controller" (possessed, of-it)."""
    if spec is None or spec.card_types != ("controller",):
        return False
    if spec.ref == "it":
        return True
    return spec.ref == "possessed" and spec.states[:1] == ("of-it",) and all(
        s in ("of-it",) for s in spec.states)


def player_target_executes(spec) -> bool:
    """Can :func:`player_subjects` tell which players ``spec`` names (whatever the position)?"""
    if spec is None or spec.ref in ("you", "opponent"):
        return spec is None or not spec.tests and not spec.states
    if _controller_spec(spec):
        return True
    if spec.ref == "each" and spec.card_types == ("player",):
        return all(s in ("other",) for s in spec.states) and all(t.stat in _PLAYER_STATS for t in spec.tests) \
            and spec.owner in ("any", "opponent") and not spec.keywords
    return False


def player_subjects(ctx, source, clause, last: list) -> list[str] | None:
    """The players a player-level clause applies to; None when its target is no player."""
    from .procedure import _compare

    spec = clause.target
    pos, actor = ctx.position, ctx.actor
    if spec is None or spec.ref == "you":
        return [actor]
    if spec.ref == "opponent":
        return list(pos.opponents(actor))
    if _controller_spec(spec):
        return list(dict.fromkeys(c.controller for c in last if not isinstance(c, str)))
    if spec.ref == "each" and spec.card_types == ("player",):
        names = list(pos.players)
        if "other" in spec.states or spec.owner == "opponent":
            names = [n for n in names if n != actor]
        out = []
        for name in names:
            attrs = pos.players[name].attrs
            if all(_compare(attrs.get(_PLAYER_STATS[t.stat], 0), t.op, t.value) for t in spec.tests):
                out.append(name)
        return out
    return None

"""Costs excused by a condition: "Bow this Shugenja unless he is Void:" (L5R-ACT-COST).

The grammar scopes such an "unless" to the one cost it excuses (``cost-unless:<test>`` with
``args[0] == "cost N"``, ability._resolve_clauses): while the condition holds the cost is not
paid, otherwise it is paid as usual. The test itself is the one effect conditions use, so the
engine reads exactly the conditions :mod:`conditions` can read -- no others.
"""
from __future__ import annotations

from dataclasses import replace

from . import conditions

PREFIX = "cost-unless:"


def _as_effect_test(cond):
    # the same test as "<effect> unless C": evaluate() answers True when the clause applies
    return replace(cond, kind="effect-unless:" + cond.kind[len(PREFIX):])


def executes(cond) -> bool:
    """Can the procedure honour this cost condition (a readable test on a cost it pays)?"""
    return cond.kind.startswith(PREFIX) and conditions.readable(_as_effect_test(cond))


def excusing(ability, index: int) -> list:
    """The "unless" conditions on cost ``index`` of ``ability``."""
    return [c for c in ability.conditions if c.kind.startswith(PREFIX) and c.args[:1] == (f"cost {index}",)]


def excused(ctx, source, cond, subject_of) -> bool:
    """Does ``cond`` hold now, so the cost it guards is not paid? ``subject_of`` names the cards of
    the condition ("he" in "bow this Shugenja unless he is Void" is the card the cost bows).
    Rejects when the engine cannot tell."""
    verdict = conditions.evaluate(_as_effect_test(cond), game=ctx.game, pos=ctx.position, actor=ctx.actor,
                                  source=source, subject_of=subject_of)
    if verdict is None:
        ctx.reject("L5R-ACT-COST", f"the engine cannot tell whether {cond.text} (the condition that excuses "
                   "a cost), so it cannot rule on the payment")
    return verdict is False  # "unless C": the clause applies (True) only while C does not hold

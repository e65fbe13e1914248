"""L5R effects about battles, duels, attacks, Fear, armies and battlefields, assignment and movement.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

``move-to-battle`` is carried out here for every destination the grammar names: the current
battlefield (no ``values``), or a battlefield the acting player chooses (``choosing
battlefield-N``) that must fit each word of ``values``: ``other`` (not the one the card is at),
``adjacent`` (next to the one it is at, or to the current one from home), ``unresolved`` (its
battle not fought yet), ``where-opposed`` (an enemy card is there). A card that was in an
attacking army at a resolution this Attack phase cannot move to any battlefield (L5R-LOCATION).

``move-to-location`` ("Move your target Monk to another location"): the acting player chooses the
other location, ``choosing home`` or ``choosing battlefield-N``; it must not be where the card
is; a battlefield must exist, and a card that was in an attacking army at a resolution this
Attack phase cannot move to one (L5R-LOCATION).

``may-assign-bowed`` ("He may assign even if bowed") and ``cannot-assign`` ("cannot be assigned
to battlefields") are traits of the card itself the Attack phase honours (see
:func:`adjudicator.games.l5r.battle.assign`).
"""

from __future__ import annotations

import re

from .effects import Outcome


def _chosen_battlefield(choice: str | None) -> str | None:
    m = re.fullmatch(r"(?:battlefield)?[-\s]?([0-9]+)", (choice or "").strip().lower())
    return f"battlefield {m.group(1)}" if m else None


def _number(field: str | None) -> int | None:
    return int(field.split()[1]) if field and field.startswith("battlefield ") else None


def move_to_battle(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    from .battle import battlefields
    from .effects import forbidden
    from .procedure import current_battlefield

    name, where = copy.show(), tuple(str(v) for v in effect.values)
    if forbidden(position, copy, "move", game):  # "This Personality cannot move" (L5R-TRAIT)
        return Outcome(False, f"move {name} to a battlefield", f"{name} cannot be moved")
    current = current_battlefield(position)
    if copy.uid in position.memo.get("resolved-attackers", []):
        return Outcome(False, f"move {name} to a battlefield", "it was in an attacking army at a resolution "
                       "this Attack phase and cannot be moved to any battlefield (L5R-LOCATION)")
    if not where:
        field = current
        if field is None:
            return Outcome(False, f"move {name} to the battle", "there is no battle")
    else:
        field = _chosen_battlefield(game.choice_of(position))
        wanted = ", ".join(w.replace("where-", "where it is ") for w in where)
        if field is None:
            return Outcome(False, f"move {name} to a battlefield ({wanted})", "the acting player chooses the "
                           "battlefield: say 'choosing battlefield-N'")
        if field not in battlefields(game, position):
            return Outcome(False, f"move {name} to {field}", f"there is no {field}")
        if "other" in where and field == copy.zone:
            return Outcome(False, f"move {name} to {field}", "it is already there: the text names another "
                           "battlefield")
        if "unresolved" in where and field in position.memo.get("resolved", []):
            return Outcome(False, f"move {name} to {field}", f"the battle at {field} has been fought already")
        if "adjacent" in where:
            origin = copy.zone if copy.zone.startswith("battlefield ") else current
            if origin is None or abs(_number(origin) - _number(field)) != 1:
                return Outcome(False, f"move {name} to {field}", f"{field} is not adjacent to "
                               f"{origin or 'a battlefield'} (their provinces are not next to each other)")
        if "where-opposed" in where and not any(
                c.zone == field and c.controller != copy.controller for c in position.all_copies()):
            return Outcome(False, f"move {name} to {field}", f"no enemy card is at {field}: it would not be "
                           "opposed there")
    if copy.zone == field:
        return Outcome(False, f"move {name} to {field}", "it is already there")
    position.move(copy.uid, copy.controller, field, top=False)
    for att in position.attachments_of(copy.uid):
        position.move(att.uid, att.controller, field, top=False)
    return Outcome(True, f"move {name} to {field}")


def move_to_location(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    from .battle import battlefields
    from .effects import forbidden

    name, where = copy.show(), tuple(str(v) for v in effect.values)
    if where != ("other",):
        return Outcome(False, f"move {name}", "the engine moves a card only to another location")
    if forbidden(position, copy, "move", game):  # "This Personality cannot move" (L5R-TRAIT)
        return Outcome(False, f"move {name} to another location", f"{name} cannot be moved")
    choice = (game.choice_of(position) or "").strip().lower()
    field = "home" if choice == "home" else _chosen_battlefield(choice)
    if field is None:
        return Outcome(False, f"move {name} to another location", "the acting player chooses the location: say "
                       "'choosing home' or 'choosing battlefield-N'")
    if field != "home":
        if field not in battlefields(game, position):
            return Outcome(False, f"move {name} to {field}", f"there is no {field}")
        if copy.uid in position.memo.get("resolved-attackers", []):
            return Outcome(False, f"move {name} to {field}", "it was in an attacking army at a resolution "
                           "this Attack phase and cannot be moved to any battlefield (L5R-LOCATION)")
    if copy.zone == field:
        return Outcome(False, f"move {name} to {field}", "it is already there: the text names another location")
    position.move(copy.uid, copy.controller, field, top=False)
    for att in position.attachments_of(copy.uid):
        position.move(att.uid, att.controller, field, top=False)
    return Outcome(True, f"move {name} to {field}")


def grant_may_assign_bowed(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"He may assign even if bowed" as an effect: a flag for as long as the effect lasts."""
    from ...core.position import Modifier
    from .effects import _duration

    name = copy.show()
    if copy.card.type != "personality":
        return Outcome(False, f"{name} may assign even if bowed", f"{name} is not a Personality: only "
                       "Personalities lead units")
    if position.has_flag(copy, "may-assign-bowed"):
        return Outcome(False, f"{name} may assign even if bowed", "it already may")
    position.modifiers.append(Modifier(copy.uid, flag="may-assign-bowed", duration=_duration(effect), source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    return Outcome(True, f"{name} may assign even if bowed")


def may_assign_bowed(effect, ref: str) -> bool:
    """"He may assign even if bowed" / "cannot be assigned to battlefields": honoured for the card
    itself when its unit is assigned (a "cannot-" kind is one of the card's continuous flags)."""
    return ref in ("this", "it")


#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {"move-to-battle": move_to_battle, "may-assign-bowed": grant_may_assign_bowed,
                    "move-to-location": move_to_location}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {"may-assign-bowed": may_assign_bowed, "cannot-assign": may_assign_bowed}

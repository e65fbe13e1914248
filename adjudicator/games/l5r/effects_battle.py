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

from .effects import Outcome, leave_play, move_with_attachments


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
    move_with_attachments(position, copy, field)
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
    move_with_attachments(position, copy, field)
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


def _chosen_province(choice: str | None) -> str | None:
    m = re.fullmatch(r"(?:province)?[-\s]?([0-9]+)", (choice or "").strip().lower())
    return f"province {m.group(1)}" if m else None


def put_in_province(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"Put him into one of your Provinces, face-up, discarding any card currently there".

    The acting player chooses the province (``choosing province-N``): one of their own that is not
    destroyed. The cards already there (not a Region, which is attached to the province, L5R-REGION)
    go to their owner's discard pile for their deck (L5R-RESOLVE) -- only if the text says
    "discarding" them; otherwise an occupied province is refused (the text does not say what
    happens). The card leaves its zone without its attachments (discarded, L5R-DURATION) and lies
    face-up or face-down as the text says: a face-up card there may be bought in the Dynasty phase
    (L5R-DYNASTY). The engine puts only the acting player's own cards into their provinces.
    """
    from .effects import discard_copy

    name = copy.show()
    where, *rest = (str(v) for v in effect.values) or ("",)
    actor = game.acting_player(position)
    doing = f"put {name} into one of {actor}'s provinces"
    if where != "your-province":
        return Outcome(False, doing, "the engine puts a card only into one of the acting player's provinces")
    if effect.keyword not in ("face-up", "face-down"):
        return Outcome(False, doing, "the text does not say face-up or face-down")
    if copy.owner != actor:
        return Outcome(False, doing, f"{name} belongs to {copy.owner}: the engine puts only the acting "
                       "player's own cards into their provinces")
    province = _chosen_province(game.choice_of(position))
    if province is None:
        return Outcome(False, doing, "the acting player chooses the province: say 'choosing province-N'")
    declared = {z for (o, z) in position.zones if o == actor and z.startswith("province ")}
    number = int(province.split()[1])
    if (declared and province not in declared) or (not declared and not 1 <= number <= 4) or \
            province in position.memo.get("destroyed-provinces", {}).get(actor, []):
        return Outcome(False, f"put {name} into {actor}'s {province}", f"{actor} has no {province}")
    if copy.zone_owner == actor and copy.zone == province:
        return Outcome(False, f"put {name} into {actor}'s {province}", "it is already there")
    there = [position.copies[u] for u in position.zones.get((actor, province), [])
             if "region" not in position.copies[u].flags]
    if there and "discarding-there" not in rest:
        return Outcome(False, f"put {name} into {actor}'s {province}", "a card is there already and the text "
                       "does not discard it")
    for old in there:
        discard_copy(position, old)
    leave_play(position, copy)
    if effect.keyword == "face-down":
        copy.flags.add("face-down")
    position.move(copy.uid, actor, province, top=False)
    gone = f", discarding {', '.join(c.show() for c in there)}" if there else ""
    return Outcome(True, f"put {name} into {actor}'s {province} {effect.keyword}{gone}")


#: the card values "Reduce his Force to 0" may lower (a Province's strength is not a card value
#: the modifier layer holds: effects_engine reads it)
_REDUCIBLE = ("force", "chi")


def _move_stat_to(game, position, copy, effect, source: str, verb: str, rule: str, done):
    """Bring a card's Force or Chi to ``effect.amount`` by the one bonus or penalty that makes it so.

    ``done(now, goal)`` says why the value already counts as there (None: it does not), so "Reduce
    ... to" and "Set ... to" differ only in that test and their words. -> (Outcome, now, goal)."""
    from ...core.position import Modifier
    from .effects import _duration

    stat, goal, name = effect.stat or "", effect.amount, copy.show()
    doing = f"{verb} {name}'s {stat} to {goal}"
    if stat not in _REDUCIBLE or goal is None:
        return Outcome(False, doing, f"the engine can {verb} only a card's Force or Chi, to a number"), None, goal
    now = game.card_property(position, copy, stat) if copy.card.type == "personality" else position.stat(copy, stat, None)
    if not isinstance(now, int):
        return Outcome(False, doing, f"{name} has no {stat}"), None, goal
    if done(now, goal):
        return Outcome(False, doing, f"it is already {now}"), now, goal
    position.modifiers.append(Modifier(copy.uid, stat=stat, delta=goal - now, duration=_duration(effect),
                                       source=source, rule=rule, created_turn=position.timing.turn))
    return None, now, goal


def reduce_stat_to(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"Reduce his Force to 0": a higher value comes down to the number, as a change for the turn
    (L5R-DURATION: stat changes last until the end of the turn unless the text says otherwise);
    later bonuses add to it. A value already at or below it does not change (as a cost it then
    cannot be paid, L5R-ACT-COST)."""
    refused, now, goal = _move_stat_to(game, position, copy, effect, source, "reduce", "L5R-DURATION",
                                       lambda now, goal: now <= goal)
    if refused:
        return refused
    return Outcome(True, f"reduce {copy.show()}'s {effect.stat} from {now} to {goal}")


def set_stat(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"Set his Force equal to his own Chi", "Set her Chi to 2": the value becomes the number by the
    smallest bonus or penalty that makes it so (L5R-DURATION.3), a change for the turn unless the
    text says otherwise (L5R-DURATION.2); later bonuses add to it. A value already there does not
    change (as a cost it then cannot be paid, L5R-ACT-COST)."""
    refused, now, goal = _move_stat_to(game, position, copy, effect, source, "set", "L5R-DURATION.3",
                                       lambda now, goal: now == goal)
    if refused:
        return refused
    change = "bonus" if goal > now else "penalty"
    return Outcome(True, f"set {copy.show()}'s {effect.stat} from {now} to {goal} (a {change} of {goal - now:+d}, L5R-DURATION.3)")


#: the flag of a modifier giving a card a minimum value for a stat ("min:chi:1"), read by
#: :func:`minimum` (game.card_property)
MIN_FLAG = "min:"


def stat_minimum(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"A target Personality has a minimum Chi of 1": for the effect's duration (the turn unless the
    text says otherwise, L5R-DURATION.2) the value is never read below that number, whatever
    penalties it has; of several minimums the highest holds (L5R-DURATION.4)."""
    from ...core.position import Modifier
    from .effects import _duration

    stat, floor, name = effect.stat or "", effect.amount, copy.show()
    doing = f"give {name} a minimum {stat.replace('-', ' ').title()} of {floor}"
    if stat not in _REDUCIBLE or floor is None or copy.card.type not in ("personality", "follower"):
        return Outcome(False, doing, "the engine keeps minimums only of a Personality's or Follower's Force or Chi")
    position.modifiers.append(Modifier(copy.uid, flag=f"{MIN_FLAG}{stat}:{floor}", duration=_duration(effect),
                                       source=source, rule="L5R-DURATION.4", created_turn=position.timing.turn))
    return Outcome(True, doing + " (L5R-DURATION.4)")


def minimum(position, copy, stat: str) -> int | None:
    """The highest minimum effects gave ``copy``'s ``stat`` (:func:`stat_minimum`), or None."""
    found = [int(m.flag.rsplit(":", 1)[1]) for m in position.modifiers
             if m.subject == copy.uid and m.flag and m.flag.startswith(f"{MIN_FLAG}{stat}:")]
    return max(found) if found else None


def stat_minimum_executes(clause) -> bool:
    """For executes(): a card's Force or Chi, with a number."""
    return clause.kind != "stat-minimum" or (clause.stat in _REDUCIBLE and clause.amount is not None
                                             and clause.target is not None and clause.target.ref in ("target", "it", "each"))


def reduce_stat_executes(clause) -> bool:
    """For executes(): only a card's Force or Chi, to a number the text gives."""
    return clause.kind != "reduce-stat-to" or (clause.stat in _REDUCIBLE and clause.amount is not None)


#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {"move-to-battle": move_to_battle, "may-assign-bowed": grant_may_assign_bowed,
                    "move-to-location": move_to_location, "put-in-province": put_in_province,
                    "reduce-stat-to": reduce_stat_to, "set-stat": set_stat, "stat-minimum": stat_minimum}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {"may-assign-bowed": may_assign_bowed, "cannot-assign": may_assign_bowed}


# ---------------------------------------------------------------------------- attack riders
#
# Words after a Fear / Melee / Ranged Attack that change that attack, not cards of their own:
# "that may target a Personality with Followers" (which cards it may target), "that destroys
# Followers after it bows them" (what a Fear does to a card it bowed), "that you may compare
# against Gold Cost" (which value of the target its strength is compared with). The procedure
# folds them into the attack (procedure.resolve_effects); they apply to nothing by themselves.

MILITARY_KINDS = ("fear", "ranged-attack", "melee-attack")
ATTACK_RIDERS = frozenset({"attack-may-target", "fear-destroys", "attack-compare"})

#: the values an attack may be compared with instead of Force (amounts.STATS reads them: "base
#: Force" is the printed one)
_COMPARED = ("gold-cost", "base-force", "printed-force", "chi", "personal-honor")


def widens_to_led_units(clause) -> bool:
    """"that may target a Personality with Followers": the only widening read. The attack's own
    target is "a Follower or Personality without Followers" (procedure.MILITARY), so with it any
    Follower or Personality may be targeted; other words ("Items and Spells", "a dishonorable
    Personality with Followers", "a card in the Defender's home") are not read."""
    spec = clause.target
    return clause.kind == "attack-may-target" and spec is not None and tuple(spec.card_types) == ("personality",) \
        and tuple(spec.states) == ("has-followers",) and not spec.keywords and not spec.tests \
        and spec.zone is None and spec.owner == "any"


def _destroyed_kind(clause) -> bool:
    """"destroys Followers" / "destroys Infantry cards": a card type or keyword the target test reads."""
    spec = clause.target
    return spec is not None and spec.ref == "each" and bool(spec.card_types) and not spec.states \
        and not spec.tests and spec.zone is None and spec.owner == "any" \
        and (tuple(spec.card_types) != ("card",) or bool(spec.keywords))


def riders_execute(ability) -> bool:
    """For :func:`adjudicator.games.l5r.effects.executes`: every rider is one the procedure folds into
    the one attack before it ("Fear 3, or 5 if …" counts as one attack)."""
    effects = [c for c in ability.effects if hasattr(c, "kind")]
    riders = [i for i, c in enumerate(effects) if c.kind in ATTACK_RIDERS]
    if not riders:
        return True
    attacks = [i for i, c in enumerate(effects) if c.kind in MILITARY_KINDS]
    if len({effects[i].kind for i in attacks}) != 1 or ability.costs and any(
            getattr(c, "kind", "") in ATTACK_RIDERS for c in ability.costs):
        return False
    for i in riders:
        clause = effects[i]
        if not attacks or attacks[0] > i:
            return False
        if clause.kind == "attack-may-target" and not widens_to_led_units(clause):
            return False
        if clause.kind == "fear-destroys" and not (effects[attacks[0]].kind == "fear" and _destroyed_kind(clause)):
            return False
        if clause.kind == "attack-compare" and clause.stat not in _COMPARED:
            return False
    return True


def compared_value(game, position, copy, compare: str | None) -> tuple[int, str]:
    """The value of the attacked card its strength is compared with: Force, or the rider's
    ("compare against Gold Cost"); with the words naming it."""
    from .amounts import card_value

    if compare is None:
        force = game.card_property(position, copy, "force") if copy.card.type == "personality" \
            else (position.stat(copy, "force", 0) or 0)
        return force, "Force"
    return card_value(game, position, copy, compare) or 0, compare.replace("-", " ").title()


# ---------------------------------------------------------------------------- "does not contribute Force"

def _no_force_flag(field: str) -> str:
    return f"no-force-contribution:{field}"


def no_force_contribution(game, position, copy, effect, *, as_cost: bool, source: str) -> Outcome:
    """"It does not contribute Force to its army's total Force this battle": for the battle being
    fought, the card's Force is left out of its army's total (L5R-RESOLVE reads it: battle.army_force)."""
    from ...core.position import Modifier
    from .procedure import current_battlefield

    field = current_battlefield(position) if position.timing.phase == "attack" else None
    if field is None:
        return Outcome(False, f"{copy.show()} does not contribute Force", "no battle is being fought")
    position.modifiers.append(Modifier(copy.uid, flag=_no_force_flag(field), duration="turn", source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    return Outcome(True, f"{copy.show()} does not contribute Force to its army at {field} this battle")


def contributes_force(position, copy, field: str) -> bool:
    """False for a card an effect has kept out of its army's Force in this battle."""
    return not position.has_flag(copy, _no_force_flag(field))


def no_force_executes(clause) -> bool:
    """Only "this battle" is read ("while unbowed" is not kept by the reader)."""
    return clause.duration == "battle"


CARD_KINDS["no-force-contribution"] = no_force_contribution


# ---- Terrains: in play at a battlefield, in neither side (L5R-RESOLVE.10) ------------------------
#
# A Terrain's Battle ability "Put this card into play there" puts it into play at the current
# battlefield but in no side or army (Comprehensive Rules, "Battlefield", "Side", "Terrain"). The
# engine keeps each side's cards in the zone "battlefield N"; a Terrain goes to "terrain N" instead,
# so the many tests of armies, units, Presence and "opposed" never count it, while "at the current
# battlefield" (states.py, conditions.py) still finds it there. After the battle's resolution it is
# discarded (Comprehensive Rules, "After Resolution" 0.3).

TERRAIN_ZONE = "terrain"

#: the words of a put-into-play clause that place the card at the current battlefield
_AT_BATTLE = re.compile(r"\bat (?:the current|this) battlefield\b", re.I)
#: "Put this card into play there" (terrain_entry, put_at_battlefield)
_THERE = re.compile(r"\bthere\b", re.I)


def terrain_zone(field: str | None) -> str | None:
    """The zone of cards in play at ``field`` outside both sides ("battlefield 2" -> "terrain 2")."""
    number = _number(field)
    return None if number is None else f"{TERRAIN_ZONE} {number}"


def at_field(copy, field: str | None) -> bool:
    """Is ``copy`` at the battlefield ``field``: in a side there, or in play there in neither side?"""
    return field is not None and copy.zone in (field, terrain_zone(field))


def terrain_entry(ability, clause) -> bool:
    """Does this clause put the card itself into play at the current battlefield -- a Battle action's
    "Put this card into play there" after the text named the current battlefield, or "... at the
    current battlefield"? (For ``effects.executes``; carried out by :func:`put_at_battlefield`.)"""
    if clause.kind != "put-into-play" or clause.target is None or clause.target.ref != "this":
        return False
    if ability.kind != "action" or "Battle" not in ability.designators:
        return False  # only a Battle action has a current battlefield to put it at (L5R-BATTLE)
    text = clause.text or ""
    if _AT_BATTLE.search(text):
        return True
    before = (ability.text or "").split(text)[0] if text else ""
    return bool(_THERE.search(text)) and bool(re.search(r"\bcurrent battlefield\b", before, re.I))


def put_at_battlefield(game, position, copy, effect) -> Outcome | None:
    """``put-into-play`` of the played card "there" / "at the current battlefield": into play at the
    current battlefield, in neither side (L5R-RESOLVE.10). None when the clause does not say so."""
    text = effect.text or ""
    if not (_AT_BATTLE.search(text) or _THERE.search(text)):
        return None
    from .procedure import current_battlefield
    from .triggers_events import raise_event

    name = copy.show()
    field = current_battlefield(position) if position.timing.phase == "attack" else None
    if field is None:
        return Outcome(False, f"put {name} into play at the current battlefield", "there is no battle")
    if not position.has_keyword(copy, "Terrain"):
        return Outcome(False, f"put {name} into play at {field}", "the engine puts only Terrains into play at a "
                       "battlefield (Comprehensive Rules, \"Terrain\")")
    if copy.zone != "announced":
        return Outcome(False, f"put {name} into play at {field}", "only a card being played can be put into play "
                       "this way by the engine")
    position.move(copy.uid, copy.controller, terrain_zone(field), top=False)
    raise_event(position, "enters-play", copy)
    return Outcome(True, f"put {name} into play at {field}, in neither side (it is not discarded)")


def discard_terrains(position, proc, field: str | None) -> None:
    """After the battle's resolution: discard any Terrain at its battlefield (L5R-RESOLVE.10)."""
    from .effects import discard_copy

    zone = terrain_zone(field)
    for copy in [c for c in position.all_copies() if zone is not None and c.zone == zone]:
        discard_copy(position, copy)
        proc.add("effect", f"discard {copy.name}: a Terrain is discarded after its battle's resolution",
                 "L5R-RESOLVE.10")

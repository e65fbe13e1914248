"""The rules' own actions beyond Lobby and Equip: Share, the Imperial Favor's two actions,
and the Legacy Holding reaction (L5R-SHARE, L5R-FAVOR, L5R-LEGACY)."""

from __future__ import annotations

import re

from ...core.errors import ScenarioError
from ...core.game import Context
from ...core.position import Position
from ...core.ruling import Procedure
from . import triggers
from .effects import apply_to_player, discard_copy, in_play
from .triggers_events import raise_favor_discarded

FAVOR_WORDS = ("imperial-favor", "favor")
FAVOR_NAMES = ("imperial favor", "the imperial favor")


def names_the_favor(pos: Position, obj) -> bool:
    """``use imperial-favor`` or ``use "Imperial Favor"`` (unless a card of that name is in the game)."""
    if obj.kind == "word" and obj.text in FAVOR_WORDS:
        return True
    return obj.kind == "card" and obj.text.casefold() in FAVOR_NAMES and not pos.copies_named(obj.text)


def share(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "action", "L5R-OPEN", "Share is an Open action: it is taken in the Action phase")
    game.need(t.priority == actor, "L5R-ROUND", f"it is {t.priority}'s opportunity to act, not {actor}'s")
    if "share" in pos.memo.get("turn-actions-" + actor, []):
        ctx.reject("L5R-SHARE", "Share may be taken once per turn")
    if len(ctx.body.objects) != 1:
        raise ScenarioError("write: share \"Attachment\" onto \"Personality\"", ctx.body.pos.file, ctx.body.pos.line,
                            ctx.body.pos.column, None)
    item = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == actor and c.attached_to is not None)
    host_obj = ctx.body.onto or (ctx.body.targeting[0] if ctx.body.targeting else None)
    if host_obj is None:
        raise ScenarioError("Share moves the attachment onto another Personality: add 'onto \"Personality\"'",
                            ctx.body.pos.file, ctx.body.pos.line, ctx.body.pos.column, None)
    if item.controller != actor or item.attached_to is None or not in_play(pos, item):
        ctx.reject("L5R-SHARE", f"{item.show()} is not one of {actor}'s attachments in play")
    host = ctx.card(host_obj, where=lambda c: c.controller == actor and c.card.type == "personality")
    if host.uid == item.attached_to:
        ctx.reject("L5R-SHARE", f"{item.show()} is already on {host.show()}; Share moves it to another Personality")
    if host.card.type != "personality" or host.controller != actor or not in_play(pos, host):
        ctx.reject("L5R-SHARE", f"{host.show()} is not another of {actor}'s Personalities in play")
    from .effects_engine import untransferable
    from .turn import attach_restriction

    if untransferable(game, pos, item):  # "This Follower will not be transferred"
        ctx.reject("L5R-TRAIT", f"{item.show()} will not be transferred (its trait), and Share moves it to another "
                   "Personality (L5R-SHARE)")
    why = attach_restriction(game, ctx, item, host)
    if why:
        ctx.reject("L5R-SHARE", why + "; Share moves it only to a Personality who can legally attach it")
    ctx.step("announce", f"{actor} shares {item.name}", "L5R-ACT-ANNOUNCE", "L5R-SHARE")
    ctx.step("target", f"{host.name} as another of your Personalities", "L5R-ACT-TARGET", "L5R-SHARE")
    if "bowed" in item.flags:
        ctx.reject("L5R-ACT-COST.3", f"{item.show()} is already bowed, so bowing it cannot pay Share's cost")
    item.flags.add("bowed")
    from .triggers_events import raise_event

    raise_event(ctx.position, "bowed", item)  # "After this card bows" must fire (triggers.fires)
    ctx.step("cost", f"bow {item.name}", "L5R-ACT-COST", "L5R-SHARE")
    pos.move(item.uid, actor, host.zone, top=False)
    item.attached_to = host.uid
    ctx.step("effect", f"move {item.name} to {host.name}", "L5R-SHARE")
    pos.memo.setdefault("turn-actions-" + actor, []).append("share")
    game.after_action(ctx)


def use_favor(game, ctx: Context) -> None:
    """``use imperial-favor paying "Fate card"`` (Political Limited) or ``… targeting "Unit"`` (Political Battle)."""
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    player = pos.players[actor]
    game.need("imperial-favor" in player.flags, "L5R-FAVOR", f"{actor} does not control the Imperial Favor")
    battle_mode = bool(ctx.body.targeting) or (ctx.body.ability == 2)
    game.need(t.priority == actor, "L5R-ROUND", f"it is {t.priority}'s opportunity to act, not {actor}'s")
    if battle_mode:
        from .procedure import current_battlefield

        game.need(t.phase == "attack" and t.step == "combat", "L5R-BATTLE",
                  "the Favor's Battle action is taken only during the combat segment of a battle")
        field = current_battlefield(pos)
        game.need(any(c.controller == actor and c.zone == field for c in pos.all_copies()), "L5R-PRESENCE",
                  f"{actor} controls no unit at the current battlefield ({field})")
        ctx.step("announce", f"{actor} uses the Imperial Favor (Political Battle)", "L5R-ACT-ANNOUNCE", "L5R-FAVOR")
        unit = ctx.card(ctx.body.targeting[0], where=lambda c: c.zone == field and c.controller != actor)
        if unit.controller == actor or unit.controller != t.active or not unit.zone.startswith("battlefield"):
            ctx.reject("L5R-FAVOR", f"{unit.show()} is not an attacking enemy unit")
        if unit.zone != field:
            ctx.reject("L5R-LOCATION", f"{unit.show()} is not at the current battlefield ({field})")
        ctx.step("target", f"{unit.name} as a target attacking enemy unit", "L5R-ACT-TARGET", "L5R-FAVOR")
        player.flags.discard("imperial-favor")
        raise_favor_discarded(pos, actor)  # "After you discard the Imperial Favor" (triggers)
        ctx.step("cost", "discard the Imperial Favor", "L5R-ACT-COST", "L5R-FAVOR")
        leader = pos.copies.get(unit.attached_to) if unit.attached_to else unit
        from .effects import forbidden

        if forbidden(pos, leader, "move-home", game):  # "cannot move", "Negate his movement" (effects_negate)
            ctx.step("effect", f"move {leader.name}'s unit home: no change (his movement is negated)", "L5R-FAVOR",
                     "L5R-ACT-EFFECT")
        else:
            for card in [leader, *pos.attachments_of(leader.uid)]:
                pos.move(card.uid, card.controller, "home", top=False)
            ctx.step("effect", f"move {leader.name}'s unit home", "L5R-FAVOR", "L5R-ACT-EFFECT")
    else:
        game.need(t.phase == "action" and actor == t.active, "L5R-LIMITED",
                  "the Favor's Limited action: only the active player, in the Action phase")
        ctx.step("announce", f"{actor} uses the Imperial Favor (Political Limited)", "L5R-ACT-ANNOUNCE", "L5R-FAVOR")
        if not ctx.body.paying:
            ctx.reject("L5R-FAVOR", "the Favor's Limited action also discards a Fate card from hand: name it with "
                       "'paying'")
        card = ctx.card(ctx.body.paying[0], where=lambda c: c.zone == "hand" and c.zone_owner == actor)
        if card.zone != "hand" or card.zone_owner != actor:
            ctx.reject("L5R-ACT-COST.4", f"{card.show()} is not in {actor}'s hand")
        player.flags.discard("imperial-favor")
        raise_favor_discarded(pos, actor)  # "After you discard the Imperial Favor" (triggers)
        ctx.step("cost", "discard the Imperial Favor", "L5R-ACT-COST", "L5R-FAVOR")
        discard_copy(pos, card)
        ctx.step("cost", f"discard {card.name} from hand", "L5R-ACT-COST", "L5R-FAVOR")
        from ...core.ability import Effect

        out = apply_to_player(game, pos, actor, Effect("draw", amount=1), as_cost=False)
        ctx.step("effect", out.description, "L5R-FAVOR", "L5R-ACT-EFFECT")
    game.after_action(ctx)


# ---- the Legacy Holding (a Reaction after your Dynasty phase ends) --------------------

def legacy_possible(game, pos: Position) -> bool:
    active = pos.timing.active
    if active in pos.memo.get("turn-holdings", []):
        return False
    strongholds = [c for c in pos.zone(active, "stronghold") if "bowed" not in c.flags]
    return bool(strongholds) and bool(legacy_candidates(pos, active))


def legacy_candidates(pos: Position, player: str):
    found = [c for c in pos.zone(player, "dynasty-deck") if _is_legacy(c)]
    for (owner, zone), uids in sorted(pos.zones.items()):
        if owner == player and zone.startswith("province "):
            found += [pos.copies[u] for u in uids if "face-down" in pos.copies[u].flags and _is_legacy(pos.copies[u])]
    return found


def _is_legacy(copy) -> bool:
    return copy.card.type == "holding" and (copy.card.has_keyword("Legacy") or "legacy" in copy.card.flags)


def open_legacy_window(game, pos: Position, proc: Procedure) -> bool:
    if not legacy_possible(game, pos):
        return False
    t = pos.timing
    pos.memo[triggers.WINDOW] = {"events": [["dynasty-ended", 0]], "priority": t.active, "passes": 0,
                                 "resume": t.active, "then": "end"}
    proc.add("timing", f"{t.active}'s Dynasty phase ends having brought no Holding into play: the Legacy "
             "Reaction may be taken", "L5R-LEGACY", "L5R-REACTION")
    return True


def take_legacy(game, ctx: Context, stronghold) -> None:
    pos, actor = ctx.position, ctx.actor
    w = triggers.window(pos)
    game.need(w is not None and ["dynasty-ended", 0] in w["events"] and actor == pos.timing.active, "L5R-LEGACY",
              "the Legacy Reaction is taken only right after your own Dynasty phase ends")
    game.need(w["priority"] == actor, "L5R-REACTION", f"it is {w['priority']}'s chance to react, not {actor}'s")
    game.need(legacy_possible(game, pos), "L5R-LEGACY",
              f"{actor} brought a Holding into play this turn, or has no Legacy Holding to find")
    ctx.step("condition", f"{actor} brought no Holding into play this turn", "L5R-LEGACY")
    ctx.step("announce", f"{actor} takes the Legacy Reaction with {stronghold.name}", "L5R-ACT-ANNOUNCE",
             "L5R-LEGACY")
    if "bowed" in stronghold.flags:
        ctx.reject("L5R-ACT-COST.3", f"{stronghold.show()} is already bowed")
    stronghold.flags.add("bowed")
    from .triggers_events import raise_event

    raise_event(ctx.position, "bowed", stronghold)  # "After this card bows" must fire (triggers.fires)
    ctx.step("cost", f"bow {stronghold.name}", "L5R-ACT-COST", "L5R-LEGACY")
    candidates = legacy_candidates(pos, actor)
    chosen = candidates[0]
    if ctx.body.targeting:
        chosen = ctx.card(ctx.body.targeting[0], where=lambda c: c in candidates)
        if chosen not in candidates:
            ctx.reject("L5R-LEGACY", f"{chosen.show()} is not a Legacy Holding in {actor}'s Dynasty deck or "
                       "face-down provinces")
    origin = chosen.zone
    chosen.flags.discard("face-down")
    pos.move(chosen.uid, actor, "home", top=False)
    chosen.flags.add("bowed")
    from .triggers_events import raise_event

    raise_event(pos, "enters-play", chosen)  # "After this Holding enters play" must fire
    ctx.step("effect", f"search for {chosen.name} ({origin}) and put it into play bowed", "L5R-LEGACY")
    ctx.step("effect", "shuffle the Dynasty deck", "L5R-LEGACY")
    if origin.startswith("province "):
        from .turn import refill

        refill(pos, actor, origin, ctx.proc)
    pos.memo.setdefault("turn-holdings", []).append(actor)
    triggers.after_reaction(pos, actor, ctx.proc)


# ---- Equip at another timing: "You may Equip this Follower as a Battle action" (L5R-EQUIP.1) ------

#: the timings a card's words may give the Equip action
_EQUIP_TIMINGS = frozenset({"Battle", "Open", "Limited", "Engage"})
#: words of the Personality an Equip at another timing may target that the engine reads
_HOST_STATES = frozenset({"any-location"})


def _as_action(ability) -> tuple[str, ...] | None:
    """The timings of a lasting "You may Equip ... as a <timing> action" / "Equipping Weapons is a
    Battle/Open action for you" trait, or None when ``ability`` is not one."""
    if ability.kind != "continuous" or ability.designators or ability.costs:
        return None
    timings = {w for c in ability.conditions if c.kind == "effect-as-action" for w in c.args[1:]}
    if not timings or not timings <= _EQUIP_TIMINGS:
        return None
    if not all(c.kind in ("effect-as-action", "effect-optional") for c in ability.conditions):
        return None
    return tuple(sorted(timings))


def _plain(spec, *, states=frozenset()) -> bool:
    """Card types and keywords only (besides the given words): what :func:`_fits` tests."""
    return not spec.tests and set(spec.states) <= states


def equip_grant_clauses(ability):
    """(attach clause, attach-to clause or None) of an Equip-at-another-timing trait the engine
    carries out, or None. The attach clause names the attachment: the card itself ("this Follower",
    from the hand or, "from your discard pile", the Fate discard pile), any ("You may Equip as ..."),
    or cards by type and keyword ("Weapons", "Air Spells"); the attach-to clause, if any, names the
    Personality: the card itself ("to Matsuo") or one of yours by type and keyword, perhaps "at any
    location"."""
    if _as_action(ability) is None or not all(hasattr(c, "kind") for c in ability.effects):
        return None  # (a piece the grammar did not read)
    if ability.limit not in (None, "once per turn"):
        return None
    attaches = [c for c in ability.effects if c.kind == "attach"]
    hosts = [c for c in ability.effects if c.kind == "attach-to"]
    if len(attaches) != 1 or len(hosts) > 1:
        return None
    indexes = {ability.effects.index(c) for c in (*attaches, *hosts)}
    if any(c.kind == "effect-as-action" and c.args and c.args[0] not in {f"effect {i}" for i in indexes}
           for c in ability.conditions):
        return None  # (a timing of some other clause)
    attach, host = attaches[0], (hosts[0] if hosts else None)
    spec = attach.target
    if spec is not None:
        if spec.ref == "this":
            if spec.zone not in (None, "discard") or not _plain(spec) \
                    or not re.fullmatch(r"this [A-Za-z]+", spec.text or ""):
                return None  # ("Weapons from under this Holding": not the card itself)
        elif spec.ref not in ("each", "choice") or spec.zone is not None or not _plain(spec) \
                or spec.owner != "any" or not (spec.card_types or spec.keywords):
            return None
    if host is not None:
        where = host.target
        if where is None or where.zone is not None:
            return None
        if where.ref != "this" and not (where.ref == "choice" and where.owner == "you"
                                        and _plain(where, states=_HOST_STATES)):
            return None
        if where.ref == "this" and (where.states or where.tests):
            return None
    return attach, host


def equip_grant_executes(ability) -> bool | None:
    """For ``effects.executes``: None when ``ability`` gives no Equip at another timing; else whether
    the engine carries out all of it -- the Equip timing (:func:`equip_grant`), and the rest of the
    line ("Will only attach to a Ninja.") as ``executes`` reads it alone."""
    if _as_action(ability) is None or not any(getattr(c, "kind", "") == "attach" for c in ability.effects):
        return None
    found = equip_grant_clauses(ability)
    if found is None:
        return False
    rest = [c for c in ability.effects if c not in found]
    if not rest:
        return True
    from dataclasses import replace

    from .effects import executes

    return executes(replace(ability, effects=tuple(rest), conditions=(), limit=None))


def _fits(pos: Position, copy, spec) -> bool:
    types = [t for t in spec.card_types if t not in ("card", "attachment")]
    return (not types or copy.card.type in types) and all(pos.has_keyword(copy, k) for k in spec.keywords)


def equip_grant(game, ctx: Context, item, host, zone: str):
    """The trait letting ``ctx.actor`` Equip ``item`` (from ``zone``) onto ``host`` at this moment
    although the Equip action is Limited (L5R-EQUIP.1): (source card, its ability, the timing taken,
    whether the host may be at any location), or None. The trait is the attachment's own (read in
    the hand or discard pile it is equipped from, L5R-ACT-COND), or that of a card in play its
    player controls -- "to Matsuo": that Personality must be the one equipped."""
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    window = {"Battle": t.phase == "attack" and t.step == "combat",
              "Engage": t.phase == "attack" and t.step == "engage",
              "Open": t.phase == "action",
              "Limited": t.phase == "action" and actor == t.active}
    sources = [item] + [c for c in pos.all_copies() if c is not item and c.controller == actor and in_play(pos, c)]
    for source in sources:
        for ability in game.abilities(source):
            found = equip_grant_clauses(ability)
            if found is None:
                continue
            attach, to = found
            spec = attach.target
            if spec is not None and spec.ref == "this":
                if source is not item or (spec.zone == "discard") != (zone == "fate-discard"):
                    continue
            elif source is item or zone != "hand" or (spec is not None and not _fits(pos, item, spec)):
                continue  # (another card's trait names attachments from the hand)
            if to is not None and to.target.ref == "this" and host is not source:
                continue
            if to is not None and to.target.ref == "choice" and not _fits(pos, host, to.target):
                continue
            if ability.limit == "once per turn" and f"equip-as:{source.uid}" in pos.memo.get("used", []):
                continue
            timing = next((w for w in _as_action(ability) if window[w]), None)
            if timing is not None:
                anywhere = to is not None and "any-location" in to.target.states
                return source, ability, timing, anywhere
    return None


def equip_timing(game, ctx: Context, item, host, zone: str) -> None:
    """An Equip the Limited timing does not allow now (L5R-EQUIP): allowed by a card's words giving
    it another timing, with that timing's rules (L5R-EQUIP.1, L5R-BATTLE/L5R-OPEN, L5R-PRESENCE,
    L5R-LOCATION), or rejected as a Limited action out of its time."""
    from .procedure import current_battlefield

    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    grant = equip_grant(game, ctx, item, host, zone)
    if grant is None:
        ctx.reject("L5R-LIMITED", "Equip is a Limited action: only the active player, in the Action phase"
                   + ("" if zone == "hand" else f" (and from the hand: {item.show()} is in {actor}'s {zone})"))
    source, ability, timing, anywhere = grant
    if timing in ("Battle", "Engage"):
        field = current_battlefield(pos)
        game.need(field is not None and any(c.controller == actor and c.zone == field for c in pos.all_copies()),
                  "L5R-PRESENCE", f"{actor} controls no unit at the current battlefield ({field or 'none'}), so "
                  f"{actor} cannot take Battle actions there")
        if not anywhere:
            game.need(host.zone == field, "L5R-LOCATION", f"{host.show()} is at {host.zone}, not at the current "
                      f"battlefield ({field}): a Battle action's target in a unit must be there")
    if ability.limit == "once per turn":
        pos.memo.setdefault("used", []).append(f"equip-as:{source.uid}")
    rule = {"Battle": "L5R-BATTLE", "Engage": "L5R-COMBAT.1", "Open": "L5R-OPEN", "Limited": "L5R-LIMITED"}[timing]
    ctx.step("condition", f"{source.name}'s trait lets {actor} Equip as a {timing} action now ('{ability.text}')",
             "L5R-EQUIP.1", rule, "L5R-ACT-COND")


def equip_grant_zone(game, item, zone: str) -> bool:
    """Does ``item``'s own Equip-at-another-timing trait name ``zone`` ("You may Equip this Item from
    your discard pile as a Battle action")? The timing is then asked too (:func:`equip_timing`)."""
    for ability in game.abilities(item):
        found = equip_grant_clauses(ability)
        spec = found[0].target if found is not None else None
        if spec is not None and spec.ref == "this" and spec.zone == "discard" and zone == "fate-discard":
            return True
    return False

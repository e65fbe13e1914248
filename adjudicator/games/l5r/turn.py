"""The L5R turn: action rounds, the rules' own actions, and ``advance`` through a turn.

A declared phase is the moment that phase has begun and nothing of it has happened yet;
advancing out of it carries out what it mandates (straighten, reveal, draw …).
"""

from __future__ import annotations

from ...core.errors import ScenarioError
from ...core.game import AdvanceResult, Context
from ...core.position import Position
from ...core.ruling import Procedure
from . import battle, delayed, own_actions, triggers
from . import triggers_moments  # traits on the Events phase's reveal and before a battle resolves
from .effects import discard_copy, forbidden, in_play
from .effects_engine import hand_limit
from .triggers_events import raise_event

MAX_ADVANCE_STEPS = 500  # a turn has a few dozen moments; this only stops a runaway loop


# ---- action rounds ------------------------------------------------------------------

def round_open(game, pos: Position) -> bool:
    t = pos.timing
    return t.phase == "action" or (t.phase == "attack" and t.step in ("engage", "combat"))


def opportunity_rule(pos: Position) -> str:
    """Whose opportunity it is: the action round's rule, or a battle segment's (defender first)."""
    t = pos.timing
    if t.phase == "attack" and t.step == "engage":
        return "L5R-COMBAT.1"
    return "L5R-COMBAT" if t.phase == "attack" and t.step == "combat" else "L5R-ROUND"


#: memo: the player an Engage action gave the combat segment's first opportunity (effects_player)
FIRST_OPPORTUNITY = "combat-first-opportunity"


def engage_actions_held(game, pos: Position) -> list[str]:
    """The cards with an Engage action a player could take in this battle: in play, in a hand, or an
    Event face-up in a province (the Comprehensive Rules' "Taking Actions")."""
    held = []
    for copy in pos.all_copies():
        usable = in_play(pos, copy) or copy.zone == "hand" or (
            copy.zone.startswith("province ") and copy.card.type == "event" and "face-down" not in copy.flags)
        if usable and any(a.kind == "action" and "Engage" in a.designators for a in game.abilities(copy)):
            held.append(copy.show())
    return held


def begin_battle(game, pos: Position, field: str, step) -> None:
    """The battle at ``field`` begins: its Engage Segment if a player has an Engage action, else
    straight to its combat segment, the Defender first in each (L5R-COMBAT, L5R-COMBAT.1).
    ``step(kind, text, *rules)`` records a step."""
    t = pos.timing
    pos.memo["current-battlefield"] = field
    t.passes, t.priority = 0, game.defender(pos)
    held = engage_actions_held(game, pos)
    if held:
        t.step = "engage"
        step("timing", f"Engage Segment: the Defender ({t.priority}) may take an Engage action first "
             f"(Engage actions: {', '.join(held)})", "L5R-COMBAT.1")
        return
    t.step = "combat"
    step("timing", "no player has an Engage action: the Engage Segment ends at once", "L5R-COMBAT.1")
    step("timing", f"combat segment: the Defender ({t.priority}) may act first", "L5R-COMBAT")


def pass_opportunity(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    open_window = triggers.window(pos)
    if open_window is not None:
        game.need(open_window["priority"] == actor, "L5R-REACTION",
                  f"in the round of Reactions it is {open_window['priority']}'s chance, not {actor}'s")
        triggers.window_pass(game, pos, actor, ctx.proc)
        return
    if triggers_moments.events_pass(game, ctx):
        return  # the Events phase's reveal, its traits' choices named with answering (L5R-EVENTS.4)
    if t.phase == "dynasty":
        game.need(actor == t.active, "L5R-DYNASTY", f"the Dynasty phase is {t.active}'s; {actor} has nothing to pass")
        ctx.step("timing", f"{actor} ends the Dynasty phase", "L5R-DYNASTY", "L5R-TURN")
        if not own_actions.open_legacy_window(game, pos, ctx.proc):
            enter_phase(game, pos, "end", ctx.proc)
        return
    if t.phase == "attack" and t.step == "declaration":
        declare_attack(game, ctx, attack=False)
        return
    if t.phase == "attack" and t.step in battle.MANEUVER_STEPS:
        game.need(t.priority == actor, "L5R-ATTACK", f"it is {t.priority}'s turn in the {t.step} maneuvers")
        battle.maneuver_pass(game, pos, actor, ctx.proc)
        return
    if t.phase == "attack" and t.step == "engagement":
        ctx.reject("L5R-ATTACK", "the Attacker must engage the next battlefield: every battlefield has exactly "
                   "one battle")
    game.need(round_open(game, pos), "L5R-ROUND",
              f"there is no action round in the {t.phase} phase to pass in")
    game.need(t.priority == actor, opportunity_rule(pos), f"it is {t.priority}'s opportunity to act, not {actor}'s")
    t.passes += 1
    ctx.step("timing", f"{actor} passes", "L5R-ROUND")
    pos.memo.get("extra-actions-left", {}).pop(actor, None)  # owed additional actions: passing forgoes them
    if t.passes >= len(pos.players):
        _round_ends(game, pos, ctx.proc)
        game.settle(pos, ctx.proc)  # what the round's end raised ("destroyed by battle resolution"): L5R-TRAIT
    else:
        t.priority = pos.next_player(actor)
        ctx.step("timing", f"the opportunity passes to {t.priority}", "L5R-ROUND")


def _round_ends(game, pos: Position, proc: Procedure) -> None:
    t = pos.timing
    if t.phase == "attack" and t.step == "engage":
        t.step, t.passes, t.priority = "combat", 0, game.defender(pos)
        proc.add("timing", "both players passed in succession: the Engage Segment ends", "L5R-COMBAT.1")
        first = pos.memo.pop(FIRST_OPPORTUNITY, None)  # "The Attacker has the first opportunity …"
        if first in pos.players and first != t.priority:
            t.priority = first
            proc.add("timing", f"combat segment: {first} has the first opportunity (an Engage action gave it)",
                     "L5R-COMBAT.1", "L5R-ACT-EFFECT")
            return
        proc.add("timing", f"combat segment: the Defender ({t.priority}) may act first", "L5R-COMBAT")
        return
    if t.phase == "action":
        proc.add("timing", "both players passed in succession: the Action phase ends", "L5R-ROUND", "L5R-TURN")
        enter_phase(game, pos, "attack", proc)
    else:
        delayed.battle_resolves(game, pos, proc)  # "Before this battle resolves, ..." (delayed.py)
        battle.combat_ends(game, pos, proc)


def enter_phase(game, pos: Position, phase: str, proc: Procedure) -> None:
    t = pos.timing
    delayed.phase_ends(game, pos, proc)  # "Before this phase ends, ..." (delayed.py)
    t.phase, t.step, t.passes = phase, game.default_step(phase), 0
    t.priority = t.active
    pos.memo.pop("phase-done", None)
    pos.memo.pop("phase-used", None)
    proc.add("timing", f"the {phase} phase begins" + (f" ({t.step})" if t.step else ""), "L5R-TURN")
    delayed.phase_begins(game, pos, proc)  # "... during your next End Phase" (delayed.py)


# ---- the rules' own actions -----------------------------------------------------------

def declare_attack(game, ctx: Context, *, attack: bool) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "attack" and t.step == "declaration", "L5R-TURN",
              f"an attack is declared or declined right after the Action phase; it is the {t.phase} phase"
              + (f" ({t.step})" if t.step else ""))
    game.need(actor == t.active, "L5R-ATTACK", f"only the active player ({t.active}) may declare an attack")
    if attack:
        from .effects_player import attack_forbidden

        forbidden_by = attack_forbidden(pos, actor)  # "You may not declare an attack this turn"
        if forbidden_by:
            ctx.reject("L5R-ATTACK", f"{actor} may not declare an attack this turn ({forbidden_by}'s effect, "
                       "L5R-DURATION)")
        ctx.step("timing", f"{actor} declares an attack and becomes the Attacker", "L5R-ATTACK")
        t.step, t.priority, t.passes = "infantry", actor, 0
        ctx.step("timing", "infantry maneuvers begin", "L5R-ATTACK")
        return
    ctx.step("timing", f"{actor} declines to attack: there is no Attack phase", "L5R-TURN", "L5R-ATTACK")
    enter_phase(game, pos, "dynasty", ctx.proc)


def lobby(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "action" and actor == t.active, "L5R-LIMITED",
              "Lobby is a Political Limited action: only the active player, in the Action phase")
    game.need(t.priority == actor, "L5R-ROUND", f"it is {t.priority}'s opportunity to act, not {actor}'s")
    if "lobby" in pos.memo.get("turn-actions", []):
        ctx.reject("L5R-LOBBY", "Lobby may be taken once per turn")
    from .effects_engine import lobby_bonus  # "You have a +5 Lobby Bonus" (L5R-LOBBY.1)

    def checked_honor(player: str) -> tuple[int, str]:  # Family Honor as a Lobby checks it
        bonus, why = lobby_bonus(game, pos, player)
        honor = pos.players[player].attrs.get("family-honor", 0)
        return honor + bonus, (f" (Family Honor {honor}, Lobby Bonus: {', '.join(why)})" if why else "")

    me, mine = checked_honor(actor)
    others = {n: checked_honor(n) for n in pos.players if n != actor}
    higher = all(me > h for h, _ in others.values())
    bonuses = "".join(f"; {n} {h}{w}" for n, (h, w) in others.items() if w)
    game.need(higher, "L5R-LOBBY.1" if mine or bonuses else "L5R-LOBBY",
              f"{actor}'s Family Honor ({me}{mine}) is not higher than every other player's" + bonuses)
    ctx.step("condition", f"{actor}'s Family Honor {me}{mine} is the highest{bonuses}", "L5R-LOBBY",
             *(("L5R-LOBBY.1",) if mine or bonuses else ()))
    ctx.step("announce", f"{actor} lobbies for the Imperial Favor", "L5R-ACT-ANNOUNCE", "L5R-LOBBY")
    if not ctx.body.paying:
        ctx.reject("L5R-LOBBY", "Lobby's cost is bowing one of your Personalities with Personal Honor 1 or more; "
                   "name it with 'paying'")
    who = ctx.card(ctx.body.paying[0], where=lambda c: c.controller == actor and in_play(pos, c), purpose="paying")
    if who.controller != actor or not in_play(pos, who):
        ctx.reject("L5R-ACT-COST.4", f"{who.show()} is not one of {actor}'s Personalities in play")
    if who.card.type != "personality" or (pos.stat(who, "personal-honor", 0) or 0) < 1:
        ctx.reject("L5R-LOBBY", f"{who.show()} is not a Personality with Personal Honor 1 or more")
    if "bowed" in who.flags:
        ctx.reject("L5R-ACT-COST.3", f"{who.show()} is already bowed, so bowing it cannot pay the cost")
    who.flags.add("bowed")
    raise_event(pos, "bowed", who)  # "After this card bows" must fire (triggers.fires)
    raise_event(pos, "lobbies", who)  # "After another player's Personality Lobbies" (triggers.fires)
    ctx.step("cost", f"bow {who.name}", "L5R-ACT-COST", "L5R-LOBBY")
    for p in pos.players.values():
        p.flags.discard("imperial-favor")
    pos.players[actor].flags.add("imperial-favor")
    ctx.step("effect", f"{actor} takes control of the Imperial Favor", "L5R-LOBBY", "L5R-FAVOR")
    pos.memo.setdefault("turn-actions", []).append("lobby")
    game.after_action(ctx)


def equip(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    # a Limited action (L5R-EQUIP), unless a card's words give it another timing (L5R-EQUIP.1: asked
    # below, once the attachment and the Personality are known)
    other_timing = not (t.phase == "action" and actor == t.active)
    game.need(t.priority == actor, "L5R-ROUND", f"it is {t.priority}'s opportunity to act, not {actor}'s")
    if len(ctx.body.objects) != 1:
        raise ScenarioError("'equip' takes one card: equip \"Item\" onto \"Personality\" (or targeting it)",
                            ctx.body.pos.file, ctx.body.pos.line, ctx.body.pos.column, None)
    from .effects_traits import equip_zones  # "You may Equip this Follower from your discard pile"

    zone = ctx.body.from_zone.key if ctx.body.from_zone else "hand"
    item = ctx.card(ctx.body.objects[0], where=lambda c: c.zone == zone and c.zone_owner == actor)
    if zone != "hand" and item.zone == zone and item.zone_owner == actor:
        from .own_actions import equip_grant_zone  # "You may Equip this Item from your discard pile as a Battle action"

        own_zone = zone in equip_zones(game, item)
        if not own_zone and not equip_grant_zone(game, item, zone):
            ctx.reject("L5R-EQUIP", f"{item.show()} is in {actor}'s {zone}; an attachment is equipped from the hand "
                       "unless its own text names another zone")
        if own_zone:
            ctx.step("condition", f"{item.name}'s own trait lets it be equipped from {actor}'s {zone}", "L5R-EQUIP",
                     "L5R-ACT-COND")
        else:
            other_timing = True  # (only the trait that also gives the timing names that zone)
    host_obj = ctx.body.onto or (ctx.body.targeting[0] if ctx.body.targeting else None)
    if host_obj is None:
        ctx.reject("L5R-EQUIP", "Equip targets one of your Personalities; name it with 'onto' or 'targeting'")
    if item.zone != zone or item.zone_owner != actor:
        ctx.reject("L5R-EQUIP", f"{item.show()} is not in {actor}'s {zone}")
    if item.card.type not in ("item", "follower", "spell"):
        ctx.reject("L5R-EQUIP", f"{item.show()} is a {item.card.type}, not an attachment")
    host = ctx.card(host_obj, where=lambda c: c.controller == actor and in_play(pos, c))
    if host.card.type != "personality" or host.controller != actor or not in_play(pos, host):
        ctx.reject("L5R-EQUIP", f"{host.show()} is not one of {actor}'s Personalities in play")
    if other_timing:
        from .own_actions import equip_timing

        equip_timing(game, ctx, item, host, zone)
    why = attach_restriction(game, ctx, item, host)
    if why:
        ctx.reject("L5R-EQUIP", why)
    from .effects_engine import will_not_join

    refused = will_not_join(game, pos, item, actor)  # an attachment entering play under the player
    if refused:
        ctx.reject("L5R-DYNASTY.3", f"{item.show()} will not join {actor} ({refused})")
    from .effects_restrictions import will_not_enter  # "… will not enter play if …" (effects_restrictions)

    barred = will_not_enter(game, pos, item, actor)
    if barred:
        ctx.reject("L5R-DYNASTY.5", f"{item.show()} will not enter play ({barred})")
    ctx.step("announce", f"{actor} equips {item.name}", "L5R-ACT-ANNOUNCE", "L5R-EQUIP")
    ctx.step("target", f"{host.name} as one of your Personalities", "L5R-ACT-TARGET", "L5R-EQUIP")
    from . import costs

    cost = item.card.attrs.get("gold-cost", 0) or 0
    less = costs.attach_discount(game, ctx, item, host) if cost else 0
    if cost and costs.ignores_gold_cost(game, ctx, item):
        cost = 0  # "… enters play ignoring Gold Cost if …" on itself (L5R-GOLD)
    own = costs.own_reductions(game, ctx, item)[0] + costs.board_reductions(game, ctx, item) if cost else 0
    cost = 0 if less == "free" else max(cost - less - own, 0)
    from .effects_traits import invest_price, invest_resolve  # "equip ... invest"

    extra, invested = invest_price(game, ctx, item)
    cost += extra
    if cost:
        ctx._purchase = costs.Purchase(action=costs.EQUIP_ACTION)  # Equip is a Limited action (L5R-EQUIP)
        costs.pay(game, ctx, cost, f"{item.name}'s gold cost", item)
    pos.move(item.uid, actor, host.zone, top=False)
    item.attached_to = host.uid
    ctx.step("effect", f"attach {item.name} to {host.name}", "L5R-EQUIP")
    from .effects_engine import enters_bowed

    bowed, why = enters_bowed(game, pos, item, False, actor)  # "This card enters play bowed" (L5R-TRAIT)
    if bowed:
        item.flags.add("bowed")
        ctx.step("effect", f"{item.name} enters play bowed (its trait: {why})", "L5R-TRAIT", "L5R-EQUIP")
    invest_resolve(game, ctx, item, invested)  # its Invest effect, once it has entered play
    raise_event(pos, "enters-play", item, origin=zone)  # an attachment enters play when equipped (L5R-TRAIT)
    raise_event(pos, "equipped", item)
    raise_event(pos, "attached", item)  # "After this Item attaches" (triggers)
    game.after_action(ctx)


def attach_restriction(game, ctx: Context, item, host) -> str | None:
    """Why ``host`` cannot legally carry ``item`` ("Can only attach to a Samurai"), or None."""
    from .costs import is_discount
    from .effects_engine import refuses_attachment
    from .procedure import target_ok

    refused = refuses_attachment(game, ctx.position, host, item)  # "Will not attach Followers or Items"
    if refused:
        return refused
    for ability in game.abilities(item):
        for clause in ability.effects:
            if getattr(clause, "kind", None) == "cannot-attach-to" and clause.values \
                    and hasattr(clause.values[0], "card_types"):  # "Will not attach to a Water Personality"
                spec = clause.values[0]
                loose = type(spec)(ref="choice", card_types=spec.card_types, keywords=spec.keywords,
                                   states=spec.states, tests=spec.tests, text=spec.text)
                if target_ok(ctx, host, loose) is None:
                    return f"{item.name} will not attach to {spec.text} (its trait, L5R-TRAIT)"
                continue
            if getattr(clause, "kind", None) != "attach-restriction" or clause.target is None:
                continue
            if is_discount(ability, clause):
                continue  # "Attaches to X for 1 less Gold": a discount for X, others pay full (costs.py)
            spec = clause.target
            loose = type(spec)(ref="choice", card_types=spec.card_types, keywords=spec.keywords,
                               states=spec.states, tests=spec.tests, text=spec.text)
            why = target_ok(ctx, host, loose)
            if why:
                return f"{item.name} can only attach to {spec.text or 'certain cards'}, and {host.name} does not " \
                       f"qualify: {why}"
    return None


def buy(game, ctx: Context) -> None:
    """Dynasty purchases (L5R-DYNASTY, L5R-GOLD, L5R-HOLDING, L5R-HONOR-REQ, L5R-CLAN)."""
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "dynasty", "L5R-DYNASTY", f"cards are bought in the Dynasty phase; it is the {t.phase} phase")
    game.need(actor == t.active, "L5R-DYNASTY", f"it is {t.active}'s Dynasty phase; {actor} cannot buy now")
    if len(ctx.body.objects) != 1:
        raise ScenarioError("'buy' takes one card", ctx.body.pos.file, ctx.body.pos.line, ctx.body.pos.column, None)
    card = ctx.card(ctx.body.objects[0], where=lambda c: c.zone_owner == actor and c.zone.startswith("province")
                    and "face-down" not in c.flags, purpose="face-up in a province")
    if card.zone_owner != actor or not card.zone.startswith("province"):
        ctx.reject("L5R-DYNASTY", f"{card.show()} is not in one of {actor}'s provinces")
    if "face-down" in card.flags:
        ctx.reject("L5R-DYNASTY", f"{card.show()} is face down; only face-up cards are bought")
    if card.card.type not in ("personality", "holding"):
        ctx.reject("L5R-DYNASTY", f"{card.show()} is a {card.card.type}; Personalities and Holdings are bought")
    from .effects_engine import will_not_join

    refused = will_not_join(game, pos, card, actor)  # "Shindo will not join a Spider Clan player"
    if refused:
        ctx.reject("L5R-DYNASTY.3", f"{card.show()} will not join {actor} ({refused})")
    from .effects_restrictions import will_not_enter  # "Otani will not enter play if …" (effects_restrictions)

    barred = will_not_enter(game, pos, card, actor)
    if barred:
        ctx.reject("L5R-DYNASTY.5", f"{card.show()} will not enter play ({barred})")
    player = pos.players[actor]
    honor = player.attrs.get("family-honor", 0)
    printed = card.card.attrs.get("gold-cost", 0) or 0
    flags = set(ctx.body.flags) | ({ctx.body.for_} if ctx.body.for_ else set())
    discounted, for_honor = "discounted" in flags, "for-honor" in flags or "honor" in flags
    clan = player.attrs.get("clan")
    is_personality = card.card.type == "personality"
    # (its keywords with lasting traits': "Your Gaijin in and out of play have your Clan alignment")
    in_clan = bool(clan) and is_personality and (card.card.has_keyword(str(clan)) or pos.has_keyword(card, str(clan)))
    requirement = card.card.attrs.get("honor-requirement", 0) or 0
    from . import costs

    if costs.ignores_gold_cost(game, ctx, card):
        printed = 0  # its Gold cost counts as 0; the clan rules' 2 Gold more still apply (L5R-CLAN)
    less, ignore_requirement = costs.own_reductions(game, ctx, card)
    from .effects_engine import ignores_requirement

    ignored = ignores_requirement(game, pos, card, actor)  # "Mantis Clan players ignore X's Honor Requirement"
    if ignored and honor < (card.card.attrs.get("honor-requirement", 0) or 0):
        ctx.step("condition", f"{card.name}'s own trait: {ignored}", "L5R-HONOR-REQ", "L5R-TRAIT")
    ignore_requirement = ignore_requirement or bool(ignored)
    less += costs.board_reductions(game, ctx, card)
    below = is_personality and honor < requirement and not ignore_requirement
    rules = ["L5R-DYNASTY"]
    if discounted and for_honor:
        ctx.reject("L5R-CLAN", "a purchase is either discounted or for Honor, not both")
    if (discounted or for_honor) and not in_clan:
        ctx.reject("L5R-CLAN", f"{card.show()} does not carry {actor}'s clan keyword ({clan or 'no clan'}); "
                   "the clan discount and the Honor purchase are for your clan's Personalities")
    if for_honor and "honor-bought" in pos.memo.get("phase-done", []):
        ctx.reject("L5R-CLAN.2", "Honor for a purchase may be gained at most once per Dynasty phase")
    if below and not in_clan:
        ctx.reject("L5R-HONOR-REQ", f"{actor}'s Family Honor ({honor}) is below {card.name}'s Honor requirement "
                   f"({requirement})")
    price = printed - 2 if discounted and printed else printed  # an ignored Gold cost goes no lower than 0
    if below:
        price += 2
        rules.append("L5R-CLAN")
    if less:
        price -= less
        rules.append("L5R-GOLD")
    if discounted or for_honor:
        rules.append("L5R-CLAN")
    if below:
        ctx.step("condition", f"Family Honor {honor} is below the requirement {requirement}: 2 Gold more",
                 "L5R-HONOR-REQ", "L5R-CLAN")
    else:
        ctx.step("condition", f"{card.name} may be bought", *(["L5R-HONOR-REQ"] if is_personality else ["L5R-DYNASTY"]))
    from .effects_traits import invest_price, invest_resolve  # "buy ... invest"

    extra, invested = invest_price(game, ctx, card)
    price += extra
    ctx.step("announce", f"{actor} buys {card.name} for {max(price, 0)} Gold", *rules)
    if price > 0:
        costs.pay(game, ctx, price, f"{card.name}'s price", card)
    province = card.zone
    if for_honor:
        gain = card.card.attrs.get("personal-honor", 0) or 0
        player.attrs["family-honor"] = honor + gain
        pos.memo.setdefault("phase-done", []).append("honor-bought")
        ctx.step("effect", f"{actor} gains {gain} Honor (Personal Honor of {card.name})", "L5R-CLAN")
    pos.move(card.uid, actor, "home", top=False)
    from .effects_engine import enters_bowed

    bowed, why = enters_bowed(game, pos, card, card.card.type == "holding", actor)  # its own trait (L5R-TRAIT)
    if card.card.type == "holding":
        pos.memo.setdefault("turn-holdings", []).append(actor)
    if bowed:
        card.flags.add("bowed")
    if why:
        ctx.step("effect", f"{card.name} enters play {'bowed' if bowed else 'unbowed'} (its trait: {why})",
                 "L5R-TRAIT", "L5R-DYNASTY")
    elif card.card.type == "holding":
        ctx.step("effect", f"{card.name} enters play bowed", "L5R-HOLDING")
    else:
        ctx.step("effect", f"{card.name} enters play at home", "L5R-DYNASTY")
    invest_resolve(game, ctx, card, invested)  # its Invest effect, once it has entered play
    refill(pos, actor, province, ctx.proc)
    # "After this card enters play" (L5R-TRAIT, L5R-REACTION); the province it left (L5R-DYNASTY.6)
    raise_event(pos, "enters-play", card, origin="province", province=province)
    raise_event(pos, "recruited", card)  # bought from a province: "After you Recruit ..."
    if for_honor:  # bought for its Personal Honor (L5R-CLAN (2)): "After you Proclaim ..." (triggers.py)
        raise_event(pos, "proclaimed", card)
    game.settle(pos, ctx.proc)


def refill(pos: Position, player: str, province: str, proc: Procedure) -> None:
    deck = pos.zones.get((player, "dynasty-deck"), [])
    if any("region" not in pos.copies[u].flags for u in pos.zones.get((player, province), [])):
        return  # a Region attached to the province does not fill it
    if not deck:
        proc.add("effect", f"{province} stays empty: the Dynasty deck is empty", "L5R-DYNASTY")
        return
    new = pos.move(deck[0], player, province)
    new.flags.add("face-down")
    proc.add("effect", f"refill {province} face down", "L5R-DYNASTY")


def discard(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    if not ctx.body.objects:
        raise ScenarioError("'discard' takes the cards to discard", ctx.body.pos.file, ctx.body.pos.line,
                            ctx.body.pos.column, None)
    if t.phase == "end":
        # the hand limit: the active player discards down to eight, no further (L5R-END)
        game.need(actor == t.active, "L5R-END", f"it is {t.active}'s End phase; {actor} has no hand limit to meet")
        hand = pos.zones.get((actor, "hand"), [])
        cards = [ctx.card(o, where=lambda c: c.zone == "hand" and c.zone_owner == actor) for o in ctx.body.objects]
        for c in cards:
            game.need(c.zone == "hand" and c.zone_owner == actor, "L5R-END", f"{c.show()} is not in {actor}'s hand")
        limit, note = hand_limit(game, pos, actor)  # traits may change the eight (L5R-TRAIT)
        game.need(len(hand) - len(set(c.uid for c in cards)) >= limit, "L5R-END",
                  f"{actor} holds {len(hand)} cards; the End phase discards only down to {limit}{note}")
        for c in cards:
            discard_copy(pos, c)
            ctx.step("effect", f"discard {c.name} from hand", "L5R-END")
        return
    game.need(t.phase == "dynasty" and actor == t.active, "L5R-DYNASTY",
              "face-up province cards are discarded at the end of your own Dynasty phase")
    cards = [ctx.card(o, where=lambda c: c.zone_owner == actor and c.zone.startswith("province")) for o in ctx.body.objects]
    for c in cards:
        game.need(c.zone_owner == actor and c.zone.startswith("province") and "face-down" not in c.flags,
                  "L5R-DYNASTY", f"{c.show()} is not a face-up card in {actor}'s provinces")
    for c in cards:
        province = c.zone
        discard_copy(pos, c)
        ctx.step("effect", f"discard {c.name} from {province}", "L5R-DYNASTY")
        refill(pos, actor, province, ctx.proc)


# ---- advance ----------------------------------------------------------------------------

def advance(game, position: Position, kind: str, target: str | None) -> AdvanceResult:
    pos = position.clone()
    proc = Procedure()
    start_turn = pos.timing.turn
    for _ in range(MAX_ADVANCE_STEPS):
        t = pos.timing
        if kind == "phase" and t.phase == target and (pos.timing.turn != start_turn or _moved(proc)):
            return AdvanceResult(pos, proc.steps)
        if kind == "step" and t.step == target and _moved(proc):
            return AdvanceResult(pos, proc.steps)
        if kind == "step" and t.turn != start_turn:
            stop = f"the {target} step does not come in turn {start_turn} when nobody acts"
            proc.add("note", f"advancing stops: {stop}", "L5R-TURN")
            return AdvanceResult(pos, proc.steps, stopped=stop)
        if kind == "turn" and t.turn != start_turn:
            return AdvanceResult(pos, proc.steps)
        stop = _step_once(game, pos, proc)
        game.settle(pos, proc)
        if stop:
            proc.add("note", f"advancing stops: {stop}", "L5R-END" if "discard" in stop else "L5R-TURN")
            return AdvanceResult(pos, proc.steps, stopped=stop)
    return AdvanceResult(pos, proc.steps, stopped="the turn did not reach that point")


def _moved(proc: Procedure) -> bool:
    return any(s.kind == "timing" for s in proc.steps)


def _step_once(game, pos: Position, proc: Procedure) -> str | None:
    """Carry out one moment of the turn with every player doing nothing more."""
    t = pos.timing
    done = pos.memo.setdefault("phase-done", [])
    from .interrupts import advance_step  # an action waiting at its Interrupt step resolves (interrupts.py)

    if advance_step(game, pos, proc):
        return None
    stop = triggers_moments.choice_stop(game, pos)  # a trait's choices no statement names (L5R-TRAIT.5)
    if stop:
        return stop
    if triggers.window(pos) is not None:
        w = triggers.window(pos)
        triggers.window_pass(game, pos, w["priority"], proc)
        return None
    if t.phase == "straighten":
        own_turn = (t.turn + 1) // 2
        second = pos.seat_order.index(t.active) == 1
        for c in pos.all_copies():
            if c.controller == t.active and "bowed" in c.flags and in_play(pos, c):
                if second and own_turn < 3 and (c.card.has_keyword("Legacy") or "legacy" in c.card.flags) \
                        and c.card.type == "holding":
                    proc.add("effect", f"{c.name} stays bowed: a Legacy Holding of the player going second "
                             "cannot be straightened before that player's third turn", "L5R-STRAIGHTEN")
                    continue
                if forbidden(pos, c, "straighten", game):  # "This card cannot be straightened" (L5R-TRAIT)
                    proc.add("effect", f"{c.name} stays bowed: it cannot be straightened", "L5R-STRAIGHTEN",
                             "L5R-TRAIT")
                    continue
                c.flags.discard("bowed")
                raise_event(pos, "straightened", c)  # "After this card straightens" must fire
                proc.add("effect", f"straighten {c.name}", "L5R-STRAIGHTEN")
        enter_phase(game, pos, "events", proc)
    elif t.phase == "events":
        _reveal_provinces(game, pos, proc)
        enter_phase(game, pos, "action", proc)
    elif round_open(game, pos):
        who = t.priority or t.active
        t.passes += 1
        proc.add("timing", f"{who} passes", "L5R-ROUND")
        if t.passes >= len(pos.players):
            _round_ends(game, pos, proc)
        else:
            t.priority = pos.next_player(who)
    elif t.phase == "attack" and t.step == "declaration":
        proc.add("timing", f"{t.active} declines to attack", "L5R-TURN", "L5R-ATTACK")
        enter_phase(game, pos, "dynasty", proc)
    elif t.phase == "attack" and t.step in battle.MANEUVER_STEPS:
        battle.maneuver_pass(game, pos, t.priority or t.active, proc)
    elif t.phase == "attack" and t.step == "engagement":
        remaining = [f for f in battle.battlefields(game, pos) if f not in pos.memo.get("resolved", [])]
        if len(remaining) > 1:
            return f"the Attacker ({t.active}) must choose which battlefield to engage ({', '.join(remaining)})"
        proc.add("timing", f"the battle at {remaining[0]} begins (the only one left)", "L5R-ATTACK")
        begin_battle(game, pos, remaining[0], proc.add)
        raise_event(pos, "engaging", None)  # "After engaging" (triggers.py; settled by the advance loop)
    elif t.phase == "attack" and t.step == "resolution":
        delayed.battle_resolves(game, pos, proc)  # "Before this battle resolves, ..." (delayed.py)
        battle.combat_ends(game, pos, proc)
    elif t.phase == "dynasty":
        proc.add("timing", f"{t.active} buys nothing more", "L5R-DYNASTY")
        if not own_actions.open_legacy_window(game, pos, proc):
            enter_phase(game, pos, "end", proc)
    elif t.phase == "end":
        if "drawn" not in done:
            triggers_moments.before_end_draw(game, pos, proc)  # "Before you draw cards at the end of your turn"
            deck = pos.zones.get((t.active, "fate-deck"), [])
            if deck:
                pos.move(deck[0], t.active, "hand", top=False)
                proc.add("effect", f"{t.active} draws a Fate card", "L5R-END")
            else:
                proc.add("effect", f"{t.active}'s Fate deck is empty: no card is drawn", "L5R-END")
            done.append("drawn")
        limit, note = hand_limit(game, pos, t.active)  # traits may change the eight (L5R-TRAIT)
        over = pos.zone_size(t.active, "hand") - limit
        if over > 0:
            return (f"{t.active} holds {pos.zone_size(t.active, 'hand')} cards and must choose {over} to discard "
                    f"down to {limit}{note}")
        _next_turn(game, pos, proc)
    return None


def _reveal_provinces(game, pos: Position, proc: Procedure) -> None:
    active = pos.timing.active
    provinces = sorted((z for (o, z) in pos.zones if o == active and z.startswith("province ")),
                       key=lambda z: int(z.split()[1]))
    for province in provinces:
        for uid in list(pos.zones.get((active, province), [])):
            c = pos.copies[uid]
            if "face-down" not in c.flags:
                continue
            c.flags.discard("face-down")
            if c.card.type == "event":
                resolved = pos.memo.setdefault("game:events", [])
                if [active, c.name] in resolved:
                    proc.add("effect", f"{c.name} is revealed in {province}: {active} has already resolved an "
                             "Event of that name this game, so it does not resolve; it is discarded", "L5R-EVENTS")
                else:
                    resolved.append([active, c.name])
                    proc.add("effect", f"{c.name} is revealed in {province}: an Event, it resolves", "L5R-EVENTS")
                    _resolve_event(game, pos, c, proc)
                    if not in_play(pos, c):  # (its own effect put it into play: it stays, L5R-EVENTS)
                        proc.add("effect", f"{c.name} is discarded", "L5R-EVENTS")
                if not in_play(pos, c):
                    discard_copy(pos, c)
                refill(pos, active, province, proc)
            elif c.card.type == "region":
                regions = pos.memo.setdefault("game:regions", {})
                key = f"{active}:{province}"
                if key in regions and regions[key] in pos.copies:
                    proc.add("effect", f"{c.name} is revealed in {province}, which already holds a Region: it "
                             "cannot attach and is discarded at once", "L5R-REGION")
                    discard_copy(pos, c)
                else:
                    regions[key] = c.uid
                    c.flags.add("region")
                    raise_event(pos, "enters-play", c)  # "After this Region enters play" must fire
                    proc.add("effect", f"{c.name} is revealed in {province}: a Region, it enters play attached to "
                             "the province", "L5R-REGION")
                refill(pos, active, province, proc)
            else:
                proc.add("effect", f"turn {c.name} face up in {province}", "L5R-EVENTS")


def _resolve_event(game, pos: Position, event, proc: Procedure) -> None:
    """An Event's effects that need no choice: on its player, on every player ("each player")."""
    from .effects import apply_to_player

    for ability in game.abilities(event):
        if triggers_moments.revealed_event_trait(game, pos, event, ability, proc):
            continue  # a trait on the Event's own reveal: its resolution (L5R-EVENTS.4)
        for index, clause in enumerate(ability.effects):
            if delayed.event_clause(game, pos, event, ability, index, proc):  # "Put this Event into play" (delayed.py)
                continue
            kind, target = getattr(clause, "kind", None), getattr(clause, "target", None)
            if kind in ("draw", "gain-honor", "lose-honor") and (target is None or target.ref in ("you", "each")):
                players = list(pos.players) if target is not None and target.ref == "each" else [pos.timing.active]
                for p in players:
                    out = apply_to_player(game, pos, p, clause, as_cost=False)
                    proc.add("effect", out.description, "L5R-EVENTS", "L5R-ACT-EFFECT")
            else:
                proc.add("effect", f"not carried out: '{clause.text}' (needs a choice or is not readable)",
                         "L5R-EVENTS")


def _next_turn(game, pos: Position, proc: Procedure) -> None:
    t = pos.timing
    triggers_moments.turn_ends(game, pos, proc)  # "Before your turn ends, ..." (a triggered trait)
    delayed.turn_ends(game, pos, proc)  # "Destroy him before this turn ends" (delayed.py)
    gone = pos.expire(["turn"])
    if gone:
        proc.add("effect", f"{len(gone)} ongoing change(s) end with the turn", "L5R-DURATION")
    for key in [k for k in pos.memo if not k.startswith("game:")]:
        del pos.memo[key]
    t.turn += 1
    t.active = pos.next_player(t.active)
    proc.add("timing", f"turn {t.turn} begins: {t.active} is the active player", "L5R-TURN")
    t.phase, t.step, t.priority, t.passes = "straighten", None, t.active, 0
    delayed.turn_begins(game, pos, proc)  # "Discard it after your next turn begins" (delayed.py)
    raise_event(pos, "turn-begins", None)  # "After each player's turn begins, straighten this Holding"
    game.settle(pos, proc)

"""The L5R Attack phase: maneuvers, engagement, combat segments, resolution.

Steps (SCENARIO-LANGUAGE.md): declaration → infantry → cavalry → engagement → combat →
resolution. In each maneuver step the Attacker assigns units, then passes; then the
Defender does; two passes in succession end the step. In engagement the Attacker picks a
battlefield (``engage battlefield N``); its combat segment opens with the Defender
(L5R-COMBAT); two passes end it and the battle resolves (L5R-RESOLVE). Every battlefield
has exactly one battle, even an empty one (L5R-ATTACK).
"""

from __future__ import annotations

from ...core.errors import ScenarioError
from ...core.game import Context
from ...core.position import Copy, Position
from ...core.ruling import Procedure
from .effects import discard_copy, forbidden
from .triggers_events import raise_event

MANEUVER_STEPS = ("infantry", "cavalry")


def battlefields(game, pos: Position) -> list[str]:
    """One battlefield per defender province, numbered as the provinces."""
    defender = game.defender(pos)
    declared = sorted({int(z.split()[1]) for (o, z) in pos.zones if o == defender and z.startswith("province ")})
    numbers = declared or list(range(1, game.province_count(pos, defender) + 1))
    gone = set(pos.memo.get("destroyed-provinces", {}).get(defender, []))
    return [f"battlefield {n}" for n in numbers if f"province {n}" not in gone]


def unit_cards(pos: Position, leader: Copy) -> list[Copy]:
    return [leader, *pos.attachments_of(leader.uid)]


def is_cavalry_unit(game, pos: Position, leader: Copy) -> bool:
    followers = [a for a in pos.attachments_of(leader.uid) if a.card.type == "follower"]
    return pos.has_keyword(leader, "Cavalry") and all(pos.has_keyword(f, "Cavalry") for f in followers)


def _own_trait(game, pos: Position, copy: Copy, kind: str) -> bool:
    """A trait without trigger or condition of the card itself ("He may assign even if bowed")."""
    from .effects import in_play

    if not in_play(pos, copy):
        return False
    for ability in game.abilities(copy):
        if ability.kind != "continuous" or ability.conditions:
            continue
        for clause in ability.effects:
            target = getattr(clause, "target", None)
            if getattr(clause, "kind", "") == kind and (target is None or target.ref in ("this", "it")):
                return True
    return False


def assign(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "attack" and t.step in MANEUVER_STEPS, "L5R-ATTACK",
              f"units are assigned in the infantry and cavalry maneuvers; it is the {t.phase} phase"
              + (f" ({t.step})" if t.step else ""))
    game.need(t.priority == actor, "L5R-ATTACK",
              f"it is {t.priority}'s turn to assign units in the {t.step} maneuvers")
    to = ctx.body.to_zone
    if to is None or to.name != "battlefield" or to.number is None or not ctx.body.objects:
        raise ScenarioError("write: assign \"Personality\" to battlefield N", ctx.body.pos.file, ctx.body.pos.line,
                            ctx.body.pos.column, None)
    field = f"battlefield {to.number}"
    if field not in battlefields(game, pos):
        ctx.reject("L5R-ATTACK", f"there is no {field}: one battlefield per defending province "
                   f"({', '.join(battlefields(game, pos)) or 'none'})")
    for obj in ctx.body.objects:
        leader = ctx.card(obj, where=lambda c: c.controller == actor and c.zone == "home", purpose="unit at home")
        if leader.controller != actor or leader.zone != "home" or leader.card.type != "personality":
            ctx.reject("L5R-ATTACK", f"{leader.show()} is not a Personality at {actor}'s home; units are "
                       "assigned from home")
        if "bowed" in leader.flags and not (_own_trait(game, pos, leader, "may-assign-bowed")
                                            or pos.has_flag(leader, "may-assign-bowed")):
            ctx.reject("L5R-ATTACK", f"{leader.show()} is bowed: a unit led by a bowed Personality cannot be "
                       "assigned")
        from .effects_restrictions import army_barred

        barred = army_barred(game, pos, leader, "assign")  # "This Personality cannot attack" (effects_restrictions)
        if barred:
            ctx.reject("L5R-ATTACK", f"{leader.show()} {barred}")
        if forbidden(pos, leader, "assign", game):
            ctx.reject("L5R-ATTACK", f"{leader.show()} cannot be assigned to battlefields (its own trait)")
        if t.step == "cavalry" and not is_cavalry_unit(game, pos, leader):
            ctx.reject("L5R-ATTACK", f"{leader.show()}'s unit is not a cavalry unit (its Personality and all "
                       "its Followers must have Cavalry)")
        for card in unit_cards(pos, leader):
            pos.move(card.uid, actor, field, top=False)
        pos.memo.setdefault("attackers" if actor == t.active else "defenders", []).append(leader.uid)
        ctx.step("effect", f"assign {leader.name}'s unit to {field} (assigning is not moving)", "L5R-ATTACK")
        from .triggers_events import raise_event

        raise_event(pos, "assigned", leader)  # "After this Personality is assigned" (triggers.py)
        if actor == t.active:
            raise_event(pos, "assigned-to-attack", leader)
    t.passes = 0
    game.settle(pos, ctx.proc)


def maneuver_pass(game, pos: Position, actor: str, proc: Procedure) -> None:
    """A pass in a maneuver step: the other side assigns; two passes end the step."""
    t = pos.timing
    t.passes += 1
    proc.add("timing", f"{actor} assigns no more units in the {t.step} maneuvers", "L5R-ATTACK")
    if t.passes < len(pos.players):
        t.priority = pos.next_player(actor)
        return
    t.passes = 0
    if t.step == "infantry":
        t.step, t.priority = "cavalry", t.active
        proc.add("timing", "cavalry maneuvers begin: the Attacker first", "L5R-ATTACK")
    else:
        t.step, t.priority = "engagement", t.active
        proc.add("timing", "the Attacker chooses the battlefield to engage", "L5R-ATTACK")


def engage(game, ctx: Context) -> None:
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    game.need(t.phase == "attack" and t.step == "engagement", "L5R-ATTACK",
              "a battlefield is engaged after the maneuvers, once the previous battle has resolved")
    game.need(actor == t.active, "L5R-ATTACK", f"the Attacker ({t.active}) chooses the battlefield, not {actor}")
    objs = ctx.body.objects
    if len(objs) != 1 or objs[0].text != "battlefield" or objs[0].number is None:
        raise ScenarioError("write: engage battlefield N", ctx.body.pos.file, ctx.body.pos.line, ctx.body.pos.column,
                            None)
    field = f"battlefield {objs[0].number}"
    if field not in battlefields(game, pos):
        ctx.reject("L5R-ATTACK", f"there is no {field}")
    if field in pos.memo.get("resolved", []):
        ctx.reject("L5R-ATTACK", f"{field} has had its battle: every battlefield has exactly one battle")
    ctx.step("timing", f"the battle at {field} begins", "L5R-ATTACK")
    from .turn import begin_battle  # its Engage Segment, then its combat segment (L5R-COMBAT.1)

    begin_battle(game, pos, field, ctx.step)
    from .triggers_events import ENGAGING, raise_event  # "After engaging" (triggers.py)

    raise_event(pos, ENGAGING, None)
    game.settle(pos, ctx.proc)


def army_force(game, pos: Position, field: str, player: str) -> tuple[int, list[Copy]]:
    """Force of one side at a battlefield: unbowed Personalities and Followers (L5R-RESOLVE)."""
    cards = [c for c in pos.all_copies() if c.zone == field and c.controller == player]
    total = 0
    from .effects_battle import contributes_force

    for c in cards:
        if "bowed" in c.flags or not contributes_force(pos, c, field):  # (effects_battle: "this battle")
            continue
        if c.card.type == "personality":
            total += game.card_property(pos, c, "force") or 0
        elif c.card.type == "follower":  # with lasting traits' changes, as its Force is read anywhere
            total += game.card_property(pos, c, "force") or 0
    return total, cards


def resolve_battle(game, pos: Position, proc: Procedure) -> None:
    t = pos.timing
    from .procedure import current_battlefield

    field = current_battlefield(pos) or "battlefield 1"
    attacker, defender = t.active, game.defender(pos)
    a_force, a_cards = army_force(game, pos, field, attacker)
    d_force, d_cards = army_force(game, pos, field, defender)
    if not a_cards:
        a_force = 0
    if not d_cards:
        d_force = 0
    proc.add("effect", f"{field}: attacking Force {a_force}, defending Force {d_force}", "L5R-RESOLVE")
    province = "province " + field.split()[1]
    from .effects_engine import province_strength

    strength, changed = province_strength(game, pos, defender, province)  # as effects and traits change it
    if changed:
        proc.add("effect", f"{defender}'s {province} has strength {strength} ({', '.join(changed)})", "L5R-RESOLVE",
                 "L5R-TRAIT", "L5R-DURATION")
    # what each side destroyed, for "After a battle resolution in which you destroyed an army" (triggers.py)
    destroyed: dict[str, list[str]] = {attacker: [], defender: []}
    if a_force > d_force:
        proc.add("effect", f"{attacker} (Attacker) wins the battle at {field}", "L5R-RESOLVE")
        _destroy_army(pos, d_cards, proc)
        if d_cards:
            destroyed[attacker].append("army")
            _gain(pos, attacker, 2 * len(d_cards), proc, "2 × cards in the destroyed army")
        if a_force > d_force + strength:
            destroyed[attacker].append("province")
            _destroy_province(pos, defender, province, proc)
    elif d_force > a_force:
        proc.add("effect", f"{defender} (Defender) wins the battle at {field}", "L5R-RESOLVE")
        _destroy_army(pos, a_cards, proc)
        if a_cards:
            destroyed[defender].append("army")
            _gain(pos, defender, 2 * len(a_cards), proc, "2 × cards in the destroyed army")
    elif a_cards and d_cards:
        proc.add("effect", f"equal Force at {field}: each side destroys the other army", "L5R-RESOLVE")
        destroyed[attacker].append("army")
        destroyed[defender].append("army")
        _destroy_army(pos, a_cards + d_cards, proc)
        _gain(pos, attacker, len(d_cards), proc, "cards of the enemy army destroyed")
        _gain(pos, defender, len(a_cards), proc, "cards of the enemy army destroyed")
    else:
        proc.add("effect", f"equal Force at {field} with a side empty: the battle has no outcome", "L5R-RESOLVE")
    from .effects_negate import resolution_spares

    for c in [c for c in a_cards if c.uid in pos.copies and c.zone == field]:
        spared = resolution_spares(game, pos, c)  # "Battle resolution does not bow cards in this unit"
        if spared:
            proc.add("effect", f"{c.name} goes home unbowed ({spared})", "L5R-RESOLVE", "L5R-TRAIT")
        else:
            if "bowed" not in c.flags:
                raise_event(pos, "bowed", c)  # "After this card bows" must fire (triggers.fires)
            c.flags.add("bowed")
        pos.move(c.uid, c.controller, "home", top=False)
    survivors = [c for c in a_cards if c.uid in pos.copies and c.zone == "home" and c.attached_to is None]
    if survivors:
        proc.add("effect", "the surviving attacking units bow and go home (not a move)", "L5R-RESOLVE")
    pos.memo.setdefault("resolved", []).append(field)
    pos.memo.pop("battle-used", None)
    from .triggers_events import raise_resolution

    raise_resolution(pos, {"field": field, "destroyed": destroyed, "attackers": [c.uid for c in a_cards]})
    pos.memo.setdefault("resolved-attackers", []).extend(c.uid for c in a_cards)


def _province_strength(pos: Position, player: str) -> int:
    for c in pos.zone(player, "stronghold"):
        value = pos.stat(c, "province-strength", 0)
        if isinstance(value, int):
            return value
    return 0


def _destroy_army(pos: Position, cards: list[Copy], proc: Procedure) -> None:
    # every card of the army is destroyed, its Followers too (discarded with their Personality
    # below, they raised no event: "After this Follower is destroyed" never fired)
    followers = [c for c in cards if c.uid in pos.copies and c.zone.startswith("battlefield")
                 and c.card.type == "follower" and c.attached_to is not None]
    for c in followers:
        raise_event(pos, "destroyed", c)
    for c in cards:
        if c.uid in pos.copies and c.zone.startswith("battlefield"):
            if c not in followers:
                raise_event(pos, "destroyed", c)
            discard_copy(pos, c)
            proc.add("effect", f"destroy {c.name}", "L5R-RESOLVE")


def _gain(pos: Position, player: str, amount: int, proc: Procedure, why: str) -> None:
    if amount <= 0:
        return
    from .effects_player import resolution_honor_denied  # "Other players do not gain Honor for destroying your cards"

    from .procedure import current_battlefield

    spared = resolution_honor_denied(pos, player, current_battlefield(pos) or "")
    if spared is not None:
        proc.add("effect", f"{player} gains no Honor for destroying {spared}'s cards ({why}): an effect says so",
                 "L5R-RESOLVE", "L5R-DURATION")
        return
    p = pos.players[player]
    p.attrs["family-honor"] = p.attrs.get("family-honor", 0) + amount
    proc.add("effect", f"{player} gains {amount} Honor ({why})", "L5R-RESOLVE")


def _destroy_province(pos: Position, player: str, province: str, proc: Procedure) -> None:
    for c in pos.zone(player, province):
        c.flags.discard("face-down")
        pos.move(c.uid, player, "dynasty-discard")
    pos.memo.setdefault("destroyed-provinces", {}).setdefault(player, []).append(province)
    proc.add("effect", f"{player}'s {province} is destroyed (Force above defending Force + province Strength)",
             "L5R-RESOLVE")


def combat_ends(game, pos: Position, proc: Procedure) -> None:
    """Both passed in the combat segment: resolve, then the next engagement or the phase's end."""
    t = pos.timing
    proc.add("timing", "both players passed in succession: the combat segment ends", "L5R-COMBAT")
    t.step = "resolution"
    from .delayed import battle_ends  # "Remove him from the game after this battle ends"
    from .procedure import current_battlefield

    field = current_battlefield(pos)  # (asked before resolution sends the units home)
    resolve_battle(game, pos, proc)
    battle_ends(game, pos, proc, field)
    from .effects_battle import discard_terrains  # (Comprehensive Rules, "After Resolution" 0.3)

    discard_terrains(pos, proc, field)
    pos.memo.pop("current-battlefield", None)
    remaining = [f for f in battlefields(game, pos) if f not in pos.memo.get("resolved", [])]
    if remaining:
        t.step, t.priority, t.passes = "engagement", t.active, 0
        proc.add("timing", "the Attacker chooses the next battlefield", "L5R-ATTACK")
    else:
        end_attack_phase(game, pos, proc)


def end_attack_phase(game, pos: Position, proc: Procedure) -> None:
    t = pos.timing
    for c in list(pos.all_copies()):
        if c.zone.startswith("battlefield"):
            if c.controller == t.active:
                if "bowed" not in c.flags:
                    raise_event(pos, "bowed", c)  # "After this card bows" must fire (triggers.fires)
                c.flags.add("bowed")
            pos.move(c.uid, c.controller, "home", top=False)
    proc.add("timing", "the Attack phase ends: remaining units go home, attackers bowed", "L5R-RESOLVE",
             "L5R-TURN")
    from .turn import enter_phase

    enter_phase(game, pos, "dynasty", proc)

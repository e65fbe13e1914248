"""Defenders: `NAME defends "Attacked" with "Defender"` — assigning a defender against a strike.

The seeds (B-411 … B-415.3) name no defender; the glossary of the Berserk: Heroes rules
(rules_heroes/dictionary.rst) does, and the engine takes it as written:

* «Назначить защитника»: «Изменить первоначальную цель атаки ударом (целью становится
  карта-защитник). Назначить защитника можно только от удара.» — the strike's target becomes
  the defender, and the strike then resolves against it as a strike at that card; only against
  an attack with the card's strike (``battle.act``), never a shot («Выстрел на X»: «Против
  выстрела нельзя назначить защитника»); whether a throw, discharge, special or magic strike or
  [:ovs] is an «атака ударом» the glossary does not say, and such a declaration is refused as open.
* «Цель (атаки, способности)»: the attacked card is the target «если … (в случае атаки ударом)
  от неё не назначен защитник» — so the defender is assigned by the attacked card's side: its
  controller, while the strike is on the stack (B-STACK) and that player holds priority
  (B-408.2), once per strike (after it the target is no longer the original one).
* «Действие (карты)»: «… атака ударом и назначение защитника» — being assigned is the defender
  card's action, and an action is paid by closing (B-414); «Оплата»: paid at once on declaring,
  with the player's own resources. A closed card cannot pay, so it cannot defend.
* «Опыт в защите»: «Карта не закрывается после того как назначено защитником»; «Не закрывается
  после атаки (не закрывается, выступая защитником)»: likewise, «несмотря на то, что должна
  оплатить его закрытием» — the card must still be open to be assigned, it just does not close.
* «Направленный удар» ([:drs]): «От карты с направленным ударом нельзя назначить защитника».

What the sources do not say the engine does not check (docs/games/berserk.md, "Defenders"):
where the defender stands (adjacency, rows, flyers), how many times a card may defend in a
turn, and any counter-strike. Where the outcome is open it refuses: a face-down or non-creature
defender, abilities the strike's declaration triggered still on the stack (what «атакованный»
then means), the defender's own «При атаке по …» (whether a redirected strike fires it), and a
defence of the defender the engine leaves open (``effects.open_defence``).
"""

from __future__ import annotations

from . import state as S
from .effects import ATTACK_KINDS, open_defence
from .stack import awaiting_target, close_triggers

#: the one attack the glossary lets a defender be assigned against: an «атака ударом»
_NOT_A_STRIKE = {
    "shot": "a shot: glossary «Выстрел на X» — «Против выстрела нельзя назначить защитника»",
    "throw": "a throw, not a strike: glossary «Назначить защитника» — «только от удара»",
    "discharge": "a discharge, not a strike: glossary «Назначить защитника» — «только от удара»",
}


def defends_open(position, copy) -> str | None:
    """Why the card does not close when assigned as a defender (None: it closes)."""
    if S.has_keyword(position, copy, "Опыт в защите"):
        return "Опыт в защите"
    if S.has_keyword(position, copy, "Опыт в атаке и защите"):
        return "Опыт в атаке и защите"
    if any(ab.get("static") == "defends-open" and not ab["unknown"] for ab in S.abilities(position, copy)):
        return "Не закрывается, выступая защитником"
    return None


def _attacks_at(position, uid: int) -> list:
    """Stack items that attack the card ``uid`` as their target (top of the stack first)."""
    return [item for item in reversed(position.stack)
            if item.payload.get("target") == uid and item.payload.get("kind") in ("action", "ability", "trigger")
            and any(e["kind"] in ATTACK_KINDS and e["subject"] == "target" for e in item.payload.get("effects", []))]


def defend(ctx) -> None:
    pos, me = ctx.position, ctx.actor
    if not ctx.body.with_:
        ctx.reject("B-414", "name the defender: defend \"Attacked\" with \"Defender\"")
    if pos.timing.phase == "preliminary":
        ctx.reject("B-401.1", "no actions are declared in the Preliminary phase, and no strike is made there")
    pending = awaiting_target(pos)
    if pending is not None:
        ctx.reject("B-STACK", f"the target of \"{pending.source}\"'s triggered ability must be named first")
    # the attacked card: named, or the only card of this player a strike on the stack is aimed at
    if ctx.body.objects:
        attacked = ctx.card(ctx.body.objects[0], where=S.in_play, purpose="the attacked card")
    else:
        mine = {item.payload["target"] for item in pos.stack if item.payload.get("target") is not None
                and pos.copies.get(item.payload["target"]) is not None
                and pos.copies[item.payload["target"]].controller == me and _attacks_at(pos, item.payload["target"])}
        if len(mine) != 1:
            ctx.reject("B-STACK", "say which attacked card is defended: defend \"Attacked\" with \"Defender\"")
        attacked = pos.copies[mine.pop()]
    if attacked.controller != me:
        ctx.reject("B-414", f"\"{attacked.name}\" is {attacked.controller}'s card: the attacked card's controller "
                   "assigns its defender (glossary «Цель»: «от неё не назначен защитник»)")
    _need_priority(ctx)
    items = _attacks_at(pos, attacked.uid)
    if not items:
        ctx.reject("B-STACK", f"no attack at \"{attacked.name}\" is on the stack: a defender changes the target of "
                   "a declared strike (glossary «Назначить защитника»)")
    strikes = [i for i in items if i.payload.get("strike_attack")]
    if not strikes:
        item = items[0]
        kinds = [e["kind"] for e in item.payload["effects"] if e["kind"] in ATTACK_KINDS and e["subject"] == "target"]
        known = next((_NOT_A_STRIKE[k] for k in kinds if k in _NOT_A_STRIKE), None)
        if known:
            ctx.reject("B-414", f"no defender can be assigned against \"{item.source}\"'s attack at "
                       f"\"{attacked.name}\": it is {known}")
        ctx.reject("B-414", f"\"{item.source}\"'s {'/'.join(kinds)} at \"{attacked.name}\": a defender is assigned "
                   "only against an «атака ударом» (glossary «Назначить защитника»), and whether this is one the "
                   "glossary does not say; the engine does not guess")
    item = strikes[0]
    p = item.payload
    attacker = pos.copies.get(p["uid"])
    if p.get("defender") is not None:
        ctx.reject("B-414", f"a defender (\"{pos.copies[p['defender']].name}\") has already been assigned against "
                   f"this strike: its original target is already changed (glossary «Назначить защитника»)")
    if attacker is not None and S.has_keyword(pos, attacker, "directed-strike"):
        ctx.reject("B-414", f"\"{attacker.name}\" has a directed strike ([:drs], «Направленный удар»): no defender "
                   "can be assigned against a card with a directed strike (glossary «Направленный удар»)")
    limited = [k for k in (S.keywords(pos, attacker) if attacker is not None else [])
               if k.casefold().startswith("directed-strike ")]
    if limited:
        ctx.reject("B-414", f"\"{attacker.name}\" has a directed strike only «{limited[0][len('directed-strike '):]}»: "
                   "the engine does not read that limit, so whether a defender can be assigned against this strike "
                   "it does not guess (glossary «Направленный удар»)")
    early = [i for i in pos.stack if i.payload.get("from_attack") is not None
             and i.payload.get("from_attack") == p.get("attack_id")]
    if early:
        ctx.reject("B-STACK", f"\"{early[-1].source}\"'s ability, triggered by the declaration of this strike at "
                   f"\"{attacked.name}\", is still on the stack: what «атакованный» means for it once a defender "
                   "takes the target the glossary does not say; the engine does not guess (let it resolve first)")
    defender = ctx.card(ctx.body.with_[0], where=lambda c: c.controller == me and S.in_play(c),
                        purpose="the defender")
    if defender.controller != me:
        ctx.reject("B-414", f"\"{defender.name}\" is not {me}'s card: the defender pays for its action by closing, "
                   "and a player pays with their own resources (glossary «Оплата», «Действие (карты)»)")
    if not S.in_play(defender):
        ctx.reject("B-414", f"\"{defender.name}\" is not on the field")
    if defender.uid == attacked.uid:
        ctx.reject("B-414", f"\"{defender.name}\" is the strike's target itself; a defender changes the target to "
                   "another card (glossary «Назначить защитника»)")
    if attacker is not None and defender.uid == attacker.uid:
        ctx.reject("B-414", f"\"{defender.name}\" is the attacking card")
    if "hidden" in defender.flags:
        ctx.reject("B-414", f"\"{defender.name}\" is face down: whether a hidden card can be assigned as a defender "
                   "the sources do not say; the engine does not guess")
    if defender.card.type != "creature":
        ctx.reject("B-414", f"\"{defender.name}\" is a {defender.card.type}: the glossary speaks of creatures "
                   "assigned as defenders («Неуловимость»), and whether another card can be one it does not say")
    if "closed" in defender.flags:
        ctx.reject("B-414", f"\"{defender.name}\" is closed: being assigned as a defender is the card's action "
                   "(glossary «Действие (карты)»), paid by closing, and a closed card cannot pay")
    if pos.memo.get("defended_turn", {}).get(str(defender.uid)) == pos.timing.turn:
        ctx.reject("B-414", f"\"{defender.name}\" has already been assigned as a defender this turn and stayed open; "
                   "such a card «тем не менее, считается подействовавшей» (glossary «Не закрывается после атаки»), "
                   "and whether it may defend again this turn the sources do not say; the engine does not guess")
    ab = {"effects": p["effects"], "text": item.description}
    why = open_defence(pos, ab, item.controller, p["uid"], defender.uid)
    if why:
        ctx.reject("B-414", f"the strike at the defender \"{defender.name}\": {why}")
    from .stack import _attacked_watchers

    watchers = _attacked_watchers(pos, attacker, defender, ("strike",)) if attacker is not None else []
    if watchers:
        card, wab, _ = watchers[0]
        ctx.reject("B-STACK", f"\"{card.name}\" has «{wab['text']}»: whether a strike redirected to its defender "
                   "fires it the glossary does not say; the engine does not guess")
    pos.memo.setdefault("defended_turn", {})[str(defender.uid)] = pos.timing.turn
    p["target"] = defender.uid
    p["defender"] = defender.uid
    p["defended"] = attacked.uid
    ctx.step("target", f"\"{defender.name}\" is assigned as defender: the strike of \"{item.source}\" at "
             f"\"{attacked.name}\" now targets \"{defender.name}\" (glossary «Назначить защитника»)",
             "B-414", "B-STACK")
    spared = defends_open(pos, defender)
    if spared:
        ctx.step("cost", f"\"{defender.name}\" does not close on being assigned as defender ({spared})", "B-414")
    else:
        S.close(pos, defender)
        ctx.step("cost", f"close \"{defender.name}\": the price of its action as defender", "B-414")
    close_triggers(pos, "B-414", ctx.step)
    pos.timing.priority, pos.timing.passes = S.other(pos, me), 0


def _need_priority(ctx) -> None:
    from .timing import need_priority

    need_priority(ctx.position, ctx.actor, "B-408.2")

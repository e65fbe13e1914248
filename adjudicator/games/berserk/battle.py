"""Verbs of the battle: using abilities, declaring movements and actions, passing the turn,
keeping cards closed (B-409.1 … B-415.3, B-STACK), and the alternating ability steps of the
Preliminary phase (B-401.3, B-404.2, B-406.1, B-407.1)."""

from __future__ import annotations

from . import state as S
from . import timing as T
from . import defences as D
from . import limits as L
from .reader import names_card
from .effects import carried_out, INTERNAL_KINDS, TIERS, carry_out_all, open_defence, restriction_failure
from .stack import (attacked_triggers, awaiting_target, close_triggers, push, push_trigger, trigger_attacks,
                    trigger_blocker)

_ALT_TRIGGER = {"after-placement": "after-placement", "start-of-battle": "start-of-battle", "vanguard": "vanguard"}
STRIKE_TIERS = ("weak", "medium", "strong")


def _pick_ability(ctx, copy, abilities: list[dict], wanted=None) -> dict:
    usable = [a for a in abilities if a["static"] is None and (wanted is None or wanted(a))]
    if ctx.body.ability is not None:
        chosen = [a for a in abilities if a["index"] == ctx.body.ability]
        if not chosen:
            ctx.reject("B-STACK", f"\"{copy.name}\" has no ability {ctx.body.ability}")
        return chosen[0]
    if len(usable) == 1:
        return usable[0]
    if not usable:
        return {}
    ctx.reject("B-STACK", f"\"{copy.name}\" has {len(usable)} abilities that fit; say which with 'ability N'")


def _honest(ctx, copy, ab: dict, rule: str) -> None:
    """Refuse what this engine cannot carry out rather than fake it."""
    if ab["unknown"]:
        ctx.reject(rule, f"the engine cannot carry out \"{'; '.join(ab['unknown'])}\" of \"{copy.name}\" yet "
                   f"(the ability would be used under {rule})")
    bad = [e["kind"] for e in ab["effects"] if e["kind"] not in INTERNAL_KINDS and not carried_out(e)]
    if bad:
        ctx.reject(rule, f"effect kinds {bad} of \"{copy.name}\" are not executable by this engine")
    dashed = [e for e in ab["effects"] if len(set(e.get("values") or [])) > 1]
    if dashed and ctx.body.choosing not in TIERS:
        ctx.reject(rule, f"\"{ab['text']}\" deals {'-'.join(map(str, dashed[0]['values']))}: say which value lands "
                   "(choosing weak, medium or strong); the seeds give no die roll, so the engine does not roll")
    if dashed:
        ctx.step("note", f"{ctx.actor} states a {ctx.body.choosing} result", rule)
    why = open_defence(ctx.position, ab, ctx.actor, copy.uid)
    if why:
        ctx.reject(rule, why)


def _pay_tokens(ctx, copy, ab: dict, rule: str) -> None:
    """A [:cnt] cost: the tokens leave the card as the price (refused when it has too few)."""
    n = ab.get("token_cost", 0)
    if ab.get("token_cost_x"):
        # «X[:cnt]»: X is what the player states (`x N`), the same X as the effect's
        if ctx.body.x is None or ctx.body.x < 0:
            ctx.reject(rule, f"«{ab['text']}» costs X tokens: say X with 'x N'")
        n += ctx.body.x
    if not n:
        return
    have = copy.counters.get("tokens", 0)
    if have < n:
        ctx.reject(rule, f"\"{copy.name}\" has {have} token{'s' if have != 1 else ''} and the ability costs {n}")
    copy.counters["tokens"] = have - n
    ctx.step("cost", f"remove {n} token{'s' if n != 1 else ''} from \"{copy.name}\" to pay the cost", rule)


def _pay_costs(ctx, copy, ab: dict, rule: str) -> None:
    """Costs of an ability used outside the stack (alternating steps): tokens, then [:tap]."""
    _pay_tokens(ctx, copy, ab, rule)
    if ab.get("tap"):
        if "closed" in copy.flags:
            ctx.reject("B-414", f"\"{copy.name}\" is closed and cannot pay [:tap] by closing")
        S.close(ctx.position, copy)
        ctx.step("cost", f"close \"{copy.name}\" to pay [:tap]", rule, "B-414")


def _limits(ctx, copy, ab: dict, rule: str) -> None:
    """«Один (Х) раз за ход» / «Х раз за бой» (limits.py, glossary «Один (Х) раз за ход"): the
    use is refused once the card holds X markers; otherwise it takes one."""
    why = L.exhausted(ctx.position, ab, copy.uid)
    if why:
        ctx.reject(rule, f"\"{copy.name}\" cannot use «{ab['text']}» again: {why}")
    L.mark(ctx.position, ab, copy.uid)


def _target(ctx, ab: dict, rule: str, source=None):
    needs = any(e["subject"] == "target" for e in ab["effects"])
    if needs and not ctx.body.targeting:
        ctx.reject(rule, f"the ability \"{ab['text']}\" needs a target: add 'targeting \"Card\"'")
    if not needs:
        return None
    target = ctx.card(ctx.body.targeting[0], where=S.in_play, purpose="the target")
    if not S.in_play(target):
        ctx.reject(rule, f"\"{target.name}\" is not on the field")
    for eff in ab["effects"]:
        if eff["subject"] == "target":
            why = restriction_failure(ctx.position, target, eff.get("spec") or {}, ctx.actor, source)
            if why:
                ctx.reject(rule, f"{why}: it cannot be the target of \"{ab['text']}\"")
    ban = D.spell_target_ban(ctx.position, target, ab.get("spell", False), frozenset().union(
        D.ignored_by(ctx.position, source), *(D.ignored_for(ctx.position, source, target, e["kind"])
                                              for e in ab["effects"] if e["subject"] == "target")))
    if ban:
        ctx.reject(rule, f"{ban} (\"{ab['text']}\" is a spell)")
    why = open_defence(ctx.position, ab, ctx.actor, source.uid if source else None, target.uid)
    if why:
        ctx.reject(rule, why)
    why = L.target_exhausted(ctx.position, ab, source.uid, target.uid) if source is not None else None
    if why:
        ctx.reject(rule, f"\"{target.name}\" cannot be the target of «{ab['text']}» again: {why}")
    ctx.step("target", f"target \"{target.name}\"", rule)
    return target


def use(ctx) -> None:
    pos, me, t = ctx.position, ctx.actor, ctx.position.timing
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me and S.in_play(c),
                    purpose="the card whose ability is used") if ctx.body.objects else None
    if copy is None:
        ctx.reject("B-STACK", "say whose ability is used: use \"Card\"")
    if copy.controller != me:
        ctx.reject("B-STACK", f"\"{copy.name}\" is not {me}'s card")
    pending = awaiting_target(pos)
    if pending is not None and pending.payload["uid"] == copy.uid and pending.controller == me:
        _name_trigger_target(ctx, copy, pending)
        return
    abilities = S.abilities(pos, copy)
    if t.phase == "preliminary":
        _use_preliminary(ctx, copy, abilities)
    elif t.phase == "start":
        _use_before_start(ctx, copy, abilities)
    else:
        _use_played(ctx, copy, abilities)


def _name_trigger_target(ctx, copy, item) -> None:
    """The controller names the target of a triggered ability waiting on the stack (B-STACK;
    glossary «Объявить»: the source and the target are stated when it is declared)."""
    from .stack import legal_targets

    p = item.payload
    if p.get("needs_tier"):
        if ctx.body.choosing not in TIERS:
            ctx.reject("B-STACK", f"\"{p.get('text', '')}\" deals a weak, medium or strong value: say which landed "
                       "(choosing weak, medium or strong); the engine does not roll the die")
        p["tier"] = ctx.body.choosing
        ctx.step("note", f"{ctx.actor} states a {ctx.body.choosing} result", p.get("rule", "B-STACK"), "B-STACK")
        p.pop("needs_tier", None)
        if not any(e["subject"] == "target" for e in p["effects"]) or (
                p.get("target") is not None and not ctx.body.targeting):
            p.pop("awaiting_target", None)
            return
    if not ctx.body.targeting:
        ctx.reject("B-STACK", f"name the target of \"{copy.name}\"'s triggered ability: add 'targeting \"Card\"'")
    target = ctx.card(ctx.body.targeting[0], where=S.in_play, purpose="the target")
    ab = {"effects": p["effects"], "text": p.get("text", ""), "spell": False}
    legal = legal_targets(ctx.position, ab, ctx.actor, copy.uid, p.get("attacked"))
    if target.uid not in [c.uid for c in legal]:
        why = next((restriction_failure(ctx.position, target, e.get("spec") or {}, ctx.actor, copy)
                    for e in p["effects"] if e["subject"] == "target"), None) or \
            open_defence(ctx.position, ab, ctx.actor, copy.uid, target.uid, p.get("attacked")) or \
            f"\"{target.name}\" is not a legal target"
        ctx.reject("B-STACK", f"{why}: it cannot be the target of \"{p.get('text', '')}\"")
    p["target"] = target.uid
    p.pop("awaiting_target", None)
    ctx.step("target", f"target \"{target.name}\"", p.get("rule", "B-STACK"), "B-STACK")
    trigger_attacks(ctx.position, p, ctx.step, p.get("rule", "B-STACK"))


def _use_preliminary(ctx, copy, abilities) -> None:
    pos, me, step = ctx.position, ctx.actor, ctx.position.timing.step
    if step not in T.ALTERNATING:
        ctx.reject("B-401.1", f"no abilities are used in the {step} step: the Preliminary phase allows no actions")
    trigger, rule = T.ALTERNATING[step]
    any_once = [a for a in abilities if a["once_per_turn"]]
    if ctx.body.ability is not None and any(a["index"] == ctx.body.ability for a in any_once) or (
            any_once and len(abilities) == len(any_once)):
        ctx.reject("B-401.4", f"\"{copy.name}\": an ability \"once per turn\" cannot be used in the Preliminary phase")
    auto_reveal = trigger == "after-placement" and (S.has_x_cost(copy) or _alt_cost(copy))
    ab = _pick_ability(ctx, copy, abilities, lambda a: a["trigger"] == trigger)
    if not ab and auto_reveal:
        ab = {"index": 0, "text": "После расстановки карт — вскрыться", "trigger": trigger, "effects":
              [{"kind": "reveal", "subject": "self", "delayed": None}], "unknown": [], "once_per_turn": False}
    if not ab or ab.get("trigger") != trigger:
        ctx.reject(rule, f"\"{copy.name}\" has no \"{trigger}\" ability to use in this step")
    if me in pos.memo.get("out", []):
        ctx.reject(rule, f"{me} declined in turn and cannot use such an ability later in this step")
    if pos.timing.priority != me:
        ctx.reject("B-401.3", f"it is {pos.timing.priority}'s turn to use an ability (players alternate, the First "
                   "player first)")
    used = pos.memo.setdefault("used_battle", [])
    key = f"{copy.uid}:{trigger}"
    if key in used:
        ctx.reject(rule, f"\"{copy.name}\" has already used its \"{trigger}\" ability this battle")
    if pos.stack:
        ctx.reject("B-401.3", "abilities are used here only with the stack empty")
    _honest(ctx, copy, ab, rule)
    if any(e["kind"] == "reveal" for e in ab["effects"]) and auto_reveal:
        _state_cost(ctx, copy)
    target = _target(ctx, ab, rule, copy)
    _pay_costs(ctx, copy, ab, rule)
    used.append(key)
    L.mark_target(pos, ab, copy.uid, target.uid if target else None)
    carry_out_all(pos, ab["effects"], copy.uid, target.uid if target else None, ctx.step, rule, me, ctx.body.x,
                  ctx.body.choosing)
    close_triggers(pos, rule, ctx.step)
    T.after_alternating_use(pos, me)


def _alt_cost(copy) -> bool:
    from .cardtext import has_alternative_cost

    return has_alternative_cost(copy.card.text)


def _state_cost(ctx, copy) -> None:
    if S.has_x_cost(copy):
        if ctx.body.x is None:
            ctx.reject("B-404.2.1", f"revealing \"{copy.name}\" (its cost contains X), {ctx.actor} must state the X "
                       "paid: add 'x N'")
        ctx.step("note", f"{ctx.actor} states X = {ctx.body.x} for \"{copy.name}\"", "B-404.2.1")
    else:
        if ctx.body.choosing is None:
            ctx.reject("B-404.2.2", f"revealing \"{copy.name}\", {ctx.actor} must state what was paid to recruit it: "
                       "add 'choosing WORD'")
        ctx.step("note", f"{ctx.actor} states that \"{copy.name}\" was recruited for: {ctx.body.choosing}",
                 "B-404.2.2")


def reveal(ctx) -> None:
    """`reveal "Card" x N` — the automatic "after placement — reveal" (B-404.2.1/.2); a bare
    `reveal` in the reveal step reveals all of one's cards (B-REVEAL)."""
    pos, me, t = ctx.position, ctx.actor, ctx.position.timing
    if t.phase == "preliminary" and t.step == "reveal" and not ctx.body.objects:
        from .prelim import reveal_all, revealer

        if revealer(pos) != me:
            ctx.reject("B-REVEAL", f"{revealer(pos)} reveals now (the First player first, then the Second)")
        reveal_all(pos, me, ctx.step)
        return
    if t.phase != "preliminary" or t.step != "after-placement":
        ctx.reject("B-404.2", "a card reveals itself by its \"after placement\" ability, in the after-placement "
                   "step; the reveal step reveals all cards at once")
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me) if ctx.body.objects else None
    if copy is None or not (S.has_x_cost(copy) or _alt_cost(copy)):
        ctx.reject("B-404.2.1", f"\"{copy.name if copy else '?'}\" has no X cost or alternative cost, so it has no "
                   "automatic \"after placement — reveal\"")
    _use_preliminary(ctx, copy, [])


def _use_before_start(ctx, copy, abilities) -> None:
    pos, me = ctx.position, ctx.actor
    ab = _pick_ability(ctx, copy, abilities, lambda a: a["trigger"] == "before-start")
    if not ab or ab.get("trigger") != "before-start":
        ctx.reject("B-409.1", "in the Start phase no played abilities may be used; only \"before the start of "
                   "turn\" abilities, in alternation")
    if me in pos.memo.get("out", []):
        ctx.reject("B-409.1", f"{me} declined in turn and cannot use such an ability later this phase")
    if pos.timing.priority != me:
        ctx.reject("B-409.1", f"it is {pos.timing.priority}'s turn (players alternate, the active player first)")
    used = pos.memo.setdefault("used_turn", [])
    if f"{copy.uid}:before-start" in used:
        ctx.reject("B-409.1", f"\"{copy.name}\" has already used its \"before the start of turn\" ability this turn")
    _honest(ctx, copy, ab, "B-409.1")
    target = _target(ctx, ab, "B-409.1", copy)
    _pay_costs(ctx, copy, ab, "B-409.1")
    used.append(f"{copy.uid}:before-start")
    L.mark_target(pos, ab, copy.uid, target.uid if target else None)
    carry_out_all(pos, ab["effects"], copy.uid, target.uid if target else None, ctx.step, "B-409.1", me,
                  ctx.body.x, ctx.body.choosing)
    close_triggers(pos, "B-409.1", ctx.step)
    T.after_alternating_use(pos, me)


def _gained_too_late(pos, ab: dict) -> str | None:
    gained = ab.get("gained")
    if not gained:
        return None
    if ab["trigger"] == "start-of-turn":
        return "B-410.3"
    if ab["trigger"] == "end-of-turn":
        return "B-415.2"
    return None


def _use_played(ctx, copy, abilities) -> None:
    pos, me, t = ctx.position, ctx.actor, ctx.position.timing
    triggered = [a for a in abilities if a["trigger"]]
    if ctx.body.ability is not None and any(a["index"] == ctx.body.ability for a in triggered) or (
            triggered and len(triggered) == len([a for a in abilities if a["static"] is None])):
        ab = next(a for a in triggered if ctx.body.ability in (None, a["index"]))
        late = _gained_too_late(pos, ab)
        if late:
            ctx.reject(late, f"\"{copy.name}\" gained «{ab['text']}» this turn; an ability gained then first works "
                       "at that player's next such moment")
        rule = {"start-of-turn": "B-410.2", "on-opening": "B-410.2", "end-of-turn": "B-415.1"}.get(ab["trigger"], "B-STACK")
        ctx.reject(rule, f"\"{ab['text']}\" is a triggered ability: it goes onto the stack by itself when it "
                   "triggers, it is not used at will")
    ab = _pick_ability(ctx, copy, abilities, lambda a: not a["trigger"])
    if not ab:
        ctx.reject("B-STACK", f"\"{copy.name}\" has no played ability")
    if t.step == "choice" and not pos.memo.get("passing_turn"):
        if not ab["instant"]:
            declare_action(ctx, copy, ab)
            return
    if not ab["instant"]:
        ctx.reject("B-412.2", f"\"{ab['text']}\" is not an instant ability: it is declared as an action in the "
                   "Choice subphase by the active player")
    if t.step == "choice":
        if me != t.active and not pos.memo.get("passing_turn"):
            ctx.reject("B-411", f"in the Choice subphase only the active player ({t.active}) has priority")
        if not pos.memo.get("passing_turn"):
            ctx.reject("B-412.2", "in the Choice subphase the active player declares a movement, an action, or "
                       "passes the turn; instant abilities wait for a subphase or phase that allows them")
        if me != t.priority:
            ctx.reject("B-415.1", f"{me} has passed the turn: priority is with {t.priority}")
    T.need_priority(pos, me, "B-408.2")
    why = L.exhausted(pos, ab, copy.uid)
    if why:
        ctx.reject("B-STACK", f"\"{copy.name}\" cannot use «{ab['text']}» again: {why}")
    _honest(ctx, copy, ab, "B-STACK")
    target = _target(ctx, ab, "B-STACK", copy)
    _pay_tokens(ctx, copy, ab, "B-STACK")
    if ab["tap"]:
        if "closed" in copy.flags:
            ctx.reject("B-414", f"\"{copy.name}\" is closed and cannot pay [:tap] by closing")
        S.close(pos, copy)
        ctx.step("cost", f"close \"{copy.name}\" to pay [:tap]", "B-414")
    L.mark(pos, ab, copy.uid)
    L.mark_target(pos, ab, copy.uid, target.uid if target else None)
    push(pos, copy.name, me, f"ability {ab['index']}: {ab['text']}",
         {"kind": "ability", "uid": copy.uid, "target": target.uid if target else None, "effects": ab["effects"],
          "rule": _rule_here(pos), "x": ctx.body.x, "tier": ctx.body.choosing})
    ctx.step("event", f"\"{copy.name}\" ability goes onto the stack", "B-STACK")
    _kind_triggers(ctx, copy, ab)
    close_triggers(pos, "B-STACK", ctx.step)
    t.priority, t.passes = S.other(pos, me), 0


def _rule_here(pos) -> str:
    return T.STAGE_RULE.get(T.stage(pos), "B-STACK")


def _need_choice(ctx, what: str) -> None:
    pos, me, t = ctx.position, ctx.actor, ctx.position.timing
    if t.phase == "preliminary":
        ctx.reject("B-401.1", f"no {what} may be declared in the Preliminary phase")
    if t.phase != "main" or t.step != "choice":
        ctx.reject("B-412.2", f"a {what} is declared only in the Choice subphase of the Main phase, not in the "
                   f"{t.step or t.phase}")
    if me != t.active:
        ctx.reject("B-411", f"in the Choice subphase only the active player ({t.active}) has priority")
    if pos.memo.get("passing_turn"):
        ctx.reject("B-415.1", f"{me} has passed the turn")
    if awaiting_target(pos) is not None:
        ctx.reject("B-STACK", f"the target of \"{awaiting_target(pos).source}\"'s triggered ability must be named first")


def declare_action(ctx, copy, ab: dict) -> None:
    _need_choice(ctx, "action")
    pos, me = ctx.position, ctx.actor
    if "closed" in copy.flags:
        ctx.reject("B-414", f"\"{copy.name}\" is closed: it cannot pay for an action by closing")
    _honest(ctx, copy, ab, "B-414")
    target = _target(ctx, ab, "B-414", copy)
    if ab.get("index") is not None:
        _limits(ctx, copy, ab, "B-414")
        _pay_tokens(ctx, copy, ab, "B-414")
        L.mark_target(pos, ab, copy.uid, target.uid if target else None)
    T.enter(pos, "main", "action", ctx.step)
    push(pos, copy.name, me, f"action: {ab['text']}", {"kind": "action", "uid": copy.uid,
         "target": target.uid if target else None, "effects": ab["effects"], "rule": "B-414", "x": ctx.body.x,
         "tier": ctx.body.choosing, "strike_attack": ab.get("strike_attack", False)})
    ctx.step("event", f"the action of \"{copy.name}\" is declared and goes onto the stack; {me} keeps priority",
             "B-412.2", "B-STACK")
    _kind_triggers(ctx, copy, ab)
    close_triggers(pos, "B-414", ctx.step)


def _kind_triggers(ctx, copy, ab: dict) -> None:
    """A shot, throw, discharge, [:ovs] or special strike the card itself makes at the ability's
    target: its "При выстреле / метании / разряде / [:ovs] / особом ударе" abilities trigger (the
    strike's come from ``act``)."""
    if ab.get("strike_attack"):
        return
    kinds = [e["kind"] for e in ab.get("effects", []) if e["kind"] in ("shot", "throw", "discharge", "strike-through-row",
                                                                            "special-strike", "magic-strike")
             and e["subject"] == "target"]
    if kinds and ctx.position.stack[-1].payload.get("target") is not None:
        _attack_triggers(ctx, copy, tuple(kinds))


def act(ctx) -> None:
    """`act "Card" targeting "Enemy" [choosing weak|medium|strong]` — an attack action."""
    pos, me = ctx.position, ctx.actor
    _need_choice(ctx, "action")
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me and S.in_play(c)) if ctx.body.objects else None
    if copy is None or copy.controller != me or not S.in_play(copy):
        ctx.reject("B-412.2", "declare an action of one of your cards on the field")
    strike = S.strike_now(pos, copy)
    if not isinstance(strike, tuple):
        ctx.reject("B-412.2", f"\"{copy.name}\" has no strike to attack with")
    if not ctx.body.targeting:
        ctx.reject("B-412.2", "an action names its target: add 'targeting \"Card\"'")
    tier = ctx.body.choosing
    asks = [a for a in S.abilities(pos, copy) if not a.get("host")] + [
        a for att in pos.attachments_of(copy.uid) for a in S.abilities(pos, att) if a.get("host")]
    if tier is None and len(set(strike)) == 1 and not any(a.get("tiers") for a in asks):
        tier = "weak"  # every result deals the same, and no ability of the card asks which it was
    if tier not in STRIKE_TIERS:
        ctx.reject("B-414", "say which strike lands (choosing weak, medium or strong); the die roll of combat is "
                   "not part of seeds 001/002, so the engine does not roll it")
    amount = strike[min(STRIKE_TIERS.index(tier), len(strike) - 1)]
    bonus = next_strike_bonus(pos, copy)
    if bonus:
        ctx.step("note", f"\"{copy.name}\"'s next strike is this one: {bonus:+d} ({amount} -> {max(0, amount + bonus)})",
                 "B-414")
        amount = max(0, amount + bonus)
    ab = {"text": f"attack with a {tier} strike ({amount})", "effects":
          [{"kind": "strike", "amount": amount, "subject": "target", "delayed": None}], "unknown": [],
          "strike_attack": True}
    below = len(pos.stack)
    declare_action(ctx, copy, ab)
    _attack_triggers(ctx, copy)
    # what the declaration triggered sits above the strike: defenders.defend asks whether any is left
    attack_id = pos.memo["attacks"] = pos.memo.get("attacks", 0) + 1
    pos.stack[below].payload["attack_id"] = attack_id
    for item in pos.stack[below + 1:]:
        item.payload["from_attack"] = attack_id


def next_strike_bonus(pos, copy) -> int:
    """«+N к следующему [:atk]» (effects._one): what this strike of the card adds, spent now; a
    bonus «до конца хода» from an earlier turn is gone unused."""
    waiting = pos.memo.get("next_strike", [])
    mine = [b for b in waiting if b["uid"] == copy.uid]
    if not mine:
        return 0
    pos.memo["next_strike"] = [b for b in waiting if b["uid"] != copy.uid]
    return sum(b["n"] for b in mine if b["turn"] in (None, pos.timing.turn))


def _attack_triggers(ctx, copy, kinds=("strike",)) -> None:
    """"При атаке" abilities of the attacker trigger when the attack is declared: they go onto
    the stack above it (B-STACK) and resolve first, "the attacked" being the attack's target.
    "При выстреле / метании / разряде" fire for an attack of that kind (glossary «При
    выстреле»); "При сильном [:atk]" and the like only for the result the player states (the
    seeds give no die roll, so the stated result stands for it, as for the strike's value)."""
    pos, me = ctx.position, ctx.actor
    target = pos.stack[-1].payload.get("target")
    attacker = copy
    # the attacker's own abilities, then "При [:atk] хозяина" of the cards attached to it
    # (equipment and symbiotes seated on it, B-405.2: "хозяин" is the card they sit on)
    watching = [(attacker, ab) for ab in S.abilities(pos, attacker) if not ab.get("host") and not ab.get("by_spec")] \
        + [(att, ab) for att in pos.attachments_of(attacker.uid) for ab in S.abilities(pos, att) if ab.get("host")]
    # «При [:atk] вашего болотного существа»: the cards of the attacker's controller watching its attacks
    for card in sorted(S.cards_in_play(pos, attacker.controller), key=S.board_order):
        if "hidden" in card.flags:
            continue
        watching += [(card, ab) for ab in S.abilities(pos, card) if ab.get("by_spec") and ab["trigger"] == "on-attack"
                     and restriction_failure(pos, attacker, ab["by_spec"], card.controller, card) is None]
    # «При атаке по …» of the attacked side: simultaneous with the attacker's, the inactive player's go
    # onto the stack first (stack.turn_triggers: the order of the FAQ and the glossary)
    victim = pos.copies.get(target) if target is not None else None
    if victim is not None and victim.controller != pos.timing.active:
        attacked_triggers(pos, attacker, victim, kinds, "B-STACK", ctx.step)
    for copy, ab in watching:
        if ab["trigger"] == "on-attack" and set(ab.get("open_kinds") or []) & set(kinds):
            ctx.reject("B-STACK", f"«{ab['text']}» of \"{copy.name}\": whether a {'/'.join(kinds)} fires it the "
                       "glossary («При ударе»: a strike; «При атаке»: an «Атака», a shot or a strike) does not say, "
                       "and the engine does not guess")
        if ab["trigger"] != "on-attack" or not set(ab.get("attack_kinds") or ["strike"]) & set(kinds):
            continue
        if ab.get("self_name") and (copy.uid != attacker.uid or not names_card(ab["self_name"], copy.name)):
            ctx.step("note", f"\"{copy.name}\" ability {ab['index']} names another card's attack; it does not "
                     "trigger", "B-STACK")
            continue
        spec = ab.get("attacked_spec") or {}
        if spec and target is not None:
            why = restriction_failure(pos, pos.copies[target], spec, copy.controller, copy)
            if why:
                ctx.step("note", f"\"{copy.name}\" ability {ab['index']} does not trigger: {why}", "B-STACK")
                continue
        tiers = ab.get("tiers") or []
        if tiers and ctx.body.choosing not in STRIKE_TIERS:
            ctx.reject("B-STACK", f"«{ab['text']}» of \"{copy.name}\" depends on the attack's result: say which "
                       "landed (choosing weak, medium or strong); the engine does not roll the die")
        if tiers and ctx.body.choosing not in tiers:
            ctx.step("note", f"\"{copy.name}\" ability {ab['index']} does not trigger: the result is "
                     f"{ctx.body.choosing}, not {' or '.join(tiers)}", "B-STACK")
            continue
        why = trigger_blocker(pos, ab, me, copy.uid, target, ctx.body.choosing)
        if why:
            ctx.step("note", f"\"{copy.name}\" ability {ab['index']} triggers but needs what this engine cannot "
                     f"carry out ({why})", "B-STACK")
            continue
        push_trigger(pos, copy, ab, copy.controller, "B-STACK", ctx.step, {"x": ctx.body.x, "tier": ctx.body.choosing,
                                                              "attacked": target},
                     how="triggers on the attack and goes onto the stack")
    if victim is not None and victim.controller == pos.timing.active:
        attacked_triggers(pos, attacker, victim, kinds, "B-STACK", ctx.step)


def move(ctx) -> None:
    pos, me = ctx.position, ctx.actor
    _need_choice(ctx, "movement")
    copy = ctx.card(ctx.body.objects[0], where=lambda c: c.controller == me and S.in_play(c)) if ctx.body.objects else None
    if copy is None or copy.controller != me or S.cell_of(copy) is None:
        ctx.reject("B-412.2", "declare the movement of one of your cards on a cell")
    dest = ctx.body.to_zone.cell if ctx.body.to_zone else None
    if dest is None:
        ctx.reject("B-412.2", "a movement names its target cell: move \"Card\" to cell 2.3")
    if not (1 <= dest[0] <= S.ROWS and 1 <= dest[1] <= S.COLUMNS):
        ctx.reject("B-413", f"there is no cell {dest[0]}.{dest[1]} on {me}'s side of the field")
    if "closed" in copy.flags:
        ctx.reject("B-413", f"\"{copy.name}\" is closed and cannot move")
    if S.restricted(pos, copy, "cannot-move"):
        ctx.reject("B-413", f"\"{copy.name}\" cannot move: an ability or effect forbids it")
    here = S.cell_of(copy)
    cost = abs(here[0] - dest[0]) + abs(here[1] - dest[1])
    if S.restricted(pos, copy, "diagonal-move"):
        # the card's own text («Может двигаться по диагонали»): a diagonal step is one step
        cost = max(abs(here[0] - dest[0]), abs(here[1] - dest[1]))
    left = S.movement_left(pos, copy) or 0
    if cost == 0:
        ctx.reject("B-413", f"\"{copy.name}\" is already on cell {dest[0]}.{dest[1]}")
    if cost > left:
        ctx.reject("B-413", f"\"{copy.name}\" has {left} movement point{'s' if left != 1 else ''} left and the move "
                   f"costs {cost}")
    if S.occupant(pos, me, dest):
        ctx.reject("B-413", f"cell {dest[0]}.{dest[1]} is occupied by \"{S.occupant(pos, me, dest).name}\"")
    T.enter(pos, "main", "movement", ctx.step)
    push(pos, copy.name, me, f"movement to cell {dest[0]}.{dest[1]}", {"kind": "movement", "uid": copy.uid,
         "to": f"cell {dest[0]}.{dest[1]}", "cost": cost})
    ctx.step("event", f"the movement of \"{copy.name}\" is declared and goes onto the stack; {me} keeps priority",
             "B-412.2", "B-STACK")


def pass_turn(ctx) -> None:
    pos, me = ctx.position, ctx.actor
    _need_choice(ctx, "turn pass")
    T.choice_pass_turn(pos, me, ctx.step)


def keep_closed(ctx) -> None:
    pos, me, t = ctx.position, ctx.actor, ctx.position.timing
    if t.phase == "preliminary" and t.step == "reveal":
        from .prelim import keep_hidden

        keep_hidden(ctx)
        return
    if t.phase != "opening" or t.step != "preparation":
        ctx.reject("B-410.1", "cards are kept closed in the preparation step of the Opening phase (or, for the "
                   "Second player's 3rd row, hidden in the reveal step)")
    if me != t.active:
        ctx.reject("B-410.1", f"only the active player ({t.active}) decides which cards stay closed")
    kept = pos.memo.setdefault("kept_closed", [])
    for obj in ctx.body.objects:
        copy = ctx.card(obj, where=lambda c: c.controller == me and "closed" in c.flags)
        if copy.controller != me:
            ctx.reject("B-410.1", f"\"{copy.name}\" is not {me}'s card")
        if not any(a["static"] == "may-stay-closed" for a in S.abilities(pos, copy)):
            ctx.reject("B-410.1", f"\"{copy.name}\" has no \"may stay closed at the start of turn\" ability")
        if "closed" not in copy.flags:
            ctx.reject("B-410.1", f"\"{copy.name}\" is not closed")
        kept.append(copy.uid)
        ctx.step("effect", f"\"{copy.name}\" will stay closed", "B-410.1")

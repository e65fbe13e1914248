"""The Interrupt step of an action (L5R-ACT-COND.6, L5R-ACT-EFFECT.7).

An action announced, its targets chosen and its costs paid, stops before its effects: every
player may then take Interrupts to it, in an action round of its own that begins with the
active player and ends when all players pass in a row; then the action resolves, with every
change those Interrupts made (Comprehensive Rules, "Action Rounds", "Interrupt Actions",
"Action Sequence" D).

The scenario flag ``pausing`` on an action line stops that action at its Interrupt step; the
following lines take Interrupts to it (``use``/``play``) or pass (``pass``); when every player
has passed in a row (or at ``advance``) the action resolves. Any other action meanwhile is
rejected. Without the flag an action goes through its Interrupt step with nobody taking one.

The paused action lives in ``position.memo[PAUSED]``: its player, card, ability, statement, the
targets it chose (as card uids) and the memo keys of the action being carried out; the round's
opportunity and passes; and the changes Interrupts made to it.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ...core.ability import Condition, Effect
from ...core.game import Context
from ...core.position import Copy, Position

#: the memo key of the action waiting at its Interrupt step
PAUSED = "_interrupted"
#: the memo key of the interrupted action while it resolves: the changes Interrupts made to it
RESOLVING = "_interrupted-resolving"

#: the Interrupt step: who may take Interrupts, in what order, and when it ends
STEP = "L5R-ACT-COND.6"
#: what an Interrupt may do to the action it interrupts ("the action"; "after it resolves")
CHANGE = "L5R-ACT-EFFECT.7"
#: Reactions to an action's targeting: taken as its resolution begins, before its effects
TARGETING = "L5R-REACTION.4"

#: the memo keys of the action being carried out (procedure.carry_out), set aside while it waits
_ACTION_KEYS = ("_actor", "_source", "_choosing", "_paying_used", "_paying_base", "_done", "_refilled",
                "_changed")

#: designators an Interrupt the engine takes may carry besides "Interrupt": kinds and elements
#: with no timing of their own, "Tireless" (taken while bowed) and "Absent" (without presence)
INTERRUPT_WORDS = frozenset({"Interrupt", "Political", "Air", "Earth", "Fire", "Water", "Void", "Thunder", "Siege",
                             "Tireless", "Absent"})


def paused(pos: Position) -> dict | None:
    """The action waiting at its Interrupt step, if any."""
    return pos.memo.get(PAUSED)


# ---------------------------------------------------------------------------- the step itself


def pause(ctx: Context, source: Copy, ability, bind, *, from_hand: bool) -> bool:
    """With the flag ``pausing``: stop the action at its Interrupt step (targets chosen, costs
    paid). True when it stopped; procedure.finish carries it on once the step ends."""
    if "pausing" not in (ctx.body.flags or ()):
        return False
    pos = ctx.position
    if "Interrupt" in ability.designators:
        ctx.reject(STEP, "Interrupts are taken only in the Interrupt step of a non-Interrupt action; an "
                   "Interrupt has no Interrupt step of its own")
    from .triggers import window

    if window(pos) is not None:
        ctx.reject(STEP, "the engine stops at its Interrupt step only an action taken outside a round of Reactions "
                   "(a Reaction taken in one resolves at once)")
    keys = {k: pos.memo.pop(k) for k in _ACTION_KEYS if k in pos.memo}
    what = f"{source.name}'s {'/'.join(ability.designators)} action"
    first = pos.timing.active
    pos.memo[PAUSED] = {"actor": ctx.actor, "source": source.uid, "from_hand": from_hand, "ability": ability,
                        "body": ctx.body, "bind": _saved(bind), "keys": keys, "priority": first, "passes": 0,
                        "what": what, "changes": [], "after": [], "stage": "interrupts",
                        "unstoppable": "Unstoppable" in ability.designators}
    ctx.step("timing", f"{what} stops at its Interrupt step: its targets are chosen and its costs paid, and its "
             f"effects wait until every player has passed in a row; {first} (the active player) has the first "
             "opportunity to take an Interrupt or pass", STEP)
    ctx.game.settle(pos, ctx.proc)  # what its costs set off (a bowed card's traits)
    return True


def check_conditions(ctx: Context, source: Copy, ability, *, from_hand: bool) -> bool:
    """While an action waits at its Interrupt step only Interrupts to it are taken, by the player
    with the step's opportunity; an Interrupt without an action waiting has nothing to interrupt.
    True: an Interrupt the step admits (the procedure then checks its card as for any action)."""
    from .triggers import window

    pos, game, actor = ctx.position, ctx.game, ctx.actor
    rec = paused(pos)
    interrupt = "Interrupt" in ability.designators
    if rec is None:
        if interrupt and (ability.trigger is None or _remaining_trigger(ability.trigger) is not None):
            ctx.reject(STEP, f"{source.show()}'s Interrupt is taken only in the Interrupt step of another action, "
                       "and no action is waiting at its Interrupt step (an action line with the flag 'pausing' "
                       "stops there)")
        return False
    if window(pos) is not None and not interrupt:
        return False  # a round of Reactions inside the step (L5R-REACTION)
    if rec["stage"] == "targeting":
        return _reaction_conditions(ctx, source, ability, rec)
    if ability.kind == "reaction" and _answering(ability.trigger):
        ctx.reject(TARGETING, f"{rec['what']} is at its Interrupt step; its targeting is carried out as it "
                   "resolves, and Reactions to it are taken then (once every player has passed here)")
    if not interrupt:
        ctx.reject(STEP, f"{rec['what']} waits at its Interrupt step: only Interrupts to it may be taken until "
                   "every player has passed in a row")
    if window(pos) is not None:
        ctx.reject("L5R-REACTION", "a round of Reactions is open: until both players pass in succession only "
                   "Reactions may be taken")
    if ability.trigger is not None and _remaining_trigger(ability.trigger) is None:
        ctx.reject(STEP, f"{source.show()}'s Interrupt speaks of '{ability.trigger.text}', which the engine reads "
                   "only in the action that brings its card into play (the flag 'interrupting')")
    game.need(rec["priority"] == actor, STEP,
              f"in the Interrupt step of {rec['what']} it is {rec['priority']}'s opportunity, not {actor}'s")
    game.need(not rec["unstoppable"] or actor == rec["actor"], STEP,
              f"{rec['what']} is Unstoppable: only its own player may take Interrupts to it")
    t = pos.timing
    if t.phase == "attack" and t.step in ("engage", "combat") and "Absent" not in ability.designators:
        # Presence and Location hold for every action taken during a battle, Interrupts included
        from .procedure import current_battlefield

        field = current_battlefield(pos)
        present = field is not None and any(c.controller == actor for c in pos.all_copies() if c.zone == field)
        game.need(present, "L5R-PRESENCE", f"{actor} controls no unit at the current battlefield "
                  f"({field or 'none'}), so {actor} cannot take Interrupts there")
        if not from_hand and source.zone.startswith("battlefield"):
            game.need(source.zone == field, "L5R-LOCATION",
                      f"{source.show()} is at {source.zone}, not at the current battlefield ({field})")
    ctx.step("condition", f"{rec['what']} is at its Interrupt step: {actor} may take an Interrupt to it",
             STEP, "L5R-ACT-COND")
    return True


def after_interrupt(ctx: Context, ability) -> bool:
    """After an action's cleanup: an Interrupt taken in the step passes the step's opportunity to
    the next player (True); the interrupted action, resolved, has its Interrupts' "after it
    resolves" effects carried out (False: the round goes on as after any action)."""
    pos = ctx.position
    resolving = pos.memo.pop(RESOLVING, None)
    if resolving is not None:
        _after_resolution(ctx, resolving)
        return False
    rec = paused(pos)
    if rec is None:
        return False
    rec["passes"] = 0
    rec["priority"] = pos.next_player(ctx.actor)
    ctx.step("timing", f"the opportunity in {_round(rec)} passes to {rec['priority']}", _rule(rec))
    from .triggers_events import own_action_info, raise_action

    pos.memo.pop("extra-action", None)
    raise_action(pos, "action-resolves", pos.memo.pop("_action", None) or own_action_info(ctx))
    ctx.game.settle(pos, ctx.proc)
    return True


def pass_step(game, ctx: Context) -> bool:
    """``pass`` in the Interrupt step: when every player has passed in a row the action resolves."""
    from .triggers import window

    pos, actor = ctx.position, ctx.actor
    rec = paused(pos)
    if rec is None or window(pos) is not None:
        return False
    game.need(rec["priority"] == actor, _rule(rec),
              f"in {_round(rec)} it is {rec['priority']}'s opportunity, not {actor}'s")
    rec["passes"] += 1
    ctx.step("timing", f"{actor} passes in {_round(rec)}", _rule(rec))
    if rec["passes"] >= len(pos.players):
        resume(game, pos, ctx.proc, ctx.lines)
    else:
        rec["priority"] = pos.next_player(actor)
        ctx.step("timing", f"the opportunity in {_round(rec)} passes to {rec['priority']}", _rule(rec))
    return True


def _round(rec: dict) -> str:
    if rec["stage"] == "interrupts":
        return f"the Interrupt step of {rec['what']}"
    return f"the round of Reactions to the targeting of {rec['what']}"


def _rule(rec: dict) -> str:
    return STEP if rec["stage"] == "interrupts" else TARGETING


def advance_step(game, pos: Position, proc) -> bool:
    """``advance`` with an action waiting: nobody takes another Interrupt, and it resolves."""
    from .triggers import window

    if paused(pos) is None or window(pos) is not None:
        return False
    proc.add("timing", "nobody takes another Interrupt", STEP)
    resume(game, pos, proc, ())
    return True


def resume(game, pos: Position, proc, lines) -> None:
    """The Interrupt step is over: the action resolves, with the changes its Interrupts made."""
    from .procedure import finish

    rec = pos.memo[PAUSED]
    if rec["stage"] == "interrupts":
        reacting = _may_react(game, pos, rec)
        if reacting:
            rec.update(stage="targeting", priority=pos.timing.active, passes=0)
            proc.add("timing", f"every player has passed in a row: the Interrupt step of {rec['what']} ends and its "
                     "resolution begins with its targeting, which " + ", ".join(reacting) + " may answer: "
                     f"Reactions to it are taken in a round of their own, {pos.timing.active} first, until every "
                     "player has passed in a row", STEP, TARGETING)
            return
    pos.memo.pop(PAUSED)
    ctx = Context(game, pos, rec["actor"], rec["body"], proc=proc, lines=tuple(lines or ()))
    pos.memo.update(rec["keys"])
    source = pos.copies[rec["source"]]
    ended = "the Interrupt step ends" if rec["stage"] == "interrupts" else "the Reactions to its targeting are over"
    proc.add("timing", f"every player has passed in a row: {ended} and {rec['what']} resolves", _rule(rec),
             "L5R-ACT-EFFECT")
    pos.memo[RESOLVING] = {"changes": rec["changes"], "after": rec["after"], "actor": rec["actor"],
                           "what": rec["what"], "source": rec["source"]}
    finish(ctx, source, rec["ability"], _loaded(pos, rec["bind"]), from_hand=rec["from_hand"])


def guard(game, position: Position, actor: str, body):
    """A rejected ruling for a statement other than an Interrupt or a pass while an action waits
    at its Interrupt step (game.attempt); None otherwise."""
    rec = paused(position)
    verb = str(getattr(body, "verb", "") or "")
    if rec is None or game.canonical_verb(verb) in ("pass", "use", "play"):
        return None
    from ...core.ruling import Reason, Ruling

    text = (f"{rec['what']} waits at its Interrupt step: only Interrupts to it may be taken, or the players "
            "pass until every player has passed in a row")
    return Ruling(False, f"{actor} {body.show()}", [Reason(STEP, text)], [], position)


# ---------------------------------------------------------------------------- the targets kept


def _saved(bind) -> dict:
    return {k: _plain(v) for k, v in vars(bind).items()}


def _plain(value):
    if isinstance(value, Copy):
        return ("copy", value.uid)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _loaded(pos: Position, saved: dict):
    from .procedure import Bindings

    bind = Bindings()
    for key, value in saved.items():
        setattr(bind, key, _back(pos, value))
    return bind


def _back(pos: Position, value):
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "copy":
        return pos.copies.get(value[1])
    if isinstance(value, dict):
        return {k: _back(pos, v) for k, v in value.items()}
    if isinstance(value, list):
        return [v for v in (_back(pos, v) for v in value) if v is not None]
    return value


# ---------------------------------------------------------------------------- the action's changes


def negated(ctx: Context, source: Copy, ability) -> bool:
    """Has an Interrupt negated the whole action? Its resolution still happens, without effects."""
    resolving = ctx.position.memo.get(RESOLVING)
    if resolving is None:
        return False
    for change in resolving["changes"]:
        if change["kind"] == "negate-action":
            ctx.step("effect", f"{resolving['what']} is negated ({change['by']}): none of its effects happen; its "
                     "resolution still happens", CHANGE, "L5R-ACT-EFFECT")
            return True
    return False


def resolving(ctx: Context, source: Copy, ability, bind) -> None:
    """Before the interrupted action's effects: what its Interrupts changed, said once."""
    rec = ctx.position.memo.get(RESOLVING)
    if rec is None:
        return
    for change in rec["changes"]:
        if change["kind"] == "redirect":
            _redirected(ctx, ability, bind, change)
            continue
        ctx.step("effect", f"{change['by']} changed the action: {change['text']}", CHANGE)


def _redirected(ctx: Context, ability, bind, change: dict) -> None:
    """"The action targets him instead, if legal": the new card takes the place of the one the
    trigger named (or of the action's one target), when it fits that target's description."""
    from ...core.ruling import Rejected
    from .procedure import _check_location, target_ok, tested_spec

    pos = ctx.position
    new = pos.copies.get(change["to"])
    groups = [(key, chosen) for key, chosen in bind.targets.items() for c in chosen if not isinstance(c, str)
              and (change["instead"] is None or c.uid in change["instead"])]
    cards = [c for _, chosen in groups for c in chosen if not isinstance(c, str)]
    if new is None or len(groups) != 1 or change["instead"] is None and len(cards) != 1:
        ctx.step("effect", f"{change['text']}: no change (the action has no one target it replaces)", CHANGE)
        return
    key, chosen = groups[0]
    spec = next((s for s in bind.specs if id(s) == key), None)
    why = None if spec is None else target_ok(ctx, new, tested_spec(ability, spec))
    if spec is not None and why is None:
        try:
            _check_location(ctx, ability, new)
        except Rejected as stop:
            why = stop.reasons[0].text
    if spec is None or why is not None:
        ctx.step("effect", f"{change['text']}: not legal, so the target stays ({why or 'no target to replace'})",
                 CHANGE, "L5R-ACT-TARGET")
        return
    old = next(c for c in chosen if not isinstance(c, str) and (change["instead"] is None or c.uid in change["instead"]))
    bind.targets[key] = [new if c is old else c for c in chosen]
    bind.last = [new if c is old else c for c in bind.last]
    ctx.step("effect", f"{change['by']} changed the action: it targets {new.show()} instead of {old.show()}",
             CHANGE, "L5R-ACT-TARGET")


def _after_resolution(ctx: Context, resolving: dict) -> None:
    """The Interrupts' effects set aside "after it resolves": carried out now, in the order taken."""
    from .delayed import _fire

    for entry in resolving["after"]:
        _fire(ctx.game, ctx.position, ctx.proc, entry)


# ---------------------------------------------------------------------------- inside an Interrupt


def _interrupt_of(ctx: Context) -> dict | None:
    """The paused action, when the ability being resolved is an Interrupt to it."""
    return paused(ctx.position)


#: "straighten this Follower after it resolves": the interrupted action's resolution
_AFTER_IT = ("after", "card-resolves")


def after_it_resolves(cond) -> bool:
    """"after it resolves" on an Interrupt's effect: after the interrupted action resolves."""
    return cond.kind == "effect-delayed" and tuple(cond.args[1:]) == _AFTER_IT


def set_aside(ctx: Context, source: Copy, ability, index: int, clause: Effect, bind) -> bool:
    """An Interrupt's effect "after it resolves": kept with the paused action, carried out once it has
    resolved (procedure.resolve_effects). False when no action waits (not an Interrupt to one)."""
    rec = _interrupt_of(ctx)
    if rec is None:
        return False
    from .procedure import subjects

    found = subjects(ctx, source, clause, bind, as_cost=False)
    rec["after"].append({"source": source.uid, "text": ability.text, "effect": index,
                         "cards": [c.uid for c in found if not isinstance(c, str)],
                         "players": [p for p in found if isinstance(p, str)]})
    ctx.step("effect", f"'{clause.text}' will happen after {rec['what']} resolves, not now: it is set aside "
             "until then", CHANGE, "L5R-ACT-EFFECT")
    return True


#: the action words a condition may test ("If the action is yours and Political")
_ACTION_WORDS = ("the action", "it", "the battle action")


def judge(ctx: Context, cond, source: Copy | None = None) -> bool | None:
    """A condition about the interrupted action ("If the action is yours", "… another player's",
    "… is Political"), or None when ``cond`` is not one (conditions.py judges it)."""
    rec = _interrupt_of(ctx)
    if rec is None:
        return None
    kind = cond.kind.removeprefix("effect-")
    args = list(cond.args[1:]) if cond.args and str(cond.args[0]).startswith("effect ") else list(cond.args)
    if cond.kind == "effect-by" and args == ["the-action"]:
        return True  # "The action cannot move Personalities": whose moves, read by change (_no_moving)
    if not readable(cond):
        return None
    return _action_test(ctx, rec, kind, args, source)


def _action_test(ctx: Context, rec: dict, kind: str, args: list, source) -> bool | None:
    if kind in ("if:all-of", "if:any-of"):
        parts = _parts(args)
        if parts is None:
            return None
        verdicts = []
        for sub_kind, sub_args in parts:
            verdict = _action_test(ctx, rec, "if:" + sub_kind, sub_args, source)
            if verdict is None:
                from . import conditions

                verdict = conditions.evaluate(_sub(sub_kind, sub_args), game=ctx.game, pos=ctx.position,
                                              actor=ctx.actor, source=source, subject_of=lambda word: None)
            if verdict is None:
                return None
            verdicts.append(verdict)
        return all(verdicts) if kind == "if:all-of" else any(verdicts)
    if not args or str(args[0]).lower() not in _ACTION_WORDS:
        return None
    if kind == "if:is-yours":
        return rec["actor"] == ctx.actor
    if kind == "if:is-another-players":
        return rec["actor"] != ctx.actor
    if kind == "if:has" and len(args) == 2 and args[1] in _HAS_ATTACK:
        return any(isinstance(c, Effect) and c.kind in _HAS_ATTACK[args[1]] for c in rec["ability"].effects)
    if kind == "if:is" and len(args) == 2 and args[1] in _ATTACK_ACTIONS:
        return any(isinstance(c, Effect) and c.kind == _ATTACK_ACTIONS[args[1]] for c in rec["ability"].effects)
    if kind == "if:is" and len(args) == 2:
        return args[1] in rec["ability"].designators
    return None


def _sub(kind: str, args) -> Condition:
    """One of the tests a joined condition holds, as a condition of its own."""
    return Condition(f"effect-if:{kind}", ("effect 0", *args), "")


def _parts(args: list) -> list | None:
    """"is-yours/1", "the action", "is/2", "the action", "Political" -> [(kind, args), …]."""
    parts, i = [], 0
    while i < len(args):
        head = str(args[i])
        kind, _, count = head.rpartition("/")
        if not kind or not count.isdigit():
            return None
        n = int(count)
        parts.append((kind, list(args[i + 1:i + 1 + n])))
        i += 1 + n
    return parts


def readable(cond) -> bool:
    """For executes: a condition :func:`judge` decides."""
    kind = cond.kind.removeprefix("effect-")
    args = list(cond.args[1:]) if cond.args and str(cond.args[0]).startswith("effect ") else list(cond.args)
    if kind in ("if:all-of", "if:any-of"):
        parts = _parts(args)
        if not parts or not any(_reads_action(k, a) for k, a in parts):
            return False
        from .conditions import readable as reads

        return all(_reads_action(k, a) or reads(_sub(k, a)) for k, a in parts)
    return _reads_action(kind.removeprefix("if:"), args)


def _reads_action(kind: str, args: list) -> bool:
    if not args or str(args[0]).lower() not in _ACTION_WORDS:
        return False
    if kind == "has":
        return len(args) == 2 and args[1] in _HAS_ATTACK
    return kind in ("is-yours", "is-another-players") or (
        kind == "is" and len(args) == 2 and (args[1] in ("Political", "Battle", "Engage", "Limited", "Open")
                                             or args[1] in _ATTACK_ACTIONS))


#: "If the action is a Ranged Attack action": an action with that attack among its effects
_ATTACK_ACTIONS = {"Ranged Attack action": "ranged-attack", "Melee Attack action": "melee-attack"}


# ---------------------------------------------------------------------------- executes


def verdict(ability) -> bool | None:
    """For effects.executes: an Interrupt taken in the Interrupt step of a paused action (no
    trigger), or a Reaction to its targeting -- True when every part of it is carried out; None for
    other abilities."""
    if ability.kind == "reaction" and _answering(ability.trigger):
        return _reaction_verdict(ability)
    remaining = remaining_verdict(ability)  # "After the action targets …, negate its remaining effects"
    if remaining is not None:
        return remaining
    if ability.kind != "interrupt" or ability.trigger is not None:
        return None
    if not set(ability.designators) <= INTERRUPT_WORDS or "Interrupt" not in ability.designators:
        return False
    if ability.limit is not None:
        return False
    from .effects import executes

    mine = [i for i, c in enumerate(ability.effects) if action_clause(ability, c)]
    if mine:
        ability = _without(ability, mine)
        if ability is None:
            return False
        if not ability.effects:
            return not ability.costs or executes(replace(ability, kind="action", designators=("Open",),
                                                         effects=(_NOTHING,)))
    kept = []
    for cond in ability.conditions:
        if readable(cond):
            continue  # read here (judge)
        if after_it_resolves(cond):
            index = _effect_index(cond)
            clause = ability.effects[index] if index is not None and index < len(ability.effects) else None
            if not isinstance(clause, Effect) or clause.kind not in _LATER_KINDS or clause.target is None \
                    or clause.target.ref not in ("this", "you", "target"):
                return False
            if clause.kind == "modify-stat" and (clause.stat not in ("force", "chi") or not isinstance(clause.amount, int)):
                return False
            continue
        kept.append(cond)
    if any(isinstance(c, Effect) and c.kind in ("additional-action",) for c in ability.effects):
        return False  # "take an additional action": when, against the interrupted action's, not read
    as_action = replace(ability, kind="action", designators=("Open",), conditions=tuple(kept))
    return executes(as_action)


#: what an effect set aside "after it resolves" may do (delayed._fire carries it out)
_LATER_KINDS = frozenset({"straighten", "bow", "draw", "gain-honor", "lose-honor", "destroy", "discard",
                          "modify-stat"})


def _effect_index(cond) -> int | None:
    head = str(cond.args[0]) if cond.args else ""
    kind, _, number = head.partition(" ")
    return int(number) if kind == "effect" and number.isdigit() else None


# ---------------------------------------------------------------------------- changes to the action

#: the attacks an Interrupt may name, as the action's own effect kinds
_ATTACK_KINDS = ("fear", "melee-attack", "ranged-attack")
#: what a negated noun stops (effects_negate.CHANGES)
_NOUNS = ("movement", "destruction", "bowing", "straightening", "dishonoring")
#: whose change: this card; this Personality (the card, or the Personality it is attached to)
_WHOSE = ("of-this", "of-attached")
#: "from the action", "from the action's effects", "from it" (the action)
_FROM_ACTION = ("from-action", "on:it")
#: the designators "Negate a Political action" may name
_DESIGNATORS = ("Political", "Battle", "Engage", "Limited", "Open", "Dynasty")


def _whole_action(clause) -> bool:
    """"Negate an Engage action", "Negate the effects of a Battle or Engage action", "Negate the
    action", "Negate an Engage action from a Strategy"."""
    spec = clause.target
    if clause.kind != "negate" or spec is None or spec.card_types != ("action",):
        return False
    if spec.ref == "it":
        return not spec.keywords and not spec.states and spec.text.lower() == "the action"
    if spec.ref != "choice" or len(spec.keywords) != 1:
        return False
    kinds = spec.keywords[0].split("|")
    return all(k in _DESIGNATORS for k in kinds) and set(spec.states) <= {"from:a Strategy"}


#: "the Personality's", "your Personality's", "the card's": the card a Reaction's trigger names
_TRIGGER_CARD = re.compile(r"^(?:the|your) (?:card|Personality|Shugenja|attachment|Follower|Samurai)'s ")


def _change_negation(clause, reacting: bool = False) -> tuple | None:
    """"Negate this Personality's movement from the action", "Negate Iairimi's destruction from the
    action's effects"; in a Reaction to targeting also "his destruction …", "the Personality's …"
    (the card the trigger names): (whose, nouns), or None."""
    spec = clause.target
    if clause.kind != "negate" or spec is None or spec.ref != "possessed" or len(spec.card_types) != 1:
        return None
    nouns = spec.card_types[0].split("|")
    from .possessive import owner_target

    from .states import checked

    if spec.states[:1] == ("of-target",) and owner_target(spec) is not None \
            and all(checked(s) for s in owner_target(spec).states):
        # "Negate your target Commander's movement from the action's effects": the target chosen for it
        # (possessive.py); the owner's own words are its target's
        from .possessive import extra_states

        spec = replace(spec, states=("of-target", *extra_states(spec)))
    whose = [s for s in spec.states if s in (*_WHOSE, "of-it", "of-choice", "of-target")]
    rest = [s for s in spec.states if s not in whose and s != "either"]  # ("either": read by _chosen_nouns)
    if reacting and whose == ["of-choice"] and len(rest) == 2 and _OF_THE.match(rest[0]) and rest[1] in _FROM_ACTION:
        return "of-it", nouns  # "the destruction of the Personality from the action's effects": the trigger's card
    if not reacting and whose == ["of-target"] and rest == [_INTO_ARMY] and nouns == ["movement"]:
        return "of-target", nouns  # "Negate the movement into an attacking army of a target Personality" (stops)
    if not all(n in _NOUNS for n in nouns) or len(whose) != 1 or len(rest) != 1 or rest[0] not in _FROM_ACTION:
        return None
    if whose[0] == "of-choice" and not reacting:
        from .possessive import titled_owner

        if titled_owner(spec) is not None:
            return "of-titled", nouns  # "Negate The Crimson Mountain Oni's movement": this card, by its title
    if whose[0] in ("of-it", "of-choice") and not reacting:
        return None  # (an Interrupt's "his": a card named before it, not read here)
    if whose[0] == "of-choice" and not _TRIGGER_CARD.match(spec.text):
        return None  # a card named by its title ("The Dark Naga's"): not read here
    return ("of-it" if whose[0] == "of-choice" else whose[0]), nouns


#: "the movement into an attacking army of …": only a move into the Attacker's army (stops)
_INTO_ARMY = "movement-into:army-attacking"

#: "of the Personality from the action's effects": the card the Reaction's trigger names
_OF_THE = re.compile(r"^of:the (?:card|Personality|Follower|attachment|target) from (?:the action's effects|the action)$")

#: "Negate the action's effects on this card": every change the action would make to it
_ON_CARD = ("this card", "this Follower", "this Personality")


#: "Negate the destruction of your Followers from its effects": every card of that type of the
#: Reaction's player, from the action the Reaction answers (the grammar keeps "of:<whose> from its effects")
_OF_YOURS = re.compile(r"^of:your (Followers|Personalities) from (?:its|the action's) effects$")


def _yours_negation(clause) -> tuple | None:
    """(card type, nouns) of "Negate the destruction of your Followers from its effects", or None."""
    spec = clause.target
    if clause.kind != "negate" or spec is None or spec.ref != "possessed" or len(spec.card_types) != 1:
        return None
    states = [s for s in spec.states if s != "of-choice"]
    nouns = spec.card_types[0].split("|")
    if len(states) != 2 or not all(n in _NOUNS for n in nouns) or states[1] not in ("from:its effects", "from-action"):
        return None
    m = _OF_YOURS.match(states[0])
    return ({"Followers": "follower", "Personalities": "personality"}[m.group(1)], nouns) if m else None


def _effects_on(clause) -> bool:
    spec = clause.target
    return clause.kind == "negate" and spec is not None and spec.ref == "it" and spec.card_types == ("effect",) \
        and not spec.states and tuple(clause.values) in tuple((w,) for w in _ON_CARD)


def _all_effects(clause) -> bool:
    """"Negate the action's effects", "Negate its effects" (a Reaction to the action's targeting)."""
    spec = clause.target
    return clause.kind == "negate" and spec is not None and spec.ref in ("it", "choice") \
        and spec.card_types == ("effect",) and not spec.states and not clause.values \
        and spec.text.lower() in ("the action's effects", "its effects")


def _attack_negation(clause) -> tuple | None:
    """"Negate the action's Fear effects", "… Melee or Ranged Attacks": the attack kinds."""
    spec = clause.target
    if clause.kind != "negate" or spec is None or spec.ref != "possessed" or not spec.card_types:
        return None
    if not all(k in _ATTACK_KINDS for k in spec.card_types) or tuple(spec.states) != ("of-action",):
        return None
    return tuple(spec.card_types)


def _strength_change(clause) -> tuple | None:
    """"Give a Melee or Ranged Attack +2 strength", "Give one of the action's Fear effects +1
    strength", "Give the action's Ranged Attacks +2 strength": (kinds, amount, every one?)."""
    spec = clause.target
    if clause.kind != "modify-stat" or clause.stat != "strength" or not isinstance(clause.amount, int) \
            or spec is None or not spec.card_types or not all(k in _ATTACK_KINDS for k in spec.card_types):
        return None
    text = spec.text.lower()
    one = text.startswith(("a ", "an ", "one of the action's "))
    every = text.startswith(("the action's ", "all the action's ", "each of the action's "))
    if spec.ref == "choice" and one and not spec.states:
        return tuple(spec.card_types), clause.amount, False
    if spec.ref == "possessed" and (one or every) and tuple(spec.states) in (("of-action",), ("of-choice",)):
        return tuple(spec.card_types), clause.amount, every
    return None


#: "If the action has a Melee or Ranged Attack": the attacks named
_HAS_ATTACK = {"a Melee or Ranged Attack": ("melee-attack", "ranged-attack"), "a Ranged Attack": ("ranged-attack",),
               "a Melee Attack": ("melee-attack",), "a Fear effect": ("fear",)}


def _has_attack(cond) -> tuple | None:
    """"If the action has a Melee or Ranged Attack": the attack kinds, or None."""
    args = list(cond.args[1:])
    if cond.kind != "effect-if:has" or len(args) != 2 or str(args[0]).lower() not in _ACTION_WORDS:
        return None
    return _HAS_ATTACK.get(args[1])


def _strength_of(ability, clause) -> tuple | None:
    """The strength change an Interrupt, or a Reaction to an attack's targeting ("Give it +2
    strength", "Give the Ranged Attack -2 strength": that attack), makes: (kinds, amount, every)."""
    if ability.kind != "reaction":
        spec = clause.target
        index = ability.effects.index(clause) if clause in ability.effects else -1
        has = [_has_attack(c) for c in ability.conditions if _effect_index(c) == index and _has_attack(c)]
        if has and clause.kind == "modify-stat" and clause.stat == "strength" and isinstance(clause.amount, int) \
                and spec is not None and spec.ref == "it" and spec.text == "it" and not spec.card_types:
            return has[0], clause.amount, False  # "If the action has a Melee or Ranged Attack, give it +2 strength"
        return _strength_change(clause)
    read = _attack_targeted(ability.trigger)
    spec = clause.target
    if read is None or clause.kind != "modify-stat" or clause.stat != "strength" or spec is None \
            or not isinstance(clause.amount, int) or spec.states or spec.keywords:
        return None
    if spec.ref == "it" and spec.text == "it" and not spec.card_types or (
            spec.ref == "choice" and spec.text.startswith("the ") and set(spec.card_types) <= set(read["kinds"])):
        return tuple(read["kinds"]), clause.amount, False
    return None


#: "Negate all Force bonuses and penalties from the action": which changes of the stat
_STAT_SIGNS = {"bonuses-and-penalties": (1, -1), "bonuses": (1,), "penalties": (-1,)}


def _stat_negation(clause) -> tuple | None:
    """"Negate all Force bonuses and penalties from the action": (stat, signs), or None."""
    spec = clause.target
    if clause.kind != "negate-stat-changes" or spec is None or spec.ref != "each" or clause.stat not in ("force", "chi"):
        return None
    if spec.card_types != ("card",) or tuple(spec.states) != ("changes-from:the action",) or clause.values:
        return None
    signs = _STAT_SIGNS.get(clause.keyword or "")
    return (clause.stat, signs) if signs else None


def _no_moving(ability, clause) -> bool:
    """"The action cannot move Personalities" (the condition "effect-by: the-action")."""
    if clause.kind != "cannot-move" or clause.target is None or clause.target.ref != "each":
        return False
    if clause.target.card_types != ("personality",) or clause.target.states or clause.target.keywords:
        return False
    index = ability.effects.index(clause) if clause in ability.effects else -1
    return any(c.kind == "effect-by" and c.args[:2] == (f"effect {index}", "the-action") for c in ability.conditions)


def _honor_change(ability, clause) -> tuple | None:
    """"Increase any Honor loss from the action by 1", "Reduce all Honor gains and losses from an
    action by 2", "Reduce all Honor gains from it by 2" (a Reaction before the action resolves):
    (which changes: "gain" / "loss" / "gain-or-loss", by how much, the designator it names)."""
    spec = clause.target
    if clause.kind != "modify-honor-change" or not isinstance(clause.amount, int) or spec is None:
        return None
    if clause.keyword not in ("gain", "loss", "gain-or-loss"):
        return None
    if spec.ref == "possessed" and spec.card_types == ("effects",) and tuple(spec.states) == ("of-choice",) \
            and spec.text == "the action's effects" and not spec.keywords:
        return clause.keyword, clause.amount, None  # "… from the action's effects": the interrupted action's
    if spec.states:
        return None
    if spec.card_types == ("action",) and spec.ref == "choice" and len(spec.keywords) <= 1 \
            and all(k in _DESIGNATORS for k in spec.keywords):
        return clause.keyword, clause.amount, (spec.keywords[0] if spec.keywords else None)
    if ability.kind == "reaction" and not spec.keywords and (
            spec.ref == "it" and spec.text == "it" or spec.card_types == ("effect",) and spec.text == "its effects"):
        return clause.keyword, clause.amount, None
    return None


def _redirect(ability, clause) -> bool:
    """"It targets Ezuno instead, if legal" (this card, in a Reaction "When … would target …");
    "Target your Yojimbo. The action targets him instead of another card, if legal" (an Interrupt's
    own target, in place of the action's one target)."""
    spec = clause.target
    if clause.kind != "redirect-target" or spec is None or "if legal" not in clause.text:
        return False
    if ability.kind == "reaction":
        return _would_target(ability.trigger) is not None and (spec.ref == "this" or _self_pronoun(ability, clause)
                                                               or _another_of_yours(spec))
    index = ability.effects.index(clause) if clause in ability.effects else -1
    earlier = ability.effects[index - 1] if index > 0 else None
    return spec.ref == "it" and len(clause.values) == 1 and isinstance(earlier, Effect) \
        and earlier.kind == "target" and earlier.target is not None and earlier.target.ref == "target"


def _another_of_yours(spec) -> bool:
    """"The action targets another of your cards instead": a card of the Reaction's player, named with
    ``paying``, not the one the action would target."""
    return spec is not None and spec.ref == "choice" and (spec.text or "").strip().lower() == "another of your cards" \
        and tuple(spec.card_types) == ("card",) and not spec.states and not spec.keywords and not spec.tests \
        and spec.zone is None


def _self_pronoun(ability, clause) -> bool:
    """"Bow Sansesuke: The action targets him instead": "him" after a cost naming only this card
    (the card the trigger names is no noun of the Reaction's own text before it)."""
    spec = clause.target
    if spec is None or spec.ref != "it" or (spec.text or "").strip().lower() not in ("him", "her", "it"):
        return False
    index = ability.effects.index(clause) if clause in ability.effects else -1
    earlier = [c for c in (*ability.costs, *ability.effects[:max(index, 0)])
               if isinstance(c, Effect) and c.target is not None and c.target.ref not in ("you", "opponent")]
    return bool(earlier) and all(c.target.ref == "this" for c in earlier)


def action_clause(ability, clause) -> bool:
    """Is ``clause`` one that changes the interrupted action (carried out by :func:`change`)?"""
    if not isinstance(clause, Effect):
        return False
    reacting = ability.kind == "reaction"
    if _honor_change(ability, clause) is not None or _redirect(ability, clause):
        return True
    if not reacting and _negates_remaining(clause) and _remaining_trigger(ability.trigger) is not None:
        return True
    if reacting and _strength_of(ability, clause) is not None:
        return True
    if reacting:
        negation = _change_negation(clause, True)
        if negation is not None and negation[0] == "of-it" and _targeting(ability.trigger) is None:
            from .effects_negate import _named_before

            if not _named_before(ability, clause):
                return False  # "choose your performing Personality: Negate his movement": no card bound
        return negation is not None or _effects_on(clause) or _all_effects(clause) \
            or _yours_negation(clause) is not None
    return _whole_action(clause) or _change_negation(clause) is not None or _attack_negation(clause) is not None \
        or _strength_of(ability, clause) is not None or _no_moving(ability, clause) or _stat_negation(clause) is not None


def change(ctx: Context, source: Copy, ability, index: int, clause, bind) -> bool:
    """An Interrupt's effect on the action it interrupts: kept with the paused action, applied as it
    resolves (L5R-ACT-EFFECT.7). False when ``clause`` is not one, or no action waits."""
    rec = _interrupt_of(ctx)
    if rec is None or not action_clause(ability, clause):
        return False
    pos = ctx.position
    by = f"{source.name}'s {'Reaction' if ability.kind == 'reaction' else 'Interrupt'}"
    entry = {"by": by, "text": clause.text}
    reacting = ability.kind == "reaction"
    honor = _honor_change(ability, clause)
    if _negates_remaining(clause) and _remaining_trigger(ability.trigger) is not None:
        entry.update(kind="negate-remaining", read=_remaining_trigger(ability.trigger), player=ctx.actor, **{"from": None})
    elif _redirect(ability, clause):
        new = source if clause.target.ref == "this" or reacting and _self_pronoun(ability, clause) else next(
            (c for c in bind.last if not isinstance(c, str)), None)
        old = [c.uid for c in bind.last if not isinstance(c, str)] if reacting else None
        if reacting and _another_of_yours(clause.target):  # "another of your cards": named with 'paying'
            from .procedure import _paying_choice

            new = _paying_choice(ctx, source, clause, replace(clause.target, owner="you"), False)[0]
            if new.uid in (old or ()):
                ctx.reject("L5R-ACT-TARGET", f"'{clause.text}': {new.show()} is the card the action would target, "
                           "not another")
        if new is None:
            ctx.step("effect", f"{clause.text}: no change (no card to target instead)", CHANGE)
            return True
        entry.update(kind="redirect", to=new.uid, instead=old)
    elif honor is not None:
        which, amount, named = honor
        if named is not None and named not in rec["ability"].designators:
            ctx.step("effect", f"{clause.text}: no change ({rec['what']} is not a {named} action)", CHANGE)
            return True
        entry.update(kind="honor", which=which, amount=amount)
    elif reacting and _all_effects(clause):
        entry["kind"] = "negate-action"
    elif reacting and _effects_on(clause):
        card = _bearer(pos, source) if clause.values == ("this Personality",) else source
        entry.update(kind="negate-change", cards=[card.uid] if card else [], kinds=["*"])
    elif _whole_action(clause):
        spec = clause.target
        kinds = spec.keywords[0].split("|") if spec.keywords else []
        designators = rec["ability"].designators
        card = pos.copies.get(rec["source"])
        fits = (not kinds or any(k in designators for k in kinds)) and (
            "from:a Strategy" not in spec.states or (card is not None and card.card.type == "action"))
        if not fits:
            ctx.step("effect", f"{clause.text}: no change ({rec['what']} is not {spec.text})", CHANGE)
            return True
        entry["kind"] = "negate-action"
    elif _change_negation(clause, reacting) is not None:
        whose, nouns = _change_negation(clause, reacting)
        from .effects_negate import CHANGES

        cards = [source]
        if whose == "of-attached":
            cards = [c for c in [_bearer(pos, source)] if c is not None]
        elif whose == "of-target":
            from .possessive import owner_cards

            cards = owner_cards(bind, clause.target) or []
        elif whose == "of-titled":
            from .possessive import titled_owner

            title = titled_owner(clause.target)
            if title.lower() != source.name.lower():  # another card's title: which one, the engine does not look up
                ctx.reject(CHANGE, f"'{clause.text}': {title} is not {source.name}, and the engine does not look "
                           "up other cards by title")
        elif whose == "of-it" and reacting and _targeting(ability.trigger) is not None \
                and not clause.target.text.lower().startswith(("his ", "her ", "its ", "either his ", "either her ",
                                                               "either its ")):
            # "of the target", "the Personality's": the card the trigger names, whatever a cost named since
            cards = [c for c in reaction_subject(pos, source, ability) if not isinstance(c, str)]
        elif whose == "of-it":
            cards = [c for c in bind.last if not isinstance(c, str)]
        if not cards:
            ctx.step("effect", f"{clause.text}: no change (no card to negate it for)", CHANGE)
            return True
        if "either" in clause.target.states:  # "Negate either his movement or straightening": the player's choice
            nouns = _chosen_nouns(ctx, clause, nouns)
        entry.update(kind="negate-change", cards=[c.uid for c in cards],
                     kinds=sorted({k for n in nouns for k in CHANGES[n]}))
        if _INTO_ARMY in clause.target.states:
            entry["into"] = "attacking"
    elif reacting and _yours_negation(clause) is not None:  # "Negate the destruction of your Followers from its effects"
        kind, nouns = _yours_negation(clause)
        from .effects_negate import CHANGES

        entry.update(kind="negate-change", cards=None, types=[kind], owner=ctx.actor,
                     kinds=sorted({k for n in nouns for k in CHANGES[n]}))
    elif _no_moving(ability, clause):
        entry.update(kind="negate-change", cards=None, types=["personality"],
                     kinds=["move-home", "move-to-battle", "move-to-location"])
    elif _stat_negation(clause) is not None and not reacting:
        stat, signs = _stat_negation(clause)
        entry.update(kind="negate-stat", stat=stat, signs=list(signs))
    elif _attack_negation(clause) is not None:
        entry.update(kind="negate-attack", attacks=list(_attack_negation(clause)))
    else:
        kinds, amount, every = _strength_of(ability, clause)
        entry.update(kind="strength", attacks=list(kinds), amount=amount, every=every, used=False)
    rec["changes"].append(entry)
    ctx.step("effect", f"{clause.text}: a change to {rec['what']}, made as it resolves", CHANGE)
    return True


def _chosen_nouns(ctx: Context, clause, nouns: list) -> list:
    """"Negate either his movement or straightening": the one change the acting player names with
    ``choosing`` (L5R-ACT-EFFECT: the player resolving the effect makes its choices)."""
    said = str(ctx.game.choice_of(ctx.position) or "").strip().lower()
    if said not in nouns:
        ctx.reject("L5R-ACT-EFFECT", f"'{clause.text}': the acting player chooses which -- say "
                   + " or ".join(f"'choosing {n}'" for n in nouns))
    return [said]


def _bearer(pos: Position, source: Copy) -> Copy | None:
    """"this Personality" on a card: the card itself, or the Personality it is attached to."""
    if source.card.type == "personality":
        return source
    return pos.copies.get(source.attached_to) if source.attached_to is not None else None


def stops(pos: Position, copy: Copy, kind: str, source: str | None) -> str | None:
    """effects_negate.stops: a change the interrupted action's effects would make that an
    Interrupt negated ("Negate this Personality's movement from the action")."""
    rec = pos.memo.get(RESOLVING)
    if rec is None or source is None:
        return None
    for entry in rec["changes"]:
        if entry.get("kind") != "negate-change" or kind not in entry["kinds"] and entry["kinds"] != ["*"]:
            continue
        if entry.get("owner") is not None and copy.controller != entry["owner"]:
            continue  # ("your Followers": the Reaction's player's)
        if entry.get("into") == "attacking" and not _into_attacking_army(pos, copy, kind):
            continue  # ("the movement into an attacking army": a move of an Attacker's card to a battlefield)
        if entry["cards"] is None and copy.card.type in entry["types"] or copy.uid in (entry["cards"] or ()):
            return f"negated by {entry['by']} ({entry['text']})"
    return None


def _into_attacking_army(pos: Position, copy: Copy, kind: str) -> bool:
    """Would this move put ``copy`` into an attacking army: an Attacker's card moved to a battlefield in
    the Attack phase (the Attacker's units at a battlefield are the attacking army, L5R-ATTACK)?"""
    if pos.timing.phase != "attack" or copy.controller != pos.timing.active:
        return False
    if kind == "move-to-location":
        return str(pos.memo.get("_choosing") or "").strip().lower() not in ("", "home")
    return kind == "move-to-battle"


#: the Honor changes an action's effects make to a player, and which way each goes
_HONOR = {"gain-honor": "gain", "lose-honor": "loss"}


def _honor(ctx: Context, rec: dict, clause):
    """An Honor gain or loss of the interrupted action, as its Interrupts left it (never below 0)."""
    kind = clause.kind
    if kind == "gain-or-lose-honor":  # the acting player's choice, read as effects_player reads it
        said = str(ctx.game.choice_of(ctx.position) or "").strip().lower()
        kind = {"gain": "gain-honor", "gains": "gain-honor", "lose": "lose-honor", "loses": "lose-honor"}.get(said)
        if kind is None:
            return clause  # (the handler asks for the choice)
    way = _HONOR[kind]
    amount = clause.amount if isinstance(clause.amount, int) else 1
    changed = False
    for entry in rec["changes"]:
        if entry.get("kind") == "honor" and entry["which"] in (way, "gain-or-loss"):
            amount, changed = max(0, amount + entry["amount"]), True
            ctx.step("effect", f"{clause.text}: the Honor {way} changed by {entry['by']} ({entry['text']}), now "
                     f"{amount}", CHANGE)
    if not changed:
        return clause
    return replace(clause, kind=kind, amount=amount)  # (its target, the player, as written)


def attack(ctx: Context, clause):
    """The interrupted action's attack as it resolves: None when an Interrupt negated it, else
    the clause with the strength Interrupts gave it; its Honor gains and losses as they changed
    them (procedure.resolve_effects)."""
    rec = ctx.position.memo.get(RESOLVING)
    if rec is not None and isinstance(clause, Effect) and clause.kind in (*_HONOR, "gain-or-lose-honor"):
        return _honor(ctx, rec, clause)
    if rec is not None and isinstance(clause, Effect) and clause.kind == "modify-stat":
        for entry in rec["changes"]:
            if entry.get("kind") == "negate-stat" and clause.stat == entry["stat"] and (
                    len(entry["signs"]) == 2 or isinstance(clause.amount, int)
                    and (clause.amount > 0) == (entry["signs"] == [1])):
                ctx.step("effect", f"{clause.text}: negated by {entry['by']} ({entry['text']})", CHANGE)
                return None
        return clause
    if rec is None or not isinstance(clause, Effect) or clause.kind not in _ATTACK_KINDS:
        return clause
    for entry in rec["changes"]:
        if entry.get("kind") == "negate-attack" and clause.kind in entry["attacks"]:
            ctx.step("effect", f"{clause.text}: negated by {entry['by']} ({entry['text']})", CHANGE)
            return None
    for entry in rec["changes"]:
        if entry.get("kind") != "strength" or clause.kind not in entry["attacks"] or entry["used"]:
            continue
        if not isinstance(clause.amount, int):
            continue
        entry["used"] = not entry["every"]  # "a Ranged Attack": one of them, the first to resolve
        clause = replace(clause, amount=clause.amount + entry["amount"],
                         text=f"{clause.text} ({entry['amount']:+d} strength from {entry['by']})")
        ctx.step("effect", f"{clause.text}: its strength changed by {entry['by']} ({entry['text']})", CHANGE)
    return clause


#: a stand-in effect, so that an Interrupt whose only effects change the action still has its
#: costs judged as an action's ("Bow this card", "Discard this Celestial")
_NOTHING = Effect(kind="draw", target=None, amount=0, text="")


def _without(ability, drop: list[int]):
    """``ability`` less the effects at ``drop`` (the changes to the action, read here), the other
    effects' conditions renumbered; None when a condition on a dropped effect is not read."""
    from .conditions import readable as reads

    kept_conds = []
    for cond in ability.conditions:
        index = _effect_index(cond)
        if index in drop:
            if cond.kind == "effect-by" and tuple(cond.args[1:]) == ("the-action",):
                continue  # "The action cannot move Personalities" (_no_moving)
            if not (readable(cond) or reads(cond)) or cond.kind.startswith("effect-while"):
                return None
            continue
        if index is not None:
            shift = sum(d < index for d in drop)
            cond = replace(cond, args=(f"effect {index - shift}", *cond.args[1:]))
        kept_conds.append(cond)
    effects = tuple(c for i, c in enumerate(ability.effects) if i not in drop)
    return replace(ability, effects=effects, conditions=tuple(kept_conds))


# ---------------------------------------------------------------------------- Reactions to targeting

#: "After another player's Battle action targets a card in this unit": whose action, its one
#: designator, and what it targets -- the plain forms whose every word the engine reads
_TARGETING = re.compile(
    r"^after (another player's|an?) (?:(Battle|Political|Limited|Open|Iaijutsu|Fear) )?action targets "
    r"(a card in this unit|this Personality|this card|this Follower|"
    r"(?:one or more of your|one of your|your)(?: other)? (?:(performing|defending) )?(?:([A-Z][a-z]+(?: Clan)?) )?"
    r"(Personality|Personalities|Follower|Followers|attachments?|[A-Z][a-z]+))"
    r"(?: at [A-Z][\w'-]*(?: [A-Z][\w'-]*)*'s (location|battlefield))?$")
#: "When another player's action would target one of your Shugenja at Ezuno's location", "When another
#: player would target a Magistrate at Wakui's battlefield with an action"
_WOULD_TARGET = re.compile(
    r"^when (?:(another player's|an?) (?:(Battle|Political|Limited|Open) )?action would target|"
    r"(another player) would target) "
    r"(?:(?:one of your|your) ([A-Z][a-z]+)|an? ([A-Z][a-z]+))"
    r" at [A-Z][\w'-]*(?: [A-Z][\w'-]*)*'s (location|battlefield)( with an action)?$")
#: "When a Battle action would target a card in this unit"
_WOULD_TARGET_UNIT = re.compile(r"^when (another player's|an?) (?:(Battle|Political|Limited|Open) )?action would target "
                                r"a card in this unit$")
#: "After another player targets this Personality with an action"
_TARGETS_WITH = re.compile(r"^after (another player|a player) targets (this Personality|this card) with an action$")
#: "After another player's Battle action targets Sawaki", "After another player targets The Dark Naga with
#: an action": the card's own title
_NAMED = re.compile(r"^after (?:(another player's|an?) (?:(Battle|Political|Limited|Open|Iaijutsu|Fear) )?action "
                    r"targets ((?:The )?[A-Z][\w'-]*(?: [A-Z][\w'-]*)*)|(another player|a player) targets "
                    r"((?:The )?[A-Z][\w'-]*(?: [A-Z][\w'-]*)*) with an action)$")
#: designators a Reaction to targeting may carry besides "Reaction"
REACTION_WORDS = frozenset({"Reaction", "Political", "Air", "Earth", "Fire", "Water", "Void"})


def _targeting(trigger) -> dict | None:
    """The trigger of a Reaction to an action's targeting, read from its words, or None."""
    if trigger is None or trigger.timing != "after" or trigger.event.split(";")[0] != "action-targets":
        return None
    text = " ".join((trigger.text or "").split())
    m = _TARGETS_WITH.match(text)
    if m is not None:
        return {"by": "opponent" if m.group(1).startswith("another") else "any", "kind": None,
                "what": "bearer" if m.group(2) == "this Personality" else "self", "near": None}
    m = _TARGETING.match(text)
    if m is None:
        named = _NAMED.match(text)
        if named is None:
            return None
        who = named.group(1) or named.group(4)
        return {"by": "opponent" if who.startswith("another") else "any", "kind": named.group(2), "near": None,
                "what": "named", "name": named.group(3) or named.group(5)}
    who, kind, what, state, keyword, noun, near = m.groups()
    read = {"by": "opponent" if who.startswith("another") else "any", "kind": kind, "near": near}
    if near and what.startswith(("this ", "a card in")):
        return None
    if what in ("a card in this unit",):
        read["what"] = "unit"
    elif what == "this Personality":
        read["what"] = "bearer"  # the card, or the Personality it is attached to
    elif what in ("this card", "this Follower"):
        read["what"] = "self"
    else:
        read["what"] = "yours"
        read["other"] = " other " in what  # "one of your other Personalities": not this card
        read["state"] = state
        read["keywords"] = [keyword] if keyword else []
        singular = {"Personalities": "Personality", "Followers": "Follower",
                    "attachments": "attachment"}.get(noun, noun)
        if singular in ("Personality", "Follower", "attachment"):
            read["type"] = singular.lower()  # ("one of your attachments": a card attached to another, _fitting)
        else:
            read["keywords"].append(singular)
            read["type"] = None
    return read


#: "Before an action resolves", "Before another player's Battle action resolves", "Before the
#: resolution of another player's action", "Before an action's resolution"
_BEFORE = re.compile(r"^before (?:the resolution of )?(another player's|an?) (?:(Battle|Political|Limited|Open) )?"
                     r"action(?: resolves|'s resolution)?$")


def _before(trigger) -> dict | None:
    """The trigger of a Reaction taken before an action resolves, read from its words, or None."""
    if trigger is None or trigger.timing != "before" or trigger.event.split(";")[0] != "action-resolves":
        return None
    text = " ".join((trigger.text or "").split())
    m = _BEFORE.match(text)
    if m is None or (text.startswith("before the resolution of") and text.endswith("'s resolution")):
        return None
    return {"by": "opponent" if m.group(1).startswith("another") else "any", "kind": m.group(2)}


#: "After a Ranged Attack is targeted", "After your Melee or Ranged Attack is targeted"
_ATTACK_TARGETED = re.compile(r"^after (a|your) (Ranged|Melee)(?: or (Ranged|Melee))? [Aa]ttack is targeted$")


def _attack_targeted(trigger) -> dict | None:
    """The trigger of a Reaction to an attack's targeting, read from its words, or None."""
    if trigger is None or trigger.timing != "after" or trigger.event not in ("ranged-attack-targeted",
                                                                            "melee-attack-targeted"):
        return None
    m = _ATTACK_TARGETED.match(" ".join((trigger.text or "").split()))
    if m is None:
        return None
    kinds = [f"{w.lower()}-attack" for w in m.groups()[1:] if w]
    return {"by": "you" if m.group(1) == "your" else "any", "kinds": kinds}


def _would_target(trigger) -> dict | None:
    """"When … would target …" of a redirecting Reaction, read from its words, or None."""
    if trigger is None or trigger.timing != "when" or trigger.event.split(";")[0] != "action-would-target":
        return None
    unit = _WOULD_TARGET_UNIT.match(" ".join((trigger.text or "").split()))
    if unit is not None:  # a card in this card's unit (_fitting)
        return {"by": "opponent" if unit.group(1).startswith("another") else "any", "kind": unit.group(2),
                "what": "unit", "near": None}
    m = _WOULD_TARGET.match(" ".join((trigger.text or "").split()))
    if m is None or bool(m.group(3)) != bool(m.group(7)):
        return None  # ("another player would target … with an action": both halves, or neither)
    who = m.group(1) or m.group(3)
    keyword = m.group(4) or m.group(5)
    read = {"by": "opponent" if who.startswith("another") else "any", "kind": m.group(2), "what": "yours",
            "state": None, "keywords": [] if keyword in ("Personality", "Follower") else [keyword],
            "type": keyword.lower() if keyword in ("Personality", "Follower") else None, "near": m.group(6),
            "anyone's": bool(m.group(5))}
    return read


def answers(pos: Position, source: Copy, ability, rec: dict) -> list | None:
    """Does ``ability`` (a Reaction) answer the paused action as its resolution begins: to its
    targeting (the targeted cards its trigger names), or "before it resolves" ([])? None if not."""
    if ability.kind != "reaction":
        return None
    read = _targeting(ability.trigger) or _would_target(ability.trigger)
    if read is not None:
        return _fitting(pos, source, read, rec) or None
    read = _attack_targeted(ability.trigger)
    if read is not None:  # the action has such an attack (its target chosen on announcement)
        if read["by"] == "you" and rec["actor"] != source.controller:
            return None
        has = any(isinstance(c, Effect) and c.kind in read["kinds"] for c in rec["ability"].effects)
        return [] if has else None
    read = _before(ability.trigger)
    if read is None:
        return None
    if read["by"] == "opponent" and rec["actor"] == source.controller:
        return None
    if read["kind"] and read["kind"] not in rec["ability"].designators:
        return None
    return []


def _answering(trigger) -> bool:
    """A trigger this module reads: an action's or an attack's targeting, or "before an action resolves"."""
    return _targeting(trigger) is not None or _before(trigger) is not None or _attack_targeted(trigger) is not None \
        or _would_target(trigger) is not None


def _fitting(pos: Position, source: Copy, read: dict, rec: dict) -> list:
    """The cards the paused action targets that the Reaction's trigger speaks of ([] if none, or
    if the action is not one the trigger names)."""
    from .effects_engine import unit_cards

    if read["by"] == "opponent" and rec["actor"] == source.controller:
        return []
    if read["kind"] and read["kind"] not in rec["ability"].designators:
        return []
    targets = [c for c in (_back(pos, v) for v in _saved_targets(rec)) if c is not None]
    if read["what"] == "named":  # the card's own title (or the part of it its text uses)
        return [c for c in targets if c.uid == source.uid and read["name"].lower() in source.name.lower()]
    if read["what"] in ("self", "bearer"):
        me = source if read["what"] == "self" else _bearer(pos, source)
        return [c for c in targets if me is not None and c.uid == me.uid]
    if read["what"] == "unit":
        leader = source
        while leader.attached_to is not None and leader.attached_to in pos.copies:
            leader = pos.copies[leader.attached_to]
        unit = {c.uid for c in unit_cards(pos, leader)} | {leader.uid}
        return [c for c in targets if c.uid in unit]
    fits = []
    for c in targets:
        if c.controller != source.controller and not read.get("anyone's"):
            continue
        if read.get("other") and c.uid == source.uid:
            continue
        if read["type"] == "attachment":
            if c.attached_to is None:
                continue
        elif read["type"] and c.card.type != read["type"]:
            continue
        if read["type"] is None and c.card.type not in ("personality", "follower"):
            continue
        if not all(pos.has_keyword(c, k) for k in read["keywords"]):
            continue
        if read["state"] and not _state(pos, c, read["state"]):
            continue
        if read["near"] and not _near(pos, source, c, read["near"]):
            continue  # "at Norimichi's location": where this card (or its Personality) stands
        fits.append(c)
    return fits


def _near(pos: Position, source: Copy, copy: Copy, where: str) -> bool:
    """Is ``copy`` at this card's location (home or a battlefield) -- or, for "battlefield", at the
    battlefield where this card is?"""
    def place(card: Copy) -> str:
        while card.attached_to is not None and card.attached_to in pos.copies:
            card = pos.copies[card.attached_to]
        return card.zone + (f":{card.controller}" if card.zone == "home" else "")

    here = place(source)
    if where == "battlefield" and not here.startswith("battlefield"):
        return False
    return place(copy) == here


def _state(pos: Position, copy: Copy, state: str) -> bool:
    from .procedure import current_battlefield

    field = current_battlefield(pos)
    if state == "performing":  # a card in a unit at the current battlefield (L5R-COMBAT)
        return field is not None and copy.zone == field
    return field is not None and copy.zone == field and copy.controller != pos.timing.active  # defending


def _saved_targets(rec: dict) -> list:
    return [v for chosen in rec["bind"].get("targets", {}).values() for v in chosen]


def reaction_subject(pos: Position, source: Copy, ability) -> list:
    """"his", "their", "the Personality's" in a Reaction to the paused action's targeting: the
    targeted cards its trigger speaks of (procedure.carry_out)."""
    rec = paused(pos)
    if rec is None:
        return []
    return answers(pos, source, ability, rec) or []


def _may_react(game, pos: Position, rec: dict) -> list[str]:
    """The cards with a Reaction to the paused action's targeting that fits it (in play, or a
    Strategy in its player's hand), by name."""
    names = []
    for copy in pos.all_copies():
        if not (_in_play(pos, copy) or copy.zone == "hand" and copy.card.type == "action"):
            continue
        for ability in game.abilities(copy):
            if answers(pos, copy, ability, rec) is not None:
                names.append(f"{copy.name}'s Reaction")
                break
    return names


def _in_play(pos: Position, copy: Copy) -> bool:
    from .effects import in_play

    return in_play(pos, copy)


def _reaction_conditions(ctx: Context, source: Copy, ability, rec: dict) -> bool:
    """As the paused action's resolution begins: only Reactions to its targeting, in their own round."""
    if ability.kind != "reaction" or not _answering(ability.trigger):
        ctx.reject(TARGETING, f"{rec['what']} is resolving its targeting: only Reactions to it (or taken before "
                   "it resolves) may be taken until every player has passed in a row")
    ctx.game.need(rec["priority"] == ctx.actor, TARGETING, f"in the round of Reactions to the targeting of "
                  f"{rec['what']} it is {rec['priority']}'s chance, not {ctx.actor}'s")
    if answers(ctx.position, source, ability, rec) is None:
        ctx.reject("L5R-REACTION", f"{source.show()}'s Reaction may be taken only when its trigger fires "
                   f"({ability.trigger.text}); {rec['what']} targets no such card")
    ctx.step("condition", f"{ability.trigger.text}: {ctx.actor} may react", TARGETING, "L5R-REACTION")
    return True


def _reaction_verdict(ability) -> bool:
    """A Reaction to the paused action's targeting: its changes to the action read here, the rest
    as an action's effects with "him" the card the trigger names."""
    from .effects import executes

    if not set(ability.designators) <= REACTION_WORDS or ability.limit is not None:
        return False
    mine = [i for i, c in enumerate(ability.effects) if action_clause(ability, c)]
    if any(isinstance(c, Effect) and c.target is not None and c.target.text.lower().startswith(("his ", "her ", "its "))
           and c.target.ref in ("target", "choice")
           for c in (*ability.costs, *(e for i, e in enumerate(ability.effects) if i not in mine))):
        return False  # "bow his target Armor": a card of the targeted one, a tie the target test does not read
    rest = _without(ability, mine) if mine else ability
    if rest is None:
        return False
    named_this = False
    for c in (*rest.costs, *rest.effects):
        ref = c.target.ref if isinstance(c, Effect) and c.target is not None else None
        named_this = named_this or ref == "this"
        if ref == "it" and named_this:
            return False  # "Reduce Shigeru's Personal Honor … she commits seppuku": "she" may be this card,
            # not the targeted one the procedure binds "him"/"her" to
    rest = replace(rest, kind="action", designators=("Open",), trigger=None,
                   effects=rest.effects or (_NOTHING,))
    return executes(rest)


# ---------------------------------------------------------------------------- "its remaining effects"

#: "After the action targets your bowed Personality", "After an action on a Kiho, Shugenja, or Spell
#: targets your cards" (an Interrupt's: the interrupted action, delayed until it does that)
_INTERRUPT_TARGETS = re.compile(r"^after (?:the action|an action on an? ([A-Z][a-z]+(?:, [A-Z][a-z]+)*,? or [A-Z][a-z]+)) "
                                r"targets your (bowed )?(cards|Personality)$")


def _remaining_trigger(trigger) -> dict | None:
    """The trigger of an Interrupt that negates the action's remaining effects, read from its words."""
    if trigger is None or trigger.timing != "after" or not trigger.event.startswith(("action-resolves;by=the",
                                                                                       "action-targets")):
        return None
    m = _INTERRUPT_TARGETS.match(" ".join((trigger.text or "").split()))
    if m is None:
        return None
    on = [w.strip() for w in re.split(r",| or ", m.group(1)) if w.strip() and w.strip() != "or"] if m.group(1) else []
    return {"on": on, "bowed": bool(m.group(2)), "type": "personality" if m.group(3) == "Personality" else None}


def _negates_remaining(clause) -> bool:
    spec = clause.target
    return isinstance(clause, Effect) and clause.kind == "negate" and spec is not None and spec.ref == "possessed" \
        and spec.card_types == ("remaining-effects",) and tuple(spec.states) == ("of-it",)


def remaining_verdict(ability) -> bool | None:
    """For executes: "Interrupt: After the action targets your bowed Personality, negate its remaining
    effects" -- True when that is all it does (its costs the procedure pays); None for others."""
    if ability.kind != "interrupt" or _remaining_trigger(ability.trigger) is None:
        return None
    from .effects import executes

    if not set(ability.designators) <= INTERRUPT_WORDS or ability.limit is not None or ability.conditions:
        return False
    if len(ability.effects) != 1 or not _negates_remaining(ability.effects[0]):
        return False
    return not ability.costs or executes(replace(ability, kind="action", designators=("Open",), trigger=None,
                                                 effects=(_NOTHING,)))


def remaining_negated(ctx: Context, ability, index: int, clause, bind) -> bool:
    """As the interrupted action resolves: once it targets the card an Interrupt's "After the action
    targets your bowed Personality, negate its remaining effects" names (its targeting carried out
    when an effect calls for it), that effect and the rest do not happen."""
    rec = ctx.position.memo.get(RESOLVING)
    if rec is None:
        return False
    pos = ctx.position
    for entry in rec["changes"]:
        if entry.get("kind") != "negate-remaining":
            continue
        if entry.get("from") is not None:
            ctx.step("effect", f"{getattr(clause, 'text', '')}: negated by {entry['by']} (its remaining effects)",
                     CHANGE)
            return True
        from .procedure import MILITARY

        spec = clause.target if isinstance(clause, Effect) and clause.target is not None \
            and clause.target.ref == "target" else MILITARY.get(getattr(clause, "kind", ""))
        chosen = bind.targets.get(id(spec), []) if spec is not None else []
        read = entry["read"]
        card = pos.copies.get(rec.get("source") or 0)
        on = not read["on"] or (card is not None and any(
            pos.has_keyword(card, w) or card.card.type == w.lower() for w in read["on"]))
        hit = [c for c in chosen if not isinstance(c, str) and c.controller == entry["player"]
               and (read["type"] is None or c.card.type == read["type"])
               and (not read["bowed"] or "bowed" in c.flags)]
        if on and hit:
            entry["from"] = index
            ctx.step("effect", f"the action targets {hit[0].show()}: {entry['by']} negates its remaining effects, "
                     f"'{getattr(clause, 'text', '')}' first", CHANGE, "L5R-ACT-TARGET")
            return True
    return False

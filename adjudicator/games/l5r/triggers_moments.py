"""Triggered traits on moments the turn itself reaches, not on an event the engine raises:

* an Event revealed in the Events phase whose text is "After you reveal cards in your Provinces
  at the start of your turn, if this Event is face-up in one of them, ..." (the Twenty Festivals
  wording): the reveal is that trigger and the Event is face-up as it is revealed, so the trait is
  the Event's resolution (L5R-EVENTS.4, pinned from the Comprehensive Rules);
* a Terrain's "Before this battle resolves: ..." / "Before this battle's resolution: ...": once the
  combat segment of the battle at its battlefield has ended, before the armies' Force is totalled
  (L5R-RESOLVE.11, pinned from the Comprehensive Rules);
* "Before you draw cards at the end of your turn" (the End phase's draw) and "Before your turn ends"
  (a Strategy's, "if this Strategy is in your discard pile", from there): L5R-TRAIT.1, L5R-END, L5R-TURN;
* a card's "After you Recruit this Holding from a Province, refill the Province face-up": between the
  card's leaving its province and the province's refill (L5R-DYNASTY.6, pinned from the
  Comprehensive Rules) -- :func:`refill_face_up`.

The first two resolve as a triggered trait with choices does (triggers._resolve_choosing, L5R-TRAIT.5): its
effects as an action's effects are resolved, its player's choices named with ``answering`` on the
statement that reaches the moment -- the active player's ``pass`` in the Events phase, the ``pass``
that ends the combat segment. Advancing stops before such a moment when a trait there asks for a
choice (:func:`choice_stop`), since no statement would name it.
"""

from __future__ import annotations

import re

from ...core.ability import Effect

#: the rules of the two moments (adjudicator/rules/l5r.toml)
REVEAL_RULE = "L5R-EVENTS.4"
BEFORE_RESOLUTION_RULE = "L5R-RESOLVE.11"

_REVEAL_WORDS = "after you reveal cards in your provinces at the start of your turn"
_FACE_UP = "effect-if:face-up-in-province"
#: "Before this battle resolves" / "Before this battle's resolution": the battle of the card's own
#: battlefield ("Before a battle resolves" is any battle, and is not read here)
_THIS_BATTLE = re.compile(r"^before this battle(?:'s resolution| resolves)$", re.I)


def _reveal_trait(ability) -> bool:
    """"After you reveal cards in your Provinces at the start of your turn, if this Event is face-up
    in one of them, ...": the trigger and at least one "this Event is face-up" test, read as the
    grammar gives them."""
    trigger = ability.trigger
    if trigger is None or trigger.timing != "after" or trigger.event != "provinces-revealed":
        return False
    if (trigger.text or "").strip().lower() != _REVEAL_WORDS:
        return False
    tests = [c for c in ability.conditions if c.kind == _FACE_UP]
    return bool(tests) and all(len(c.args) >= 2 and str(c.args[1]).lower() == "this event" for c in tests)


#: moments of the End phase and the turn's end: (timing, event name, trigger words) -> moment
_TURN_MOMENTS = {("before", "you-draw-at-end-of-turn", "before you draw cards at the end of your turn"): "end-draw",
                 ("before", "turn-ends", "before your turn ends"): "turn-ends"}
#: "if this Strategy is in your discard pile": the card's own zone, which lets the trait trigger there
_IN_DISCARD = "effect-if:in-discard-pile"


def _turn_moment(ability) -> str | None:
    trigger = ability.trigger
    if trigger is None:
        return None
    return _TURN_MOMENTS.get((trigger.timing, trigger.event, (trigger.text or "").strip().lower()))


#: "this Strategy", "this Terrain": the card's own words in a guard
_THIS_CARD = re.compile(r"this [A-Z][a-z]+")


def _own_guarded(ability, kind: str) -> bool:
    """Every condition is a ``kind`` guard on the card itself ("this Terrain"), one on every effect."""
    guards = [c for c in ability.conditions if c.kind == kind]
    return bool(guards) and len(guards) == len(ability.conditions) and all(
        len(c.args) == 2 and _THIS_CARD.fullmatch(str(c.args[1])) for c in guards) and \
        {c.args[0] for c in guards} == {f"effect {i}" for i in range(len(ability.effects))}


def _from_discard(ability) -> bool:
    """"Before your turn ends, if this Strategy is in your discard pile, put it in your hand": every
    effect guarded by the card's own being in its discard pile (the trait says it triggers there:
    L5R-ACT-COND, Comprehensive Rules "Triggered Traits" (d)); "it" is the card."""
    return _own_guarded(ability, _IN_DISCARD)


_THIS_BATTLE_AFTER = re.compile(r"^after this battle(?:'s resolution| resolves)$", re.I)
#: "if this Terrain is in play": the card's own presence, checked as the trait resolves
_IN_PLAY = "effect-if:in-play"


def _own_in_play(ability) -> bool:
    """Every condition is "if this Terrain is in play" on the card itself, on every effect."""
    return _own_guarded(ability, _IN_PLAY)


def _after_this_battle(ability) -> bool:
    trigger = ability.trigger
    return trigger is not None and trigger.timing == "after" and trigger.event == "battle-resolves" \
        and bool(_THIS_BATTLE_AFTER.match((trigger.text or "").strip()))


def _before_this_battle(ability) -> bool:
    trigger = ability.trigger
    return trigger is not None and trigger.timing == "before" and trigger.event == "battle-resolves" \
        and bool(_THIS_BATTLE.match((trigger.text or "").strip()))


def moment(ability) -> str | None:
    """"reveal" / "before-resolution" for a triggered trait of one of the two moments, else None."""
    if ability.kind != "trait" or "Focus Effect" in ability.designators:
        return None
    if _reveal_trait(ability):
        return "reveal"
    if _before_this_battle(ability):
        return "before-resolution"
    if _after_this_battle(ability):
        return "after-resolution"
    return _turn_moment(ability)


def _as_resolved(ability):
    """The trait as it resolves: its "this Event is face-up" tests hold at the reveal (the Event has
    just been turned face-up in its province), and a turn moment's "if this Strategy is in your discard
    pile" where it resolves from there (:func:`_turn_cards`): both are dropped."""
    from dataclasses import replace

    dropped = (_FACE_UP, _IN_DISCARD) if _from_discard(ability) else (_FACE_UP, _IN_PLAY) if _own_in_play(ability) \
        else (_FACE_UP,)
    return replace(ability, conditions=tuple(c for c in ability.conditions if c.kind not in dropped))


#: the rule of a province refilled face-up after a card left it
REFILL_RULE = "L5R-DYNASTY.6"
#: the card events of a card bought from a province (turn.buy)
_LEFT_BY = ("this-card-recruited", "this-card-enters-play")


def _refill_trait(ability) -> bool:
    """"After you Recruit this Holding from a Province, refill the Province face-up", "After this Holding
    enters play from a Province, refill it face-up": a card's own trait on being bought from a
    province whose one effect refills that province face-up (no card named, nothing discarded)."""
    trigger = ability.trigger
    if ability.kind != "trait" or trigger is None or trigger.timing != "after" or ability.designators:
        return False
    if trigger.event not in _LEFT_BY or ability.costs or ability.conditions or ability.limit is not None:
        return False
    if trigger.event == "this-card-enters-play" and not re.search(r"\benters play from a province$",
                                                                  (trigger.text or "").strip(), re.I):
        return False  # (entering play from elsewhere leaves no province to refill)
    if len(ability.effects) != 1 or not isinstance(ability.effects[0], Effect):
        return False
    clause = ability.effects[0]
    spec = clause.target
    return clause.kind == "refill" and clause.keyword == "face-up" and not clause.values and spec is not None \
        and (spec.ref == "it" or (spec.text or "").strip().lower() == "the province") \
        and " with " not in (clause.text or "").lower()


def refill_face_up(game, pos, copy, ability, proc) -> bool:
    """triggers._resolve_trait: the trait of :func:`_refill_trait` -- the refill that follows the card's
    leaving its province is face-up (L5R-DYNASTY.6). The engine refills the province (face-down, from
    the top of the Dynasty deck) as the card is bought, before the trait resolves; that same card is
    what the face-up refill would have put there, so it is turned face-up. True when it was this trait."""
    if not _refill_trait(ability):
        return False
    from .triggers import fires
    from .triggers_events import LEFT_PROVINCE

    if not fires(ability.trigger):
        return False
    proc.add("trigger", f"{copy.name}'s trait triggers ({ability.trigger.text}); it is mandatory", "L5R-TRAIT")
    province = pos.memo.get(LEFT_PROVINCE, {}).get(str(copy.uid))
    cards = [pos.copies[u] for u in pos.zones.get((copy.controller, province), ())
             if "region" not in pos.copies[u].flags] if province else []
    if len(cards) != 1:
        why = "the engine does not know which province it left" if province is None else (
            f"{province} is empty (the Dynasty deck is)" if not cards else f"{province} holds more than one card")
        proc.add("trigger", f"'{ability.effects[0].text}': no change ({why})", "L5R-TRAIT", REFILL_RULE)
        return True
    card = cards[0]
    if "face-down" not in card.flags:
        proc.add("trigger", f"'{ability.effects[0].text}': {province} already holds {card.name} face-up",
                 "L5R-TRAIT", REFILL_RULE)
        return True
    card.flags.discard("face-down")
    proc.add("trigger", f"the refill of {province}, which {copy.name} left, is face-up: {card.name} is turned "
             "face up", "L5R-TRAIT", REFILL_RULE)
    return True


def executes(ability) -> bool | None:
    """For effects.executes: None when the ability is no trait of these moments; else whether the
    engine carries it out -- no costs, no usage limit, a "you may" only on a one-effect trait, no card created and
    attached (triggers._procedure_binds), no effect on "this" card (the Event leaves its province as
    it resolves; "this Province" is not the card), and its effects as a Reaction's to no event."""
    if _refill_trait(ability):
        from .triggers import fires

        return fires(ability.trigger)
    from .costs import _even_if_bowed_trigger, gold_reaction

    if ability.kind == "reaction" and _even_if_bowed_trigger(ability) is not None:
        # "Reaction: Even if this card is bowed, when paying for a Spell: Produce 4 Gold": a Gold source
        # taken as the payment is made (costs.take_gold_reaction), as a Reaction with its own trigger is
        return gold_reaction(ability) is not None
    from .duels import ENTERS, entering_executes

    if ability.kind == "trait" and ability.trigger is not None and \
            (ability.trigger.timing, ability.trigger.event) == ENTERS:
        return entering_executes(ability)  # "After this Personality enters a duel" (duels._entering)
    kind = moment(ability)
    if kind is None:
        return None
    from dataclasses import replace

    from .effects import executes as effects_execute
    from .triggers import _procedure_binds

    if ability.costs or ability.limit is not None:
        return False
    optional = {c.args[0] for c in ability.conditions if c.kind == "effect-optional" and c.args}
    every = {f"effect {i}" for i in range(len(ability.effects))}
    one_may = len(re.findall(r"\bmay\b", ability.text or "", re.I)) == 1
    if optional and not (optional == every and (len(every) == 1 or one_may)):
        return False  # ("you may search ..., put it in your hand, and discard a card": the "may" kept on one only)
    # ("you may discard your hand to draw four cards": one "may" on every effect, one answer for all of them)
    if not _procedure_binds(_searches_read(ability)):
        return False
    if any(isinstance(c, Effect) and c.target is not None and c.target.ref == "this" for c in ability.effects):
        return False
    if kind == "after-resolution" and (ability.conditions and not _own_in_play(ability)):
        return False
    if kind in ("end-draw", "turn-ends", "after-resolution"):
        from .triggers import asks_choices

        if asks_choices(_as_resolved(ability)):
            return False  # (reached as the game advances, where no statement names a choice)
        if ability.conditions and not (_from_discard(ability) or _own_in_play(ability)):
            return False
    named = next((c for c in ability.effects if isinstance(c, Effect) and c.target is not None), None)
    if named is not None and named.target.ref == "it" and not (_from_discard(ability) or _own_in_play(ability)):
        return False  # "it" with nothing named before it: no card the moment is about
    resolved = _as_resolved(ability)
    return effects_execute(replace(resolved, kind="reaction", designators=("Reaction",), trigger=None))


def _searches_read(ability):
    """The trait without its searches for a card described by type and state only ("search your Fate
    deck for an Item"): those the procedure reads (effects_engine.search_applies, checked by
    effects.executes). triggers._procedure_binds refuses searching in general for a title read as
    keywords ("for another Enslaved Djinn"), which is kept refused here."""
    from dataclasses import replace

    def plain(c) -> bool:
        spec = getattr(c, "target", None)
        return getattr(c, "kind", "") == "search" and spec is not None and not spec.keywords and bool(spec.card_types)

    return replace(ability, effects=type(ability.effects)(c for c in ability.effects if not plain(c)))


def _resolve(game, pos, copy, ability, proc, rules: tuple, about=None) -> None:
    """Resolve the trait: its limits-block tests first (as triggers._resolve_trait checks them), then
    its effects with its player's choices (triggers._resolve_choosing)."""
    from .triggers import _holds, _resolve_choosing

    proc.add("trigger", f"{copy.name}'s trait triggers ({ability.trigger.text}); it is mandatory", *rules)
    resolved = _as_resolved(ability)
    holds = _holds(game, pos, copy, None)
    for cond in resolved.conditions:
        if cond.kind.startswith("effect-") or cond.kind == "even-if":
            continue
        verdict = holds(cond)
        if verdict is not True:
            proc.add("trigger", f"nothing happens: the condition '{cond.text}' " + (
                "does not hold" if verdict is False else "is one the engine cannot check"), *rules)
            return
    _resolve_choosing(game, pos, copy, resolved, proc, about, rules)


# ---- an Event revealed in the Events phase ---------------------------------------------------

def revealed_event_trait(game, pos, event, ability, proc) -> bool:
    """turn._resolve_event: an Event just revealed in its province whose ``ability`` is a trait on
    its own reveal resolves it now, as its resolution (L5R-EVENTS.4); True when it did."""
    if moment(ability) != "reveal" or not event.zone.startswith("province ") or "face-down" in event.flags:
        return False
    _resolve(game, pos, event, ability, proc, (REVEAL_RULE, "L5R-EVENTS", "L5R-TRAIT.5"))
    return True


def _reveal_choices(game, pos) -> list:
    """The face-down Events in the active player's provinces with a reveal trait asking for a choice."""
    from .triggers import asks_choices

    active = pos.timing.active
    resolved = pos.memo.get("game:events", [])  # (an Event of a name resolved before does not: L5R-EVENTS.3)
    found = []
    for (owner, zone), uids in pos.zones.items():
        if owner != active or not zone.startswith("province "):
            continue
        for uid in uids:
            copy = pos.copies[uid]
            if [active, copy.name] in resolved:
                continue
            if "face-down" in copy.flags and copy.card.type == "event" and any(
                    moment(a) == "reveal" and asks_choices(a) for a in game.abilities(copy)):
                found.append(copy)
    return found


def events_pass(game, ctx) -> bool:
    """turn.pass_opportunity: in the Events phase the active player's ``pass`` lets the phase's
    mandatory reveal happen (L5R-EVENTS), the ``answering`` choices going to the traits it sets off
    (L5R-EVENTS.4, L5R-TRAIT.5); the Action phase then begins. False outside the Events phase."""
    pos, t, actor = ctx.position, ctx.position.timing, ctx.actor
    if t.phase != "events":
        return False
    from .turn import _reveal_provinces, enter_phase

    game.need(actor == t.active, "L5R-EVENTS", f"the Events phase is {t.active}'s; {actor} has nothing to pass")
    ctx.step("timing", f"{actor} does nothing more in the Events phase: the face-down cards in {actor}'s provinces "
             "are revealed", "L5R-EVENTS", REVEAL_RULE)
    _reveal_provinces(game, pos, ctx.proc)
    enter_phase(game, pos, "action", ctx.proc)
    game.settle(pos, ctx.proc)
    return True


# ---- before the battle at the card's battlefield resolves ------------------------------------

def _waiting_terrains(game, pos) -> list:
    """(card, ability) of the cards at the current battlefield with a "Before this battle resolves"
    trait (L5R-RESOLVE.11)."""
    from .effects import in_play
    from .effects_battle import at_field
    from .procedure import current_battlefield

    field = current_battlefield(pos)
    if field is None or pos.timing.phase != "attack":
        return []
    return [(copy, ability) for copy in pos.all_copies() if at_field(copy, field) and in_play(pos, copy)
            for ability in game.abilities(copy) if moment(ability) == "before-resolution"]


def before_resolution(game, pos, proc) -> None:
    """delayed.battle_resolves: the combat segment has ended; before the armies' Force is totalled,
    the "Before this battle resolves" traits of the cards at the battlefield resolve (L5R-RESOLVE.11)."""
    for copy, ability in _waiting_terrains(game, pos):
        _resolve(game, pos, copy, ability, proc, (BEFORE_RESOLUTION_RULE, "L5R-TRAIT", "L5R-TRAIT.5"))


def after_resolution(game, pos, proc, field: str | None) -> None:
    """delayed.battle_ends: the battle has resolved; before anything after it (its Terrains are
    discarded after the battle ends), the "After this battle resolves" traits of the cards at the
    battlefield resolve (L5R-RESOLVE.11); "if this Terrain is in play" is checked on the card, and
    "it" is the card itself."""
    from .effects import in_play
    from .effects_battle import terrain_zone

    zone = terrain_zone(field)  # (the battle's battlefield: its units may have gone home already)
    for copy in [c for c in pos.all_copies() if zone is not None and c.zone == zone]:
        for ability in game.abilities(copy):
            if moment(ability) != "after-resolution" or not executes(ability):
                continue
            if _own_in_play(ability) and not in_play(pos, copy):
                proc.add("trigger", f"{copy.name}'s trait ({ability.trigger.text}): it is not in play, so nothing "
                         "happens", BEFORE_RESOLUTION_RULE, "L5R-TRAIT")
                continue
            _resolve(game, pos, copy, ability, proc, (BEFORE_RESOLUTION_RULE, "L5R-TRAIT"), copy)


def choice_stop(game, pos) -> str | None:
    """turn._step_once: why advancing must stop here -- the next step reaches a moment whose trait asks
    for a choice no statement names: the Events phase's reveal, or the pass ending the combat segment.
    None when it need not."""
    from .triggers import asks_choices, window

    t = pos.timing
    if window(pos) is not None:
        return None
    if t.phase == "events":
        waiting = _reveal_choices(game, pos)
        if waiting:
            names = ", ".join(c.name for c in waiting)
            return (f"revealing {t.active}'s provinces resolves {names}, whose trait asks for choices: say "
                    f"'{t.active} passes answering ...' to name them")
    if t.phase == "attack" and t.step == "combat" and t.passes + 1 >= len(pos.players):
        waiting = [copy for copy, ability in _waiting_terrains(game, pos) if asks_choices(ability)]
        if waiting:
            names = ", ".join(c.name for c in waiting)
            who = t.priority or t.active
            return (f"the combat segment ends with {who}'s pass, and {names}'s trait (before this battle resolves) "
                    f"asks for choices: say '{who} passes answering ...' to name them")
    return None


# ---- the End phase's draw and the turn's end --------------------------------------------------

#: the rule of a trait on a moment of the turn's end
TURN_RULE = "L5R-TRAIT.1"


def _turn_cards(game, pos, kind: str) -> list:
    """(card, ability) of the active player's cards whose trait is on the moment ``kind``: in play,
    or in the discard pile for a trait that says it triggers there (:func:`_from_discard`)."""
    from .effects import in_play

    active = pos.timing.active
    found = []
    for copy in pos.all_copies():
        if copy.controller != active and copy.owner != active:
            continue
        for ability in game.abilities(copy):
            if moment(ability) != kind or not executes(ability):
                continue
            where = in_play(pos, copy) and copy.controller == active
            if _from_discard(ability):
                where = copy.zone.endswith("discard") and copy.owner == active
            if where:
                found.append((copy, ability))
    return found


def before_end_draw(game, pos, proc) -> None:
    """turn.py, the End phase: before the active player draws (L5R-END), his "Before you draw cards at
    the end of your turn" traits resolve (L5R-TRAIT.1: mandatory, every time the trigger occurs)."""
    for copy, ability in _turn_cards(game, pos, "end-draw"):
        here = _from_discard(ability)  # (it says it triggers from the discard pile: L5R-ACT-COND)
        _resolve(game, pos, copy, ability, proc, (TURN_RULE, "L5R-END", *(("L5R-ACT-COND",) if here else ())),
                 copy if here else None)


def turn_ends(game, pos, proc) -> None:
    """turn._next_turn: before the active player's turn ends, his "Before your turn ends" traits
    resolve (L5R-TRAIT.1, L5R-TURN)."""
    for copy, ability in _turn_cards(game, pos, "turn-ends"):
        here = _from_discard(ability)  # (it says it triggers from the discard pile: L5R-ACT-COND)
        _resolve(game, pos, copy, ability, proc, (TURN_RULE, "L5R-TURN", *(("L5R-ACT-COND",) if here else ())),
                 copy if here else None)

"""L5R negation: standing shields the engine checks when an effect would change a card.

The seed (000, "E. Effects") says effects can be negated *before they resolve or while they
last*: an Oni with "Cannot bow" negates any effect trying to bow it, and a negated effect does
not stop the action's other effects (L5R-ACT-EFFECT). So a negation that is a standing
prevention -- "Bow him. Negate his straightening.", "Negate his destruction from other players'
cards' effects", the trait "Negate Fear effects targeting this Follower" -- is carried out as a
shield on the card: when an effect would bow, straighten, dishonor, destroy or move it (or a
Fear effect would target it), the shield stops that change and the rest goes on. Shields an
action sets up are ongoing changes: they last until the end of the turn unless the text gives
another duration (L5R-DURATION); a trait's shield lasts while its card is in play and its
conditions hold (L5R-TRAIT).

Negating an *action* ("Negate a Political action", "Negate the action's effects on this card")
needs Interrupt timing, or a Reaction in the middle of an action's resolution, which RULES.md
does not give: :func:`clause_executes` says no to those.

Shields set up by actions live in ``position.memo[SHIELDS]`` (a ``game:`` key, so they outlive
the turn when their duration says so; they expire lazily, see :func:`_alive`).
"""

from __future__ import annotations

import re

from ...core.ability import Effect
from ...core.position import Copy, Position

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome (none: a negation
#: is set up by the procedure, see :func:`resolve`, and checked by :func:`stops`)
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: the memo key of the shields actions have set up (kept across turns: "game:" keys survive)
SHIELDS = "game:negations"

#: what a negated noun stops: the effect kinds that would make that change
CHANGES = {
    "straightening": ("straighten",),
    "movement": ("move-home", "move-to-battle", "move-to-location"),
    "destruction": ("destroy",),
    "dishonoring": ("dishonor",),
    "bowing": ("bow",),
}

#: "from other players' cards' effects", "from another player's card": only changes made by an
#: effect whose card another player controls; "from cards' effects": any card's effect (not a
#: battle resolution, which is no card's effect)
_SCOPES = {
    "from:other players' cards' effects": "others",
    "from:another player's card": "others",
    "from:other players' cards": "others",
    "from:cards' effects": "cards",
}

#: whose change is negated: "his"/"its"/"their" -- the cards the clause before named; "this
#: card's" / the card's own name -- the card itself
_WHOSE = ("of-it", "of-this")

#: a "first destruction each game" negation reads as the destruction change, once per game
CHANGES["first-destruction-each-game"] = ("destroy",)


def _nouns(spec) -> tuple[list[str], bool] | None:
    """The changes a negation names and whether only the next one is negated, or None."""
    if spec is None or len(spec.card_types) != 1:
        return None
    noun = spec.card_types[0]
    once = noun.startswith("next-")
    parts = noun[len("next-"):].split("|") if once else noun.split("|")
    if not all(p in CHANGES for p in parts):
        return None
    return parts, once


def _scope(spec) -> str | None | bool:
    """"others", "cards", None (every change), or False when a word is one the engine does not read."""
    scope = None
    for state in spec.states:
        if state in _WHOSE or state == "during:this-game":
            continue
        if state in _SCOPES:
            scope = _SCOPES[state]
            continue
        return False
    return scope


def _guards(ability, index: int) -> list:
    return [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]


#: durations an action's negation may state that the engine ends at the right moment
_DURATIONS = (None, "until your next events phase begins", "until your next turn begins")


def clause_executes(clause: Effect, ability) -> bool:
    """Does the engine carry out this negation (for ``effects.executes``)?"""
    if clause.kind == "cannot-negate":
        return unnegated_kinds(ability, clause) is not None
    if clause.kind == "cannot-be-targeted-by":
        return untargetable_executes(clause, ability)
    if clause.kind == "cannot-use-abilities":
        return unusable_executes(clause, ability)
    if clause.kind != "negate":
        from .effects_restrictions import army_clause_executes

        return army_clause_executes(clause, ability)  # "He may not attack" (effects_restrictions)
    spec = clause.target
    if ability.kind == "continuous":
        return continuous_reads(clause, "")
    if ability.kind == "trait":
        return before_shield(ability) is not None
    if ability.kind not in ("action", "reaction") or spec is None or spec.ref != "possessed":
        return False  # negating an action or "its effects": Interrupt timing RULES.md does not give
    found = _nouns(spec)
    if found is None or "either" in spec.states or _scope(spec) is False:
        return False  # "either his movement or straightening": a choice the engine is not told
    whose = [s for s in spec.states if s in _WHOSE]
    if len(whose) != 1 or (whose == ["of-it"] and not _named_before(ability, clause)):
        return False
    if _scope(spec) is None and set(found[0]) & {"destruction", "bowing"}:
        return False  # battle resolution destroys and bows by the rules without asking (battle.py)
    if clause.duration not in _DURATIONS:
        return False  # "this battle": an end the engine does not mark
    index = ability.effects.index(clause) if clause in ability.effects else -1
    for guard in _guards(ability, index):
        # "If he moved, negate ..." is decided as the effect resolves; "while this card remains in
        # play" is how long the shield lasts (read by resolve)
        if guard.kind.startswith("effect-while") and guard.kind != "effect-while:in-play":
            return False
        if guard.kind == "effect-while:in-play" and tuple(guard.args[1:]) != ("this card",):
            return False
    return True


def continuous_reads(clause: Effect, ref: str) -> bool:
    """A trait's negation the engine honours while its card is in play (L5R-TRAIT)."""
    spec = clause.target
    if clause.kind != "negate" or spec is None:
        return False
    if spec.ref == "choice" and tuple(spec.card_types) == ("effect",) and spec.keywords == ("Fear",):
        from .effects_engine import _attacked

        # "Negate Fear effects targeting this Follower / cards in this unit"
        return tuple(spec.states) == ("targeting",) and _attacked(spec) in ("self", "unit")
    if spec.ref != "possessed":
        return False
    found = _nouns(spec)
    if spec.card_types == ("first-destruction-each-game",):  # "Negate Gyoken's first destruction each game …"
        return _scope(spec) == "others" and "of-this" in spec.states
    if found is None or found[1] or _scope(spec) is False or "during:this-game" in spec.states:
        return False
    return sum(s in _WHOSE for s in spec.states) == 1


# ---------------------------------------------------------------------------- setting up a shield


def _until(pos: Position, actor: str, duration: str | None) -> dict:
    """When a shield an action sets up ends: this turn unless the text says otherwise (L5R-DURATION)."""
    t = pos.timing
    if duration in ("until your next events phase begins", "until your next turn begins"):
        turn, who = t.turn + 1, pos.next_player(t.active)
        while who != actor:  # the actor's next turn
            turn, who = turn + 1, pos.next_player(who)
        return {"turn": turn, "phase": "events" if "events" in duration else "straighten"}
    return {"turn": t.turn, "phase": None}


def _until_battle(pos: Position) -> dict:
    """"Until this battle ends": while the battle at the current battlefield is not yet resolved."""
    from .procedure import current_battlefield

    return {"turn": pos.timing.turn, "phase": None, "battle": current_battlefield(pos)}


def _named_before(ability, clause: Effect) -> bool:
    """Is there a card "his" / "their" stands for: a target, or a card an earlier effect names?

    "Choose your performing Personality: Negate his destruction": the card chosen (procedure.choose_card
    binds "him" to it) -- when it is the only card named before, so that "his" is that card and no
    target chosen earlier."""
    earlier = list(ability.costs) + list(ability.effects[:ability.effects.index(clause)])
    if any(isinstance(c, Effect) and c.target is not None and c.kind not in ("negate", "choose")
           and c.target.ref in ("target", "it") for c in earlier):
        return True
    from .procedure import chosen_card

    naming = [c for c in earlier if isinstance(c, Effect) and c.target is not None and c.target.ref not in ("this", "you")]
    if len(naming) != 1 or not chosen_card(naming[0]) or naming[0].target.count != 1:
        return False
    # ("Discard this card and choose your performing Personality": the procedure pays the discard first,
    # and a card out of play has no Personality performing its action -- every choice would be refused)
    gone = any(isinstance(c, Effect) and c.kind in ("discard", "destroy", "remove-from-game") and c.target is not None
               and c.target.ref == "this" for c in earlier[:earlier.index(naming[0])])
    return not (gone and "performing" in naming[0].target.states)


def resolve(ctx, source: Copy, ability, index: int, clause: Effect, bind) -> None:
    """Set up the shield a negation clause of an action describes, on the cards it names."""
    pos = ctx.position
    spec = clause.target
    nouns, once = _nouns(spec) or ([], False)
    whose = "of-this" if "of-this" in spec.states else "of-it"
    cards = [source] if whose == "of-this" else [c for c in bind.last if not isinstance(c, str)]
    if not cards:
        ctx.step("effect", f"{clause.text}: nothing to negate (no card named before it)", "L5R-ACT-EFFECT")
        return
    kinds = sorted({k for noun in nouns for k in CHANGES[noun]})
    until = {"turn": None, "phase": None} if "during:this-game" in spec.states else _until(pos, ctx.actor,
                                                                                           clause.duration)
    holder = None
    if any(g.kind == "effect-while:in-play" for g in _guards(ability, index)):
        holder = source.uid  # "while this card remains in play"
    scope = _scope(spec) or None
    for card in cards:
        pos.memo.setdefault(SHIELDS, []).append({
            "uid": card.uid, "kinds": kinds, "scope": scope, "owner": ctx.actor, "once": once,
            "until": until, "holder": holder, "source": source.name, "text": clause.text})
        how = "the next " if once else ""
        end = {None: "until the end of the turn"}.get(clause.duration, clause.duration or "")
        if holder is not None:
            end = f"while {source.name} remains in play"
        elif "during:this-game" in spec.states:
            end = "this game"
        who = {"others": " from other players' cards' effects", "cards": " from cards' effects"}.get(scope, "")
        ctx.step("effect", f"negate {how}{'/'.join(nouns)} of {card.show()}{who} ({end})",
                 "L5R-ACT-EFFECT", "L5R-DURATION")


def _alive(game, pos: Position, shield: dict) -> bool:
    until, t = shield["until"], pos.timing
    if shield["holder"] is not None:
        from .effects import in_play

        holder = pos.copies.get(shield["holder"])
        if holder is None or not in_play(pos, holder):
            return False
        if until["turn"] is None or until["phase"] is None:
            return True
    if "battle" in until:  # "until this battle ends": the battle's resolution ends it (battle.py marks it resolved)
        return t.turn == until["turn"] and t.phase == "attack" and until["battle"] is not None \
            and until["battle"] not in pos.memo.get("resolved", [])
    if until.get("during"):
        return t.turn == until["turn"] and t.phase == until["during"]  # "this phase"
    if until["turn"] is None:
        return True  # "this game"
    if until["phase"] is None:
        return t.turn == until["turn"]  # the end of the turn it was set up in
    order = ("straighten", "events", "action", "attack", "dynasty", "end")
    if t.turn != until["turn"]:
        return t.turn < until["turn"]
    return order.index(t.phase) < order.index(until["phase"]) if t.phase in order else False


# ---------------------------------------------------------------------------- checking the shields


def _effect_controller(game, pos: Position, source: str) -> str | None:
    """Who controls the card whose effect is making a change (``source`` is its name)."""
    uid = pos.memo.get("_source")
    if uid in pos.copies and pos.copies[uid].name == source and pos.memo.get("_actor"):
        return pos.memo["_actor"]  # the action being resolved: its card is the actor's (L5R-ACT-ANNOUNCE)
    from .effects import in_play

    # a trait's or a delayed effect's card, known by its name: in play first (a trait works from play)
    named = [c for c in pos.copies.values() if c.name == source]
    for cards in ([c for c in named if in_play(pos, c)], named):
        owners = {c.controller for c in cards}
        if len(owners) == 1:
            return owners.pop()
    return None  # two players' cards of that name: not known, so a scoped negation does not apply


def _would_change(pos: Position, copy: Copy, kind: str) -> bool:
    """Would this kind change the card at all? (a "next" negation is used only by a real change)"""
    from .effects import in_play

    if kind == "bow":
        return "bowed" not in copy.flags
    if kind == "straighten":
        return "bowed" in copy.flags
    if kind == "dishonor":
        return "dishonored" not in copy.flags and copy.card.type == "personality"
    if kind == "destroy":
        return in_play(pos, copy)
    if kind == "move-home":
        return copy.zone != "home"
    return True


def _scope_fits(scope: str | None, owner: str, by: str | None, card_effect: bool) -> bool:
    if scope is None:
        return True
    if not card_effect:
        return False  # a rule of the game (the Straighten phase), not a card's effect
    if scope == "cards":
        return True
    return by is not None and by != owner


def stops(game, pos: Position, copy: Copy, kind: str, source: str | None) -> str | None:
    """Why a standing negation stops ``kind`` on ``copy`` now, or None.

    ``source`` is the name of the card whose effect makes the change, or None when a rule of
    the game makes it (the Straighten phase straightening every bowed card)."""
    if unnegated(pos, kind, source):
        return None  # "This movement will not be negated"
    from .interrupts import stops as interrupted

    negated = interrupted(pos, copy, kind, source)  # "Negate his movement from the action" (interrupts.py)
    if negated:
        return negated
    if kind == "move-to-battle" or (kind == "move-to-location" and str(game.choice_of(pos) or "").lower() != "home"):
        from .effects_restrictions import army_barred

        barred = army_barred(game, pos, copy, "move")  # "will not move into an attacking army"
        if barred:
            return f"{copy.show()} {barred}"
    if kind not in ("bow", "straighten", "dishonor", "destroy", "move-home", "move-to-battle",
                    "move-to-location", "fear", "discard"):
        return None
    by = _effect_controller(game, pos, source) if source is not None else None
    shields = pos.memo.get(SHIELDS)
    if shields:
        live = [s for s in shields if _alive(game, pos, s)]
        if len(live) != len(shields):
            pos.memo[SHIELDS] = shields = live
        for shield in shields:
            if shield["uid"] != copy.uid or kind not in shield["kinds"]:
                continue
            if not _scope_fits(shield["scope"], shield["owner"], by, source is not None):
                continue
            if not _would_change(pos, copy, kind):
                return None
            if shield["once"]:
                shields.remove(shield)  # "his next straightening": used up
            return f"negated by {shield['source']} ({shield['text']})"
    return _trait_stops(game, pos, copy, kind, by, source is not None)


def _trait_stops(game, pos: Position, copy: Copy, kind: str, by: str | None, card_effect: bool) -> str | None:
    """A trait of a card in play negating this change ("Negate Fear effects targeting this
    Follower"; "While this Shugenja is defending, negate his destruction from other players'
    cards' effects"; "Other players' cards will not bow him"), while its conditions hold (L5R-TRAIT)."""
    from .continuous import _conditions_hold, lasting_clauses

    for source, ability, index, clause in lasting_clauses(game, pos):
        first = False
        if clause.kind == _SCOPED_KINDS.get(kind) and not ability.designators:
            why = _scoped_stops(game, pos, source, ability, index, clause, copy, by, card_effect)
            if why:
                return why
            continue
        if clause.kind != "negate" or ability.designators or not continuous_reads(clause, ""):
            continue
        spec = clause.target
        if spec.ref == "choice":  # Fear effects targeting ...
            if kind != "fear":
                continue
            from .effects_engine import _reaches_attack

            if not _reaches_attack(pos, source, spec, copy, by):
                continue
        else:
            first = spec.card_types == ("first-destruction-each-game",)
            nouns = ["first-destruction-each-game"] if first else _nouns(spec)[0]
            # "Ji-Yun's dishonoring": the card's own; "his destruction" on an attachment: its bearer's
            whose = source.attached_to if "of-it" in spec.states and source.attached_to is not None else source.uid
            if kind not in {k for n in nouns for k in CHANGES[n]} or copy.uid != whose:
                continue
            if not _scope_fits(_scope(spec), source.controller, by, card_effect):
                continue
            if not _would_change(pos, copy, kind):
                return None
        # ("first destruction each game": counted only when it does negate)
        if _conditions_hold(game, pos, source, ability, index, source) and \
                (not first or _first(pos, source, ability, "game")):
            return f"negated by {source.name}'s trait ({clause.text})"
    return _before_stops(game, pos, copy, kind, by, card_effect)


# ---------------------------------------------------------------------------- "Before … destroys this card, negate …"
#
# A triggered trait whose trigger is a destruction (or a dishonoring) about to happen and whose
# effect negates it -- and at most destroys this card as well ("negate the destruction and destroy
# this Item", done as it negates): mandatory, even while its card is bowed (L5R-TRAIT), and an
# effect negated before it resolves (seed 000, E). Read from a small grammar of the trigger's words;
# "the first time this game / each turn" is counted per card.

_BEFORE = re.compile(
    r"before (?:the first time (this game|each turn) )?"
    r"(another player's card|another player's effect from a card|another player's card's effect|an action's effect)"
    r" destroys (this card|this follower|this personality|this holding|a card in a unit)( during the action phase)?")
#: "Before this Personality is dishonored, destroy this Item and negate the dishonoring"
_BEFORE_DISHONORED = re.compile(r"before (this personality|this card) is dishonored")

#: the change a "before" trigger speaks of -> the noun its negation names
_BEFORE_NOUNS = {"destroy": "destruction", "dishonor": "dishonoring"}


def before_shield(ability) -> dict | None:
    """A "Before … destroys this card, negate the destruction" trait -- with, besides the negation,
    at most "destroy this Item" (the price it pays, carried out as it negates) -- read as: "once" per
    "game"/"turn"/None, "by" "others"/"actions"/"any", "whom" "this"/"unit", the change's "kind",
    "phase" ("action" or None), "extras" (the other effects); None when the engine does not read it."""
    trigger = ability.trigger
    if trigger is None or trigger.timing != "before" or ability.costs or ability.conditions or ability.limit:
        return None
    negations = [c for c in ability.effects if isinstance(c, Effect) and c.kind == "negate"]
    extras = [c for c in ability.effects if c not in negations]
    if len(negations) != 1 or len(extras) > 1 or any(
            not isinstance(c, Effect) or c.kind != "destroy" or c.target is None or c.target.ref != "this"
            or c.duration is not None for c in extras):
        return None
    spec = negations[0].target
    text = (trigger.text or "").strip().lower()
    m = _BEFORE.fullmatch(text)
    d = _BEFORE_DISHONORED.fullmatch(text) if m is None else None
    if m is None and d is None:
        return None
    kind = "destroy" if m is not None else "dishonor"
    if spec is None or spec.card_types != (_BEFORE_NOUNS[kind],) or spec.ref != "possessed" \
            or tuple(spec.states) not in (("of-it",), ("of-this",)):
        return None
    if d is not None:
        return {"once": None, "by": "any", "whom": "this", "kind": kind, "phase": None, "extras": extras}
    whom = "unit" if m.group(3) == "a card in a unit" else "this"
    if whom == "unit" and spec.states != ("of-it",):
        return None
    return {"once": {"this game": "game", "each turn": "turn"}.get(m.group(1)), "kind": kind,
            "by": "actions" if m.group(2) == "an action's effect" else "others", "whom": whom,
            "phase": "action" if m.group(4) else None, "extras": extras}


def _first(pos: Position, source: Copy, ability, scope: str) -> bool:
    """Is this the first time (this game / this turn) the trait of ``source`` negates? Marks it used."""
    key = ("game:" if scope == "game" else "") + "negate-used"
    mark = f"{source.uid}:{ability.text}"
    used = pos.memo.setdefault(key, [])
    if mark in used:
        return False
    used.append(mark)
    return True


def _before_stops(game, pos: Position, copy: Copy, kind: str, by: str | None, card_effect: bool) -> str | None:
    from .effects import in_play

    if kind not in _BEFORE_NOUNS or not card_effect or not in_play(pos, copy):
        return None
    for source in list(pos.copies.values()):
        if not in_play(pos, source):
            continue
        for ability in game.abilities(source):
            if ability.kind != "trait":
                continue
            read = before_shield(ability)
            if read is None:
                continue
            once, who, whom = read["once"], read["by"], read["whom"]
            if read["kind"] != kind or read["phase"] is not None and pos.timing.phase != read["phase"]:
                continue
            # "this Personality" on an Item: the Personality it is attached to
            me = source.attached_to if source.card.type != "personality" and source.attached_to is not None \
                and "personality" in (ability.trigger.text or "").lower() else source.uid
            if whom == "this" and copy.uid != me:
                continue
            if kind == "dishonor" and not _would_change(pos, copy, kind):
                continue
            if whom == "unit" and not (copy.card.type == "personality" or copy.attached_to is not None
                                       or copy.card.type == "follower"):
                continue
            if who == "others" and (by is None or by == source.controller):
                continue
            if who == "actions" and not pos.memo.get("_actor"):
                continue
            if once and not _first(pos, source, ability, once):
                continue
            done = [_before_extra(game, pos, source, c) for c in read["extras"]]
            return f"negated by {source.name}'s trait ({ability.text})" + "".join(f"; {d}" for d in done)
    return None


def _before_extra(game, pos: Position, source: Copy, clause: Effect) -> str:
    """The trait's other effect, carried out as it negates ("destroy this Item")."""
    from .effects import apply_to_card

    out = apply_to_card(game, pos, source, clause, as_cost=False, source=source.name)
    return out.description if out.changed else f"{out.description}: no change ({out.why})"




# ---------------------------------------------------------------------------- "will not … from other players' cards"
#
# "Other players' cards will not bow him", "Other players' actions will not discard cards from your
# hand": a "cannot …" trait kept to the changes some effects make (the condition "effect-by"). It is
# a negation of those effects only (seed 000, E), checked when one of them would make the change.

#: the change -> the trait kind that forbids it (moving is left out: the Imperial Favor's Battle
#: action moves a unit home without asking, so a shield against "actions" moving could not be kept)
_SCOPED_KINDS = {"bow": "cannot-bow", "destroy": "cannot-destroy", "discard": "cannot-discard",
                 "dishonor": "cannot-dishonor"}
#: whose effects the condition names -> (another player's only, during an action only)
_BY = {"opponent-cards": (True, False), "opponent-effects": (True, False), "opponent-actions": (True, True)}


def _scoped_by(ability, index: int):
    found = [g for g in _guards(ability, index) if g.kind == "effect-by"]
    return _BY.get(found[0].args[1]) if len(found) == 1 and len(found[0].args) > 1 else None


def _scoped_reach(spec) -> str | None:
    """Whom a scoped "will not" trait protects: "this" (the card, "him"), "hand" ("cards from your hand")."""
    if spec is None or spec.ref in ("this", "it"):
        return "this"
    if spec.ref == "each" and (spec.text or "").lower() == "cards from your hand" and spec.zone == "hand":
        return "hand"
    return None


def scoped_executes(ability, cond) -> bool:
    """A trait's "effect-by" condition the engine reads (for ``effects.executes``)."""
    if cond.kind != "effect-by" or ability.kind != "continuous" or ability.designators or not cond.args:
        return False
    kind, _, number = cond.args[0].partition(" ")
    if kind != "effect" or not number.isdigit() or int(number) >= len(ability.effects):
        return False
    clause = ability.effects[int(number)]
    if cond.args[1:] == ("battle-resolution",):  # "Battle resolution does not bow cards in this unit"
        return _spares_unit(clause)
    return isinstance(clause, Effect) and clause.kind in _SCOPED_KINDS.values() \
        and _scoped_by(ability, int(number)) is not None and _scoped_reach(clause.target) is not None


def _scoped_stops(game, pos: Position, source: Copy, ability, index: int, clause: Effect, copy: Copy,
                  by: str | None, card_effect: bool) -> str | None:
    from .conditions import evaluate

    scope = _scoped_by(ability, index)
    reach = _scoped_reach(clause.target)
    if scope is None or reach is None or not card_effect:
        return None
    others_only, actions_only = scope
    bearer = source.attached_to if clause.target is not None and clause.target.ref == "it" else None
    if reach == "this" and copy.uid != (source.uid if bearer is None else bearer):
        return None  # "him" on an attachment: the Personality bearing it
    if reach == "hand" and not (copy.zone == "hand" and copy.zone_owner == source.controller):
        return None
    if others_only and (by is None or by == source.controller):
        return None
    if actions_only and not pos.memo.get("_actor"):
        return None  # a trait's or a delayed effect, not an action being resolved
    for guard in _guards(ability, index):  # "While this Shugenja is defending"
        if guard.kind != "effect-by" and evaluate(guard, game=game, pos=pos, actor=source.controller, source=source,
                                                  subject_of=lambda w: source) is not True:
            return None
    return f"negated by {source.name}'s trait ({clause.text})"


# ---------------------------------------------------------------------------- "Battle resolution does not bow …"
#
# "Battle resolution does not bow cards in this unit" (while its conditions hold: "While this
# Shugenja is Thunder"): the attacking units a resolution bows and sends home (L5R-RESOLVE) are
# not bowed if they are in that card's unit; they still go home. Asked by battle.resolve_battle.


def _spares_unit(clause) -> bool:
    spec = getattr(clause, "target", None)
    return isinstance(clause, Effect) and clause.kind == "cannot-bow" and spec is not None and spec.ref == "each" \
        and tuple(spec.states) == ("in-unit",) and (spec.text or "").lower() == "cards in this unit"


def resolution_spares(game, pos: Position, copy: Copy) -> str | None:
    """Why the battle's resolution does not bow ``copy`` (a trait of a card in its unit), or None."""
    from .conditions import evaluate
    from .states import _leader

    leader = _leader(pos, copy)
    for holder in (leader, *pos.attachments_of(leader.uid)):
        for ability in game.abilities(holder):
            if ability.kind != "continuous" or ability.designators:
                continue
            for index, clause in enumerate(ability.effects):
                guards = _guards(ability, index)
                if not _spares_unit(clause) or not any(g.kind == "effect-by" and g.args[1:] == ("battle-resolution",)
                                                       for g in guards):
                    continue
                if all(evaluate(g, game=game, pos=pos, actor=holder.controller, source=holder,
                                subject_of=lambda w, h=holder: h) is True for g in guards if g.kind != "effect-by"):
                    return f"{holder.name}'s trait: {ability.text}"
    return None


# ---------------------------------------------------------------------------- "may not target"
#
# "Melee Attacks may not target this Follower", "Your Political actions may not target Umehiko",
# "Other players' actions may not target him this phase", "Fear 4 that cannot target a Cavalry
# card": a card the text protects cannot be chosen as a target of such an action, which is checked
# when targets are chosen (L5R-ACT-TARGET), like a "Cannot bow" card negating a bowing (seed 000, E).

#: the attacks an "… Attacks may not target" phrase names (the military shorthands' own kinds)
_ATTACKS = {"fear": ("fear",), "melee attacks": ("melee-attack",), "ranged attacks": ("ranged-attack",),
            "melee and ranged attacks": ("melee-attack", "ranged-attack"), "melee-attack": ("melee-attack",),
            "ranged-attack": ("ranged-attack",)}
#: "[Your | Other players'] [Political | Battle …] actions"
_ACTIONS = re.compile(r"(your |other players' )?(?:(political|battle|limited|open|engage|fear|iaijutsu) )?actions")
_FROM_UNITS = "actions from cards in other players' units"


def _by(phrase: str | None) -> dict | None:
    """What the "by" phrase of a targeting restriction names, or None when the engine does not read it."""
    low = (phrase or "").strip().lower()
    if low in _ATTACKS:
        return {"attacks": _ATTACKS[low]}
    if low == _FROM_UNITS:
        return {"whose": "others", "from-unit": True}
    m = _ACTIONS.fullmatch(low)
    if m:
        return {"whose": {"your ": "you", "other players' ": "others"}.get(m.group(1) or ""),
                "designator": m.group(2).title() if m.group(2) else None}
    return None


def _protects(spec) -> str | None:
    """Whom a trait's restriction protects: "self" (this card, by name or "this Follower"), "unit"
    ("cards in this unit"), or None."""
    if spec is None:
        return None
    if spec.ref == "this" and not spec.states and not spec.tests:
        return "self"
    if spec.ref == "choice" and tuple(spec.states) == ("in-unit",) and (spec.text or "").lower() == "cards in this unit":
        return "unit"
    return None


def _inline(clause: Effect, ability) -> bool:
    """"Fear 4 that cannot target a Cavalry card": a restriction on the attack just before it."""
    index = ability.effects.index(clause) if clause in ability.effects else -1
    before = ability.effects[index - 1] if index > 0 else None
    return clause.keyword in ("fear", "melee-attack", "ranged-attack") and isinstance(before, Effect) \
        and before.kind == clause.keyword and clause.target is not None and clause.target.ref == "choice"


def untargetable_executes(clause: Effect, ability) -> bool:
    by = _by(clause.keyword)
    if by is None:
        return False
    if ability.kind == "continuous":
        return _protects(clause.target) is not None
    if ability.kind not in ("action", "reaction"):
        return False
    if _inline(clause, ability):
        from .states import checked

        spec = clause.target
        return not spec.tests and spec.zone is None and all(checked(s) for s in spec.states)
    return clause.target is not None and clause.target.ref in ("it", "target") and clause.duration in (None, "phase")


def continuous_untargetable(clause: Effect, ref: str) -> bool:
    return clause.kind == "cannot-be-targeted-by" and _by(clause.keyword) is not None \
        and _protects(clause.target) is not None


def _by_fits(by: dict, ctx, source: Copy, ability, spec, owner: str) -> bool:
    """Is the action being taken (``source``'s ``ability``, choosing ``spec``) one the phrase names?"""
    from .effects import in_play
    from .procedure import MILITARY

    if "attacks" in by:  # the attack's implied target, or the target its own words give ("Fear 2 targeting …")
        own = [c.kind for c in (*ability.costs, *ability.effects) if getattr(c, "target", None) is spec]
        return any(spec is MILITARY[k] or k in own for k in by["attacks"])
    if by.get("whose") == "you" and ctx.actor != owner:
        return False
    if by.get("whose") == "others" and ctx.actor == owner:
        return False
    if by.get("designator") and by["designator"] not in ability.designators:
        return False
    if by.get("from-unit"):  # a card in a unit: a Personality in play or a card attached to one
        return in_play(ctx.position, source) and (source.card.type == "personality" or source.attached_to is not None)
    return True


def untargetable(ctx, source: Copy, ability, copy: Copy, spec) -> str | None:
    """Why ``copy`` may not be chosen as ``spec``, a target of ``source``'s ``ability``, or None."""
    from .procedure import MILITARY, target_ok

    pos, game = ctx.position, ctx.game
    for clause in ability.effects:  # "Fear 4 that cannot target a Cavalry card"
        if isinstance(clause, Effect) and clause.kind == "cannot-be-targeted-by" and _inline(clause, ability) \
                and spec is MILITARY.get(clause.keyword) and target_ok(ctx, copy, clause.target) is None:
            return f"the {clause.keyword.replace('-', ' ')} may not target {clause.target.text}"
    for shield in pos.memo.get(SHIELDS, ()):
        if shield.get("by") and shield["uid"] == copy.uid and _alive(game, pos, shield) \
                and _by_fits(_by(shield["by"]), ctx, source, ability, spec, shield["owner"]):
            return f"{shield['source']}: {shield['text']}"
    from .continuous import _conditions_hold, lasting_clauses
    from .states import _leader

    for holder, trait, index, clause in lasting_clauses(game, pos):
        if clause.kind != "cannot-be-targeted-by" or trait.designators or not continuous_untargetable(clause, ""):
            continue
        whom = _protects(clause.target)
        if whom == "self" and copy.uid != holder.uid:
            continue
        if whom == "unit" and (not copy.zone.startswith("battlefield") and copy.zone != "home"
                               or _leader(pos, copy).uid != _leader(pos, holder).uid):
            continue
        if _by_fits(_by(clause.keyword), ctx, source, ability, spec, holder.controller) \
                and _conditions_hold(game, pos, holder, trait, index, holder):
            return f"{holder.name}'s trait: {clause.text}"
    return None


def set_untargetable(ctx, source: Copy, clause: Effect, bind) -> None:
    """"Other players' actions may not target him this phase": a shield on the cards named."""
    if _inline(clause, _ability_of(ctx, source, clause)):
        ctx.step("effect", f"{clause.text} (checked when the target was chosen)", "L5R-ACT-TARGET")
        return
    t = ctx.position.timing
    until = {"turn": t.turn, "phase": None, "during": t.phase if clause.duration == "phase" else None}
    cards = [c for c in (bind.targets.get(id(clause.target)) if clause.target.ref == "target" else bind.last) or []
             if not isinstance(c, str)]
    if not cards:
        ctx.step("effect", f"{clause.text}: nothing to protect (no card named before it)", "L5R-ACT-EFFECT")
        return
    for card in cards:
        ctx.position.memo.setdefault(SHIELDS, []).append({
            "uid": card.uid, "kinds": [], "by": clause.keyword, "scope": None, "owner": ctx.actor, "once": False,
            "until": until, "holder": None, "source": source.name, "text": clause.text})
        end = "this phase" if clause.duration == "phase" else "until the end of the turn"
        ctx.step("effect", f"{clause.keyword} may not target {card.show()} ({end})", "L5R-ACT-EFFECT",
                 "L5R-ACT-TARGET", "L5R-DURATION")


def _ability_of(ctx, source: Copy, clause: Effect):
    return next(a for a in ctx.game.abilities(source) if clause in a.effects)




# ---------------------------------------------------------------------------- "abilities may not be used"
#
# "Target a Holding or Personality: Its base abilities may not be used": until the end of the turn
# (L5R-DURATION) the card's abilities cannot be used -- its actions and Reactions (L5R-ACT-COND).
# Its traits are not "used": they still work (L5R-TRAIT); nor is its Gold production, which is a
# stat the rules let a Holding or Stronghold bow for (Comprehensive Rules, "Paying Gold Costs":
# "they can bow to produce that amount of Gold as part of the rules"; L5R-GOLD). The engine's
# cards have only their printed abilities, so "base abilities" are all of them.

_USED = "use-abilities"


def unusable_executes(clause: Effect, ability) -> bool:
    spec = clause.target
    if ability.kind not in ("action", "reaction") or spec is None or spec.ref != "possessed":
        return False
    if spec.card_types in (("abilities",), ("base-abilities",)) and clause.duration is None \
            and _owner_read(ability, spec):
        return True  # "A target Holding's abilities may not be used": the target chosen for the owner
    if spec.card_types == ("abilities",) and _IN_UNIT.get(tuple(spec.states)) is not None:
        # "abilities on cards now in that unit": the cards of the unit of the card named just before
        return clause.duration in _UNIT_DURATIONS and _unit_owner(ability, clause) is not None
    if spec.card_types not in (("abilities",), ("base-abilities",)) or tuple(spec.states) not in (("of-it",),
                                                                                                ("of-choice",)):
        return False  # "one of its abilities (you choose)", "abilities on cards now in that unit"
    if spec.states == ("of-choice",) and not _the_target(ability, spec):
        return False  # "your Stronghold's abilities": a card no target names
    return clause.duration is None and _named_before(ability, clause)


#: "abilities on cards now in that unit" -> whether the card named before is left out ("other cards")
_IN_UNIT = {("on:cards now in that unit",): False, ("on:cards now in its unit",): False,
            ("on:other cards now in its unit",): True, ("on:other cards now in that unit",): True}
#: how long such a ban lasts: the turn (L5R-DURATION), or the battle the text names
_UNIT_DURATIONS = (None, "until this battle ends", "battle")


def _unit_owner(ability, clause: Effect):
    """The clause naming the card whose unit "that unit" / "its unit" is: the last one before naming a
    card, a target (its card is bound by the procedure), or None when that is not settled."""
    index = ability.effects.index(clause) if clause in ability.effects else -1
    earlier = [c for c in (*ability.costs, *ability.effects[:index]) if isinstance(c, Effect)
               and c.target is not None and c.target.ref not in ("you", "opponent")]
    last = earlier[-1] if earlier else None
    if last is None or last.target.ref != "target" or last.target.count != 1 or last.target.up_to:
        return None
    if "that unit" in clause.target.states[0] and tuple(last.target.card_types) != ("unit",):
        return None  # "that unit": a unit named just before ("its unit": the card named just before)
    return last


def _unit_cards_named(ctx, ability, clause: Effect, bind) -> list:
    """The cards now in the unit of the target named just before (not that card, for "other cards")."""
    from .effects_engine import unit_cards

    last = _unit_owner(ability, clause)
    named = [c for c in bind.targets.get(id(last.target), []) if not isinstance(c, str)] if last else []
    found: list = []
    for card in named:
        found.extend(c for c in unit_cards(ctx.position, card) if c not in found)
    if _IN_UNIT[tuple(clause.target.states)]:
        found = [c for c in found if c not in named]
    return found


def _owner_read(ability, spec) -> bool:
    """Is the owner of a possessive a target of the action the procedure binds (possessive.py)?"""
    from .possessive import owner_of
    from .states import checked

    owner = owner_of(ability, spec)
    return owner is not None and not owner.up_to and all(checked(s) for s in owner.states)


_TARGETS_ABILITIES = re.compile(r"the ([A-Z][a-z]+)'s (?:base )?abilities", re.I)


def _the_target(ability, spec) -> bool:
    """"The Region's abilities" after "Target a Region": the one target of the action, named by its
    type or keyword, is the card "it" stands for when the clause resolves (no other card named between)."""
    m = _TARGETS_ABILITIES.fullmatch((spec.text or "").strip())
    specs = [c.target for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.target is not None
             and c.target is not spec]
    targets = [t for t in specs if t.ref == "target"]
    if m is None or len(targets) != 1 or any(t.ref in ("it", "choice", "possessed") for t in specs):
        return False
    noun = m.group(1).lower()
    return noun in targets[0].card_types or noun in (k.lower() for k in targets[0].keywords)


def set_unusable(ctx, source: Copy, clause: Effect, bind) -> None:
    from .possessive import owner_cards

    owned = owner_cards(bind, clause.target)  # "A target Holding's abilities": the card chosen for it
    if owned is None and _IN_UNIT.get(tuple(clause.target.states)) is not None:
        owned = _unit_cards_named(ctx, _ability_of(ctx, source, clause), clause, bind)  # "… now in that unit"
    cards = owned if owned is not None else [c for c in bind.last if not isinstance(c, str)]
    if not cards:
        ctx.step("effect", f"{clause.text}: no card named before it", "L5R-ACT-EFFECT")
        return
    for card in cards:
        ctx.position.memo.setdefault(SHIELDS, []).append({
            "uid": card.uid, "kinds": [_USED], "scope": None, "owner": ctx.actor, "once": False,
            "until": _until_battle(ctx.position) if clause.duration in _UNIT_DURATIONS[1:]
            else _until(ctx.position, ctx.actor, None), "holder": None, "source": source.name,
            "text": clause.text})
        end = "until this battle ends" if clause.duration in _UNIT_DURATIONS[1:] else "until the end of the turn"
        ctx.step("effect", f"{card.show()}'s abilities may not be used ({end})", "L5R-ACT-EFFECT", "L5R-DURATION")


def unusable(game, pos: Position, copy: Copy) -> str | None:
    """Why ``copy``'s abilities may not be used now, or None."""
    from .effects_restrictions import cannot_perform
    from .states import _leader

    performer = _leader(pos, copy)  # the Personality carrying the card performs its actions
    barred = cannot_perform(pos, performer) if performer.card.type == "personality" else None
    if barred:
        return barred
    for shield in pos.memo.get(SHIELDS, ()):
        if shield["uid"] == copy.uid and _USED in shield["kinds"] and _alive(game, pos, shield):
            return f"{shield['source']}: {shield['text']}"
    return None


# ---------------------------------------------------------------------------- the procedure's entry


# ---------------------------------------------------------------------------- "This movement will not be negated"
#
# "Move him home. This movement will not be negated.": the change the effect just before makes
# is not negated -- no standing negation stops it (:func:`stops`), nor a "cannot be moved" trait,
# which negates any effect trying to move the card (seed 000, E; effects.apply_to_card). It holds
# from the start of the action's effects to their end, for that change made by this action's card.

#: the memo key of the changes the action being resolved makes that will not be negated
UNNEGATED = "_unnegated"


def unnegated_kinds(ability, clause: Effect) -> tuple[str, ...] | None:
    """The effect kinds "this movement will not be negated" keeps from negation, or None when the
    engine does not read the words: an action's or Reaction's own change, named by the one effect
    right before it, with no condition ("if this Shugenja is Water": decided only as it resolves)."""
    spec = clause.target
    if ability.kind not in ("action", "reaction") or spec is None or spec.ref != "possessed" \
            or tuple(spec.states) != ("of-it",) or len(spec.card_types) != 1 \
            or spec.card_types[0] not in ("movement", "destruction") or clause.duration is not None:
        return None
    if clause not in ability.effects:
        return None
    index = ability.effects.index(clause)
    if index == 0 or _guards(ability, index):
        return None
    kinds = CHANGES[spec.card_types[0]]
    changing = [c for c in ability.effects if isinstance(c, Effect) and c.kind in kinds]
    # "this movement": the one effect right before; "these movements": the effects right before, all
    # of them changes of that kind ("Move home your target Ninja and a target enemy Personality; these
    # movements will not be negated")
    these = (spec.text or "").strip().lower().startswith("these ")
    before = list(ability.effects[index - len(changing):index]) if these else [ability.effects[index - 1]]
    if changing != before or (len(before) > 1) != these or any(
            c.target is None or c.target.ref not in ("target", "it") for c in before):
        return None  # ("Destroy X ... Move him home. This movement": the destruction is not kept)
    return kinds


def protect(pos: Position, source: Copy, ability) -> None:
    """Before an action's effects resolve: note the changes its card makes that will not be negated
    (the procedure calls this, and :func:`unprotect` after them)."""
    kinds = sorted({k for c in ability.effects if isinstance(c, Effect) and c.kind == "cannot-negate"
                    for k in (unnegated_kinds(ability, c) or ())})
    if kinds:
        pos.memo[UNNEGATED] = {"source": source.name, "kinds": kinds}


def unprotect(pos: Position) -> None:
    pos.memo.pop(UNNEGATED, None)


def unnegated(pos: Position, kind: str, source: str | None) -> bool:
    """Is ``kind``, made now by an effect of card ``source``, a change that will not be negated?"""
    kept = pos.memo.get(UNNEGATED)
    return bool(kept) and source is not None and source == kept["source"] and kind in kept["kinds"]


def _resolve_unnegated(ctx, source: Copy, ability, clause: Effect) -> None:
    kinds = unnegated_kinds(ability, clause) or ()
    ctx.step("effect", f"{clause.text}: the {clause.target.card_types[0]} was made with no negation "
             f"able to stop it ({', '.join(kinds)})", "L5R-ACT-EFFECT")


#: kinds whose words (targets included) this module reads itself, checked by :func:`clause_executes`
NEGATION_KINDS = ("negate", "cannot-be-targeted-by", "cannot-use-abilities", "cannot-negate")


def resolves(clause) -> bool:
    """Is this an effect clause the procedure hands to :func:`resolve_clause`?"""
    return getattr(clause, "kind", "") in NEGATION_KINDS


def resolve_clause(ctx, source: Copy, ability, index: int, clause: Effect, bind) -> None:
    if clause.kind == "negate":
        resolve(ctx, source, ability, index, clause, bind)
    elif clause.kind == "cannot-negate":
        _resolve_unnegated(ctx, source, ability, clause)
    elif clause.kind == "cannot-be-targeted-by":
        set_untargetable(ctx, source, clause, bind)
    else:
        set_unusable(ctx, source, clause, bind)


#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {"negate": continuous_reads, "cannot-be-targeted-by": continuous_untargetable,
                          "cannot-use-abilities": lambda clause, ref: False,
                          "cannot-negate": lambda clause, ref: False}  # (an action's own: unnegated_kinds)

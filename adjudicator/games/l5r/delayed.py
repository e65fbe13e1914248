"""Delayed effects: "Discard it after your next turn begins", "Destroy him before this turn ends".

When the procedure (procedure.resolve_effects) reaches an effect scoped ``effect-delayed`` with
a moment the engine fires, it does not skip it: it records an entry in ``position.memo`` (plain
data: the source card's uid, the ability text, the effect index, the bound cards and players,
the moment, who controls it, when it was made). turn.py calls the hooks below at turn and phase
boundaries; each entry whose moment has come is carried out then, once, and the step cites
L5R-ACT-EFFECT and L5R-DURATION (the effect outlasts the ability that made it).
"""

from __future__ import annotations

import re

from ...core.ability import Effect
from ...core.position import Position
from ...core.ruling import Procedure

#: memo key; "game:" keeps it across turns (turn._next_turn clears the other keys)
KEY = "game:delayed"

#: (timing, event) of effect-delayed conditions the hooks below fire
TURN_BEGINS = ("after-next", "your-turn-begins")  # the controller's next turn begins
#: "after your second turn from now begins": the second of the controller's turns to begin from now
SECOND_TURN_BEGINS = ("after-nth-2", "your-turn-begins")
TURN_ENDS = ("end-of", "turn-ends")  # this turn ends ("before this turn ends")
#: "draw an additional card before your next turn ends": the end of the controller's next turn -- one
#: that begins after the effect is set aside (this turn, even if it is his, is not his "next")
NEXT_TURN_ENDS = ("before-next", "your-turn-ends")
PHASE_ENDS = ("end-of", "phase-ends")  # this phase ends
END_PHASE = ("during-next", "end-phase")  # the controller's next End phase begins
END_PHASE_BEGINS = ("after-next", "end-phase-begins")  # the next End phase begins
#: "Remove him from the game after this battle ends": once the battle the action was taken in has
#: resolved (battle.combat_ends, after battle.resolve_battle; L5R-RESOLVE)
BATTLE_ENDS = ("after-end-of", "battle-ends")
#: "After the next time (this turn) it straightens, destroy it": once, when the card named
#: straightens (bows) again -- the event the engine raises for it (triggers.settle -> next_time)
NEXT_TIME = {("after-next", "card-straightens"): "straightened", ("after-next", "card-bows"): "bowed",
             # "After the next time this turn he assigns (to attack)": battle.assign (L5R-ATTACK)
             ("after-next", "card-assigned"): "assigned",
             ("after-next", "card-assigned-to-attack"): "assigned-to-attack",
             # "After the next time this turn he is destroyed during a battle": raised with the destruction
             # while a battle is fought (triggers_events.raise_event)
             ("after-next", "card-destroyed-during-battle"): "destroyed-during-battle"}
#: "After the next time this turn he is assigned to attack or is destroyed": whichever comes first
_EITHER = "either:"
_CARD_EVENTS = {"card-straightens": "straightened", "card-bows": "bowed", "card-assigned": "assigned",
                "card-assigned-to-attack": "assigned-to-attack", "card-destroyed": "destroyed"}


def next_verbs(moment) -> frozenset | None:
    """The events of the card named that bring an "after the next time" moment: one (NEXT_TIME), or
    either of two ("he is assigned to attack or is destroyed"); None for other moments."""
    moment = tuple(moment or ())
    if moment in NEXT_TIME:
        return frozenset({NEXT_TIME[moment]})
    if len(moment) == 2 and moment[0] == "after-next" and moment[1].startswith(_EITHER):
        parts = moment[1][len(_EITHER):].split("|")
        verbs = [_CARD_EVENTS.get(p) for p in parts]
        return frozenset(verbs) if len(parts) > 1 and None not in verbs else None
    return None


#: "After each time (this turn) he is assigned, his controller loses 1 Honor": every time the card named
#: is assigned (battle.assign raises it), until the turn ends
EACH_TIME = {("each-time", "card-assigned"): "assigned",
             # "After each time he is assigned to attack this turn, gain 2 Honor": battle.assign raises it too
             ("each-time", "card-assigned-to-attack"): "assigned-to-attack"}
FIRED = frozenset({*EACH_TIME, TURN_BEGINS, NEXT_TURN_ENDS, SECOND_TURN_BEGINS, TURN_ENDS, PHASE_ENDS, END_PHASE, END_PHASE_BEGINS,
                   BATTLE_ENDS, *NEXT_TIME})
#: "Before this battle resolves, bow him" (an effect-trigger in a Battle action): once, just
#: before the battle the action was taken in resolves (turn.py, before battle.combat_ends)
BATTLE_RESOLVES = ("before", "battle-resolves")


#: "After this battle's resolution, destroy the Follower" (an effect-trigger): the battle ends then
AFTER_RESOLUTION = ("after", "battle-resolves")


def _when(cond) -> tuple | None:
    """The moment of a delayed effect: an effect-delayed condition's, or a battle's own moments
    written as an effect-trigger ("Before this battle resolves", "After this battle's resolution")."""
    if cond.kind == "effect-delayed":
        return moment(cond)
    if cond.kind == "effect-trigger":
        when = tuple(cond.args[1:])
        if ("each-time", when[-1]) in EACH_TIME and when[0] == "after" and \
                (cond.text or "").lower().startswith("after each time"):
            return ("each-time", when[-1])
        # ("If it is not your turn, before it ends, ...": "it" is the turn)
        if when == ("before", "turn-ends") and re.match(r"(?:if it is not your turn, )?before (?:the turn|this turn|it) "
                                                        r"ends\b", cond.text or "", re.I):
            return TURN_ENDS  # "Before the turn ends, gain 1 Honor if ...": as "before this turn ends"
        return BATTLE_ENDS if when == AFTER_RESOLUTION else when if when == BATTLE_RESOLVES else None
    return None


def fired(cond) -> bool:
    """Is ``cond`` a delayed moment the hooks below fire (procedure.resolve_effects sets it aside)?"""
    when = _when(cond)
    return when in FIRED or when == BATTLE_RESOLVES or next_verbs(when) is not None

#: references the register can bind when the ability resolves
_REFS = (None, "this", "it", "target", "created", "you", "choice")


def moment(cond) -> tuple | None:
    """(timing, event) of an effect-delayed condition, or None."""
    if cond.kind != "effect-delayed" or len(cond.args) != 3:
        return None
    return tuple(cond.args[1:])


def _index(cond) -> int | None:
    kind, _, number = cond.args[0].partition(" ") if cond.args else ("", "", "")
    return int(number) if kind == "effect" and number.isdigit() else None


def _engaging(ability) -> bool:
    """A Reaction to "After engaging": taken as the battle begins (triggers.py, L5R-ATTACK)."""
    from .triggers_events import ENGAGING, split_event

    return ability.kind == "reaction" and ability.trigger is not None and \
        split_event(ability.trigger.event)[0] == ENGAGING


def executes(ability, cond) -> bool:
    """Does the engine carry out this delayed effect at its moment (for ``effects.executes``)?"""
    if _moment_test(ability, cond):  # "Before this turn ends, if it is still in play": asked at the moment
        return _moment_test_read(cond) and any(c.args[:1] == cond.args[:1] and fired(c) and executes(ability, c)
                                               for c in ability.conditions)
    if cond.kind == "effect-trigger" and ability.kind == "trait":  # a second trigger in a triggered trait's line
        return standing_executes(ability, cond)
    if ability.kind == "trait":
        return trait_executes(ability, cond)
    when = _when(cond)
    index = _index(cond)
    if not fired(cond) or index is None or ability.kind not in ("action", "reaction"):
        return False
    if when in (BATTLE_RESOLVES, BATTLE_ENDS) and not {"Battle", "Engage"} & set(ability.designators) \
            and not _engaging(ability):
        return False  # only a Battle or Engage action (or a Reaction to engaging) is sure to be taken while
        # a battle is on (Engage actions: only in a battle's Engage Segment, L5R-COMBAT.1)
    if when == BATTLE_ENDS and any(isinstance(c, Effect) and c.kind == "create" and (
            c.target is None or "at-battlefield" not in c.target.states) and not _attached_on_creation(ability, i)
            for i, c in enumerate(ability.effects)):
        return False  # "create a 5F Personality ... Remove him after the battle ends": meant to fight
        # there, where the words do not place him (procedure.create_card: at home)
    if index >= len(ability.effects) or not isinstance(ability.effects[index], Effect):
        return False
    # the delayed condition is the effect's only condition -- but for the acting player's own "you may"
    # (decided with the action: procedure.resolve_effects skips it on "choosing no", else sets it aside)
    # and the tests asked when the moment comes ("Before this turn ends, if it is still in play, ...")
    if sum(1 for c in ability.conditions if c.args[:1] == cond.args[:1] and c.kind.startswith("effect-")
           and not _own_option(c) and not _moment_test(ability, c)) != 1:
        return False
    if any(c.args[:1] == cond.args[:1] and c.kind.startswith("effect-if:") and not _moment_test_read(c)
           for c in ability.conditions):
        return False
    if (next_verbs(when) is not None or when in EACH_TIME) and not any(
            isinstance(c, Effect) and c.target is not None and c.target.ref == "target"
            for c in (*ability.costs, *ability.effects[:index])):
        return False  # "it" / "he" must be a card the action targeted (the one watched)
    if when in EACH_TIME and not re.search(r"\(?this turn\)?", ability.text[ability.text.lower().find("each time"):]):
        return False  # "After each time he is assigned" with no end: the engine keeps it for the turn only
    if when == TURN_ENDS and not re.search(r"\b(?:this|the) turn\b", cond.text, re.I) \
            and "Limited" not in ability.designators:
        return False  # "before your turn ends" said during another player's turn: which turn is unclear
        # ("when the turn ends", "before the turn ends": the turn being played, as "this turn")
    if any(isinstance(c, Effect) and c.target is not None and "event" in c.target.card_types
           for c in (*ability.costs, *ability.effects)):
        # an Event's ability: Events resolve when revealed (turn._resolve_event); "Put this Event into
        # play. Discard it after your next turn begins" is carried out there (event_clause)
        return _event_discard(ability, index, when)
    clause = ability.effects[index]
    if _sentence_goes_on(ability, index, cond):
        return False  # "After the next time he attacks, dishonor him and his controller loses Honor": the
        # second effect belongs to the moment too, but the reader scoped only the first
    ref = clause.target.ref if clause.target is not None else None
    if _his_unit(clause):  # "Straighten his unit after this battle resolves": the unit he leads then
        from .procedure import chosen_card  # ("Choose your performing Samurai: ... Before this turn ends,
        # destroy his unit": the card chosen, named last as "he")

        earlier = [c for c in (*ability.costs, *ability.effects[:index]) if isinstance(c, Effect)]
        return clause.kind in _CARD_KINDS and any(c.target is not None and c.target.ref == "target"
                                                  or chosen_card(c) for c in earlier)
    if ref not in _REFS:
        return False
    if ref == "it":  # "it" must name a card chosen or made before it, or this card
        earlier = [c for c in (*ability.costs, *ability.effects[:index]) if isinstance(c, Effect)]
        from .procedure import chosen_card  # "Choose your performing Samurai: ... Destroy him before ..."

        if not any(c.target is not None and c.target.ref in ("target", "this") or c.kind == "create"
                   or chosen_card(c) for c in earlier):
            return False
    if ref in ("you", None):
        return clause.kind in ("draw", "gain-honor", "lose-honor")
    if _controller_of_it(clause):  # "its controller loses 1 Honor": whoever controls that card at the moment
        return True
    return clause.kind in _CARD_KINDS


def _moment_test(ability, cond) -> bool:
    """"Before this turn ends, if it is still in play, gain 1 Honor", "Gain 2 Honor before the turn ends
    if the Personality did not assign to attack this turn": a test on a delayed effect is asked when
    the effect happens -- at its moment (:func:`_fire`), not when the action resolves. Only plain "if"
    tests: "-2F, or -3F if ..." (an "unless" on the first) makes the second effect an alternative the
    reader did not set aside with it."""
    index = _index(cond) if cond.args else None
    return cond.kind.startswith("effect-if:") and index is not None and any(
        c is not cond and c.args[:1] == cond.args[:1] and fired(c) for c in ability.conditions)


def at_moment(ability, cond) -> bool:
    """For procedure.resolve_effects: leave this test for the moment the delayed effect happens."""
    return _moment_test(ability, cond) and _moment_test_read(cond)


def _moment_test_read(cond) -> bool:
    from . import history
    from .conditions import readable

    return readable(cond) or history.reads_in_delayed(cond.kind.partition(":")[2], tuple(cond.args[1:]))


def _moment_holds(game, pos: Position, proc: Procedure, ability, entry: dict, source) -> bool:
    """Do the tests of a delayed effect hold now that its moment has come? "he", "the Personality",
    "it": the card the action named when it resolved (the entry's); "this card": the card using it.
    A test the engine cannot decide leaves the effect uncarried-out (L5R-ACT-EFFECT)."""
    from . import history
    from .conditions import PRONOUNS, SELF, _subject, evaluate

    index = entry["effect"]
    named = [pos.copies.get(u) for u in (entry.get("named") or entry["cards"]) if u in pos.copies]

    def subject_of(word):
        w = word.lower()
        if w in SELF:
            return source
        if w in PRONOUNS or w in ("the personality", "the follower", "the card"):
            return named[0] if len(named) == 1 else None
        return None

    for cond in ability.conditions:
        if cond.args[:1] != (f"effect {index}",) or not _moment_test(ability, cond):
            continue
        test, args = cond.kind.partition(":")[2], tuple(cond.args[1:])
        if history.reads_in_delayed(test, args):
            # ("assigned to attack your provinces": in an attack on the effect's controller)
            against = entry["controller"] if "your provinces" in (cond.text or "").lower() \
                or test in ("did-not-attack", "none-was") else None
            verdict = history.test_delayed(test, args, pos=pos, copy=subject_of(args[0]), against=against,
                                           field=entry.get("battlefield"))
        else:
            verdict = evaluate(cond, game=game, pos=pos, actor=entry["controller"], source=source,
                               subject_of=lambda word: subject_of(word) or _subject(word, pos, source, subject_of))
        if verdict is None:
            proc.add("effect", f"not carried out: '{ability.effects[index].text}' depends on a condition the engine "
                     f"cannot check ({cond.text})", "L5R-ACT-EFFECT", "L5R-DURATION")
            return False
        if not verdict:
            proc.add("effect", f"{ability.effects[index].text}: not carried out, since the condition does not hold "
                     f"({cond.text})", "L5R-ACT-EFFECT", "L5R-DURATION")
            return False
    return True


def _own_option(cond) -> bool:
    """"You may put this card into your hand after this battle ends": the acting player's "may"."""
    return cond.kind == "effect-optional" and len(cond.args) == 1


def _his_unit(clause) -> bool:
    """"his unit": the unit of the card named before (effects_engine.unit_ref)."""
    from .effects_engine import unit_ref

    return clause.target is not None and unit_ref(clause.target) == "pronoun"


def _controller_of_it(clause) -> bool:
    """"its controller loses 1 Honor", "his controller draws a card": the player controlling the card
    named before ("it" / "he"), read when the moment comes (:func:`_fire`)."""
    spec = clause.target
    return clause.kind in ("draw", "gain-honor", "lose-honor") and spec is not None and spec.ref == "it" \
        and tuple(spec.card_types) == ("controller",) and not spec.states


def _attached_on_creation(ability, index: int) -> bool:
    """"Create and attach a +2F Armor Item to this Personality": the created card is attached where its
    bearer stands, not left at home (procedure.attach_to)."""
    after = ability.effects[index + 1] if index + 1 < len(ability.effects) else None
    return isinstance(after, Effect) and after.kind == "attach-to" and after.target is not None \
        and after.target.ref in ("this", "attached", "target", "it")


def _sentence_goes_on(ability, index: int, cond) -> bool:
    """Does the sentence of delayed effect ``index`` go on with another effect the reader did not
    set aside with it (same sentence, no delayed condition of its own)?"""
    effects = list(ability.effects)
    after = next((i for i in range(index + 1, len(effects))
                  if not (isinstance(effects[i], Effect) and effects[i].kind.startswith("amount-"))), None)
    if after is None:
        return False
    if any(c.kind in ("effect-delayed", "effect-trigger") and _index(c) == after for c in ability.conditions):
        return False
    text = ability.text
    here = text.find(effects[index].text)
    there = text.find(effects[after].text, here + 1) if here >= 0 else -1
    if here < 0 or there < 0:
        return True  # (cannot tell: not claimed)
    return "." not in text[here + len(effects[index].text):there]


#: "before your turn ends" in a triggered trait: the end of the controller's turn -- this one if it
#: is theirs, else their next (turn_ends); the moments a trait's delayed effect may wait for
YOUR_TURN_ENDS = ("end-of", "your-turn-ends")
_TRAIT_MOMENTS = (TURN_ENDS, PHASE_ENDS, TURN_BEGINS, END_PHASE, END_PHASE_BEGINS, NEXT_TURN_ENDS)


def trait_executes(ability, cond) -> bool:
    """A delayed effect of a triggered trait ("After this Follower enters play, draw an additional
    card before your turn ends"): its controller draws or gains / loses Honor at that moment."""
    index = _index(cond)
    if ability.trigger is None or _when(cond) not in _TRAIT_MOMENTS or index is None or index >= len(ability.effects):
        return False
    if sum(1 for c in ability.conditions if c.args[:1] == cond.args[:1] and c.kind.startswith("effect-")) != 1:
        return False
    if _sentence_goes_on(ability, index, cond):
        return False
    clause = ability.effects[index]
    return isinstance(clause, Effect) and clause.kind in ("draw", "gain-honor", "lose-honor") and (
        clause.target is None or clause.target.ref == "you")


def register_trait(pos: Position, source, ability, index: int, cond, proc: Procedure) -> None:
    """Set a triggered trait's delayed effect aside for its controller (triggers.resolve_clauses)."""
    when = _when(cond)
    if when == TURN_ENDS and "your turn" in cond.text.lower():
        when = YOUR_TURN_ENDS
    entry = {"source": source.uid, "text": ability.text, "effect": index, "moment": list(when),
             "battlefield": None, "cards": [], "players": [source.controller], "controller": source.controller,
             "turn": pos.timing.turn, "phase": pos.timing.phase}
    pos.memo.setdefault(KEY, []).append(entry)
    words = "as your turn ends" if when == YOUR_TURN_ENDS else _WORDS.get(when, cond.text)
    proc.add("trigger", f"'{ability.effects[index].text}' will happen {words}, not now: it is set aside until then",
             "L5R-TRAIT", "L5R-DURATION")


#: what a delayed effect may do to a card
_CARD_KINDS = frozenset({"discard", "destroy", "remove-from-game", "put-in-hand", "give-token", "bow",
                         "straighten", "dishonor", "rehonor", "move-home"})


#: when each moment comes, in words
_WORDS = {TURN_BEGINS: "after your next turn begins", NEXT_TURN_ENDS: "as your next turn ends", SECOND_TURN_BEGINS: "after your second turn from now begins",
          TURN_ENDS: "as this turn ends",
          PHASE_ENDS: "as this phase ends", END_PHASE: "during your next End phase",
          END_PHASE_BEGINS: "after the next End phase begins", BATTLE_RESOLVES: "before this battle resolves",
          BATTLE_ENDS: "after this battle ends",
          ("after-next", "card-straightens"): "after the next time it straightens",
          ("after-next", "card-bows"): "after the next time it bows",
          ("after-next", "card-assigned"): "after the next time he is assigned",
          ("after-next", "card-assigned-to-attack"): "after the next time he is assigned to attack",
          ("after-next", "card-destroyed-during-battle"): "after the next time he is destroyed during a battle",
          ("each-time", "card-assigned"): "each time he is assigned this turn",
          ("each-time", "card-assigned-to-attack"): "each time he is assigned to attack this turn"}


def register(ctx, source, ability, index: int, cond, clause, bind) -> None:
    """Record the delayed effect; bind what it applies to now (the targets were chosen on
    announcement, L5R-ACT-TARGET)."""
    from .procedure import current_battlefield, subjects

    pos = ctx.position
    ref = clause.target.ref if clause.target is not None else None
    earlier = [c for c in ability.effects[:index] if isinstance(c, Effect)]
    if ref == "it" and not bind.last and any(c.target is not None and c.target.ref == "this" for c in earlier):
        found = [source]  # "Put this Terrain into play. Discard it ...": it is this card
    else:
        found = subjects(ctx, source, clause, bind, as_cost=False)
    when = _when(cond)
    entry = {"source": source.uid, "text": ability.text, "effect": index, "moment": list(when),
             "battlefield": current_battlefield(pos),
             "cards": [c.uid for c in found if not isinstance(c, str)],
             "players": [p for p in found if isinstance(p, str)],
             "controller": ctx.actor, "turn": pos.timing.turn, "phase": pos.timing.phase}
    entry["named"] = [c.uid for c in bind.last if not isinstance(c, str)]  # "if the Personality ..." (_moment_holds)
    if _his_unit(clause):  # "his unit": the cards in his unit when the moment comes (attachments may change)
        he = bind.moved or bind.last
        entry["cards"], entry["unit-of"] = [], [c.uid for c in he[:1] if not isinstance(c, str)]
    if _controller_of_it(clause):  # "its controller": asked again when the moment comes (control may change)
        entry["controller-of"] = [c.uid for c in bind.last if not isinstance(c, str)]
    if next_verbs(when) is not None:  # the card whose next straightening (bowing) is awaited: the one targeted
        entry["watch"] = [c.uid for c in bind.last if not isinstance(c, str)]
        entry["this-turn"] = "this turn" in cond.text or "next time (this turn)" in ability.text
    if when in EACH_TIME:  # every time that card is assigned, this turn (executes asks for "this turn")
        entry["watch"] = [c.uid for c in bind.last if not isinstance(c, str)]
        entry["this-turn"] = True
    pos.memo.setdefault(KEY, []).append(entry)
    words = _WORDS.get(when, cond.text)
    ctx.step("effect", f"'{clause.text}' will happen {words}, not now: it is set aside until then",
             "L5R-ACT-EFFECT", "L5R-DURATION")


def _fire(game, pos: Position, proc: Procedure, entry: dict) -> None:
    from .effects import apply_to_card, apply_to_player, discard_copy, in_play

    source = pos.copies.get(entry["source"])
    ability = next((a for a in game.abilities(source) if a.text == entry["text"]), None) if source else None
    if ability is None:
        return
    clause = ability.effects[entry["effect"]]
    name = source.name
    proc.add("effect", f"the moment has come for {name}'s delayed effect '{clause.text}'", "L5R-ACT-EFFECT",
             "L5R-DURATION")
    if not _moment_holds(game, pos, proc, ability, entry, source):  # "if it is still in play" (asked now)
        return
    players = entry["players"]
    if "controller-of" in entry:  # "its controller": who controls that card now
        players = list(dict.fromkeys(pos.copies[u].controller for u in entry["controller-of"] if u in pos.copies))
    for player in players:
        out = apply_to_player(game, pos, player, clause, as_cost=False)
        proc.add("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                 "L5R-ACT-EFFECT", "L5R-DURATION")
    cards = list(entry["cards"])
    if entry.get("unit-of"):  # "his unit": he and the cards attached to him now (effects_engine.unit_cards)
        from .effects_engine import unit_cards

        leader = pos.copies.get(entry["unit-of"][0])
        cards = [c.uid for c in unit_cards(pos, leader)] if leader is not None and in_play(pos, leader) else []
        if not cards:
            proc.add("effect", f"{clause.text}: he has left play, so there is no unit to apply it to",
                     "L5R-ACT-EFFECT", "L5R-DURATION")
    for uid in cards:
        copy = pos.copies.get(uid)
        if copy is None:
            continue
        if clause.kind != "put-in-hand" and not in_play(pos, copy):
            proc.add("effect", f"{clause.kind} {copy.show()}: it has left play, so it ignores the effect",
                     "L5R-ACT-EFFECT", "L5R-DURATION")
            continue
        if clause.kind == "discard" and copy.zone != "hand":
            discard_copy(pos, copy)  # a card in play ("Discard it"): to its owner's discard pile
            proc.add("effect", f"discard {copy.show()}", "L5R-ACT-EFFECT", "L5R-DURATION")
            continue
        out = apply_to_card(game, pos, copy, clause, as_cost=False, source=name)
        proc.add("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                 "L5R-ACT-EFFECT", "L5R-DURATION")


def _run(game, pos: Position, proc: Procedure, due) -> None:
    entries = pos.memo.get(KEY, [])
    ready = [e for e in entries if due(e)]
    if not ready:
        return
    pos.memo[KEY] = [e for e in entries if e not in ready]
    for entry in ready:
        _fire(game, pos, proc, entry)
    if not pos.memo[KEY]:
        del pos.memo[KEY]


def phase_ends(game, pos: Position, proc: Procedure) -> None:
    """Before the current phase gives way to another (turn.enter_phase, turn._next_turn)."""
    phase, turn = pos.timing.phase, pos.timing.turn
    if phase == "attack" and pos.timing.step != "declaration":  # (a declined attack has no Attack phase)
        from .triggers_events import ATTACK_ENDS, raise_event

        raise_event(pos, ATTACK_ENDS, None)  # "After an Attack Phase ends" (triggers.py)
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == PHASE_ENDS and e["phase"] == phase and e["turn"] == turn)


def phase_begins(game, pos: Position, proc: Procedure) -> None:
    """Right after a phase has begun (turn.enter_phase)."""
    t = pos.timing
    if t.phase == "dynasty":  # a duel's delayed consequences of losing (duels._hold_back)
        _run(game, pos, proc, lambda e: tuple(e["moment"]) == ("after-next", "dynasty-phase-begins")
             and (e["turn"] < t.turn or e["phase"] != "dynasty"))
    if t.phase != "end":
        return
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == END_PHASE_BEGINS
         or (tuple(e["moment"]) == END_PHASE and e["controller"] == t.active))


def turn_ends(game, pos: Position, proc: Procedure) -> None:
    """When the turn ends, before ongoing changes expire (turn._next_turn)."""
    phase_ends(game, pos, proc)
    turn = pos.timing.turn
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == TURN_ENDS and e["turn"] == turn)
    active = pos.timing.active
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == YOUR_TURN_ENDS and e["controller"] == active)
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == NEXT_TURN_ENDS and e["controller"] == active
         and e["turn"] < turn)
    entries = pos.memo.get(KEY, [])
    lapsed = [e for e in entries if (next_verbs(e["moment"]) is not None or tuple(e["moment"]) in EACH_TIME)
              and e.get("this-turn") and e["turn"] == turn]
    for entry in lapsed:  # "After the next time this turn it bows, ...": the turn is over, it never did
        if tuple(entry["moment"]) in EACH_TIME:
            proc.add("effect", f"the turn ends: the effect of '{entry['text'][:60]}' after each time ends with it",
                     "L5R-DURATION")
            continue
        proc.add("effect", f"the turn ends: the delayed effect of '{entry['text'][:60]}' lapses, its moment never "
                 "came", "L5R-DURATION")
    if lapsed:
        pos.memo[KEY] = [e for e in entries if e not in lapsed]
        if not pos.memo[KEY]:
            del pos.memo[KEY]


def next_time(game, pos: Position, events: list, proc: Procedure) -> None:
    """Card events just raised (triggers.settle): "After the next time it straightens, ..." whose
    card has just straightened (bowed) happens now, once."""
    turn = pos.timing.turn
    happened = {(e[0], e[1]) for e in events if len(e) == 2}

    def due(entry) -> bool:
        verbs = next_verbs(entry["moment"]) or ()
        return bool(verbs) and (not entry.get("this-turn") or entry["turn"] == turn) and any(
            (verb, uid) in happened for uid in entry.get("watch", ()) for verb in verbs)

    _run(game, pos, proc, due)
    for entry in list(pos.memo.get(KEY, [])):  # "After each time he is assigned": each time, kept for the turn
        verb = EACH_TIME.get(tuple(entry["moment"]))
        if verb is None or entry["turn"] != turn:
            continue
        times = sum(1 for uid in entry.get("watch", ()) for e in events if len(e) == 2 and (e[0], e[1]) == (verb, uid))
        for _ in range(times):
            _fire(game, pos, proc, entry)


def battle_resolves(game, pos: Position, proc: Procedure) -> None:
    """Just before the current battle resolves (turn.py, before battle.combat_ends)."""
    from .procedure import current_battlefield
    from .triggers_moments import before_resolution

    before_resolution(game, pos, proc)  # a Terrain's "Before this battle resolves" trait (L5R-RESOLVE.11)
    field, turn = current_battlefield(pos), pos.timing.turn
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == BATTLE_RESOLVES and e["turn"] == turn
         and e.get("battlefield") == field)


def battle_ends(game, pos: Position, proc: Procedure, field: str | None) -> None:
    """Once the battle at ``field`` has resolved (battle.combat_ends, after battle.resolve_battle)."""
    from .triggers_moments import after_resolution

    after_resolution(game, pos, proc, field)  # a Terrain's "After this battle resolves" trait (L5R-RESOLVE.11)
    turn = pos.timing.turn
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == BATTLE_ENDS and e["turn"] == turn
         and e.get("battlefield") == field)


def turn_begins(game, pos: Position, proc: Procedure) -> None:
    """After a new turn has begun (turn._next_turn)."""
    from .history import turn_begins as seen_from_start

    seen_from_start(pos)  # the turn's record holds all of this turn from now on (history.py)
    t = pos.timing
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == TURN_BEGINS and e["controller"] == t.active
         and e["turn"] < t.turn)
    # "after your second turn from now begins": the first of his turns to begin only counts
    _run(game, pos, proc, lambda e: tuple(e["moment"]) == SECOND_TURN_BEGINS and e["controller"] == t.active
         and e["turn"] < t.turn and e.get("begun", 0) >= 1)
    for entry in pos.memo.get(KEY, []):
        if tuple(entry["moment"]) == SECOND_TURN_BEGINS and entry["controller"] == t.active and entry["turn"] < t.turn:
            entry["begun"] = entry.get("begun", 0) + 1


# ---- an effect right after the move before it ("After this moves him, straighten his unit") ----

#: the moments of a move the same action has just made: "as he moves", "after this moves him",
#: "after he moves"
_OWN_MOVE = (("as", "card-moves"), ("after", "card-moves"))
#: the moves the procedure records (procedure.resolve_effects: ``bind.moved``, "_done" "moved")
_MOVES = ("move-home", "move-to-battle")


def follows_move(ability, cond) -> bool:
    """"Move him home. Straighten his unit as he moves", "Move it to the current battlefield. After
    this moves it, straighten its unit", "... move him to this battlefield. After he moves,
    straighten him": the effect waits for the move the action makes just before it, which is done
    by then, so it is carried out right after that move and only if the card did move (procedure:
    effects_engine.simultaneous, the "moved" the move recorded). The mover is a card the action
    targeted or named ("him", "it"), this card, or the Personality a Spell is attached to ("Move this
    Personality home" on a Spell)."""
    if cond.kind != "effect-delayed" or tuple(cond.args[1:]) not in _OWN_MOVE:
        return False
    index = _index(cond)
    if index is None or index == 0 or index >= len(ability.effects) or ability.kind not in ("action", "reaction"):
        return False
    if sum(1 for c in ability.conditions if c.args[:1] == cond.args[:1] and c.kind.startswith("effect-")) != 1:
        return False  # ("you may straighten ... as he moves": a choice on top of the moment)
    before = ability.effects[index - 1]
    if not (isinstance(before, Effect) and before.kind in _MOVES and before.target is not None
            and before.target.ref in ("this", "target", "it", "attached")):
        return False
    if before.target.ref == "it":  # "move him": a card the action targeted or chose before the move
        from .conditions import leads_with_own_card
        from .procedure import chosen_card

        earlier = [c for c in (*ability.costs, *ability.effects[: index - 1]) if isinstance(c, Effect)]
        # ("If Natsumi would be opposed, move it to the current battlefield": "it" is this card, the
        # subject of the test just before -- conditions.leading_subject)
        return any(c.target is not None and c.target.ref == "target" or chosen_card(c) for c in earlier) \
            or leads_with_own_card(ability, index - 1)
    return True


# ---- standing triggers inside a line ("After you Equip this Item, gain 2 Honor") ----------

#: what a second trigger in a continuous line may do: its controller gains or loses Honor, draws
_STANDING_KINDS = ("gain-honor", "lose-honor", "draw")


def _standing_trigger(cond):
    from ...core.ability import Trigger

    if cond.kind != "effect-trigger" or len(cond.args) != 3 or cond.args[1] != "after":
        return None
    # the condition's text runs on into the effect ("After your turn begins, give ..."): the
    # trigger's own words end at the comma
    return Trigger(timing="after", event=cond.args[2], text=cond.text.split(",")[0])


def _own_card_event(trigger) -> bool:
    """"After you Recruit Daiishu", "After Atsushi wins a duel": an event about the card itself, so
    "him" in the effects it sets off is that card (triggers.resolve_clauses: the card the event was about)."""
    from .triggers_events import split_event

    return split_event(trigger.event)[0].startswith(("this-card-", "this-personality-"))


def _trigger_indexes(ability, cond) -> list[int]:
    """The effects a second trigger sets off: the one the reader scoped, and those going on in its
    sentence without conditions of their own ("After you Recruit Daiishu, gain 2 Honor and
    permanently give him Naval")."""
    index = _index(cond)
    if index is None:
        return []
    found = [index]
    effects = list(ability.effects)
    while found[-1] + 1 < len(effects) and not any(c.args[:1] == (f"effect {found[-1] + 1}",)
                                                  for c in ability.conditions):
        here = ability.text.find(effects[found[-1]].text) if isinstance(effects[found[-1]], Effect) else -1
        nxt = effects[found[-1] + 1]
        there = ability.text.find(nxt.text, here + 1) if here >= 0 and isinstance(nxt, Effect) else -1
        if here < 0 or there < 0 or "." in ability.text[here + len(effects[found[-1]].text):there]:
            break
        found.append(found[-1] + 1)
    return found


def standing_executes(ability, cond) -> bool:
    """A second trigger of a continuous line the engine fires (``standing``), on a card event it
    raises, with an effect on the card's controller."""
    from .triggers import fires

    trigger = _standing_trigger(cond)
    index = _index(cond)
    from .continuous import designated_ok

    if trigger is None or index is None or ability.kind not in ("continuous", "trait"):
        return False
    if ability.designators and not (ability.kind == "continuous" and designated_ok(ability)):
        return False  # "Courtesy: After you Recruit Takato, ...": only as its reminder states (standing)
    if not fires(trigger) or index >= len(ability.effects):
        return False
    if sum(1 for c in ability.conditions if c.args[:1] == cond.args[:1] and c.kind.startswith("effect-")) != 1:
        return False
    for i in _trigger_indexes(ability, cond):
        clause = ability.effects[i]
        if not isinstance(clause, Effect):
            return False
        ref = clause.target.ref if clause.target is not None else None
        if clause.kind in _STANDING_KINDS:  # its controller's, or "another player loses 2 Honor"
            if ref not in (None, "you", "opponent"):
                return False
            continue
        # "After your turn begins, give this Personality a -1C Plague token": its own card or bearer;
        # "After Atsushi wins a duel, give him a +1F Infamy token": the card the event was about
        own = ref in ("this", "attached") or (ref == "it" and _own_card_event(trigger))
        if not (clause.kind in _STANDING_KINDS + _LASTING_KINDS or clause.kind in _CARD_KINDS) or not own \
                or clause.target.states:
            return False
        if clause.kind in _LASTING_KINDS and clause.duration != "permanent":
            return False  # ("give him +1F" would last until the turn ends: not read here)
    return True


#: ongoing changes a second trigger may give its own card for good ("permanently give him Naval")
_LASTING_KINDS = ("grant-keyword",)


def triggered_effects(ability) -> set[int]:
    """Indexes of the effects of ``ability`` that happen on a second trigger, not continuously."""
    return {i for c in ability.conditions if c.kind == "effect-trigger" for i in _trigger_indexes(ability, c)}


def standing(game, pos: Position, events: list, proc: Procedure) -> None:
    """Card events just raised (triggers.settle): fire the second triggers of continuous lines of
    cards in play that fit them ("After you Equip this Item, gain 2 Honor")."""
    from dataclasses import replace

    from .effects import in_play
    from .triggers import left_play_by, resolve_clauses, trigger_matches

    from .continuous import designation_holds

    for copy in list(pos.all_copies()):
        present = in_play(pos, copy)
        for ability in game.abilities(copy):
            for cond in ability.conditions:
                if not standing_executes(ability, cond):
                    continue
                if ability.designators and not designation_holds(game, pos, copy, ability):
                    continue  # ("Courtesy: ...": its controller went first)
                trigger = _standing_trigger(cond)
                for event in events:
                    if not (present or left_play_by(copy, trigger, event)):
                        continue  # ("After this Follower is destroyed, gain 2 Honor": from the discard pile)
                    if not trigger_matches(pos, copy, trigger, event):
                        continue
                    clauses = [ability.effects[i] for i in _trigger_indexes(ability, cond)]
                    proc.add("trigger", f"{copy.name}: {cond.text.split(',')[0]} has happened, so "
                             f"'{'; '.join(c.text for c in clauses)}' happens now", "L5R-TRAIT", "L5R-ACT-EFFECT")
                    # (its card, its bearer, its controller or the other players; "him": the card the
                    # event was about -- triggers.resolve_clauses)
                    about = pos.copies.get(event[1]) if len(event) == 2 else None
                    resolve_clauses(game, pos, copy, replace(ability, effects=type(ability.effects)(clauses),
                                                             conditions=type(ability.conditions)()), proc, about,
                                    "L5R-ACT-EFFECT")


def standing_rest(ability):
    """For ``effects.executes``: the line without its second-trigger effects (to be judged as
    usual), or None when a second trigger is one the engine does not fire."""
    from dataclasses import replace

    triggered = [c for c in ability.conditions if c.kind == "effect-trigger"]
    if ability.costs or not all(standing_executes(ability, c) for c in triggered):
        return None
    if any(c.kind.startswith("effect-") and c.kind != "effect-trigger" for c in ability.conditions):
        return None  # other effect-scoped conditions would count the effects differently
    skip = triggered_effects(ability)
    if any(getattr(getattr(e, "target", None), "ref", None) == "it" for i, e in enumerate(ability.effects)
           if i not in skip):
        return None  # "... gain 2 Honor and permanently give him Naval": "him" belongs to the trigger's sentence
    return replace(ability, effects=type(ability.effects)(e for i, e in enumerate(ability.effects) if i not in skip),
                   conditions=type(ability.conditions)(c for c in ability.conditions if c.kind != "effect-trigger"))


# ---- an Event that puts itself into play ("Put this Event into play. Discard it after ...") ----

#: the moments an Event in play may wait for to be discarded
_EVENT_MOMENTS = (TURN_BEGINS, SECOND_TURN_BEGINS)


def _puts_itself(clause) -> bool:
    """"Put this Event into play": the Event stays in play instead of being discarded (L5R-EVENTS)."""
    return isinstance(clause, Effect) and clause.kind == "put-into-play" and clause.target is not None \
        and clause.target.ref == "this" and clause.target.card_types == ("event",)


def _event_discard(ability, index: int | None, when) -> bool:
    """For ``executes``: "Put this Event into play. Discard it after your next turn begins" -- the
    Event's two effects and nothing else, the discard waiting for a moment the hooks fire."""
    effects = list(ability.effects)
    return index == 1 and len(effects) == 2 and _puts_itself(effects[0]) and when in _EVENT_MOMENTS \
        and not ability.costs and isinstance(effects[1], Effect) and effects[1].kind == "discard" \
        and effects[1].target is not None and effects[1].target.ref == "it" \
        and all(c.kind == "effect-delayed" and c.args[:1] == ("effect 1",) for c in ability.conditions)


def event_clause(game, pos: Position, event, ability, index: int, proc: Procedure) -> bool:
    """Effect ``index`` of an Event resolving as it is revealed (turn._resolve_event), when it is
    one carried out here: "Put this Event into play" (it enters play at its player's home and is
    not discarded, L5R-EVENTS) and, after it, "Discard it after your next turn begins" (set aside
    until then, L5R-ACT-EFFECT, L5R-DURATION). False for other effects."""
    from .triggers_events import raise_event

    clause = ability.effects[index]
    if _puts_itself(clause):
        player = pos.timing.active
        pos.move(event.uid, player, "home", top=False)
        event.controller = player
        raise_event(pos, "enters-play", event)
        proc.add("effect", f"{event.name} puts itself into play: it stays in play, not discarded", "L5R-EVENTS",
                 "L5R-ACT-EFFECT")
        return True
    cond = next((c for c in ability.conditions if c.kind == "effect-delayed" and _index(c) == index), None)
    if cond is None or not _event_discard(ability, index, _when(cond)):
        return False
    entry = {"source": event.uid, "text": ability.text, "effect": index, "moment": list(_when(cond)),
             "battlefield": None, "cards": [event.uid], "players": [], "controller": pos.timing.active,
             "turn": pos.timing.turn, "phase": pos.timing.phase}
    pos.memo.setdefault(KEY, []).append(entry)
    proc.add("effect", f"'{clause.text}' will happen {_WORDS.get(_when(cond), cond.text)}, not now: it is set "
             "aside until then", "L5R-EVENTS", "L5R-ACT-EFFECT", "L5R-DURATION")
    return True


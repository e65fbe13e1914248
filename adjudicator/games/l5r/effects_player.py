"""L5R effects about players: Honor, Gold and costs, actions taken, the Imperial Favor, amounts worked out from values.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES`; see there for the handler
signature. As a cost a change must fully happen (L5R-ACT-COST); as an effect it may do
nothing and still resolve (L5R-ACT-EFFECT).

Which players a player-level clause applies to (:func:`player_subjects`): the acting player
("you"), the other players ("another player", ref ``opponent``), every player matching the
restrictions ("each player with 21 or more Family Honor", ref ``each`` with card type
``player``), and the controller of a card named before ("his controller", "the winner's
controller"). :func:`player_target_executes` says the same without a position, for
:func:`adjudicator.games.l5r.effects.executes`.
"""

from __future__ import annotations

import re

#: the memo key of an additional action granted by the action resolving (read by after_action)
EXTRA_ACTION = "extra-action"
#: further additional actions still owed to a player once the first one is taken ("take two
#: additional Battle actions"): {player: how many}; forfeited when he passes (turn.pass_opportunity)
EXTRA_LEFT = "extra-actions-left"


def _outcome(*args):
    from .effects import Outcome

    return Outcome(*args)


_ONE_EXTRA = re.compile(r"\btake an additional (battle )?action( appropriate to this phase)?$", re.I)
_TWO_EXTRA = re.compile(r"\btake two additional battle actions$", re.I)


def additional_action(game, position, player, effect, *, as_cost, source):
    """"Take an additional action": when this action is done the opportunity stays with the
    player for one more action, instead of going to the other player (L5R-ROUND)."""
    t = position.timing
    combat = t.phase == "attack" and t.step == "combat"
    if not (t.phase == "action" or combat or t.phase == "attack" and t.step == "engage"):
        return _outcome(False, f"{player} takes an additional action", "there is no action round now")
    if re.search(r"\bbattle action\b", effect.text, re.I) and not combat:
        return _outcome(False, f"{player} takes an additional Battle action", "there is no combat segment now")
    if position.memo.get("_actor") != player:
        return _outcome(False, f"{player} takes an additional action", "only the player whose action is "
                        "resolving keeps the opportunity for another one")
    position.memo[EXTRA_ACTION] = player
    if (effect.amount or 1) > 1:  # the second one is owed once the first is taken (game.after_action)
        position.memo.setdefault(EXTRA_LEFT, {})[player] = effect.amount - 1
        return _outcome(True, f"{player} may take {effect.amount} additional actions, one after another, "
                        "once this one is done")
    return _outcome(True, f"{player} may take an additional action once this one is done")


def switch_stats(game, position, copy, effect, *, as_cost, source):
    """"Switch his Force and Chi": each value becomes the other (a change for the turn)."""
    from ...core.position import Modifier
    from .effects import _duration

    a, b = effect.stat or "force", effect.keyword or "chi"
    va, vb = game.card_property(position, copy, a), game.card_property(position, copy, b)
    if not isinstance(va, int) or not isinstance(vb, int):
        return _outcome(False, f"switch {copy.show()}'s {a} and {b}", "it has no such values")
    if va == vb:
        return _outcome(False, f"switch {copy.show()}'s {a} and {b}", f"both are {va}")
    for stat, delta in ((a, vb - va), (b, va - vb)):
        position.modifiers.append(Modifier(copy.uid, stat=stat, delta=delta, duration=_duration(effect),
                                           source=source, rule="L5R-DURATION", created_turn=position.timing.turn))
    return _outcome(True, f"switch {copy.show()}'s {a} ({va}) and {b} ({vb})")


def raise_stat_to(game, position, copy, effect, *, as_cost, source):
    """"Raise his Force to 6": only a lower value goes up to it (a change for the turn)."""
    from ...core.position import Modifier
    from .effects import _duration

    stat, target = effect.stat or "force", effect.amount
    now = game.card_property(position, copy, stat)
    if target is None or not isinstance(now, int):
        return _outcome(False, f"raise {copy.show()}'s {stat}", "the engine cannot read the values")
    if now >= target:
        return _outcome(False, f"raise {copy.show()}'s {stat} to {target}", f"it is already {now}")
    position.modifiers.append(Modifier(copy.uid, stat=stat, delta=target - now, duration=_duration(effect),
                                       source=source, rule="L5R-DURATION", created_turn=position.timing.turn))
    return _outcome(True, f"raise {copy.show()}'s {stat} from {now} to {target}")


_ORDINALS = {"first": 0, "second": 1, "third": 2, "fourth": 3}


def keyword_options(effect) -> list[str]:
    """The keywords "Give him Kolat, Ninja, or Shadowlands" offers, in the order printed."""
    return [w for w in (effect.keyword or "").split("|") if w]


def grant_keyword_choice(game, position, copy, effect, *, as_cost, source):
    """"Give him Kolat, Ninja, or Shadowlands": the acting player picks one keyword of the list as the
    effect resolves (L5R-ACT-EFFECT) -- in a scenario "choosing Ninja" (or "choosing second"); the
    keyword is then given as "Give him Ninja" would be: an ongoing change, for the turn unless the
    text says otherwise ("Permanently give him ...", L5R-DURATION)."""
    from dataclasses import replace

    from .effects import apply_to_card

    options = keyword_options(effect)
    said = str(game.choice_of(position) or "").strip()
    pick = next((w for w in options if w.casefold() == said.casefold()), None)
    if pick is None and said.lower() in _ORDINALS and _ORDINALS[said.lower()] < len(options):
        pick = options[_ORDINALS[said.lower()]]
    if pick is None:
        return _outcome(False, f"give {copy.show()} {', '.join(options[:-1])} or {options[-1]}",
                        "the acting player chooses which keyword: say 'choosing " + "' or 'choosing ".join(options) + "'")
    return apply_to_card(game, position, copy, replace(effect, kind="grant-keyword", keyword=pick),
                         as_cost=as_cost, source=source)


def gain_or_lose_honor(game, position, player, effect, *, as_cost, source):
    """"A target player gains or loses 2 Honor": the acting player chooses which as the effect
    resolves (L5R-ACT-EFFECT) -- in a scenario ``choosing gain`` or ``choosing lose`` -- and the
    player's Family Honor changes as "gains 2 Honor" / "loses 2 Honor" would change it."""
    from dataclasses import replace

    from .effects import apply_to_player

    amount = effect.amount if effect.amount is not None else 1
    said = str(game.choice_of(position) or "").strip().lower()
    kind = {"gain": "gain-honor", "gains": "gain-honor", "lose": "lose-honor", "loses": "lose-honor"}.get(said)
    if kind is None:
        return _outcome(False, f"{player} gains or loses {amount} Honor",
                        "the acting player chooses which: say 'choosing gain' or 'choosing lose'")
    return apply_to_player(game, position, player, replace(effect, kind=kind, target=None), as_cost=as_cost)


def cannot_declare_attack(game, position, player, effect, *, as_cost, source):
    """"You may not declare an attack this turn": until the turn ends the player cannot declare an
    attack (turn.declare_attack refuses it; L5R-ATTACK, L5R-DURATION)."""
    from ...core.position import Modifier

    position.modifiers.append(Modifier(player, flag=NO_ATTACK, duration="turn", source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    return _outcome(True, f"{player} may not declare an attack this turn")


#: the player flag "You may not declare an attack this turn" leaves (read by turn.declare_attack)
NO_ATTACK = "cannot-declare-attack"


def attack_forbidden(position, player: str) -> str | None:
    """The card whose effect forbids ``player`` to declare an attack now, or None."""
    return next((m.source or "an effect" for m in position.modifiers if m.subject == player and m.flag == NO_ATTACK),
                None)


#: memo key: [turn, battlefield, player denied, player whose cards] of "Other players do not gain
#: Honor for destroying your cards in this battle's resolution" (read by battle._gain)
NO_RESOLUTION_HONOR = "no-resolution-honor"


def _resolution_words(effect) -> bool:
    """"... do not gain Honor for destroying your cards in this battle's resolution"."""
    spec = effect.values[0] if len(effect.values) == 1 else None
    return effect.keyword == "for-destroying" and spec is not None and getattr(spec, "owner", "") == "you" \
        and tuple(getattr(spec, "states", ())) == ("in-battle-resolution",) and tuple(spec.card_types) == ("card",)


def no_resolution_honor(game, position, player, effect, *, as_cost, source):
    """"Other players do not gain Honor for destroying your cards in this battle's resolution": at the
    resolution of the battle being fought, the Honor ``player`` would gain for destroying the acting
    player's cards (L5R-RESOLVE) is not gained -- a change for that battle only (L5R-DURATION.2)."""
    from .procedure import current_battlefield

    field = current_battlefield(position) if position.timing.phase == "attack" else None
    actor = position.memo.get("_actor")
    if field is None or actor is None or not _resolution_words(effect):
        return _outcome(False, f"{player} gains no Honor in this battle's resolution", "no battle is being fought")
    position.memo.setdefault(NO_RESOLUTION_HONOR, []).append([position.timing.turn, field, player, actor])
    return _outcome(True, f"{player} gains no Honor for destroying {actor}'s cards in the resolution of the battle "
                    f"at {field}")


def resolution_honor_denied(position, player: str, field: str) -> str | None:
    """Whose cards ``player`` gains no Honor for destroying at this battle's resolution, or None."""
    for turn, where, denied, protected in position.memo.get(NO_RESOLUTION_HONOR, []):
        if turn == position.timing.turn and where == field and denied == player and protected != player:
            return protected
    return None


#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {"switch-stats": switch_stats, "raise-stat-to": raise_stat_to,
                    "grant-keyword-choice": grant_keyword_choice}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
def first_opportunity(game, position, player, effect, *, as_cost, source):
    """"The Attacker has the first opportunity to take a Battle action or pass in this battle": taken
    in the Engage Segment, the combat segment then opens with that player instead of the Defender
    (turn._round_ends; L5R-COMBAT.1)."""
    from .turn import FIRST_OPPORTUNITY

    t = position.timing
    if not (t.phase == "attack" and t.step == "engage"):
        return _outcome(False, f"{player} has the first opportunity in the combat segment", "no Engage Segment is on")
    position.memo[FIRST_OPPORTUNITY] = player
    return _outcome(True, f"{player} will have the first opportunity in this battle's combat segment")


PLAYER_KINDS: dict = {"additional-action": additional_action, "gain-or-lose-honor": gain_or_lose_honor,
                      "cannot-gain-honor": no_resolution_honor,
                      "cannot-declare-attack": cannot_declare_attack, "first-opportunity": first_opportunity}


def _cost_reduction_applies(effect, ref) -> bool:
    from .costs import continuous_applies

    return continuous_applies(effect, ref)


#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
#: ("cost-reduction": a card's Gold cost change, carried out where it is bought or equipped: costs.py)
CONTINUOUS_KINDS: dict = {"cost-reduction": _cost_reduction_applies}

#: the player-level kinds whose subject is a player, not a card
PLAYER_LEVEL = frozenset({"draw", "gain-honor", "lose-honor", "take-favor", "gain-or-lose-honor",
                          "additional-action", "cannot-declare-attack", "first-opportunity"})

#: player values a "with ..." test on players can read
_PLAYER_STATS = {"family-honor": "family-honor"}


#: target states this topic's grammar writes that no target test of the engine reads
_UNCHECKED_STATE = re.compile(r"^(in:it|has-no:[A-Z][\w-]*|has:[A-Z][\w-]*|has:attachment|changes-from:.*"
                              r"|performed-by:.*|next-action|at-least:\d+|source-of-honor-change|either:.*|cmp:.*paid(\.gold)?"
                              r"|this-did:.*|controlled-by:.*|controls-at-least:.*|not-targeted-by:.*|in-and-out-of-play|out-of-play)$")


def states_checked(spec) -> bool:
    """False when ``spec`` holds a state of this topic that the engine's target tests cannot read."""
    if spec is None:
        return True
    return not any(_UNCHECKED_STATE.match(s) for s in spec.states) and not any(
        t.stat.startswith(("base-", "printed-")) for t in spec.tests)


def _controller_spec(spec) -> bool:
    """"his controller" (ref it) / "the winner's controller" (possessed, of-it)."""
    if spec is None or spec.card_types != ("controller",):
        return False
    if spec.ref == "it":
        return True
    return spec.ref == "possessed" and spec.states[:1] == ("of-it",) and all(
        s in ("of-it",) for s in spec.states)


def player_target_executes(spec) -> bool:
    """Can :func:`player_subjects` tell which players ``spec`` names (whatever the position)?"""
    if spec is None or spec.ref in ("you", "opponent"):
        return spec is None or not spec.tests and not spec.states
    if _controller_spec(spec):
        return True
    from .duels import names_side

    if names_side(spec):  # "The winner gains 2 Honor": the duel's winner's player (duels.subjects)
        return True
    if spec.ref == "target" and spec.card_types == ("player",):  # named on announcement (procedure)
        return not spec.states and not spec.tests and not spec.keywords and spec.owner in ("any", "opponent")
    if spec.ref == "each" and spec.card_types == ("player",):
        return all(s in ("other",) for s in spec.states) and all(t.stat in _PLAYER_STATS for t in spec.tests) \
            and spec.owner in ("any", "opponent") and not spec.keywords
    return _battle_side(spec) is not None


def _battle_side(spec) -> str | None:
    """"The Attacker" / "The Defender": the player on that side of the attack (L5R-ATTACK)."""
    if spec is None or spec.ref != "choice" or spec.states or spec.tests or spec.card_types:
        return None
    words = (spec.text or "").strip().lower()
    return {"the attacker": "attacker", "the defender": "defender"}.get(words) \
        if tuple(spec.keywords) in (("Attacker",), ("Defender",)) else None


def _chooses_player(clause) -> bool:
    """"Choose a player" / "Choose another player" in the effects (procedure.choose_player)."""
    spec = getattr(clause, "target", None)
    return getattr(clause, "kind", "") == "choose" and spec is not None and spec.card_types == ("player",) \
        and spec.ref == "choice" and not spec.tests and not spec.keywords and set(spec.states) <= {"other"} \
        and spec.owner in ("any", "opponent")


def _of_chosen_player(clause, ability) -> bool:
    """"… choose a player, who gains or loses 2 Honor" / "Choose a player. He …": the clause right
    after the effect choosing a player, naming that player (procedure.subjects)."""
    effects = list(getattr(ability, "effects", ()))
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    return index > 0 and clause.target is not None and clause.target.ref == "it" and _chooses_player(effects[index - 1])


def player_clause_executes(clause, ability=None) -> bool:
    """For :func:`adjudicator.games.l5r.effects.executes`: a clause of this topic the engine carries out."""
    if getattr(clause, "kind", "") == "choose" and getattr(clause.target, "card_types", ()) == ("player",):
        return _chooses_player(clause) and clause in getattr(ability, "effects", ())  # (not before the colon)
    if clause.kind in PLAYER_LEVEL and not (player_target_executes(clause.target)
                                            or _of_chosen_player(clause, ability)):
        return False
    if clause.kind == "additional-action":
        # one more action (a Battle action in a combat segment): restricted ones ("a Limited or
        # Open action", "to cast Spells") and several ("two additional actions") are not carried out
        # (only an action grants it: the opportunity is kept when that action is done)
        one = clause.amount == 1 and bool(_ONE_EXTRA.search(clause.text))
        two = clause.amount == 2 and bool(_TWO_EXTRA.search(clause.text))  # "two additional Battle actions"
        return clause.keyword in (None, "phase-appropriate") and (one or two) and not clause.values \
            and getattr(ability, "kind", "action") == "action"
    if clause.kind == "first-opportunity":  # "… the first opportunity to take a Battle action or pass in
        # this battle": an Engage action's, read when the Engage Segment ends (L5R-COMBAT.1)
        return tuple(clause.values) == ("battle-action",) and "Engage" in getattr(ability, "designators", ()) \
            and "Battle" not in getattr(ability, "designators", ())
    if clause.kind == "cannot-declare-attack":  # "… this turn" (a longer time is not read)
        return clause.duration in (None, "turn") and getattr(clause.target, "ref", "you") == "you"
    if clause.kind == "cannot-gain-honor":  # only "... for destroying your cards in this battle's resolution",
        # taken while the battle is fought (a Battle or Engage action)
        return _resolution_words(clause) and getattr(clause.target, "ref", "") == "opponent" \
            and bool({"Battle", "Engage"} & set(getattr(ability, "designators", ()))) \
            and getattr(ability, "kind", "") == "action"
    if clause.kind == "raise-stat-to":  # ("Raise his Force to equal his Chi": an amount worked out, amounts.py)
        effects = list(getattr(ability, "effects", ()))
        from .amounts import chain

        return clause.amount is not None or (clause in effects and bool(chain(effects, effects.index(clause))))
    if clause.kind == "grant-keyword-choice":
        # each option must be one word a scenario can name ("choosing Ninja"); "Crab Clan" is not
        options = keyword_options(clause)
        return len(options) >= 2 and all(re.fullmatch(r"[A-Z][A-Za-z\-]*", w) for w in options)
    return True


def player_subjects(ctx, source, clause, last: list) -> list[str] | None:
    """The players a player-level clause applies to; None when its target is no player."""
    from .states import compare

    spec = clause.target
    pos, actor = ctx.position, ctx.actor
    if spec is None or spec.ref == "you":
        return [actor]
    if spec.ref == "opponent":
        return list(pos.opponents(actor))
    side = _battle_side(spec)
    if side is not None and pos.timing.phase == "attack":  # "The Attacker has the first opportunity"
        return [pos.timing.active if side == "attacker" else ctx.game.defender(pos)]
    if _controller_spec(spec):
        return list(dict.fromkeys(c.controller for c in last if not isinstance(c, str)))
    if spec.ref == "each" and spec.card_types == ("player",):
        names = list(pos.players)
        if "other" in spec.states or spec.owner == "opponent":
            names = [n for n in names if n != actor]
        out = []
        for name in names:
            attrs = pos.players[name].attrs
            if all(compare(attrs.get(_PLAYER_STATS[t.stat], 0), t.op, t.value) for t in spec.tests):
                out.append(name)
        return out
    return None

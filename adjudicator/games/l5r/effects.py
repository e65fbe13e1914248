"""L5R effects: the closed vocabulary of the ability AST mapped to state changes.

Each kind is carried out by one function ``(game, ctx, copy_or_player, effect, as_cost)``.
As a *cost* a change must really and fully happen or it cannot be paid (L5R-ACT-COST);
as an *effect* the same change on an already-affected card still resolves, doing nothing
(L5R-ACT-EFFECT). A negated effect ("cannot be bowed") does not stop the others.
"""

from __future__ import annotations

import re

from dataclasses import dataclass

from ...core.ability import Effect
from ...core.position import Copy, Modifier, Position
from .history import note_move, note_token
from .triggers_events import raise_event

#: kinds the resolver itself carries out; ``EXECUTABLE_KINDS`` (read by ``adjudicator coverage``)
#: adds the topic modules' kinds, worked out on first use so that start-up imports none of them
_BASE_KINDS = frozenset({
    "bow", "straighten", "dishonor", "rehonor", "draw", "discard", "gain-honor", "lose-honor",
    "modify-stat", "grant-keyword", "lose-keyword", "move-home", "destroy", "cannot-bow",
    "cannot-straighten", "cannot-dishonor", "cannot-destroy", "cannot-discard", "cannot-move",
    "cannot-target", "pay-gold", "target", "choose", "keyword", "fear", "ranged-attack", "melee-attack",
    "take-control", "move-to-battle", "produce-gold", "take-favor", "give-token", "put-in-hand",
    "attach-restriction", "bow-or-straighten", "create", "attach", "attach-to", "remove-from-game",
    "put-into-play",
    "attack-may-target", "fear-destroys", "attack-compare",  # folded into their attack (procedure)
    "reorder",  # the cards just looked at, put back in the order named (procedure, effects_engine.reorder)
    "refill",  # the provinces this action refilled, face-up (procedure, effects_cards.refill_face_up)
})

#: Topic modules adding kinds: each has ``CARD_KINDS`` and ``PLAYER_KINDS``, dicts from a kind
#: to ``handler(game, position, copy_or_player, effect, *, as_cost, source) -> Outcome``, and
#: ``CONTINUOUS_KINDS``, a dict from a kind to ``applies(effect, ref) -> bool`` for the traits
#: without a trigger that the engine honours (see :func:`executes`).
EFFECT_MODULES = (
    "effects_cards",
    "effects_battle",
    "effects_player",
    "effects_restrictions",
    "effects_engine",
    "effects_traits",  # Invest traits
    "effects_negate",
    "duels",  # challenges and duels (fought by procedure.resolve_effects)
)

#: conditions of the ability AST the resolver honours ("You may …", "Even if this card is bowed");
#: an ability with any other condition is not executable (``adjudicator coverage``)
EXECUTABLE_CONDITIONS = frozenset({"effect-optional", "even-if"})

IN_PLAY_ZONES = ("home", "stronghold")

#: what a duration word in card text means for the modifier layer (L5R-DURATION)
DEFAULT_DURATION = "turn"


@dataclass
class Outcome:
    """What one clause did: ``changed`` False with a ``why`` when nothing could happen."""

    changed: bool
    description: str
    why: str = ""


def in_play(position: Position, copy: Copy) -> bool:
    if copy.attached_to is not None and copy.attached_to in position.copies:
        return in_play(position, position.copies[copy.attached_to])
    # ("terrain N": a Terrain in play at battlefield N, in neither side -- effects_battle.terrain_zone)
    return copy.zone in IN_PLAY_ZONES or copy.zone.startswith(("battlefield", "terrain "))


def _cannot(position: Position, copy: Copy, kind: str, game) -> bool:
    """A "cannot <kind>" modifier or continuous trait on this copy."""
    flag = "cannot-" + kind
    return position.has_flag(copy, flag) or flag in game.continuous_flags(position, copy)


def forbidden(position: Position, copy: Copy, kind: str, game) -> bool:
    """True when a continuous trait or modifier says this copy cannot undergo ``kind``, or a
    standing negation ("Negate his straightening") stops a rule's change (effects_negate)."""
    from .effects_negate import stops

    return _cannot(position, copy, kind, game) or stops(game, position, copy, kind, None) is not None


def _discard_pile(copy: Copy) -> str:
    """Destroyed/discarded cards go to their owner's pile for their deck (L5R-RESOLVE)."""
    dynasty = {"personality", "holding", "event", "region", "stronghold"}
    return "dynasty-discard" if copy.card.type in dynasty else "fate-discard"


def move_with_attachments(position: Position, copy: Copy, zone: str) -> None:
    """A card moving in play (home, to a battlefield) takes its attachments along."""
    note_move(position, copy, zone)  # "if he has moved this turn" (history.py)
    position.move(copy.uid, copy.controller, zone, top=False)
    for att in position.attachments_of(copy.uid):
        position.move(att.uid, att.controller, zone, top=False)


def shed_attachments(position: Position, copy: Copy) -> None:
    """A card leaving play: its attachments are discarded and it is attached to nothing."""
    for att in position.attachments_of(copy.uid):
        discard_copy(position, att)
    copy.attached_to = None


def _announce_leaving(position: Position, copy: Copy) -> bool:
    """Raise "leaves-play" for a card in play about to leave it ("After this Item leaves play",
    triggers); False if it was not in play."""
    if not in_play(position, copy):
        return False
    raise_event(position, "leaves-play", copy)
    return True


def leave_play(position: Position, copy: Copy) -> None:
    """A card leaving play for a hand, a deck or a province: it sheds its attachments and is
    no longer bowed, dishonored or face-down (the caller moves it)."""
    _announce_leaving(position, copy)
    shed_attachments(position, copy)
    copy.flags.difference_update({"bowed", "dishonored", "face-down", "dead"})  # ("dead": history.dead_state)


def discard_copy(position: Position, copy: Copy) -> None:
    if _announce_leaving(position, copy):
        raise_event(position, "discarded-from-play", copy)  # "... enters your discard pile from play"
    for att in position.attachments_of(copy.uid):
        discard_copy(position, att)
    copy.attached_to = None
    copy.flags.discard("bowed")
    copy.flags.discard("dishonored")
    position.move(copy.uid, copy.owner, _discard_pile(copy))


def apply_to_card(game, position: Position, copy: Copy, effect: Effect, *, as_cost: bool, source: str) -> Outcome:
    kind, name = effect.kind, copy.show()
    from .tokens import removed_token

    token = removed_token(effect.target)  # "Destroy a Fire token on Torazu": the card loses the token, not itself
    if token is not None and kind in ("destroy", "discard"):
        from .tokens import remove as remove_token

        if not remove_token(copy, token[0]):
            return Outcome(False, f"remove a {token[0]} token from {name}", f"{name} has no {token[0]} token")
        return Outcome(True, f"remove a {token[0]} token from {name} (L5R-DURATION.1)")
    from .effects_negate import stops

    negated = stops(game, position, copy, kind, source)  # standing negations (effects_negate, L5R-ACT-EFFECT)
    if negated:
        return Outcome(False, f"{kind.replace('-', ' ')} {name}", negated)
    from .effects_negate import unnegated  # "This movement will not be negated" (effects_negate)

    if kind in ("bow", "straighten", "dishonor", "rehonor", "destroy", "move-home", "discard") and \
            _cannot(position, copy, {"rehonor": "dishonor"}.get(kind, kind), game) and kind != "rehonor" \
            and not unnegated(position, kind, source):
        # (standing negations were asked above with this effect's source: a rule-only one fits no effect)
        return Outcome(False, f"{kind} {name}", f"{name} cannot be {_past(kind)}")
    handler = _topic_handlers()[0].get(kind)
    if handler is not None:
        return handler(game, position, copy, effect, as_cost=as_cost, source=source)
    if kind == "bow":
        if "bowed" in copy.flags:
            return Outcome(False, f"bow {name}", f"{name} is already bowed")
        copy.flags.add("bowed")
        raise_event(position, "bowed", copy)
        return Outcome(True, f"bow {name}")
    if kind == "straighten":
        if "bowed" not in copy.flags:
            return Outcome(False, f"straighten {name}", f"{name} is not bowed")
        copy.flags.discard("bowed")
        raise_event(position, "straightened", copy)
        return Outcome(True, f"straighten {name}")
    if kind == "dishonor":
        if copy.card.type != "personality":
            return Outcome(False, f"dishonor {name}", f"{name} is not a Personality")
        if "dishonored" in copy.flags:
            return Outcome(False, f"dishonor {name}", f"{name} is already dishonored")
        copy.flags.add("dishonored")
        raise_event(position, "dishonored", copy)
        return Outcome(True, f"dishonor {name}")
    if kind == "rehonor":
        if "dishonored" not in copy.flags:
            return Outcome(False, f"rehonor {name}", f"{name} is not dishonored")
        copy.flags.discard("dishonored")
        return Outcome(True, f"rehonor {name}")
    if kind == "modify-stat":
        stat = effect.stat or "force"
        if effect.amount is None:
            return Outcome(False, f"change {name}'s {stat}", "the amount is worked out from other values, which "
                           "the engine does not do yet")
        amount = effect.amount
        if as_cost and stat == "chi" and amount < 0:
            after = position.stat(copy, "chi", 0) + amount
            from .effects_battle import minimum  # (and a minimum an effect gave it, L5R-DURATION.4)

            floor = max(position.stat(copy, "min-chi", 0) or 0, minimum(position, copy, "chi") or 0)
            if after < floor:
                return Outcome(False, f"{amount:+d} {stat} to {name}",
                               f"{name} would go below its minimum Chi ({after} < {floor})")
        position.modifiers.append(Modifier(copy.uid, stat=stat, delta=amount, duration=_duration(effect),
                                           source=source, rule="L5R-DURATION",
                                           created_turn=position.timing.turn))
        word = stat.replace("-", " ").title()
        return Outcome(True, f"give {name} {amount:+d}{_STAT_SIGIL.get(stat, ' ' + stat)} ({word} {amount:+d})")
    if kind in ("grant-keyword", "keyword"):
        keyword = effect.keyword or ""
        from .effects_engine import cannot_gain

        barred = cannot_gain(game, position, copy, keyword)  # "Saiken cannot gain Cavalry" (L5R-TRAIT)
        if barred:
            return Outcome(False, f"give {name} the {keyword} keyword", f"{name} cannot gain it ({barred})")
        if position.has_keyword(copy, keyword):
            return Outcome(False, f"give {name} the {keyword} keyword", f"{name} already has {keyword}")
        position.modifiers.append(Modifier(copy.uid, keyword=keyword, duration=_duration(effect), source=source,
                                           rule="L5R-DURATION", created_turn=position.timing.turn))
        return Outcome(True, f"give {name} the {keyword} keyword")
    if kind.startswith("cannot-"):
        position.modifiers.append(Modifier(copy.uid, flag=kind, duration=_duration(effect), source=source,
                                           rule="L5R-DURATION", created_turn=position.timing.turn))
        return Outcome(True, f"{name} {kind.replace('-', ' ')}")
    if kind == "move-home":
        if copy.zone == "home":
            return Outcome(False, f"move {name} home", f"{name} is already home")
        move_with_attachments(position, copy, "home")
        return Outcome(True, f"move {name} home")
    if kind == "destroy":
        if not in_play(position, copy):
            return Outcome(False, f"destroy {name}", f"{name} is not in play")
        raise_event(position, "destroyed", copy)
        discard_copy(position, copy)
        return Outcome(True, f"destroy {name}")
    if kind == "discard":
        if copy.zone == "announced":  # the card being played discards itself ("Discard this card: ...")
            discard_copy(position, copy)
            return Outcome(True, f"discard {name} (the card being played)")
        if copy.zone != "hand" and in_play(position, copy):
            # a card in play ("Discard this Holding", "Discard all your other Sensei Personalities"):
            # to its owner's discard pile, with its attachments (L5R-DURATION: discarding persists)
            discard_copy(position, copy)
            return Outcome(True, f"discard {name} from play")
        if copy.zone in ("fate-deck", "dynasty-deck"):
            # a deck card an effect has named ("Look at the top card of your Fate deck. You may discard it.")
            # or a cost names by its place ("Discard the top 3 cards of your Fate deck": states._own_top)
            deck = copy.zone
            discard_copy(position, copy)
            return Outcome(True, f"discard {name} from the {deck.replace('-', ' ')}")
        if copy.zone.startswith("province "):  # "Target a card in a province: Discard it."
            from .effects_cards import discard_from_province

            return Outcome(True, discard_from_province(position, copy))
        if copy.zone != "hand":
            return Outcome(False, f"discard {name}", f"{name} is not in a hand")
        discard_copy(position, copy)
        return Outcome(True, f"discard {name} from hand")
    if kind in ("fear", "ranged-attack", "melee-attack"):
        strength = effect.amount or 0
        from .effects_engine import attack_strength

        # "Melee and Ranged Attacks targeting cards in this unit have -3 strength" (L5R-TRAIT)
        change, changers = attack_strength(game, position, kind, copy, game.acting_player(position))
        strength += change
        from .effects_battle import compared_value

        # "Ranged 5 Attack that you compare against Gold Cost": the rider's value, folded in by the
        # procedure as ``keyword`` "compare:<stat>" (effects_battle); otherwise the card's Force
        compare = (effect.keyword or "")[len("compare:"):] if (effect.keyword or "").startswith("compare:") else None
        force, against = compared_value(game, position, copy, compare or None)
        what = {"fear": f"Fear {strength}", "ranged-attack": f"Ranged {strength} Attack",
                "melee-attack": f"Melee {strength} Attack"}[kind]
        if changers:
            what += f" (strength {strength}: {', '.join(changers)})"
        if compare:
            what += f", compared against {against}"
        if force > strength:
            return Outcome(False, f"{what} on {name}", f"its {against} {force} is above {strength}")
        if kind == "fear":
            return apply_to_card(game, position, copy, Effect("bow", text=what), as_cost=as_cost, source=source)
        return apply_to_card(game, position, copy, Effect("destroy", text=what), as_cost=as_cost, source=source)
    if kind == "bow-or-straighten":
        choice = game.choice_of(position)
        if choice not in ("bow", "straighten"):
            return Outcome(False, f"bow or straighten {name}", "the acting player chooses which: say 'choosing bow' "
                           "or 'choosing straighten'")
        return apply_to_card(game, position, copy, Effect(choice, text=choice), as_cost=as_cost, source=source)
    if kind == "give-token":
        from .effects_engine import refuses_token  # "Cannot gain Corruption tokens" (its own trait)

        refused = refuses_token(game, position, copy, effect.keyword)
        if refused:
            return Outcome(False, f"give {name} a {effect.keyword} token", f"its trait: '{refused}'")
        stats = (effect.stat or "").split("/") if effect.stat else []
        if len(stats) > 1 and effect.amount is None:
            return Outcome(False, f"give {name} a token", "a token with different changes to its stats is not "
                           "carried out")
        count = effect.values[0] if effect.values else 1
        token = f"{effect.keyword} token" if effect.keyword else "token"
        from .tokens import add as add_tokens, kind_of

        add_tokens(copy, kind_of(effect.keyword), count)  # (of its kind too: "a Madness token", tokens.py)
        note_token(position, copy, effect.keyword, count)  # "if you have not given any Madness tokens this turn"
        for stat in stats if effect.amount else ():
            # a token changes its card for as long as it is there: tokens persist (L5R-DURATION);
            # "a +1F/+1C token" changes both
            position.modifiers.append(Modifier(copy.uid, stat=stat, delta=effect.amount * count,
                                               duration="permanent", source=source, rule="L5R-DURATION",
                                               created_turn=position.timing.turn))
        sigil = " " + "/".join(f"{effect.amount:+d}{_STAT_SIGIL.get(st, st.upper()[:2])}" for st in stats) \
            if effect.amount else ""
        return Outcome(True, f"give {name} {count}{sigil} {token}{'s' if count > 1 else ''}")
    if kind == "put-into-play":
        from .effects_battle import put_at_battlefield  # "Put this card into play there": a Terrain

        placed = put_at_battlefield(game, position, copy, effect)
        if placed is not None:
            return placed
        if copy.zone != "announced":
            return Outcome(False, f"put {name} into play", "only a card being played can be put into play this way "
                           "by the engine")
        position.move(copy.uid, copy.controller, "home", top=False)
        raise_event(position, "enters-play", copy)
        return Outcome(True, f"put {name} into play (it is not discarded)")
    if kind == "remove-from-game":
        _announce_leaving(position, copy)
        shed_attachments(position, copy)
        position.move(copy.uid, copy.owner, "removed", top=False)
        return Outcome(True, f"remove {name} from the game")
    if kind == "put-in-hand":
        if copy.zone == "hand":
            return Outcome(False, f"put {name} into its owner's hand", "it is already in a hand")
        leave_play(position, copy)
        position.move(copy.uid, copy.owner, "hand", top=False)
        return Outcome(True, f"put {name} into {copy.owner}'s hand")
    if kind == "take-control":
        new_owner = game.acting_player(position)
        if copy.controller == new_owner:
            return Outcome(False, f"take control of {name}", f"{new_owner} already controls it")
        from .effects_engine import will_not_join

        refused = will_not_join(game, position, copy, new_owner)  # (L5R-DYNASTY.3)
        if refused:
            return Outcome(False, f"take control of {name}", f"{name} will not join {new_owner} ({refused})")
        copy.controller = new_owner
        position.move(copy.uid, new_owner, copy.zone, top=False)
        return Outcome(True, f"{new_owner} takes control of {name}")
    # ("move-to-battle" is carried out by effects_battle for every destination it names)
    return Outcome(False, f"{kind} {name}", f"the engine cannot carry out '{kind}' on a card")


def draw_cards(position: Position, player: str, count: int) -> int:
    """Move up to ``count`` cards from the top of ``player``'s Fate deck to the hand; how many moved."""
    deck = position.zones.get((player, "fate-deck"), [])
    drawn = 0
    while drawn < count and deck:
        position.move(deck[0], player, "hand", top=False)
        drawn += 1
    return drawn


def apply_to_player(game, position: Position, player: str, effect: Effect, *, as_cost: bool) -> Outcome:
    kind = effect.kind
    handler = _topic_handlers()[1].get(kind)
    if handler is not None:
        return handler(game, position, player, effect, as_cost=as_cost, source="")
    p = position.players[player]
    amount = effect.amount if effect.amount is not None else 1
    if kind == "draw":
        drawn = draw_cards(position, player, amount)
        word = "card" if amount == 1 else "cards"
        if drawn < amount:
            return Outcome(drawn > 0, f"{player} draws {drawn} of {amount} {word}",
                           f"{player}'s Fate deck ran out")
        return Outcome(True, f"{player} draws {amount} {word}")
    if kind in ("gain-honor", "lose-honor"):
        sign = 1 if kind == "gain-honor" else -1
        p.attrs["family-honor"] = p.attrs.get("family-honor", 0) + sign * amount
        return Outcome(True, f"{player} {'gains' if sign > 0 else 'loses'} {amount} Honor")
    if kind == "take-favor":
        if "imperial-favor" in p.flags:
            return Outcome(False, f"{player} takes the Imperial Favor", f"{player} already controls it")
        for other in position.players.values():
            other.flags.discard("imperial-favor")
        p.flags.add("imperial-favor")
        return Outcome(True, f"{player} takes the Imperial Favor")
    if kind == "produce-gold":
        return Outcome(True, f"{player} produces {amount} Gold, to be spent at once on one purchase (L5R-GOLD)")
    return Outcome(False, f"{kind} ({player})", f"the engine cannot carry out '{kind}' on a player")


_STAT_SIGIL = {"force": "F", "chi": "C"}


def _past(kind: str) -> str:
    return {"bow": "bowed", "straighten": "straightened", "dishonor": "dishonored", "destroy": "destroyed",
            "move-home": "moved", "discard": "discarded"}.get(kind, kind + "ed")


def _duration(effect: Effect) -> str:
    return effect.duration or DEFAULT_DURATION


_SUPPORTED_REFS = {"target", "this", "it", "attached", "you", "opponent", "choice", "each", "created"}


def executes(ability) -> bool:
    """Can the resolver carry out this ability as it is, every part of it?

    Used by ``adjudicator coverage`` for the *executable* figure, so it must say no to
    whatever the procedure would skip or refuse: continuous effects other than the
    "cannot …" traits of the card itself, Interrupts, conditions it cannot check.
    """
    from ...core.ability import Effect

    from .interrupts import verdict  # Interrupts, Reactions to an action's targeting (interrupts.py)

    if (claimed := verdict(ability)) is not None:
        return claimed
    if "Focus Effect" in ability.designators:  # resolved by the duel that focused its card (duels.py)
        from .duels import focus_effect_executes

        return focus_effect_executes(ability)
    from .triggers_moments import executes as at_moment  # an Event's reveal, "Before this battle resolves"

    if (moment := at_moment(ability)) is not None:
        return moment
    if ability.trigger is not None and ability.trigger.event.startswith("paying-for"):
        from .costs import gold_reaction  # "Reaction: When paying for a Farm: Produce 1 Gold": a Gold source

        return gold_reaction(ability) is not None
    if ability.trigger is not None:
        # a trait or Reaction counts only if the engine raises an event its trigger fits
        # (triggers.fires): the rest would never happen in a ruling
        from .effects_negate import before_shield
        from .triggers import fires

        if not fires(ability.trigger) and before_shield(ability) is None:
            return False  # ("Before … destroys this card, negate the destruction": effects_negate)
        if ability.trigger.event.startswith("turn-begins") and ability.conditions:
            return False  # "After a player's turn begins, if he is Scorpion Clan": "he" is a player
        from .triggers import asks_choices, choosing_executes, entering_interrupt_executes  # (triggers.py)
        if asks_choices(ability):  # a trait with choices: its effects resolved as an action's, 'answering'
            return choosing_executes(ability)
        if ability.kind == "interrupt":  # only the Interrupt of a card entering play
            return entering_interrupt_executes(ability)
    if tuple(ability.designators) == ("Invest",):  # paid with the card's Gold cost, resolved once it enters play
        from .effects_traits import invest_executes

        return invest_executes(ability)
    from .effects_traits import discipline_executes  # "If you are a Crab Clan player, this Strategy has Discipline ..."

    discipline = discipline_executes(ability)
    if discipline is not None:
        return discipline
    from .own_actions import equip_grant_executes  # "You may Equip this Follower as a Battle action"

    granted = equip_grant_executes(ability)
    if granted is not None:
        return granted
    if ability.kind == "continuous" and any(c.kind == "effect-trigger" for c in ability.conditions):
        from .delayed import (
            standing_rest,  # "After you Equip this Item, gain 2 Honor" (delayed.py)
        )

        rest = standing_rest(ability)
        return rest is not None and (not rest.effects or executes(rest))
    from . import amounts
    from .effects_engine import equip_from_hand  # "Equip a Follower to Chiboshi": from the hand (L5R-EQUIP)

    if ability.kind == "action":
        ability = equip_from_hand(ability)
    if not amounts.ability_executes(ability):  # amounts worked out from values (amounts.py)
        return False
    clauses = [c for c in (*ability.costs, *ability.effects)
               if not (isinstance(c, Effect) and c.kind.startswith("amount-"))]
    from .costs import gold_only_ok, tiered_gold

    if not all(isinstance(c, Effect) and (c.kind in executable_kinds() or c.kind == "gold-only-for"
                                          and (gold_only_ok(ability) or tiered_gold(ability) is not None))
               for c in clauses):
        return False  # ("which can only pay for a single Jade card": checked as it pays, game.pay_gold)
    from .duels import executes as duels_execute

    if not duels_execute(ability):
        return False  # a challenge duels.py does not fight; "the winner" of a duel fought elsewhere
    from .effects_battle import ATTACK_RIDERS, riders_execute

    if any(c.kind in ATTACK_RIDERS for c in clauses) and (ability.kind not in ("action", "reaction")
                                                          or not riders_execute(ability)):
        return False  # "that may target Items and Spells": a rider the procedure does not fold in
    from .continuous import lasting_grant_applies  # "Your Tacticians have the ability, ..." (continuous.py)
    from .effects_engine import grant_applies

    if any(c.kind == "grant-ability" and not (grant_applies(ability, c) or lasting_grant_applies(ability, c))
           for c in clauses):
        return False  # a gained ability: only a Limited/Open/Battle action the engine carries out
    from .effects_engine import negate_changes_applies

    if any(c.kind in ("grant-keyword", "lose-keyword") and c.target is not None and c.target.ref in ("you", "opponent")
           for c in clauses):
        return False  # "You have Reconnaissance there": a player's keyword, which apply_to_player does not keep
    from .effects_engine import lose_abilities_ok

    if not all(lose_abilities_ok(c) for c in clauses):
        return False  # "Remove an ability from a target Holding": which one, the engine is not told
    if ability.kind != "continuous" and any(c.kind == "ignore-cost" for c in clauses):
        return False  # "You may discard a card to ignore the cost of bowing Kamina": an alternative cost
    if ability.kind != "continuous" and any(c.kind == "ability-timing" for c in clauses):
        return False  # "you may take a Limited action on a Strategy as an Open action": read only as a
        # card's own trait about its own ability (effects_engine.retimed)
    if ability.kind != "continuous" and any(c.kind in ("cannot-join", "cannot-be-controlled-by", "cannot-gain-keyword",
                                                       "cannot-enter-play") for c in clauses):
        return False  # read only as the card's own continuous trait (effects_engine.will_not_join, cannot_gain,
        # effects_restrictions.will_not_enter)
    if ability.kind != "continuous" and any(c.kind == "cannot-take-actions" for c in clauses):
        return False  # read only as a trait of a card in play (effects_restrictions.action_banned)
    if any(c.kind == "negate-stat-changes" and not negate_changes_applies(c) for c in clauses):
        return False  # "Negate all current and new Force penalties": later changes too (effects_engine)
    if any(c.kind == "turn-face-up" and (c.target is None or c.target.ref == "each") for c in clauses):
        return False  # "Turn all cards in your Provinces face-up" follows a refill the reader drops
    if ability.kind not in ("action", "reaction") and any(c.kind == "grant-keyword-choice" for c in clauses):
        return False  # "Give him Cavalry, Duelist, or Tactician": a choice only an action's player names
    from .effects_negate import NEGATION_KINDS
    from .effects_negate import clause_executes as negation_executes

    if not all(negation_executes(c, ability) for c in clauses):
        return False  # negating an action needs Interrupt timing RULES.md does not give (effects_negate)
    # an attack's or a Province's strength: no card value the modifier layer could change
    from .effects_engine import (
        attack_bonus,
        attack_strength_applies,
        province_effect_applies,
        province_trait_applies,
    )

    def engine_strength(c) -> bool:  # Fear/Melee/Ranged or Province strength (effects_engine)
        if ability.kind == "continuous":
            return attack_strength_applies(c) or province_trait_applies(c)
        index = ability.effects.index(c) if c in ability.effects else -1
        bonus = index > 0 and attack_bonus(ability.effects[index - 1], c)  # "with +2 strength if …"
        return ability.kind in ("action", "reaction") and (province_effect_applies(c) or bonus
                                                           or amounts.province_taker(c))  # (amounts.py)

    if any(c.kind == "modify-stat" and c.stat == "strength" and not engine_strength(c) for c in clauses):
        return False
    if any(c.kind in ("melee-attack", "ranged-attack", "fear") and c.amount is None and c.stat is not None
           for c in clauses):
        return False  # "Ranged Attack equal to this Personality's Force": the card whose value it is
        # sits where the attack's target goes, so the procedure would attack it with strength 0
    if any(c.kind == "modify-stat" and c.amount is None for c in clauses
           if c not in ability.effects or not amounts.chain(ability.effects, ability.effects.index(c))):
        return False
    from .conditions import readable, readable_in  # (readable_in: tests read with their ability)
    from .costs import (  # Gold cost changes (costs.py)
        ability_verdict,
        condition_executes,
    )

    from .effects_engine import recruit_priced  # "Recruit a target Holding ..., for 1 less Gold"

    if ability_verdict(ability) is False and not recruit_priced(ability):
        return False
    from .delayed import (
        executes as delayed_executes,  # fired at their moment (delayed.py)
    )
    from .effects_engine import simultaneous, unit_clauses_ok
    from .cost_conditions import executes as cost_condition_executes  # "Bow X unless he is Void:"
    from .effects_negate import scoped_executes

    if not all(readable(c) or readable_in(ability, c) or condition_executes(ability, c) or delayed_executes(ability, c)
               or simultaneous(ability, c) or scoped_executes(ability, c) or cost_condition_executes(c)
               or recruit_priced(ability, c)
               for c in ability.conditions):
        return False  # ("as he moves": carried out with the move, effects_engine.simultaneous)
    if not unit_clauses_ok(ability):
        return False  # "his unit" with no card named before it
    from .effects_engine import look_applies, search_applies, transfer_applies

    if any(c.kind == "transfer" for c in clauses) and not (
            ability.kind in ("action", "reaction") and transfer_applies(ability)):
        return False  # "You may transfer them to other Personalities": hosts the engine cannot name

    if any(c.kind == "search" and not (ability.kind in ("action", "reaction") and search_applies(c))
           for c in clauses):
        return False  # "Search your hand, then your discard pile, and then …": three areas; two cards
    from .effects_battle import no_force_executes

    if any(c.kind == "no-force-contribution" and not no_force_executes(c) for c in clauses):
        return False  # "He does not contribute Force while unbowed": the "while" is not kept
    from .effects_cards import entered_refill_applies, refill_applies
    from .effects_engine import look_pick_clause, look_reorder_applies  # (look_pick: one picked among them)

    if any(c.kind == "refill" and not (ability.kind in ("action", "reaction") and refill_applies(ability, c))
           and not entered_refill_applies(ability, c) for c in clauses):
        return False  # "Refill this Province with him", "After … enters play from a Province, refill it"

    if any(c.kind == "reorder" for c in clauses) and not any(
            look_reorder_applies(ability, c) for c in ability.effects if isinstance(c, Effect)) \
            and not all(look_pick_clause(ability, c) for c in clauses if c.kind == "reorder"):
        return False  # "Put the rest back in any order": after cards picked among those looked at
    from .effects_engine import look_chosen_applies  # "Look at the top card of a deck": the player names it

    if any(c.kind == "look-at-top" and not (ability.kind in ("action", "reaction")
                                            and (look_applies(c) or look_reorder_applies(ability, c)
                                                 or look_pick_clause(ability, c)
                                                 or look_chosen_applies(c)))
           for c in clauses):
        return False  # "the top three cards … Put them back in any order": an order the engine cannot be told
    # limits-block tests are checked when an action or Reaction is taken (procedure) and when a
    # triggered trait resolves (triggers._resolve_trait)
    if ability.kind not in ("action", "reaction", "trait") and any(
            not c.kind.startswith("effect-") and c.kind != "even-if" for c in ability.conditions):
        return False
    from .continuous import reach
    from .duels import names_side as duel_side  # "the winner's controller" (duels.subjects)
    from .costs import host_discount_applies  # "Followers attaching to Misaki …": costs.py reads the words
    from .effects_engine import reuse_applies, unit_ref

    from .effects_restrictions import stronghold_grant  # "Your Stronghold's abilities have Tireless"

    if any(c.kind == "reuse-ability" and not (ability.kind in ("action", "reaction") and reuse_applies(c))
           and not (ability.kind == "continuous" and stronghold_grant(c)) for c in clauses):
        return False  # "his Political abilities", "an ability on your target Weapon": not read

    from .effects_engine import under_applies

    def under_clause(ab, c) -> bool:  # "Put a Weapon in your hand under this Holding" (effects_engine)
        index = next((i for i, e in enumerate(ab.effects) if e is c), -1)
        return index >= 0 and (under_applies(ab, index) or c.kind == "under-host" and under_applies(ab, index - 1))

    from .effects_engine import _own_cost_trait as own_cost_trait  # "This card's ability has no Gold Cost"
    from .effects_engine import random_hand_applies, under_pick_applies

    if any(c.kind in ("put-under", "under-host") and not under_clause(ability, c) for c in clauses):
        return False  # ("Put them face-down under Harukaze", a trait's "put it face-up under this card")
    from .states import owned_read  # "You may bow Sora's Weapon to straighten him" (states.owned_cards)
    from .possessive import read as possessive_read  # "your target Personality's unit" (possessive.py)

    def engine_read(c) -> bool:  # targets effects_engine reads itself ("this Follower's unit", provinces)
        return c.kind in NEGATION_KINDS or (c.kind == "modify-stat" and c.stat == "strength" and engine_strength(c)) or \
            look_chosen_applies(c) or under_clause(ability, c) or under_pick_applies(c) or \
            random_hand_applies(ability, c) or \
            (ability.kind == "continuous" and own_cost_trait(c, c.target.ref if c.target else "this")) or \
            duel_side(c.target) or \
            c.kind == "reuse-ability" or \
            owned_read(ability, c) or \
            possessive_read(ability, c) or \
            stronghold_grant(c) is not None or \
            host_discount_applies(c) or c.kind == "must-have-keyword" or \
            unit_ref(c.target) is not None or (  # "Seiken's Nonhuman Followers have Cavalry" (continuous.py)
                ability.kind == "continuous" and c.kind in ("grant-keyword", "modify-stat")
                and reach(c.target) == "own")

    if any(c.target is not None and c.target.ref not in _SUPPORTED_REFS and not engine_read(c) for c in clauses):
        return False
    from .effects_cards import unchecked_target
    from .states import checked

    # "Ranged Attacks targeting cards in this unit have -3 strength" describes effects, not cards
    # to pick: effects_engine reads its words when an attack resolves
    carded = [c for c in clauses if not engine_read(c)]
    if ability.kind in ("action", "reaction"):  # "… and each of his Followers": the procedure adds them
        from dataclasses import replace as _with

        from .effects_engine import created_words_read, without_followers_too
        from .states import compared_read  # "with lower Chi than your Personality", "the lowest Personal Honor"

        carded = [c if not compared_read(ability, c) else _with(c, target=_with(c.target, states=tuple(
            s for s in c.target.states if s not in compared_read(ability, c)))) for c in carded]
        carded = [c if c.target is None else created_words_read(_with(c, target=without_followers_too(c.target)))
                  for c in carded]
    if any(c.target is not None and unchecked_target(c.target) for c in carded):
        return False
    from .continuous import OUT_OF_PLAY_ZONES

    if ability.kind not in ("action", "continuous") and any(
            c.target is not None and c.target.zone in OUT_OF_PLAY_ZONES for c in carded):
        return False  # "out of play" is read as an action's target (procedure.zone_matches) and a lasting
        # trait's reach (continuous.fits), not yet as a triggered trait's
    if any(c.target is not None and not all(checked(s) for s in c.target.states) for c in carded):
        return False  # a describing word no target test reads would refuse every card
    from .states import fewer_than_read  # "with fewer Weapons": than this Personality, or than a card named before

    if not all(fewer_than_read(ability, c) for c in carded):
        return False
    if ability.kind == "keywords":
        return True
    from .effects_player import player_clause_executes, states_checked

    # (a describing word states.py now reads, "with a Weapon", counts as checked)
    def read_here(spec) -> bool:  # every word states.py reads, no base/printed test, no "a Weapon or Armor"
        has = [s for s in spec.states if s.startswith(("has:", "has-no:"))]
        return all(checked(s) for s in spec.states) and not any(
            t.stat.startswith(("base-", "printed-")) and not printed_read(t) for t in spec.tests) \
            and not (has and " or " in spec.text)

    def printed_read(test) -> bool:  # "with 7 or higher base Force": an action's target test reads the
        return ability.kind in ("action", "reaction") and test.stat in amounts.STATS  # printed value

    if any(c.target is not None and any(s.startswith(("has:", "has-no:")) for s in c.target.states)
           and not read_here(c.target) for c in carded):
        return False  # "without a Weapon or Armor": the grammar keeps one of the two
    if not all(states_checked(c.target) or read_here(c.target) for c in carded if c.target is not None):
        return False
    if not all(player_clause_executes(c, ability) for c in clauses) or any(
            c.kind in ("pay-gold", "produce-gold") and c.target is not None and c.target.ref != "you"
            for c in clauses):
        return False  # a player the engine cannot name (a Gold cost's worked-out amount: amounts.py)
    from .procedure import LIMIT_SCOPES

    if ability.limit is not None and (ability.limit not in LIMIT_SCOPES or ability.kind == "trait"):
        return False  # "four times per turn"; a triggered trait's own limit (triggers.py counts none)
    if ability.kind == "continuous":
        from . import continuous
        from .costs import gold_bonus_applies
        from .effects_engine import PLAYER_STATS, player_stat_applies

        if ability.designators and not continuous.designated_ok(ability):
            return False  # "Courtesy:" applied when the line states its rule (continuous.designation_holds)

        def applied(c) -> bool:
            ref = c.target.ref if c.target is not None else "this"
            if stronghold_grant(c) is not None:  # "Your Stronghold's abilities have Tireless" (effects_restrictions)
                return not ability.designators
            # (a "Courtesy:" / "Compassion:" trait takes effect only under a rule RULES.md does not give)
            if c.kind == "modify-stat" and c.stat in PLAYER_STATS:  # "You have +1 maximum hand size"
                return not ability.designators and player_stat_applies(c)
            if c.kind == "modify-stat" and c.stat == "strength":  # "Ranged Attacks targeting ...", provinces
                from .effects_engine import province_trait_applies as province_trait

                # ("Courtesy: Your Provinces have +1 strength": while the designation holds, continuous.py)
                return (not ability.designators and engine_strength(c)) or \
                    (continuous.designated_ok(ability) and province_trait(c))
            if c.kind == "modify-stat" and c.stat == "gold-production" and gold_bonus_applies(ability):
                return True  # "+2GP when it pays for a single Shugenja only": costs.tier_bonus
            if c.kind in ("modify-stat", "grant-keyword"):
                index = ability.effects.index(c) if c in ability.effects else -1
                following = ability.effects[index + 1] if 0 <= index < len(ability.effects) - 1 else None
                return continuous.executes(c, following)
            if c.kind == "ignore-honor-requirement":  # "Mantis Clan players ignore X's Honor Requirement"
                from .effects_engine import requirement_applies

                return requirement_applies(ability, c)
            if c.kind.startswith("cannot-") and c.kind in _topic_handlers()[2]:  # restrictions a module reads
                # itself: "Will not attach Followers or Items" (effects_engine), "Ranged Attacks may not
                # target cards in this unit" (effects_negate), "cannot assign" (effects_battle)
                return _topic_handlers()[2][c.kind](c, ref)
            if c.kind.startswith("cannot-") and any(scoped_executes(ability, g) for g in ability.conditions
                                                    if g.args and g.args[0] == f"effect {ability.effects.index(c)}"):
                return True  # "Other players' actions will not discard cards from your hand" (effects_negate)
            if c.kind.startswith("cannot-"):
                return ref in ("this", "it")
            if c.kind == "attach-restriction":
                return True  # checked when the card is equipped or shared (L5R-EQUIP, L5R-SHARE)
            if c.kind == "grant-ability" and continuous.player_grant(c.target):
                return continuous.lasting_grant_applies(ability, c)  # "You have the ability, ..." (continuous.py)
            topic = _topic_handlers()[2].get(c.kind)
            if topic is not None:
                return topic(c, ref)
            return c.kind == "modify-stat" and c.stat in ("force", "chi") and bool(c.amount) \
                and ref in ("this", "attached")
        return bool(clauses) and not ability.costs and all(applied(c) for c in clauses)
    if ability.kind == "trait":
        # triggers._resolve_trait: mandatory, its readable conditions checked when it resolves,
        # no choices ("you may" asks one), "it" the card the event was about
        from .effects_engine import trait_clause_executes
        from .effects_traits import created_attached_clause, its_personality  # (the bearer; "create ... and attach it")
        from .effects_traits import lasting_tail  # "... lose 4 Honor. Will not attach cards."

        return ability.trigger is not None and not ability.costs and not any(
            c.kind == "effect-optional" for c in ability.conditions) and all(
            c.target is None or c.target.ref in ("this", "you", "attached", "it") or its_personality(c.target)
            or trait_clause_executes(c, ability) or c.kind == "negate" or created_attached_clause(c, ability)
            or lasting_tail(ability) == i for i, c in enumerate(ability.effects))
    from .costs import equips_for_x, purchases, purchases_execute, x_cost

    made = [i for i, c in enumerate(ability.effects) if getattr(c, "kind", "") == "create"]
    if any(ability.effects[i].target is not None and "battlefield" in ability.effects[i].target.card_types
           for i in made):
        return False  # "Create a battlefield": battlefields are the defenders' provinces' (L5R-ATTACK), none is made
    for i, c in enumerate(ability.effects):  # an attach of a card not just created: paid for, or X-equipped
        if getattr(c, "kind", "") == "attach" and not (made and made[0] < i and c.target is not None
                                                       and c.target.ref == "it") \
                and i not in purchases(ability) and not equips_for_x(ability, i):
            return False  # ("Equip this Item to him", "Equip a Follower to X" from no zone said)
    from .effects_engine import recruit_applies  # "Pay X Gold: Recruit a target Holding ..."

    if any(getattr(c, "kind", "") == "recruit" and not recruit_applies(ability, i)
           for i, c in enumerate(ability.effects)):
        return False  # ("Recruit him, ignoring costs", "If Endo is dead, Recruit him": not read)
    if x_cost(ability) and not any(equips_for_x(ability, i) or recruit_applies(ability, i)
                                   for i in range(len(ability.effects))):
        return False  # "Pay X Gold": the engine reads X only as the price of an Equip

    from .continuous import plural_possessive

    from .effects_engine import attached_of_named_applies  # "… and straighten his Weapons"

    if any(isinstance(c, Effect) and c.kind != "choose" and plural_possessive(c.target) not in ("", "your")
           and not attached_of_named_applies(ability, c) for c in ability.effects):
        return False  # "straighten his Weapons": every such card of a card named before (not carried out)
    from .procedure import at_least  # "target one or more Personalities": every card named (procedure)

    open_ended = [c for c in clauses if at_least(c.target) is not None]
    if any(c.target.ref == "choice" and (c.kind == "choose" or c in ability.costs or any(
            o is not c and o.target is not None and o.target.ref == "choice" and o.kind != "refill"
            for o in clauses)) for c in open_ended):
        return False  # an open-ended choice takes every card named with 'paying': only when no other does
    if any(c.target is not None and c.target.count == 1 and not (c in open_ended and len(open_ended) == 1)
           and re.match(r"(?:one|two|three|four|five|\d+) or more\b", c.target.text or "", re.I) for c in clauses):
        return False  # "Put one or more cards ...": the engine would take exactly one
    if any(c.kind == "give-token" and "/" in (c.stat or "") and c.amount is None for c in clauses):
        return False  # "a -2F/+3C Change token": different changes, which apply_to_card refuses
    if any(c.kind == "reduce-stat-to" and c.stat not in ("force", "chi") for c in clauses):
        return False  # "Reduce his Force to 0": effects_battle lowers Force or Chi only
    if any(c.kind == "set-stat" and (c.stat not in ("force", "chi") or c.amount is None and not (
            c in ability.effects and amounts.chain(ability.effects, ability.effects.index(c)))) for c in clauses):
        return False  # "Set his Force equal to his Chi": effects_battle sets Force or Chi, to a number or an amount
    from .effects_battle import stat_minimum_executes

    if not all(stat_minimum_executes(c) for c in clauses):
        return False  # "A target Personality has a minimum Chi of 1": a card's Force or Chi (effects_battle)
    if any(c.kind == "must-have-keyword" and not (c.keyword or "")[:1].isupper() for c in clauses):
        return False  # "if the target has attachments, they must be bowed": a state, never a keyword
    from .effects_battle import terrain_entry  # "Put this card into play there": a Terrain at the battle

    if any(c.kind == "put-into-play" and re.search(r"\bthere\b|\bat (?:the current|this|a) battlefield\b",
                                                    c.text or "", re.I) and not terrain_entry(ability, c)
           for c in clauses):
        return False  # "Put this card into play at a battlefield": which one, the engine is not told
    if any(c.kind == "put-into-play" and (c.target is None or c.target.ref != "this") for c in clauses) \
            and not purchases_execute(ability):
        return False  # another card brought into play, paid for (costs.py; procedure.bring_into_play)
    if ability.kind in ("action", "reaction"):
        timed = set(ability.designators) & {"Limited", "Open", "Battle", "Reaction", "Engage", "Dynasty"}
        gold_only = all(c.kind in ("bow", "produce-gold", "cost-reduction", "gold-only-for") for c in clauses) \
            and not ability.designators
        if not ability.designators and not gold_only:
            from .costs import gold_extras  # "Produce 2 Gold and lose 1 Honor": carried out as it pays

            gold_only = gold_extras(ability) is not None
        if gold_only and sum(c.kind == "produce-gold" for c in clauses) > 1:
            # "Produce 2 Gold, or 3 Gold if …": game.pay_gold reads the "if"; "Produce 1 Gold, plus 1
            # for each …": costs.take_worked_gold
            from .costs import gold_tiers, worked_gold

            gold_only = gold_tiers(ability) is not None or worked_gold(ability) is not None
        return bool(timed) or gold_only
    return False


_HANDLERS: tuple[dict, dict, dict] | None = None


def _topic_handlers() -> tuple[dict, dict, dict]:
    """(card handlers, player handlers, continuous kinds) of the :data:`EFFECT_MODULES`."""
    global _HANDLERS
    if _HANDLERS is None:
        import importlib

        cards: dict = {}
        players: dict = {}
        continuous: dict = {}
        for module_name in EFFECT_MODULES:
            module = importlib.import_module(f"{__package__}.{module_name}")
            for mine, theirs in ((cards, module.CARD_KINDS), (players, module.PLAYER_KINDS),
                                 (continuous, module.CONTINUOUS_KINDS)):
                clash = set(mine) & set(theirs)
                if clash:
                    raise RuntimeError(f"{module_name} handles {sorted(clash)} a second time")
                mine.update(theirs)
        _HANDLERS = (cards, players, continuous)
    return _HANDLERS


_ALL_KINDS: frozenset[str] | None = None


def executable_kinds() -> frozenset[str]:
    """The resolver's own kinds and those the topic modules carry out."""
    global _ALL_KINDS
    if _ALL_KINDS is None:
        cards, players, continuous = _topic_handlers()
        _ALL_KINDS = _BASE_KINDS.union(cards, players, continuous)
    return _ALL_KINDS


def __getattr__(name: str):
    if name == "EXECUTABLE_KINDS":
        return executable_kinds()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

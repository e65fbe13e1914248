"""Traits with special triggers the engine carries out: Invest.

"Invest Pay 5 Gold: Give this Follower two +1F tokens." An Invest trait is a trait whose own
trigger is the card entering play (the Comprehensive Rules' "INVEST" entry, and the cards' own
reminder text: "you may also pay the Invest cost to get the effect, once"). RULES.md has no
Invest rule of its own, so the engine claims only what the rules it does have settle:

* the cost: the player chooses, when the card is bought (``buy ... invest``) or equipped
  (``equip ... invest``), to pay the Invest cost on top of the card's Gold cost; it is Gold paid
  for bringing the card into play, spent like any Gold cost (L5R-GOLD, L5R-ACT-EFFECT: bringing a
  card into play requires paying its gold cost), and the card's Gold Cost stays that much higher;
* the effect: once the card has entered play, the trait's effect resolves like a triggered
  trait's (L5R-TRAIT), once; tokens it gives persist (L5R-DURATION).

An Invest trait on a Strategy adds to the cost of an action taken from it instead, its effects
added to the action's, resolving last (L5R-TRAIT.3, pinned from the same entry): ``play "X"
invest`` (:func:`strategy_invest`, :func:`invest_gold`, :func:`invest_effects`). Since a line of
text does not say which kind of card carries it, :func:`invest_executes` claims only effects both
readings carry out: instantaneous changes to the card itself or to the Personality it is attached
to (words a Strategy's action would not use), and effects on its player ("Draw a card", "Gain 1
Honor", "If you are Scorpion Clan, ..."), which a Strategy adds to its action, and a card its player
takes into hand ("Search your deck for a Sohei, show it, and put it in your hand"; "Put an Iaijutsu
Strategy in your discard pile into your hand": :func:`search_group`), the card named with ``paying``
as for an action's search or choice, in both readings.
"""

from __future__ import annotations

import re

from ...core.ability import Effect

#: the flag of a purchase or an Equip that pays the Invest cost (scenario language: a mode flag)
FLAG = "invest"

#: what an Invest effect may do to its own card or its bearer (triggers.resolve_clauses carries it out)
_KINDS = frozenset({"give-token", "bow", "straighten", "dishonor", "rehonor"})
#: what it may do for its player: on a card entering play, resolved once it has (triggers.resolve_clauses);
#: on a Strategy, added to the action's effects, resolving last (:func:`invest_effects`, L5R-TRAIT.3)
_PLAYER_KINDS = frozenset({"draw", "gain-honor", "lose-honor", "take-favor"})
#: conditions of an Invest effect both readings check alike ("If you are Scorpion Clan, draw a card")
_GUARDS = frozenset({"effect-if:clan-player"})

CARD_KINDS: dict = {}
PLAYER_KINDS: dict = {}


def _equip_from_discard(effect, ref) -> bool:
    """"You may Equip this Follower from your discard pile": read by turn.equip (equip_zones)."""
    return effect.kind == "attach" and ref == "this" and effect.target is not None \
        and effect.target.zone == "discard" and not effect.target.states


def _lasting_grant(effect, ref) -> bool:
    """"Your Tacticians have the ability, ...": offered to the cards reached (continuous.lasting_abilities);
    whether the trait is one the engine reads is continuous.lasting_grant_applies (effects.executes)."""
    from .continuous import reach

    return effect.kind == "grant-ability" and bool(reach(effect.target))


def _discipline(effect, ref) -> bool:
    """"If you are a Crab Clan player, this Strategy has Discipline Pay 1 Gold": read when the card
    is played from the discard pile (discipline_cost; the line as a whole: discipline_executes)."""
    return effect.kind == "keyword" and effect.keyword == "Discipline" and effect.amount is not None and ref == "this"


def _lasting_loss(effect, ref) -> bool:
    """"Katsuo does not have Brash if ...", "This Personality loses Naval": continuous.lost_keywords."""
    from .continuous import lose_keyword_applies

    return lose_keyword_applies(effect)


#: lasting traits carried out here (effects.executes asks them)
CONTINUOUS_KINDS: dict = {"attach": _equip_from_discard, "grant-ability": _lasting_grant, "keyword": _discipline,
                          "lose-keyword": _lasting_loss}


def lose_keyword(game, position, copy, effect, *, as_cost, source):
    """"Remove Ninja from Hurunayi", "permanently remove Brash from him": the card no longer has the
    keyword for the effect's duration -- until the turn ends unless the text says otherwise
    (L5R-DURATION) -- unless a later effect gives it back (continuous.lost_keywords)."""
    from ...core.position import Modifier
    from .continuous import NO_KEYWORD
    from .effects import Outcome, _duration

    keyword, name = effect.keyword or "", copy.show()
    if not keyword:
        return Outcome(False, f"remove a keyword from {name}", "the text names no keyword")
    if not position.has_keyword(copy, keyword):
        return Outcome(False, f"remove {keyword} from {name}", f"{name} does not have {keyword}")
    position.modifiers.append(Modifier(copy.uid, flag=NO_KEYWORD + keyword, duration=_duration(effect),
                                       source=source, rule="L5R-DURATION", created_turn=position.timing.turn))
    return Outcome(True, f"remove {keyword} from {name}")


CARD_KINDS["lose-keyword"] = lose_keyword


def equip_zones(game, copy) -> tuple[str, ...]:
    """Where an Equip may take ``copy`` from: its owner's hand (L5R-EQUIP), and the Fate discard
    pile when its own lasting trait says "You may Equip this Follower from your discard pile" --
    the trait of a card out of play, about that very card (L5R-ACT-COND: an ability may name
    another zone)."""
    zones = ["hand"]
    for ability in game.abilities(copy):
        if ability.kind == "continuous" and not ability.designators and not ability.costs and len(ability.effects) == 1 \
                and all(c.kind == "effect-optional" for c in ability.conditions) \
                and _equip_from_discard(ability.effects[0], ability.effects[0].target.ref
                                        if ability.effects[0].target is not None else "this"):
            zones.append("fate-discard")
    return tuple(zones)


def invest_cost(ability) -> int | None:
    """The Gold an Invest trait adds ("Invest Pay 5 Gold: ..."), or None when ``ability`` is not
    an Invest trait with one plain Gold cost ("Pay 5 Gold, or Pay 3 Gold if ..." is not read)."""
    if ability.kind != "continuous" or tuple(ability.designators) != ("Invest",):
        return None
    costs = list(ability.costs)
    if len(costs) != 1 or not isinstance(costs[0], Effect) or costs[0].kind != "pay-gold":
        return None
    cost = costs[0]
    if cost.amount is None or (cost.target is not None and cost.target.ref != "you"):
        return None
    return cost.amount


def invest_executes(ability) -> bool:
    """Does the engine carry out this Invest trait (for ``effects.executes``)?"""
    from .states import checked

    from .conditions import readable

    if invest_cost(ability) is None or not ability.effects:
        return False
    if not all(c.kind in _GUARDS and readable(c) for c in ability.conditions):
        return False  # ("If the target is Void": the target of a Strategy's action, which a card entering play has not)
    if ability.conditions and any(_lasting(ability, i) for i in range(len(ability.effects))):
        return False  # (invest_resolve leaves the lasting effects out, which would renumber the guards)
    skip: set[int] = set()
    for index, clause in enumerate(ability.effects):
        if index in skip or _lasting(ability, index):
            continue  # "This Shugenja has Cavalry": applied while the invested card is in play
        found = search_group(ability, index)
        if found:  # "Search your deck for a Sohei, show it, and put it in your hand" (resolve_search)
            if ability.conditions:
                return False  # (a guard on one of its clauses is not read here)
            skip |= set(range(index + 1, index + found))
            continue
        if created_attached(ability, index):  # "Create a 0F Follower attach it to Koru" (resolve_clauses)
            skip |= {index + 1, index + 2}
            continue
        if isinstance(clause, Effect) and clause.kind in _PLAYER_KINDS:
            if clause.target is not None and clause.target.ref != "you":
                return False
            continue
        if not isinstance(clause, Effect) or clause.kind not in _KINDS:
            return False
        spec = clause.target
        if spec is None or spec.ref not in ("this", "attached"):
            return False  # "Draw a card" might be a Strategy's, which adds to its action instead
        if not all(checked(s) for s in spec.states) or spec.tests:
            return False
    return True


def _lasting(ability, index: int) -> bool:
    """Is effect ``index`` of an Invest trait a lasting change to the card itself or its bearer
    ("This Shugenja has +2F", "This Follower has Cavalry") that continuous.py applies for as long
    as the invested card is in play (L5R-TRAIT)? A Strategy's action would not say "has"."""
    from .continuous import executes as lasting_executes
    from .continuous import reach

    clause = ability.effects[index]
    if isinstance(clause, Effect) and clause.kind == "grant-ability":  # "This Shugenja has the ability, ..."
        from .continuous import lasting_grant_applies

        return index == len(ability.effects) - 1 and lasting_grant_applies(ability, clause)
    if not isinstance(clause, Effect) or clause.kind not in ("modify-stat", "grant-keyword"):
        return False
    following = ability.effects[index + 1] if index + 1 < len(ability.effects) else None
    return following is None and reach(clause.target) in ("this", "attached") and lasting_executes(clause, None)


def invest_of(game, copy):
    """The Invest trait of ``copy`` the engine carries out, or None."""
    for ability in game.abilities(copy):
        if invest_executes(ability):
            return ability
    return None


def invest_price(game, ctx, copy):
    """(extra Gold, Invest trait) when the player brings ``copy`` into play paying its Invest
    cost (the ``invest`` flag); (0, None) without the flag. A card with no Invest trait the
    engine carries out cannot be invested in."""
    if FLAG not in set(ctx.body.flags):
        return 0, None
    ability = invest_of(game, copy)
    if ability is None:
        if any(invest_cost(a) is not None for a in game.abilities(copy)):
            ctx.reject("L5R-ACT-EFFECT", f"the engine does not carry out {copy.name}'s Invest trait")
        ctx.reject("L5R-ACT-EFFECT", f"{copy.show()} has no Invest trait")
    extra = invest_cost(ability)
    ctx.step("cost", f"{copy.name}'s Invest: its Gold Cost is {extra} Gold higher, to get the Invest effect "
             "once it enters play", "L5R-GOLD", "L5R-ACT-EFFECT")
    return extra, ability


def invest_resolve(game, ctx, copy, ability) -> None:
    """After ``copy`` entered play with its Invest cost paid: its Gold Cost stays higher, and the
    Invest effect resolves once, like a triggered trait (L5R-TRAIT)."""
    from .triggers import resolve_clauses

    if ability is None:
        return
    extra = invest_cost(ability) or 0
    printed = copy.overrides.get("gold-cost", copy.card.attrs.get("gold-cost", 0)) or 0
    copy.overrides["gold-cost"] = printed + extra
    ctx.step("effect", f"{copy.name} has entered play invested: its Gold Cost is now {printed + extra}, and "
             f"its Invest effect resolves ({'; '.join(c.text for c in ability.effects)})", "L5R-TRAIT",
             "L5R-ACT-EFFECT")
    from dataclasses import replace

    from .continuous import invested_flag

    lasting = [i for i in range(len(ability.effects)) if _lasting(ability, i)]
    if lasting:  # applied from now on by continuous.py, for as long as the card stays in play
        copy.flags.add(invested_flag(game, copy, ability))
        ctx.step("effect", f"{copy.name}'s Invest: from now on, while it is in play, "
                 + "; ".join(ability.effects[i].text for i in lasting), "L5R-TRAIT", "L5R-ACT-EFFECT")
    once = [i for i in range(len(ability.effects)) if i not in lasting]
    run: list[int] = []  # clauses resolved like a triggered trait's, in the order printed

    def flush():
        if run:
            resolve_clauses(game, ctx.position, copy,
                            replace(ability, effects=type(ability.effects)(ability.effects[i] for i in run)),
                            ctx.proc, None, "L5R-ACT-EFFECT")
            run.clear()

    skip: set[int] = set()
    for index in once:
        if index in skip:
            continue
        found = search_group(ability, index)
        if found:  # (invest_executes: no guards on a trait with a search, so none are renumbered)
            flush()
            resolve_search(ctx, copy, ability, index, found, "L5R-TRAIT")
            skip |= set(range(index + 1, index + found))
            continue
        run.append(index)
    flush()


def _it(clause) -> bool:
    """"show it", "put it in your hand": the card just named, nothing more said of it."""
    spec = clause.target
    return isinstance(clause, Effect) and spec is not None and spec.ref == "it" and spec.zone is None \
        and not spec.states and not spec.tests


def _picked_from_discard(clause) -> bool:
    """"Put an Iaijutsu Strategy in your discard pile into your hand": one card of the player's
    discard pile, named with ``paying`` as an action's is (procedure._paying_choice)."""
    spec = getattr(clause, "target", None)
    return isinstance(clause, Effect) and clause.kind == "put-in-hand" and spec is not None \
        and spec.ref == "choice" and spec.zone in ("discard", "fate-discard", "dynasty-discard") \
        and spec.count == 1 and not spec.up_to and not spec.states and not spec.tests \
        and spec.owner in ("any", "you")


def search_group(ability, index: int) -> int:
    """How many clauses from ``index`` on make one search for a card put into its player's hand:
    "Search your deck for a Spider Elite Sohei, show it, and put it in your hand" 3 (the search as
    actions carry it out, effects_engine.search_applies; "show it" optional); "Put an Iaijutsu
    Strategy in your discard pile into your hand" 1; 0 for anything else."""
    from .effects_engine import search_applies

    effects = list(ability.effects)
    clause = effects[index]
    if _picked_from_discard(clause):
        return 1
    if not isinstance(clause, Effect) or clause.kind != "search" or not search_applies(clause):
        return 0
    after = index + 1
    if after < len(effects) and getattr(effects[after], "kind", None) == "reveal" and _it(effects[after]):
        after += 1
    if after < len(effects) and getattr(effects[after], "kind", None) == "put-in-hand" and _it(effects[after]):
        return after + 1 - index
    return 0


def resolve_search(ctx, source, ability, index: int, count: int, *rules: str) -> None:
    """Carry out a search group (:func:`search_group`) of ``source``'s Invest trait as an action's
    search is carried out (procedure._search): the card found is named with ``paying``, tested
    against the words, shown, and put into its owner's hand (L5R-ACT-EFFECT)."""
    from .effects import apply_to_card
    from .procedure import Bindings, _paying_choice, _search

    clause = ability.effects[index]
    if _picked_from_discard(clause):
        used = ctx.position.memo.setdefault("_paying_used", [])
        if len(used) >= len(ctx.body.paying):  # naming none, she takes nothing
            ctx.step("effect", f"'{clause.text}': {ctx.actor} takes nothing (name the card with 'paying')",
                     *rules, "L5R-ACT-EFFECT")
            return
        for card in _paying_choice(ctx, source, clause, clause.target, False):
            out = apply_to_card(ctx.game, ctx.position, card, clause, as_cost=False, source=source.name)
            ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                     *rules, "L5R-ACT-EFFECT")
        return
    bind = Bindings()
    _search(ctx, source, ability.effects[index], bind)
    if not bind.last:
        return  # (the step says she takes nothing)
    found = bind.last[0]
    for clause in ability.effects[index + 1:index + count]:
        if clause.kind == "reveal":
            ctx.step("effect", f"{ctx.actor} shows {found.show()}", *rules, "L5R-ACT-EFFECT")
            continue
        out = apply_to_card(ctx.game, ctx.position, found, clause, as_cost=False, source=source.name)
        ctx.step("effect", out.description if out.changed else f"{out.description}: no change ({out.why})",
                 *rules, "L5R-ACT-EFFECT")


# ---- an Invest trait on a Strategy: added to the action taken from it (L5R-TRAIT.3) -------------

#: memo: the Strategy whose Invest cost the player adds to the action being taken from it
STRATEGY_INVEST = "_strategy-invest"


def strategy_invest(game, ctx, copy) -> None:
    """``play "X" invest``: the player adds the Invest cost of the Strategy to the cost of the
    action taken from it (L5R-TRAIT.3). Only Invest effects on the player ("Draw a card") are
    added to the action; others are refused, and so is a card without an Invest trait the engine
    carries out."""
    ability = invest_of(game, copy)
    if ability is None:
        if any(invest_cost(a) is not None for a in game.abilities(copy)):
            ctx.reject("L5R-TRAIT.3", f"the engine does not carry out {copy.name}'s Invest trait")
        ctx.reject("L5R-TRAIT.3", f"{copy.show()} has no Invest trait")
    # "Search your deck for ..., put it in your hand": the player's too (resolve_search)
    searched = {k for j in range(len(ability.effects)) for k in range(j, j + search_group(ability, j))}
    if not all(i in searched or (isinstance(c, Effect) and c.kind in _PLAYER_KINDS)
               for i, c in enumerate(ability.effects)):
        ctx.reject("L5R-TRAIT.3", f"the engine adds to an action only Invest effects on its player, not "
                   f"'{'; '.join(c.text for c in ability.effects)}'")
    ctx.position.memo[STRATEGY_INVEST] = copy.uid


def invest_gold(ctx, source) -> int:
    """The Gold a Strategy's Invest cost adds to the cost of the action being taken from it, paid
    with it as one cost (procedure.carry_out; L5R-TRAIT.3, L5R-GOLD); 0 without ``invest``."""
    if ctx.position.memo.get(STRATEGY_INVEST) != source.uid:
        return 0
    extra = invest_cost(invest_of(ctx.game, source)) or 0
    ctx.step("note", f"{ctx.actor} adds {source.name}'s Invest cost ({extra} Gold) to the action's cost",
             "L5R-TRAIT.3", "L5R-ACT-COST")
    return extra


def invest_effects(ctx, source) -> None:
    """After the action's own effects: the Invest effects of the Strategy it was taken from, if its
    Invest cost was paid -- part of the action, resolving last (L5R-TRAIT.3, L5R-ACT-EFFECT)."""
    from .conditions import evaluate
    from .effects import apply_to_player
    from .procedure import effect_guards

    pos = ctx.position
    if pos.memo.pop(STRATEGY_INVEST, None) != source.uid:
        return
    ability = invest_of(ctx.game, source)
    guards = effect_guards(ability)
    skip: set[int] = set()
    for index, clause in enumerate(ability.effects):
        if index in skip:
            continue
        found = search_group(ability, index)
        if found:  # the card found named with the action's next unused 'paying' (procedure._search)
            resolve_search(ctx, source, ability, index, found, "L5R-TRAIT.3")
            skip |= set(range(index + 1, index + found))
            continue
        unmet = [g for g in guards.get(f"effect {index}", ())
                 if evaluate(g, game=ctx.game, pos=pos, actor=ctx.actor, source=source,
                             subject_of=lambda word: None) is not True]
        if unmet:
            ctx.step("effect", f"{source.name}'s Invest: '{clause.text}' is not carried out, since "
                     f"'{unmet[0].text}' does not hold", "L5R-TRAIT.3", "L5R-ACT-EFFECT")
            continue
        out = apply_to_player(ctx.game, pos, ctx.actor, clause, as_cost=False)
        ctx.step("effect", f"{source.name}'s Invest: " + (out.description if out.changed
                                                          else f"{out.description}: no change ({out.why})"),
                 "L5R-TRAIT.3", "L5R-ACT-EFFECT")


# ---- Discipline: a Strategy played from its owner's discard pile (L5R-TRAIT.4) ---------------------

#: memo: the Strategy being played from the discard pile for its Discipline (its Gold added to the cost)
DISCIPLINE = "_discipline"
#: the flag of a Discipline Strategy whose action put it into play: removed from the game when it leaves
DISCIPLINE_FLAG = "discipline-removes"


def discipline_cost(game, pos, copy, player: str) -> int | None:
    """The Gold of ``copy``'s Discipline trait that holds now for ``player`` ("Discipline Pay 2
    Gold"; "If you are a Crab Clan player, this Strategy has Discipline Pay 1 Gold"; "Courtesy:
    Discipline Pay 1 Gold" as its reminder states), or None. A continuous trait affects the card it
    is on while that card is out of play (L5R-TRAIT)."""
    from .conditions import evaluate
    from .continuous import designation_holds

    for ability in game.abilities(copy):
        clauses = [c for c in ability.effects if isinstance(c, Effect) and c.kind == "keyword"
                   and c.keyword == "Discipline" and c.amount is not None]
        if ability.kind == "keywords" and clauses and not ability.conditions:
            return clauses[0].amount
        if ability.kind != "continuous" or len(ability.effects) != 1 or len(clauses) != 1 or ability.costs:
            continue
        if clauses[0].target is not None and clauses[0].target.ref != "this":
            continue
        if ability.designators and not designation_holds(game, pos, copy, ability):
            continue  # ("Courtesy: ...": its player went first; other designators are not read)
        if not all(c.kind == "effect-if:clan-player" and evaluate(c, game=game, pos=pos, actor=player, source=copy,
                                                                 subject_of=lambda word: None) is True
                   for c in ability.conditions):
            continue
        return clauses[0].amount
    return None


def discipline_executes(ability) -> bool | None:
    """For ``effects.executes``: None for a line that gives no Discipline; else whether it is one
    the engine reads (:func:`discipline_cost`): one "Discipline Pay N Gold" clause, on the card
    itself, under "If you are a <Clan> Clan player" or on a "Courtesy:" / "Compassion:" line
    stating when it takes effect."""
    from .conditions import readable
    from .continuous import designated_ok

    if ability.kind != "continuous" or not any(isinstance(c, Effect) and c.kind == "keyword"
                                               and c.keyword == "Discipline" for c in ability.effects):
        return None
    if len(ability.effects) != 1 or ability.costs:
        return False
    clause = ability.effects[0]
    if clause.amount is None or (clause.target is not None and clause.target.ref != "this"):
        return False
    if ability.designators and not designated_ok(ability):
        return False
    return all(c.kind == "effect-if:clan-player" and readable(c) for c in ability.conditions)


def discipline_play(game, ctx, copy) -> None:
    """``play "X" from fate-discard``: a Strategy with Discipline is played from its owner's
    discard pile, the Discipline Gold added to the action's cost (L5R-TRAIT.4, L5R-ACT-COND: its
    own text names that zone); refused for a card without it."""
    extra = discipline_cost(game, ctx.position, copy, ctx.actor)
    if extra is None:
        ctx.reject("L5R-ACT-COND.2", f"{copy.show()} is in {ctx.actor}'s discard pile and has no Discipline trait "
                   "that lets it be played from there")
    ctx.position.memo[DISCIPLINE] = copy.uid


def added_gold(ctx, source) -> int:
    """Gold added to the cost of the action being taken from ``source`` (procedure.carry_out): a
    Strategy's Invest cost (L5R-TRAIT.3) and its Discipline Gold when played from the discard pile
    (L5R-TRAIT.4), each paid with the action's cost as one (L5R-GOLD)."""
    extra = invest_gold(ctx, source)
    if ctx.position.memo.get(DISCIPLINE) == source.uid:
        gold = discipline_cost(ctx.game, ctx.position, source, ctx.actor) or 0
        ctx.step("note", f"{source.name} is played from the discard pile for its Discipline: {gold} Gold is added "
                 "to the action's cost", "L5R-TRAIT.4", "L5R-ACT-COST")
        extra += gold
    return extra


def discipline_cleanup(ctx, source) -> bool:
    """After an action played for Discipline: the card is removed from the game instead of being
    discarded; one its action put into play is removed when it next leaves play (L5R-TRAIT.4).
    True when it took care of the card (procedure.carry_out then does not discard it)."""
    pos = ctx.position
    if pos.memo.pop(DISCIPLINE, None) != source.uid:
        return False
    if source.zone == "announced":
        pos.move(source.uid, source.owner, "removed", top=False)
        ctx.step("cleanup", f"remove {source.name} from the game (played for its Discipline)", "L5R-TRAIT.4",
                 "L5R-ACT-CLEANUP")
        return True
    source.flags.add(DISCIPLINE_FLAG)
    ctx.step("note", f"{source.name} was played for its Discipline: when it next leaves play it is removed from "
             "the game", "L5R-TRAIT.4")
    return True


def discipline_leaves(pos, proc, events: list) -> None:
    """A Discipline Strategy its own action put into play has left it: removed from the game
    instead (L5R-TRAIT.4; triggers.settle)."""
    from .effects import in_play

    for event in events:
        copy = pos.copies.get(event[1]) if len(event) == 2 else None
        if copy is None or DISCIPLINE_FLAG not in copy.flags or in_play(pos, copy):
            continue
        copy.flags.discard(DISCIPLINE_FLAG)
        pos.move(copy.uid, copy.owner, "removed", top=False)
        proc.add("effect", f"{copy.name} has left play: played for its Discipline, it is removed from the game",
                 "L5R-TRAIT.4")


def its_personality(spec) -> bool:
    """"After this Weapon attaches, dishonor its Personality": in an attachment's trait, "its
    Personality" is the Personality the card is attached to -- no choice (triggers.resolve_clauses)."""
    return spec is not None and spec.ref == "choice" and (spec.text or "").lower() == "its personality" \
        and spec.count == 1 and not spec.states and not spec.tests and not spec.keywords


# ---- "create a 1F Dog Follower and attach it to him" in a triggered trait -------------------

def created_attached(ability, index: int) -> bool:
    """Are effects ``index``..``index + 2`` of a triggered (or Invest) trait "Create N 1F Followers,
    attach them to it": a created Follower or Item with its values, "attach it/them", and "to" this
    card or "him"/"it" -- the card the event was about (a card event, not an action's)?"""
    from .triggers_events import split_event

    effects = list(ability.effects)
    if index < 0 or index + 2 >= len(effects):
        return False
    made, attach, host = effects[index:index + 3]
    if not all(isinstance(c, Effect) for c in (made, attach, host)):
        return False
    if made.kind != "create" or made.target is None or made.target.ref != "created" or not made.values:
        return False
    if made.target.card_types not in (("follower",), ("item",)) or made.target.states:
        return False
    if attach.kind != "attach" or attach.target is None or attach.target.ref != "it":
        return False
    if host.kind != "attach-to" or host.target is None or host.target.states or host.target.tests:
        return False
    if host.target.ref == "this":
        return True
    event = split_event(ability.trigger.event)[0] if ability.trigger is not None else ""
    return host.target.ref == "it" and bool(event) and not event.startswith(("action-", "turn-", "engaging"))


def created_attached_clause(clause, ability) -> bool:
    """For ``effects.executes``' trait gate: ``clause`` opens or belongs to such a triple."""
    effects = list(ability.effects)
    if clause not in effects:
        return False
    i = effects.index(clause)
    return any(created_attached(ability, j) for j in (i, i - 1, i - 2))


def create_and_attach(game, pos, source, ability, index: int, about) -> list[str]:
    """Carry out the triple at ``index``: each created card enters play attached to the host (this
    card, or the card the event was about) if it is a Personality in play that may carry it
    (L5R-ACT-EFFECT; its "Will not attach ..." traits: effects_engine.refuses_attachment)."""
    from types import SimpleNamespace

    from ...core.cards import CardDef
    from .effects import in_play
    from .effects_engine import refuses_attachment
    from .triggers_events import raise_event

    made, _, to = list(ability.effects)[index:index + 3]
    host = source if to.target.ref == "this" else about
    if host is not None and host.card.type != "personality" and host.attached_to in pos.copies:
        host = pos.copies[host.attached_to]  # "attach it to this Personality" on an attachment
    spec = made.target
    kind = spec.card_types[0]
    stats = dict(zip(("force", "chi", "personal-honor"), made.values))
    card = CardDef(name=" ".join((*spec.keywords, kind.title())) + " (created)", type=kind, attrs=stats,
                   keywords=tuple(spec.keywords), source="created by an effect")
    if host is None or host.card.type != "personality" or not in_play(pos, host):
        return [f"'{made.text}': there is no Personality in play to attach it to, so it is not created"]
    refused = refuses_attachment(game, pos, host, SimpleNamespace(card=card))  # (it asks only the card's type)
    if refused:
        return [f"'{made.text}': {refused}, so it is not created"]
    steps = []
    for _ in range(max(1, spec.count)):
        created = pos.create_copy(card, source.controller, source.controller, host.zone)
        created.attached_to = host.uid
        raise_event(pos, "enters-play", created)
        raise_event(pos, "attached", created)
        steps.append(f"create {created.name} ({kind}) and attach it to {host.name}")
    return steps


# ---- "After Akuma enters play, lose 4 Honor. Will not attach cards." ------------------------

def lasting_tail(ability) -> int | None:
    """The index of a triggered trait's closing sentence that is the card's own lasting trait,
    or None. "After Akuma enters play, lose 4 Honor. Will not attach cards." prints two traits on
    one line: the second sentence has no trigger of its own and holds while the card is in play
    (L5R-TRAIT), like the same words printed alone. Only a subject-less "Will not attach ..." /
    "Cannot attach ..." sentence by card types (effects_engine.refuses_attachment) is read so."""
    if ability.kind != "trait" or ability.trigger is None or len(ability.effects) < 2:
        return None
    index = len(ability.effects) - 1
    clause = ability.effects[index]
    if not isinstance(clause, Effect) or clause.kind != "cannot-attach" or clause.target is None:
        return None
    from .effects_engine import _no_attach_ok

    words = (clause.text or "").strip()
    if not _no_attach_ok(clause, clause.target.ref) or not re.match(r"(?:will not|cannot) attach\b", words, re.I):
        return None
    if f". {words.lower()}" not in ability.text.lower():
        return None  # a sentence of its own, not "..., and will not attach ..."
    if any(c.args and c.args[0] == f"effect {index}" for c in ability.conditions):
        return None
    return index


def with_lasting_tails(abilities):
    """``abilities`` and, for each triggered trait with a lasting closing sentence, that sentence
    as the continuous trait it is (read by effects_engine.refuses_attachment)."""
    from dataclasses import replace

    for ability in abilities:
        yield ability
        index = lasting_tail(ability)
        if index is not None:
            clause = ability.effects[index]
            yield replace(ability, kind="continuous", trigger=None, conditions=type(ability.conditions)(),
                          effects=type(ability.effects)((clause,)), text=clause.text)

"""Lasting traits: what the traits without a trigger of cards in play do to other cards.

"This Personality has +1F", "Your Samurai have +1F", "Cards in this unit have Cavalry",
"This card has +1F for each Lion Clan Personality you control": while their card is in play
and their conditions hold, such traits change Force, Chi and keywords (L5R-TRAIT). They are
worked out afresh whenever a value is asked for, never stored, so they stop the moment their
card leaves play or a condition fails.

Who a trait reaches: ``this`` its own card; ``attached`` the Personality it is attached to
(or itself, on a Personality); ``each`` -- and a plural noun phrase without an article,
which the grammar reads as ``choice`` ("Your Personalities have ...") -- every card in play
that fits the description, judged from the trait's controller ("your").
"""

from __future__ import annotations

import re

from typing import Iterator

from ...core.ability import Effect, TargetSpec
from ...core.position import Copy, Position
from . import amounts
from .delayed import triggered_effects
from .effects import in_play
from .states import compare
from .states import fits as state_fits

#: stats a lasting trait may change on cards: Force and Chi read in game.card_property, Personal
#: Honor with every read of the value (Position.stat, through :func:`lasting_stats`)
CARD_STATS = ("force", "chi", "personal-honor")
#: of those, the ones Position.stat itself adds (Force and Chi are added by game.card_property)
_STAT_READ = ("personal-honor",)

#: the areas "out of play", "in or out of play", "in play or in your discard pile" name (procedure.zone_matches)
OUT_OF_PLAY_ZONES = ("out-of-play", "in-or-out-of-play", "play|discard")

#: describing words that depend on the trait's own card
RELATIVE_STATES = ("other", "in-unit")


def plural_choice(spec: TargetSpec | None) -> bool:
    """"Your Personalities", "Cards in this unit": no article, no count word -- every such card."""
    if spec is None or spec.ref != "choice":
        return False
    first = spec.text.split(" ", 1)[0].lower() if spec.text else ""
    return first not in ("a", "an", "one", "the", "that", "this", "target", "any") and spec.count == 1


_AFTER_HEAD = re.compile(r"\s+(?:in|at|with|without|who|that|from|on)\b.*$")


def plural_possessive(spec: TargetSpec | None) -> str:
    """"your non-Unique Holdings", "his Weapons": a possessive and a plural noun, no count word --
    every such card, never one the player picks. Returns the possessive ("your", "his" ...) or ""."""
    if spec is None or spec.ref != "choice" or spec.count != 1 or spec.up_to:
        return ""
    m = re.match(r"(your|his|her|their|its)\s+(.*)$", spec.text or "", re.I)
    if not m:
        return ""
    words = _AFTER_HEAD.sub("", m.group(2)).split()
    head = words[-1] if words else ""
    # (a plural noun ends in -s; "Samurai", "Ninja" read the same either way and stay one card)
    plural = head.endswith("s") and not head.endswith("ss") and head.lower() not in ("his", "chi")
    return m.group(1).lower() if plural else ""


def reach(spec: TargetSpec | None) -> str:
    """How a lasting clause finds its cards: "this", "attached", "each" or "" (not worked out)."""
    ref = spec.ref if spec is not None else "this"
    if ref in ("this", "it"):
        return "this"
    if ref == "attached":
        return "attached"
    if ref == "each" or plural_choice(spec):
        return "each"
    if ref == "possessed" and tuple(spec.states) == ("of-this",) and spec.card_types in (("follower",),
                                                                                        ("attachment",)):
        return "own"  # "Seiken's Nonhuman Followers": the cards attached to this card
    return ""


def fits(game, pos: Position, source: Copy, copy: Copy, spec: TargetSpec) -> bool:
    """Does ``copy`` fit the description of a lasting clause of ``source``?

    Only cards in play fit, except the trait's own card: out of play, "Your Samurai each have
    +1F" still gives its own Samurai +1F (L5R-TRAIT)."""
    if spec.zone in OUT_OF_PLAY_ZONES:  # "Your Followers out of play have Reserve": in the areas it names
        from .procedure import zone_matches

        if not zone_matches(copy.zone, spec.zone):
            return False
    elif copy.uid != source.uid and not in_play(pos, copy) and "in-and-out-of-play" not in spec.states:
        return False  # ("Your Mantis Clan Samurai in and out of play have Magistrate": in hand too)
    if spec.owner == "you" and copy.controller != source.controller:
        return False
    if spec.owner == "opponent" and copy.controller == source.controller:
        return False
    types = [t for t in spec.card_types if t not in ("card", "unit")]
    if types and copy.card.type not in types:
        return False
    for keyword in spec.keywords:
        if not (pos.has_keyword(copy, keyword) or (keyword.endswith("s") and pos.has_keyword(copy, keyword[:-1]))
                or _clan_keyword(pos, copy, keyword)):
            return False
    if not all(state_fits(game, pos, source, copy, state) for state in spec.states):
        return False  # ("other", "in this unit" ... are judged from the trait's card: states.py)
    return all(compare(pos.stat(copy, test.stat, 0) or 0, test.op, test.value) for test in spec.tests)


def bearer_named(pos: Position, source: Copy, spec: TargetSpec | None) -> bool:
    """"This Shugenja has +1F" on a Spell: "this" with a type or keyword the card itself is not
    names the Personality it is attached to (as triggers._bearer_meant reads a trait's effects)."""
    types = [t for t in spec.card_types if t != "card"] if spec is not None else []
    return bool(types) and source.card.type not in types and source.attached_to in pos.copies


def _clan_keyword(pos: Position, copy: Copy, keyword: str) -> bool:
    """"Your Crane Clan Personalities": a card belongs to a clan when its keywords name the clan
    ("Crane"; L5R-CLAN, as the scenario language defines it)."""
    return keyword.endswith(" Clan") and pos.has_keyword(copy, keyword[: -len(" Clan")])


def reaches(game, pos: Position, source: Copy, clause: Effect, copy: Copy) -> bool:
    how = reach(clause.target)
    if how == "this":
        if bearer_named(pos, source, clause.target):
            return copy.uid == source.attached_to
        return copy.uid == source.uid
    if how == "attached":
        return copy.uid == source.uid if source.attached_to is None else copy.uid == source.attached_to
    if how == "each":
        return fits(game, pos, source, copy, clause.target)
    if how == "own":
        spec = clause.target
        typed = spec.card_types == ("attachment",) or copy.card.type in spec.card_types
        return copy.attached_to == source.uid and in_play(pos, copy) and typed and all(
            pos.has_keyword(copy, k) for k in spec.keywords)
    return False


def lasting_clauses(game, pos: Position, asking: Copy | None = None) -> Iterator[tuple[Copy, object, int, Effect]]:
    """(card, ability, clause index, clause) of every trait without a trigger of a card in play,
    and of ``asking`` itself wherever it is (a card's own trait always applies to itself)."""
    for source in list(pos.copies.values()):
        if not in_play(pos, source) and source is not asking:
            continue
        for ability in game.abilities(source):
            if ability.kind != "continuous":
                continue
            if ability.designators and not designation_holds(game, pos, source, ability):
                continue  # ("Invest ...": once paid; "Courtesy: ...": unless you went first)
            later = triggered_effects(ability)  # "After you Recruit X, ... give him Naval": set off by its trigger
            for index, clause in enumerate(ability.effects):
                if isinstance(clause, Effect) and index not in later:
                    yield source, ability, index, clause


#: the flag of a card brought into play with the cost of its Invest trait paid ("invested:N", N the
#: trait's place among the card's abilities; effects_traits.invest_resolve), dropped when it leaves
#: play (triggers.settle)
INVESTED = "invested:"


def invested_flag(game, copy: Copy, ability) -> str:
    return INVESTED + str(list(game.abilities(copy)).index(ability))


def invested(game, copy: Copy, ability) -> bool:
    return invested_flag(game, copy, ability) in copy.flags


#: designators of lasting traits and the condition the line's own reminder text states for them
#: ("Courtesy: Chairei has Cavalry. (Courtesy traits do not take effect if you went first.)");
#: RULES.md has no rule of its own for them, so only a line that states it is read
_DESIGNATED = {"Courtesy": "courtesy traits do not take effect if you went first",
               "Compassion": "compassion takes effect while you have fewer provinces than anyone else"}


def designated_ok(ability) -> bool:
    """A "Courtesy:" / "Compassion:" line whose own words state when it takes effect (for
    ``effects.executes``); lines with other designators are not applied."""
    d = tuple(ability.designators)
    return len(d) == 1 and d[0] in _DESIGNATED and _DESIGNATED[d[0]] in " ".join(ability.text.lower().split())


def designation_holds(game, pos: Position, source: Copy, ability) -> bool:
    """Does a designated lasting trait of ``source`` take effect now? Invest: once its cost was
    paid; Courtesy: unless its controller went first (the first player in seat order); Compassion:
    while its controller has fewer provinces than every other player."""
    if tuple(ability.designators) == ("Invest",):
        return invested(game, source, ability)
    if not designated_ok(ability):
        return False
    me = source.controller
    if ability.designators[0] == "Courtesy":
        return bool(pos.seat_order) and pos.seat_order[0] != me
    mine = game.province_count(pos, me)
    return all(mine < game.province_count(pos, other) for other in pos.players if other != me)


def _conditions_hold(game, pos: Position, source: Copy, ability, index: int, holder: Copy) -> bool:
    from .conditions import evaluate

    guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
    # "while attacking" on an attachment speaks of its bearer; "while they ..." of each card reached
    return all(evaluate(g, game=game, pos=pos, actor=source.controller, source=holder, subject_of=lambda w: holder)
               for g in guards)


def per_each(game, pos: Position, source: Copy, ability, index: int) -> int | None:
    """The multiplier of "+1F for each X" (clause ``index + 1``), or None when there is none."""
    following = ability.effects[index + 1] if index + 1 < len(ability.effects) else None
    if not isinstance(following, Effect) or not following.kind.startswith("amount-"):
        return None
    if following.kind != "amount-for-each" or following.target is None:
        return -1  # an amount the engine does not work out
    found = sum(1 for c in pos.copies.values() if fits(game, pos, source, c, following.target))
    return found // max(1, following.amount or 1)


def bonus(game, pos: Position, copy: Copy, stat: str) -> int:
    """The sum of the lasting changes to ``stat`` that reach ``copy`` now."""
    total = 0
    for source, ability, index, clause in lasting_clauses(game, pos, copy):
        if clause.kind != "modify-stat" or clause.stat != stat:
            continue
        if not reaches(game, pos, source, clause, copy):
            continue
        worked = amounts.lasting_amount(game, pos, source, ability, index, copy)  # "a bonus equal to ..."
        if worked is not None:
            if _conditions_hold(game, pos, source, ability, index, copy):
                total += worked
            continue
        if not clause.amount:
            continue
        times = per_each(game, pos, source, ability, index)
        if times == -1:
            continue
        if _conditions_hold(game, pos, source, ability, index, copy):
            total += clause.amount * (1 if times is None else times)
    return total


def lasting_stats(game, pos: Position, copy: Copy, stat: str) -> int:
    """The lasting change to ``stat`` every read of a Personality's value includes: "This
    Personality has +1PH", "Your Crane Clan Personalities have +1PH" (L5R-TRAIT)."""
    if stat not in _STAT_READ or copy.card.type != "personality":
        return 0
    return bonus(game, pos, copy, stat)


def keywords(game, pos: Position, copy: Copy) -> list[str]:
    """Keywords lasting traits give ``copy`` now ("This Personality has Conqueror")."""
    found = []
    for source, ability, index, clause in lasting_clauses(game, pos, copy):
        if clause.kind != "grant-keyword" or not clause.keyword:
            continue
        if reaches(game, pos, source, clause, copy) and _conditions_hold(game, pos, source, ability, index, copy):
            if clause.keyword == "your-clan-alignment":  # "have your Clan alignment": the controller's clan
                clan = pos.players[source.controller].attrs.get("clan") if source.controller in pos.players else None
                if clan:  # (a Personality belongs to a clan when its keywords name it: L5R-CLAN)
                    found.append(str(clan))
                continue
            found.append(clause.keyword)
    return found


def executes(clause: Effect, following: Effect | None) -> bool:
    """Is this lasting clause one the engine applies (for ``effects.executes``)?"""
    how = reach(clause.target)
    if not how:
        return False
    if clause.kind == "grant-keyword":
        return bool(clause.keyword)
    equal = following is not None and following.kind == "amount-equal-to"
    if clause.kind != "modify-stat" or clause.stat not in CARD_STATS or not (clause.amount or equal):
        return False
    if how == "each" and clause.target.card_types and not set(clause.target.card_types) & {"personality", "follower",
                                                                                            "card"}:
        return False  # only Personalities' and Followers' Force and Chi are read with lasting changes
    if equal:  # worked out afresh each time it is asked for (amounts.lasting_amount)
        if following.target is not None and following.target.ref == "it" and how != "each":
            return False  # "their Personal Honor" speaks of each card reached
        from .states import checked

        if how == "each" and not all(s in RELATIVE_STATES or checked(s) for s in clause.target.states):
            return False  # a describing word fits() does not read (states.py)
        return clause.amount is None and amounts.chain_executes(clause, [following], lasting=True)
    if following is not None and following.kind.startswith("amount-"):
        from .states import checked

        return following.kind == "amount-for-each" and following.target is not None \
            and following.target.ref == "each" \
            and all(checked(s) for s in following.target.states)  # fits() counts only what it reads
    return True


# ---- "Your Tacticians have the ability, "Tactical Open: ..."" ----------------------------

#: what a lasting trait may give the cards it reaches: an action ability taken at the usual times
_GRANTED_TIMES = frozenset({"Limited", "Open", "Battle"})


def lasting_grant_applies(ability, clause: Effect) -> bool:
    """"Each of your Scorpion Clan Personalities has the ability, "Battle, Bow this card: Bow a
    target enemy Follower"" (for ``effects.executes``): a lasting trait without designators that
    gives every card it reaches (its own card, its bearer, the cards it describes) an action
    ability, for as long as its card is in play and its conditions hold (L5R-TRAIT: a trait
    without a trigger is a continuous effect; gained abilities are used like printed ones,
    L5R-DURATION). Claimed only for a Limited, Open or Battle action the engine carries out in
    full, as an action's "give him the ability" is (effects_engine.grant_applies); gained
    Reactions and traits are not read."""
    from .ability import parse_ability
    from .effects import executes
    from .effects_engine import granted_text
    from .states import checked

    invest = tuple(ability.designators) == ("Invest",)  # "Invest Pay 4 Gold: This Shugenja has the ability, ..."
    if ability.kind != "continuous" or (ability.designators and not invest) or (ability.costs and not invest):
        return False  # (an Invest trait's is applied once invested: designation_holds; effects_traits._lasting)
    if clause.kind != "grant-ability" or clause.keyword != "ability" or clause.duration is not None:
        return False
    spec = clause.target
    if invest and reach(spec) not in ("this", "attached"):
        return False
    player = not invest and player_grant(spec)  # "You have the ability, ...": the player's own
    if not player and (not reach(spec) or (spec is not None and (spec.tests or not all(checked(s) for s in spec.states)))):
        return False
    granted = parse_ability(granted_text(clause))
    designators = set(granted.designators)
    if player and any(isinstance(c, Effect) and c.target is not None and c.target.ref in ("this", "attached")
                      for c in (*granted.costs, *granted.effects)):
        return False  # ("Bow this card" in a player's ability: no card of its own to bow)
    return granted.kind == "action" and bool(designators & _GRANTED_TIMES) and "Reaction" not in designators \
        and executes(granted)


def player_grant(spec) -> bool:
    """"You have the ability, "Open: ..."": a player ability of the trait's controller (Comprehensive
    Rules, "Player Abilities and Traits": players may gain abilities from effects, each taken like a
    card's, once per turn unless it says otherwise). The engine offers it through the card whose
    trait gives it, for as long as that card is in play (:func:`lasting_abilities`): its controller
    takes it there ("uses" the card), and its once-per-turn limit is that card's."""
    return spec is not None and spec.ref == "you" and not spec.states and not spec.tests


def lasting_abilities(game, pos: Position, copy: Copy) -> tuple:
    """The action abilities lasting traits of cards in play give ``copy`` now (game.source_ability
    offers them after its printed and gained ones)."""
    from .ability import parse_ability
    from .effects_engine import granted_text

    found = []
    for source, ability, index, clause in lasting_clauses(game, pos):
        if clause.kind != "grant-ability" or not lasting_grant_applies(ability, clause):
            continue
        mine = player_grant(clause.target) and copy.uid == source.uid  # "You have the ability, ..."
        if (mine or reaches(game, pos, source, clause, copy)) \
                and _conditions_hold(game, pos, source, ability, index, copy):
            found.append(parse_ability(granted_text(clause)))
    return tuple(found)


# ---- keywords a card no longer has ("Remove Ninja from him", "This Personality loses Naval") ----

#: the flag of a modifier taking a keyword away for its duration (effects_traits.lose_keyword)
NO_KEYWORD = "no-keyword:"


def lost_keywords(game, pos: Position, copy: Copy, found: list[str]) -> list[str]:
    """Of the keywords ``copy`` would have (``found``: printed, given by effects, given by lasting
    traits), those it has lost (Position.keywords leaves them out):

    * to an effect ("Remove Resilient from a target Personality"): a modifier for the effect's
      duration, unless a later effect gave the keyword back (the later change stands: modifiers are
      kept in the order they were made; L5R-DURATION);
    * to a lasting trait of a card in play whose conditions hold ("Minori does not have
      Overconfident if any other player is Lion Clan", "Your Lion Clan Personalities have Courtier but
      do not have Cavalry", "This Personality loses and cannot gain Naval"): for as long as it holds
      (L5R-TRAIT)."""
    lost = []
    for keyword in found:
        wanted = keyword.casefold()
        last = None
        for m in pos.modifiers:
            if m.subject != copy.uid:
                continue
            if m.keyword and m.keyword.casefold() == wanted:
                last = "given"
            elif m.flag and m.flag.casefold() == (NO_KEYWORD + keyword).casefold():
                last = "lost"
        if last == "lost":
            lost.append(keyword)
    for source, ability, index, clause in lasting_clauses(game, pos, copy):
        if clause.kind != "lose-keyword" or not clause.keyword:
            continue
        if reaches(game, pos, source, clause, copy) and _conditions_hold(game, pos, source, ability, index, copy):
            lost.append(clause.keyword)
    return lost


def lose_keyword_applies(clause: Effect) -> bool:
    """A lasting "does not have X" / "loses X" the engine applies (:func:`lost_keywords`; for
    ``effects.executes``): one keyword, taken from cards the trait reaches (its own card, its bearer,
    every card it describes with words fits() reads)."""
    from .states import checked

    spec = clause.target
    how = reach(spec)
    if not clause.keyword or not how or how == "own":
        return False
    return spec is None or (not spec.tests and all(s == "in-and-out-of-play" or checked(s) for s in spec.states))

"""L5R engine effects not owned by a grammar topic: player values changed by traits without a
trigger, and what the resolver needs to carry them out.

Registered in :data:`adjudicator.games.l5r.effects.EFFECT_MODULES` (handler signature there).

* The hand maximum (L5R-END: discard down to eight) as lasting traits change it: "You have +1
  maximum hand size", "Other players' maximum hand sizes are reduced by 1, to a minimum of 7",
  "Dragon Clan players have +2 maximum hand size", "While this Shugenja is Void, your maximum
  hand size is increased by 1". They are worked out whenever the End phase asks, from the cards
  in play and their conditions (L5R-TRAIT).
"""

from __future__ import annotations

import re

from ...core.ability import Effect

#: kind -> handler(game, position, copy, effect, *, as_cost, source) -> Outcome
CARD_KINDS: dict = {}

#: kind -> handler(game, position, player, effect, *, as_cost, source) -> Outcome
PLAYER_KINDS: dict = {}

#: kind -> applies(effect, ref) -> bool: traits without a trigger the engine honours
CONTINUOUS_KINDS: dict = {}

#: the printed hand maximum (L5R-END)
HAND_MAXIMUM = 8

#: player stats lasting traits change, read by the engine where the rules use them
PLAYER_STATS = ("max-hand-size",)


# ---------------------------------------------------------------------------- who a clause reaches

def _player_spec(spec) -> str | None:
    """Which players a lasting clause on a player value names: "you", "others", "clan:<Clan>"
    ("Dragon Clan players"), or None when the engine cannot tell."""
    if spec is None:
        return None
    if spec.ref == "you" and not spec.states and not spec.keywords:
        return "you"
    if spec.ref == "opponent" and not spec.states and not spec.keywords:
        return "others"
    if spec.ref == "choice" and tuple(spec.card_types) == ("player",) and spec.owner == "any":
        if tuple(spec.states) == ("other",) and not spec.keywords:
            return "others"
        if not spec.states and len(spec.keywords) == 1 and spec.keywords[0].endswith(" Clan"):
            return "clan:" + spec.keywords[0][: -len(" Clan")]
    return None


def player_stat_applies(clause: Effect) -> bool:
    """A lasting change of a player value the engine reads (for ``effects.executes``)."""
    if clause.kind != "modify-stat" or clause.stat not in PLAYER_STATS or not clause.amount:
        return False
    if clause.values and (len(clause.values) != 1 or clause.amount > 0):
        return False  # "to a minimum of 7" is a floor under a reduction
    return _player_spec(clause.target) is not None


def _reaches(pos, source, spec, player: str) -> bool:
    who = _player_spec(spec)
    if who == "you":
        return player == source.controller
    if who == "others":
        return player != source.controller
    if who is not None and who.startswith("clan:"):
        return str(pos.players[player].attrs.get("clan", "")).casefold() == who[5:].casefold()
    return False


def player_stat(game, pos, player: str, stat: str, base: int) -> tuple[int, list[str]]:
    """``stat`` of ``player`` with every lasting trait of a card in play that reaches them, and
    the cards that changed it. Floors ("to a minimum of 7") apply to their own reduction only."""
    from .continuous import _conditions_hold, lasting_clauses

    value, floored, why = base, [], []
    for source, ability, index, clause in lasting_clauses(game, pos):
        if ability.designators or not player_stat_applies(clause) or clause.stat != stat:
            continue
        if not _reaches(pos, source, clause.target, player):
            continue
        if not _conditions_hold(game, pos, source, ability, index, source):
            continue
        if clause.values:
            floored.append((clause.amount, clause.values[0]))
        else:
            value += clause.amount
        why.append(f"{source.name} {clause.amount:+d}")
    for amount, floor in floored:
        value = max(value + amount, min(value, floor))
    return value, why


def hand_limit(game, pos, player: str) -> tuple[int, str]:
    """The hand maximum of ``player`` now (L5R-END, as traits change it: L5R-TRAIT), and a note
    naming the cards that change it ("" when none does)."""
    value, why = player_stat(game, pos, player, "max-hand-size", HAND_MAXIMUM)
    value = max(0, value)
    note = f" (eight, changed by {', '.join(why)})" if why else ""
    return value, note


# ---------------------------------------------------------------------------- triggered traits

#: card-type words: "Kami Celestials" reads "Celestials" as a keyword, which no card carries
_TYPE_WORDS = {"personality", "follower", "holding", "item", "spell", "ring", "region", "celestial", "event",
               "stronghold", "strategy", "action", "card", "unit", "province"}

#: player-level kinds a trait may give "all players" / "each other player" (effects.apply_to_player)
_PLAYER_KINDS = {"gain-honor", "lose-honor", "draw"}

#: card kinds a trait may apply to every card it describes (effects.apply_to_card)
_CARD_KINDS = {"bow", "straighten", "dishonor", "rehonor", "destroy", "discard", "move-home"}


def _players_spec_ok(spec) -> bool:
    """"all players", "Each other player": the players, judged from the trait's controller."""
    return tuple(spec.card_types) == ("player",) and set(spec.states) <= {"other"} and not spec.keywords \
        and not spec.tests and spec.zone is None and spec.owner in ("any", "opponent")


def _cards_spec_ok(spec) -> bool:
    """"all your other Sensei Personalities": every card in play fitting it (continuous.fits)."""
    from .states import checked

    if spec.zone is not None or "player" in spec.card_types or not (spec.card_types or spec.keywords):
        return False
    if any(k.lower().rstrip("s") in _TYPE_WORDS for k in spec.keywords):
        return False
    return all(checked(s) for s in spec.states)


def trait_clause_executes(clause, ability) -> bool:
    """Can a triggered trait carry out this clause whose target names no single card: "each"
    (every card or player it describes) or "created" (a card it creates)? (effects.executes)"""
    spec = clause.target
    if spec is None:
        return False
    if spec.ref == "each":
        if clause.kind in _PLAYER_KINDS:
            return _players_spec_ok(spec)
        return clause.kind in _CARD_KINDS and _cards_spec_ok(spec)
    if spec.ref == "created":
        # "create a 0F/2C/0PH Ninja Personality": at its controller's home; attaching it somewhere
        # or "(at his location)" the trait does not carry out
        return clause.kind == "create" and bool(clause.values) and not any(
            getattr(c, "kind", "") in ("attach", "attach-to") for c in ability.effects) \
            and "location" not in ability.text.lower()
    return False


def trait_subjects(game, pos, source, clause) -> list:
    """The players (names) or cards in play an "each" clause of ``source``'s trait reaches."""
    from .continuous import fits
    from .effects import in_play

    spec = clause.target
    if clause.kind in _PLAYER_KINDS:
        names = list(pos.players)
        if "other" in spec.states or spec.owner == "opponent":
            names = [n for n in names if n != source.controller]
        return names
    return [c for c in list(pos.all_copies()) if in_play(pos, c) and fits(game, pos, source, c, spec)]


def trait_create(game, pos, source, clause) -> list[str]:
    """"Create two 2F/2C/2PH Ratling Personalities": new cards in play at the controller's home."""
    from ...core.cards import CardDef
    from .triggers_events import raise_event

    spec = clause.target
    kind = spec.card_types[0] if spec.card_types else "personality"
    stats = dict(zip(("force", "chi", "personal-honor"), clause.values))
    name = " ".join((*spec.keywords, kind.title())) + " (created)"
    card = CardDef(name=name, type=kind, attrs=stats, keywords=tuple(spec.keywords), source="created by an effect")
    made = []
    for _ in range(max(1, spec.count)):
        created = pos.create_copy(card, source.controller, source.controller, "home")
        raise_event(pos, "enters-play", created)
        made.append(f"create {created.name} ({kind}) in play at {source.controller}'s home")
    return made


# ---------------------------------------------------------------------------- military strength

#: the military effects a lasting "have -3 strength" may change (effects.apply_to_card)
MILITARY_KINDS = ("fear", "ranged-attack", "melee-attack")


def _attacked(spec) -> str | None:
    """What "… Attacks targeting X" names: "unit" (cards in this unit), "self" (this card, or
    the Personality "this Personality" on an attachment means), "name:<word>" (the card by its
    name), or None when the words are other ones the engine does not read."""
    text = spec.text or ""
    _, sep, tail = text.partition(" targeting ")
    if not sep:
        return None
    tail = tail.strip().rstrip(".")
    low = tail.lower()
    if low == "cards in this unit":
        return "unit"
    if low in ("this follower", "this personality", "this card"):
        return "self"
    if tail and tail[0].isupper() and " " not in tail and tail.isalpha():
        return "name:" + tail
    return None


def attack_strength_applies(clause: Effect) -> bool:
    """A lasting change of Fear / Melee / Ranged strength the engine applies when such an effect
    resolves (for ``effects.executes``): "Melee and Ranged Attacks targeting cards in this unit
    have -3 strength", "… targeting this Follower …", "Your Ranged Attacks have +1 strength",
    "Other players' Ranged Attacks have -1 strength" (those the trait's controller's opponents take)."""
    spec = clause.target
    if clause.kind != "modify-stat" or clause.stat != "strength" or not clause.amount or clause.values:
        return False
    if spec is None or spec.ref != "choice" or not spec.card_types or spec.keywords or spec.tests or spec.zone:
        return False
    if not set(spec.card_types) <= set(MILITARY_KINDS):
        return False
    if tuple(spec.states) == ("targeting",):
        return spec.owner == "any" and _attacked(spec) is not None
    return not spec.states and spec.owner in ("you", "opponent") and " targeting " not in (spec.text or "")


def _reaches_attack(pos, source, spec, target, attacker: str | None) -> bool:
    from .states import _leader

    if not spec.states:  # "Your Ranged Attacks": the trait's controller's actions; "Other players'
        # Ranged Attacks": those any other player takes
        if attacker is None:
            return False
        return attacker == source.controller if spec.owner == "you" else attacker != source.controller
    what = _attacked(spec)
    if what == "unit":
        return _leader(pos, target).uid == _leader(pos, source).uid
    if what == "self":
        bearer = source.attached_to if source.attached_to is not None and \
            "personality" in (spec.text or "").lower() else source.uid
        return target.uid == bearer
    if what and what.startswith("name:"):
        return target.uid == source.uid and what[5:] in source.name.split()
    return False


def attack_strength(game, pos, kind: str, target, attacker: str | None) -> tuple[int, list[str]]:
    """The sum of the lasting changes to a ``kind`` effect's strength against ``target`` taken by
    ``attacker`` (L5R-TRAIT), and the cards giving them."""
    from .continuous import _conditions_hold, lasting_clauses

    total, why = 0, []
    for source, ability, index, clause in lasting_clauses(game, pos):
        if ability.designators or not attack_strength_applies(clause) or kind not in clause.target.card_types:
            continue
        if not _reaches_attack(pos, source, clause.target, target, attacker):
            continue
        if not _conditions_hold(game, pos, source, ability, index, source):
            continue
        total += clause.amount
        why.append(f"{source.name} {clause.amount:+d}")
    return total, why


# ---------------------------------------------------------------------------- province strength

#: "Your provinces have +2 strength", "Provinces have -1 strength": whose provinces a lasting trait reaches
_LASTING_PROVINCES = re.compile(r"(your |other players' |)provinces", re.IGNORECASE)
#: "the current battlefield's province": the province whose battlefield is being fought over
_CURRENT_PROVINCE = re.compile(r"(the )?current battlefield's province", re.IGNORECASE)


def province_trait_applies(clause: Effect) -> bool:
    """A lasting change of Province strength the engine reads at battle resolution (L5R-RESOLVE):
    "Your provinces have +2 strength", "Provinces have -1 strength" (every player's)."""
    spec = clause.target
    if clause.kind != "modify-stat" or clause.stat != "strength" or not clause.amount or clause.values:
        return False
    if spec is None or spec.ref != "choice" or tuple(spec.card_types) != ("province",) or spec.keywords \
            or spec.states or spec.tests or spec.zone:
        return False
    m = _LASTING_PROVINCES.fullmatch((spec.text or "").strip())
    # ("other players' provinces": every province but those of the trait's controller)
    whose = {"your ": "you", "other players' ": "opponent"}.get((m.group(1) or "").lower(), "any") if m else None
    return m is not None and spec.owner == whose if whose != "any" else m is not None and spec.owner not in (
        "you", "opponent")


def province_effect_applies(clause: Effect) -> bool:
    """An effect changing Province strength the engine carries out: "Give each of your provinces +2
    strength" (every province of the acting player), "Give the current battlefield's province +3
    strength" (the one being fought over)."""
    spec = clause.target
    if clause.kind != "modify-stat" or clause.stat != "strength" or clause.amount is None or clause.values:
        return False
    if spec is None or tuple(spec.card_types) != ("province",) or spec.keywords or spec.tests or spec.zone:
        return False
    if spec.ref == "each":
        return spec.owner == "you" and not spec.states
    if spec.ref == "possessed":
        return tuple(spec.states) == ("of-it",) and _CURRENT_PROVINCE.fullmatch((spec.text or "").strip()) is not None
    if spec.ref == "this":  # "Give this Province +2 strength": the current battlefield's (this_province)
        return not spec.states and (spec.text or "").strip().lower() == "this province"
    if spec.ref == "choice" and not spec.states:  # "Give a Province +3 strength": one the player names;
        # "give your provinces +2 strength": each of them
        return (spec.text or "").strip().lower() in ("a province", "your provinces")
    return False


def this_province_elsewhere(game, pos, source) -> str | None:
    """Why "this Province" on ``source`` is not the current battlefield's province, or None. The
    Comprehensive Rules ("This"): on an Event it is the province the Event is in, on a Fortification
    the province it is attached to, on any other card the current battlefield's province -- the
    engine reads only the last."""
    if source.card.type == "event" or pos.has_keyword(source, "Fortification"):
        return f"on {'an Event' if source.card.type == 'event' else 'a Fortification'} 'this Province' is its own " \
               "province, which the engine does not change the strength of"
    return None


def _stronghold_strength(pos, player: str) -> int:
    for c in pos.zone(player, "stronghold"):
        value = pos.stat(c, "province-strength", 0)
        if isinstance(value, int):
            return value
    return 0


def province_strength(game, pos, player: str, province: str) -> tuple[int, list[str]]:
    """Strength of ``player``'s ``province`` ("province 2"): the Stronghold's Province Strength,
    the changes effects made this turn (or permanently) to all of the player's provinces or to
    this one, and the lasting traits of cards in play (L5R-TRAIT); with what changed it."""
    from .continuous import _conditions_hold, lasting_clauses

    value, why = _stronghold_strength(pos, player), []
    for m in pos.modifiers:
        if m.subject == player and m.stat in ("province-strength", f"province-strength:{province}"):
            value += m.delta
            why.append(f"{m.source} {m.delta:+d}")
    from .continuous import designated_ok

    for source, ability, index, clause in lasting_clauses(game, pos):
        # ("Courtesy: Your Provinces have +1 strength": lasting_clauses yields it while its designation holds)
        if (ability.designators and not designated_ok(ability)) or not province_trait_applies(clause):
            continue
        if clause.target.owner == "you" and source.controller != player:
            continue
        if clause.target.owner == "opponent" and source.controller == player:
            continue  # ("other players' provinces")
        if not _conditions_hold(game, pos, source, ability, index, source):
            continue
        value += clause.amount
        why.append(f"{source.name} {clause.amount:+d}")
    return value, why


def give_province_strength(game, pos, actor: str, clause: Effect, source: str):
    """Carry out :func:`province_effect_applies`' forms: a change lasting until the end of the turn
    unless the text says "permanently" (L5R-DURATION)."""
    from ...core.position import Modifier
    from .effects import Outcome
    from .procedure import current_battlefield

    duration = clause.duration or "turn"
    sign = f"{clause.amount:+d}"
    named = (clause.target.text or "").strip().lower()
    if clause.target.ref == "choice" and named == "a province":
        return _give_chosen_province(game, pos, actor, clause, source, duration)
    if clause.target.ref == "each" or named == "your provinces":
        pos.modifiers.append(Modifier(actor, stat="province-strength", delta=clause.amount, duration=duration,
                                      source=source, rule="L5R-DURATION", created_turn=pos.timing.turn))
        return Outcome(True, f"give each of {actor}'s provinces {sign} strength")
    fighting = pos.timing.phase == "attack" and pos.timing.step in ("engage", "combat", "resolution")
    field = current_battlefield(pos) if fighting else None
    if field is None:
        return Outcome(False, f"give the current battlefield's province {sign} strength",
                       "no battle is being fought")
    defender = game.defender(pos)
    province = "province " + field.split()[1]
    pos.modifiers.append(Modifier(defender, stat=f"province-strength:{province}", delta=clause.amount,
                                  duration=duration, source=source, rule="L5R-DURATION",
                                  created_turn=pos.timing.turn))
    return Outcome(True, f"give {defender}'s {province} (the current battlefield's) {sign} strength")


# ---------------------------------------------------------------------------- units and "as he moves"

#: "his unit": the unit of the Personality the ability has just named (procedure.Bindings.last)
UNIT_PRONOUNS = ("his unit", "her unit", "its unit")


def unit_ref(spec) -> str | None:
    """"pronoun" for "his unit", "this" for "this unit"; None for any other description."""
    if spec is None or tuple(spec.card_types) != ("unit",) or spec.keywords or spec.tests or spec.zone \
            or set(spec.states) - {"of-this"}:
        return None
    text = (spec.text or "").strip().lower()
    if spec.ref == "choice" and text in UNIT_PRONOUNS:
        return "pronoun"
    if spec.ref == "this" and text == "this unit":
        return "this"
    if spec.ref == "possessed" and text in ("this follower's unit", "this personality's unit", "this card's unit"):
        return "this"  # (the grammar marks it "of-this")
    return None


def unit_cards(pos, copy) -> list:
    """The unit ``copy`` is in: its Personality and the cards attached to him (battle.unit_cards)."""
    from .states import _leader

    leader = _leader(pos, copy)
    return [leader, *pos.attachments_of(leader.uid)]


def simultaneous(ability, cond) -> bool:
    """"Move him home. Straighten his unit as he moves": the effect happens together with the move
    of the effect just before it, so carried out right after it, and only if he did move."""
    from .delayed import follows_move  # ("After this moves him, ...", a Spell's "this Personality": delayed.py)

    if follows_move(ability, cond):
        return True
    if cond.kind != "effect-delayed" or tuple(cond.args[1:]) != ("as", "card-moves"):
        return False
    kind, _, number = cond.args[0].partition(" ")
    if kind != "effect" or not number.isdigit() or ability.kind not in ("action", "reaction"):
        return False
    index = int(number)
    if index == 0 or index >= len(ability.effects):
        return False
    before = ability.effects[index - 1]
    return isinstance(before, Effect) and before.kind in ("move-home", "move-to-battle") and \
        before.target is not None and before.target.ref in ("this", "target", "it")


# ---------------------------------------------------------------------------- "do X to do Y"
#
# "Discard a card to draw a card", "Remove a Madness token from Tenburo to give him Naval": the
# effect after "to" depends on the one before it actually happening (L5R-ACT-EFFECT.9). The
# procedure records which effects changed something ("_changed", for the kinds it carries out card
# by card or player by player: conditions._RECORDED); an effect linked by "to" to one of those that
# changed nothing is not carried out. (Where the effect before is carried out on another path --
# a search, a purchase -- nothing is recorded, and the link is not read.)

def contingent_on(ability, index: int) -> int | None:
    """The index of the effect effect ``index`` depends on by the word "to", or None."""
    from .conditions import _RECORDED

    effects = list(ability.effects)
    if not 0 < index < len(effects) or not isinstance(effects[index], Effect):
        return None
    j = index - 1
    while j >= 0 and isinstance(effects[j], Effect) and effects[j].kind.startswith("amount-"):
        j -= 1  # ("Discard a card to give him a Force bonus equal to its Focus Value": the amount goes with its clause)
    if j < 0 or not isinstance(effects[j], Effect) or effects[j].kind not in _RECORDED:
        return None
    first, then = (effects[j].text or "").strip(), (effects[index].text or "").strip()
    if not first or not then or first == then:
        return None
    linked = re.search(re.escape(first) + r",? to " + re.escape(then[:1].lower()) + re.escape(then[1:]),
                       ability.text or "", re.IGNORECASE)
    return j if linked is not None else None


def contingency_unmet(ctx, ability, index: int) -> bool:
    """True (with a step) when effect ``index`` depends by "to" on an effect that changed nothing."""
    j = contingent_on(ability, index)
    if j is None or j in ctx.position.memo.get("_changed", ()):
        return False
    ctx.step("effect", f"{ability.effects[index].text}: not carried out, since '{ability.effects[j].text}' did not "
             "happen (the word 'to' makes it depend on that)", "L5R-ACT-EFFECT.9")
    return True


def unit_clauses_ok(ability) -> bool:
    """Every "his unit" of ``ability`` has a card named before it for "his" to stand for: a target,
    a chosen card, or this card moved (for ``effects.executes``)."""
    clauses = [c for c in (*ability.costs, *ability.effects) if isinstance(c, Effect)]
    for i, clause in enumerate(clauses):
        spec = clause.target
        if spec is not None and spec.ref == "choice" and "unit" in spec.card_types and unit_ref(spec) is None:
            return False  # "one of your other units": a chosen unit, not one card named with 'paying'
        if unit_ref(spec) != "pronoun":
            continue
        earlier = clauses[:i]
        if not any(c.target is not None and (c.target.ref in ("target", "it", "choice") or (
                c.kind in ("move-home", "move-to-battle") and c.target.ref in ("this", "attached")))
                and unit_ref(c.target) is None for c in earlier):
            return False
    return True


# ---------------------------------------------------------------------------- searching a deck

#: the zones "Search your Fate deck / Dynasty deck / discard pile for …" names, as the grammar writes them
SEARCHED = ("fate-deck", "dynasty-deck", "deck", "fate-discard", "dynasty-discard", "discard")


def search_areas(clause: Effect) -> list[str] | None:
    """The zones a search looks through, in the order the text names them: "Search your Fate deck"
    one; "your discard pile, then Fate deck", "your discard pile or deck", "your discard pile and
    Fate deck" two (the grammar keeps "<zone> then|or|and <zone>" in ``keyword``; a bare "deck"
    after a Dynasty or Fate discard pile is that deck). None for any other wording."""
    spec = clause.target
    if spec is None or spec.zone not in SEARCHED:
        return None
    if clause.keyword is None:
        return [spec.zone]
    m = re.fullmatch(r"(\S+) (then|or|and) (\S+)", clause.keyword)
    if m is None or m.group(1) != spec.zone or m.group(3) not in SEARCHED or m.group(3) == spec.zone:
        return None
    second = m.group(3)
    if second in ("deck", "discard") and spec.zone.startswith(("fate-", "dynasty-")):
        second = spec.zone.split("-")[0] + "-" + second  # "your Dynasty discard pile, then deck"
    return [spec.zone, second]


def search_applies(clause: Effect) -> bool:
    """"Search your Fate deck for a Ring", "Search your discard pile, then Fate deck, for a Ring": the
    acting player's zones (search_areas), and a description of the card the engine tests
    (procedure.target_ok). With two areas the card found may be in either: the player searches
    them in the order given (or her own), may declare a search fail, and cannot go back
    (L5R-ACT-EFFECT.6)."""
    spec = clause.target
    if spec is not None and any(k.lower() in _TYPE_WORDS for k in spec.keywords):
        return False  # "a Ninja Strategy" read with a type as a keyword
    # ("a Kiho Battle Strategy": the keywords and designators of its abilities, game.inherited_keywords)
    return clause.kind == "search" and search_areas(clause) is not None and spec.ref == "choice" \
        and spec.count == 1 and not spec.up_to and spec.owner in ("any", "you")


def _search(game, position, copy, effect, *, as_cost, source):
    from .effects import Outcome

    where = copy.zone.replace("-", " ")
    return Outcome(True, f"{copy.zone_owner} searches the {where} and finds {copy.show()}")


CARD_KINDS["search"] = _search


# ---------------------------------------------------------------------------- looking at a deck

def look_applies(clause: Effect) -> bool:
    """"Look at the top card of your Fate deck": one card of one of the acting player's decks; "it"
    after it is that card ("You may discard it", "You may put it at the bottom")."""
    spec = clause.target
    return clause.kind == "look-at-top" and clause.amount == 1 and spec is not None and spec.ref == "you" \
        and spec.zone in ("fate-deck", "dynasty-deck") and not spec.states


def look_reorder_applies(ability, clause: Effect) -> bool:
    """"Look at the top three cards of your Fate deck. Put them back in any order.": several cards of
    one of the acting player's decks, and the only clause naming them after it puts them all back
    (``reorder``, "them"); "one of them", "the rest" pick among them, which is not read."""
    spec = clause.target
    effects = list(ability.effects)
    if clause.kind != "look-at-top" or not isinstance(clause.amount, int) or clause.amount < 2 or spec is None \
            or spec.ref != "you" or spec.zone not in ("fate-deck", "dynasty-deck") or spec.states:
        return False
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    after = [c for c in effects[index + 1:] if isinstance(c, Effect)]
    naming = [c for c in after if c.target is not None and c.target.ref == "it"]
    return len(naming) == 1 and naming[0] is (after[0] if after else None) and reorder_applies(naming[0])


def reorder_applies(clause: Effect) -> bool:
    """"Put them back in any order": the cards just looked at (look_reorder_applies)."""
    spec = clause.target
    return clause.kind == "reorder" and spec is not None and spec.ref == "it" \
        and (spec.text or "").strip().lower() == "them" and not spec.states


def _look(game, position, player, effect, *, as_cost, source):
    from .effects import Outcome

    zone = (effect.target.zone if effect.target is not None else None) or "fate-deck"
    deck = position.zones.get((player, zone), [])
    where = zone.replace("-", " ")
    count = effect.amount if isinstance(effect.amount, int) and effect.amount > 1 else 1
    if not deck:
        return Outcome(False, f"{player} looks at the top card of the {where}", "it is empty")
    if count > 1:
        seen = ", ".join(position.copies[u].show() for u in deck[:count])
        short = f" (only {len(deck)} there)" if len(deck) < count else ""
        return Outcome(True, f"{player} looks at the top {count} cards of the {where}{short}: {seen}")
    return Outcome(True, f"{player} looks at the top card of the {where}: {position.copies[deck[0]].show()}")


def reorder(ctx, clause: Effect, cards: list):
    """"Put them back in any order": the acting player orders the cards looked at, still on top of
    the deck, naming them with ``paying`` top first (L5R-ACT-EFFECT); naming none, she keeps
    their order. Returns the step's Outcome."""
    from .effects import Outcome

    pos = ctx.position
    cards = [c for c in cards if not isinstance(c, str)]
    if not cards:
        return Outcome(False, "put them back in any order", "no cards were looked at")
    key = (cards[0].zone_owner, cards[0].zone)
    deck = pos.zones.get(key, [])
    uids = [c.uid for c in cards]
    if deck[:len(uids)] != uids:
        return Outcome(False, "put them back in any order", "they are no longer the top cards of the deck")
    paying = list(ctx.body.paying)
    used = pos.memo.setdefault("_paying_used", [])
    rest = [i for i in range(len(paying)) if i not in used]
    if not rest:
        return Outcome(True, f"{ctx.actor} puts them back in the same order: "
                       f"{', '.join(c.show() for c in cards)} (name another order with 'paying', top first)")
    order = []
    for i in rest[:len(cards)]:
        used.append(i)
        copy = ctx.card(paying[i], where=lambda c: c.uid in uids, purpose="order")
        if copy.uid not in uids or copy in order:
            ctx.reject("L5R-ACT-EFFECT", f"{copy.show()} is not one of the cards looked at, or was named twice")
        order.append(copy)
    if len(order) != len(cards):
        ctx.reject("L5R-ACT-EFFECT", f"name all {len(cards)} cards looked at, top first, to put them back in order")
    deck[:len(uids)] = [c.uid for c in order]
    return Outcome(True, f"{ctx.actor} puts them back, top first: {', '.join(c.show() for c in order)}")


PLAYER_KINDS["look-at-top"] = _look


# ---------------------------------------------------------------------------- "with +2 strength if …"

def attack_bonus(before, clause) -> bool:
    """"Ranged 3 Attack, with +2 strength if the target is dishonorable": ``clause`` (a strength
    change naming nothing) adds to the Fear / Melee / Ranged effect ``before`` it, when its
    condition holds as that effect resolves."""
    return isinstance(before, Effect) and isinstance(clause, Effect) and before.kind in MILITARY_KINDS \
        and isinstance(before.amount, int) and before.stat is None and clause.kind == "modify-stat" \
        and clause.stat == "strength" and clause.target is None and isinstance(clause.amount, int) \
        and not clause.values


# ---------------------------------------------------------------------------- entering play bowed

def _own_card(effect, ref) -> bool:
    spec = effect.target
    return ref == "this" and (spec is None or (spec.ref == "this" and not spec.states and not spec.keywords))


CONTINUOUS_KINDS["enters-play-bowed"] = _own_card
CONTINUOUS_KINDS["enters-play-unbowed"] = _own_card


def enters_bowed(game, pos, copy, bowed: bool, actor: str) -> tuple[bool, str]:
    """Whether ``copy`` enters play bowed: ``bowed`` as the rules have it (a bought Holding:
    L5R-HOLDING), unless its own trait says otherwise ("This Fortification enters play bowed",
    "This Holding enters play unbowed if you control any Siege Personalities"); with the trait's
    words when one decides it (L5R-TRAIT)."""
    from .conditions import SELF, evaluate

    for ability in game.abilities(copy):
        if ability.kind != "continuous" or ability.designators:
            continue
        for index, clause in enumerate(ability.effects):
            kind = getattr(clause, "kind", "")
            if kind not in ("enters-play-bowed", "enters-play-unbowed"):
                continue
            ref = clause.target.ref if clause.target is not None else "this"
            if not _own_card(clause, ref):
                continue
            guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
            if not all(evaluate(g, game=game, pos=pos, actor=actor, source=copy,
                                subject_of=lambda w: copy if w.lower() in SELF else None) is True for g in guards):
                continue
            return kind == "enters-play-bowed", clause.text
    return bowed, ""


# ---------------------------------------------------------------------------- "Will not attach Followers"

_ATTACHABLE = {"follower", "item", "spell", "card"}


def _no_attach_ok(effect, ref) -> bool:
    """"Cannot attach Followers or Items", "Will not attach cards": a Personality's own trait, by
    card types only ("Armor or Followers" reads a keyword into the type: not claimed)."""
    spec = effect.target
    return ref == "choice" and spec is not None and not spec.keywords and not spec.states and not spec.tests \
        and bool(spec.card_types) and set(spec.card_types) <= _ATTACHABLE


CONTINUOUS_KINDS["cannot-attach"] = _no_attach_ok


def refuses_attachment(game, pos, host, item) -> str | None:
    """Why ``host``'s own trait ("Will not attach Items") keeps ``item`` off it, or None (L5R-TRAIT)."""
    from .conditions import SELF, evaluate
    from .effects_traits import with_lasting_tails  # "..., lose 4 Honor. Will not attach cards."

    for ability in with_lasting_tails(game.abilities(host)):
        if ability.kind != "continuous" or ability.designators:
            continue
        for index, clause in enumerate(ability.effects):
            if getattr(clause, "kind", "") != "cannot-attach" or not _no_attach_ok(clause, clause.target.ref):
                continue
            types = set(clause.target.card_types)
            if "card" not in types and item.card.type not in types:
                continue
            guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
            if all(evaluate(g, game=game, pos=pos, actor=host.controller, source=host,
                            subject_of=lambda w: host if w.lower() in SELF else None) is True for g in guards):
                return f"{host.name} will not attach {clause.target.text} (its trait: {clause.text})"
    from .effects_restrictions import must_have_refusal  # "His Followers must be Ninja" (effects_restrictions)

    return must_have_refusal(game, pos, host, item)


# ---------------------------------------------------------------------------- transferring

def transfer_applies(ability) -> bool:
    """"Transfer this Follower to your target Personality": each transfer names this card, a target
    or "it", and is followed at once by the attach-to naming one host (procedure.transfer_to)."""
    effects = list(ability.effects)
    for i, clause in enumerate(effects):
        if getattr(clause, "kind", "") != "transfer":
            continue
        host = effects[i + 1] if i + 1 < len(effects) else None
        if clause.target is None or clause.target.ref not in ("this", "target", "it") or clause.target.count != 1:
            return False
        if getattr(host, "kind", "") != "attach-to" or host.target is None or host.target.ref not in (
                "target", "it", "this") or host.target.count != 1 or host.target.states:
            return False  # ("Transfer it to Yamato": the Personality whose ability it is)
        if host.target.ref == "this" and host.target.card_types not in ((), ("personality",)):
            return False
    return True


def _transfer(game, position, copy, effect, *, as_cost, source):
    from .effects import Outcome

    return Outcome(False, f"transfer {copy.show()}", "the attach-to clause after it moves the card")


CARD_KINDS["transfer"] = _transfer


# ---------------------------------------------------------------------------- ignoring a Honor Requirement

_CLAN_PLAYERS = re.compile(r"([A-Z][a-z]+) Clan players")


def _requirement_who(ability, index: int, clause) -> tuple[str | None, list]:
    """(clan or None, other conditions) of "Mantis Clan players ignore Tametaka's Honor Requirement",
    "Crab Clan players may ignore Chiyo's Honor Requirement", "You ignore Hantei XVI's Honor
    Requirement if you control the Imperial Favor"; ("?", []) for a form not read."""
    spec = clause.target
    conds = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
    if spec is not None and spec.ref == "each" and tuple(spec.card_types) == ("player",) and not spec.states \
            and len(spec.keywords) == 1 and spec.keywords[0].endswith(" Clan"):
        return spec.keywords[0][: -len(" Clan")], conds
    if spec is not None and spec.ref == "you":
        clan, rest = None, []
        for c in conds:
            m = _CLAN_PLAYERS.fullmatch(c.args[1]) if c.kind == "effect-optional" and len(c.args) == 2 else None
            if m:
                clan = m.group(1)
            elif c.kind == "effect-if:you-control" and c.args[1:] == ("the Imperial Favor",):
                rest.append(c)
            else:
                return "?", []
        return clan, rest
    return "?", []


def requirement_applies(ability, clause) -> bool:
    """For ``effects.executes``: a form :func:`ignores_requirement` reads."""
    index = ability.effects.index(clause) if clause in ability.effects else -1
    return not ability.designators and _requirement_who(ability, index, clause)[0] != "?"


def ignores_requirement(game, pos, copy, actor: str) -> str:
    """The words of ``copy``'s own trait that lets ``actor`` ignore its Honor Requirement, or ""."""
    for ability in game.abilities(copy):
        if ability.kind != "continuous" or ability.designators:
            continue
        for index, clause in enumerate(ability.effects):
            if getattr(clause, "kind", "") != "ignore-honor-requirement":
                continue
            clan, rest = _requirement_who(ability, index, clause)
            if clan == "?":
                continue
            if clan is not None and str(pos.players[actor].attrs.get("clan", "")).casefold() != clan.casefold():
                continue
            if rest and "imperial-favor" not in pos.players[actor].flags:
                continue
            return clause.text
    return ""


CONTINUOUS_KINDS["ignore-honor-requirement"] = lambda effect, ref: ref in ("you", "each")


# ---------------------------------------------------------------------------- gaining an ability

#: durations a gained ability may be given for: the default end of the turn, or "permanently"
#: (L5R-DURATION: gained abilities are ongoing changes, until the end of the turn unless stated)
_GRANT_DURATIONS = (None, "turn", "permanent")
_GRANT_FLAG = "ability:"


def granted_text(clause: Effect) -> str:
    return (clause.text or "").strip().strip('"').strip()


def grant_applies(ability, clause: Effect) -> bool:
    """"Give him the ability, "Battle: Target an enemy Personality: Destroy him."" (effects.executes):
    an action or Reaction gives a card an action ability (Limited / Open / Battle) that the engine
    carries out in full itself, for the turn or permanently; its controller may then use it
    (game.source_ability). Gained traits and Reactions are not claimed: the engine reads those
    from printed text only."""
    from .ability import parse_ability
    from .effects import executes

    if clause.kind != "grant-ability" or ability.kind not in ("action", "reaction"):
        return False
    index = ability.effects.index(clause) if clause in ability.effects else -1
    if index > 0 and created_trait(ability.effects[index - 1], clause) is not None:
        return executes(parse_ability(granted_text(clause)))  # printed on the created card (created_trait)
    if clause.keyword != "ability" or clause.duration not in _GRANT_DURATIONS:
        return False
    spec = clause.target
    if spec is None or spec.ref not in ("it", "target", "this"):
        return False
    granted = parse_ability(granted_text(clause))
    return granted.kind == "action" and bool(set(granted.designators) & {"Limited", "Open", "Battle"}) \
        and "Reaction" not in granted.designators and executes(granted)


def _grant(game, position, copy, effect, *, as_cost, source):
    from ...core.position import Modifier
    from .effects import Outcome

    text = granted_text(effect)
    flag = _GRANT_FLAG + text
    if position.has_flag(copy, flag):
        return Outcome(False, f'{copy.show()} gains the ability "{text}"', "it already has that ability")
    # a card created "with the ability" has it for as long as it exists (creating cards persists,
    # L5R-DURATION); otherwise it lasts the duration stated, or until the end of the turn
    made = copy.card.source == "created by an effect" and (effect.target.text or "").lower().startswith("create")
    duration = "permanent" if made else (effect.duration or "turn")
    position.modifiers.append(Modifier(copy.uid, flag=flag, duration=duration, source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    until = "permanently" if duration == "permanent" else "until the end of the turn"
    return Outcome(True, f'{copy.show()} gains the ability "{text}" ({until})')


CARD_KINDS["grant-ability"] = _grant


def created_trait(create, following) -> str | None:
    """The trait a card is created with -- "Create a (bowed) Holding with the trait "Bow this card:
    Produce 1 Gold."", "Create a +2F Armor Item with the trait, "…" and attach it to him" -- or
    None. It is part of the new card, as printed text is (L5R-ACT-EFFECT, L5R-TRAIT): the
    procedure gives the created card that text, so traits, triggers and its abilities read it."""
    if getattr(create, "kind", "") != "create" or getattr(following, "kind", "") != "grant-ability":
        return None
    spec = following.target
    if following.keyword != "trait" or following.duration is not None or spec is None or spec.ref != "it":
        return None
    if (spec.text or "").strip() != (create.text or "").strip():
        return None  # a separate sentence, not "… with the trait …" of this creation
    return granted_text(following)


def granted(position, copy) -> tuple:
    """The abilities ``copy`` has gained (and still has) from effects, after its printed ones."""
    from .ability import parse_ability

    return tuple(parse_ability(m.flag[len(_GRANT_FLAG):]) for m in position.modifiers
                 if m.subject == copy.uid and m.flag and m.flag.startswith(_GRANT_FLAG))


# ---------------------------------------------------------------------------- "use its abilities a second time"

#: memo key: uid -> how many more times this turn each ability of that card may be used (cleared
#: with the turn's other memos, turn._next_turn)
EXTRA_USES = "extra-uses"
_ITS_ABILITIES = ("its abilities", "his abilities", "her abilities")


def reuse_applies(clause: Effect) -> bool:
    """"You may use its abilities a second time (this turn)": every ability of the card named just
    before (procedure.Bindings.last), no narrower ("his Political abilities", "an ability on …")."""
    spec = clause.target
    if clause.kind == "reuse-ability" and clause.amount == 1 and spec is not None and stronghold_reuse(spec):
        return True  # "You may use each ability on your Stronghold a second time this turn"
    return clause.kind == "reuse-ability" and clause.amount == 1 and spec is not None \
        and spec.ref == "possessed" and tuple(spec.states) == ("of-it",) \
        and (spec.text or "").strip().lower() in _ITS_ABILITIES


def stronghold_reuse(spec) -> bool:
    """"each ability on your Stronghold": the acting player's Stronghold (procedure.subjects)."""
    return spec.ref == "each" and tuple(spec.states) == ("on:your Stronghold",) and spec.card_types == ("ability",) \
        and not spec.keywords and not spec.tests


def extra_uses(pos, copy) -> int:
    """How many more times this turn each ability of ``copy`` may be used (procedure's limit check)."""
    return pos.memo.get(EXTRA_USES, {}).get(str(copy.uid), 0)


def _reuse(game, position, copy, effect, *, as_cost, source):
    """Each once-per-turn ability of the card may be used once more this turn: L5R-ACT-COND's "once
    per turn unless it states another limit", the effect stating it."""
    from .effects import Outcome

    uses = position.memo.setdefault(EXTRA_USES, {})
    uses[str(copy.uid)] = uses.get(str(copy.uid), 0) + (effect.amount or 1)
    return Outcome(True, f"{copy.show()}'s abilities may each be used one more time this turn")


CARD_KINDS["reuse-ability"] = _reuse


# ---------------------------------------------------------------------------- Seppuku

def _seppuku(game, position, copy, effect, *, as_cost, source):
    """"Erdene commits Seppuku": the Comprehensive Rules (Seppuku) -- "Rehonor the Personality, then
    destroy him; these effects cannot be negated" -- so no standing negation is asked; a card that
    cannot be destroyed at all (its own trait) still is not (L5R-ACT-EFFECT: a change that cannot
    happen does nothing)."""
    from .effects import Outcome, _cannot, discard_copy, in_play, raise_event

    name = copy.show()
    if copy.card.type != "personality" or not in_play(position, copy):
        return Outcome(False, f"{name} commits Seppuku", "only a Personality in play commits Seppuku")
    said = []
    if "dishonored" in copy.flags:
        copy.flags.discard("dishonored")
        said.append(f"rehonor {name}")
    if _cannot(position, copy, "destroy", game):
        return Outcome(bool(said), f"{name} commits Seppuku: " + ", then ".join(said or ["nothing to rehonor"]),
                       f"{name} cannot be destroyed")
    raise_event(position, "seppuku", copy)  # "After a Personality commits seppuku" (triggers)
    raise_event(position, "destroyed", copy)
    discard_copy(position, copy)
    said.append(f"destroy {name}")
    return Outcome(True, f"{name} commits Seppuku: " + ", then ".join(said) + " (these effects cannot be negated)")


CARD_KINDS["commit-seppuku"] = _seppuku


# ---------------------------------------------------------------------------- "will not be transferred"

_THIS_CARD = re.compile(r"this (card|follower|item|spell|weapon|armor|attachment)", re.IGNORECASE)


def _untransferable(effect, ref) -> bool:
    """"This Follower will not be transferred": the card's own trait (game.continuous_flags), read
    where an attachment is moved to another Personality -- Share (own_actions) and "Transfer …"
    (procedure.transfer_to); the Comprehensive Rules call both transferring. "Weapons attached to
    Katagi …" (other cards) is not read."""
    spec = effect.target
    return ref == "this" and spec is not None and not spec.states and _THIS_CARD.fullmatch((spec.text or "").strip()) \
        is not None


CONTINUOUS_KINDS["cannot-transfer"] = _untransferable


def untransferable(game, position, copy) -> bool:
    """True when the card's own trait says it will not be transferred."""
    return "cannot-transfer" in game.continuous_flags(position, copy) or position.has_flag(copy, "cannot-transfer")


# ---------------------------------------------------------------------------- "Will not attach to …"

def _forbidden_host(effect, ref) -> bool:
    """"Will not attach to a Water Personality" / "Cannot attach to a Scorpion Clan Personality": the
    attachment's own trait, read wherever it is attached (turn.attach_restriction: Equip, Share,
    effects attaching or transferring it)."""
    return ref == "this" and len(effect.values) == 1 and hasattr(effect.values[0], "card_types")


CONTINUOUS_KINDS["cannot-attach-to"] = _forbidden_host


# ---------------------------------------------------------------------------- "Negate his current Force penalties"

#: the stats whose bonuses and penalties the modifier layer keeps per card
_NEGATABLE_STATS = ("force", "chi")


def negate_changes_applies(clause) -> bool:
    """"Negate this Personality's current Force penalties", "Negate a target card's current Force
    bonuses or penalties (your choice)": the bonuses or penalties the card has now. "Current and
    new" ones (a standing negation of later changes too) and a Province's strength are not read."""
    return clause.stat in _NEGATABLE_STATS and not re.search(r"\bnew\b", clause.text or "", re.I) \
        and clause.keyword in ("penalties", "bonuses", "bonuses-and-penalties")


def _negate_changes(game, position, copy, effect, *, as_cost, source):
    """Every change to a stat is a bonus (up) or a penalty (down) -- a "raise to" / "lower to"
    included -- except an attached Item's printed modifier (Comprehensive Rules, "Bonuses and
    Penalties", "Setting Stats to Values": L5R-DURATION.3). The negated ones are the card's stat
    modifiers of that sign: they end, and their ending is no new bonus or penalty."""
    from .effects import Outcome

    stat, name = effect.stat or "force", copy.show()
    word = stat.replace("-", " ").title()
    which = effect.keyword or ""
    if which == "bonuses-and-penalties" and re.search(r"\bbonuses or penalties\b", effect.text or "", re.I):
        choice = game.choice_of(position)  # "(your choice)": the acting player names one
        if choice not in ("bonuses", "penalties"):
            return Outcome(False, f"negate {name}'s {word} bonuses or penalties",
                           "the acting player chooses which: say 'choosing bonuses' or 'choosing penalties'")
        which = choice
    signs = {"penalties": (-1,), "bonuses": (1,), "bonuses-and-penalties": (1, -1)}[which]
    words = {"penalties": "penalties", "bonuses": "bonuses"}.get(which, "bonuses and penalties")
    doing = f"negate {name}'s current {word} {words}"
    if stat not in _NEGATABLE_STATS:
        return Outcome(False, doing, f"the engine negates only Force and Chi changes, not {stat}")
    from .continuous import _conditions_hold, lasting_clauses, reaches

    for held, ability, index, clause in lasting_clauses(game, position, copy):
        if clause.kind == "modify-stat" and clause.stat == stat and reaches(game, position, held, clause, copy) \
                and _conditions_hold(game, position, held, ability, index, copy) \
                and (clause.amount is None or (1 if clause.amount > 0 else -1) in signs):
            # a trait's change re-applies as a new effect (Comprehensive Rules, "Continuous"): not claimed
            return Outcome(False, doing, f"{held.show()}'s trait changes its {word}; the engine does not negate "
                           "a trait's bonus or penalty")
    gone = [m for m in position.modifiers if m.subject == copy.uid and m.stat == stat and m.delta
            and (1 if m.delta > 0 else -1) in signs]
    if not gone:
        return Outcome(False, doing, f"{name} has no current {word} {words}")
    for m in gone:
        position.modifiers.remove(m)
    total = sum(m.delta for m in gone)
    return Outcome(True, f"{doing} ({total:+d}{'F' if stat == 'force' else 'C'} ends)")


CARD_KINDS["negate-stat-changes"] = _negate_changes


# ---------------------------------------------------------------------------- "Saiken cannot gain Cavalry"

#: clan names a gained keyword may carry ("Give him Crane Clan", a created card "with your Clan
#: Alignment"): a Personality belongs to a clan when its keywords name it (L5R-CLAN)
_CLAN_NAMES = frozenset({"crab", "crane", "dragon", "lion", "mantis", "phoenix", "scorpion", "unicorn", "spider",
                         "naga", "ratling", "toturi's army", "brotherhood of shinsei"})


def _is_clan(pos, keyword: str) -> bool:
    word = keyword.casefold()
    word = word[: -len(" clan")] if word.endswith(" clan") else word
    return word in _CLAN_NAMES or any(str(p.attrs.get("clan", "")).casefold() == word for p in pos.players.values())


def _forbids(pos, copy, forbidden: str, keyword: str) -> bool:
    """Does "cannot gain <forbidden>" cover gaining ``keyword``? "a Clan Alignment": any clan;
    "the "Phoenix Clan" Clan Alignment": that clan, written with or without "Clan"."""
    if keyword == "your-clan-alignment":  # the controller's clan (continuous.keywords reads it so)
        keyword = str(pos.players[copy.controller].attrs.get("clan", "")) if copy.controller in pos.players else ""
    f, k = forbidden.casefold(), keyword.casefold()
    if f == "clan alignment":
        return _is_clan(pos, keyword)
    strip = (lambda w: w[: -len(" clan")] if w.endswith(" clan") else w)
    return f == k or (_is_clan(pos, forbidden) and strip(f) == strip(k))


_ASKING_GAIN: set = set()


def cannot_gain(game, pos, copy, keyword: str) -> str | None:
    """The card's own trait forbidding it to gain ``keyword`` ("Saiken cannot gain Cavalry", "Will
    not gain a Clan Alignment"), while it is in play and the trait's conditions hold (L5R-TRAIT);
    None when there is none. Read where a keyword is given (effects.apply_to_card) and where
    lasting traits give one (game: the position's lasting keywords)."""
    from .conditions import evaluate
    from .effects import in_play

    if copy.uid in _ASKING_GAIN or not in_play(pos, copy):
        return None
    _ASKING_GAIN.add(copy.uid)  # (a condition reading this card's keywords asks without it: no loop)
    try:
        for ability in game.abilities(copy):
            if ability.kind != "continuous" or ability.designators or ability.trigger is not None:
                continue
            for index, clause in enumerate(ability.effects):
                if getattr(clause, "kind", "") != "cannot-gain-keyword" or not clause.keyword:
                    continue
                spec = clause.target
                itself = spec is None or spec.ref in ("this", "it") or (
                    spec.ref == "attached" and copy.card.type == "personality" and spec.card_types == ("personality",))
                if not itself or not _forbids(pos, copy, clause.keyword, keyword):
                    continue
                allowed = re.search(r"\bexcept (?:the )?\"?([\w' ]+?)\"?(?: Clan Alignment)?$", clause.text or "", re.I)
                if allowed and _forbids(pos, copy, allowed.group(1), keyword):
                    continue  # "Cannot gain a Clan Alignment except Phoenix Clan"
                guards = [c for c in ability.conditions if c.args and c.args[0] == f"effect {index}"]
                if all(evaluate(g, game=game, pos=pos, actor=copy.controller, source=copy,
                                subject_of=lambda w: copy) is True for g in guards):
                    return clause.text
        return None
    finally:
        _ASKING_GAIN.discard(copy.uid)


def _cannot_gain_applies(effect, ref) -> bool:
    """"Will not gain Fallen or Shadowlands": the card's own trait (cannot_gain)."""
    return ref in ("this", "it") and bool(effect.keyword)


CONTINUOUS_KINDS["cannot-gain-keyword"] = _cannot_gain_applies


# ---------------------------------------------------------------------------- "Shindo will not join a Spider Clan player"

def _join_clan(effect) -> str | None:
    """The clan of "will not join a Spider Clan player", or None for any other wording ("a player
    who controls a Human Personality", "you if you control …": not read)."""
    if len(effect.values) != 1:
        return None
    spec = effect.values[0]
    if not hasattr(spec, "card_types") or tuple(spec.card_types) != ("player",) or spec.states or spec.tests:
        return None
    if len(spec.keywords) != 1 or not spec.keywords[0].endswith(" Clan"):
        return None
    return spec.keywords[0][: -len(" Clan")]


def will_not_join(game, pos, copy, player: str) -> str | None:
    """The card's own trait "will not join a Spider Clan player" when ``player`` is one (a player of
    that clan): the card cannot come under that player's control, entering play or changing
    controller (L5R-DYNASTY.3); None otherwise. Read where a card is bought, brought into play,
    equipped or taken control of."""
    clan = str(pos.players[player].attrs.get("clan", "")) if player in pos.players else ""
    for ability in game.abilities(copy):
        if ability.kind != "continuous" or ability.designators or ability.conditions or ability.trigger:
            continue
        for clause in ability.effects:
            # ("will not be controlled by a Unicorn Clan player": never under that player's control,
            # so it cannot come under it either -- the same test)
            if getattr(clause, "kind", "") not in ("cannot-join", "cannot-be-controlled-by"):
                continue
            spec = clause.target
            if spec is not None and spec.ref not in ("this", "it"):
                continue
            barred = _join_clan(clause)
            if barred is not None and clan and barred.casefold() == clan.casefold():
                return clause.text
    return None


def _join_applies(effect, ref) -> bool:
    """"Will not join a Spider Clan player": the card's own trait (will_not_join)."""
    return ref in ("this", "it") and _join_clan(effect) is not None


CONTINUOUS_KINDS["cannot-join"] = _join_applies
CONTINUOUS_KINDS["cannot-be-controlled-by"] = _join_applies


# ---------------------------------------------------------------------------- "… and each of his Followers"

#: the target word "a target Personality and each of his Followers" (grammar: state "and-his:…")
_FOLLOWERS_TOO = ("and-his:each of his Followers", "and-his:each of her Followers")


def followers_too(spec) -> bool:
    """"Give a target Personality and each of his Followers Cavalry", "Give him and each of his
    Followers +1F": the effect is on the Personality and on every Follower attached to him
    (procedure.subjects); the Personality alone is chosen or targeted (procedure.tested_spec)."""
    return spec is not None and any(s in _FOLLOWERS_TOO for s in spec.states)


def without_followers_too(spec):
    """``spec`` without its "and each of his Followers" word (what a chosen card is tested against)."""
    from dataclasses import replace

    if not followers_too(spec):
        return spec
    return replace(spec, states=tuple(s for s in spec.states if s not in _FOLLOWERS_TOO))


def created_words_read(clause):
    """A "create" clause with the words procedure.create_card itself reads taken out of its
    description: "with your Clan Alignment" (the creator's clan keyword) -- for ``effects.executes``."""
    from dataclasses import replace

    spec = clause.target
    if getattr(clause, "kind", "") != "create" or spec is None or "your-clan-alignment" not in spec.states:
        return clause
    return replace(clause, target=replace(spec, states=tuple(s for s in spec.states if s != "your-clan-alignment")))


# ---- "This Strategy's ability is Battle/Engage if ...": the card's own ability at another timing ----

_TIMINGS = ("Limited", "Open", "Battle", "Engage", "Dynasty")


def _timing_words(effect) -> tuple[str, ...] | None:
    words = tuple((effect.keyword or "").split("/"))
    return words if words and all(w in _TIMINGS for w in words) else None


def _retiming_applies(effect, ref) -> bool:
    """"This card's ability is Battle/Open [if ...]": a trait of the card about its own ability (no
    rulebook ability named: "Ayumu's rulebook Tactical Advantage ability" is not read)."""
    return ref == "this" and not effect.values and _timing_words(effect) is not None


CONTINUOUS_KINDS["ability-timing"] = _retiming_applies


def retimed(ctx, source, ability):
    """``ability`` with the timing its card's own lasting trait gives it now ("This Strategy's
    ability is Battle/Engage if you control a Scout at the current battlefield"; "Courtesy: This
    Strategy's ability is a Battle/Open"): its timing designators replaced by the trait's, the
    others ("Political", "Ninja") kept. A continuous trait affects its own card, in play or not
    (L5R-TRAIT); the ability then may be taken at that timing (L5R-ACT-COND). The trait speaks of
    "this card's ability": only a card with one action ability is read."""
    from dataclasses import replace

    from .conditions import evaluate
    from .continuous import designation_holds

    game, pos = ctx.game, ctx.position
    abilities = game.abilities(source)
    actions = [a for a in abilities if a.kind == "action"]
    if ability.kind != "action" or len(actions) != 1:
        return ability
    for trait in abilities:
        if trait.kind != "continuous" or trait.costs or len(trait.effects) != 1:
            continue
        clause = trait.effects[0]
        if getattr(clause, "kind", "") != "ability-timing" or clause.target is None \
                or not _retiming_applies(clause, clause.target.ref):
            continue
        if trait.designators and not designation_holds(game, pos, source, trait):
            continue
        if not all(evaluate(c, game=game, pos=pos, actor=ctx.actor, source=source, subject_of=lambda word: None)
                   is True for c in trait.conditions):
            continue
        words = _timing_words(clause)
        kept = tuple(d for d in ability.designators if d not in _TIMINGS)
        ctx.step("condition", f"{source.name}'s trait: its ability is {'/'.join(words)} now ('{trait.text}')",
                 "L5R-TRAIT", "L5R-ACT-COND")
        return replace(ability, designators=kept + words)
    return ability


# ---- "Remove all abilities from the loser", "Your Stronghold has no abilities" ------------------
#
# Abilities are the blocks of text starting with a designator; traits are not abilities
# (Comprehensive Rules, "Abilities", "Traits"): a card without abilities keeps its traits, its
# keywords and its Gold production, but none of its abilities may be used (L5R-ACT-COND).

NO_ABILITIES = "no-abilities"


#: flag prefix of one ability an effect removed ("Remove an ability from a target Holding"), the
#: ability's text after it
NO_ABILITY = "no-ability:"
#: "Remove an ability from ...": one ability, which the acting player names (``choosing second``)
_ONE_ABILITY = re.compile(r"^remove an ability from\b", re.I)


_PLACES = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5}


def card_abilities(game, copy) -> list:
    """The abilities of a card: its blocks of text with a designator, in printed order; traits are
    not abilities (Comprehensive Rules, "Abilities", "Traits")."""
    return [a for a in game.abilities(copy) if a.kind in ("action", "reaction", "interrupt")]


def _lose_one_ability(game, position, copy, effect, source: str):
    """"Remove an ability from a target Holding": the acting player names which of its abilities
    (``choosing second``: its second, in printed order); it cannot be used for the effect's duration --
    until the end of the turn unless the text says otherwise (L5R-DURATION)."""
    from ...core.position import Modifier
    from .effects import Outcome, _duration

    found = card_abilities(game, copy)
    name = copy.show()
    if not found:
        return Outcome(False, f"remove an ability from {name}", f"{name} has no abilities")
    choice = str(game.choice_of(position) or "").lower()
    place = _PLACES.get(choice, int(choice) if choice.isdigit() else 0)
    if not 1 <= place <= len(found):
        return Outcome(False, f"remove an ability from {name}", f"the acting player names which of its {len(found)} "
                       "abilities: say 'choosing first', 'choosing second' ... (its place in printed order)")
    ability = found[place - 1]
    duration = _duration(effect)
    position.modifiers.append(Modifier(copy.uid, flag=NO_ABILITY + ability.text, duration=duration, source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    when = "permanently" if duration == "permanent" else f"({duration})"
    return Outcome(True, f"remove the ability '{ability.text}' from {name} {when}")


def ability_removed(pos, copy, ability) -> bool:
    """Has an effect removed this one ability of ``copy`` (:func:`_lose_one_ability`)?"""
    return pos.has_flag(copy, NO_ABILITY + ability.text)


def _lose_abilities(game, position, copy, effect, *, as_cost: bool, source: str):
    from ...core.position import Modifier
    from .effects import Outcome, _duration

    if as_cost:
        return Outcome(False, f"remove {copy.show()}'s abilities", "not a cost the engine pays")
    if effect.amount == 1 and _ONE_ABILITY.match((effect.text or "").strip()):
        return _lose_one_ability(game, position, copy, effect, source)
    duration = _duration(effect)
    position.modifiers.append(Modifier(copy.uid, flag=NO_ABILITIES, duration=duration, source=source,
                                       rule="L5R-DURATION", created_turn=position.timing.turn))
    when = "permanently" if duration == "permanent" else f"({duration})"
    return Outcome(True, f"{copy.show()} has no abilities {when}; its traits remain")


def _own_stronghold(effect, ref) -> bool:
    """"Your Stronghold has no abilities" (a Sensei's or Stronghold's trait): read when an ability of
    that player's Stronghold is taken (:func:`without_abilities`)."""
    spec = effect.target
    return ref == "each" and spec is not None and spec.owner == "you" and spec.card_types == ("stronghold",) \
        and not spec.states and not spec.tests and not spec.keywords and not effect.values


CARD_KINDS["lose-abilities"] = _lose_abilities
CONTINUOUS_KINDS["lose-abilities"] = _own_stronghold


def without_abilities(game, pos, copy) -> str | None:
    """Why ``copy`` has no abilities now, or None: an effect removed them, or it is a Stronghold
    whose player's card in play says "Your Stronghold has no abilities" (its own lasting trait,
    L5R-TRAIT)."""
    from .effects import in_play

    if pos.has_flag(copy, NO_ABILITIES):
        return "an effect removed its abilities"
    printed = card_abilities(game, copy)
    if printed and all(ability_removed(pos, copy, a) for a in printed):
        return "effects removed each of its abilities"
    if copy.card.type != "stronghold":
        return None
    for other in pos.all_copies():
        if other.controller != copy.controller or not in_play(pos, other):
            continue
        for ability in game.abilities(other):
            if ability.kind == "continuous" and not ability.conditions and not ability.designators and any(
                    getattr(c, "kind", "") == "lose-abilities" and _own_stronghold(c, c.target.ref)
                    for c in ability.effects if getattr(c, "target", None) is not None):
                return f"{other.name}: '{ability.text}'"
    return None


#: lose_abilities_ok: "... loses all abilities", not "an ability", "traits", "one of his abilities"
_ABILITIES = re.compile(r"\babilities\b")
_NOT_ALL_ABILITIES = re.compile(r"\bability\b|\btraits?\b|\bone of\b")


def lose_abilities_ok(clause) -> bool:
    """For ``effects.executes``: a "lose-abilities" clause removing all the card's abilities and
    nothing else -- not "an ability" / "one of his abilities" (one, chosen: which, the engine is not
    told) nor "all traits and abilities" (traits, which it does not remove)."""
    text = (clause.text or "").lower()
    if clause.kind == "lose-abilities" and clause.amount == 1 and _ONE_ABILITY.match(text.strip()) \
            and clause.target is not None and clause.target.ref == "target":
        return True  # "Remove an ability from a target Holding": the one the player names (_lose_one_ability)
    return clause.kind != "lose-abilities" or (
        _ABILITIES.search(text) is not None and _NOT_ALL_ABILITIES.search(text) is None)


# ---- "Look at the top card of a deck": a deck the acting player chooses -------------------------

_CHOSEN_DECK = re.compile(r"look at the top card of (one of your decks|a deck|any deck)", re.I)
_DECK_WORD = re.compile(r"(?:(?P<player>[^\W\d][\w']*)-)?(?P<deck>fate|dynasty)-deck", re.I)


def look_chosen_applies(clause) -> bool:
    """"Look at the top card of one of your decks" / "... of a deck" / "... of any deck": one card
    of a deck the acting player chooses (:func:`chosen_deck`); "it" after it is that card."""
    spec = clause.target
    return getattr(clause, "kind", "") == "look-at-top" and clause.amount == 1 and spec is not None \
        and spec.ref == "choice" and spec.zone == "deck" and tuple(spec.states) == ("top",) \
        and not spec.keywords and not spec.tests and _CHOSEN_DECK.fullmatch((spec.text or "").strip()) is not None


def look_chosen(ctx, clause):
    """Carry out :func:`look_chosen_applies`: the acting player names the deck with ``choosing
    fate-deck`` / ``choosing dynasty-deck`` (her own) or ``choosing Bob-fate-deck`` (another
    player's, when the text allows any deck). Returns (Outcome, the card looked at or None)."""
    from .effects import Outcome

    pos, actor = ctx.position, ctx.actor
    own_only = "your" in (clause.target.text or "").lower()
    m = _DECK_WORD.fullmatch((ctx.game.choice_of(pos) or "").strip())
    if m is None:
        return Outcome(False, "look at the top card of a deck", "the acting player chooses the deck: say 'choosing "
                       "fate-deck' or 'choosing dynasty-deck'" + ("" if own_only else " (or 'choosing NAME-fate-deck'"
                                                                    " for another player's)")), None
    player = next((p for p in pos.players if m.group("player") and p.casefold() == m.group("player").casefold()),
                  None) if m.group("player") else actor
    deck = f"{m.group('deck').lower()}-deck"
    if player is None or (own_only and player != actor):
        return Outcome(False, f"look at the top card of {m.group('player')}'s {deck.replace('-', ' ')}",
                       "the text names one of the acting player's own decks" if own_only and player is not None
                       else "no such player"), None
    cards = pos.zones.get((player, deck), [])
    where = f"{player}'s {deck.replace('-', ' ')}"
    if not cards:
        return Outcome(False, f"{actor} looks at the top card of {where}", "it is empty"), None
    top = pos.copies[cards[0]]
    return Outcome(True, f"{actor} looks at the top card of {where}: {top.show()}"), top


_PROVINCE_WORD = re.compile(r"(?:(?P<player>[^\W\d][\w']*)-)?province-(?P<number>\d+)", re.I)


def _give_chosen_province(game, pos, actor: str, clause, source: str, duration: str):
    """"Give a Province +3 strength": the acting player names it, ``choosing province-2`` (her own) or
    ``choosing Bob-province-1`` (another player's); it must be a province that exists (not destroyed)."""
    from ...core.position import Modifier
    from .effects import Outcome

    sign = f"{clause.amount:+d}"
    m = _PROVINCE_WORD.fullmatch((game.choice_of(pos) or "").strip())
    if m is None:
        return Outcome(False, f"give a Province {sign} strength", "the acting player names it: say 'choosing "
                       "province-N' (your own) or 'choosing NAME-province-N'")
    player = next((p for p in pos.players if p.casefold() == m.group("player").casefold()), None) \
        if m.group("player") else actor
    number = int(m.group("number"))
    province = f"province {number}"
    gone = pos.memo.get("destroyed-provinces", {}).get(player, []) if player else []
    declared = {z for (o, z) in pos.zones if o == player and z.startswith("province ")}
    exists = province in declared if declared else 1 <= number <= 4  # (as game.province_count counts them)
    if player is None or not exists or province in gone:
        return Outcome(False, f"give {m.group(0)} {sign} strength", "no such province in play")
    pos.modifiers.append(Modifier(player, stat=f"province-strength:{province}", delta=clause.amount,
                                  duration=duration, source=source, rule="L5R-DURATION", created_turn=pos.timing.turn))
    return Outcome(True, f"give {player}'s {province} {sign} strength")


# ---- "Pay X Gold: Recruit a target Holding in your Province, for 1 less Gold" --------------------
#
# Recruit as an effect invokes the Recruit procedure: the card's Gold cost is checked against the
# amount paid for the action (Comprehensive Rules, "Recruit"; L5R-ACT-EFFECT: a card brought into
# play is paid for or does not enter), a Personality's Honor Requirement must be met (L5R-HONOR-REQ),
# a Holding enters bowed (L5R-HOLDING), a Personality recruited during a battle enters in its
# controller's army at the current battlefield, and an emptied province is refilled face down
# (L5R-DYNASTY). Carried out by procedure.recruit.

#: where a recruited card may come from: a province, a discard pile, or a deck just searched
_RECRUIT_ZONES = (None, "province", "discard", "dynasty-discard")
#: words of a Recruit action recruit_applies does not read
_RECRUIT_UNREAD = re.compile(r"\bignoring\b|\bunbowed\b|\bat\b|\binto\b|\battach", re.I)


def recruit_applies(ability, index: int) -> bool:
    """Effect ``index`` is a Recruit the engine carries out: in a "Pay X Gold" action (X is the price),
    of a target card (in a province or discard pile) or of "it" a search just found, paying the
    printed price or "N less/more Gold" (costs.purchase_words)."""
    from .costs import _cost_conditions, purchase_words, x_cost

    clause = ability.effects[index]
    spec = clause.target
    if getattr(clause, "kind", "") != "recruit" or ability.kind != "action" or not x_cost(ability):
        return False
    if spec is None or spec.zone not in _RECRUIT_ZONES or clause.duration:
        return False
    if _RECRUIT_UNREAD.search(ability.text or "") \
            or any(k.lower() == "fortification" for k in spec.keywords):
        return False  # ("ignoring costs", "it enters play unbowed", "into the current battlefield"; a
        # Fortification attaches to a province: not read)
    if purchase_words(ability, index) is None:
        return False
    if any(c.args and c.args[0] == f"effect {index}" and c.kind not in ("effect-cost",) for c in ability.conditions):
        return False  # ("paying 1 more Gold unless it is a Fortification")
    if len(_cost_conditions(ability, index)) > 1:
        return False
    if spec.ref == "target":
        return spec.count == 1 and not spec.up_to
    if spec.ref == "it":  # "Search your Dynasty deck for a Market or Port. Recruit it."
        before = [c for c in ability.effects[:index] if hasattr(c, "kind")]
        return bool(before) and before[-1].kind == "search" and search_applies(before[-1])
    return False


def _recruit_refused(game, position, copy, effect, *, as_cost, source):
    from .effects import Outcome

    return Outcome(False, f"recruit {copy.show()}", "the engine recruits only as the price paid for a 'Pay X Gold' "
                   "action (procedure.recruit)")


CARD_KINDS["recruit"] = _recruit_refused


def recruit_priced(ability, cond=None) -> bool:
    """For ``effects.executes``: the "for 1 less Gold" of a Recruit :func:`recruit_applies` reads
    (``cond`` one such condition; without it: every Gold-cost condition of the ability is one)."""
    conds = [cond] if cond is not None else [c for c in ability.conditions if c.kind == "effect-cost"]
    if not conds or any(getattr(c, "kind", "") == "cost-reduction" for c in ability.effects):
        return False
    for c in conds:
        index = c.args[0].split()[1] if c.kind == "effect-cost" and c.args and c.args[0].startswith("effect ") else ""
        if not index.isdigit() or not recruit_applies(ability, int(index)):
            return False
    return True


# ---- "Pay X Gold: Equip a Follower to Chiboshi": the Equip procedure takes it from the hand --------

def equip_from_hand(ability):
    """``ability`` with "Equip a <card> to X" (no zone said) reading the card in its player's hand:
    Equip as an effect invokes the Equip action (Comprehensive Rules, "Equip"), which attaches a card
    from the hand (L5R-EQUIP). Other abilities are returned as they are."""
    from dataclasses import replace

    effects = list(ability.effects)
    changed = False
    for i, clause in enumerate(effects):
        spec = getattr(clause, "target", None)
        if getattr(clause, "kind", "") != "attach" or spec is None or spec.ref != "choice" or spec.zone is not None \
                or not (clause.text or "").lower().startswith("equip ") or i + 1 >= len(effects) \
                or getattr(effects[i + 1], "kind", "") != "attach-to":
            continue
        if not set(spec.card_types) <= {"follower", "item", "spell", "attachment"} or spec.states or spec.tests:
            continue
        from .states import the_target_spec

        specs = [c.target for c in (*ability.costs, *effects) if getattr(c, "target", None) is not None]
        if the_target_spec(specs, spec) is not None:
            continue  # "Target a Weapon in your discard pile. ... Equip the Weapon to him": that target
        effects[i] = replace(clause, target=replace(spec, zone="hand"))
        changed = True
    return replace(ability, effects=tuple(effects)) if changed else ability


# ---- "Put a Weapon in your hand under this Holding": cards under another card ------------------
#
# Comprehensive Rules, "Under Another Card": cards under a card are out of play, each group a
# separate area, face-down unless the text says otherwise; if the card leaves play, all cards under
# it leave play in the same manner. The engine keeps them in their owner's zone "under", with the
# card they are under in memo UNDER (uid -> host uid); :func:`under_follow` sends them after a host
# that left play.

UNDER = "under"


def under_applies(ability, index: int) -> bool:
    """Effect ``index`` is a ``put-under`` the engine carries out: a card from the acting player's
    hand ("a Weapon in your hand", by type and keyword), the top card of her Fate or Dynasty deck,
    or a target card in play; under this card (``under-host`` "this Holding", or "it" after "Put
    this Strategy into play")."""
    effects = ability.effects
    clause = effects[index]
    if getattr(clause, "kind", "") != "put-under" or ability.kind != "action" or index + 1 >= len(effects):
        return False
    host = effects[index + 1]
    if getattr(host, "kind", "") != "under-host" or host.target is None:
        return False
    into_play = index > 0 and getattr(effects[index - 1], "kind", "") == "put-into-play" \
        and effects[index - 1].target is not None and effects[index - 1].target.ref == "this"
    if not (host.target.ref == "this" or host.target.ref == "it" and into_play):
        return False
    spec = clause.target
    if spec is None or spec.tests or spec.count != 1 or spec.up_to:
        return False
    if spec.ref == "choice" and spec.zone == "hand":
        return not spec.states
    if spec.ref == "choice" and spec.zone in ("fate-deck", "dynasty-deck"):
        return tuple(spec.states) == ("top",) and spec.owner == "you" and spec.card_types == ("card",)
    return spec.ref == "target" and spec.zone is None and not spec.states


def put_under(ctx, source, clause, cards: list) -> None:
    """Carry out :func:`under_applies`: each card goes under ``source`` (out of play: a card in play
    leaves it first), face-down unless the text says face-up (Comprehensive Rules, "Under Another
    Card"; L5R-ACT-EFFECT)."""
    from .effects import in_play, leave_play

    pos = ctx.position
    if not in_play(pos, source):
        ctx.step("effect", f"put cards under {source.name}: no change ({source.name} is not in play)",
                 "L5R-ACT-EFFECT")
        return
    for card in (c for c in cards if not isinstance(c, str)):
        if card.uid == source.uid:
            continue
        if in_play(pos, card):
            leave_play(pos, card)
        card.attached_to = None
        pos.move(card.uid, card.owner, UNDER, top=False)
        face_up = clause.keyword == "face-up"
        card.flags.discard("face-down")
        if not face_up:
            card.flags.add("face-down")
        pos.memo.setdefault(UNDER, {})[card.uid] = source.uid
        ctx.step("effect", f"put {card.show()} under {source.name}, face-{'up' if face_up else 'down'} (out of "
                 "play)", "L5R-ACT-EFFECT")


def under_follow(pos, proc) -> None:
    """A card that has left play takes the cards under it along, in the same manner: to their
    owners' discard piles when it was discarded or destroyed, out of the game when it was removed,
    to their owners' hands when it went to a hand (Comprehensive Rules, "Under Another Card")."""
    from .effects import _discard_pile, in_play

    under = pos.memo.get(UNDER) or {}
    for uid, host_uid in list(under.items()):
        card, host = pos.copies.get(uid), pos.copies.get(host_uid)
        if card is None or card.zone != UNDER:
            under.pop(uid, None)
            continue
        if host is not None and (in_play(pos, host) or host.zone == "announced"):
            continue
        where = host.zone if host is not None else "discard"
        if "discard" in where:
            zone = _discard_pile(card)
        elif where in ("removed", "hand"):
            zone = where
        else:
            continue  # (to a deck or a province: not read; the cards stay under it)
        card.flags.discard("face-down")
        pos.move(uid, card.owner, zone, top=False)
        under.pop(uid, None)
        proc.add("effect", f"{card.name} was under {host.name if host else 'a card'}, which left play: it goes to "
                 f"{card.owner}'s {zone.replace('-', ' ')} too", "L5R-ACT-EFFECT")


# ---- "Straighten your target Personality, and straighten his Weapons": the cards attached to the one
# named just before (every such card, L5R-ACT-EFFECT; attachments: L5R-EQUIP)

_ATTACHED_OF_HIM = re.compile(r"(?:his|her)\s+(\w+)", re.I)


def attached_filter(clause):
    """For "his attachments" / "his Weapons" / "her Followers": a test ``(position, card) -> bool``
    picking, among the cards attached to the card named before, those the words name; None for any
    other description."""
    spec = getattr(clause, "target", None)
    if spec is None or spec.ref != "choice" or spec.count != 1 or spec.up_to or spec.states or spec.tests \
            or spec.zone or spec.owner != "any":
        return None
    m = _ATTACHED_OF_HIM.fullmatch((spec.text or "").strip())
    if m is None:
        return None
    word = m.group(1)
    if word.lower() == "attachments" and not spec.keywords and spec.card_types in ((), ("attachment",)):
        return lambda pos, card: True
    if word.endswith("s") and tuple(spec.keywords) == (word,) and spec.card_types in ((), ("card",)):
        return lambda pos, card: pos.has_keyword(card, word[:-1])  # "his Weapons": the Weapon keyword
    if tuple(spec.card_types) in (("follower",), ("item",), ("spell",)) and not spec.keywords \
            and word.lower() == spec.card_types[0] + "s":
        return lambda pos, card: card.card.type == spec.card_types[0]
    return None


def attached_of_named_applies(ability, clause) -> bool:
    """The clause is "straighten/bow his attachments" right after a clause on one named card ("this
    Personality", "your target Personality", "him") -- the card whose attachments these are."""
    effects = [c for c in ability.effects if hasattr(c, "kind")]
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    if ability.kind != "action" or index < 1 or clause.kind not in ("straighten", "bow") \
            or attached_filter(clause) is None:
        return False
    before = effects[index - 1].target
    return before is not None and before.ref in ("this", "attached", "target", "it") and before.count == 1 \
        and tuple(before.card_types) in ((), ("personality",))


def attached_of_named(ctx, source, ability, clause, bind) -> list:
    """Carry out :func:`attached_of_named_applies`: the cards attached to the card the clause before
    applied to ("this Personality", its target, "him") that fit the words."""
    effects = [c for c in ability.effects if hasattr(c, "kind")]
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    from .procedure import subjects

    named = [c for c in subjects(ctx, source, effects[index - 1], bind, as_cost=False) if not isinstance(c, str)]
    keep = attached_filter(clause)
    return [a for he in named[:1] for a in ctx.position.attachments_of(he.uid) if keep(ctx.position, a)]


def _not_alone(game, position, copy, effect, *, as_cost, source):
    from .effects import Outcome

    return Outcome(False, f"{effect.kind} {copy.show()}", "carried out by the action's procedure (put_under)")


CARD_KINDS["put-under"] = _not_alone
CARD_KINDS["under-host"] = _not_alone


# ---- "Courtesy: This card's ability has no Gold Cost", "This Follower's printed ability has no bow cost"

def _own_cost_trait(effect, ref) -> bool:
    """A trait of the card about the costs of its own ability: "This card's ability has no Gold
    Cost", "Kinshikirai's printed ability has no Gold Cost", "This Follower's printed ability has no
    bow cost" (read when the ability is taken: :func:`without_own_costs`)."""
    spec = effect.target
    if effect.kind != "ignore-cost" or spec is None or effect.keyword not in ("gold", "bowing"):
        return False
    if tuple(effect.values) == ("ability",):
        return ref == "this" and spec.card_types == ("abilities",) and not spec.states
    if tuple(effect.values) == ("printed-ability",):
        return ref == "possessed" and spec.card_types == ("printed-abilities",) and tuple(spec.states) == ("of-this",)
    return False


CONTINUOUS_KINDS["ignore-cost"] = _own_cost_trait


def without_own_costs(ctx, source, ability, gold: int):
    """(ability, gold): ``ability`` without the costs its card's own lasting trait takes away now --
    its Gold (a Strategy's Gold cost, a "Pay N Gold" cost) or its "Bow this card" -- and the Gold
    cost left to pay. A continuous trait affects its own card (L5R-TRAIT); "Courtesy:" /
    "Compassion:" only while the designation holds. The trait speaks of "this card's ability":
    only a card with one action ability is read."""
    from dataclasses import replace

    from .continuous import designation_holds

    game, pos = ctx.game, ctx.position
    abilities = game.abilities(source)
    if ability.kind != "action" or len([a for a in abilities if a.kind == "action"]) != 1:
        return ability, gold
    for trait in abilities:
        if trait.kind != "continuous" or trait.conditions or trait.costs or len(trait.effects) != 1:
            continue
        clause = trait.effects[0]
        if getattr(clause, "kind", "") != "ignore-cost" or clause.target is None \
                or not _own_cost_trait(clause, clause.target.ref):
            continue
        if trait.designators and not designation_holds(game, pos, source, trait):
            continue
        if clause.keyword == "gold":
            kept = tuple(c for c in ability.costs if not (isinstance(c, Effect) and c.kind == "pay-gold"))
            gold = 0
        else:
            kept = tuple(c for c in ability.costs if not (isinstance(c, Effect) and c.kind == "bow"
                                                         and c.target is not None and c.target.ref == "this"))
        ctx.step("condition", f"{source.name}'s trait: its ability has no {'Gold' if clause.keyword == 'gold' else 'bow'}"
                 f" cost now ('{trait.text}')", "L5R-TRAIT", "L5R-ACT-COST")
        ability = replace(ability, costs=kept)
    return ability, gold


# ---- "Look at a face-down card in another player's Province" ------------------------------------

def _look_at_card(game, position, copy, effect, *, as_cost, source):
    """The acting player looks at the card; nothing about it changes (it stays face-down; the
    engine names it in the step, as the player now knows it: L5R-ACT-EFFECT)."""
    from .effects import Outcome

    if as_cost:
        return Outcome(False, f"look at {copy.show()}", "not a cost")
    actor = game.acting_player(position)
    where = f"{copy.zone_owner}'s {copy.zone}"
    face = " (it stays face-down)" if "face-down" in copy.flags else ""
    return Outcome(True, f"{actor} looks at the card in {where}: {copy.show()}{face}")


CARD_KINDS["look-at"] = _look_at_card


# ---- "You have a +5 Lobby Bonus" (L5R-LOBBY.1) --------------------------------------------------

def _lobby_bonus_applies(effect, ref) -> bool:
    """"You are considered to have +5 Family Honor when Lobbying checks Honor", "Courtesy: You have a
    +5 Lobby Bonus": a bonus of the card's controller, read when a Lobby compares Family Honor."""
    return ref == "you" and isinstance(effect.amount, int) and not effect.values


CONTINUOUS_KINDS["lobby-bonus"] = _lobby_bonus_applies


def lobby_bonus(game, pos, player: str) -> tuple[int, list[str]]:
    """The Lobby Bonus in effect on ``player``: the lasting traits of the cards in play he controls
    (L5R-LOBBY.1), with where each comes from."""
    from .continuous import designation_holds
    from .effects import in_play

    total, why = 0, []
    for copy in pos.all_copies():
        if copy.controller != player or not in_play(pos, copy):
            continue
        for ability in game.abilities(copy):
            if ability.kind != "continuous" or ability.conditions or ability.costs:
                continue
            if ability.designators and not designation_holds(game, pos, copy, ability):
                continue
            for clause in ability.effects:
                if getattr(clause, "kind", "") == "lobby-bonus" and clause.target is not None \
                        and _lobby_bonus_applies(clause, clause.target.ref):
                    total += clause.amount
                    why.append(f"{copy.name} {clause.amount:+d}")
    return total, why


# ---- "Cannot gain Corruption tokens", "Jaikei does not gain Addiction tokens" --------------------

def _no_token_applies(effect, ref) -> bool:
    """The card's own trait refusing one kind of token (read by :func:`refuses_token`)."""
    return ref in ("this", "it") and bool(effect.keyword) and not effect.values


CONTINUOUS_KINDS["cannot-gain-token"] = _no_token_applies


def refuses_token(game, pos, copy, keyword: str | None) -> str | None:
    """The trait of ``copy`` by which it does not gain a ``keyword`` token ("Cannot gain Corruption
    tokens"), or None. A trait of the card itself, with no condition (L5R-TRAIT)."""
    if not keyword:
        return None
    for ability in game.abilities(copy):
        if ability.kind != "continuous" or ability.conditions or ability.designators or ability.costs:
            continue
        for clause in ability.effects:
            if getattr(clause, "kind", "") == "cannot-gain-token" and clause.target is not None \
                    and _no_token_applies(clause, clause.target.ref) and clause.keyword.casefold() == keyword.casefold():
                return ability.text
    return None


# ---- "Look at the top four cards of your Fate deck. You may put one on the bottom. Put the rest back
# in any order." -- one card picked among those looked at ------------------------------------------

#: what may be done with the card picked, and the words naming it
_PICKS = ("put-on-bottom", "put-in-hand", "discard")
_ONE = ("one", "one of them")
_REST = ("the rest", "the remaining cards", "the others", "the other cards")


def look_pick_parts(ability, clause) -> tuple | None:
    """(pick clause, reorder clause or None) when ``clause`` is a look at the top N (two or more)
    cards of one of the acting player's decks followed by one of them picked ("Put one into your
    hand", "You may put one on the bottom") and perhaps "Put the rest back in any order" or "Shuffle
    the deck" -- the only clauses after it naming the cards looked at; else None."""
    spec = clause.target
    effects = [c for c in ability.effects if isinstance(c, Effect)]
    if getattr(clause, "kind", "") != "look-at-top" or not isinstance(clause.amount, int) or clause.amount < 2 \
            or spec is None or spec.ref != "you" or spec.zone not in ("fate-deck", "dynasty-deck") or spec.states:
        return None
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    after = effects[index + 1:]
    if not after or after[0].kind not in _PICKS or after[0].target is None or after[0].target.ref != "it" \
            or (after[0].target.text or "").strip().lower() not in _ONE or after[0].target.states:
        return None
    if after[0].kind == "put-on-bottom" and after[0].keyword not in ("deck", spec.zone):
        return None
    rest = after[1:]
    naming = [c for c in rest if c.target is not None and c.target.ref == "it"]
    if not naming:
        parts = (after[0], None)
    elif len(naming) == 1 and naming[0] is rest[0] and naming[0].kind == "reorder" \
            and (naming[0].target.text or "").strip().lower() in _REST and not naming[0].target.states:
        parts = (after[0], naming[0])
    else:
        return None
    guarded = {f"effect {i}" for i, c in enumerate(ability.effects) if any(c is p for p in parts)}
    if any(g.args and g.args[0] in guarded and g.kind != "effect-optional" for g in ability.conditions):
        return None  # ("put one of them into your hand if it is a Spell": a test procedure.pick does not make)
    return parts


def look_pick_clause(ability, clause) -> bool:
    """Is ``clause`` a part of a look-and-pick (:func:`look_pick_parts`) -- the look, the pick or the
    putting back of the rest? (for ``effects.executes``)"""
    for c in ability.effects:
        parts = look_pick_parts(ability, c) if getattr(c, "kind", "") == "look-at-top" else None
        if parts is not None and (clause is c or clause is parts[0] or clause is parts[1]):
            return True
    return False


def pick_looked(ctx, clause, looked: list, among: str = "the cards looked at"):
    """The card picked among those looked at, named with ``paying`` (the searcher sees them, the
    scenario names which): (card or None, Outcome when none is picked)."""
    from .effects import Outcome

    cards = [c for c in looked if not isinstance(c, str)]
    paying = list(ctx.body.paying)
    used = ctx.position.memo.setdefault("_paying_used", [])
    rest = [i for i in range(len(paying)) if i not in used]
    if not cards:
        return None, Outcome(False, clause.text, f"there are none of {among}")
    if not rest:
        return None, Outcome(False, clause.text, f"name the card picked among {among} with 'paying'")
    used.append(rest[0])
    uids = [c.uid for c in cards]
    card = ctx.card(paying[rest[0]], where=lambda c: c.uid in uids, purpose="picked")
    if card.uid not in uids:
        ctx.reject("L5R-ACT-EFFECT", f"{card.show()} is not among {among}")
    return card, None


def under_pick_applies(clause) -> bool:
    """"Put a card under Harukaze into your hand", "Put a card underneath this Kata into your hand":
    one of the cards under this card (:func:`under_follow`'s memo), named with ``paying``."""
    spec = getattr(clause, "target", None)
    return getattr(clause, "kind", "") == "put-in-hand" and spec is not None and spec.ref == "choice" \
        and tuple(spec.states) == ("under:this",) and spec.count == 1 and not spec.up_to \
        and spec.card_types == ("card",) and not spec.keywords and not spec.tests and spec.zone is None


def cards_under(pos, host) -> list:
    """The cards under ``host`` (put there by an effect the engine carried out)."""
    under = pos.memo.get(UNDER) or {}
    return [pos.copies[u] for u, h in under.items() if h == host.uid and u in pos.copies
            and pos.copies[u].zone == UNDER]


# ---- "A target player discards a card at random", "... shows a random card in his hand" ---------

#: "He discards a card at random to draw a card" (random_hand_applies)
_RANDOM_TO = re.compile(r"\bat random to\b", re.I)


def random_hand_applies(ability, clause) -> bool:
    """A discard or show of "a card at random" / "a random card in his hand" of the player the
    ability named just before (a target or chosen player): carried out with :func:`random_hand_card`."""
    spec = getattr(clause, "target", None)
    if getattr(clause, "kind", "") not in ("discard", "reveal") or spec is None or spec.ref != "choice" \
            or tuple(spec.states) != ("random", "of-it") or spec.zone != "hand" or spec.card_types != ("card",) \
            or spec.count != 1 or spec.up_to or spec.keywords or spec.tests:
        return False
    if _RANDOM_TO.search(ability.text or ""):
        return False  # ("He discards a card at random to draw a card": he draws, the reading says you)
    effects = [c for c in (*ability.costs, *ability.effects) if isinstance(c, Effect)]
    index = next((i for i, c in enumerate(effects) if c is clause), -1)
    before = effects[:index]
    return bool(before) and before[-1].kind in ("target", "choose") and before[-1].target is not None \
        and before[-1].target.card_types == ("player",) and before[-1].target.count == 1


def random_hand_card(position, player: str):
    """A card picked at random from ``player``'s hand (seeded by the position, as shuffles are, so a
    ruling replays the same; a scenario must not rely on which), or None for an empty hand."""
    import random

    hand = position.zones.get((player, "hand"), [])
    if not hand:
        return None
    seed = f"{position.timing.turn}:{player}:hand:{','.join(map(str, hand))}"
    return position.copies[random.Random(seed).choice(hand)]


# ---------------------------------------------------------------------------- "until he has exactly five"

def _tokens_until(game, position, copy, effect, *, as_cost, source):
    """"Give Mitsu +1F Fire tokens until he has exactly five": as many tokens of the kind as he lacks
    to have that many, each changing his stats as any such token does (tokens persist,
    L5R-DURATION.1); none if he has that many or more."""
    from dataclasses import replace

    from .effects import Outcome, apply_to_card
    from .tokens import count, kind_of

    kind, goal, name = kind_of(effect.keyword), (effect.values[0] if effect.values else None), copy.show()
    if kind is None or not isinstance(goal, int):
        return Outcome(False, f"give {name} tokens", "the engine reads only a token kind and a number to reach")
    have = count(copy, kind)
    if have >= goal:
        return Outcome(False, f"give {name} {kind} tokens until he has {goal}", f"he has {have} already")
    return apply_to_card(game, position, copy, replace(effect, kind="give-token", values=(goal - have,)),
                         as_cost=as_cost, source=source)


CARD_KINDS["give-token-until"] = _tokens_until

"""Possessive targets: an owner phrase, the card(s) it names, then the thing of theirs a clause changes.

"A target Holding's abilities may not be used", "Straighten your target performing Samurai's unit",
"Straighten the enemy Personality's unit", "Remove a target Personality's abilities": the grammar
keeps such words as ref ``"possessed"`` -- the possessed noun (``card_types``), whose it is
(``"of-target"``, ``"of-choice"`` ...) and the owner's states -- but not the owner's own type or
keywords. Here the owner is followed:

* ``of-target``: the owner phrase holds the word "target" ("your target Personality"). It is a
  target like any other, chosen when the action is announced, before its effects (L5R-ACT-TARGET;
  the Comprehensive Rules: in "Bow your target Personality" the target has to be chosen before it
  can be bowed). Its description is read with the same grammar, as the target it is ("Target your
  Personality"), and :func:`owner_target` gives it to the procedure (procedure.target_specs), which
  binds the card chosen for it like any target.
* ``of-choice`` with "the [enemy] <noun>": the card of the one target of the action so named
  ("Target your Courtier and an enemy Personality: ... Straighten the enemy Personality's unit";
  states.the_target_spec).

The possessed thing: a ``"unit"`` is the owner's unit -- its Personality and the cards attached to
him (effects_engine.unit_cards); ``"abilities"`` and the changes a negation names are the owner card
itself (its abilities, its movement): the handlers for those kinds read the card.

A reference the position does not settle (no card chosen for the owner) names no card, and the
effect does nothing to anything (L5R-ACT-EFFECT); a phrase this module cannot read is not claimed.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from ...core.ability import Effect, TargetSpec

#: the possessed nouns followed here: the owner's unit, or the owner card itself
UNIT_NOUNS = ("unit",)
CARD_NOUNS = ("abilities",)
#: what the procedure does to each card of a unit ("Straighten your target Personality's unit")
UNIT_KINDS = frozenset({"bow", "straighten", "dishonor", "rehonor", "modify-stat", "grant-keyword", "lose-keyword",
                        "move-home", "destroy", "give-token"})

#: the owner phrase before the first possessive "'s" ("your target Commander" of "your target
#: Commander's movement from the action's effects")
_OWNER = re.compile(r"^(?P<owner>.+?)['\u2019]s? (?P<rest>.+)$")

#: "the Personality", "the enemy Personality": the one target so named
_THE = re.compile(r"^the (?P<enemy>enemy )?(?P<noun>[A-Z][a-z-]+)$")


#: "the movement into an attacking army of a target Personality": a change named with "of" its card
_OF_OWNER = re.compile(r"^the (?:movement|destruction|bowing|straightening|dishonoring)(?: into an attacking army)? "
                       r"of (?P<owner>.+)$")


def owner_text(spec: TargetSpec | None) -> str | None:
    """The owner phrase of a possessive ("A target Holding" of "A target Holding's abilities", "a target
    Personality at any location" of "the movement into an attacking army of a target Personality at any
    location")."""
    if spec is None or spec.ref != "possessed":
        return None
    text = (spec.text or "").strip()
    m = _OF_OWNER.match(text) or _OWNER.match(text)
    return m.group("owner").strip() if m else None


@lru_cache(maxsize=512)
def owner_target(spec: TargetSpec | None) -> TargetSpec | None:
    """The target an ``of-target`` possessive's owner phrase names ("your target performing Samurai"
    -> a target, your performing Samurai), read with the ability grammar; None when the words are
    not such a phrase. The same object for equal specs (the procedure binds targets by identity)."""
    if spec is None or spec.ref != "possessed" or not spec.states or spec.tests or spec.zone is not None:
        return None
    if spec.states[0].startswith("on:") and len(spec.states) == 1:
        owner = spec.states[0][len("on:"):]  # "The abilities on two target Dynasty or Fate cards"
    elif spec.states[0] == "of-target":
        owner = owner_text(spec)
    else:
        return None
    if owner is None:
        return None
    words = owner.split()
    if sum(w.lower() == "target" for w in words) != 1:
        return None  # ("Reigoro's target Follower": a card of Reigoro's, not an owner that is a target)
    described = " ".join(w for w in words if w.lower() != "target")
    if not described or described[0].isupper() and described.split()[0].lower() in ("a", "an", "the", "your"):
        described = described[:1].lower() + described[1:]
    from .ability import parse_ability

    read = parse_ability(f"Target {described}: Bow it.")
    if not read.structured or len(read.costs) != 1 or not isinstance(read.costs[0], Effect):
        return None
    target = read.costs[0].target
    if read.costs[0].kind != "target" or target is None or target.ref != "target" or target.optional:
        return None
    if spec.states[0] == "of-target" and tuple(spec.states[1:1 + len(target.states)]) != tuple(target.states):
        return None  # the owner's states as the possessive kept them: the same words read alike
    return replace(target, text=owner)


def extra_states(spec: TargetSpec) -> tuple:
    """The words of an ``of-target`` possessive after its owner's ("from-action" of "your target
    Commander's movement from the action's effects")."""
    owner = owner_target(spec)
    if owner is not None and spec.states[0].startswith("on:"):
        return ()  # (the whole owner phrase is the one state)
    return tuple(spec.states[1 + len(owner.states):]) if owner is not None else tuple(spec.states[1:])


def named_owner(specs, spec: TargetSpec | None) -> TargetSpec | None:
    """The target "the [enemy] Personality" stands for in "the enemy Personality's unit": the one
    target of the action named by that noun (and an enemy card, if "enemy" is said), or None."""
    if spec is None or spec.ref != "possessed" or tuple(spec.states) != ("of-choice",):
        return None
    m = _THE.match(owner_text(spec) or "")
    if m is None:
        return None
    from .states import the_target_spec

    found = the_target_spec(specs, TargetSpec(ref="choice", text=f"the {m.group('noun')}"))
    if found is None or (m.group("enemy") and found.owner != "opponent"):
        return None
    return found


def _specs(ability) -> list:
    return [c.target for c in (*ability.costs, *ability.effects) if isinstance(c, Effect) and c.target is not None]


def owner_of(ability, spec: TargetSpec | None) -> TargetSpec | None:
    """The target description whose card owns what ``spec`` names -- with no other words after the
    owner's ("the unit", "the abilities": nothing more said of them) -- or None."""
    owner = owner_target(spec)
    if owner is not None:
        return owner if not extra_states(spec) else None
    return named_owner(_specs(ability), spec)


def noun(spec: TargetSpec | None) -> str | None:
    return spec.card_types[0] if spec is not None and len(spec.card_types) == 1 else None


def read(ability, clause) -> bool:
    """For ``effects.executes``: does the procedure find what ``clause`` names through its owner?
    An action's or Reaction's clause on the unit of, or on the card of, a target it names."""
    spec = getattr(clause, "target", None)
    if ability.kind not in ("action", "reaction") or clause not in ability.effects:
        return False
    owner = owner_of(ability, spec)
    if owner is None or owner.count != 1 or owner.up_to:
        return False
    from .states import checked

    if not all(checked(s) for s in owner.states):
        return False  # a describing word no target test reads would refuse every card
    if noun(spec) in UNIT_NOUNS:
        return clause.kind in UNIT_KINDS
    return noun(spec) in CARD_NOUNS and clause.kind == "lose-abilities"


def owner_cards(bind, spec: TargetSpec | None) -> list | None:
    """The cards chosen for the owner of ``spec`` (None: not a possessive followed here)."""
    owner = owner_target(spec) or named_owner(bind.specs, spec)
    if owner is None or spec.states[:1] == ("of-target",) and extra_states(spec) and noun(spec) in (
            *UNIT_NOUNS, *CARD_NOUNS):
        return None  # ("X's unit" with more words: not read here)
    return [c for c in bind.targets.get(id(owner), []) if not isinstance(c, str)]


def subjects(ctx, clause, bind) -> list | None:
    """The cards a clause on "X's unit" / "X's abilities" applies to, X a target (None: not such words)."""
    spec = getattr(clause, "target", None)
    if noun(spec) not in (*UNIT_NOUNS, *CARD_NOUNS):
        return None
    owners = owner_cards(bind, spec)
    if owners is None:
        return None
    if noun(spec) in CARD_NOUNS:
        return owners
    from .effects_engine import unit_cards

    found: list = []
    for owner in owners:
        found.extend(c for c in unit_cards(ctx.position, owner) if c not in found)
    return found


# ---------------------------------------------------------------------------- "them" after several targets

_THEM = ("them", "they")


def plural_targets(bind, spec: TargetSpec | None) -> list | None:
    """"Target your Courtier and an enemy Personality: Move them to the current battlefield", "Move home
    your target Ninja and a target enemy Personality; … Bow them": "them" is every card targeted, in
    the order named -- when the targets were the last cards named (the one "it" stands for is still the
    last target's card). None: not such a pronoun, or another card was named since."""
    if spec is None or spec.ref != "it" or (spec.text or "").strip().lower() not in _THEM:
        return None
    specs = [s for s in bind.specs if bind.targets.get(id(s))]
    if len(specs) < 2:
        return None
    last = [c for c in bind.targets[id(specs[-1])] if not isinstance(c, str)]
    if [c for c in bind.last if not isinstance(c, str)] != last:
        return None
    found: list = []
    for s in specs:
        found.extend(c for c in bind.targets[id(s)] if not isinstance(c, str) and c not in found)
    return found


# ---------------------------------------------------------------------------- "The Crimson Mountain Oni's movement"

#: a determiner and one noun ("The Personality", "Your Samurai"): a description, not a title
_DESCRIBED = re.compile(r"^(?:the|your|a|an|this|that|his|her|its|each|any|another) [A-Z][\w-]*$", re.I)


def titled_owner(spec: TargetSpec | None) -> str | None:
    """The owner of ``spec`` when it is a card's title ("The Crimson Mountain Oni" of "The Crimson
    Mountain Oni's movement"): every word capitalised, not a determiner and a noun. Which card bears
    that title is settled only on the position (the card whose ability it is, or not)."""
    owner = owner_text(spec)
    if owner is None or spec.states[:1] != ("of-choice",) or _DESCRIBED.match(owner):
        return None
    words = owner.split()
    return owner if words and all(w[:1].isupper() for w in words) else None


# ---------------------------------------------------------------------------- "Discard the Imperial Favor"


def favor_subject(ctx, clause) -> list | None:
    """"Discard the Imperial Favor": the acting player, who discards it if he controls it (L5R-FAVOR;
    effects_restrictions.discard_favor). None for other words."""
    from .effects_restrictions import favor_clause

    return [ctx.actor] if favor_clause(clause) else None

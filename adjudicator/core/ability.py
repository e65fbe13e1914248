"""The typed AST of card ability text, shared by every game's ability grammar.

Each game's grammar (``grammar/<game>_ability.lark``) is turned by that game's
Transformer into these frozen nodes. Effects and costs come from a closed vocabulary
of *kinds* (each game lists its own in ``EFFECT_KINDS``); text that the grammar cannot
structure is kept as an :class:`Unparsed` node carrying the text, never dropped.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(frozen=True)
class Span:
    """Where a node came from inside the ability text (1-based line/column)."""

    line: int = 1
    column: int = 1
    end_column: int = 0


@dataclass(frozen=True)
class StatTest:
    """A comparison on a card's or player's value: ``force < 3``, ``personal-honor >= 1``."""

    stat: str
    op: str  # one of "<", "<=", "=", ">=", ">", "!="
    value: int


@dataclass(frozen=True)
class TargetSpec:
    """What a cost or effect applies to.

    ``ref`` says how the object is found:
      * ``"target"``   a target chosen by the acting player (``targeting`` in scenarios);
      * ``"this"``     the card whose ability this is;
      * ``"it"``       the object of an earlier clause ("Bow it", "... and move him home");
      * ``"attached"`` the card this one is attached to ("this Personality" on an item);
      * ``"you"``      the acting player; ``"opponent"`` the opposing player;
      * ``"each"``     every card matching the restrictions;
      * ``"choice"``   a card chosen without targeting ("one of your Personalities");
      * ``"possessed"`` something of another card's ("this Follower's unit"; states say whose).
    Games may add refs; each documents its own.
    """

    ref: str
    count: int = 1
    up_to: bool = False
    owner: str = "any"  # "you" | "opponent" | "any"
    card_types: tuple[str, ...] = ()  # lower-case: "personality", "holding", "card", "unit", ...
    keywords: tuple[str, ...] = ()  # as printed: "Samurai", "Shugenja"
    states: tuple[str, ...] = ()  # "bowed", "unbowed", "dishonored", "honorable", "attacking", ...
    tests: tuple[StatTest, ...] = ()
    zone: str | None = None  # when the text names an out-of-play zone: "hand", "dynasty-discard"
    optional: bool = False  # "You may target ..." (chosen at resolution, L5R-ACT-TARGET)
    text: str = ""


@dataclass(frozen=True)
class Effect:
    """One imperative clause: a cost in the limits block or an effect after the colon."""

    kind: str  # from the game's closed vocabulary, e.g. "bow", "modify-stat", "draw"
    target: TargetSpec | None = None
    amount: int | None = None  # N in "+2F", "draw 2 cards", "gain 3 Honor"
    stat: str | None = None  # "force", "chi", "honor" ... for modify-stat and friends
    keyword: str | None = None  # for grant-keyword / lose-keyword
    duration: str | None = None  # None = the rules' default; "turn", "battle", "permanent", "game", ...
    values: tuple[int, ...] = ()  # dashed runs such as Berserk's 1-2-2
    text: str = ""
    span: Span = field(default_factory=Span)


@dataclass(frozen=True)
class Unparsed:
    """A fragment the grammar could not structure; kept verbatim and reported."""

    text: str
    reason: str = ""
    span: Span = field(default_factory=Span)


Clause = Union[Effect, Unparsed]


@dataclass(frozen=True)
class Trigger:
    """When a Reaction, Interrupt or triggered trait fires: ``After ...``, ``При атаке``."""

    timing: str  # "after" | "when" | "before" | "start-of-turn" | "end-of-turn" | ...
    event: str  # normalised event name, e.g. "card-bowed", "battle-resolved"
    text: str = ""


@dataclass(frozen=True)
class Condition:
    """A condition in the limits block ("If you control the Imperial Favor")."""

    kind: str
    args: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Ability:
    """One ability line of a card.

    ``kind``: ``"action"`` (designated actions: Limited, Open, Battle ...), ``"reaction"``,
    ``"interrupt"``, ``"trait"`` (triggered trait), ``"continuous"`` (trait without trigger),
    ``"keywords"`` (a keyword line), ``"unparsed"`` (nothing could be structured).
    The limits block (before the last colon of an action) holds ``conditions`` and ``costs``;
    ``effects`` are what follows it.
    """

    text: str
    kind: str
    designators: tuple[str, ...] = ()
    trigger: Trigger | None = None
    conditions: tuple[Condition, ...] = ()
    costs: tuple[Clause, ...] = ()
    effects: tuple[Clause, ...] = ()
    limit: str | None = None  # "once per turn" (default for actions), "once per game", "unlimited"
    unparsed: tuple[Unparsed, ...] = ()  # anything left over that fitted nowhere

    def unparsed_fragments(self) -> tuple[Unparsed, ...]:
        """Every unstructured fragment of this ability, for coverage reports."""
        parts = [c for c in (*self.costs, *self.effects) if isinstance(c, Unparsed)]
        return (*parts, *self.unparsed)

    @property
    def structured(self) -> bool:
        return self.kind != "unparsed" and not self.unparsed_fragments()

    def targets(self) -> tuple[TargetSpec, ...]:
        """Targets in the order the text mentions them (costs first, they come first)."""
        found = []
        for clause in (*self.costs, *self.effects):
            if isinstance(clause, Effect) and clause.target and clause.target.ref == "target":
                found.append(clause.target)
        return tuple(found)

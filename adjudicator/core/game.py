"""The game base class: rules as class-level data plus hooks the core calls.

The core never tests a game's name. A game module subclasses :class:`Game`, declares its
vocabulary (phases, zones, verbs, attributes) as data, and implements the verbs as
``verb_<name>`` methods. Shared mechanisms (resolving card references, verb forms,
properties of cards and players, zone declarations) live here for every game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from . import attrs as T
from .cards import CardPool
from .errors import AmbiguousReference, ScenarioError, suggestion_text
from .position import TABLE, Copy, Position
from .ruling import Procedure, Rejected, Ruling, Step
from .scenario_ast import ActionBody, Obj, Pos, ZoneRef


@dataclass
class AdvanceResult:
    position: Position
    steps: list[Step] = field(default_factory=list)
    stopped: str | None = None  # why advancing stopped before reaching its target


@dataclass
class Context:
    """One attempted action: the working copy of the position and the steps so far."""

    game: "Game"
    position: Position
    actor: str
    body: ActionBody
    proc: Procedure = field(default_factory=Procedure)
    lines: tuple[str, ...] = ()

    def reject(self, rule: str, text: str):
        raise Rejected(rule, text)

    def step(self, kind: str, description: str, *rules: str) -> None:
        self.proc.add(kind, description, *rules)

    def card(self, obj: Obj, *, where=None, purpose: str = "") -> Copy:
        return self.game.resolve_card(self.position, obj, where=where, purpose=purpose, lines=self.lines)


def verb_forms(verb: str) -> list[str]:
    """Canonical candidates for a verb as written: ``passes`` → ``pass``; ``declines-attack``
    → ``decline-attack``; ``lobbies`` → ``lobby``."""
    head, sep, tail = verb.partition("-")
    forms = [verb]
    for stem in (head[:-3] + "y" if head.endswith("ies") else None,
                 head[:-2] if head.endswith(("ses", "shes", "ches", "xes", "zes")) else None,
                 head[:-1] if head.endswith("s") else None):
        if stem:
            forms.append(stem + sep + tail)
    return forms


class Game:
    """Base of every game module. Subclasses override the class-level tables and hooks."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    phases: ClassVar[tuple[str, ...]] = ()
    steps: ClassVar[dict[str, tuple[str, ...]]] = {}
    card_types: ClassVar[tuple[str, ...]] = ()
    card_attrs: ClassVar[dict[str, str]] = {}
    card_flags: ClassVar[frozenset[str]] = frozenset({"unique"})
    player_attrs: ClassVar[dict[str, str]] = {}
    player_flags: ClassVar[frozenset[str]] = frozenset()
    copy_flags: ClassVar[frozenset[str]] = frozenset()
    copy_attrs: ClassVar[dict[str, str]] = {}
    zones: ClassVar[dict[str, str]] = {}  # word -> "plain" | "numbered" | "cell" | "card"
    shared_zones: ClassVar[frozenset[str]] = frozenset()  # zones owned by ``table``
    verbs: ClassVar[tuple[str, ...]] = ()
    card_properties: ClassVar[tuple[str, ...]] = ()
    player_properties: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    # ---- card pools -----------------------------------------------------------
    def builtin_pool(self) -> CardPool:
        return CardPool()

    def parse_card_text(self, text: str) -> list:
        """The card's abilities as AST nodes (games with an ability grammar override)."""
        return []

    def load_card_database(self, path) -> CardPool:
        raise ScenarioError(f"the game {self.name} has no card database loader")

    # ---- set-up -----------------------------------------------------------------
    def new_position(self) -> Position:
        return Position(self.name)

    def zone_key(self, zone: ZoneRef, *, file: str, lines: tuple[str, ...]) -> str:
        """Validate a zone reference against the game's zones and return its key."""
        shape = self.zones.get(zone.name)
        line = lines[zone.pos.line - 1] if 0 < zone.pos.line <= len(lines) else None
        if shape is None:
            if self.canonical_verb(zone.name):
                raise ScenarioError(f"'{zone.name}' is a verb, and an action line has no colon", file,
                                    zone.pos.line, zone.pos.column, line,
                                    suggestion=f"write the action without ':' (a colon follows a zone name: "
                                    f"{', '.join(list(self.zones)[:4])} …)")
            raise ScenarioError(f"unknown zone '{zone.name}' in {self.name}", file, zone.pos.line,
                                zone.pos.column, line, suggestion=suggestion_text(zone.name, self.zones)
                                or "zones: " + ", ".join(self.zones))
        given = ("numbered" if zone.number is not None else "cell" if zone.cell is not None
                 else "card" if zone.card is not None else "plain")
        if shape == "numbered-optional" and given in ("numbered", "plain"):
            return zone.key
        if given != shape:
            wants = {"plain": f"'{zone.name}' takes nothing after it",
                     "numbered": f"'{zone.name}' needs a number ({zone.name} 1)",
                     "cell": f"'{zone.name}' needs a cell row.column ({zone.name} 1.2)",
                     "card": f"'{zone.name}' needs a card name ({zone.name} \"Card\")"}[shape]
            raise ScenarioError(wants, file, zone.pos.line, zone.pos.column, line)
        return zone.key

    def setup_player(self, position: Position, name: str, values: dict, flags: set) -> None:
        player = position.add_player(name)
        player.attrs.update(values)
        player.flags.update(flags)

    def finish_setup(self, position: Position) -> None:
        """Fill in the defaults the scenario omitted (turn 1, first player active, first phase)."""
        t = position.timing
        order = position.seat_order
        if not t.active and order:
            t.active = order[0]
        if not t.phase and self.phases:
            t.phase = self.phases[0]
        if t.step is None and self.steps.get(t.phase):
            t.step = self.default_step(t.phase)
        if t.priority is None:
            t.priority = self.default_priority(position)

    def default_step(self, phase: str) -> str | None:
        steps = self.steps.get(phase)
        return steps[0] if steps else None

    def default_priority(self, position: Position) -> str | None:
        return position.timing.active

    def validate_setup(self, position: Position, fail) -> None:
        """Game-specific checks of a declared position; ``fail(message)`` raises."""

    # ---- actions ----------------------------------------------------------------
    def canonical_verb(self, verb: str) -> str | None:
        for form in verb_forms(verb):
            if form in self.verbs:
                return form
        return None

    def attempt(self, position: Position, actor: str, body: ActionBody, lines: tuple[str, ...] = ()) -> Ruling:
        """Try an action on a copy of the position; the Ruling carries the new position."""
        verb = self.canonical_verb(body.verb)
        if verb is None and body.verb in self.zones:
            raise ScenarioError(
                f"'{body.verb}' is a zone: a zone line needs a colon after the zone", body.pos.file, body.pos.line,
                body.pos.column, _line(lines, body.pos), suggestion=f'write: {actor} {body.verb}: "Card", "Card"')
        if verb is None:
            raise ScenarioError(
                f"unknown verb '{body.verb}' in {self.name}", body.pos.file, body.pos.line, body.pos.column,
                _line(lines, body.pos), suggestion=suggestion_text(body.verb, self.verbs)
                or "verbs: " + ", ".join(self.verbs))
        if actor not in position.players:
            raise ScenarioError(f"unknown player '{actor}'", body.pos.file, body.pos.line, 1,
                                _line(lines, body.pos), suggestion=suggestion_text(actor, position.players))
        ctx = Context(self, position.clone(), actor, body, lines=lines)
        handler = getattr(self, "verb_" + verb.replace("-", "_"))
        try:
            handler(ctx)
        except Rejected as rej:
            return Ruling(False, f"{actor} {body.show()}", list(rej.reasons), ctx.proc.steps, position)
        return Ruling(True, f"{actor} {body.show()}", [], ctx.proc.steps, ctx.position)

    def advance(self, position: Position, kind: str, target: str | None, lines=()) -> AdvanceResult:
        raise NotImplementedError(f"{self.name} does not support advance yet")

    # ---- references -----------------------------------------------------------------
    def resolve_card(self, position: Position, obj: Obj, *, where=None, purpose: str = "",
                     lines: tuple[str, ...] = ()) -> Copy:
        """The copy an object means: a label, or the one copy of that name that ``where`` accepts."""
        if obj.kind == "word" and obj.number is None and obj.text in position.labels:
            uid = position.labels[obj.text]
            if uid in position.copies:
                return position.copies[uid]
        if obj.kind != "card":
            raise ScenarioError(
                f"'{obj.show()}' is not a card: card names are quoted and labels are declared with 'as'",
                obj.pos.file, obj.pos.line, obj.pos.column, _line(lines, obj.pos),
                suggestion=suggestion_text(obj.text, position.labels))
        named = position.copies_named(obj.text)
        if not named:
            names = {c.name for c in position.all_copies()}
            raise ScenarioError(f'no card "{obj.text}" is in the game', obj.pos.file, obj.pos.line,
                                obj.pos.column, _line(lines, obj.pos), suggestion=suggestion_text(obj.text, names))
        if len(named) == 1:
            return named[0]
        fitting = [c for c in named if where is None or where(c)]
        if len(fitting) == 1:
            return fitting[0]
        pool = fitting or named
        if len({(c.zone_owner, c.zone, frozenset(c.flags), c.attached_to) for c in pool}) == 1 and where is not None:
            return pool[0]  # identical copies in the same place: any one will do
        raise AmbiguousReference(
            f'"{obj.text}" matches {len(pool)} copies' + (f" ({purpose})" if purpose else "")
            + "; give the one you mean a label with 'as LABEL' and use the label",
            obj.pos.file, obj.pos.line, obj.pos.column, _line(lines, obj.pos))

    # ---- properties -------------------------------------------------------------------
    def card_property(self, position: Position, copy: Copy, prop: str) -> Any:
        """A card's current value for ``expect "Card" PROPERTY``; KeyError if unknown."""
        if prop in self.copy_flags:
            return position.has_flag(copy, prop)
        if prop in self.copy_attrs and self.copy_attrs[prop] == T.INT:
            return copy.counters.get(prop, 0)
        if prop == "attached-to":
            host = position.copies.get(copy.attached_to) if copy.attached_to else None
            return host.name if host else None
        if prop in ("keyword", "keywords"):
            return position.keywords(copy)
        if prop in self.card_attrs:
            return position.stat(copy, prop)
        if prop == "owner":
            return copy.owner
        if prop == "controller":
            return copy.controller
        raise KeyError(prop)

    def known_card_properties(self) -> list[str]:
        return sorted({*self.copy_flags, *self.copy_attrs, *self.card_attrs, *self.card_properties,
                       "keyword", "owner", "controller"})

    def player_property(self, position: Position, player: str, prop: str) -> Any:
        p = position.players[player]
        if prop in self.player_flags:
            return prop in p.flags
        if prop in self.player_attrs:
            return p.attrs.get(prop)
        if prop in self.zones and self.zones[prop] == "plain":
            return position.zone_size(player, prop)
        raise KeyError(prop)

    def known_player_properties(self) -> list[str]:
        return sorted({*self.player_flags, *self.player_attrs, *self.player_properties,
                       *(z for z, s in self.zones.items() if s == "plain")})

    # ---- helpers for game modules -------------------------------------------------------
    @staticmethod
    def need(condition: bool, rule: str, text: str) -> None:
        if not condition:
            raise Rejected(rule, text)


def _line(lines, pos: Pos) -> str | None:
    return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None


def zone_owner_of(game: Game, owner: str, zone_word: str) -> str:
    return TABLE if zone_word in game.shared_zones else owner

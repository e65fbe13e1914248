"""The scenario AST: frozen dataclasses carrying their source position.

Lark trees never leave the parser module; everything downstream sees these nodes.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    file: str
    line: int
    column: int


NOWHERE = Pos("<input>", 0, 0)


@dataclass(frozen=True)
class Atom:
    """One item of an attribute run: a word, a string, a number or a dashed run."""

    kind: str  # "word" | "string" | "int" | "dashed"
    value: object  # str, int or tuple[int, ...]
    pos: Pos = NOWHERE

    @property
    def text(self) -> str:
        if self.kind == "dashed":
            return "-".join(str(v) for v in self.value)  # type: ignore[union-attr]
        if self.kind == "string":
            return f'"{self.value}"'
        return str(self.value)


@dataclass(frozen=True)
class ZoneRef:
    """``hand``, ``province 2``, ``cell 1.2``, ``under "Timer"``."""

    name: str
    number: int | None = None
    cell: tuple[int, int] | None = None
    card: str | None = None
    pos: Pos = NOWHERE

    @property
    def key(self) -> str:
        if self.number is not None:
            return f"{self.name} {self.number}"
        if self.cell is not None:
            return f"{self.name} {self.cell[0]}.{self.cell[1]}"
        if self.card is not None:
            return f'{self.name} "{self.card}"'
        return self.name


@dataclass(frozen=True)
class Obj:
    """An action object: a card (quoted), a word (a label or a game word), a number."""

    kind: str  # "card" | "word" | "number"
    text: str = ""
    number: int | None = None
    cell: tuple[int, int] | None = None
    pos: Pos = NOWHERE

    def show(self) -> str:
        if self.kind == "card":
            return f'"{self.text}"'
        if self.kind == "number":
            return str(self.number)
        extra = f" {self.number}" if self.number is not None else ""
        if self.cell:
            extra = f" {self.cell[0]}.{self.cell[1]}"
        return self.text + extra


@dataclass(frozen=True)
class ActionBody:
    """Everything of an action line after the player: verb, objects and clauses."""

    verb: str
    objects: tuple[Obj, ...] = ()
    targeting: tuple[Obj, ...] = ()
    paying: tuple[Obj, ...] = ()
    with_: tuple[Obj, ...] = ()
    ability: int | None = None
    from_zone: ZoneRef | None = None
    to_zone: ZoneRef | None = None
    onto: Obj | None = None
    for_: str | None = None
    as_: str | None = None
    x: int | None = None
    choosing: str | None = None
    #: a duel's turns in order, the challenged player first: card names, ``top``, ``strike``
    focusing: tuple[Obj, ...] = ()
    #: the choices the triggered traits the action sets off ask for, in order (cards, players, a word)
    answering: tuple[Obj, ...] = ()
    flags: tuple[str, ...] = ()
    pos: Pos = NOWHERE

    def show(self) -> str:
        parts = [self.verb]
        if self.objects:
            parts.append(", ".join(o.show() for o in self.objects))
        for word, objs in (("targeting", self.targeting), ("paying", self.paying), ("with", self.with_)):
            if objs:
                parts.append(f"{word} " + ", ".join(o.show() for o in objs))
        if self.ability is not None:
            parts.append(f"ability {self.ability}")
        if self.from_zone:
            parts.append(f"from {self.from_zone.key}")
        if self.to_zone:
            parts.append(f"to {self.to_zone.key}")
        if self.onto:
            parts.append(f"onto {self.onto.show()}")
        if self.for_:
            parts.append(f"for {self.for_}")
        if self.as_:
            parts.append(f"as {self.as_}")
        if self.x is not None:
            parts.append(f"x {self.x}")
        if self.choosing:
            parts.append(f"choosing {self.choosing}")
        if self.focusing:
            parts.append("focusing " + ", ".join(o.show() for o in self.focusing))
        if self.answering:
            parts.append("answering " + ", ".join(o.show() for o in self.answering))
        parts.extend(self.flags)
        return " ".join(parts)


# ---- statements -------------------------------------------------------------


@dataclass(frozen=True)
class Statement:
    pos: Pos


@dataclass(frozen=True)
class ScenarioTitle(Statement):
    title: str


@dataclass(frozen=True)
class GameStmt(Statement):
    name: str


@dataclass(frozen=True)
class RuleStmt(Statement):
    ids: tuple[str, ...]


@dataclass(frozen=True)
class NoteStmt(Statement):
    text: str


@dataclass(frozen=True)
class CardStmt(Statement):
    name: str
    type: str
    atoms: tuple[Atom, ...]


@dataclass(frozen=True)
class CardsStmt(Statement):
    path: str


@dataclass(frozen=True)
class PlayerStmt(Statement):
    name: str
    atoms: tuple[Atom, ...]


@dataclass(frozen=True)
class PositionStmt(Statement):
    field: str  # "turn" | "active" | "phase" | "step" | "priority"
    value: object


@dataclass(frozen=True)
class Entry:
    count: int
    name: str
    atoms: tuple[Atom, ...]
    label: str | None
    pos: Pos


@dataclass(frozen=True)
class ZoneStmt(Statement):
    owner: str
    zone: ZoneRef
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class ActionStmt(Statement):
    actor: str
    body: ActionBody


@dataclass(frozen=True)
class AdvanceStmt(Statement):
    kind: str  # "phase" | "step" | "turn"
    target: str | None


@dataclass(frozen=True)
class QuestionStmt(Statement):
    text: str


@dataclass(frozen=True)
class Expectation(Statement):
    def describe(self) -> str:  # pragma: no cover - overridden
        return type(self).__name__


@dataclass(frozen=True)
class ExpectLegal(Expectation):
    def describe(self) -> str:
        return "legal"


@dataclass(frozen=True)
class ExpectIllegal(Expectation):
    rules: tuple[str, ...] = ()
    text: str | None = None
    rules_pos: tuple[Pos, ...] = ()

    def describe(self) -> str:
        out = "illegal"
        if self.rules:
            out += " because " + " ".join(self.rules)
        if self.text:
            out += f' "{self.text}"'
        return out


@dataclass(frozen=True)
class ExpectMay(Expectation):
    actor: str = ""
    body: ActionBody = field(default_factory=lambda: ActionBody(""))
    negated: bool = False
    rules: tuple[str, ...] = ()
    rules_pos: tuple[Pos, ...] = ()

    def describe(self) -> str:
        out = f"{self.actor} may {'not ' if self.negated else ''}{self.body.show()}"
        if self.rules:
            out += " because " + " ".join(self.rules)
        return out


@dataclass(frozen=True)
class StepSpec:
    kind: str
    text: str | None
    pos: Pos

    def show(self) -> str:
        return f'{self.kind} "{self.text}"' if self.text else self.kind


@dataclass(frozen=True)
class ExpectOrder(Expectation):
    steps: tuple[StepSpec, ...] = ()

    def describe(self) -> str:
        return "order " + ", ".join(s.show() for s in self.steps)


@dataclass(frozen=True)
class ExpectTiming(Expectation):
    field: str = ""  # priority | active | turn | phase | step
    value: object = None

    def describe(self) -> str:
        return f"{self.field} {self.value}"


@dataclass(frozen=True)
class ExpectStack(Expectation):
    names: tuple[str, ...] = ()  # empty tuple = "stack empty"

    def describe(self) -> str:
        return "stack " + (", ".join(f'"{n}"' for n in self.names) if self.names else "empty")


@dataclass(frozen=True)
class ExpectWinner(Expectation):
    name: str = ""

    def describe(self) -> str:
        return f"winner {self.name}"


@dataclass(frozen=True)
class ExpectGameOver(Expectation):
    over: bool = True

    def describe(self) -> str:
        return "game over" if self.over else "game not over"


@dataclass(frozen=True)
class Subject:
    """The thing an expectation is about: a quoted card name or a bare word
    (a copy's label or a player's name; which one is decided against the position)."""

    text: str
    quoted: bool
    pos: Pos

    def show(self) -> str:
        return f'"{self.text}"' if self.quoted else self.text


@dataclass(frozen=True)
class ExpectIn(Expectation):
    subject: Subject = field(default_factory=lambda: Subject("", True, NOWHERE))
    owner: str = ""
    zone: ZoneRef = field(default_factory=lambda: ZoneRef(""))

    def describe(self) -> str:
        return f"{self.subject.show()} in {self.owner} {self.zone.key}"


@dataclass(frozen=True)
class ExpectProp(Expectation):
    subject: Subject = field(default_factory=lambda: Subject("", True, NOWHERE))
    prop: str = ""
    value: Atom | None = None
    negated: bool = False
    prop_pos: Pos = NOWHERE

    def describe(self) -> str:
        out = f"{self.subject.show()} {'not ' if self.negated else ''}{self.prop}"
        if self.value is not None:
            out += f" {self.value.text}"
        return out


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario file, header fields pulled out for reports and quiz filters."""

    file: str
    title: str
    game: str
    game_pos: Pos
    rules: tuple[str, ...]
    notes: tuple[str, ...]
    statements: tuple[Statement, ...]
    lines: tuple[str, ...]

    def source_line(self, line: int) -> str | None:
        if 1 <= line <= len(self.lines):
            return self.lines[line - 1]
        return None

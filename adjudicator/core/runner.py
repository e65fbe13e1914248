"""Running a scenario: build the position, carry out actions, check expectations.

``run_scenario`` returns a :class:`ScenarioResult`; bad content (unknown card, player,
verb …) raises a :class:`~adjudicator.core.errors.SourceError` subclass instead, which the
CLI reports with exit code 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import scenario_ast as A
from .attrs import group_atoms
from .cards import CardDef, CardPool
from .errors import ScenarioError, suggestion_text
from .game import Game, zone_owner_of
from .position import TABLE, Position
from .registry import UnknownGame, get_game
from .ruling import Ruling, Step
from .scenario_parser import STATEMENT_WORDS, read_scenario


@dataclass
class Failure:
    file: str
    line: int
    expected: str
    found: str
    rules: list[str] = field(default_factory=list)

    def render(self) -> str:
        rules = f"\n    rules: {', '.join(self.rules)}" if self.rules else ""
        return f"{self.file}:{self.line}: expected {self.expected}\n    found: {self.found}{rules}"

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "expected": self.expected, "found": self.found,
                "rules": list(self.rules)}


@dataclass
class TraceEntry:
    """What one statement did, for ``explain``."""

    line: int
    statement: str
    kind: str  # "action" | "advance" | "expect"
    accepted: bool | None = None
    steps: list[Step] = field(default_factory=list)
    reasons: list = field(default_factory=list)
    passed: bool | None = None
    detail: str = ""


@dataclass
class ScenarioResult:
    file: str
    title: str
    game: str
    rules: tuple[str, ...]
    notes: tuple[str, ...] = ()
    failures: list[Failure] = field(default_factory=list)
    trace: list[TraceEntry] = field(default_factory=list)
    position: Position | None = None
    expectations: int = 0

    @property
    def passed(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict:
        return {"file": self.file, "title": self.title, "game": self.game, "rules": list(self.rules),
                "passed": self.passed, "expectations": self.expectations,
                "failures": [f.as_dict() for f in self.failures]}


MAX_COPIES_PER_ENTRY = 1_000  # decks are tens of cards; a larger count is a typo or an attack
MAX_COPIES = 10_000
MAX_DATABASE_BYTES = 200_000_000  # the real pools are a few MB; refuse what would exhaust memory


def database_size(path: Path) -> int:
    if path.is_dir():
        return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())
    return path.stat().st_size


def _src(lines, pos: A.Pos):
    return lines[pos.line - 1] if 0 < pos.line <= len(lines) else None


class ScenarioRun:
    """The state of one run: the game, the cards, the position and the last ruling."""

    def __init__(self, scenario: A.Scenario, *, extra_pools: list[CardPool] | None = None,
                 root: Path | None = None):
        self.scn = scenario
        self.file = scenario.file
        self.lines = scenario.lines
        try:
            self.game: Game = get_game(scenario.game)
        except UnknownGame as exc:
            p = scenario.game_pos
            raise ScenarioError(str(exc), self.file, p.line, p.column, _src(self.lines, p),
                                suggestion=exc.suggestion) from None
        self.root = root
        self.pool = self.game.builtin_pool()
        for extra in extra_pools or ():
            self.pool = self.pool.merged(extra)
        self.defined = CardPool()
        self.position = self.game.new_position()
        self.set_up = False
        self.last_ruling: Ruling | None = None
        self.last_action: A.ActionStmt | None = None
        self.pending_rejection: tuple[A.ActionStmt, Ruling] | None = None
        self.result = ScenarioResult(self.file, scenario.title, scenario.game, scenario.rules, scenario.notes)
        self.question: str | None = None

    # -- errors
    def error(self, message: str, pos: A.Pos, suggestion: str | None = None) -> ScenarioError:
        return ScenarioError(message, self.file, pos.line, pos.column, _src(self.lines, pos), suggestion=suggestion)

    def fail(self, pos: A.Pos, expected: str, found: str, rules=()) -> None:
        self.result.failures.append(Failure(self.file, pos.line, expected, found, list(rules)))

    # -- the run
    def run(self) -> ScenarioResult:
        for st in self.scn.statements:
            self.step(st)
        if self.pending_rejection:
            self._unexpected_rejection()
        if not self.set_up:
            self._finish_setup(A.Pos(self.file, len(self.lines), 1))
        self.result.position = self.position
        return self.result

    def step(self, st: A.Statement) -> None:
        """Carry out one statement (subclasses hook the per-kind methods below)."""
        if self.pending_rejection and not isinstance(st, (A.ExpectIllegal, A.ExpectLegal, A.QuestionStmt)):
            self._unexpected_rejection()
        if isinstance(st, (A.ActionStmt, A.AdvanceStmt, A.Expectation)) and not self.set_up:
            self._finish_setup(st.pos)
        if isinstance(st, A.RuleStmt):
            self._check_rule_ids(st.ids, [st.pos] * len(st.ids), st.pos)
        elif isinstance(st, A.CardStmt):
            self._card(st)
        elif isinstance(st, A.CardsStmt):
            self._cards(st)
        elif isinstance(st, A.PlayerStmt):
            self._player(st)
        elif isinstance(st, A.PositionStmt):
            self._position(st)
        elif isinstance(st, A.ZoneStmt):
            self._zone(st)
        elif isinstance(st, A.ActionStmt):
            self._action(st)
        elif isinstance(st, A.AdvanceStmt):
            self._advance(st)
        elif isinstance(st, A.QuestionStmt):
            self.question = st.text
        elif isinstance(st, A.Expectation):
            self._expectation(st)

    def _expectation(self, st: A.Expectation) -> None:
        from .checker import check_expectation  # local: the checker imports this module's types

        self.result.expectations += 1
        check_expectation(self, st)
        if isinstance(st, A.ExpectIllegal):
            self.pending_rejection = None

    def _unexpected_rejection(self):
        st, ruling = self.pending_rejection  # type: ignore[misc]
        self.pending_rejection = None
        self.fail(st.pos, f"{st.actor} {st.body.show()} to be legal (no 'expect illegal' follows it)",
                  "rejected: " + ruling.reason_text(), ruling.reason_rules)

    def _check_rule_ids(self, ids, positions, fallback: A.Pos):
        from .. import rules as rules_ref

        for rid, pos in zip(ids, positions):
            if not rules_ref.is_known(rid):
                raise self.error(f"unknown rule ID '{rid}'", pos if pos.line else fallback,
                                 suggestion_text(rid, rules_ref.all_rules()))

    # -- set-up statements
    def _card(self, st: A.CardStmt):
        g = self.game
        if st.type not in g.card_types:
            raise self.error(f"unknown card type '{st.type}' in {g.name}", st.pos,
                             suggestion_text(st.type, g.card_types) or "types: " + ", ".join(g.card_types))
        grouped = group_atoms(st.atoms, g.card_attrs, g.card_flags, what="card attribute",
                              file=self.file, lines=self.lines)
        text = grouped.values.pop("text", "")
        card = CardDef(name=st.name, type=st.type, attrs=grouped.values, flags=frozenset(grouped.flags),
                       keywords=tuple(grouped.keywords), text=text, source=f"{self.file}:{st.pos.line}")
        self.defined.add(card)
        self.pool.add(card)

    def _cards(self, st: A.CardsStmt):
        path = Path(st.path)
        if not path.is_absolute():
            path = (Path(self.file).parent / path)
        path = path.resolve()
        if self.root is not None and not path.is_relative_to(self.root.resolve()):
            raise self.error(f"'{st.path}' lies outside the allowed root {self.root}", st.pos)
        if not path.exists():
            raise self.error(f"no card database at '{path}'", st.pos)
        size = database_size(path)
        if size > MAX_DATABASE_BYTES:
            raise self.error(f"the card database '{path}' is {size:,} bytes; the limit is {MAX_DATABASE_BYTES:,}",
                             st.pos)
        try:
            loaded = self.game.load_card_database(path)
        except ScenarioError:
            raise  # already names the place
        except Exception as exc:  # a loader's own error kinds carry clear messages
            raise self.error(f"cannot load the card database: {exc}", st.pos) from None
        self.pool = self.pool.merged(loaded).merged(self.defined)

    def _player(self, st: A.PlayerStmt):
        g = self.game
        if st.name in self.position.players:
            raise self.error(f"player '{st.name}' is declared twice", st.pos)
        if st.name == TABLE:
            raise self.error("'table' names the shared zones; choose another player name", st.pos)
        grouped = group_atoms(st.atoms, g.player_attrs, g.player_flags, what="player attribute",
                              file=self.file, lines=self.lines)
        g.setup_player(self.position, st.name, grouped.values, grouped.flags)

    def _player_name(self, name: str, pos: A.Pos, *, allow_table=False) -> str:
        if name in self.position.players or (allow_table and name == TABLE):
            return name
        known = list(self.position.players) + ([TABLE] if allow_table else [])
        hint = suggestion_text(name, known + (list(STATEMENT_WORDS) if name[:1].islower() else []))
        raise self.error(f"unknown player '{name}'" + ("" if known else " (declare players with 'player NAME')"),
                         pos, hint)

    def _position(self, st: A.PositionStmt):
        g, t = self.game, self.position.timing
        if st.field == "turn":
            if int(st.value) < 1:  # type: ignore[arg-type]
                raise self.error("turns are numbered from 1", st.pos)
            t.turn = int(st.value)  # type: ignore[arg-type]
        elif st.field in ("active", "priority"):
            setattr(t, st.field, self._player_name(str(st.value), st.pos))
        elif st.field == "phase":
            if st.value not in g.phases:
                raise self.error(f"unknown phase '{st.value}' in {g.name}", st.pos,
                                 suggestion_text(str(st.value), g.phases) or "phases: " + ", ".join(g.phases))
            t.phase = str(st.value)
            if self.set_up:
                t.step = g.default_step(t.phase)
        elif st.field == "step":
            all_steps = [s for steps in g.steps.values() for s in steps]
            if st.value not in all_steps:
                raise self.error(f"unknown step '{st.value}' in {g.name}", st.pos,
                                 suggestion_text(str(st.value), all_steps) or "steps: " + ", ".join(all_steps))
            t.step = str(st.value)
            if not t.phase:
                t.phase = next(p for p, steps in g.steps.items() if st.value in steps)

    def _zone(self, st: A.ZoneStmt):
        g, pos = self.game, self.position
        owner = self._player_name(st.owner, st.pos, allow_table=True)
        key = g.zone_key(st.zone, file=self.file, lines=self.lines)
        zone_owner = zone_owner_of(g, owner, st.zone.name)
        if owner == TABLE and st.zone.name not in g.shared_zones:
            raise self.error(f"'table' owns only the shared zones ({', '.join(sorted(g.shared_zones)) or 'none'}"
                             f" in {g.name})", st.pos)
        if pos.zones.get((zone_owner, key)):
            raise self.error(f"{owner}'s {key} is declared twice", st.zone.pos)
        pos.zones.setdefault((zone_owner, key), [])
        attach_requests = []
        # per-copy state: numeric printed values may be overridden, plus the game's counters
        schema = {**{k: v for k, v in g.card_attrs.items() if v in ("int", "dashed")}, **g.copy_attrs}
        for entry in st.entries:
            card = self.pool.get(entry.name)
            if card is None:
                raise self.error(f'unknown card "{entry.name}"', entry.pos,
                                 suggestion_text(entry.name, self.pool.names())
                                 or "define it with: card \"Name\" TYPE attr…")
            grouped = group_atoms(entry.atoms, schema, g.copy_flags, what="card state", file=self.file,
                                  lines=self.lines)
            if not 1 <= entry.count <= MAX_COPIES_PER_ENTRY:
                raise self.error(f"a count must be between 1 and {MAX_COPIES_PER_ENTRY}", entry.pos)
            if len(pos.copies) + entry.count > MAX_COPIES:
                raise self.error(f"a position holds at most {MAX_COPIES:,} cards", entry.pos)
            if entry.label and entry.count > 1:
                raise self.error("a label names one copy; list labelled copies one by one", entry.pos)
            if entry.label and entry.label in pos.labels:
                raise self.error(f"the label '{entry.label}' is used twice", entry.pos)
            if entry.label and entry.label in pos.players:
                raise self.error(f"the label '{entry.label}' is a player's name", entry.pos)
            for _ in range(entry.count):
                copy = pos.create_copy(card, owner if owner != TABLE else TABLE, zone_owner, key, label=entry.label)
                copy.flags.update(grouped.flags)
                for attr, value in grouped.values.items():
                    kind = g.copy_attrs.get(attr)
                    if attr == "attached-to":
                        attach_requests.append((copy, value, entry.pos))
                    elif kind == "int" and attr not in g.card_attrs:
                        if value < 0:
                            raise self.error(f"'{attr}' cannot be negative", entry.pos)
                        copy.counters[attr] = value
                    else:
                        copy.overrides[attr] = value
        for copy, target, epos in attach_requests:
            host = self._find_host(target, epos)
            copy.attached_to = host.uid

    def _find_host(self, name: str, pos: A.Pos):
        position = self.position
        if name in position.labels:
            return position.copies[position.labels[name]]
        hosts = [c for c in position.all_copies() if c.name == name]
        if not hosts:
            raise self.error(f'attached-to "{name}": no such card is declared (list the host first)', pos,
                             suggestion_text(name, {c.name for c in position.all_copies()}))
        if len(hosts) > 1:
            raise self.error(f'attached-to "{name}" matches {len(hosts)} copies; label the host with \'as\'', pos)
        return hosts[0]

    def _finish_setup(self, pos: A.Pos):
        self.set_up = True
        g, position = self.game, self.position
        if len(position.players) < g.min_players:
            raise self.error(f"{g.name} needs at least {g.min_players} players; "
                             f"{len(position.players)} declared", pos)
        if len(position.players) > g.max_players:
            raise self.error(f"{g.name} takes at most {g.max_players} players; "
                             f"{len(position.players)} declared", pos)
        g.finish_setup(position)

        def fail(message: str):
            raise self.error(message, pos)

        g.validate_setup(position, fail)

    # -- dynamic statements
    def _action(self, st: A.ActionStmt):
        actor = self._player_name(st.actor, st.pos)
        ruling = self.game.attempt(self.position, actor, st.body, self.lines)
        self.last_ruling, self.last_action = ruling, st
        entry = TraceEntry(st.pos.line, f"{actor} {st.body.show()}", "action", ruling.accepted,
                           list(ruling.steps), list(ruling.reasons))
        self.result.trace.append(entry)
        if ruling.accepted:
            self.position = ruling.position  # type: ignore[assignment]
        else:
            self.pending_rejection = (st, ruling)

    def _advance(self, st: A.AdvanceStmt):
        g = self.game
        if st.kind == "phase" and st.target not in g.phases:
            raise self.error(f"unknown phase '{st.target}' in {g.name}", st.pos,
                             suggestion_text(str(st.target), g.phases))
        if st.kind == "step":
            all_steps = [s for steps in g.steps.values() for s in steps]
            if st.target not in all_steps:
                raise self.error(f"unknown step '{st.target}' in {g.name}", st.pos,
                                 suggestion_text(str(st.target), all_steps))
        result = g.advance(self.position, st.kind, st.target, self.lines)
        self.position = result.position
        what = "next turn" if st.kind == "turn" else f"{st.kind} {st.target}"
        entry = TraceEntry(st.pos.line, f"advance to {what}", "advance", True, list(result.steps),
                           detail=result.stopped or "")
        self.result.trace.append(entry)


def run_scenario(scenario: A.Scenario, **kwargs: Any) -> ScenarioResult:
    return ScenarioRun(scenario, **kwargs).run()


def run_file(path: str | Path, **kwargs: Any) -> ScenarioResult:
    return run_scenario(read_scenario(path), **kwargs)

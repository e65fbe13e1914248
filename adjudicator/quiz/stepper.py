"""Running a scenario one statement at a time, remembering the moment before each
expectation: the position then, the actions that led to it, and the engine's verdict.

The core runner has no stepping hook, so :class:`SteppingRun` re-implements
``ScenarioRun.run``'s loop here using the runner's own statement methods (no core change).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import scenario_ast as A
from ..core.checker import check_expectation
from ..core.position import Position
from ..core.ruling import Ruling
from ..core.runner import ScenarioRun, TraceEntry


@dataclass
class Moment:
    """Everything quiz mode needs to ask about one expectation."""

    expectation: A.Expectation
    question: str | None  # the scenario's own `question "…"` for it, if any
    position: Position  # just before the expectation
    group_start: Position  # before the run of actions/advances that led here
    group: list[A.Statement]  # those actions/advances, in order (may be empty)
    group_trace: list[TraceEntry]  # what the engine did for each of them
    ruling: Ruling | None  # the last action's ruling (for legal/illegal/order)
    action: A.ActionStmt | None  # the last action
    passed: bool = True  # the engine agrees with the scenario's expectation
    found: str = ""  # what the engine found when it disagrees
    check_trace: list[TraceEntry] = field(default_factory=list)  # e.g. the `may` attempt


class SteppingRun(ScenarioRun):
    """A ScenarioRun that records a :class:`Moment` at each expectation."""

    def __init__(self, scenario: A.Scenario, **kwargs):
        super().__init__(scenario, **kwargs)
        self.moments: list[Moment] = []
        self._group: list[A.Statement] = []
        self._group_start: Position | None = None
        self._group_trace_from = 0
        self._after_expectation = True

    def _track_group(self, st: A.Statement) -> None:
        if self._after_expectation:
            self._group, self._group_start = [], self.position.clone()
            self._group_trace_from = len(self.result.trace)
            self._after_expectation = False
        self._group.append(st)

    def run(self):
        for st in self.scn.statements:
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
                self._track_group(st)
                self._action(st)
            elif isinstance(st, A.AdvanceStmt):
                self._track_group(st)
                self._advance(st)
            elif isinstance(st, A.QuestionStmt):
                self.question = st.text
            elif isinstance(st, A.Expectation):
                self._expectation(st)
        if self.pending_rejection:
            self._unexpected_rejection()
        if not self.set_up:
            self._finish_setup(A.Pos(self.file, len(self.lines), 1))
        self.result.position = self.position
        return self.result

    def _expectation(self, st: A.Expectation) -> None:
        self._after_expectation = True
        grouped = self._group_start is not None
        moment = Moment(
            st, self.question, self.position.clone(),
            self._group_start.clone() if grouped else self.position.clone(),
            list(self._group), list(self.result.trace[self._group_trace_from:]) if grouped else [],
            self.last_ruling, self.last_action)
        self.question = None  # a question belongs to the next expectation only
        failures, traced = len(self.result.failures), len(self.result.trace)
        self.result.expectations += 1
        check_expectation(self, st)
        if isinstance(st, A.ExpectIllegal):
            self.pending_rejection = None
        if len(self.result.failures) > failures:
            moment.passed = False
            moment.found = self.result.failures[-1].found
        moment.check_trace = list(self.result.trace[traced:])
        self.moments.append(moment)

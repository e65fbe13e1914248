"""Running a scenario one statement at a time, remembering the moment before each
expectation: the position then, the actions that led to it, and the engine's verdict.

:class:`SteppingRun` hooks the runner's per-statement methods (``_action``, ``_advance``,
``_expectation``) to record each moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import scenario_ast as A
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

    def _action(self, st: A.ActionStmt) -> None:
        self._track_group(st)
        super()._action(st)

    def _advance(self, st: A.AdvanceStmt) -> None:
        self._track_group(st)
        super()._advance(st)

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
        super()._expectation(st)
        if len(self.result.failures) > failures:
            moment.passed = False
            moment.found = self.result.failures[-1].found
        moment.check_trace = list(self.result.trace[traced:])
        self.moments.append(moment)

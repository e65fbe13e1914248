"""Rulings: what the engine says about one attempted action.

Every verdict the tool prints comes from a Ruling: accepted or rejected, the reasons as
(rule ID, plain sentence), and the ordered procedure steps, each with its rule IDs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from .position import Position


@dataclass(frozen=True)
class Reason:
    rule: str
    text: str

    def show(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(frozen=True)
class Step:
    """One step of the procedure.

    ``kind``: "condition", "announce", "target", "cost", "effect", "cleanup" (these are the
    procedure of an action), or "timing"/"event"/"note" for what happens around it
    (priority passing, phases ending, triggers). ``expect order`` sees only target, cost,
    effect and cleanup steps.
    """

    kind: str
    description: str
    rules: tuple[str, ...] = ()

    def show(self) -> str:
        rules = f" [{', '.join(self.rules)}]" if self.rules else ""
        return f"{self.kind}: {self.description}{rules}"


ORDER_KINDS = ("target", "cost", "effect", "cleanup")


class Rejected(Exception):
    """Raised inside the engine to stop an attempt; becomes a rejected Ruling."""

    def __init__(self, rule: str, text: str, *more: Reason):
        super().__init__(text)
        self.reasons = (Reason(rule, text), *more)


@dataclass
class Ruling:
    accepted: bool
    action: str = ""
    reasons: list[Reason] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    position: "Position | None" = None

    @property
    def rules(self) -> list[str]:
        seen: dict[str, None] = {}
        for r in self.reasons:
            seen[r.rule] = None
        for s in self.steps:
            for rule in s.rules:
                seen[rule] = None
        return list(seen)

    @property
    def reason_rules(self) -> list[str]:
        return list(dict.fromkeys(r.rule for r in self.reasons))

    def order_steps(self) -> list[Step]:
        return [s for s in self.steps if s.kind in ORDER_KINDS]

    def reason_text(self) -> str:
        return "; ".join(r.show() for r in self.reasons)


class Procedure:
    """Collects the steps of one action as the engine carries it out."""

    def __init__(self):
        self.steps: list[Step] = []

    def add(self, kind: str, description: str, *rules: str) -> None:
        self.steps.append(Step(kind, description, tuple(rules)))

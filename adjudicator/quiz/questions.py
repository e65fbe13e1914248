"""Questions from expectations: each recorded :class:`~.stepper.Moment` becomes at most one
:class:`Question` whose right answer is the engine's own verdict, with the engine's
explanation (reasons and procedure steps with rule IDs).

Kinds: ``yesno`` (may / may not / legal / illegal, card and player flags, game over),
``choice`` (who has priority, who is active, the winner, the phase or step, where a card
is), ``number`` (numeric properties, the turn), ``order`` (the steps of an action).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from ..core import scenario_ast as A
from ..core.game import Game
from ..core.position import TABLE, Position
from ..core.ruling import Ruling
from .board import render_board
from .stepper import Moment

YES = {"y", "yes", "да", "д", "true"}
NO = {"n", "no", "нет", "н", "false"}


@dataclass
class Question:
    kind: str  # "yesno" | "choice" | "number" | "order"
    prompt: str
    answer: object  # bool | option index | int | list of option indices in the right order
    options: list[str] = field(default_factory=list)
    board: list[str] = field(default_factory=list)
    context: list[str] = field(default_factory=list)  # the actions taken from the board shown
    explanation: list[str] = field(default_factory=list)
    source: str = ""  # FILE:LINE of the expectation
    title: str = ""
    generated: bool = True  # False when the scenario's own `question` text is the prompt

    def hint(self) -> str:
        return {"yesno": "yes or no", "choice": f"1-{len(self.options)} or the name",
                "number": "a number", "order": "the step numbers in order, e.g. " +
                " ".join(str(i) for i in range(1, len(self.options) + 1))}[self.kind]

    def parse(self, text: str):
        """The answer typed, in the answer's own terms; None if it cannot be understood."""
        text = text.strip()
        word = text.casefold()
        if self.kind == "yesno":
            return True if word in YES else False if word in NO else None
        if self.kind == "number":
            return int(word) if re.fullmatch(r"[+-]?\d+", word) else None
        if self.kind == "choice":
            if word.isdigit() and 1 <= int(word) <= len(self.options):
                return int(word) - 1
            hits = [i for i, o in enumerate(self.options) if o.casefold() == word]
            return hits[0] if hits else None
        numbers = re.findall(r"\d+", text)
        order = [int(n) - 1 for n in numbers]
        if sorted(order) != list(range(len(self.options))) or re.search(r"[^\d\s,;>-]", text):
            return None
        return order

    def is_right(self, parsed) -> bool:
        if self.kind == "order":  # same texts in the same order (two equal steps may swap)
            return [self.options[i] for i in parsed] == [self.options[i] for i in self.answer]  # type: ignore
        return parsed == self.answer

    def answer_text(self) -> str:
        if self.kind == "yesno":
            return "yes" if self.answer else "no"
        if self.kind == "choice":
            return self.options[self.answer]  # type: ignore[index]
        if self.kind == "order":
            return " ".join(str(i + 1) for i in self.answer)  # type: ignore[union-attr]
        return str(self.answer)


# ---- explanations ------------------------------------------------------------------


def _rules(ids) -> str:
    return f" [{', '.join(ids)}]" if ids else ""


def explain_ruling(ruling: Ruling | None, *, accepted_word="accepted") -> list[str]:
    if ruling is None:
        return []
    if not ruling.accepted:
        return ["rejected:"] + [f"  {r.show()}" for r in ruling.reasons]
    return [f"{accepted_word}:"] + [f"  {s.show()}" for s in ruling.steps]


def _explain_trace(entries, limit: int = 12) -> list[str]:
    out = []
    for entry in entries:
        verdict = "" if entry.kind == "advance" else (" (legal)" if entry.accepted else " (rejected)")
        out.append(f"{entry.statement}{verdict}")
        out += [f"  {r.show()}" for r in entry.reasons]
        steps = [f"  {s.show()}" for s in entry.steps]
        out += steps[:limit] + ([f"  … {len(steps) - limit} more steps"] if len(steps) > limit else [])
        if entry.detail:
            out.append(f"  stopped: {entry.detail}")
    return out


def _game_rules(game: Game, attr: str) -> list[str]:
    return list(getattr(game, attr, ()) or ())


# ---- building ------------------------------------------------------------------------


def _statement_text(st: A.Statement) -> str:
    if isinstance(st, A.ActionStmt):
        return f"{st.actor} {st.body.show()}"
    if isinstance(st, A.AdvanceStmt):
        return "advance to next turn" if st.kind == "turn" else f"advance to {st.kind} {st.target}"
    return ""


def _subject_name(position: Position, subject: A.Subject) -> str:
    if subject.quoted:
        return f'"{subject.text}"'
    if subject.text in position.labels and position.labels[subject.text] in position.copies:
        return f'"{position.copies[position.labels[subject.text]].name}" ({subject.text})'
    return subject.text


def build_question(moment: Moment, game: Game, rng: random.Random, title: str = "") -> Question | None:
    """The question for one moment, or None when this expectation cannot be asked about
    (the engine disagrees with the scenario, or the form has no question kind)."""
    if not moment.passed:
        return None
    st = moment.expectation
    q = _build(moment, game, rng, st)
    if q is None:
        return None
    q.source = f"{_short(st.pos.file)}:{st.pos.line}"
    q.title = title
    if moment.question:
        q.prompt, q.generated = moment.question, False
    return q


def _with_board(moment: Moment, *, current: bool, hide: str | None = None) -> dict:
    """The board and context: the position now (nothing listed), or the position before
    the actions that led here with those actions listed."""
    if current or not moment.group:
        return {"board": render_board(moment.position, hide=hide), "context": []}
    return {"board": render_board(moment.group_start), "context": [_statement_text(s) for s in moment.group]}


def _build(moment: Moment, game: Game, rng: random.Random, st: A.Expectation) -> Question | None:
    pos = moment.position
    if isinstance(st, A.ExpectMay):
        attempt = next((t for t in moment.check_trace if t.kind == "may"), None)
        if attempt is None:
            return None
        expl = (["the engine would accept it:"] + [f"  {s.show()}" for s in attempt.steps] if attempt.accepted
                else ["the engine would reject it:"] + [f"  {r.show()}" for r in attempt.reasons])
        return Question("yesno", f"May {st.actor} {st.body.show()} now?", bool(attempt.accepted),
                        explanation=expl, **_with_board(moment, current=True))
    if isinstance(st, (A.ExpectLegal, A.ExpectIllegal)):
        ruling, action = moment.ruling, moment.action
        if ruling is None or action is None:
            return None
        return Question("yesno", f"Is the last action legal: {_statement_text(action)}?", ruling.accepted,
                        explanation=explain_ruling(ruling), **_with_board(moment, current=False))
    if isinstance(st, A.ExpectOrder):
        return _order_question(moment, rng)
    if isinstance(st, A.ExpectTiming):
        return _timing_question(moment, game, st)
    if isinstance(st, A.ExpectWinner):
        players = list(pos.players)
        if pos.winner not in players:
            return None
        return Question("choice", "Who has won the game?", players.index(pos.winner), options=players,
                        explanation=_after(moment, game, "end_rules"), **_with_board(moment, current=False))
    if isinstance(st, A.ExpectGameOver):
        return Question("yesno", "Is the game over now?", bool(pos.game_over),
                        explanation=_after(moment, game, "end_rules"), **_with_board(moment, current=False))
    if isinstance(st, A.ExpectProp):
        return _prop_question(moment, game, st)
    if isinstance(st, A.ExpectIn):
        return _in_question(moment, game, st, rng)
    return None


def _after(moment: Moment, game: Game, rules_attr: str, extra: list[str] | None = None) -> list[str]:
    out = list(extra or [])
    out += _explain_trace(moment.group_trace)
    rules = _game_rules(game, rules_attr)
    if rules:
        out.append("rules: " + ", ".join(rules))
    return out


def _order_question(moment: Moment, rng: random.Random) -> Question | None:
    ruling = moment.ruling
    if ruling is None or not ruling.accepted:
        return None
    steps = [f"{s.kind}: {s.description}" for s in ruling.order_steps()]
    if len(set(steps)) < 2:
        return None
    shuffled = list(range(len(steps)))
    while shuffled == sorted(shuffled):
        rng.shuffle(shuffled)
    options = [steps[i] for i in shuffled]
    answer = [shuffled.index(i) for i in range(len(steps))]
    return Question("order", f"Put the steps of {_statement_text(moment.action)} in the order the rules "
                    "carry them out:", answer, options=options,
                    explanation=[f"  {s.show()}" for s in ruling.order_steps()],
                    **_with_board(moment, current=False))


def _timing_question(moment: Moment, game: Game, st: A.ExpectTiming) -> Question | None:
    pos = moment.position
    value = getattr(pos.timing, st.field)
    if value is None:
        return None
    where = _with_board(moment, current=False, hide=st.field)
    if not moment.group:
        where = _with_board(moment, current=True, hide=st.field)
    expl = _after(moment, game, "timing_rules", [f"the engine: {st.field} {value}"])
    if st.field == "turn":
        return Question("number", "What turn is it now?", int(value), explanation=expl, **where)
    if st.field in ("priority", "active"):
        players = list(pos.players)
        if value not in players:
            return None
        prompt = "Who has priority now?" if st.field == "priority" else "Whose turn (active player) is it now?"
        return Question("choice", prompt, players.index(value), options=players, explanation=expl, **where)
    options = list(game.phases) if st.field == "phase" else list(game.steps.get(pos.timing.phase, ()))
    if value not in options or len(options) < 2:
        return None
    return Question("choice", f"Which {st.field} is it now?", options.index(value), options=options,
                    explanation=expl, **where)


def _prop_question(moment: Moment, game: Game, st: A.ExpectProp) -> Question | None:
    pos = moment.position
    subject = st.subject
    copy = None
    if subject.quoted:
        named = pos.copies_named(subject.text)
        copy = named[0] if len(named) == 1 else None
        if copy is None:
            return None
    elif subject.text in pos.labels:
        copy = pos.copies.get(pos.labels[subject.text])
    try:
        value = (game.card_property(pos, copy, st.prop) if copy is not None
                 else game.player_property(pos, subject.text, st.prop))
    except (KeyError, LookupError):
        return None
    who = _subject_name(pos, subject)
    rules = list(game.property_rules(st.prop)) if hasattr(game, "property_rules") else []
    expl = _after(moment, game, "_none_", [f"the engine: {who} {st.prop} {_show(value)}"]
                  + ([f"rules: {', '.join(rules)}"] if rules else []))
    where = _with_board(moment, current=False)
    if isinstance(value, bool) and st.value is None:
        prompt = f"Is {who} {st.prop} now?" if copy is not None else f"Does {who} have {st.prop} now?"
        return Question("yesno", prompt, value, explanation=expl, **where)
    if isinstance(value, int) and not isinstance(value, bool) and st.value is not None and st.value.kind == "int":
        return Question("number", f"What is {who}'s {st.prop} now?", value, explanation=expl, **where)
    return None


def _short(file: str) -> str:
    """A file relative to the working folder when it lies inside it."""
    from pathlib import Path

    try:
        return str(Path(file).resolve().relative_to(Path.cwd()))
    except ValueError:
        return file


def _show(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "-".join(map(str, value))
    return str(value)


def _in_question(moment: Moment, game: Game, st: A.ExpectIn, rng: random.Random) -> Question | None:
    pos = moment.position
    if st.subject.quoted:
        named = pos.copies_named(st.subject.text)
        copy = named[0] if len(named) == 1 else None
    else:
        uid = pos.labels.get(st.subject.text)
        copy = pos.copies.get(uid) if uid is not None else None
    if copy is None:
        return None

    def place(owner: str, zone: str) -> str:
        return f"{owner} {zone}"

    right = place(copy.zone_owner, copy.zone)
    others = sorted({place(o, z) for (o, z), uids in pos.zones.items()} | {
        place(p, z) for p in pos.players for z, shape in game.zones.items() if shape == "plain"
        and z not in game.shared_zones} | {place(TABLE, z) for z in game.shared_zones if game.zones.get(z) == "plain"})
    others = [o for o in others if o != right]
    options = sorted(rng.sample(others, min(4, len(others))) + [right])
    expl = _after(moment, game, "zone_rules", [f"the engine: {_subject_name(pos, st.subject)} is in {right}"])
    return Question("choice", f"Where is {_subject_name(pos, st.subject)} now?", options.index(right),
                    options=options, explanation=expl, **_with_board(moment, current=False))

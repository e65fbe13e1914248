"""The expectation checker: one function per ``expect`` form.

A failed expectation records FILE:LINE, what was expected, what the engine found and the
rule IDs behind the engine's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import scenario_ast as A
from .errors import ScenarioError, suggestion_text
from .game import zone_owner_of
from .position import TABLE
from .ruling import Ruling

if TYPE_CHECKING:  # pragma: no cover
    from .runner import ScenarioRun


def _cites(cited: list[str], wanted: str) -> bool:
    from .. import rules as rules_ref

    return any(rules_ref.cites(c, wanted) for c in cited)


def _need_action(run: "ScenarioRun", st: A.Expectation) -> Ruling:
    if run.last_ruling is None:
        raise run.error("this expectation checks the action just above it, but no action comes before it",
                        st.pos)
    return run.last_ruling


def check_expectation(run: "ScenarioRun", st: A.Expectation) -> None:
    handler = _HANDLERS[type(st)]
    handler(run, st)


def _legal(run: "ScenarioRun", st: A.ExpectLegal) -> None:
    ruling = _need_action(run, st)
    if not ruling.accepted:
        run.pending_rejection = None  # reported here, not twice
        run.fail(st.pos, f"{ruling.action} to be legal", "rejected: " + ruling.reason_text(), ruling.reason_rules)


def _illegal(run: "ScenarioRun", st: A.ExpectIllegal) -> None:
    run._check_rule_ids(st.rules, st.rules_pos, st.pos)
    ruling = _need_action(run, st)
    if ruling.accepted:
        run.fail(st.pos, f"{ruling.action} to be {st.describe()}", "accepted (legal)", ruling.rules)
        return
    _check_reasons(run, st, ruling, st.rules, st.text, st.describe())


def _check_reasons(run, st, ruling: Ruling, rules, text, described: str) -> None:
    cited = ruling.reason_rules
    missing = [r for r in rules if not _cites(cited, r)]
    if missing:
        run.fail(st.pos, f"{described} (citing {', '.join(missing)})",
                 "rejected citing " + ", ".join(cited) + ": " + ruling.reason_text(), cited)
        return
    if text and not any(text.casefold() in r.text.casefold() for r in ruling.reasons):
        run.fail(st.pos, f'{described} (a reason containing "{text}")',
                 "rejected: " + ruling.reason_text(), cited)


def _may(run: "ScenarioRun", st: A.ExpectMay) -> None:
    run._check_rule_ids(st.rules, st.rules_pos, st.pos)
    actor = run._player_name(st.actor, st.pos)
    ruling = run.game.attempt(run.position, actor, st.body, run.lines)
    from .runner import TraceEntry

    run.result.trace.append(TraceEntry(st.pos.line, f"(would) {actor} {st.body.show()}", "may", ruling.accepted,
                                      list(ruling.steps), list(ruling.reasons)))
    if not st.negated:
        if not ruling.accepted:
            run.fail(st.pos, st.describe(), f"{actor} may not: " + ruling.reason_text(), ruling.reason_rules)
        return
    if ruling.accepted:
        run.fail(st.pos, st.describe(), f"{actor} may: the action would be accepted", ruling.rules)
        return
    _check_reasons(run, st, ruling, st.rules, None, st.describe())


def _order(run: "ScenarioRun", st: A.ExpectOrder) -> None:
    ruling = _need_action(run, st)
    steps = ruling.order_steps()
    shown = ", ".join(f'{s.kind} "{s.description}"' for s in steps) or "no steps"
    rules = ruling.rules
    if not ruling.accepted:
        run.fail(st.pos, st.describe(), "the action was rejected: " + ruling.reason_text(), ruling.reason_rules)
        return
    if len(steps) != len(st.steps):
        run.fail(st.pos, st.describe(), f"{len(steps)} steps: {shown}", rules)
        return
    for i, (want, got) in enumerate(zip(st.steps, steps), 1):
        if want.kind != got.kind or (want.text and want.text.casefold() not in got.description.casefold()):
            run.fail(st.pos, st.describe(), f"step {i} is {got.kind} \"{got.description}\"; all: {shown}", rules)
            return


def _timing(run: "ScenarioRun", st: A.ExpectTiming) -> None:
    t = run.position.timing
    value: Any = getattr(t, st.field)
    want = st.value
    if st.field in ("priority", "active"):
        run._player_name(str(want), st.pos)
    if st.field == "phase" and want not in run.game.phases:
        raise run.error(f"unknown phase '{want}' in {run.game.name}", st.pos,
                        suggestion_text(str(want), run.game.phases))
    if value != want:
        run.fail(st.pos, st.describe(), f"{st.field} {value if value is not None else 'none'}",
                 _timing_rules(run))


def _timing_rules(run: "ScenarioRun") -> list[str]:
    return list(getattr(run.game, "timing_rules", ()))


def _stack(run: "ScenarioRun", st: A.ExpectStack) -> None:
    names = tuple(item.source for item in reversed(run.position.stack))
    if names != st.names:
        found = "stack " + (", ".join(f'"{n}"' for n in names) if names else "empty")
        run.fail(st.pos, st.describe(), found, list(getattr(run.game, "stack_rules", ())))


def _winner(run: "ScenarioRun", st: A.ExpectWinner) -> None:
    run._player_name(st.name, st.pos)
    if run.position.winner != st.name:
        found = f"winner {run.position.winner}" if run.position.winner else (
            "the game is over with no winner" if run.position.game_over else "the game is not over")
        run.fail(st.pos, st.describe(), found, list(getattr(run.game, "end_rules", ())))


def _game_over(run: "ScenarioRun", st: A.ExpectGameOver) -> None:
    if run.position.game_over != st.over:
        run.fail(st.pos, st.describe(), "game over" if run.position.game_over else "game not over",
                 list(getattr(run.game, "end_rules", ())))


def _find_copy(run: "ScenarioRun", subject: A.Subject):
    """The copy an expectation names: a label, or the one copy of a quoted name."""
    position = run.position
    if not subject.quoted:
        if subject.text in position.labels:
            uid = position.labels[subject.text]
            if uid in position.copies:
                return position.copies[uid]
        return None
    named = position.copies_named(subject.text)
    if not named and subject.text in position.players:
        return None  # a quoted player name
    if not named:
        known = {c.name for c in position.all_copies()} | set(run.pool.names())
        if subject.text in known:
            raise run.error(f'"{subject.text}" is not in the game (no copy was ever declared)', subject.pos)
        raise run.error(f'unknown card "{subject.text}"', subject.pos, suggestion_text(subject.text, known))
    if len(named) > 1:
        places = {(c.zone_owner, c.zone) for c in named}
        raise ScenarioError(
            f'"{subject.text}" matches {len(named)} copies (in {", ".join(f"{o} {z}" for o, z in sorted(places))}); '
            "label the one you mean with 'as LABEL'", run.file, subject.pos.line, subject.pos.column,
            run.lines[subject.pos.line - 1])
    return named[0]


def _in(run: "ScenarioRun", st: A.ExpectIn) -> None:
    copy = _find_copy(run, st.subject)
    if copy is None:
        raise run.error(f"'{st.subject.text}' is not a label of any card", st.subject.pos,
                        suggestion_text(st.subject.text, run.position.labels))
    owner = run._player_name(st.owner, st.pos, allow_table=True)
    key = run.game.zone_key(st.zone, file=run.file, lines=run.lines)
    zone_owner = zone_owner_of(run.game, owner, st.zone.name)
    if (copy.zone_owner, copy.zone) != (zone_owner, key):
        run.fail(st.pos, st.describe(), f"{st.subject.show()} in {copy.zone_owner} {copy.zone}",
                 list(getattr(run.game, "zone_rules", ())))


def _prop(run: "ScenarioRun", st: A.ExpectProp) -> None:
    g, position = run.game, run.position
    copy = _find_copy(run, st.subject)
    if copy is None and st.subject.text == TABLE:
        _table_prop(run, st)
        return
    if copy is None and st.subject.text not in position.players:
        known = list(position.players) + list(position.labels)
        raise run.error(f"'{st.subject.text}' is neither a player nor a card label "
                        "(card names are quoted)", st.subject.pos, suggestion_text(st.subject.text, known))
    try:
        if copy is not None:
            value = g.card_property(position, copy, st.prop)
            known = g.known_card_properties()
        else:
            value = g.player_property(position, st.subject.text, st.prop)
            known = g.known_player_properties()
    except KeyError:
        known = g.known_card_properties() if copy is not None else g.known_player_properties()
        what = "card property" if copy is not None else "player property"
        raise run.error(f"unknown {what} '{st.prop}' in {g.name}", st.prop_pos,
                        suggestion_text(st.prop, known) or "known: " + ", ".join(known)) from None
    rules = list(g.property_rules(st.prop)) if hasattr(g, "property_rules") else []
    if st.value is None:
        truth = bool(value)
        if truth == st.negated:
            run.fail(st.pos, st.describe(), f"{st.subject.show()} {'' if truth else 'not '}{st.prop}"
                     + (f" ({_show(value)})" if not isinstance(value, bool) else ""), rules)
        return
    want = st.value.value
    if isinstance(value, list):  # keywords and the like: membership
        ok = any(str(v).casefold() == str(want).casefold() for v in value)
    elif isinstance(value, tuple) and isinstance(want, tuple):
        ok = value == want
    elif isinstance(value, str) and isinstance(want, str):
        ok = value.casefold() == want.casefold()
    else:
        ok = value == want
    if ok == st.negated:
        run.fail(st.pos, st.describe(), f"{st.subject.show()} {st.prop} {_show(value)}", rules)


def _table_prop(run: "ScenarioRun", st: A.ExpectProp) -> None:
    """``expect table discard 3``: the card count of a shared zone."""
    g = run.game
    plain = [z for z in sorted(g.shared_zones) if g.zones.get(z) == "plain"]
    if st.prop not in plain:
        raise run.error(f"'table' has no zone '{st.prop}' to count in {g.name}", st.prop_pos,
                        suggestion_text(st.prop, plain) or ("shared zones: " + ", ".join(plain) if plain else None))
    value = run.position.zone_size(TABLE, st.prop)
    want = st.value.value if st.value is not None else None
    ok = bool(value) if want is None else value == want
    if ok == st.negated:
        run.fail(st.pos, st.describe(), f"table {st.prop} {value}", list(getattr(g, "zone_rules", ())))


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "-".join(str(v) for v in value)
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "none"
    return str(value)


_HANDLERS = {
    A.ExpectLegal: _legal,
    A.ExpectIllegal: _illegal,
    A.ExpectMay: _may,
    A.ExpectOrder: _order,
    A.ExpectTiming: _timing,
    A.ExpectStack: _stack,
    A.ExpectWinner: _winner,
    A.ExpectGameOver: _game_over,
    A.ExpectIn: _in,
    A.ExpectProp: _prop,
}

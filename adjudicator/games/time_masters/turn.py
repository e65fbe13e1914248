"""The turn sequence (TM-TURN), the End phase (TM-END), game end (TM-GAMEEND) and ``advance``.

Priority model "phase steps": only the active mage acts; ``pass`` ends the current phase.
The End phase is begun by passing the Sphere-access phase (or by skipping, TM-SKIP); its
mandatory work — chain to discard, drawing, the game-end check — is done when the mage
passes it (or when ``advance`` goes past it), and then the next mage's turn begins with
its Timers phase.
"""

from __future__ import annotations

from typing import Callable

from ...core.game import AdvanceResult
from ...core.position import Position
from ...core.ruling import Step
from . import state as S
from .effects import draw

Record = Callable[..., None]  # record(kind, description, *rules)

PHASES = ("timers", "main", "access", "end")
PHASE_TITLES = {"timers": "Timers", "main": "Main", "access": "Sphere-access", "end": "End"}


def begin_phase(pos: Position, phase: str, rec: Record) -> None:
    pos.timing.phase, pos.timing.step = phase, None
    pos.timing.priority, pos.timing.passes = pos.timing.active, 0
    rec("timing", f"{pos.timing.active}'s {PHASE_TITLES[phase]} phase begins", "TM-TURN")


def finish_phase(pos: Position, rec: Record) -> None:
    """The current phase is over (the mage passed, or advance moved on): go to the next."""
    phase = pos.timing.phase
    if phase == "end":
        run_end_phase(pos, rec)
        if not pos.game_over:
            begin_turn(pos, rec)
        return
    begin_phase(pos, PHASES[PHASES.index(phase) + 1], rec)


def run_end_phase(pos: Position, rec: Record) -> None:
    me = pos.timing.active
    chain = [c.uid for c in pos.zone(me, "chain")]
    for uid in reversed(chain):
        pos.move(uid, me, "discard")
    rec("event", f"{len(chain)} knowledge card(s) of {me}'s chain go to the discard pile", "TM-END.1")
    limit, held = S.hand_limit(pos, me), pos.zone_size(me, "hand")
    wanted = max(limit - held, 0)
    got = draw(pos, me, wanted)
    under = S.extension_count(pos, me)
    short = f"; the deck held only {got}" if got < wanted else ""
    rec("event", f"{me} draws {got} card(s): up to {S.HAND_SIZE} less {under} card(s) under timers = "
        f"{limit}, holding {held}{short}", "TM-END.2")
    spent = pos.players[me].attrs.get("spent-time", 0)
    rec("note", f"{me}'s spent time ({spent}) is not restored", "TM-END.3")
    check_game_end(pos, rec)


def check_game_end(pos: Position, rec: Record) -> None:
    """TM-GAMEEND: two exhausted level stacks at the end of a turn end the game."""
    empty = S.empty_levels(pos)
    if len(empty) < 2:
        return
    pos.game_over = True
    levels = ", ".join(str(n) for n in empty)
    rec("event", f"the level stacks {levels} are exhausted: the game ends at the end of "
        f"{pos.timing.active}'s turn", "TM-GAMEEND.1")
    scores = {p: (S.victory_points(pos, p), S.time_left(pos, p)) for p in pos.players}
    shown = "; ".join(f"{p} {vp} VP, {t} time" for p, (vp, t) in scores.items())
    best_vp = max(vp for vp, _ in scores.values())
    leaders = [p for p, (vp, _) in scores.items() if vp == best_vp]
    if len(leaders) > 1:
        best_time = max(scores[p][1] for p in leaders)
        leaders = [p for p in leaders if scores[p][1] == best_time]
    if len(leaders) == 1:
        pos.winner = leaders[0]
        rec("event", f"{leaders[0]} wins ({shown})", "TM-GAMEEND.2")
    else:
        rec("event", f"no winner: {', '.join(leaders)} tie on VP and on time ({shown})", "TM-GAMEEND.2")


def begin_turn(pos: Position, rec: Record) -> None:
    t = pos.timing
    t.turn += 1
    t.active = pos.next_player(t.active)
    pos.memo["turn"] = {}
    S.turn_memo(pos)
    rec("timing", f"turn {t.turn}: {t.active}'s turn begins", "TM-TURN")
    begin_phase(pos, "timers", rec)
    full = S.pending_full_timers(pos, t.active)
    if full:
        names = ", ".join(c.show() for c in full)
        rec("note", f"{t.active} must extend or end each fully filled timer: {names}", "TM-TIMERS")


def advance(pos: Position, kind: str, target: str | None) -> AdvanceResult:
    """Take the do-nothing option (pass) until the target phase / the next turn begins."""
    pos = pos.clone()
    steps: list[Step] = []

    def rec(kind_: str, description: str, *rules: str) -> None:
        steps.append(Step(kind_, description, tuple(rules)))

    start_turn, moved = pos.timing.turn, False
    for _ in range(len(PHASES) * 4 + 4):
        if pos.game_over:
            return AdvanceResult(pos, steps, "the game is over (TM-GAMEEND)")
        if moved and _reached(pos, kind, target, start_turn):
            return AdvanceResult(pos, steps, None)
        if pos.timing.phase == "timers":
            stop = _settle_timers(pos, rec)
            if stop:
                return AdvanceResult(pos, steps, stop)
        rec("timing", f"{pos.timing.active} does nothing more: the {PHASE_TITLES[pos.timing.phase]} phase ends",
            "TM-TURN")
        finish_phase(pos, rec)
        moved = True
    raise AssertionError("advance did not reach its target")  # the phase cycle always does


def _reached(pos: Position, kind: str, target: str | None, start_turn: int) -> bool:
    if kind == "turn":
        return pos.timing.turn != start_turn
    return pos.timing.phase == target


def _settle_timers(pos: Position, rec: Record) -> str | None:
    """Full timers need a decision; with an empty hand ending is the only option, so take it."""
    me = pos.timing.active
    pending = S.pending_full_timers(pos, me)
    if not pending:
        return None
    if pos.zone_size(me, "hand") == 0:
        from .actions import end_timer  # the same procedure as the mage's own 'end'

        for timer in pending:
            rec("note", f"{me} has no card to extend {timer.show()} with: ending it is the only option",
                "TM-TIMERS.2")
            end_timer(pos, timer, rec, "TM-TIMERS.2")
            S.turn_memo(pos)["handled_timers"].append(timer.uid)
        return None
    names = ", ".join(c.show() for c in pending)
    return (f"{me} must choose for each fully filled timer ({names}) whether to extend it or end it "
            "(TM-TIMERS)")
